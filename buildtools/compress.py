"""Precompressed variants: ``x.br`` and ``x.gz`` beside every compressible file of the site, written
in parallel processes (one file each, the largest first), cached by content and brotli quality.

The quality is a trade of build time against download size (the 31 MB start-up snapshot: 5.0 MB at
brotli 6 in about a second of CPU, 4.8 MB at 9 in 6 s, 4.2 MB at 11 in minutes): quick builds (``serve``, ``test``) use
:data:`QUICK`, the site built for publishing uses :data:`BEST`, and any file whose :data:`BEST`
variant is already cached gets that one.
"""

from __future__ import annotations

import concurrent.futures
import gzip
import os
import pathlib
import time

import brotli

from buildtools import machine

COMPRESSIBLE = (".bin", ".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".zip", ".whl", ".svg",
                ".txt", ".py")
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""Precompressed variants written beside a file, by preference; the server picks one the browser accepts."""
QUICK = 6
BEST = 11
MIN_SIZE = 1024
"""Smaller files are sent as they are."""
FOLDER = machine.CACHE / "compressed"


def compressible(site: pathlib.Path) -> list[pathlib.Path]:
    return [p for p in sorted(site.rglob("*")) if p.is_file() and p.suffix in COMPRESSIBLE
            and p.stat().st_size >= MIN_SIZE]


def is_variant(path: pathlib.Path) -> bool:
    """True for a precompressed copy of another file of the site."""
    return path.suffix in {suffix for _, suffix in ENCODINGS} and path.with_suffix("").exists()


def cached(digest: str, quality: int) -> dict[str, pathlib.Path]:
    """The cache's files for a content digest: {suffix: path} (gzip does not depend on the quality)."""
    return {".br": FOLDER / f"{digest}.q{quality}.br", ".gz": FOLDER / f"{digest}.gz"}


def compress(source: str, digest: str, quality: int) -> int:
    """Write the cached variants of one file (in a worker process); returns its size."""
    data = pathlib.Path(source).read_bytes()
    targets = cached(digest, quality)
    outputs = {".br": lambda: brotli.compress(data, quality=quality, lgwin=24),
               ".gz": lambda: gzip.compress(data, compresslevel=9, mtime=0)}
    for suffix, target in targets.items():
        if not target.exists():
            partial = target.with_name(target.name + f".{os.getpid()}.part")
            partial.write_bytes(outputs[suffix]())
            partial.replace(target)
    return len(data)


def place(path: pathlib.Path, variants: dict[str, pathlib.Path]) -> None:
    """Copy the variants that save at least a tenth beside ``path`` (atomically: a server may be
    sending the old one); an identical one is left alone."""
    size = path.stat().st_size
    for suffix, variant in variants.items():
        target = path.with_name(path.name + suffix)
        data = variant.read_bytes()
        if len(data) >= size * 0.9:
            target.unlink(missing_ok=True)
        elif not (target.exists() and target.stat().st_size == len(data) and target.read_bytes() == data):
            partial = target.with_name(target.name + ".part")
            partial.write_bytes(data)
            partial.replace(target)


def precompress(site: pathlib.Path, quality: int = QUICK, workers: int | None = None) -> None:
    """Write the variants of every compressible file of ``site``, reporting progress on the console."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    digests = {path: machine.sha256_file(path) for path in compressible(site)}
    chosen = {path: cached(digest, BEST) if cached(digest, BEST)[".br"].exists() else cached(digest, quality)
              for path, digest in digests.items()}
    missing = sorted((path for path, variants in chosen.items() if not all(v.exists() for v in variants.values())),
                     key=lambda path: -path.stat().st_size)
    if missing:
        total = sum(path.stat().st_size for path in missing)
        machine.log(f"compressing {len(missing)} files, {total / 1e6:.1f} MB (brotli {quality} and gzip, "
                    f"{workers or os.cpu_count()} processes)")
        started, done = time.perf_counter(), 0
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = {pool.submit(compress, str(path), digests[path], quality): path for path in missing}
            for job in concurrent.futures.as_completed(jobs):
                done += job.result()
                path = jobs[job]
                place(path, chosen[path])
                if path.stat().st_size >= 1 << 20 or done == total:
                    machine.log(f"  compressed {path.relative_to(site)}: {done / total:.0%} of "
                                f"{total / 1e6:.1f} MB after {time.perf_counter() - started:.0f} s")
    for path, variants in chosen.items():
        place(path, variants)
    used = {v.name for variants in chosen.values() for v in variants.values()}
    used |= {v.name for digest in digests.values() for v in cached(digest, BEST).values()}
    for stale in FOLDER.iterdir():  # the copies of earlier builds' files go
        if stale.name not in used and not stale.name.endswith(".part"):
            stale.unlink()
