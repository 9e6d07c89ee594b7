"""Touch screens for browser tests: pages with touch emulation, taps and multi-finger gestures
sent through the Chrome DevTools Protocol, and the board's mapping read from its viewBox."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page

SIZES = ((360, 640), (390, 844), (740, 360))
"""Phone portrait, a larger phone, phone landscape (CSS px)."""

Point = tuple[float, float]


@contextmanager
def phone(touch_page: Page, width: int, height: int) -> Iterator[Page]:
    """The warm phone page (``touch_page``: touch only) at ``width`` x ``height`` CSS px."""
    touch_page.set_viewport_size({"width": width, "height": height})
    yield touch_page


def mapping(page: Page) -> dict[str, float]:
    """The board's viewBox (user units) and where it shows on screen (CSS px), computed from the
    element's box and ``preserveAspectRatio="xMidYMid meet"``, not from the browser's CTM."""
    result: dict[str, float] = page.evaluate(
        """() => {
          const svg = document.getElementById('board-svg');
          const r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
          const k = Math.min(r.width / vb.width, r.height / vb.height);
          return {vx: vb.x, vy: vb.y, vw: vb.width, vh: vb.height, k,
                  ox: r.left + (r.width - vb.width * k) / 2,
                  oy: r.top + (r.height - vb.height * k) / 2,
                  left: r.left, top: r.top, right: r.right, bottom: r.bottom};
        }"""
    )
    return result


def to_screen(m: dict[str, float], x: float, y: float) -> Point:
    """Table point (L) to CSS px."""
    return m["ox"] + (x * 100 - m["vx"]) * m["k"], m["oy"] + (y * 100 - m["vy"]) * m["k"]


def to_table(m: dict[str, float], sx: float, sy: float) -> Point:
    """CSS px to table point (L)."""
    return ((sx - m["ox"]) / m["k"] + m["vx"]) / 100, ((sy - m["oy"]) / m["k"] + m["vy"]) / 100


def between(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


class Fingers:
    """Touches sent with ``Input.dispatchTouchEvent``: each call waits until the page took it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind: str, points: list[Point]) -> None:
        touch = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch})

    def gesture(self, start: list[Point], end: list[Point], steps: int = 6) -> None:
        """Fingers down at ``start``, moved in ``steps`` to ``end``, lifted."""
        self._send("touchStart", start)
        for i in range(1, steps + 1):
            now = [between(a, b, i / steps) for a, b in zip(start, end, strict=True)]
            self._send("touchMove", now)
        self._send("touchEnd", [])
        self.frames()

    def frames(self) -> None:
        """Wait two frames: pointer moves reach the page aligned to frames."""
        self.page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )

    def down_move(self, start: list[Point], end: list[Point], steps: int = 4) -> None:
        """Fingers down and moved, still pressed (``cancel`` or ``lift`` ends them)."""
        self._send("touchStart", start)
        for i in range(1, steps + 1):
            now = [between(a, b, i / steps) for a, b in zip(start, end, strict=True)]
            self._send("touchMove", now)
        self.frames()

    def cancel(self) -> None:
        self._send("touchCancel", [])
        self.frames()
