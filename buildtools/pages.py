"""The pages drawn at build time: what needs no live game, by the app's own renderers under CPython.

The home page, *Learn to play*, the rules summaries and each game's new-game form are the markup the
app draws once Python runs (``web/main.py`` draws them with the same functions of
``web/catalogue.py``; each game's form comes from its :class:`screen.Screen` mounted on a
:class:`memory_host.MemoryHost` with empty storage), so the built ``index.html`` is readable and usable
at its first paint and Python's own drawing changes nothing on screen.  The embed's posters are a
built-in tutorial's first position, drawn by the embedded screen the same way.

Every page is drawn in every language of the catalogs (:func:`lostcities.i18n.languages`): English into
``<main>`` and the templates of ``data-lang="en"``, each other language into templates of its own
``data-lang`` (its home page too, as the template of the route ``""``).  ``web/page.js`` picks the
language as ``web/main.py`` does (``?lang=``, else the choice remembered in the browser, else the
browser's languages) before the first paint and shows that language's template: the site needs no
server to negotiate a language, works offline and under any path, and a language link (``?lang=de``)
works before Python runs.  The embed's posters are drawn in every language too (``de/<id>``: web/embed.js
fetches the one of the frame's language), and so are the words web/embed.js writes before Python runs
and the web app manifest's description (:attr:`Drawn.embed_words`, :attr:`Drawn.manifests`).

Nothing here touches a page: :func:`drawn` returns strings, :mod:`buildtools.pipeline` writes them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
import importlib
import json
import re
import sys
import types
import typing

from buildtools import machine

ROOT = machine.ROOT


@dataclasses.dataclass(frozen=True)
class Route:
    """A page of the app drawn at build time: ``#<route>``'s content of ``<main id="app">``, the top bar's
    trail after *Lost Cities*, and the game whose save, when one is stored, means the engine is needed
    (the screen continues it)."""

    route: str
    content: str
    crumb: str
    game: str = ""
    lang: str = "en"
    """The language it is drawn in."""


@dataclasses.dataclass(frozen=True)
class Drawn:
    home: str
    """The home page's content in English (no game in progress: ``web/page.js`` turns *Play* into *Continue*);
    the other languages' home pages are routes ``""`` of their language."""
    routes: tuple[Route, ...]
    save_formats: dict[str, str]
    """Each game's save ``format`` (what ``web/page.js`` checks before it says *Continue*)."""
    posters: dict[str, str]
    """The embed's first paint of each built-in tutorial (``<id>`` in English, ``<lang>/<id>`` in another
    language -> the content of ``<main id="app">``)."""
    words: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    """The words ``web/page.js`` writes itself, per language (``continue``, ``badge``, ``starting``)."""
    embed_words: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    """The words ``web/embed.js`` writes itself, per language (:func:`lostcities.ui.embed.first_paint_words`)."""
    manifests: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    """The web app manifest's texts per language (``lang``, ``description``)."""
    tutorials: dict[str, dict[str, dict[str, str]]] = dataclasses.field(default_factory=dict)
    """Each built-in tutorial's title and summary line per language (``web/tutorials.json``)."""
    noscript: dict[str, str] = dataclasses.field(default_factory=dict)
    """Each entry page's ``<noscript>`` in every language (:func:`lostcities.ui.html.noscript`)."""


@contextlib.contextmanager
def app_modules() -> typing.Iterator[types.SimpleNamespace]:
    """The core and web/'s page-free modules, imported from the sources (then forgotten again, so a
    later import in this process sees nothing of them)."""
    before = set(sys.modules)
    sys.path[:0] = [str(ROOT / "core"), str(ROOT / "web")]
    try:
        names = ("catalogue", "screen", "memory_host", "embed_screen", "lostcities", "lostcities.session",
                 "lostcities.i18n", "lostcities.ui.html", "lostcities.ui.embed", "lostcities.ui.tutorial",
                 "lostcities.ui.rules_summary")
        found = {name.rsplit(".", 1)[-1]: importlib.import_module(name) for name in names}
        yield types.SimpleNamespace(**found)
    finally:
        del sys.path[:2]
        for name in set(sys.modules) - before:
            del sys.modules[name]


REGION = '(<(\\w+)\\b[^>]*\\sdata-region="{name}"[^>]*>)(</\\2>)'


def page_of(root: typing.Any) -> str:
    """A :class:`memory_host.MemoryRoot` as the page holds it: the shell with every region's markup in
    its place and the root's ``data-*`` attributes and classes on its element."""
    text = str(root.shell)
    for name, inner in root.regions.items():
        found = re.search(REGION.format(name=re.escape(name)), text)
        if found is None:
            raise machine.BuildError(f"the screen drew the region {name!r}, which its page does not hold")
        text = text[:found.end(1)] + inner + text[found.start(3):]
    head = re.match(r"<(\w+)([^>]*)>", text)
    if head is None:
        raise machine.BuildError("a screen's shell does not start with its element")
    attrs = head.group(2)
    for name, value in root.data.items():
        attrs = re.sub(rf'\sdata-{re.escape(name)}="[^"]*"', "", attrs) + f' data-{name}="{html.escape(value)}"'
    if root.classes:
        found = re.search(r'\sclass="([^"]*)"', attrs)
        classes = " ".join([*(found.group(1).split() if found else []), *sorted(root.classes)])
        attrs = (attrs.replace(found.group(0), f' class="{classes}"') if found else f' class="{classes}"' + attrs)
    return f"<{head.group(1)}{attrs}>" + text[head.end():]


def routes_of(m: types.SimpleNamespace, lang: str) -> list[Route]:
    """Every route of the app drawn at build time, in the current language ``lang``."""
    games = m.catalogue.GAMES
    crumb = m.html.crumb
    _ = m.i18n._
    routes = [Route("learn", m.catalogue.learn_page("", {}), crumb(_("Learn to play")), lang=lang),
              Route("loading", m.html.loading(), "", lang=lang),
              # In another page's frame (web/page.js puts the page's own address in its link).
              Route("framed", m.html.framed("./index.html"), "", lang=lang)]
    if lang != m.i18n.SOURCE:  # English's home page is <main>'s content
        home = m.catalogue.home_page(lambda name: False, version=m.lostcities.__version__, seed=None)
        routes.append(Route("", home, "", lang=lang))
    for game in games:
        name, cls = game.entry.name, game.entry.game
        routes.append(Route(f"learn/{name}", m.catalogue.learn_page(name, {}), crumb(_("Learn to play")), lang=lang))
        routes.append(Route(f"rules/{name}", m.rules_summary.page(game.entry.summary),
                            crumb(_("Rules: {game}").format(game=m.html.short_title(cls))), lang=lang))
        host = m.memory_host.MemoryHost(storage={}, seed=None)
        scr = m.screen.Screen(game.adapter(), host)
        scr.mount()
        if scr.mode != "setup" or host.notices:
            raise machine.BuildError(f"{name}'s screen opened {scr.mode!r}, not its new-game form")
        routes.append(Route(name, page_of(host.root), crumb(m.html.short_title(cls)), game=name, lang=lang))
    return routes


def drawn() -> Drawn:
    """Every page of :class:`Drawn`, drawn now."""
    with app_modules() as m:
        games = m.catalogue.GAMES
        routes: list[Route] = []
        words, embed_words, manifests = {}, {}, {}
        posters: dict[str, str] = {}
        tutorials: dict[str, dict[str, dict[str, str]]] = {}
        for lang in m.i18n.languages():
            with m.i18n.using(lang):
                routes += routes_of(m, lang)
                words[lang] = {"continue": m.i18n._("Continue"), "badge": m.i18n._("game in progress"),
                               "starting": m.i18n._(m.html.STARTING)}
                embed_words[lang] = m.embed.first_paint_words()
                manifests[lang] = {"lang": lang, "description": m.i18n._(m.html.MANIFEST_DESCRIPTION)}
                prefix = "" if lang == m.i18n.SOURCE else f"{lang}/"
                posters |= {prefix + ident: poster for ident, poster in posters_of(m).items()}
                for tut in m.tutorial.tutorials().values():
                    count = len(tut.steps)
                    steps = m.i18n.ngettext("({count} step)", "({count} steps)", count).format(count=count)
                    tutorials.setdefault(tut.id, {})[lang] = {
                        "title": m.i18n._(tut.title), "line": f"{m.i18n._(tut.summary)} {steps}"}
        home = m.catalogue.home_page(lambda name: False, version=m.lostcities.__version__, seed=None)
        formats = {game.entry.name: m.session.save_format(game.entry.name) for game in games}
        noscript = {page: m.html.noscript(page, m.i18n.languages()) for page in m.html.NOSCRIPT}
    return Drawn(home, tuple(routes), formats, posters, words, embed_words, manifests, tutorials, noscript)


def posters_of(m: types.SimpleNamespace) -> dict[str, str]:
    """The embed's first paint of each built-in tutorial of a playable game, in the current language."""
    posters = {}
    playable = {game.entry.name: game for game in m.catalogue.GAMES}
    for tut in m.tutorial.tutorials().values():
        if tut.game not in playable:
            continue
        host = m.memory_host.MemoryHost(storage={}, seed=None)
        config = m.embed.Config.from_query({"tut": tut.id})
        scr = m.embed_screen.EmbeddedScreen(playable[tut.game].adapter(), host, config, lambda message: None)
        scr.mount()
        posters[tut.id] = page_of(host.root)
    return posters


def embed_words(pages: Drawn) -> str:
    """The words of :attr:`Drawn.embed_words` as ``embed.html`` holds them for web/embed.js: a hidden element
    with the languages and, per language, its words as JSON in an attribute."""
    said = "".join(f" data-words-{html.escape(lang)}=\"{html.escape(json.dumps(words, ensure_ascii=False))}\""
                   for lang, words in pages.embed_words.items())
    return f'<div hidden id="lc-embed-words" data-languages="{html.escape(",".join(pages.embed_words))}"{said}></div>'


def manifest(english: str, texts: typing.Mapping[str, str]) -> str:
    """The web app manifest ``english`` (its JSON text) in the language of ``texts`` (``lang``, ``description``):
    the same app (its ``id``, start and scope), its description in that language."""
    data = json.loads(english)
    data.update(texts)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def templates(pages: Drawn) -> str:
    """The routes as ``<template>`` elements of index.html (``web/page.js`` shows the one of the address)."""
    parts = []
    for route in pages.routes:
        game = f' data-game="{html.escape(route.game)}"' if route.game else ""
        parts.append(f'  <template data-route="{html.escape(route.route)}" data-lang="{html.escape(route.lang)}" '
                     f'data-crumb="{html.escape(route.crumb)}"{game}>{route.content}</template>\n')
    formats = ",".join(f"{name}={value}" for name, value in pages.save_formats.items())
    words = "".join(f' data-{key}-{html.escape(lang)}="{html.escape(text)}"'
                    for lang, said in pages.words.items() for key, text in said.items())
    return (f'  <div hidden id="lc-pages" data-save-formats="{html.escape(formats)}" '
            f'data-languages="{html.escape(",".join(pages.words))}"{words}></div>\n' + "".join(parts))
