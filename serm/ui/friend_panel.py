"""The markup of playing a friend by link (pure): the setup on the start screen, the invitation
opened on the friend's device, and the box that sends the link (docs/link-play.md)."""

from __future__ import annotations

from ..view.escape import escape
from .help import table_picker

ORDERS = (None, 30, 50, 70)
"""The standing React orders offered: none (decide each React), or React at this chance."""
DEFAULT_ORDER = 50


def _order_words(n: int | None) -> str:
    if n is None:
        return "I decide each React myself (the link comes to me)"
    return f"React with my best soldier when its chance is at least {n}%"


def _order_picker(chosen: int | None) -> str:
    options = "".join(
        f'<option value="{"" if n is None else n}"{" selected" if n == chosen else ""}>'
        f"{_order_words(n)}</option>"
        for n in ORDERS
    )
    return (
        '<p class="who"><label for="friend-order">Reacts</label> '
        f'<select id="friend-order">{options}</select></p>'
    )


SIDE_WORDS = {1: "Player 1 (deploys at the bottom)", 2: "Player 2 (deploys at the top)"}


def setup_html(table: str) -> str:
    """The start screen's "Play a friend (by link)": side, standing React order, table."""
    sides = "".join(
        f'<label><input type="radio" name="friend-side" value="{p}"'
        f"{' checked' if p == 1 else ''}> {SIDE_WORDS[p]}</label> "
        for p in (1, 2)
    )
    return (
        '<div class="welcome friend-setup"><h2>Play a friend (by link)</h2>'
        "<p>You and a friend each play on your own device. The page makes a link; send it by any "
        "messenger, and your friend's device answers with a link of its own. Neither of you "
        "alone chooses the dice, and a changed roll or move is found out.</p>"
        f'<p class="who">You play: {sides}</p>'
        + _order_picker(None)
        + table_picker(table)
        + '<div class="actions"><button type="button" class="primary" data-action="friend-invite">'
        "Make the invitation</button>"
        '<button type="button" data-action="new">Back</button></div></div>'
    )


def invitation_html(side: int, table: str) -> str:
    """An invitation opened on the friend's device: accept it (with a standing order)."""
    return (
        '<div class="welcome friend-accept"><h2>Your friend invites you to a game</h2>'
        f"<p>You play Player {side} on the {escape(table)} table. Your answer is a link to send "
        "back; then your friend's device rolls the dice you both agreed on.</p>"
        + _order_picker(DEFAULT_ORDER)
        + '<div class="actions"><button type="button" class="primary" data-action="friend-accept">'
        "Accept and answer</button></div></div>"
    )


WHOLE_HINT = (
    '<p class="friend-hint">Each of your turns makes a link like this. Send to your friend '
    "shares it (or copies it); Send the whole game sends every move so far, for a friend who "
    "lost a link.</p>"
)
"""What the send box's buttons do: a link per turn, and the whole game for a lost one."""


def send_html(url: str, words: str, sent: bool, whole: bool, file_offered: bool) -> str:
    """The box that sends the link: its words, the link always in view, Send to your friend
    (Send again once sent), the whole game, and a file when the link is long."""
    send = "Send again" if sent else "Send to your friend"
    buttons = (
        f'<button type="button" class="primary" data-action="friend-send">{send}</button>'
        + (
            ""
            if whole
            else '<button type="button" data-action="friend-whole">Send the whole game</button>'
        )
        + (
            '<button type="button" data-action="friend-file">Save the link as a file</button>'
            if file_offered
            else ""
        )
    )
    long_words = (
        "<p>This link is long: some messengers cut long links. If your friend's copy is cut, "
        "save it as a file and send the file.</p>"
        if file_offered
        else ""
    )
    return (
        f'<div class="friend-send"><p class="friend-words">{escape(words)}</p>'
        '<textarea id="friend-link" readonly rows="3" aria-label="The link to send">'
        f"{escape(url)}</textarea>"
        f'<div class="actions">{buttons}</div>{"" if whole else WHOLE_HINT}{long_words}'
        '<p class="friend-sent" role="status"></p></div>'
    )
