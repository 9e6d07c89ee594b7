"""Storage and slots in the page: the save store over ``localStorage``, what this tab saved last,
the Saves box, and a game's record exported to a file.

Every refusal of the storage is left in ``problems`` (the store's), for the app to tell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document

from serm.core.game import Game
from serm.ui import app_state as a
from serm.ui import panel, snapshot, words
from serm.ui.model import UI
from serm.ui.saves import AUTOSAVE, Loaded, SaveError, SaveStore, SlotInfo, load_import
from serm.view.common import counted
from serm.web import board_snapshot
from serm.web.dom import el
from serm.web.sheet import expanded
from serm.web.storage import LocalStorage

if TYPE_CHECKING:
    from serm.web.app import App

Outcomes = list[a.AppEvent]


class Slots:
    """The saves of this browser as this tab uses them, and the app's effects on them."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store = SaveStore(LocalStorage(), lambda: str(js.Date.new().toISOString()))
        self.saved = ""
        """What was saved last (the number of actions and the screen), to skip saving it again."""
        self.read: tuple[str, Loaded] | None = None
        """The game file last read for Import, and its game (imported once the player agrees)."""

    def problems(self) -> list[str]:
        """What the storage refused since last asked (said once each)."""
        found = list(self.store.problems)
        self.store.problems.clear()
        return found

    def first(self) -> bool:
        """No game was played in this browser before."""
        return self.store.info(AUTOSAVE) is None and not self.store.slots()

    def waiting(self) -> SlotInfo | None:
        """The autosaved game, offered under Continue."""
        return self.store.info(AUTOSAVE)

    def open(self, key: str) -> Loaded | None:
        return self.store.open(key)

    def autosave(
        self, game: Game, ui: UI, key: str, name: str, claim: bool = False, force: bool = False
    ) -> str | None:
        """Save the game and what the screen is in the middle of under ``key`` (every action, so
        a tab closed right after one keeps it), unless nothing changed since the last save (or
        ``force``). The store refuses to write over another tab's progress (``OTHER_TAB``) unless
        the player chose this game (``claim``). The problem, or None."""
        snap = f"{len(game.record.actions)}:{snapshot.to_dict(ui)}"
        if snap == self.saved and not (claim or force):
            return None
        if key == AUTOSAVE:
            problem = self.store.autosave(game, ui, claim)
        else:
            problem = self.store.save_slot(game, ui, name, key)
        if problem is None:
            self.saved = snap
            if key == AUTOSAVE:
                board_snapshot.after_autosave(game, self.store)  # what a returning player sees
        return problem

    def save_as(self, game: Game, ui: UI, name: str, key: str | None = None) -> str | None:
        """A named save of the game (under ``key``, or a new one); the problem, or None."""
        return self.store.save_slot(game, ui, name, key)

    def rename(self, key: str, name: str) -> str | None:
        return self.store.rename(key, name)

    def delete(self, key: str) -> None:
        self.store.delete(key)

    def name_of(self, key: str) -> str:
        """The name of the save under ``key`` as the list shows it."""
        found = [s.name for s in self.store.slots() if s.key == key]
        return found[0] if found else "this save"

    def toggle(self, has_game: bool, refresh: bool = False) -> None:
        """Show or hide the Saves box (``refresh``: draw it again if shown). Opened, it is
        scrolled into view: it lies below the prompt, often past the panel's (or the Menu's)
        fold, where opening it would change nothing the player sees."""
        box = el("saves")
        if not refresh:
            box.hidden = not box.hidden
        if not box.hidden:
            box.innerHTML = panel.saves_html(self.store.slots(), has_game)
        if not box.hidden and not refresh:
            box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        expanded("btn-saves", box)

    @staticmethod
    def hide() -> None:
        el("saves").hidden = True
        expanded("btn-saves", el("saves"))

    def effects(self) -> dict[type, Callable[[Any], Outcomes | None]]:
        """The handler of each effect on the saves."""
        return {
            a.OpenSave: self._OpenSave,
            a.WriteSave: self._WriteSave,
            a.RenameSave: self._RenameSave,
            a.DeleteSave: self._DeleteSave,
            a.CopyGame: self._CopyGame,
            a.Autosave: self._Autosave,
            a.UseImport: self._UseImport,
            a.Download: self._Download,
        }

    def _OpenSave(self, e: a.OpenSave) -> Outcomes:
        loaded = self.open(e.key)
        if loaded is None and e.key == AUTOSAVE and not e.newer:
            return self.app.welcome()  # says why; no more Continue if it is gone
        if loaded is None:
            return self.refresh()
        if e.newer:  # this tab's save, gone further in another tab
            self.app.show(loaded)
            return self._Autosave(a.Autosave())
        self.hide()
        return self.app.use(loaded, claim=e.claim)

    def refresh(self, problem: str | None = None) -> Outcomes:
        """The Saves box drawn again, and what the storage refused."""
        self.toggle(self.app.play.game is not None, refresh=True)
        return [a.Refused(problem)] if problem else []

    def _WriteSave(self, e: a.WriteSave) -> Outcomes:
        game = self.app.play.game
        return self.refresh(self.save_as(game, self.app.play.ui, e.name) if game else None)

    def _RenameSave(self, e: a.RenameSave) -> Outcomes:
        return self.refresh(self.rename(e.key, e.name))

    def _DeleteSave(self, e: a.DeleteSave) -> Outcomes:
        self.delete(e.key)
        return self.refresh()

    def _CopyGame(self, e: a.CopyGame) -> Outcomes:
        assert self.app.play.game is not None
        problem = self.save_as(self.app.play.game, self.app.play.ui, e.name, e.key)
        return [a.Refused(problem)] if problem else [a.Kept(e.key, e.name)]

    def _Autosave(self, e: a.Autosave) -> Outcomes:
        self.saved = ""
        self.app.autosave(claim=e.claim)
        return []

    def _UseImport(self, e: a.UseImport) -> Outcomes:
        read, self.read = self.read, None
        try:
            loaded = read[1] if read is not None and read[0] == e.text else load_import(e.text)
        except SaveError as exc:
            return [a.ImportFailed(str(exc))]
        self.app.use(loaded)
        self.hide()
        record, status = loaded.game.record, loaded.game.state.status
        table = words.table_title(record.scenario.name)
        said = f"the {table} table ({counted(len(record.actions), 'action')}, {status})"
        return [a.Imported(f"Imported a game on {said}.")]

    def import_text(self, text: str) -> None:
        """A game file read for Import: imported (asked first over a game), or why not."""
        try:
            self.read = (text, load_import(text))
        except SaveError as exc:
            self.app.dispatch(a.ImportFailed(str(exc)))
            return
        self.app.dispatch(a.ImportRead(text))

    def file_refused(self, why: str, watch: bool) -> None:
        said = f"Cannot watch that file: {why}. Nothing was changed."
        self.app.dispatch(a.WatchFailed(said) if watch else a.ImportFailed(why))

    def _Download(self, _e: a.Download) -> None:
        if self.app.play.game is not None:
            self.export(self.app.play.game)

    @staticmethod
    def export(game: Game) -> None:
        """Download the game's record as ``serm-game.json``."""
        text = game.record.to_json()
        blob = js.Blob.new(
            [text], to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        )
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "serm-game.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)
