"""The page's entry point (index.html's ``<script type="py">``): start the game.

PyScript runs this file from source on every load, so it stays short; the browser layer itself is
``serm.web.app``, imported from the site's serm.zip as precompiled bytecode.  PyScript runs it as
a coroutine: the imports come in steps, each in a task of its own, so that the page paints between
them and static/js/boot.js moves the loading bar at each ``serm:stage`` event.  (Plain import
statements: tools/trim_stdlib.py follows them to know what the page imports.)
"""

import asyncio

import js
from pyodide.ffi import to_js


def stage(name: str) -> None:
    detail = to_js({"detail": name}, dict_converter=js.Object.fromEntries)
    js.window.dispatchEvent(js.CustomEvent.new("serm:stage", detail))


async def step(name: str) -> None:
    """Let the page paint, then say which step comes next."""
    await asyncio.sleep(0)
    stage(name)


stage("rules")
import serm.core.game  # noqa: E402

await step("drawing")  # type: ignore[top-level-await]  # noqa: F704
import serm.view.render  # noqa: E402

await step("controls")  # type: ignore[top-level-await]  # noqa: F704
import serm.ui.driver  # noqa: E402, F401

await step("page")  # type: ignore[top-level-await]  # noqa: F704
from serm.web.app import main  # noqa: E402

await step("board")  # type: ignore[top-level-await]  # noqa: F704
APP = main()
