"""The tools behind ``build.py``: the machine's set-up, the site's pipeline, the dev server and the
test runner.

``machine`` uses the standard library only (it sets up ``.venv/`` and installs the pinned build
requirements of ``requirements.txt`` beside it); the other modules run in ``.venv/``.
"""
