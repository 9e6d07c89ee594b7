"""What happens around a game, as data: which game is on screen and where it saves, the table and
seats picked, the replay viewer, the question asked in the page, the notices.

``step(app, event)`` is the one way ``AppState`` changes: a pure function that returns the new
value and the *effects* the browser layer must carry out (open a save, start a game, open the
viewer...), as small frozen values. What an effect finds out (a save that cannot be opened, a
game now on screen) comes back as an event. Every question is asked in the page (``Dialog``),
answered by ``Answer``; nothing here waits for a reply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..core.state import Status
from .saves import AUTOSAVE, OTHER_TAB


class Ask(StrEnum):
    """The questions the page asks before it does something a player may not mean."""

    LEAVE = "leave"
    """New game during a game in progress."""
    LOAD = "load"
    """Open a saved game over a game in progress."""
    IMPORT = "import"
    """An imported game replaces a game in progress."""
    PLAY_ON = "play-on"
    """Play on from the viewer's position over a game in progress."""
    RENAME = "rename"
    """A new name for a save (the dialog has a text field)."""
    DELETE = "delete"
    """Delete a save."""
    CONCEDE = "concede"
    """Concede the game."""


@dataclass(frozen=True)
class Dialog:
    """A question open in the page. ``arg``: what it is about (a save's key, "hot-seat" or
    "computer", the imported text, the conceding player); ``name``: the save's or the player's
    name, as the question says it (and as the rename field starts)."""

    ask: Ask
    arg: str = ""
    name: str = ""
    problem: str = ""
    """Why the last answer was not taken (the dialog stays open and says so)."""
    other: str = ""
    """Conceding in hot-seat: the other side's name (it concedes when it is to play)."""


Seats = tuple[tuple[int, str], ...]
"""The computer's seats as (player, strength) pairs, in player order."""


@dataclass(frozen=True)
class AppState:
    """Everything around the game on screen. ``game``: its status (None: the start screen);
    ``seed``: the dice seed asked for in the address, used by the next new game only."""

    table: str = "default"
    computer: Seats = ()
    referee: bool = False
    seed: int | None = None
    game: Status | None = None
    save_key: str = AUTOSAVE
    save_name: str = "Autosave"
    watching: bool = False
    dialog: Dialog | None = None
    notices: tuple[str, ...] = ()

    @property
    def in_progress(self) -> bool:
        """A game is on screen and not over: leaving it is asked first."""
        return self.game is not None and self.game != Status.FINISHED


# --- events --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """Start a new game on ``table`` with these seats (the start screen's Start)."""

    table: str
    computer: Seats = ()
    referee: bool = False


@dataclass(frozen=True)
class Rematch:
    """A new game on the same table with the same seats."""


@dataclass(frozen=True)
class Opened:
    """A game is now on screen (new, loaded, imported, played on), saving to ``save_key``;
    ``computer``: the seats it was started with, if it was started here."""

    status: Status
    table: str
    save_key: str = AUTOSAVE
    save_name: str = "Autosave"
    computer: Seats | None = None


@dataclass(frozen=True)
class Played:
    """The game on screen moved on; ``status``: its status now."""

    status: Status


@dataclass(frozen=True)
class Welcomed:
    """The start screen is shown: no game, no viewer."""


@dataclass(frozen=True)
class PickTable:
    """A table picked on the start screen."""

    table: str


@dataclass(frozen=True)
class AskNew:
    """New game."""


@dataclass(frozen=True)
class Continue:
    """Continue the autosaved game."""


@dataclass(frozen=True)
class Load:
    """Open the save under ``key``."""

    key: str


@dataclass(frozen=True)
class SaveAs:
    """Save the game on screen under a name (empty: "Game")."""

    name: str


@dataclass(frozen=True)
class Rename:
    """Rename the save under ``key``, now called ``name``."""

    key: str
    name: str


@dataclass(frozen=True)
class Delete:
    """Delete the save under ``key``, called ``name``."""

    key: str
    name: str


@dataclass(frozen=True)
class ImportRead:
    """A game file was read and is a game that replays: import it (``text``)."""

    text: str


@dataclass(frozen=True)
class ImportFailed:
    """A game file could not be imported, for ``why``."""

    why: str


@dataclass(frozen=True)
class Imported:
    """The imported game is on screen; ``summary`` says which."""

    summary: str


@dataclass(frozen=True)
class Export:
    """Export the game on screen's record to a file."""


@dataclass(frozen=True)
class WatchSave:
    """Watch the save under ``key`` in the viewer (it is only read)."""

    key: str


@dataclass(frozen=True)
class WatchGame:
    """Watch the game on screen from its end; ``share``: and make its link."""

    share: bool = False


@dataclass(frozen=True)
class Watching:
    """The viewer is open."""


@dataclass(frozen=True)
class WatchFailed:
    """A file or a link could not be watched; ``said``: the whole sentence."""

    said: str


@dataclass(frozen=True)
class CloseViewer:
    """Close the viewer: back to the game, or the start screen."""


@dataclass(frozen=True)
class PlayOn:
    """Play on from the viewer's position as a new game, ``how``: "hot-seat" or "computer"."""

    how: str


@dataclass(frozen=True)
class Concede:
    """Concede the game for ``player`` (called ``name``); in hot-seat, ``other`` names the
    other side (both are played at this screen)."""

    player: int
    name: str
    other: str = ""


@dataclass(frozen=True)
class Answer:
    """The open question answered: ``yes`` or not; ``text``: what its field holds."""

    yes: bool
    text: str = ""


@dataclass(frozen=True)
class OtherTabSaved:
    """Another tab wrote the save this tab saves to; ``ahead``: it went further in the game."""

    ahead: bool


@dataclass(frozen=True)
class StorageCleared:
    """Another tab emptied the storage."""


@dataclass(frozen=True)
class OpenNewer:
    """Show the game another tab went on with, in place of this tab's."""


@dataclass(frozen=True)
class KeepCopy:
    """Keep this tab's game as a copy under ``key``, called ``name``."""

    key: str
    name: str


@dataclass(frozen=True)
class Kept:
    """This tab's game is kept under ``key``, called ``name``, and saves there from now on."""

    key: str
    name: str


@dataclass(frozen=True)
class Refused:
    """The storage refused (full, private browsing, another tab ahead): ``problem`` says so."""

    problem: str


@dataclass(frozen=True)
class Dismiss:
    """The notices are read."""


@dataclass(frozen=True)
class LinkNews:
    """A friend's link (a game by link) was opened: ``said`` is what the page says of it (None:
    taken in without a word). It replaces ``before``, the words of the link opened before it,
    which this one answers or outdates, so the newest stays in view on a small screen."""

    said: str | None
    before: str | None = None


AppEvent = (
    Start
    | LinkNews
    | Rematch
    | Opened
    | Played
    | Welcomed
    | PickTable
    | AskNew
    | Continue
    | Load
    | SaveAs
    | Rename
    | Delete
    | ImportRead
    | ImportFailed
    | Imported
    | Export
    | WatchSave
    | WatchGame
    | Watching
    | WatchFailed
    | CloseViewer
    | PlayOn
    | Concede
    | Answer
    | OtherTabSaved
    | StorageCleared
    | OpenNewer
    | KeepCopy
    | Kept
    | Refused
    | Dismiss
)


# --- effects -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewGame:
    """Start a game: ``seed`` None rolls fresh dice."""

    table: str
    seed: int | None
    computer: Seats
    referee: bool


@dataclass(frozen=True)
class ShowWelcome:
    """Show the start screen; ``fresh_board``: draw its board anew (the viewer had it)."""

    fresh_board: bool = False


@dataclass(frozen=True)
class OpenSave:
    """Open the save under ``key`` and show it; ``claim``: make it the autosave (the player
    chose it); ``newer``: it is this tab's own save, gone further in another tab."""

    key: str
    claim: bool = True
    newer: bool = False


@dataclass(frozen=True)
class WriteSave:
    """Save the game on screen under the name ``name`` (a new save)."""

    name: str


@dataclass(frozen=True)
class RenameSave:
    key: str
    name: str


@dataclass(frozen=True)
class DeleteSave:
    key: str


@dataclass(frozen=True)
class UseImport:
    """Show the game of an imported file (``text``, already read once) in place of the one on
    screen."""

    text: str


@dataclass(frozen=True)
class Download:
    """Export the game on screen's record to a file."""


@dataclass(frozen=True)
class ViewSave:
    """Open the viewer on the save under ``key``."""

    key: str


@dataclass(frozen=True)
class ViewGame:
    """Open the viewer on the game on screen; ``share``: make its link."""

    share: bool


@dataclass(frozen=True)
class LeaveViewer:
    """Close the viewer and draw the game on screen again."""


@dataclass(frozen=True)
class PlayOnGame:
    """Play on from the viewer's position (``how``: "hot-seat" or "computer")."""

    how: str


@dataclass(frozen=True)
class ConcedeGame:
    player: int


@dataclass(frozen=True)
class Autosave:
    """Save the game on screen now, even if nothing changed (``claim``: over another tab's)."""

    claim: bool = False


@dataclass(frozen=True)
class CopyGame:
    """Save the game on screen under ``key`` as ``name``."""

    key: str
    name: str


Effect = (
    NewGame
    | ShowWelcome
    | OpenSave
    | WriteSave
    | RenameSave
    | DeleteSave
    | UseImport
    | Download
    | ViewSave
    | ViewGame
    | LeaveViewer
    | PlayOnGame
    | ConcedeGame
    | Autosave
    | CopyGame
)
Stepped = tuple[AppState, tuple[Effect, ...]]


# --- the reducer ---------------------------------------------------------------------------------


def step(app: AppState, event: AppEvent) -> Stepped:
    """The state after ``event``, and what the browser must do for it, in order."""
    rule = _RULES.get(type(event))
    if rule is None:
        raise TypeError(f"not an app event: {event!r}")
    return rule(app, event)


def _start(app: AppState, e: Start | Rematch) -> Stepped:
    if isinstance(e, Start):
        app = replace(app, table=e.table, computer=e.computer, referee=e.referee)
    new = NewGame(app.table, app.seed, app.computer, app.referee)
    return replace(app, seed=None, dialog=None), (new,)  # a rematch gets fresh dice


def _opened(app: AppState, e: Opened) -> Stepped:
    computer = app.computer if e.computer is None else e.computer
    shown = replace(app, game=e.status, table=e.table, watching=False, dialog=None)
    return replace(shown, save_key=e.save_key, save_name=e.save_name, computer=computer), ()


def _played(app: AppState, e: Played) -> Stepped:
    return (replace(app, game=e.status), ()) if app.game is not None else (app, ())


def _welcomed(app: AppState, _e: Welcomed) -> Stepped:
    return replace(app, game=None, watching=False, dialog=None), ()


def _pick_table(app: AppState, e: PickTable) -> Stepped:
    return (replace(app, table=e.table), ()) if app.game is None else (app, ())


def _ask_first(app: AppState, dialog: Dialog, effect: Effect) -> Stepped:
    """``effect`` at once, or, over a game in progress, ``dialog`` first."""
    if app.in_progress:
        return replace(app, dialog=dialog), ()
    return app, (effect,)


def _ask_new(app: AppState, _e: AskNew) -> Stepped:
    return _ask_first(app, Dialog(Ask.LEAVE), ShowWelcome())


def _continue(app: AppState, _e: Continue) -> Stepped:
    return app, (OpenSave(AUTOSAVE, claim=False),)


def _load(app: AppState, e: Load) -> Stepped:
    return _ask_first(app, Dialog(Ask.LOAD, e.key), OpenSave(e.key))


def _save_as(app: AppState, e: SaveAs) -> Stepped:
    return (app, (WriteSave(e.name or "Game"),)) if app.game is not None else (app, ())


def _rename(app: AppState, e: Rename) -> Stepped:
    return replace(app, dialog=Dialog(Ask.RENAME, e.key, e.name)), ()


def _delete(app: AppState, e: Delete) -> Stepped:
    return replace(app, dialog=Dialog(Ask.DELETE, e.key, e.name)), ()


def _without_import_news(app: AppState) -> AppState:
    kept = tuple(m for m in app.notices if not m.startswith(("Import failed", "Imported")))
    return replace(app, notices=kept)


def _import_read(app: AppState, e: ImportRead) -> Stepped:
    return _ask_first(_without_import_news(app), Dialog(Ask.IMPORT, e.text), UseImport(e.text))


def _import_failed(app: AppState, e: ImportFailed) -> Stepped:
    return _notice(_without_import_news(app), f"Import failed: {e.why}. Nothing was changed.")


def _imported(app: AppState, e: Imported) -> Stepped:
    return _notice(_without_import_news(app), e.summary)


def _export(app: AppState, _e: Export) -> Stepped:
    return (app, (Download(),)) if app.game is not None else (app, ())


def _watch_save(app: AppState, e: WatchSave) -> Stepped:
    return app, (ViewSave(e.key),)


def _watch_game(app: AppState, e: WatchGame) -> Stepped:
    return (app, (ViewGame(e.share),)) if app.game is not None else (app, ())


def _watching(app: AppState, _e: Watching) -> Stepped:
    links = tuple(m for m in app.notices if not m.startswith("This replay link"))
    return replace(app, watching=True, dialog=None, notices=links), ()


def _watch_failed(app: AppState, e: WatchFailed) -> Stepped:
    return _notice(app, e.said)


def _close_viewer(app: AppState, _e: CloseViewer) -> Stepped:
    if not app.watching:
        return app, ()
    back: Effect = LeaveViewer() if app.game is not None else ShowWelcome(fresh_board=True)
    return replace(app, watching=False), (back,)


def _play_on(app: AppState, e: PlayOn) -> Stepped:
    if not app.watching:
        return app, ()
    return _ask_first(app, Dialog(Ask.PLAY_ON, e.how), PlayOnGame(e.how))


def _concede(app: AppState, e: Concede) -> Stepped:
    if not app.in_progress or app.watching:
        return app, ()  # the viewer shows another position than the game's
    return replace(app, dialog=Dialog(Ask.CONCEDE, str(e.player), e.name, other=e.other)), ()


NO_NAME = "A save needs a name: type one, or press Cancel to keep this one."
"""Said in the rename dialog, kept open, when the new name is blank."""


def _answer(app: AppState, e: Answer) -> Stepped:
    d, app = app.dialog, replace(app, dialog=None)
    if d is None or not e.yes:
        return app, ()
    if d.ask == Ask.RENAME and not e.text.strip():
        return replace(app, dialog=replace(d, problem=NO_NAME)), ()
    effect = _yes(d, e.text.strip(), app.in_progress)
    return app, (() if effect is None else (effect,))


def _yes(d: Dialog, text: str, in_progress: bool) -> Effect | None:
    """What a "yes" to ``d`` does (``text``: its field's words)."""
    match d.ask:
        case Ask.LEAVE:
            return ShowWelcome()
        case Ask.LOAD:
            return OpenSave(d.arg)
        case Ask.IMPORT:
            return UseImport(d.arg)
        case Ask.PLAY_ON:
            return PlayOnGame(d.arg)
        case Ask.RENAME:
            return RenameSave(d.arg, text)
        case Ask.DELETE:
            return DeleteSave(d.arg)
        case Ask.CONCEDE:
            return ConcedeGame(int(d.arg)) if in_progress else None


def _other_tab(app: AppState, e: OtherTabSaved) -> Stepped:
    return _notice(app, OTHER_TAB) if e.ahead and app.game is not None else (app, ())


def _cleared(app: AppState, _e: StorageCleared) -> Stepped:
    return (app, (Autosave(),)) if app.game is not None else (app, ())


def _without_other_tab(app: AppState) -> AppState:
    return replace(app, notices=tuple(m for m in app.notices if m != OTHER_TAB))


def _open_newer(app: AppState, _e: OpenNewer) -> Stepped:
    return _without_other_tab(app), (OpenSave(app.save_key, claim=False, newer=True),)


def _keep_copy(app: AppState, e: KeepCopy) -> Stepped:
    if app.game is None:
        return app, ()
    return _without_other_tab(app), (CopyGame(e.key, e.name),)


def _kept(app: AppState, e: Kept) -> Stepped:
    said = (
        f'This game is kept as the saved game "{e.name}" (see Saves), and its moves go on '
        "being saved there. The other tab's game is still the one waiting to continue."
    )
    return _notice(replace(app, save_key=e.key, save_name=e.name), said)


def _refused(app: AppState, e: Refused) -> Stepped:
    return _notice(app, e.problem)


def _notice(app: AppState, said: str) -> Stepped:
    """``said`` added to the notices, once."""
    return (app if said in app.notices else replace(app, notices=(*app.notices, said))), ()


def _dismiss(app: AppState, _e: Dismiss) -> Stepped:
    return replace(app, notices=()), ()


def _link_news(app: AppState, e: LinkNews) -> Stepped:
    app = replace(app, notices=tuple(m for m in app.notices if m != e.before))
    return _notice(app, e.said) if e.said is not None else (app, ())


_RULES: dict[type, Callable[[AppState, Any], Stepped]] = {
    Start: _start,
    Rematch: _start,
    LinkNews: _link_news,
    Opened: _opened,
    Played: _played,
    Welcomed: _welcomed,
    PickTable: _pick_table,
    AskNew: _ask_new,
    Continue: _continue,
    Load: _load,
    SaveAs: _save_as,
    Rename: _rename,
    Delete: _delete,
    ImportRead: _import_read,
    ImportFailed: _import_failed,
    Imported: _imported,
    Export: _export,
    WatchSave: _watch_save,
    WatchGame: _watch_game,
    Watching: _watching,
    WatchFailed: _watch_failed,
    CloseViewer: _close_viewer,
    PlayOn: _play_on,
    Concede: _concede,
    Answer: _answer,
    OtherTabSaved: _other_tab,
    StorageCleared: _cleared,
    OpenNewer: _open_newer,
    KeepCopy: _keep_copy,
    Kept: _kept,
    Refused: _refused,
    Dismiss: _dismiss,
}
