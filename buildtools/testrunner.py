"""``python3 build.py test``: the gates (ruff, mypy, the complexity limit), then pytest.

The gates run in their own processes while the site is built; pytest then runs the suite in
:data:`WORKERS` processes (pytest-xdist)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import typing

from buildtools import machine

GATES = {
    # name -> the command's arguments after ``python -m``; each must report nothing.
    "ruff": ["ruff", "check", "--no-cache", "--output-format", "concise"],
    "mypy": ["mypy"],
    "complexity": ["buildtools.complexity", "core", "web", "tests", "benchmarks", "build.py", "buildtools"],
}


def start_gates(python: pathlib.Path) -> dict[str, subprocess.Popen[str]]:
    """Start every gate (configured in pyproject.toml or beside it) in its own process."""
    started = {}
    for name, args in GATES.items():
        machine.log(f"gate: {name} ({' '.join(args)})")
        started[name] = subprocess.Popen([str(python), "-m", *args], cwd=machine.ROOT, text=True,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return started


def gate_results(started: dict[str, subprocess.Popen[str]]) -> list[str]:
    """Wait for the gates; print the findings of those that failed and return their names."""
    failed = []
    for name, process in started.items():
        output, _ = process.communicate()
        if process.returncode != 0:
            print(output.rstrip(), flush=True)
            machine.log(f"gate FAILED: {name} reported findings (exit code {process.returncode})")
            failed.append(name)
    return failed


def run_gates(python: pathlib.Path) -> list[str]:
    """Run the static checks; returns the names of those that failed."""
    return gate_results(start_gates(python))


WORKERS = 3
"""Test processes (pytest-xdist), one more than a CI machine's two cores: the suite is mostly CPU-bound,
but its waits (an engine's start, a page's timers, a frame that waits 10 s for a silent shared engine, two
tabs' storage events) left 12.6% of two cores idle with two processes.  Measured on fresh clones of the
same commit (c593f17), one after the other on a quiet machine: two processes 504.8 s of tests (12.6% idle,
945 CPU-s), three 453.3 s (4.2% idle, 928 CPU-s)."""


def parallel(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options for :data:`WORKERS` processes, unless the arguments choose their own
    (``-n 0`` runs in one process).  Each worker takes the next test when it is free
    (``worksteal``): the long tests spread over them.

    >>> parallel([]), parallel(["-n", "0"]), parallel(["-k", "card", "--numprocesses=4"]), parallel(["-p", "no:xdist"])
    (['-n', '3', '--dist', 'worksteal'], [], [], [])
    """
    chosen = any(arg in ("-n", "no:xdist") or arg.startswith("--numprocesses")
                 or (arg.startswith("-n") and (arg[2:].isdigit() or arg[2:] == "auto")) for arg in pytest_args)
    return [] if chosen else ["-n", str(WORKERS), "--dist", "worksteal"]


def test(pytest_args: list[str], build: typing.Callable[[], pathlib.Path]) -> int:
    """Run the gates (while ``build`` builds the site), then pytest with ``pytest_args``; non-zero
    when anything failed.  Runs in .venv/ with the test requirements installed."""
    python = pathlib.Path(sys.executable)
    chromium = machine.find_chromium(python)
    env = dict(os.environ)
    # Compiled modules (and pytest's rewritten test modules) are written once and shared by the test
    # processes: with PYTHONDONTWRITEBYTECODE each of them compiles every module again (about 10 s of CPU).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if chromium:
        env["CHROMIUM"] = chromium
    gates = start_gates(python)
    build()
    failed = gate_results(gates)
    machine.log("running the test suite")
    code = subprocess.run([str(python), "-m", "pytest", *parallel(pytest_args), *pytest_args],
                          cwd=machine.ROOT, env=env).returncode
    if failed:
        machine.log(f"the gates failed: {', '.join(failed)} (see their output above); pytest exited with {code}")
        return code or 1
    return code
