"""The site's pipeline: from the pinned runtimes, ``core/`` and ``web/`` to ``dist/``.

:func:`build` is the list of steps; each is skipped when its inputs have not changed (their results
are cached in ``.cache/``), so a second build takes seconds.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import pathlib
import re
import shutil
import sys
import time
import typing

import filelock

from buildtools import bytecode, catalogs, compress, icons, machine, pages, snapshot

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"

RUNTIME_WHEELS: dict[str, tuple[str, str]] = {
    # package name -> (wheel file, sha256).  The versions are the ones Pyodide's
    # own pyodide-lock.json names; the files are the registry's wheels.
    "micropip": (
        "micropip-0.11.1-py3-none-any.whl",
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    ),
    "packaging": (
        "packaging-26.1-py3-none-any.whl",
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f",
    ),
}

ENTRY_PAGES: dict[str, str | None] = {
    # page of the built site -> its source and its Python entry point (None: a page without Python)
    "index.html": "main.py",
    "engine-page.html": "main.py",
    "embed.html": None,
    "embed-demo.html": None,
}
"""The site's pages: ``index.html`` is the repository's own; the others live in ``web/`` and
are placed beside it.  ``engine-page.html`` is ``index.html`` with Python on the page (PyScript,
``?engine=page``, where web/boot.js sends it), the one page whose policy allows ``'unsafe-eval'``.
Each gets the style sheets; their entry points stay out of Python's file system (PyScript runs
them as the page's script)."""

EARLY_STYLES: typing.Final = ("style.css", "embed.css")
"""The sheets the embed's first paint links itself; the others come with the engine."""

ROOT, DIST, CACHE, NODE_MODULES = machine.ROOT, machine.DIST, machine.CACHE, machine.NODE_MODULES


def web_files() -> list[pathlib.Path]:
    return sorted(p for p in (ROOT / "web").rglob("*") if p.is_file() and "__pycache__" not in p.parts)


ENGINES: typing.Final = {"index.html": ("worker", ""), "engine-page.html": ("page", " 'unsafe-eval'")}
"""The app's two pages from one source: where its engine runs, and what that adds to ``script-src``
(PyScript 0.7.31 assembles its start-up hooks with ``Function()``; the worker's page evaluates no text)."""


def page_source(name: str) -> pathlib.Path:
    return ROOT / "index.html" if name in ENGINES else ROOT / "web" / name


def copy(src: pathlib.Path, dst: pathlib.Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


# -- inputs -----------------------------------------------------------------------------------------


def install_runtimes() -> None:
    """``npm ci`` from package-lock.json, skipped when the lock file is unchanged."""
    stamp = NODE_MODULES / ".lostcities-lock.sha256"
    wanted = machine.sha256_file(ROOT / "package-lock.json")
    if stamp.exists() and stamp.read_text() == wanted:
        return
    machine.log("installing the pinned Pyodide and PyScript (npm ci)")
    machine.run([machine.ensure_npm(), "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"])
    for name, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        found = json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
        if found != version:
            raise machine.BuildError(f"{name} is {found}, expected the pinned {version}")
    stamp.write_text(wanted)


def fetch_runtime_wheels() -> dict[str, pathlib.Path]:
    """micropip and packaging wheels, downloaded once and checked against their hashes."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    paths = {}
    missing = []
    for name, (filename, digest) in RUNTIME_WHEELS.items():
        locked = lock["packages"][name]
        if locked["file_name"] != filename:
            raise machine.BuildError(f"Pyodide's lock file names {locked['file_name']}, build.py pins {filename}")
        path = folder / filename
        if not (path.exists() and machine.sha256_file(path) == digest):
            missing.append(name)
        paths[name] = path
    if missing:
        requirements = CACHE / "runtime-wheels.txt"
        requirements.write_text("".join(
            f"{name}=={RUNTIME_WHEELS[name][0].split('-')[1]} --hash=sha256:{RUNTIME_WHEELS[name][1]}\n"
            for name in missing
        ))
        machine.run([str(machine.ensure_venv()), "-m", "pip", "download", "--quiet", "--no-deps",
                     "--only-binary=:all:", "--python-version", bytecode.PYODIDE_PYTHON, "--require-hashes",
                     "-r", str(requirements), "-d", str(folder)])
    for name, path in paths.items():
        if machine.sha256_file(path) != RUNTIME_WHEELS[name][1]:
            raise machine.BuildError(f"{path.name} does not match its pinned hash")
    return paths


def core_version() -> str:
    for line in (ROOT / "core" / "lostcities" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=")[1].strip().strip("\"'")
    raise machine.BuildError("core/lostcities/__init__.py has no __version__")


def build_core_wheel() -> pathlib.Path:
    """The ``lostcities`` wheel, rebuilt only when core/ or pyproject.toml changed."""
    folder = CACHE / "core-wheel"
    catalogs.compile_all()  # the .mo files the wheel ships (hatch's ``artifacts``: they are not checked in)
    sources = [p for p in (ROOT / "core").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    sources += [ROOT / "pyproject.toml", ROOT / "README.md"]
    digest = bytecode.tree_digest(sources)
    wheel = folder / f"lostcities-{core_version()}-py3-none-any.whl"
    stamp = folder / "sources.sha256"
    if wheel.exists() and stamp.exists() and stamp.read_text() == digest:
        return wheel
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    machine.log("building the core wheel")
    machine.run([str(machine.ensure_venv()), "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                 "--disable-pip-version-check", "-w", str(folder), str(ROOT)])
    if not wheel.exists():
        raise machine.BuildError(f"the core wheel {wheel.name} was not produced")
    stamp.write_text(digest)
    return wheel


def site_lock(wheels: dict[str, pathlib.Path]) -> dict[str, typing.Any]:
    """Pyodide's lock file reduced to the wheels the site ships, with their real hashes."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    packages = {}
    for name, path in wheels.items():
        entry = dict(lock["packages"][name])
        entry["file_name"] = path.name
        entry["sha256"] = machine.sha256_file(path)
        packages[name] = entry
    return {"info": lock["info"], "packages": packages}


def tutorial_index() -> str:
    """``web/tutorials.json``: every built-in tutorial's title, summary, game and step
    count, for the embed's first paint before Python starts (read from the core)."""
    sys.path.insert(0, str(ROOT / "core"))
    try:
        tutorial = importlib.import_module("lostcities.ui.tutorial")
    finally:
        sys.path.pop(0)
    index = {t.id: {"game": t.game, "title": t.title, "summary": t.summary, "steps": len(t.steps)}
             for t in tutorial.tutorials().values()}
    return json.dumps(index, indent=1, ensure_ascii=False)


def web_modules() -> dict[str, bytes]:
    """web/'s Python modules but the pages' entry points, by path under web/: PyScript's ``files``."""
    web = ROOT / "web"
    entries = {entry for entry in ENTRY_PAGES.values() if entry}
    return {p.relative_to(web).as_posix(): p.read_bytes() for p in web_files()
            if p.suffix == ".py" and p.relative_to(web).as_posix() not in entries}


# -- the site ---------------------------------------------------------------------------------------


@dataclasses.dataclass
class Site:
    """What the assembly of dist/ reads, and what its steps hand on to the next ones."""

    folder: pathlib.Path
    core_wheel: pathlib.Path
    runtime_wheels: dict[str, pathlib.Path]
    stdlib: pathlib.Path
    icons: dict[str, pathlib.Path]
    web_bytecode: dict[str, bytes]
    modules: list[str] = dataclasses.field(default_factory=list)
    """web/'s modules but the entry points, by path under web/."""
    files: list[str] = dataclasses.field(default_factory=list)
    """The modules and their bytecode (PyScript's ``files``)."""
    snapshot: str = ""


def build_tools() -> list[pathlib.Path]:
    return [ROOT / "build.py", *sorted((ROOT / "buildtools").glob("*.py"))]


def inputs_digest(*inputs: pathlib.Path) -> str:
    """A digest of everything :func:`assemble` reads: an unchanged one means dist/ is current."""
    digest = hashlib.sha256()
    sources = [ROOT / "index.html", ROOT / "package-lock.json", *build_tools(), *inputs, *web_files()]
    digest.update(tutorial_index().encode())
    for path in sources:
        digest.update(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def assemble(core_wheel: pathlib.Path, runtime_wheels: dict[str, pathlib.Path]) -> None:
    """Write dist/ anew, unless it was assembled from the same inputs (then nothing is written,
    so a build while another process serves dist/, as parallel test workers do, changes nothing)."""
    stdlib = bytecode.compile_stdlib()
    site_wheel, web_bytecode = bytecode.compile_app(core_wheel, web_modules())
    drawn = icons.make_icons()
    stamp = CACHE / "dist.sha256"
    digest = inputs_digest(site_wheel, *runtime_wheels.values(), stdlib, *drawn.values())
    if (DIST / "index.html").exists() and stamp.exists() and stamp.read_text() == digest:
        return
    stamp.unlink(missing_ok=True)
    staging = ROOT / "dist.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    site = Site(staging, site_wheel, runtime_wheels, stdlib, drawn, web_bytecode)
    for step in ASSEMBLY:
        step(site)
    shutil.rmtree(DIST, ignore_errors=True)
    staging.rename(DIST)
    stamp.write_text(digest)


def copy_runtimes(site: Site) -> None:
    """Pyodide (its compiled standard library, the micropip and packaging wheels and a lock file
    naming exactly those) and PyScript's modules and styles."""
    pyodide = site.folder / "pyodide"
    for name in snapshot.PYODIDE_FILES:
        copy(NODE_MODULES / "pyodide" / name, pyodide / name)
    copy(site.stdlib, pyodide / bytecode.STDLIB_ZIP)
    for path in site.runtime_wheels.values():
        copy(path, pyodide / path.name)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(site_lock(site.runtime_wheels), indent=1))
    for path in pyscript_dist().iterdir():
        if path.suffix in (".js", ".css"):
            copy(path, site.folder / "pyscript" / path.name)


def copy_app(site: Site) -> None:
    """The core wheel, web/ (but the pages, which are filled in), the icons and the tutorials' index."""
    copy(site.core_wheel, site.folder / "wheels" / site.core_wheel.name)
    pages = {page_source(name) for name in ENTRY_PAGES}
    for path in web_files():
        if path not in pages:
            copy(path, site.folder / path.relative_to(ROOT))
    for name, path in site.icons.items():
        copy(path, site.folder / "web" / name)
    (site.folder / "web" / "tutorials.json").write_text(tutorial_index())


def write_config(site: Site) -> None:
    """web/pyscript.json with the core wheel in ``packages`` and every module of web/ but the entry
    points, with its bytecode beside it (written by Pyodide's Python), in ``files``.  Subfolders keep
    their place, so packages under web/ import as they do under CPython."""
    config = json.loads((ROOT / "web" / "pyscript.json").read_text())
    config["packages"] = [f"../wheels/{site.core_wheel.name}"]
    site.modules = sorted(web_modules())
    for name, data in site.web_bytecode.items():
        (site.folder / "web" / name).parent.mkdir(parents=True, exist_ok=True)
        (site.folder / "web" / name).write_bytes(data)
    site.files = site.modules + sorted(site.web_bytecode)
    config["files"] = {f"./{name}": f"./{name}" for name in site.files}
    (site.folder / "web" / "pyscript.json").write_text(json.dumps(config, indent=1))


def make_snapshot(site: Site) -> None:
    site.snapshot = snapshot.make_snapshot(site.folder, site.core_wheel, site.files)


def write_interpreter(site: Site) -> None:
    """web/interpreter.mjs (the module PyScript loads Pyodide through) with the config's packages
    (its early start installs them) and the start-up snapshot's file; web/engine.mjs (the engine's
    Web Worker) with the snapshot's file."""
    path = site.folder / "web" / "interpreter.mjs"
    packages = [f"../wheels/{site.core_wheel.name}"]
    path.write_text(fill(path.read_text(), {'"__SNAPSHOT__"': json.dumps(f"./{site.snapshot}"),
                                            '"__PACKAGES__"': json.dumps(json.dumps(packages))}))
    # The engine's Web Worker (web/view.js starts it) restores the same snapshot.
    worker = site.folder / "web" / "engine.mjs"
    worker.write_text(fill(worker.read_text(), {'"__SNAPSHOT__"': json.dumps(f"./{site.snapshot}")}))


def pyscript_dist() -> pathlib.Path:
    return NODE_MODULES / "@pyscript" / "core" / "dist"


def pyscript_chunks(pyscript: pathlib.Path) -> list[str]:
    """The modules ``pyscript/core.js`` imports statically (its hashed chunks): preloaded with it."""
    text = (pyscript / "core.js").read_text()
    names = sorted({part.split('"')[0] for part in text.split('from"./')[1:]}
                   | {part.split('"')[0] for part in text.split('import"./')[1:]})
    return [name for name in names if (pyscript / name).is_file()]


def preloads(core_wheel: pathlib.Path, entry: str, chunks: list[str], files: list[str],
             snapshot: str) -> list[tuple[str, str]]:
    """What a page's start fetches, as (rel, href) pairs, announced together (by web/boot.js) so the
    downloads run in parallel instead of one after another: PyScript's modules and config,
    Pyodide's modules, wasm, lock file and standard library, the start-up snapshot, the core wheel
    and the app's Python files.  "as" and "crossorigin" match the requests made (``fetch()`` and module imports from
    the site itself), so each file is downloaded once."""
    links = [("modulepreload", "./pyscript/core.js"), *(("modulepreload", f"./pyscript/{c}") for c in chunks),
             ("preload", "./web/pyscript.json"),
             ("modulepreload", "./web/interpreter.mjs"),
             ("modulepreload", "./pyodide/pyodide.mjs"), ("modulepreload", "./pyodide/pyodide.asm.mjs"),
             ("preload", "./pyodide/pyodide.asm.wasm"), ("preload", "./pyodide/pyodide-lock.json"),
             ("preload", f"./pyodide/{bytecode.STDLIB_ZIP}"), ("preload", f"./web/{snapshot}"),
             ("preload", f"./wheels/{core_wheel.name}"),
             ("preload", f"./web/{entry}")]
    return links + [("preload", f"./web/{name}") for name in files]


MARKER = re.compile(r"<!--([A-Z-]+)-->|\"__([A-Z]+)__\"|__([A-Z_]+)__")


def fill(text: str, values: dict[str, str]) -> str:
    """``text`` with each placeholder of ``values`` replaced; a build error for a placeholder left
    in ``text`` that the build does not fill (a page and the build disagree).

    >>> fill('<html data-x="<!--X-->">', {"<!--X-->": "1"})
    '<html data-x="1">'
    >>> fill("<!--X--> <!--Y-->", {"<!--X-->": "1"})
    Traceback (most recent call last):
    ...
    buildtools.machine.BuildError: a placeholder the build does not fill: <!--Y-->
    """
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    left = MARKER.search(text)
    if left:
        raise machine.BuildError(f"a placeholder the build does not fill: {left.group(0)}")
    return text


def write_pages(site: Site) -> None:
    """The pages, with their style sheets (linked, or listed for a page that loads them later: the
    embed, after its first paint), the list of what their start fetches (announced by web/boot.js:
    after the first paint, the embed on Play) and what the build draws of them
    (:mod:`buildtools.pages`): index.html's home page and the templates of its other pages, and
    the embed's posters (``web/posters/<tutorial>.html``, ``web/posters/<lang>/<tutorial>.html`` in another
    language, fetched by web/embed.js before Play) and the words web/embed.js writes in each language; the
    tutorials' index with their titles in each language; a web app manifest per language
    (``web/manifest.<lang>.webmanifest``: web/page.js links the one of the page's language)."""
    styles = [p.name for p in web_files() if p.suffix == ".css"]
    linked = "".join(f'  <link rel="stylesheet" href="./web/{name}">\n' for name in styles)
    late = ",".join(f"./web/{name}" for name in styles if name not in EARLY_STYLES)
    chunks = pyscript_chunks(pyscript_dist())
    drawn = pages.drawn()
    for name, entry in ENTRY_PAGES.items():
        links = preloads(site.core_wheel, entry, chunks, site.modules, site.snapshot) if entry else []
        values = {"<!--PRELOAD-LIST-->": ",".join(f"{rel} {href}" for rel, href in links),
                  "  <!--STYLES-->\n": linked, "<!--STYLE-LIST-->": late,
                  "<!--NOSCRIPT-->": drawn.noscript.get(page_source(name).name, "")}
        if name in ENGINES:
            engine, evaluates = ENGINES[name]
            values |= {"<!--HOME-->": drawn.home, "<!--PAGES-->": pages.templates(drawn),
                       "<!--ENGINE-->": engine, " <!--EVAL-->": evaluates}
        if name == "embed.html":
            values |= {"<!--EMBED-WORDS-->": pages.embed_words(drawn)}
        (site.folder / name).write_text(fill(page_source(name).read_text(), values))
    for ident, poster in drawn.posters.items():
        path = site.folder / "web" / "posters" / f"{ident}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(poster)
    index = json.loads((site.folder / "web" / "tutorials.json").read_text())
    for ident, titles in drawn.tutorials.items():
        if ident in index:
            index[ident]["texts"] = titles
    (site.folder / "web" / "tutorials.json").write_text(json.dumps(index, indent=1, ensure_ascii=False))
    english = (ROOT / "web" / "manifest.webmanifest").read_text()
    for lang, said in drawn.manifests.items():
        if lang != "en":
            (site.folder / "web" / f"manifest.{lang}.webmanifest").write_text(pages.manifest(english, said))


def write_service_worker(site: pathlib.Path | Site) -> None:
    """sw.js precaches every file of the site under a cache named after their content
    (precompressed copies aside: the server picks one when the browser accepts it)."""
    folder = site.folder if isinstance(site, Site) else site
    template = (folder / "web" / "sw.template.js").read_text()
    (folder / "web" / "sw.template.js").unlink()
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "sw.js" and not compress.is_variant(p))
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(folder)).encode())
        digest.update(machine.sha256_file(path).encode())
    urls = ["./"] + [f"./{p.relative_to(folder).as_posix()}" for p in files]
    (folder / "sw.js").write_text(fill(template, {"__BUILD_ID__": digest.hexdigest()[:16],
                                                  "__PRECACHE__": json.dumps(urls, indent=1)}))


ASSEMBLY: tuple[typing.Callable[[Site], None], ...] = (
    copy_runtimes, copy_app, write_config, make_snapshot, write_interpreter, write_pages, write_service_worker)
"""The steps that write dist/ (into a staging folder that then takes its place), in order."""


def build(quality: int = compress.QUICK) -> pathlib.Path:
    """Build the whole site into dist/ and return its path: one build at a time on this checkout
    (parallel test workers each build before they serve dist/).  ``quality``: brotli's, for files
    whose best variant is not cached yet."""
    with filelock.FileLock(CACHE / "build.lock"):
        started = time.perf_counter()
        install_runtimes()
        runtime_wheels = fetch_runtime_wheels()
        core_wheel = build_core_wheel()
        assemble(core_wheel, runtime_wheels)
        compress.precompress(DIST, quality)
        size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file() and not compress.is_variant(p))
        machine.log(f"built {DIST} ({size / 1e6:.1f} MB) in {time.perf_counter() - started:.1f} s")
    return DIST
