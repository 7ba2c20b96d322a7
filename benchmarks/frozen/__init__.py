"""Frozen copies of earlier computer players, the baselines the strength benchmarks measure against.

* ``card_hard_s19`` -- the card game's bots as of session 19 (commit 81a8d5c), with
  ``search_s19``, the search they used.  The copies are byte for byte the files of that
  commit but for one import line (``search`` from here), so that later changes to
  ``lostcities.search`` cannot change the baseline.
* ``board_hard_s23`` -- the board game's bots as of session 23 (commit 06d8b8e), with
  ``search_s23``, the search they used; byte for byte the files of that commit but for
  the import of ``search`` (from here).  ``benchmarks/ai_board.py`` seats its hard bot as
  the level ``frozen``.
* ``roll_hard_s25`` -- Roll & Write's bots as of session 25 (commit 8753c06), with
  ``search_s23`` (the same file as the search of that commit); byte for byte the file of
  that commit but for the import of ``search`` (from here).  ``benchmarks/ai_roll.py
  --solo`` plays it as ``main`` (session 25's hard) and, with the two-player weights,
  confidence and whole-game play-outs, as ``before`` (session 21's hard, the baseline).
"""
