#!/usr/bin/env python3
"""Build, serve and test the Lost Cities static site.

    python3 build.py                  build the site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test [ARGS]      set up a test environment, run the gates (ruff,
                                      mypy) and every test; ARGS go to pytest

Standard library only.  The front-end runtimes are pinned by package-lock.json
(Pyodide and PyScript from the npm registry, installed with ``npm ci``); the two
wheels Pyodide needs to run micropip are pinned with their hashes below; the core
wheel is built from ``core/`` by the backend pinned in pyproject.toml.  Pyodide's own
CPython, run in Node.js, compiles the standard library to bytecode at build time (the
browser then reads bytecode instead of compiling sources at every start), and Node.js's
brotli compresses the files the server sends precompressed.  Every step is skipped when
its inputs have not changed, so a second build takes seconds.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import email.utils
import errno
import functools
import gzip
import hashlib
import http
import http.server
import inspect
import json
import os
import pathlib
import shutil
import socketserver
import struct
import subprocess
import sys
import time
import typing
import urllib.parse
import zipfile
import zlib

ROOT = pathlib.Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_PYTHON = "3.14"
# The oldest Node.js the build supports: Debian 12's nodejs package (18.20), which the
# set-up installs on a fresh machine.  npm only downloads and unpacks the pinned
# packages (--ignore-scripts); the build runs Pyodide's interpreter under Node.js.
MIN_NODE_MAJOR = 18

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

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""Pyodide's runtime files the site ships unchanged (the standard library is compiled)."""
STDLIB_ZIP = "python_stdlib.zip"
STDLIB_PREFIX = f"/lib/python{PYODIDE_PYTHON.replace('.', '')}.zip/"
"""Where Pyodide puts its standard library on sys.path: the bytecode's file names."""

COMPRESSIBLE = (".bin", ".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".zip", ".whl", ".svg",
                ".txt", ".py")
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""Precompressed variants written beside a file, by preference; the server picks one the browser accepts."""

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
}

TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256_file(path: pathlib.Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(functools.partial(handle.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tree_digest(paths: typing.Iterable[pathlib.Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def run(cmd: list[str], **kwargs: typing.Any) -> None:
    log("$ " + " ".join(cmd))
    result = subprocess.run(cmd, cwd=kwargs.pop("cwd", ROOT), **kwargs)
    if result.returncode != 0:
        raise BuildError(f"command failed with exit code {result.returncode}: {' '.join(cmd)}")


# -- steps --------------------------------------------------------------------


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


def install_runtimes() -> None:
    """``npm ci`` from package-lock.json, skipped when the lock file is unchanged."""
    stamp = NODE_MODULES / ".lostcities-lock.sha256"
    wanted = sha256_file(ROOT / "package-lock.json")
    if stamp.exists() and stamp.read_text() == wanted:
        return
    run([ensure_npm(), "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"])
    for name, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        found = json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
        if found != version:
            raise BuildError(f"{name} is {found}, expected the pinned {version}")
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
            raise BuildError(f"Pyodide's lock file names {locked['file_name']}, build.py pins {filename}")
        path = folder / filename
        if not (path.exists() and sha256_file(path) == digest):
            missing.append(name)
        paths[name] = path
    if missing:
        requirements = CACHE / "runtime-wheels.txt"
        requirements.write_text("".join(
            f"{name}=={RUNTIME_WHEELS[name][0].split('-')[1]} --hash=sha256:{RUNTIME_WHEELS[name][1]}\n"
            for name in missing
        ))
        run([str(ensure_venv()), "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", PYODIDE_PYTHON, "--require-hashes", "-r", str(requirements), "-d", str(folder)])
    for name, path in paths.items():
        if sha256_file(path) != RUNTIME_WHEELS[name][1]:
            raise BuildError(f"{path.name} does not match its pinned hash")
    return paths


def core_version() -> str:
    for line in (ROOT / "core" / "lostcities" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=")[1].strip().strip("\"'")
    raise BuildError("core/lostcities/__init__.py has no __version__")


def build_core_wheel() -> pathlib.Path:
    """The ``lostcities`` wheel, rebuilt only when core/ or pyproject.toml changed."""
    folder = CACHE / "core-wheel"
    sources = [p for p in (ROOT / "core").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    sources += [ROOT / "pyproject.toml", ROOT / "README.md"]
    digest = tree_digest(sources)
    wheel = folder / f"lostcities-{core_version()}-py3-none-any.whl"
    stamp = folder / "sources.sha256"
    if wheel.exists() and stamp.exists() and stamp.read_text() == digest:
        return wheel
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    run([str(ensure_venv()), "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(folder), str(ROOT)])
    if not wheel.exists():
        raise BuildError(f"the core wheel {wheel.name} was not produced")
    stamp.write_text(digest)
    return wheel


def site_lock(wheels: dict[str, pathlib.Path]) -> dict[str, typing.Any]:
    """Pyodide's lock file reduced to the wheels the site ships, with their real hashes."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    packages = {}
    for name, path in wheels.items():
        entry = dict(lock["packages"][name])
        entry["file_name"] = path.name
        entry["sha256"] = sha256_file(path)
        packages[name] = entry
    return {"info": lock["info"], "packages": packages}


ENTRY_PAGES: dict[str, str | None] = {
    # page of the built site -> its source and its Python entry point (None: a page without Python)
    "index.html": "main.py",
    "embed.html": "embed_main.py",
    "embed-demo.html": None,
}
"""The site's pages: ``index.html`` is the repository's own; the others live in ``web/`` and
are placed beside it.  Each gets the style sheets; their entry points stay out of Python's
file system (PyScript runs them as the page's script)."""


EARLY_STYLES: typing.Final = ("style.css", "embed.css")
"""The sheets the embed's first paint links itself; the others come with the engine."""


def web_files() -> list[pathlib.Path]:
    return sorted(p for p in (ROOT / "web").rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def page_source(name: str) -> pathlib.Path:
    return ROOT / name if name == "index.html" else ROOT / "web" / name


def tutorial_index() -> str:
    """``web/tutorials.json``: every built-in tutorial's title, summary, game and step
    count, for the embed's first paint before Python starts (read from the core)."""
    sys.path.insert(0, str(ROOT / "core"))
    try:
        from lostcities.ui import tutorial
    finally:
        sys.path.pop(0)
    index = {t.id: {"game": t.game, "title": t.title, "summary": t.summary, "steps": len(t.steps)}
             for t in tutorial.tutorials().values()}
    return json.dumps(index, indent=1, ensure_ascii=False)


def copy(src: pathlib.Path, dst: pathlib.Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def node() -> str:
    found = shutil.which("node") or shutil.which("nodejs")
    if not found:
        ensure_npm()  # installs Debian's nodejs on a fresh machine
        found = shutil.which("node") or shutil.which("nodejs")
    if not found:
        raise BuildError(f"Node.js {MIN_NODE_MAJOR}+ is needed to build the site")
    return found


def run_node(script: str, job: typing.Any) -> typing.Any:
    """Run an ES module under Node.js with ``job`` as JSON on stdin; its last stdout line is JSON."""
    result = subprocess.run([node(), "--input-type=module", "-e", script], input=json.dumps(job),
                            capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        raise BuildError("Node.js failed: " + (result.stderr.strip().splitlines() or ["no output"])[-1])
    return json.loads(result.stdout.strip().splitlines()[-1])


# -- bytecode -------------------------------------------------------------------------------------

COMPILER_JS = """
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
const job = readFileSync(0, "utf8");
const py = await loadPyodide({ indexURL: "./node_modules/pyodide/", stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/job");
py.FS.mount(py.FS.filesystems.NODEFS, { root: JSON.parse(job).root }, "/job");
py.globals.set("JOB", job);
console.log(py.runPython(JSON.parse(job).compiler));
"""

COMPILER_PY = '''
import importlib._bootstrap_external as external, importlib.util, json, sys, zipfile

job = json.loads(JOB)
result = {"magic": importlib.util.MAGIC_NUMBER.hex(), "version": sys.version.split()[0], "failed": []}
for item in job["zips"]:
    with zipfile.ZipFile(item["src"]) as source, zipfile.ZipFile(item["dst"], "w") as target:
        def add(name, data):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
            target.writestr(info, data, zipfile.ZIP_STORED)
        for entry in sorted(source.infolist(), key=lambda entry: entry.filename):
            name, data = entry.filename, source.read(entry)
            if name.endswith(".py"):
                try:
                    code = compile(data, item["prefix"] + name, "exec", dont_inherit=True)
                except SyntaxError:
                    result["failed"].append([item["dst"], name])
                else:
                    # Unchecked hash-based bytecode: never compared with a source or a clock.
                    pyc = external._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
                    if item.get("pycache"):  # where imports look beside an installed source
                        add(importlib.util.cache_from_source(name), pyc)
                        continue
                    add(name + "c", pyc)
                    if not item["keep_sources"]:
                        continue
            if not item.get("pycache"):
                add(name, data)
json.dumps(result)
'''


SITE_PACKAGES = f"/lib/python{PYODIDE_PYTHON}/site-packages/"
"""Where Pyodide installs a wheel: the core's bytecode names its sources there."""
HOME = "/home/pyodide/"
"""PyScript's working folder, where the config's ``files`` (web/'s modules) are written."""


def add_to_wheel(wheel: pathlib.Path, extra: dict[str, bytes], target: pathlib.Path) -> None:
    """A copy of ``wheel`` with ``extra`` files, listed in its RECORD with their hashes (so pip
    installs them like any other file of the wheel)."""
    with zipfile.ZipFile(wheel) as source:
        entries = {info.filename: source.read(info) for info in source.infolist()}
    record_name = next(name for name in entries if name.endswith(".dist-info/RECORD"))
    lines = entries[record_name].decode().splitlines()
    for name, data in sorted(extra.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.insert(len(lines) - 1, f"{name},sha256={digest},{len(data)}")
    entries.update(extra)
    entries[record_name] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name in [n for n in entries if n != record_name] + [record_name]:  # RECORD last, as pip writes it
            out.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), entries[name], zipfile.ZIP_DEFLATED)


def compile_app(core_wheel: pathlib.Path) -> tuple[pathlib.Path, dict[str, bytes]]:
    """The core wheel with bytecode beside its sources, and web/'s modules' bytecode.

    Compiled by Pyodide's own CPython (as the standard library) into the ``__pycache__``
    files an import looks for beside a source: the wheel keeps its ``.py`` files (tracebacks
    show the lines, ``pip install`` takes it as any wheel; another Python ignores bytecode
    with another tag) and web/'s modules travel with theirs in PyScript's ``files``.
    Returns the site's wheel and {path under web/: bytecode}.
    """
    folder = CACHE / "compiled-app"
    folder.mkdir(parents=True, exist_ok=True)
    web = ROOT / "web"
    entries = {entry for entry in ENTRY_PAGES.values() if entry}
    modules = {p.relative_to(web).as_posix(): p.read_bytes() for p in web_files()
               if p.suffix == ".py" and p.relative_to(web).as_posix() not in entries}
    with zipfile.ZipFile(folder / "web-sources.zip", "w") as bundle:
        for name in sorted(modules):
            bundle.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), modules[name])
    with zipfile.ZipFile(core_wheel) as wheel, zipfile.ZipFile(folder / "core-sources.zip", "w") as bundle:
        for name in sorted(wheel.namelist()):
            if name.endswith(".py") and not name.split("/")[0].endswith(".dist-info"):
                bundle.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), wheel.read(name))
    digest = tree_digest([folder / "web-sources.zip", folder / "core-sources.zip", core_wheel,
                          NODE_MODULES / "pyodide" / "pyodide.asm.wasm"])
    digest += hashlib.sha256((COMPILER_JS + COMPILER_PY).encode()).hexdigest()
    site_wheel = folder / "wheel" / core_wheel.name
    stamp = folder / "inputs.sha256"
    if not (site_wheel.exists() and stamp.exists() and stamp.read_text() == digest):
        stamp.unlink(missing_ok=True)
        log("compiling the core and web/'s modules with Pyodide's Python (Node.js)")
        result = run_node(COMPILER_JS, {"root": str(folder), "compiler": COMPILER_PY, "zips": [
            {"src": "/job/core-sources.zip", "dst": "/job/core-bytecode.zip", "prefix": SITE_PACKAGES,
             "keep_sources": True, "pycache": True},
            {"src": "/job/web-sources.zip", "dst": "/job/web-bytecode.zip", "prefix": HOME,
             "keep_sources": True, "pycache": True},
        ]})
        if result["failed"]:
            names = ", ".join(name for _, name in result["failed"])
            raise BuildError(f"does not compile under Pyodide's Python {result['version']}: {names}")
        magic = bytes.fromhex(result["magic"])
        for name in ("core-bytecode.zip", "web-bytecode.zip"):
            check_bytecode(folder / name, magic)
        with zipfile.ZipFile(folder / "core-bytecode.zip") as bundle:
            extra = {name: bundle.read(name) for name in bundle.namelist()}
        (folder / "wheel").mkdir(exist_ok=True)
        add_to_wheel(core_wheel, extra, site_wheel)
        stamp.write_text(digest)
    with zipfile.ZipFile(folder / "web-bytecode.zip") as bundle:
        web_bytecode = {name: bundle.read(name) for name in bundle.namelist()}
    return site_wheel, web_bytecode


def check_bytecode(archive: pathlib.Path, magic: bytes) -> int:
    """The number of .pyc files in ``archive``; a build error if one is not for Pyodide's interpreter."""
    count = 0
    with zipfile.ZipFile(archive) as bundle:
        for name in bundle.namelist():
            if name.endswith(".pyc"):
                count += 1
                if bundle.read(name)[:4] != magic:
                    raise BuildError(f"{archive.name}: {name} is not bytecode for Pyodide's Python")
    if not count:
        raise BuildError(f"{archive.name} holds no bytecode")
    return count


def compile_stdlib() -> pathlib.Path:
    """Pyodide's standard library compiled to bytecode by Pyodide's own CPython.

    Bytecode must come from the very interpreter that runs it (the build machine's
    Python is another version), so the compiler runs in Pyodide under Node.js.  The
    zip keeps bytecode only (under the file names Pyodide imports it from, so
    tracebacks name the modules) and is stored uncompressed: the server's
    compression then works across files.  Pyodide loads it by its usual name from
    its index URL, so PyScript starts it unchanged.  Rebuilt when an input changed.
    """
    folder = CACHE / "compiled"
    stdlib_source = NODE_MODULES / "pyodide" / STDLIB_ZIP
    folder.mkdir(parents=True, exist_ok=True)
    digest = tree_digest([stdlib_source, NODE_MODULES / "pyodide" / "pyodide.asm.wasm"])
    digest += hashlib.sha256((COMPILER_JS + COMPILER_PY).encode()).hexdigest()
    stdlib = folder / STDLIB_ZIP
    stamp = folder / "inputs.sha256"
    if stdlib.exists() and stamp.exists() and stamp.read_text() == digest:
        return stdlib
    stamp.unlink(missing_ok=True)
    copy(stdlib_source, folder / "stdlib-sources.zip")
    log("compiling the standard library with Pyodide's Python (Node.js)")
    result = run_node(COMPILER_JS, {"root": str(folder), "compiler": COMPILER_PY, "zips": [
        {"src": "/job/stdlib-sources.zip", "dst": f"/job/{STDLIB_ZIP}", "prefix": STDLIB_PREFIX,
         "keep_sources": False},
    ]})
    if not str(result["version"]).startswith(PYODIDE_PYTHON + "."):
        raise BuildError(f"Pyodide runs Python {result['version']}, build.py expects {PYODIDE_PYTHON}")
    if result["failed"]:
        names = ", ".join(name for _, name in result["failed"])
        log(f"kept as source (not valid Python {result['version']}): {names}")
    check_bytecode(stdlib, bytes.fromhex(result["magic"]))
    stamp.write_text(digest)
    return stdlib

# -- icons ----------------------------------------------------------------------------------------

ICON_BACKGROUND = (0x2F, 0x4F, 0x4F)
ICON_SHAPES: tuple[tuple[tuple[int, int, int], str, tuple[float, ...]], ...] = (
    # The artwork of web/icon.svg on its 64-unit grid: mountains and a sun.
    ((0xE8, 0xC1, 0x5A), "polygon", (8, 50, 24, 22, 34, 38, 42, 28, 56, 50)),
    ((0xF3, 0xEA, 0xD7), "circle", (46, 16, 6)),
)
ICONS = {
    # file -> (size in pixels, artwork scale, rounded corners): "any" icons have the SVG's
    # rounded square; maskable and Apple icons fill the square (the system cuts the shape)
    # and keep the artwork inside the maskable safe zone (the central 80% circle).
    "icon-192.png": (192, 1.0, True),
    "icon-512.png": (512, 1.0, True),
    "icon-maskable-192.png": (192, 0.72, False),
    "icon-maskable-512.png": (512, 0.72, False),
    "apple-touch-icon.png": (180, 0.8, False),
}


def inside(shape: str, args: tuple[float, ...], x: float, y: float) -> bool:
    if shape == "circle":
        cx, cy, r = args
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    points = list(zip(args[0::2], args[1::2], strict=True))
    hit = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def icon_colour(x: float, y: float, scale: float, rounded: bool) -> tuple[int, int, int, int]:
    """The colour at (x, y) of the 64-unit icon (alpha 0 outside its rounded square)."""
    if rounded:
        dx, dy = max(12 - x, x - 52, 0.0), max(12 - y, y - 52, 0.0)
        if not (0 <= x <= 64 and 0 <= y <= 64) or dx * dx + dy * dy > 144:
            return (0, 0, 0, 0)
    ax, ay = 32 + (x - 32) / scale, 32 + (y - 32) / scale
    for colour, shape, args in ICON_SHAPES:
        if inside(shape, args, ax, ay):
            return (*colour, 255)
    return (*ICON_BACKGROUND, 255)


def render_icon(size: int, scale: float, rounded: bool) -> bytes:
    """A PNG of the icon: each pixel sampled once, or 4x4 times where the colour changes within it."""
    unit = 64 / size
    corners = [[icon_colour(i * unit, j * unit, scale, rounded) for i in range(size + 1)] for j in range(size + 1)]
    rows = []
    for j in range(size):
        row = bytearray(b"\0")  # filter: none
        for i in range(size):
            colour = corners[j][i]
            if colour == corners[j][i + 1] == corners[j + 1][i] == corners[j + 1][i + 1]:
                row += bytes(colour)
                continue
            samples = [icon_colour((i + (a + 0.5) / 4) * unit, (j + (b + 0.5) / 4) * unit, scale, rounded)
                       for a in range(4) for b in range(4)]
            alpha = sum(s[3] for s in samples)
            row += bytes([*(round(sum(s[k] * s[3] for s in samples) / alpha) if alpha else 0 for k in range(3)),
                          round(alpha / 16)])
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def make_icons() -> dict[str, pathlib.Path]:
    """The PNG icons of the manifest and the Apple touch icon, drawn once (cached by the drawing code)."""
    folder = CACHE / "icons"
    code = "".join(inspect.getsource(func) for func in (inside, icon_colour, render_icon))
    digest = hashlib.sha256((code + repr((ICON_SHAPES, ICONS, ICON_BACKGROUND))).encode()).hexdigest()
    stamp = folder / "inputs.sha256"
    paths = {name: folder / name for name in ICONS}
    if stamp.exists() and stamp.read_text() == digest and all(p.exists() for p in paths.values()):
        return paths
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name, (size, scale, rounded) in ICONS.items():
        paths[name].write_bytes(render_icon(size, scale, rounded))
    stamp.write_text(digest)
    return paths


# -- compression ----------------------------------------------------------------------------------

SNAPSHOT_JS = """
import { readFileSync, writeFileSync } from "node:fs";
const job = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(job.site + "/pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: job.site + "/pyodide/", packages: [], _makeSnapshot: true,
                               stdout: () => {}, stderr: () => {} });
job.wheels.forEach((path, index) => py.FS.writeFile(`/tmp/wheel-${index}.whl`, readFileSync(path)));
for (const [path, target] of job.files) {
  if (target.includes("/")) py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, readFileSync(path));
}
py.globals.set("JOB", JSON.stringify(job));
py.runPython(job.prepare);
const snapshot = py.makeMemorySnapshot();
writeFileSync(job.target, snapshot);
console.log(JSON.stringify({ size: snapshot.length }));
"""

SNAPSHOT_PY = """
def _prepare(job):
    import importlib, json, os, sysconfig, zipfile
    for index in range(len(json.loads(job)["wheels"])):
        path = f"/tmp/wheel-{index}.whl"
        with zipfile.ZipFile(path) as wheel:  # not loadPackage: a snapshot holds no loader state
            wheel.extractall(sysconfig.get_paths()["purelib"])
        os.remove(path)
    importlib.invalidate_caches()
    for name in json.loads(job)["modules"]:
        importlib.import_module(name)
_prepare(JOB)
del _prepare, JOB
"""


def make_snapshot(site: pathlib.Path, core_wheel: pathlib.Path, files: list[str]) -> str:
    """The start-up snapshot, written into ``site``; returns its path under web/.

    Pyodide's own interpreter, run in Node.js from the site's files, gets what PyScript gives the
    page's interpreter (the core wheel's files in site-packages, web/'s modules and their
    bytecode in the working folder), imports every module that never touches the page, and
    hands over its memory (``makeMemorySnapshot``).  web/interpreter.mjs restores it instead
    of a normal start.  Cached by a digest of everything it holds.
    """
    web = site / "web"
    modules = page_free_modules(core_wheel, files)
    digest = hashlib.sha256((",".join(modules) + SNAPSHOT_JS + SNAPSHOT_PY).encode())
    sources = [*(site / "pyodide" / n for n in (*PYODIDE_FILES, STDLIB_ZIP, "pyodide-lock.json")), core_wheel,
               *(web / n for n in files)]
    for path in sources:
        digest.update(sha256_file(path).encode())
    name = f"snapshot-{digest.hexdigest()[:16]}.bin"
    cached = CACHE / "snapshots" / name
    if not cached.exists():
        log("making the start-up snapshot (Pyodide's Python in Node.js)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        for stale in cached.parent.iterdir():
            stale.unlink()
        partial = cached.with_suffix(".part")
        run_node(SNAPSHOT_JS, {"site": str(site.resolve()), "wheels": [str(core_wheel)], "modules": modules,
                               "files": [[str(web / n), n] for n in files], "target": str(partial),
                               "prepare": SNAPSHOT_PY})
        partial.rename(cached)
    copy(cached, web / name)
    return name


BROTLI_JS = """
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
const job = JSON.parse(readFileSync(0, "utf8"));
for (const [source, target] of job.files) {
  const data = readFileSync(source);
  writeFileSync(target, brotliCompressSync(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    [constants.BROTLI_PARAM_LGWIN]: 24 } }));
}
console.log(JSON.stringify(job.files.length));
"""


def precompress(site: pathlib.Path) -> None:
    """Write ``x.br`` and ``x.gz`` beside every compressible file of ``site`` that they make smaller.

    The compressed files are cached by content, so only changed files are compressed again.
    """
    folder = CACHE / "compressed"
    folder.mkdir(parents=True, exist_ok=True)
    files = [p for p in sorted(site.rglob("*")) if p.is_file() and p.suffix in COMPRESSIBLE
             and p.stat().st_size >= 1024]
    digests = {path: sha256_file(path) for path in files}
    brotli = [(str(path), str(folder / f"{digests[path]}.br")) for path in files
              if not (folder / f"{digests[path]}.br").exists()]
    if brotli:
        log(f"compressing {len(brotli)} files (brotli, gzip)")
        run_node(BROTLI_JS, {"files": brotli})
    for path in files:
        cached_gz = folder / f"{digests[path]}.gz"
        if not cached_gz.exists():
            cached_gz.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        size = path.stat().st_size
        for _, suffix in ENCODINGS:
            cached = folder / f"{digests[path]}{suffix}"
            if cached.stat().st_size < size * 0.9:
                shutil.copyfile(cached, path.with_name(path.name + suffix))
    used = {f"{digest}{suffix}" for digest in digests.values() for _, suffix in ENCODINGS}
    for stale in folder.iterdir():  # the copies of earlier builds' files go
        if stale.name not in used:
            stale.unlink()


def is_variant(path: pathlib.Path) -> bool:
    """True for a precompressed copy of another file of the site."""
    return path.suffix in {suffix for _, suffix in ENCODINGS} and path.with_suffix("").exists()


# -- the site ---------------------------------------------------------------------------------------


def inputs_digest(*inputs: pathlib.Path) -> str:
    """A digest of everything :func:`assemble` reads: an unchanged one means dist/ is current."""
    digest = hashlib.sha256()
    sources = [ROOT / "index.html", ROOT / "package-lock.json", pathlib.Path(__file__).resolve(), *inputs,
               *web_files()]
    digest.update(tutorial_index().encode())
    for path in sources:
        digest.update(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def assemble(core_wheel: pathlib.Path, runtime_wheels: dict[str, pathlib.Path]) -> None:
    """Write dist/ anew, unless it was assembled from the same inputs (then nothing is written,
    so a build while another process serves dist/, as parallel test workers do, changes nothing)."""
    stdlib = compile_stdlib()
    site_wheel, web_bytecode = compile_app(core_wheel)
    icons = make_icons()
    stamp = CACHE / "dist.sha256"
    digest = inputs_digest(site_wheel, *runtime_wheels.values(), stdlib, *icons.values())
    if (DIST / "index.html").exists() and stamp.exists() and stamp.read_text() == digest:
        return
    stamp.unlink(missing_ok=True)
    _assemble(site_wheel, runtime_wheels, stdlib, icons, web_bytecode)
    stamp.write_text(digest)


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
             ("preload", f"./pyodide/{STDLIB_ZIP}"), ("preload", f"./web/{snapshot}"),
             ("preload", f"./wheels/{core_wheel.name}"),
             ("preload", f"./web/{entry}")]
    return links + [("preload", f"./web/{name}") for name in files]


def _assemble(core_wheel: pathlib.Path, runtime_wheels: dict[str, pathlib.Path], stdlib: pathlib.Path,
              icons: dict[str, pathlib.Path], web_bytecode: dict[str, bytes]) -> None:
    staging = ROOT / "dist.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        copy(pyodide / name, staging / "pyodide" / name)
    copy(stdlib, staging / "pyodide" / STDLIB_ZIP)
    for path in runtime_wheels.values():
        copy(path, staging / "pyodide" / path.name)
    (staging / "pyodide" / "pyodide-lock.json").write_text(json.dumps(site_lock(runtime_wheels), indent=1))
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in pyscript.iterdir():
        if path.suffix in (".js", ".css"):
            copy(path, staging / "pyscript" / path.name)
    copy(core_wheel, staging / "wheels" / core_wheel.name)
    pages = {page_source(name) for name in ENTRY_PAGES}
    for path in web_files():
        if path not in pages:
            copy(path, staging / path.relative_to(ROOT))
    for name, path in icons.items():
        copy(path, staging / "web" / name)
    (staging / "web" / "tutorials.json").write_text(tutorial_index())
    config = json.loads((ROOT / "web" / "pyscript.json").read_text())
    config["packages"] = [f"../wheels/{core_wheel.name}"]
    # Every Python module of web/ but the entry points is put beside them in Python's file system.
    # Subfolders keep their place, so packages under web/ import as they do under CPython.
    web = ROOT / "web"
    modules = [p.relative_to(web).as_posix() for p in web_files() if p.suffix == ".py"]
    entries = {entry for entry in ENTRY_PAGES.values() if entry}
    files = [name for name in modules if name not in entries]
    config["files"] = {f"./{name}": f"./{name}" for name in files}
    # Their bytecode beside them, where an import looks first (written by Pyodide's Python).
    for name, data in web_bytecode.items():
        (staging / "web" / name).parent.mkdir(parents=True, exist_ok=True)
        (staging / "web" / name).write_bytes(data)
        config["files"][f"./{name}"] = f"./{name}"
    styles = "".join(
        f'  <link rel="stylesheet" href="./web/{p.name}">\n' for p in web_files() if p.suffix == ".css"
    )
    (staging / "web" / "pyscript.json").write_text(json.dumps(config, indent=1))
    snapshot = make_snapshot(staging, core_wheel, [name.removeprefix("./") for name in config["files"]])
    write_interpreter(staging, snapshot, config["packages"])
    # A page may instead load the style sheets itself, later (the embed: after its first paint).
    late = ",".join(f"./web/{p.name}" for p in web_files() if p.suffix == ".css" and p.name not in EARLY_STYLES)
    chunks = pyscript_chunks(pyscript)
    for name, entry in ENTRY_PAGES.items():
        page = page_source(name).read_text().replace("{{CORE_WHEEL}}", core_wheel.name)
        links = preloads(core_wheel, entry, chunks, files, snapshot) if entry else []
        # web/boot.js announces them: after the first paint (index.html) or on Play (the embed).
        page = page.replace("<!--PRELOAD-LIST-->", ",".join(f"{rel} {href}" for rel, href in links))
        (staging / name).write_text(page.replace("  <!--STYLES-->\n", styles).replace("<!--STYLE-LIST-->", late))
    write_service_worker(staging)
    precompress(staging)
    shutil.rmtree(DIST, ignore_errors=True)
    staging.rename(DIST)


PAGE_ONLY_IMPORTS = frozenset({"js", "pyodide", "pyscript", "polyscript"})


def page_free_modules(core_wheel: pathlib.Path, files: list[str]) -> list[str]:
    """The modules a start-up snapshot imports: every module of the core wheel and every web
    module that imports nothing of the page (no ``js``, ``pyodide`` or ``pyscript``, directly
    or through another web module).  A snapshot cannot hold a reference into the page."""
    with zipfile.ZipFile(core_wheel) as wheel:
        names = [n[:-3].replace("/", ".") for n in wheel.namelist() if n.endswith(".py")]
    core = sorted(n.removesuffix(".__init__") for n in names if not n.endswith("__main__"))
    web = ROOT / "web"
    imports: dict[str, set[str]] = {}
    for name in files:
        if name.endswith(".py") and "/" not in name:
            tree = ast.parse((web / name).read_text())
            found: set[str] = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    found.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module.split(".")[0])
            imports[name[:-3]] = found
    free: set[str] = set()
    changed = True
    while changed:  # a module is free once all the web modules it imports are free
        changed = False
        for module, found in imports.items():
            local = found & imports.keys()
            if module not in free and not found & PAGE_ONLY_IMPORTS and local <= free:
                free.add(module)
                changed = True
    return core + sorted(free)


def write_interpreter(site: pathlib.Path, snapshot: str, packages: list[str]) -> None:
    """web/interpreter.mjs (the module PyScript loads Pyodide through) with the config's packages
    (its early start installs them) and the start-up snapshot's file."""
    path = site / "web" / "interpreter.mjs"
    text = path.read_text().replace('"__SNAPSHOT__"', json.dumps(f"./{snapshot}"))
    path.write_text(text.replace('"__PACKAGES__"', json.dumps(json.dumps(packages))))


def write_service_worker(site: pathlib.Path) -> None:
    """sw.js precaches every file of the site under a cache named after their content
    (precompressed copies aside: the server picks one when the browser accepts it)."""
    template = (site / "web" / "sw.template.js").read_text()
    (site / "web" / "sw.template.js").unlink()
    files = sorted(p for p in site.rglob("*") if p.is_file() and p.name != "sw.js" and not is_variant(p))
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(site)).encode())
        digest.update(sha256_file(path).encode())
    build_id = digest.hexdigest()[:16]
    urls = ["./"] + [f"./{p.relative_to(site).as_posix()}" for p in files]
    text = template.replace("__BUILD_ID__", build_id).replace("__PRECACHE__", json.dumps(urls, indent=1))
    (site / "sw.js").write_text(text)


@contextlib.contextmanager
def exclusive() -> typing.Iterator[None]:
    """Hold the build lock: one build at a time on this checkout (parallel test workers
    each build before they serve dist/).  Without ``fcntl`` (not POSIX), no lock."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    CACHE.mkdir(exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build() -> pathlib.Path:
    """Build the whole site into dist/ and return its path."""
    with exclusive():
        return _build()


def _build() -> pathlib.Path:
    started = time.perf_counter()
    install_runtimes()
    runtime_wheels = fetch_runtime_wheels()
    core_wheel = build_core_wheel()
    assemble(core_wheel, runtime_wheels)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file() and not is_variant(p))
    log(f"built {DIST} ({size / 1e6:.1f} MB) in {time.perf_counter() - started:.1f} s")
    return DIST


# -- serving ------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a built site: precompressed variants where the browser accepts them, no-cache."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME_TYPES.get(pathlib.PurePath(path).suffix.lower()) or super().guess_type(path)

    FRAMEABLE: typing.ClassVar[frozenset[str]] = frozenset({"embed.html"})
    """The only page other sites may frame; every other page is framed by the site itself at most."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        page = urllib.parse.urlsplit(self.path).path.rsplit("/", 1)[-1] or "index.html"
        if page.endswith(".html") and page not in self.FRAMEABLE:
            # What a host of the site should send too (docs/embedding.md): no framing by other sites.
            self.send_header("Content-Security-Policy", "frame-ancestors 'self'")
            self.send_header("X-Frame-Options", "SAMEORIGIN")
        super().end_headers()

    def accepted(self) -> set[str]:
        """The content codings of the request's Accept-Encoding (those with a weight above 0)."""
        codings = set()
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            weight = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
            with contextlib.suppress(ValueError):
                if float(weight) > 0:
                    codings.add(name.strip().lower())
        return codings

    def send_head(self) -> typing.Any:
        path = pathlib.Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if path.is_file():
            accepted = self.accepted()
            for coding, suffix in ENCODINGS:
                variant = path.with_name(path.name + suffix)
                # A variant older than its file is stale (the file was changed after the build).
                if coding in accepted and variant.is_file() and variant.stat().st_mtime >= path.stat().st_mtime:
                    return self.send_variant(path, variant, coding)
        return super().send_head()

    def send_variant(self, path: pathlib.Path, variant: pathlib.Path, coding: str) -> typing.Any:
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if int(email.utils.parsedate_to_datetime(since).timestamp()) >= modified:
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
        handle = variant.open("rb")
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(variant.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return handle

    def log_message(self, format: str, *args: typing.Any) -> None:
        if os.environ.get("LOSTCITIES_QUIET_SERVER") != "1":
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(directory: pathlib.Path, port: int, host: str = "127.0.0.1") -> SiteServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return SiteServer((host, port), handler)


class PortInUseError(BuildError):
    """The port asked for cannot be served on."""


def bind(port: int) -> SiteServer:
    """A server for dist/ on ``port``, bound before the build so a busy port is reported at once."""
    try:
        return make_server(DIST, port)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            reason = f"port {port} is already in use (is another server running?)"
        elif err.errno == errno.EACCES:
            reason = f"port {port} needs more privileges than this user has"
        else:
            reason = f"cannot serve on port {port} ({err.strerror or err})"
        raise PortInUseError(f"{reason}; choose another one with --port, e.g. python3 build.py serve --port "
                             f"{port + 1 if 0 < port < 65535 else 8001}") from err


def serve(port: int) -> None:
    with bind(port) as server:
        build()
        print(f"Serving Lost Cities on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


# -- testing ------------------------------------------------------------------


def ensure_test_env() -> pathlib.Path:
    python = ensure_venv()
    stamp = VENV / ".lostcities-requirements.sha256"
    wanted = sha256_file(TEST_REQUIREMENTS)
    if not (stamp.exists() and stamp.read_text() == wanted):
        run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-r", str(TEST_REQUIREMENTS)])
        stamp.write_text(wanted)
    return python


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


GATES = {
    # name -> the command's arguments after ``python -m``; each must report nothing.
    "ruff": ["ruff", "check", "--no-cache", "--output-format", "concise"],
    "mypy": ["mypy"],
}


def run_gates(python: pathlib.Path) -> list[str]:
    """Run the static checks configured in pyproject.toml; returns the names of those that failed."""
    failed = []
    for name, args in GATES.items():
        log(f"gate: {name} ({' '.join(args)})")
        result = subprocess.run([str(python), "-m", *args], cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            output = (result.stdout + result.stderr).rstrip()
            print(output, flush=True)
            log(f"gate FAILED: {name} reported findings (exit code {result.returncode})")
            failed.append(name)
    return failed


WORKERS = 2
"""Test processes (pytest-xdist): the suite is mostly CPU-bound, and CI machines have two cores."""


def parallel(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options for :data:`WORKERS` processes, unless the arguments choose their own
    (``-n 0`` runs in one process).  Tests go to whichever worker is free (``load``): the
    long parametrized conformance tests spread over both.

    >>> parallel([]), parallel(["-n", "0"]), parallel(["-k", "card", "--numprocesses=4"]), parallel(["-p", "no:xdist"])
    (['-n', '2', '--dist', 'load'], [], [], [])
    """
    chosen = any(arg in ("-n", "no:xdist") or arg.startswith("--numprocesses")
                 or (arg.startswith("-n") and (arg[2:].isdigit() or arg[2:] == "auto")) for arg in pytest_args)
    return [] if chosen else ["-n", str(WORKERS), "--dist", "load"]


def test(pytest_args: list[str]) -> int:
    """Set up, run the gates, build, and run pytest with ``pytest_args``; non-zero when anything failed."""
    python = ensure_test_env()
    chromium = find_chromium(python)
    env = dict(os.environ)
    if chromium:
        env["CHROMIUM"] = chromium
    failed = run_gates(python)
    build()
    log("running the test suite")
    code = subprocess.run([str(python), "-m", "pytest", *parallel(pytest_args), *pytest_args],
                          cwd=ROOT, env=env).returncode
    if failed:
        log(f"the gates failed: {', '.join(failed)} (see their output above); pytest exited with {code}")
        return code or 1
    return code


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0 to 65535)")
    return port


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                          formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = main_parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the site into dist/ (the default)")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=port_number, default=8000, help="the port (default 8000)")
    # No options of its own (not even -h): every argument after "test" goes to pytest.
    sub.add_parser("test", add_help=False, help="run the gates and every test (every further argument goes to pytest)")
    return main_parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:
        # Verbatim: argparse would take "--", "-h" or abbreviations in pytest's arguments for its own.
        command, pytest_args, port = "test", argv[1:], 0
    else:
        args = parser().parse_args(argv)
        command, pytest_args, port = args.command, [], getattr(args, "port", 0)
    try:
        if command == "serve":
            serve(port)
        elif command == "test":
            return test(pytest_args)
        else:
            build()
    except BuildError as err:
        print(f"build.py: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
