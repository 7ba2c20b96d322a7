"""Frozen copies of earlier computer players, the baselines the strength benchmarks measure against.

* ``card_hard_s19`` -- the card game's bots as of session 19 (commit 81a8d5c), with
  ``search_s19``, the search they used.  The copies are byte for byte the files of that
  commit but for one import line (``search`` from here), so that later changes to
  ``lostcities.search`` cannot change the baseline.
* ``board_hard_s23`` -- the board game's bots as of session 23 (commit 06d8b8e), with
  ``search_s23``, the search they used; byte for byte the files of that commit but for
  the import of ``search`` (from here).  ``benchmarks/ai_board.py`` seats its hard bot as
  the level ``frozen``.
"""
