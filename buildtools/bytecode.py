"""Bytecode compiled by Pyodide's own CPython, run in Node.js: the standard library, the core wheel and
web/'s modules.  Bytecode must come from the very interpreter that runs it (the build machine's Python
is another version); the build checks its magic number."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pathlib
import subprocess
import typing
import zipfile

from wheel import wheelfile

from buildtools import machine

PYODIDE_PYTHON = "3.14"
STDLIB_ZIP = "python_stdlib.zip"
STDLIB_PREFIX = f"/lib/python{PYODIDE_PYTHON.replace('.', '')}.zip/"
"""Where Pyodide puts its standard library on sys.path: the bytecode's file names."""
SITE_PACKAGES = f"/lib/python{PYODIDE_PYTHON}/site-packages/"
"""Where Pyodide installs a wheel: the core's bytecode names its sources there."""
HOME = "/home/pyodide/"
"""PyScript's working folder, where the config's ``files`` (web/'s modules) are written."""
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
"""The date of every archive member the build writes, so the same inputs give the same bytes."""


def tree_digest(paths: typing.Iterable[pathlib.Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(machine.ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def run_node(script: str, job: typing.Any) -> typing.Any:
    """Run an ES module under Node.js with ``job`` as JSON on stdin; its last stdout line is JSON."""
    result = subprocess.run([machine.node(), "--input-type=module", "-e", script], input=json.dumps(job),
                            capture_output=True, text=True, cwd=machine.ROOT)
    if result.returncode != 0:
        raise machine.BuildError("Node.js failed: " + (result.stderr.strip().splitlines() or ["no output"])[-1])
    return json.loads(result.stdout.strip().splitlines()[-1])


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

COMPILER_DIGEST = hashlib.sha256((COMPILER_JS + COMPILER_PY).encode()).hexdigest()


def check_bytecode(archive: pathlib.Path, magic: bytes) -> int:
    """The number of .pyc files in ``archive``; a build error if one is not for Pyodide's interpreter."""
    count = 0
    with zipfile.ZipFile(archive) as bundle:
        for name in bundle.namelist():
            if name.endswith(".pyc"):
                count += 1
                if bundle.read(name)[:4] != magic:
                    raise machine.BuildError(f"{archive.name}: {name} is not bytecode for Pyodide's Python")
    if not count:
        raise machine.BuildError(f"{archive.name} holds no bytecode")
    return count


def compile_stdlib() -> pathlib.Path:
    """Pyodide's standard library compiled to bytecode by Pyodide's own CPython.

    The zip keeps bytecode only (under the file names Pyodide imports it from, so
    tracebacks name the modules) and is stored uncompressed: the server's
    compression then works across files.  Pyodide loads it by its usual name from
    its index URL, so PyScript starts it unchanged.  Rebuilt when an input changed.
    """
    folder = machine.CACHE / "compiled"
    pyodide = machine.NODE_MODULES / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    digest = tree_digest([pyodide / STDLIB_ZIP, pyodide / "pyodide.asm.wasm"]) + COMPILER_DIGEST
    stdlib = folder / STDLIB_ZIP
    stamp = folder / "inputs.sha256"
    if stdlib.exists() and stamp.exists() and stamp.read_text() == digest:
        return stdlib
    stamp.unlink(missing_ok=True)
    (folder / "stdlib-sources.zip").write_bytes((pyodide / STDLIB_ZIP).read_bytes())
    machine.log("compiling the standard library with Pyodide's Python (Node.js)")
    result = run_node(COMPILER_JS, {"root": str(folder), "compiler": COMPILER_PY, "zips": [
        {"src": "/job/stdlib-sources.zip", "dst": f"/job/{STDLIB_ZIP}", "prefix": STDLIB_PREFIX,
         "keep_sources": False},
    ]})
    if not str(result["version"]).startswith(PYODIDE_PYTHON + "."):
        raise machine.BuildError(f"Pyodide runs Python {result['version']}, build.py expects {PYODIDE_PYTHON}")
    if result["failed"]:
        names = ", ".join(name for _, name in result["failed"])
        machine.log(f"kept as source (not valid Python {result['version']}): {names}")
    check_bytecode(stdlib, bytes.fromhex(result["magic"]))
    stamp.write_text(digest)
    return stdlib


@contextlib.contextmanager
def fixed_dates() -> typing.Iterator[None]:
    """The wheel library dates what it writes (RECORD) by $SOURCE_DATE_EPOCH: 1980 while it writes."""
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = "315532800"
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


def add_to_wheel(wheel: pathlib.Path, extra: dict[str, bytes], target: pathlib.Path) -> None:
    """A copy of ``wheel`` with ``extra`` files (the wheel library lists every file in RECORD with
    its hash, so pip installs them like any other file of the wheel)."""
    with zipfile.ZipFile(wheel) as source, fixed_dates(), wheelfile.WheelFile(target, "w") as out:
        files = {info.filename: source.read(info) for info in source.infolist()
                 if info.filename != out.record_path}
        for name, data in sorted((files | extra).items()):
            out.writestr(zipfile.ZipInfo(name, ZIP_EPOCH), data, zipfile.ZIP_DEFLATED)


def bundle(target: pathlib.Path, files: dict[str, bytes]) -> pathlib.Path:
    """A zip of ``files`` (sorted, dated 1980: the same files give the same bytes)."""
    with zipfile.ZipFile(target, "w") as archive:
        for name in sorted(files):
            archive.writestr(zipfile.ZipInfo(name, ZIP_EPOCH), files[name])
    return target


def compile_app(core_wheel: pathlib.Path, web_modules: dict[str, bytes]) -> tuple[pathlib.Path, dict[str, bytes]]:
    """The core wheel with bytecode beside its sources, and ``web_modules``' bytecode.

    Compiled into the ``__pycache__`` files an import looks for beside a source: the wheel keeps
    its ``.py`` files (tracebacks show the lines, ``pip install`` takes it as any wheel; another
    Python ignores bytecode with another tag) and web/'s modules travel with theirs in PyScript's
    ``files``.  Returns the site's wheel and {path under web/: bytecode}.
    """
    folder = machine.CACHE / "compiled-app"
    folder.mkdir(parents=True, exist_ok=True)
    bundle(folder / "web-sources.zip", web_modules)
    with zipfile.ZipFile(core_wheel) as wheel:
        bundle(folder / "core-sources.zip", {
            name: wheel.read(name) for name in wheel.namelist()
            if name.endswith(".py") and not name.split("/")[0].endswith(".dist-info")})
    digest = tree_digest([folder / "web-sources.zip", folder / "core-sources.zip", core_wheel,
                          machine.NODE_MODULES / "pyodide" / "pyodide.asm.wasm"]) + COMPILER_DIGEST
    site_wheel = folder / "wheel" / core_wheel.name
    stamp = folder / "inputs.sha256"
    if not (site_wheel.exists() and stamp.exists() and stamp.read_text() == digest):
        stamp.unlink(missing_ok=True)
        machine.log("compiling the core and web/'s modules with Pyodide's Python (Node.js)")
        result = run_node(COMPILER_JS, {"root": str(folder), "compiler": COMPILER_PY, "zips": [
            {"src": "/job/core-sources.zip", "dst": "/job/core-bytecode.zip", "prefix": SITE_PACKAGES,
             "keep_sources": True, "pycache": True},
            {"src": "/job/web-sources.zip", "dst": "/job/web-bytecode.zip", "prefix": HOME,
             "keep_sources": True, "pycache": True},
        ]})
        if result["failed"]:
            names = ", ".join(name for _, name in result["failed"])
            raise machine.BuildError(f"does not compile under Pyodide's Python {result['version']}: {names}")
        magic = bytes.fromhex(result["magic"])
        for name in ("core-bytecode.zip", "web-bytecode.zip"):
            check_bytecode(folder / name, magic)
        with zipfile.ZipFile(folder / "core-bytecode.zip") as archive:
            extra = {name: archive.read(name) for name in archive.namelist()}
        site_wheel.parent.mkdir(exist_ok=True)
        add_to_wheel(core_wheel, extra, site_wheel)
        stamp.write_text(digest)
    with zipfile.ZipFile(folder / "web-bytecode.zip") as archive:
        web_bytecode = {name: archive.read(name) for name in archive.namelist()}
    return site_wheel, web_bytecode
