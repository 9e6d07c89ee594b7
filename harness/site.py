"""The built site, served on 127.0.0.1 as a static host would serve it.

``built_site()`` runs tools/build.py (every step is skipped when current, so it is cheap) and
returns ``_site/``. ``served(root)`` serves a folder with tools/serve.py's server in a thread,
under ``PREFIX`` on a free port, and yields its URL. ``counting_server`` is the same server
with every response logged in a ``Traffic`` (path, status, bytes sent, bytes of the file), for
the benchmarks that count what a visit downloads.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock

from tools import build, serve

PREFIX = "/serm/"
"""The sub-path the site is served under, as on a static host."""

QUIET_S = 1.0
"""How long a server must have sent nothing to count as quiet (s)."""


BUILD_LOCK = build.ROOT / "build" / "site.lock"
"""Held while one process builds: parallel test workers build one at a time (the second finds
everything current and skips every step)."""


def built_site() -> Path:
    """``_site/`` built from the current sources, by one process at a time."""
    BUILD_LOCK.parent.mkdir(exist_ok=True)
    with FileLock(BUILD_LOCK):
        build.build()
    return build.SITE


@contextmanager
def served(root: Path, prefix: str = PREFIX) -> Iterator[str]:
    """Serve ``root`` under ``prefix`` on 127.0.0.1 (a free port) while the block runs; yields
    the site's URL."""
    server = serve.start_in_thread(port=0, prefix=prefix, quiet=True, root=root)
    try:
        yield serve.server_url(server, prefix)
    finally:
        server.shutdown()
        server.server_close()


Entry = tuple[str, int, int, int]
"""(path, status, bytes sent for the body, bytes of the file it was: 0 for a 304)"""


class Traffic:
    """What one server sent, in order."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.log: list[Entry] = []
        self.last = time.monotonic()

    def add(self, entry: Entry) -> None:
        with self.lock:
            self.log.append(entry)
            self.last = time.monotonic()

    def mark(self) -> int:
        with self.lock:
            return len(self.log)

    def since(self, start: int) -> list[Entry]:
        with self.lock:
            return list(self.log[start:])

    def wait_quiet(self, quiet_s: float = QUIET_S, timeout_s: float = 120.0) -> None:
        """Return once nothing was sent for ``quiet_s`` (or after ``timeout_s``)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self.lock:
                idle = time.monotonic() - self.last
            if idle >= quiet_s:
                return
            time.sleep(0.1)


def counting_server(root: Path, traffic: Traffic, prefix: str = PREFIX) -> serve.SiteServer:
    """tools/serve.py's server and handler for ``root`` on 127.0.0.1 (a free port), started in
    a thread, with every response added to ``traffic``; stop it with ``shutdown()``."""

    class Counting(serve.Handler):
        quiet = True

        def send_response(self, code: int, message: str | None = None) -> None:
            self._bench_entry = [self.path, int(code), 0]
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-length" and hasattr(self, "_bench_entry"):
                self._bench_entry[2] = int(value)
            super().send_header(keyword, value)

        def end_headers(self) -> None:
            super().end_headers()
            entry = getattr(self, "_bench_entry", None)
            if entry is not None:
                if self.command == "HEAD":
                    entry[2] = 0
                body = self.body_bytes if entry[1] == 200 and self.command != "HEAD" else 0
                traffic.add((str(entry[0]), int(entry[1]), int(entry[2]), int(body)))
                del self._bench_entry

    Counting.prefix = serve.normalise_prefix(prefix)
    server = serve.SiteServer(("127.0.0.1", 0), Counting, root)
    for path in sorted(root.rglob("*")):  # compress once now, not during the first sample
        if path.is_file() and path.suffix in serve.GZIP_SUFFIXES:
            serve.gzipped(str(path), path.stat())
    threading.Thread(target=server.serve_forever, name="counting-http", daemon=True).start()
    return server
