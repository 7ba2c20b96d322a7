"""The dev server: ``python3 build.py serve`` serves dist/ with precompressed variants and no-cache."""

from __future__ import annotations

import contextlib
import email.utils
import errno
import functools
import http
import http.server
import os
import pathlib
import socketserver
import sys
import typing
import urllib.parse

from buildtools import compress, machine

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
ENCODINGS = compress.ENCODINGS


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
        self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return handle

    def log_message(self, format: str, *args: typing.Any) -> None:
        if os.environ.get("LOSTCITIES_QUIET_SERVER") != "1":
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: typing.Any, client_address: typing.Any) -> None:
        """A browser that closes a page, or drops a download it no longer needs, mid-response is no
        error of the site's: say nothing (the standard server printed a traceback for each); anything
        else is reported as before."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: pathlib.Path, port: int, host: str = "127.0.0.1") -> SiteServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return SiteServer((host, port), handler)


class PortInUseError(machine.BuildError):
    """The port asked for cannot be served on."""


def bind(port: int) -> SiteServer:
    """A server for dist/ on ``port``, bound before the build so a busy port is reported at once."""
    try:
        return make_server(machine.DIST, port)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            reason = f"port {port} is already in use (is another server running?)"
        elif err.errno == errno.EACCES:
            reason = f"port {port} needs more privileges than this user has"
        else:
            reason = f"cannot serve on port {port} ({err.strerror or err})"
        raise PortInUseError(f"{reason}; choose another one with --port, e.g. python3 build.py serve --port "
                             f"{port + 1 if 0 < port < 65535 else 8001}") from err


def serve(port: int, build: typing.Callable[[], pathlib.Path]) -> None:
    """Bind ``port``, ``build`` dist/, then serve it until Ctrl+C."""
    with bind(port) as server:
        build()
        print(f"Serving Lost Cities on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
