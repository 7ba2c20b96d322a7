"""build.py: pinned runtimes, the lock file, the service worker, incremental builds."""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import shutil

import pytest

import build


@pytest.fixture(scope="module")
def dist() -> pathlib.Path:
    return build.build()


def test_second_build_downloads_and_rebuilds_nothing(dist: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(cmd: list[str], **kwargs: object) -> None:
        raise AssertionError(f"an unchanged build ran {cmd}")

    monkeypatch.setattr(build, "run", refuse)
    assert build.build() == dist
    assert (dist / "index.html").exists()


def test_lock_file_matches_every_wheel_shipped(dist: pathlib.Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    shipped = sorted(p.name for p in (dist / "pyodide").glob("*.whl"))
    assert sorted(entry["file_name"] for entry in lock["packages"].values()) == shipped
    assert set(lock["packages"]) == {"micropip", "packaging"}
    for entry in lock["packages"].values():
        data = (dist / "pyodide" / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert lock["info"]["python"].startswith(build.PYODIDE_PYTHON)


def test_pins_match_package_lock() -> None:
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == build.PYODIDE_VERSION
    assert lock["packages"]["node_modules/@pyscript/core"]["version"] == build.PYSCRIPT_VERSION
    assert all("integrity" in entry for name, entry in lock["packages"].items() if name)


def test_service_worker_precaches_every_file(dist: pathlib.Path) -> None:
    text = (dist / "sw.js").read_text()
    urls = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    files = {f"./{p.relative_to(dist).as_posix()}" for p in dist.rglob("*") if p.is_file()}
    files -= {"./sw.js"}
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
        names.append(re.search(r'const BUILD = "(\w+)"', (site / "sw.js").read_text()).group(1))
    assert names[0] != names[1]
    assert names[0] == names[2]


def test_site_points_only_at_itself(dist: pathlib.Path) -> None:
    config = json.loads((dist / "web" / "pyscript.json").read_text())
    assert config["interpreter"] == "../pyodide/pyodide.mjs"
    assert config["packages"] == [f"../wheels/lostcities-{build.core_version()}-py3-none-any.whl"]
    for path in [dist / "index.html", *(dist / "web").iterdir()]:
        assert not re.search(r'(?<!xmlns=")https?://', path.read_text()), f"{path.name} names another origin"


def test_core_wheel_is_pure_and_typed(dist: pathlib.Path) -> None:
    import zipfile

    wheel = next((dist / "wheels").glob("lostcities-*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "lostcities/py.typed" in names
    assert "Requires-Dist" not in metadata
