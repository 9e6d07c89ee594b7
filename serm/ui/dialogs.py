"""The questions the page asks (``app_state.Dialog``) as the markup of ``<dialog id=ask>``.

Each question has a title, a sentence, the button that does it (``data-action="answer-yes"``)
and the one that does not (``answer-no``, focused first, so Enter or a stray tap changes
nothing); a rename has a text field (``#ask-name``, focused first, Enter renames; a blank name is
refused in the dialog, which stays open and says why). Escape closes the dialog as "no". Names
from saves and records are escaped here. The question before leaving a game for a new one keeps
its own ``<dialog id=leave>`` in index.html.
"""

from __future__ import annotations

from ..view.escape import escape
from .app_state import Ask, Dialog
from .saves import MAX_NAME

REPLACE_WORDS = (
    "The game you open takes this one's place as the autosave (use Saves first to keep this one)."
)
"""Opening another game makes it the autosave, so the question says the game left gives way."""

_TEXTS: dict[Ask, tuple[str, str, str]] = {
    Ask.LOAD: ("Leave this game?", REPLACE_WORDS, "Open the saved game"),
    Ask.IMPORT: ("Leave this game?", REPLACE_WORDS, "Open the imported game"),
    Ask.PLAY_ON: ("Leave this game?", REPLACE_WORDS, "Play on from here"),
    Ask.RENAME: ("Rename this save", "The new name for {name}:", "Rename"),
    Ask.DELETE: ("Delete this saved game?", "{name} will be deleted from this browser.", "Delete"),
    Ask.CONCEDE: ("Concede the game?", "If {name} concedes, the other side wins.", "Concede"),
}
"""Each question's title, sentence (``{name}``: the save's or the player's name) and yes."""

HOT_SEAT_CONCEDE = (
    "If {name} concedes, {other} wins. Concede speaks for the side to play now: for {other} to "
    "concede, press it when {other} is to play."
)
"""The question in hot-seat, where both sides are played at this screen (``{other}``: the
side that does not concede)."""

NO = {Ask.RENAME: "Cancel", Ask.DELETE: "Keep it", Ask.CONCEDE: "Keep playing"}
"""The button that does nothing, where "Stay in this game" is not the words."""


def dialog_html(d: Dialog) -> str:
    """The inside of ``<dialog id=ask>`` for ``d`` (the leave question has its own dialog)."""
    title, words, yes = _TEXTS[d.ask]
    if d.ask == Ask.CONCEDE and d.other:
        words = HOT_SEAT_CONCEDE.replace("{other}", d.other)
    said = escape(words).replace("{name}", f"<strong>{escape(d.name)}</strong>")
    field = _name_field(d) if d.ask == Ask.RENAME else ""
    no = escape(NO.get(d.ask, "Stay in this game"))
    first = "" if field else " autofocus"
    return (
        f'<h2 id="ask-title">{escape(title)}</h2><p id="ask-words">{said}</p>{field}'
        '<div class="actions"><button type="button" class="primary" data-action="answer-yes">'
        f'{escape(yes)}</button><button type="button" data-action="answer-no"{first}>{no}'
        "</button></div>"
    )


def _name_field(d: Dialog) -> str:
    """The rename's text field, starting at the save's name; after a refused answer, empty as
    the player left it, marked invalid and followed by why (read out at once)."""
    if not d.problem:
        return (
            f'<input id="ask-name" type="text" maxlength="{MAX_NAME}" autocomplete="off" '
            f'aria-labelledby="ask-words" value="{escape(d.name)}" autofocus>'
        )
    return (
        f'<input id="ask-name" type="text" maxlength="{MAX_NAME}" autocomplete="off" '
        'aria-labelledby="ask-words" aria-invalid="true" aria-describedby="ask-problem" value="" '
        f'autofocus><p id="ask-problem" class="problem" role="alert">{escape(d.problem)}</p>'
    )
