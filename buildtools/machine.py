"""The machine's set-up: the virtual environment and its pinned packages, Node.js and npm, Chromium.

Standard library only: ``build.py`` runs it under any ``python3`` to create ``.venv/``, install the
pinned build requirements (``buildtools/requirements.txt``) and restart itself in ``.venv/``.
On a fresh Debian machine, as root, it installs what is missing with ``apt-get``.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import time
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
BUILD_REQUIREMENTS = ROOT / "buildtools" / "requirements.txt"
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"

# The oldest Node.js the build supports: Debian 12's nodejs package (18.20), which the
# set-up installs on a fresh machine.  npm only downloads and unpacks the pinned
# packages (--ignore-scripts); the build runs Pyodide's interpreter under Node.js.
MIN_NODE_MAJOR = 18


STARTED = float(os.environ.setdefault("LOSTCITIES_BUILD_STARTED", str(time.time())))
"""When this command started (kept across its restart in .venv/): the log's clock."""


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def log(message: str) -> None:
    """A line of progress on the console, with the seconds since the command started."""
    print(f"[build {time.time() - STARTED:4.0f} s] {message}", flush=True)


def run(cmd: list[str], **kwargs: typing.Any) -> None:
    log("$ " + " ".join(cmd))
    result = subprocess.run(cmd, cwd=kwargs.pop("cwd", ROOT), **kwargs)
    if result.returncode != 0:
        raise BuildError(f"command failed with exit code {result.returncode}: {' '.join(cmd)}")


def sha256_file(path: pathlib.Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(functools.partial(handle.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def can_apt_install() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def apt_install(*packages: str) -> None:
    """Install Debian packages (as root on a fresh machine)."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=env)
    run(["apt-get", "install", "-y", "-qq", *packages], env=env)


def venv_python() -> pathlib.Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> pathlib.Path:
    """The project's virtual environment (.venv/), whose pip the build steps use.

    Debian's python3 has neither pip nor venv until ``python3-venv`` is installed,
    so on a fresh machine (as root) the package is installed first.
    """
    python = venv_python()
    if python.exists():
        return python
    log("creating the virtual environment .venv/")
    shutil.rmtree(VENV, ignore_errors=True)  # a half-made one from an interrupted run
    created = subprocess.run([sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True)
    if created.returncode != 0 and can_apt_install():
        log("python3 cannot create a virtual environment: installing Debian's python3-venv")
        apt_install("python3-venv")
        shutil.rmtree(VENV, ignore_errors=True)
        created = subprocess.run([sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True)
    if created.returncode != 0:
        raise BuildError("python3 cannot create a virtual environment (on Debian: apt-get install python3-venv): "
                         + (created.stderr.strip().splitlines() or ["no output"])[-1])
    return python


def install_requirements(*files: pathlib.Path) -> pathlib.Path:
    """.venv/ with the pinned packages of ``files`` installed (one ``pip install``, skipped when
    each file is as it was at an earlier install); returns its Python."""
    python = ensure_venv()
    stamp = VENV / ".lostcities-installed.txt"
    installed = stamp.read_text().split() if stamp.exists() else []
    wanted = [sha256_file(path) for path in files]
    if all(digest in installed for digest in wanted):
        return python
    log("installing the pinned packages of " + ", ".join(str(p.relative_to(ROOT)) for p in files) + " into .venv/")
    run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         *(arg for path in files for arg in ("-r", str(path)))])
    stamp.write_text("\n".join([*installed[-8:], *wanted]) + "\n")
    return python


def is_in_venv() -> bool:
    return pathlib.Path(sys.prefix).resolve() == VENV.resolve()


def enter_venv(argv: list[str], requirements: list[pathlib.Path]) -> None:
    """Set up .venv/ with ``requirements`` and, unless this process already runs in it,
    restart ``build.py`` with ``argv`` in it (this call then does not return)."""
    python = install_requirements(*requirements)
    if not is_in_venv():
        sys.stdout.flush()
        os.execv(str(python), [str(python), str(ROOT / "build.py"), *argv])


def node_major() -> int | None:
    """The major version of the ``node`` on the PATH, if any."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        return None
    result = subprocess.run([node, "--version"], capture_output=True, text=True)
    version = result.stdout.strip().lstrip("v").split(".")[0]
    return int(version) if version.isdigit() and version.isascii() else None


def ensure_npm() -> str:
    npm = shutil.which("npm")
    if npm:
        major = node_major()
        if major is not None and major < MIN_NODE_MAJOR:
            raise BuildError(f"Node.js {major} is too old: the build needs Node.js {MIN_NODE_MAJOR}+ with npm")
        return npm
    if can_apt_install():
        log("npm not found: installing Debian's nodejs and npm")
        apt_install("nodejs", "npm")
        npm = shutil.which("npm")
        if npm:
            return npm
    raise BuildError("npm is needed to fetch the pinned Pyodide and PyScript packages; "
                     f"install Node.js {MIN_NODE_MAJOR}+ and npm")


def node() -> str:
    found = shutil.which("node") or shutil.which("nodejs")
    if not found:
        ensure_npm()  # installs Debian's nodejs on a fresh machine
        found = shutil.which("node") or shutil.which("nodejs")
    if not found:
        raise BuildError(f"Node.js {MIN_NODE_MAJOR}+ is needed to build the site")
    return found


def find_chromium(python: pathlib.Path) -> str | None:
    """A Chromium for Playwright: $CHROMIUM, Debian's, Debian's package (as root), or Playwright's download."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/bin/chromium",
                  shutil.which("chromium"), shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.path.exists(candidate):
            return candidate
    if can_apt_install():
        log("no Chromium: installing Debian's chromium package")
        apt_install("chromium")
        if os.path.exists("/usr/bin/chromium"):
            return "/usr/bin/chromium"
    log("no system Chromium: trying Playwright's browser download")
    result = subprocess.run([str(python), "-m", "playwright", "install", "chromium"], cwd=ROOT, timeout=900)
    if result.returncode == 0:
        return None  # Playwright's own browser
    raise BuildError("no Chromium could be installed: set $CHROMIUM to a Chromium or Chrome binary")
