"""Work the screen does while the page is free (``Rest`` events): an aimed Move's outlook
(``serm.ui.outlook``) and the Exposure view of deployment (``serm.ui.exposure``)."""

from __future__ import annotations

from ..core.state import State
from . import exposure, outlook
from .model import UI


def wanted(state: State, ui: UI) -> bool:
    """True while some work waits for ``Rest``: the browser then sends one after ``REST_MS``
    without input, and the next as soon as the page is free after each step."""
    return outlook.wanted(state, ui) or exposure.wanted(state, ui)
