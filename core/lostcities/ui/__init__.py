"""The user interface of the games, as pure functions from game values to HTML.

The rules packages (``lostcities.card``, ...) never import this package:

* :mod:`lostcities.ui.games` -- everything a game provides, one typed entry per game;
* :mod:`lostcities.ui.html` -- shared markup: escaping, card faces, panels, home tiles;
* :mod:`lostcities.ui.card`, :mod:`lostcities.ui.roll`, :mod:`lostcities.ui.board` -- each
  game's renderer;
* :mod:`lostcities.ui.tutorial` -- the tutorials' schema, checks and runner;
* :mod:`lostcities.ui.embed` -- the embed's parameters, position codes, messages and lesson panel;
* :mod:`lostcities.ui.stats` -- statistics per game and level, their chart and page;
* :mod:`lostcities.ui.rules_summary` -- each game's rules in brief, and their page.
"""
