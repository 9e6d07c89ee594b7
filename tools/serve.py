"""Serve the serm site locally: ``python -m tools.serve [--port 8000] [--prefix /serm/]``.

Builds first (see tools/build.py; fast when nothing changed) unless ``--no-build``,
then serves ``_site/``, the deployable site, on 127.0.0.1 with a threaded stdlib HTTP
server.  ``--prefix /serm/`` serves the same files under a sub-path, as a static host
such as GitHub Pages would.  Like a static host it lists no directories, answers a
conditional request for an unchanged file with 304, and compresses text, scripts and
WebAssembly with gzip when the browser accepts it (``Content-Encoding: gzip``; zips and
images are sent as they are: they are compressed already); ``--no-gzip`` turns that off.
The site registers a service worker: after a rebuild the open page offers "Reload".

The folder served is the server's ``root`` attribute, read at each request: the browser
tests switch it to serve a second build at the same URL.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import io
import os
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
HOST = "127.0.0.1"

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".whl": "application/zip",
}


# Compressed like a static host does: text, scripts, JSON and WebAssembly; never archives or images.
GZIP_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".toml", ".py", ".wasm"}
)
GZIP_LEVEL = 6
GZIP_MIN_BYTES = 1024

_gzip_cache: dict[tuple[str, int, int], bytes] = {}
_gzip_lock = threading.Lock()


def gzipped(path: str, stat: os.stat_result) -> bytes:
    """The gzip body of ``path`` (compressed once per version of the file; mtime 0: the bytes
    depend on the content only)."""
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _gzip_lock:
        found = _gzip_cache.get(key)
    if found is None:
        with open(path, "rb") as handle:
            found = gzip.compress(handle.read(), GZIP_LEVEL, mtime=0)
        with _gzip_lock:
            _gzip_cache[key] = found
    return found


def normalise_prefix(prefix: str) -> str:
    prefix = "/" + prefix.strip("/")
    return "/" if prefix == "/" else prefix + "/"


class SiteServer(ThreadingHTTPServer):
    """A threaded HTTP server whose ``root`` (the folder served) may be switched at any time."""

    daemon_threads = True

    def __init__(
        self, address: tuple[str, int], handler: type[Handler], root: Path, compress: bool = True
    ) -> None:
        self.root = root
        self.compress = compress
        super().__init__(address, handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that drops a connection (a cancelled download) is not an error here."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class Handler(SimpleHTTPRequestHandler):
    """Static files from the server's root folder, under ``prefix``, with no caching."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    quiet = False
    server: SiteServer
    body_bytes = 0
    """The size of the file the last response was about (before compression; 0 for none)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        server = args[2]
        super().__init__(*args, directory=str(server.root), **kwargs)

    def _route(self) -> str | None:
        """Path relative to the site root, or None after sending a redirect/404."""
        path = urlsplit(self.path).path
        if self.prefix != "/":
            if path in ("/", self.prefix.rstrip("/")):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(self.prefix):
                self.send_error(HTTPStatus.NOT_FOUND)
                return None
            path = "/" + path[len(self.prefix) :]
        if any(part.startswith(".") for part in path.split("/")):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return path

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """No listings, as on a static host: a folder without index.html is a 404."""
        self.send_error(HTTPStatus.NOT_FOUND)
        return None

    def _serve(self, head_only: bool) -> None:
        path = self._route()
        if path is None:
            return
        query = urlsplit(self.path).query
        if not path.endswith("/") and os.path.isdir(self.translate_path(path)):
            # a folder without its slash: redirect within the prefix (SimpleHTTPRequestHandler
            # would redirect to the path without it)
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", self.prefix + path.lstrip("/") + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.path = path + ("?" + query if query else "")
        if head_only:
            super().do_HEAD()
        else:
            super().do_GET()

    def send_head(self) -> Any:
        """As SimpleHTTPRequestHandler's, plus gzip for compressible files when accepted."""
        path = self.translate_path(self.path)
        self.body_bytes = 0
        if not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        self.body_bytes = stat.st_size
        suffix = os.path.splitext(path)[1].lower()
        if suffix not in GZIP_SUFFIXES:
            return super().send_head()
        if not self.server.compress or stat.st_size < GZIP_MIN_BYTES or not self._accepts_gzip():
            self._vary = True
            return super().send_head()
        if self._not_modified(stat):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        body = gzipped(path, stat)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    _vary = False

    def _accepts_gzip(self) -> bool:
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            if name.strip().lower() in ("gzip", "*"):
                return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
        return False

    def _not_modified(self, stat: os.stat_result) -> bool:
        """If-Modified-Since says the browser has this version (as SimpleHTTPRequestHandler)."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        return when is not None and int(stat.st_mtime) <= int(when.timestamp())

    def do_GET(self) -> None:
        self._serve(head_only=False)

    def do_HEAD(self) -> None:
        self._serve(head_only=True)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self._vary:
            self.send_header("Vary", "Accept-Encoding")
            self._vary = False
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    port: int = 8000,
    prefix: str = "/",
    quiet: bool = False,
    host: str = HOST,
    root: Path = SITE,
    compress: bool = True,
) -> SiteServer:
    """A server of ``root`` on ``host:port`` (port 0 picks a free one); call serve_forever()."""
    handler_class = type(
        "SermHandler", (Handler,), {"prefix": normalise_prefix(prefix), "quiet": quiet}
    )
    return SiteServer((host, port), handler_class, root, compress)


def server_url(server: ThreadingHTTPServer, prefix: str = "/") -> str:
    host, port = server.server_address[:2]
    if isinstance(host, bytes):
        host = host.decode()
    return f"http://{host}:{port}{normalise_prefix(prefix)}"


def start_in_thread(
    port: int = 0, prefix: str = "/", quiet: bool = True, root: Path = SITE
) -> SiteServer:
    """Start a server in a daemon thread (used by the browser tests); stop with shutdown()."""
    server = make_server(port, prefix, quiet=quiet, root=root)
    threading.Thread(target=server.serve_forever, name="serm-http", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve serm on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000, 0 = any)")
    parser.add_argument("--prefix", default="/", help="sub-path to serve under, e.g. /serm/")
    parser.add_argument("--no-build", action="store_true", help="skip tools/build.py")
    parser.add_argument(
        "--root", type=Path, default=SITE, help="folder to serve (default: _site, the build's)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument("--no-gzip", action="store_true", help="never compress responses")
    args = parser.parse_args(argv)

    if not args.no_build:
        from tools import build

        build.build()
    if not (args.root / "index.html").is_file():
        sys.exit(f"{args.root} has no index.html: run python tools/build.py")

    server = make_server(
        args.port, args.prefix, quiet=args.quiet, root=args.root, compress=not args.no_gzip
    )
    print(f"serm is served at {server_url(server, args.prefix)}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
