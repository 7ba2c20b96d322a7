"""build.py and buildtools/: pinned runtimes, the lock file, the service worker, incremental builds,
precompression, the dev server, the test command and its gates."""

from __future__ import annotations

import email.message
import gzip
import hashlib
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import threading
import typing
import urllib.error
import urllib.request
import zipfile

import brotli
import pytest
from PIL import Image

import build
from buildtools import bytecode, compress, machine, pages, pipeline, snapshot, testrunner
from lostcities import i18n


def matched(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text`` (the test fails when there is none)."""
    match = re.search(pattern, text, re.S)
    assert match, f"{pattern!r} not found"
    return match.group(1)


@pytest.fixture(scope="module")
def dist() -> pathlib.Path:
    return build.build()


def test_second_build_downloads_and_rebuilds_nothing(dist: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(cmd: list[str], **kwargs: object) -> None:
        raise AssertionError(f"an unchanged build ran {cmd}")

    monkeypatch.setattr(machine, "run", refuse)
    monkeypatch.setattr(bytecode, "run_node", lambda script, job: refuse(["node", script]))
    written = {path: path.stat().st_mtime_ns for path in dist.rglob("*") if path.is_file()}
    assert build.build() == dist
    assert (dist / "index.html").exists()
    # Nothing rewritten either: parallel test workers serve dist/ while another one builds.
    assert {path: path.stat().st_mtime_ns for path in dist.rglob("*") if path.is_file()} == written


def test_lock_file_matches_every_wheel_shipped(dist: pathlib.Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    shipped = sorted(p.name for p in (dist / "pyodide").glob("*.whl"))
    assert sorted(entry["file_name"] for entry in lock["packages"].values()) == shipped
    assert set(lock["packages"]) == {"micropip", "packaging"}
    for entry in lock["packages"].values():
        data = (dist / "pyodide" / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert lock["info"]["python"].startswith(bytecode.PYODIDE_PYTHON)


def test_pins_match_package_lock() -> None:
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == pipeline.PYODIDE_VERSION
    assert lock["packages"]["node_modules/@pyscript/core"]["version"] == pipeline.PYSCRIPT_VERSION
    assert all("integrity" in entry for name, entry in lock["packages"].items() if name)


def test_the_build_installs_the_backend_that_pyproject_names() -> None:
    backend = matched(r'requires = \["([^"]+)"\]', (build.ROOT / "pyproject.toml").read_text())
    assert backend in machine.BUILD_REQUIREMENTS.read_text().splitlines()


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_a_browser_without_scripts_is_told_why_in_every_language(dist: pathlib.Path, page: str) -> None:
    """No script can pick a language there: the ``<noscript>`` says it in each, marked with its ``lang``."""
    text = (dist / page).read_text()
    said = re.findall(r'<noscript>(.*?)</noscript>', text, re.S)
    assert len(said) == 1, f"{page} has {len(said)} noscript elements"
    languages = re.findall(r'<p class="error" lang="([a-z]+)">[^<]*JavaScript', said[0])
    assert languages == list(i18n.languages()) and "de" in languages


def test_service_worker_precaches_every_file(dist: pathlib.Path) -> None:
    text = (dist / "sw.js").read_text()
    urls = json.loads(matched(r"const PRECACHE = (\[.*?\]);", text))
    files = {f"./{p.relative_to(dist).as_posix()}" for p in dist.rglob("*") if p.is_file()}
    variants = {name for name in files if name.endswith((".br", ".gz"))}
    assert "./pyodide/pyodide.asm.wasm.br" in variants  # precompressed copies: served, never cached twice
    files -= {"./sw.js"} | variants
    assert files == set(urls) - {"./"}
    assert "./" in urls


def test_cache_name_changes_with_the_content(tmp_path: pathlib.Path) -> None:
    site = tmp_path / "site"
    (site / "web").mkdir(parents=True)
    (site / "index.html").write_text("one")
    names = []
    for content in ("one", "two", "one"):
        (site / "index.html").write_text(content)
        shutil.copyfile(build.ROOT / "web" / "sw.template.js", site / "web" / "sw.template.js")
        build.write_service_worker(site)
        names.append(matched(r'const BUILD = "(\w+)"', (site / "sw.js").read_text()))
    assert names[0] != names[1]
    assert names[0] == names[2]


def test_site_points_only_at_itself_and_works_from_any_path(dist: pathlib.Path) -> None:
    config = json.loads((dist / "web" / "pyscript.json").read_text())
    # PyScript resolves the interpreter against the page (every page is at the site's top) and the
    # packages against the config file: both stay inside the site's folder, wherever it is served.
    assert config["interpreter"] == "./web/interpreter.mjs"
    assert config["packages"] == [f"../wheels/lostcities-{pipeline.core_version()}-py3-none-any.whl"]
    # The wheel goes straight to Pyodide's loader: no micropip at start, no packages cache.
    assert config["packages_cache"] == "passthrough"
    assert sorted(p.name for p in dist.glob("*.html")) == sorted(pipeline.ENTRY_PAGES)
    texts = [path for path in dist.rglob("*") if path.suffix in (".html", ".js", ".css", ".webmanifest", ".json")
             and path.parent.name not in ("pyodide", "pyscript")]
    assert len(texts) > 5
    for path in texts:
        text = path.read_text()
        assert not re.search(r'(?<!xmlns=")https?://', text), f"{path.name} names another origin"
        # Relative addresses only: the site may live under any path of a server.
        assert not re.search(r"""(?:href|src|url|import)\s*[=(]?\s*["'](/|//)""", text), \
            f"{path.name} names an address from the server's root"


def test_pages_preload_what_the_start_fetches(dist: pathlib.Path) -> None:
    wheel = f"./wheels/lostcities-{pipeline.core_version()}-py3-none-any.whl"
    wanted = {"./pyscript/core.js", "./web/interpreter.mjs", "./pyodide/pyodide.mjs", "./pyodide/pyodide.asm.mjs",
              "./pyodide/pyodide.asm.wasm",
              "./pyodide/python_stdlib.zip", "./pyodide/pyodide-lock.json", "./web/pyscript.json", wheel,
              "./web/screen.py"}
    for page, entry in (("index.html", "./web/main.py"), ("engine-page.html", "./web/main.py")):
        html = (dist / page).read_text()
        # Listed for web/boot.js to announce (after the first paint, or on Play in the embed),
        # never as <link> elements that would hold up the skeleton's style sheets.
        assert 'rel="preload"' not in html and 'rel="modulepreload"' not in html
        listed = [item.split(" ") for item in matched(r'data-preloads="([^"]*)"', html).split(",")]
        hrefs = {href for _, href in listed}
        assert wanted | {entry} <= hrefs, page
        assert all((dist / href).is_file() for href in hrefs)
        assert any(href.startswith("./pyscript/core-") for href in hrefs)  # the chunk core.js imports
        assert {rel for rel, href in listed if href.endswith((".js", ".mjs"))} == {"modulepreload"}
    assert 'data-preload="now"' in (dist / "index.html").read_text()
    # The embed's engine is a worker (web/view.js on Play): it fetches what it needs itself.
    embed_page = (dist / "embed.html").read_text()
    assert 'data-preloads=""' in embed_page and 'data-preload="now"' not in embed_page


def pyc_files(archive: pathlib.Path) -> dict[str, bytes]:
    with zipfile.ZipFile(archive) as bundle:
        return {name: bundle.read(name) for name in bundle.namelist() if name.endswith(".pyc")}


def test_the_standard_library_is_pyodides_bytecode_stored(dist: pathlib.Path) -> None:
    import importlib.util

    stdlib = dist / "pyodide" / bytecode.STDLIB_ZIP
    magics = {data[:4] for data in pyc_files(stdlib).values()}
    assert len(magics) == 1  # one interpreter compiled everything
    if not sys.version.startswith(bytecode.PYODIDE_PYTHON + "."):
        assert magics != {importlib.util.MAGIC_NUMBER}  # not this machine's Python: Pyodide's own
    with zipfile.ZipFile(stdlib) as bundle:
        names = set(bundle.namelist())
        assert all(info.compress_type == zipfile.ZIP_STORED for info in bundle.infolist())
    assert {"os.pyc", "json/__init__.pyc", "pyodide/__init__.pyc"} <= names
    assert "os.py" not in names  # the standard library is bytecode only


def test_the_sites_wheel_carries_pyodides_bytecode_beside_its_sources_and_pip_installs_it(
        dist: pathlib.Path, tmp_path: pathlib.Path) -> None:
    tag = "cpython-" + bytecode.PYODIDE_PYTHON.replace(".", "")
    stdlib_magic = next(iter(pyc_files(dist / "pyodide" / bytecode.STDLIB_ZIP).values()))[:4]
    wheel = next((dist / "wheels").glob("lostcities-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record = archive.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        compiled = {name: archive.read(name) for name in names if name.endswith(".pyc")}
    for module in ("__init__", "api", "card/rules"):
        source = f"lostcities/{module}.py"
        folder, _, stem = source.rpartition("/")
        cached = f"{folder}/__pycache__/{stem.removesuffix('.py')}.{tag}.pyc"
        assert source in names and cached in names, module  # sources kept for readable tracebacks
    assert {data[:4] for data in compiled.values()} == {stdlib_magic}  # the same interpreter's bytecode
    assert all(f"{name},sha256=" in record for name in compiled)
    # A normal wheel for pip: it installs (the RECORD checks out) and imports under this Python.
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                    "--disable-pip-version-check", "--target", str(tmp_path / "lib"), str(wheel)], check=True)
    assert (tmp_path / "lib" / "lostcities" / "__pycache__" / f"api.{tag}.pyc").is_file()
    version = subprocess.run([sys.executable, "-c", "import lostcities; print(lostcities.__version__)"],
                             cwd=tmp_path / "lib", capture_output=True, text=True, check=True).stdout.strip()
    assert version == pipeline.core_version()


def test_web_modules_travel_with_their_bytecode(dist: pathlib.Path) -> None:
    tag = "cpython-" + bytecode.PYODIDE_PYTHON.replace(".", "")
    files = json.loads((dist / "web" / "pyscript.json").read_text())["files"]
    assert files["./screen.py"] == "./screen.py"
    assert files[f"./__pycache__/screen.{tag}.pyc"] == f"./__pycache__/screen.{tag}.pyc"
    # The app's page entry point runs as the page's script; the worker's modules (the embed's too)
    # are imported there (web/engine.mjs).
    assert not any(name.endswith("/main.py") or "/main." in name for name in files)
    assert files["./worker_main.py"] == "./worker_main.py" and f"./__pycache__/worker_main.{tag}.pyc" in files
    assert files["./embed_main.py"] == "./embed_main.py" and f"./__pycache__/embed_main.{tag}.pyc" in files
    for name in files:
        assert (dist / "web" / name).is_file(), name


def test_bytecode_for_another_python_is_refused(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "app.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("a.pyc", b"\x01\x02\r\n" + bytes(12))
    with pytest.raises(build.BuildError, match=re.escape("a.pyc is not bytecode for Pyodide's Python")):
        bytecode.check_bytecode(archive, b"\x2b\x0e\r\n")


def test_core_wheel_is_pure_and_typed(dist: pathlib.Path) -> None:
    wheel = next((dist / "wheels").glob("lostcities-*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "lostcities/py.typed" in names
    assert "Requires-Dist" not in metadata


@pytest.mark.parametrize(("name", "size", "opaque_corners"), [
    ("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-192.png", 192, True),
    ("icon-maskable-512.png", 512, True), ("apple-touch-icon.png", 180, True)])
def test_icons_are_pngs_of_their_size(dist: pathlib.Path, name: str, size: int, opaque_corners: bool) -> None:
    with Image.open(dist / "web" / name) as image:
        assert (image.format, image.size, image.mode) == ("PNG", (size, size), "RGBA")
        corner, centre = image.getpixel((0, 0)), image.getpixel((size // 2, size // 2))
    assert isinstance(corner, tuple) and isinstance(centre, tuple)
    assert centre[3] == 255
    assert corner[3] == (255 if opaque_corners else 0)  # maskable icons fill the square; the others are rounded
    manifest = json.loads((dist / "web" / "manifest.webmanifest").read_text())
    if name != "apple-touch-icon.png":
        assert any(icon["src"] == name and icon["sizes"] == f"{size}x{size}" for icon in manifest["icons"])


# -- precompression ------------------------------------------------------------


def test_precompress_writes_each_variant_that_saves_and_prefers_the_best_cached_one(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compress, "FOLDER", tmp_path / "cache")
    site = tmp_path / "site"
    (site / "web").mkdir(parents=True)
    text = "".join(f"def f{i}(x):\n    return x * {i}\n" for i in range(400)).encode()
    (site / "web" / "a.py").write_bytes(text)
    (site / "web" / "noise.js").write_bytes(os.urandom(4000))  # compresses to nothing smaller
    (site / "web" / "tiny.css").write_bytes(b"a{}")  # too small to bother
    (site / "web" / "icon.png").write_bytes(text)  # not a compressible kind
    compress.precompress(site, quality=1, workers=1)
    written = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.*") if compress.is_variant(p))
    assert written == ["web/a.py.br", "web/a.py.gz"]
    assert gzip.decompress((site / "web" / "a.py.gz").read_bytes()) == text
    quick = (site / "web" / "a.py.br").read_bytes()
    assert brotli.decompress(quick) == text
    compress.precompress(site, quality=compress.BEST, workers=1)
    best = (site / "web" / "a.py.br").read_bytes()
    assert brotli.decompress(best) == text and len(best) < len(quick)
    compress.precompress(site, quality=1, workers=1)  # a quick build keeps the best variant cached
    assert (site / "web" / "a.py.br").read_bytes() == best
    # The cache keeps what the site's files use now (the quick variant is gone); a file that does
    # not compress keeps its cached variants too, so it is not compressed again.
    digests = [hashlib.sha256((site / "web" / name).read_bytes()).hexdigest() for name in ("a.py", "noise.js")]
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == sorted(
        f"{digest}{suffix}" for digest in digests for suffix in (".gz", ".q11.br"))


# -- serving ------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(dist: pathlib.Path) -> typing.Iterator[str]:
    server = build.make_server(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def fetch(url: str, **headers: str) -> tuple[int, email.message.Message, bytes]:
    """Status, headers (case-insensitive) and body of a GET."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


@pytest.mark.parametrize(("accept", "coding"), [
    ("", None), ("gzip, deflate", "gzip"), ("gzip, deflate, br, zstd", "br"), ("br;q=0, gzip", "gzip"),
    ("identity", None)])
def test_serve_sends_precompressed_files_the_browser_accepts(dist: pathlib.Path, served: str, accept: str,
                                                             coding: str | None) -> None:
    path = dist / "pyodide" / "pyodide.asm.wasm"
    asked = {"Accept-Encoding": accept} if accept else {}
    status, headers, body = fetch(served + "pyodide/pyodide.asm.wasm", **asked)
    assert status == 200
    assert headers["Content-Type"] == "application/wasm"
    assert headers.get("Content-Encoding") == coding
    assert "Accept-Encoding" in headers["Vary"]
    if coding == "gzip":
        assert gzip.decompress(body) == path.read_bytes()
    elif coding == "br":
        assert brotli.decompress(body) == path.read_bytes()
        assert len(body) < path.stat().st_size / 3
    else:
        assert body == path.read_bytes()


def test_serve_never_sends_a_variant_older_than_its_file(tmp_path: pathlib.Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.js").write_text("old();" * 300)
    (site / "a.js.gz").write_bytes(gzip.compress((site / "a.js").read_bytes()))
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/a.js"
        _, headers, body = fetch(url, **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body).startswith(b"old();")
        (site / "a.js").write_text("new();")  # changed after the build: the old variant is not sent
        os.utime(site / "a.js.gz", (0, 0))
        _, headers, body = fetch(url, **{"Accept-Encoding": "gzip"})
        assert headers.get("Content-Encoding") is None and body == b"new();"
    finally:
        server.shutdown()
        server.server_close()


def test_serve_answers_not_modified_and_the_folder_with_its_page(served: str) -> None:
    status, headers, _ = fetch(served + "pyodide/python_stdlib.zip", **{"Accept-Encoding": "gzip"})
    assert status == 200
    status, _, body = fetch(served + "pyodide/python_stdlib.zip",
                            **{"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]})
    assert (status, body) == (304, b"")
    status, headers, body = fetch(served, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b"<title>Lost Cities</title>" in gzip.decompress(body)


# -- the two commands ----------------------------------------------------------


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["-k", "card"],
        ["--durations=5"],
        ["tests/core", "-k", "card and not slow", "-x", "-q"],
        ["-h"],
        ["--", "-k", "x"],
        ["--port", "9"],  # serve's option means nothing here: pytest gets it
        ["-p", "no:cacheprovider", "--maxfail", "1"],
    ],
)
def test_every_argument_after_test_goes_to_pytest(extra: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    received: list[list[str]] = []

    def fake_test(args: list[str]) -> int:
        received.append(args)
        return 0

    monkeypatch.setattr(build, "test", fake_test)
    assert build.main(["test", *extra]) == 0
    assert received == [extra]


class FakeProcess:
    """What subprocess.Popen and subprocess.run return, for a gate that finds something or not."""

    def __init__(self, cmd: list[str], found: str = "") -> None:
        self.args = cmd
        self.returncode = 1 if found else 0
        self.stdout = found
        self.stderr = ""

    def communicate(self) -> tuple[str, str]:
        return self.stdout, self.stderr


def test_test_runs_the_gates_while_it_builds_then_pytest_with_the_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def fake_popen(cmd: list[str], **kwargs: object) -> FakeProcess:
        calls.append(cmd[2])  # after "python -m"
        return FakeProcess(cmd, "web/x.py:1: error: something\n" if cmd[2] == "mypy" else "")

    def fake_run(cmd: list[str], **kwargs: object) -> FakeProcess:
        calls.append(" ".join(cmd[2:]))
        return FakeProcess(cmd)

    def fake_build() -> pathlib.Path:
        calls.append("build")
        return build.DIST

    monkeypatch.setattr(machine, "find_chromium", lambda python: "/usr/bin/chromium")
    monkeypatch.setattr(subprocess, "Popen", fake_popen)
    monkeypatch.setattr(subprocess, "run", fake_run)
    code = testrunner.test(["-k", "card", "--durations=5"], fake_build)
    assert calls == ["ruff", "mypy", "buildtools.complexity", "build",
                     f"pytest -n {testrunner.WORKERS} --dist worksteal -k card --durations=5"]
    assert code != 0  # mypy reported something: the command fails although pytest passed


@pytest.mark.parametrize(("args", "parallel"), [
    ([], ["-n", "3", "--dist", "worksteal"]), (["tests/core", "-k", "card"], ["-n", "3", "--dist", "worksteal"]),
    (["-n", "0"], []), (["-n4"], []), (["--numprocesses=auto"], []), (["-p", "no:xdist"], []),
    (["-p", "no:cacheprovider"], ["-n", "3", "--dist", "worksteal"])])
def test_the_suite_runs_in_three_processes_unless_told_otherwise(args: list[str], parallel: list[str]) -> None:
    assert testrunner.parallel(args) == parallel


def test_gates_pass_only_when_ruff_mypy_and_the_complexity_limit_report_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(subprocess, "Popen", lambda cmd, **kwargs: FakeProcess(cmd, "build.py:1:1: F401 unused\n"))
    assert testrunner.run_gates(pathlib.Path("python")) == ["ruff", "mypy", "complexity"]
    assert "F401 unused" in capsys.readouterr().out  # the findings are shown
    monkeypatch.setattr(subprocess, "Popen", lambda cmd, **kwargs: FakeProcess(cmd))
    assert testrunner.run_gates(pathlib.Path("python")) == []


def test_the_complexity_gate_names_each_function_over_the_limit(tmp_path: pathlib.Path) -> None:
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(24))
    source = ("def at_the_limit(x):\n" + branches + "    return 0\n\n\nclass C:\n    def over(self, x):\n"
              + branches.replace("    ", "        ") + "        if x:\n            return 1\n")
    (tmp_path / "a.py").write_text(source)
    line = source.splitlines().index("    def over(self, x):") + 1
    result = subprocess.run([sys.executable, "-m", "buildtools.complexity", str(tmp_path)], cwd=build.ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [f"{tmp_path / 'a.py'}:{line} C.over (26): cyclomatic complexity over 25"]


def test_other_commands_refuse_unknown_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build.main(["serve", "-k", "card"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: -k card" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["x", "-1", "70000"])
def test_serve_refuses_a_bad_port_in_one_line(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build.main(["serve", "--port", port])
    assert exit_info.value.code == 2
    assert "is not a port number" in capsys.readouterr().err


def test_serve_on_a_busy_port_says_so_in_one_plain_line() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run([sys.executable, str(build.ROOT / "build.py"), "serve", "--port", str(port)],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"port {port} is already in use" in lines[0]
    assert "--port" in lines[0]
    assert "[build" not in result.stdout  # refused before building anything


def test_readme_node_requirement_is_what_the_set_up_supports() -> None:
    readme = (build.ROOT / "README.md").read_text()
    assert int(matched(r"Node\.js (\d+)\+", readme)) == machine.MIN_NODE_MAJOR
    # Pyodide itself declares the same minimum; npm runs no package code (--ignore-scripts).
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["engines"]["node"] == f">={machine.MIN_NODE_MAJOR}.0.0"


def test_an_old_node_is_refused_with_the_requirement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine, "node_major", lambda: machine.MIN_NODE_MAJOR - 2)
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    with pytest.raises(build.BuildError, match=f"needs Node.js {machine.MIN_NODE_MAJOR}\\+"):
        machine.ensure_npm()


# -- Content-Security-Policy ------------------------------------------------------


def page_policy(html: str) -> dict[str, list[str]]:
    """The directives of the page's Content-Security-Policy ``<meta>``."""
    policy = matched(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def test_every_page_has_a_strict_content_security_policy(dist: pathlib.Path) -> None:
    posters = dist / "web" / "posters"
    pages = sorted(p for p in dist.rglob("*.html") if posters not in p.parents)
    assert pages == [dist / "embed-demo.html", dist / "embed.html", dist / "engine-page.html", dist / "index.html"]
    for page in pages:
        html = page.read_text()
        if page.name == "embed-demo.html":
            # A page of frames and plain scripts: no Python, so no WebAssembly and no eval; frames from the site.
            policy = page_policy(html)
            assert policy["script-src"] == ["'self'"] and policy["frame-src"] == ["'self'"]
            assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
            assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline script"
            continue
        policy = page_policy(html)
        # Before anything it governs: the first element after the charset.
        assert html.index("Content-Security-Policy") < min(html.index("<link"), html.index("<script"))
        assert policy["default-src"] == ["'self'"]
        # Scripts and workers from the site only; WebAssembly compiles ('wasm-unsafe-eval');
        # 'unsafe-eval' only on engine-page.html, PyScript on the page, because PyScript builds its
        # hooks with Function() (see index.html).  index.html's engine is a worker (a policy of its own).
        # The embed runs neither on its page (its engine is a worker): no eval of any kind.
        assert policy["script-src"] == {"embed.html": ["'self'"], "index.html": ["'self'", "'wasm-unsafe-eval'"],
                                        "engine-page.html": ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
                                        }[page.name]
        assert policy["worker-src"] == ["'self'"]
        assert policy["connect-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"]
        assert policy["base-uri"] == ["'self'"]
        assert "'unsafe-inline'" not in policy["style-src"]
        assert not any(value in ("*", "data:", "blob:", "'unsafe-inline'", "'unsafe-hashes'")
                       for name, values in policy.items() if name.startswith(("script", "worker", "connect"))
                       for value in values)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline script"
        assert not re.search(r"\son[a-z]+\s*=", html), "an inline event handler"


def test_renderers_write_no_inline_event_handlers() -> None:
    """The policy would block them; the page's markup comes from these modules."""
    sources = [*(build.ROOT / "core" / "lostcities").rglob("*.py"), *(build.ROOT / "web").rglob("*.py"),
               *(build.ROOT / "web").rglob("*.js")]
    assert len(sources) > 5
    for path in sources:
        found = re.findall(r"<[a-zA-Z][^<>]*\son[a-z]+=", path.read_text())
        assert not found, f"{path.name} writes an inline event handler: {found[:3]}"


def test_the_start_up_snapshot_is_built_listed_and_precached(dist: pathlib.Path) -> None:
    text = (dist / "web" / "interpreter.mjs").read_text()
    assert "__SNAPSHOT__" not in text and "__PACKAGES__" not in text
    name = matched(r'const SNAPSHOT = "\./(snapshot-[0-9a-f]{16}\.bin)"', text)
    snapshot = dist / "web" / name
    # A whole interpreter's memory (Pyodide's snapshots are at least its initial 20 MB heap),
    # sent compressed.
    assert snapshot.stat().st_size > 20_000_000
    assert (dist / "web" / f"{name}.br").stat().st_size < snapshot.stat().st_size / 4
    packages = json.loads(json.loads(matched(r"const PACKAGES = (\"[^\n]*\");", text)))
    assert packages == json.loads((dist / "web" / "pyscript.json").read_text())["packages"]
    assert f'"./web/{name}"' in (dist / "sw.js").read_text()
    assert f"preload ./web/{name}" in (dist / "index.html").read_text()


def test_a_snapshot_imports_the_core_and_the_web_modules_that_never_touch_the_page(dist: pathlib.Path) -> None:
    wheel = next(dist.glob("wheels/*.whl"))
    names = [p.name for p in (build.ROOT / "web").glob("*.py")]
    modules = snapshot.page_free_modules(wheel, names)
    # The rules, the AIs, the UI package, the screens and their catalogue; never a module that reaches into the page
    # (host imports js; main imports host).
    assert {"lostcities", "lostcities.card.rules", "lostcities.board.ai", "lostcities.ui.games", "screen",
            "card_screen", "roll_screen", "embed_screen", "embed_main", "catalogue"} <= set(modules)
    assert not {"host", "main", "worker_main"} & set(modules)
    assert not any(name.endswith("__main__") for name in modules)


def test_the_pages_the_build_draws_are_the_apps_markup(dist: pathlib.Path) -> None:
    """index.html holds the home page in <main> and a template per page that needs no live game, drawn
    by the app's own renderers; the embed's posters are plain markup (no script, no handler)."""
    html = (dist / "index.html").read_text()
    drawn = pages.drawn()
    assert f'<main id="app">{drawn.home}</main>' in html
    for route in drawn.routes:
        assert f'<template data-route="{route.route}"' in html and route.content in html
    setup = next(route for route in drawn.routes if route.route == "card")
    assert setup.content.startswith('<section class="lc-screen" data-phase="setup"')
    assert 'data-region="main"><section class="lc-setup"' in setup.content
    folder = dist / "web" / "posters"
    posters = sorted(folder.rglob("*.html"))
    assert [p.relative_to(folder).with_suffix("").as_posix() for p in posters] == sorted(drawn.posters)
    assert any(key.startswith("de/") for key in drawn.posters), "a poster per language"
    for poster in posters:
        text = poster.read_text()
        step = "Schritt 1 von" if poster.parent.name == "de" else "Step 1 of"
        assert "lc-lesson-panel" in text and step in text
        head = re.match(r'<section class="([^"]*)"', text)
        assert head and "has-lesson" in head.group(1).split(), f"{poster}: the screen lacks has-lesson"
        assert "<script" not in text and not re.search(r"\son[a-z]+\s*=", text)


def test_a_memory_root_is_written_as_the_page_holds_it() -> None:
    import types

    root = types.SimpleNamespace(
        shell=('<section class="x-screen" data-phase="loading"><div class="x-main" data-region="main"></div>'
               '<div data-region="tools"></div></section>'),
        regions={"main": '<p>table</p><div data-region="hand"></div>', "hand": "<b>cards</b>", "tools": ""},
        data={"phase": "play", "moves": "3"}, classes={"lc-in-game"})
    assert pages.page_of(root) == (
        '<section class="x-screen lc-in-game" data-phase="play" data-moves="3"><div class="x-main" data-region="main">'
        '<p>table</p><div data-region="hand"><b>cards</b></div></div><div data-region="tools"></div></section>')
    root.regions = {"main": "", "nowhere": "<i>?</i>"}
    with pytest.raises(machine.BuildError, match="'nowhere'"):
        pages.page_of(root)


@pytest.mark.parametrize("gone", [BrokenPipeError, ConnectionResetError])
def test_the_server_says_nothing_of_a_browser_that_hung_up(tmp_path: pathlib.Path, gone: type[OSError],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A page closed mid-download (a test's page, a player's tab) is no error of the site: no traceback in
    the log. Any other error still is reported."""
    site = build.make_server(tmp_path, 0)
    try:
        for error, reported in ((gone(), False), (ValueError("a real fault"), True)):
            try:
                raise error
            except (OSError, ValueError):
                site.handle_error(None, ("127.0.0.1", 1))
            assert ("Traceback" in capsys.readouterr().err) is reported, error
    finally:
        site.server_close()
