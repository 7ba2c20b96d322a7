"""The complexity gate: no function or method whose cyclomatic complexity (radon's) is over
:data:`LIMIT`.  ``python -m buildtools.complexity PATH...`` prints each one found and exits 1."""

from __future__ import annotations

import pathlib
import sys

from radon import complexity, visitors

LIMIT = 25
SKIP = {".venv", "node_modules", "dist", "dist.tmp", ".cache", "__pycache__"}


def python_files(paths: list[str]) -> list[pathlib.Path]:
    found = []
    for name in paths:
        path = pathlib.Path(name)
        candidates = [path] if path.is_file() else sorted(path.rglob("*.py"))
        found += [p for p in candidates if not SKIP & set(p.parts)]
    return found


def too_complex(path: pathlib.Path, limit: int = LIMIT) -> list[str]:
    """``path:line name (complexity)`` for each function or method of ``path`` over ``limit``.

    >>> import tempfile
    >>> branches = "".join(f"    if x == {i}:\\n        return {i}\\n" for i in range(26))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = pathlib.Path(folder, "m.py")
    ...     _ = source.write_text("def f(x):\\n" + branches + "    return 0\\n")
    ...     [line.split(" ", 1)[1] for line in too_complex(source)], too_complex(source, 27)
    (['f (27)'], [])
    """
    found = []
    for block in complexity.cc_visit(path.read_text()):  # functions, classes and their methods
        if not isinstance(block, visitors.Class) and block.complexity > limit:
            found.append(f"{path}:{block.lineno} {block.fullname} ({block.complexity})")
    return found


def main(paths: list[str]) -> int:
    findings = [line for path in python_files(paths) for line in too_complex(path)]
    for line in findings:
        print(f"{line}: cyclomatic complexity over {LIMIT}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
