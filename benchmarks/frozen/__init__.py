"""Frozen copies of earlier computer players, the baselines the strength benchmarks measure against.

* ``card_hard_s19`` -- the card game's bots as of session 19 (commit 81a8d5c), with
  ``search_s19``, the search they used.  The copies are byte for byte the files of that
  commit but for one import line (``search`` from here), so that later changes to
  ``lostcities.search`` cannot change the baseline.
"""
