"""The start-up snapshot: Pyodide's interpreter, run in Node.js, with the rules imported
(``makeMemorySnapshot``); ``web/interpreter.mjs`` restores it instead of a normal start."""

from __future__ import annotations

import ast
import hashlib
import pathlib
import zipfile

from buildtools import bytecode, machine

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""Pyodide's runtime files the site ships unchanged (the standard library is compiled)."""

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
    # The built-in tutorials, parsed here once rather than by the first frame or page that opens one
    # (the first embed's mount spent most of its time there).
    if "lostcities.ui.tutorial" in json.loads(job)["modules"]:
        importlib.import_module("lostcities.ui.tutorial").tutorials()
_prepare(JOB)
del _prepare, JOB
"""

PAGE_ONLY_IMPORTS = frozenset({"js", "pyodide", "pyscript", "polyscript"})


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_roots(source: str) -> set[str]:
    """The top-level names of the absolute imports of a module's source, but those only the type
    checker reads (``if typing.TYPE_CHECKING:``: a screen's part naming the screen it belongs to).

    >>> source = '''
    ... import a.b
    ... if typing.TYPE_CHECKING:
    ...     import e
    ... else:
    ...     from f import g
    ... '''
    >>> sorted(imported_roots(source))
    ['a', 'f']
    """
    found: set[str] = set()
    nodes: list[ast.AST] = [ast.parse(source)]
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            nodes.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
        nodes.extend(ast.iter_child_nodes(node))
    return found


def page_free_modules(core_wheel: pathlib.Path, files: list[str]) -> list[str]:
    """The modules a start-up snapshot imports: every module of the core wheel and every web
    module that imports nothing of the page (no ``js``, ``pyodide`` or ``pyscript``, directly
    or through another web module).  A snapshot cannot hold a reference into the page."""
    with zipfile.ZipFile(core_wheel) as wheel:
        names = [n[:-3].replace("/", ".") for n in wheel.namelist() if n.endswith(".py")]
    core = sorted(n.removesuffix(".__init__") for n in names if not n.endswith("__main__"))
    web = machine.ROOT / "web"
    imports = {name[:-3]: imported_roots((web / name).read_text())
               for name in files if name.endswith(".py") and "/" not in name}
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


def make_snapshot(site: pathlib.Path, core_wheel: pathlib.Path, files: list[str]) -> str:
    """The start-up snapshot, written into ``site``; returns its path under web/.

    Pyodide's own interpreter, run in Node.js from the site's files, gets what PyScript gives the
    page's interpreter (the core wheel's files in site-packages, web/'s modules and their
    bytecode in the working folder), imports every module that never touches the page, and
    hands over its memory.  Cached by a digest of everything it holds.
    """
    web = site / "web"
    modules = page_free_modules(core_wheel, files)
    digest = hashlib.sha256((",".join(modules) + SNAPSHOT_JS + SNAPSHOT_PY).encode())
    sources = [*(site / "pyodide" / n for n in (*PYODIDE_FILES, bytecode.STDLIB_ZIP, "pyodide-lock.json")),
               core_wheel, *(web / n for n in files)]
    for path in sources:
        digest.update(machine.sha256_file(path).encode())
    name = f"snapshot-{digest.hexdigest()[:16]}.bin"
    cached = machine.CACHE / "snapshots" / name
    if not cached.exists():
        machine.log("making the start-up snapshot (Pyodide's Python in Node.js)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        for stale in cached.parent.iterdir():
            stale.unlink()
        partial = cached.with_suffix(".part")
        bytecode.run_node(SNAPSHOT_JS, {
            "site": str(site.resolve()), "wheels": [str(core_wheel)], "modules": modules,
            "files": [[str(web / n), n] for n in files], "target": str(partial), "prepare": SNAPSHOT_PY})
        partial.rename(cached)
    (web / name).write_bytes(cached.read_bytes())
    return name
