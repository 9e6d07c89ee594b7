"""Fair dice for a game played by link between two devices (docs/link-play.md).

Neither player alone picks the dice. The inviter draws a secret and sends only its hash (the
commitment); the friend answers with a secret of its own; the inviter then reveals its secret,
which must hash to the commitment. The joint seed is the hash of both secrets, and the dice of
the roll at index n come from the joint seed and the hash chain of the record's first n actions
(``chain``), so every roll follows from the seed and everything played before it: a device that
receives a game recomputes every die (``check``) and refuses one whose dice, actions, secrets or
standing React orders do not match.

A **standing React order** (``Pact.orders``) is a player's React decision made ahead, for the
whole game: "React with my best soldier when its chance is at least N%" (best: the highest
chance of beating the Move total, R19; the first of the options on a tie). Both devices apply it
identically (``order_choice``), so a Move that meets it needs no round trip.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import actions as act
from . import queries as q
from .dice import Faces, Pool
from .state import PendingKind, State

SECRET_HEX = 32
"""Hex digits of a secret: 128 bits, drawn from the system's cryptographic random source."""
DIGEST_HEX = 64
"""Hex digits of a commitment (SHA-256)."""
GAME_HEX = 12
"""Hex digits of a game's id (48 random bits: one device never holds two games that share it)."""
HEX = re.compile(r"[0-9a-f]+")


class PactError(ValueError):
    """A game by link whose secrets, dice or standing orders do not match; ``str()`` is plain
    words for players and ``index`` the action at fault, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


@dataclass(frozen=True)
class Pact:
    """What makes a game by link's dice: its id, the inviter's side, the inviter's commitment,
    the secrets known so far (``secrets[0]`` player 1's, ``secrets[1]`` player 2's; None until
    known here) and each player's standing React order (a percentage from 1 to 100, None: that
    player decides each React)."""

    game: str
    inviter: int
    commit: str
    secrets: tuple[str | None, str | None] = (None, None)
    orders: tuple[int | None, int | None] = (None, None)

    @property
    def friend(self) -> int:
        return 3 - self.inviter

    def secret(self, player: int) -> str | None:
        return self.secrets[player - 1]

    def order(self, player: int) -> int | None:
        return self.orders[player - 1]

    def with_secret(self, player: int, secret: str) -> Pact:
        """This pact with ``player``'s secret known; raises ``PactError`` when it is the
        inviter's and does not hash to the commitment."""
        if player == self.inviter and digest(secret) != self.commit:
            raise PactError(
                "the secret your friend's device revealed does not match the one it committed "
                "to in the invitation, so its dice cannot be trusted"
            )
        both = list(self.secrets)
        both[player - 1] = secret
        return replace(self, secrets=(both[0], both[1]))

    def with_order(self, player: int, order: int | None) -> Pact:
        both = list(self.orders)
        both[player - 1] = order
        return replace(self, orders=(both[0], both[1]))

    @property
    def sealed(self) -> bool:
        """True once both secrets are known here: the dice can be rolled."""
        return None not in self.secrets

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "inviter": self.inviter,
            "commit": self.commit,
            "secrets": list(self.secrets),
            "orders": list(self.orders),
        }


def new_secret() -> str:
    """A fresh secret from the system's cryptographic random source."""
    import secrets

    return secrets.token_hex(SECRET_HEX // 2)


def new_game_id() -> str:
    import secrets

    return secrets.token_hex(GAME_HEX // 2)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def invite(
    inviter: int, order: int | None = None, secret: str | None = None, game: str | None = None
) -> tuple[Pact, str]:
    """A new pact for a game the ``inviter`` side starts, holding its secret; returns it and
    the secret (the pact holds it too, as the inviter's device knows it). ``secret`` and
    ``game`` fix what is otherwise drawn at random (benchmarks replay a game exactly)."""
    secret = secret or new_secret()
    pact = Pact(game or new_game_id(), inviter, digest(secret))
    return pact.with_secret(inviter, secret).with_order(inviter, order), secret


def from_dict(raw: Any) -> Pact:
    """The pact of a record's ``link`` field; raises ``ValueError`` naming the bad part."""
    if not isinstance(raw, dict) or set(raw) != {"game", "inviter", "commit", "secrets", "orders"}:
        raise ValueError("must be an object with game, inviter, commit, secrets and orders")
    game, inviter, commit = raw["game"], raw["inviter"], raw["commit"]
    if not is_hex(game, GAME_HEX):
        raise ValueError(f"game must be {GAME_HEX} hex digits")
    if type(inviter) is not int or inviter not in (1, 2):
        raise ValueError("inviter must be 1 or 2")
    if not is_hex(commit, DIGEST_HEX):
        raise ValueError(f"commit must be {DIGEST_HEX} hex digits")
    secrets_raw, orders_raw = raw["secrets"], raw["orders"]
    if not isinstance(secrets_raw, list) or len(secrets_raw) != 2:
        raise ValueError("secrets must list two secrets (or null)")
    if not all(s is None or is_hex(s, SECRET_HEX) for s in secrets_raw):
        raise ValueError(f"a secret must be {SECRET_HEX} hex digits or null")
    if not isinstance(orders_raw, list) or len(orders_raw) != 2:
        raise ValueError("orders must list two orders (or null)")
    if not all(o is None or is_order(o) for o in orders_raw):
        raise ValueError("an order must be a whole percentage from 1 to 100 or null")
    pact = Pact(game, inviter, commit, orders=(orders_raw[0], orders_raw[1]))
    for player, secret in ((1, secrets_raw[0]), (2, secrets_raw[1])):
        if secret is not None:
            try:
                pact = pact.with_secret(player, secret)
            except PactError as exc:
                raise ValueError("the inviter's secret does not match its commitment") from exc
    return pact


def is_hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and HEX.fullmatch(value) is not None


def is_order(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 100


PLACES = 3
"""Decimals a game by link keeps of each number a player's decision gives (a thousandth of a
card length, a thousandth of a degree: far finer than a hand places a card), so its links stay
short."""


def tidy(action: act.Action) -> act.Action:
    """``action`` with each of its numbers rounded to ``PLACES`` decimals (a game by link plays
    this form of a decision when the rules allow it, else the decision as given)."""
    changes: dict[str, Any] = {}
    for key, value in action.__dict__.items():
        if isinstance(value, float):
            changes[key] = _round(value)
        elif key == "points":
            changes[key] = tuple((_round(x), _round(y)) for x, y in value)
    return replace(action, **changes) if changes else action


def _round(value: float) -> float:
    return round(value, PLACES) + 0.0


def canonical(action: act.Action) -> str:
    """The one text of an action that the hash chain reads (its record form, keys sorted)."""
    return json.dumps(act.to_dict(action), sort_keys=True, separators=(",", ":"))


def chain(pact: Pact, actions: Sequence[act.Action]) -> Iterator[str]:
    """The hash of the record before each action and after the last: ``len(actions) + 1``
    hashes, each of the game's id, commitment and every action before it (each naming its
    player)."""
    link = digest(f"serm-link/{pact.game}/{pact.commit}")
    yield link
    for action in actions:
        link = digest(link + canonical(action))
        yield link


def chain_at(pact: Pact, actions: Sequence[act.Action]) -> str:
    """The hash of the record after ``actions``."""
    *_, last = chain(pact, actions)
    return last


def dice(pact: Pact, link: str, pool: Pool) -> Faces:
    """The faces of ``pool`` rolled where the record's hash is ``link``: from the joint seed
    (both secrets) and that hash. Raises ``PactError`` before both secrets are known."""
    first, second = pact.secrets
    if first is None or second is None:
        raise PactError("the dice cannot be rolled before both secrets are known")
    seed = digest(f"serm-link-dice/{first}/{second}/{link}")
    return pool.roll(random.Random(int(seed, 16)))


def order_choice(state: State, order: int) -> act.React:
    """What a standing React order of ``order``% decides at ``state``'s pending React: the option
    with the best chance of beating the Move total (R19; the first of them on a tie) when that
    chance is at least ``order``%, else decline."""
    p = state.pending
    assert p is not None and p.kind == PendingKind.REACT
    best, chance = None, -1.0
    for card in p.options:
        c = q.react_chance(state, state.soldier(p.player, card))
        if c > chance:
            best, chance = card, c
    take = best is not None and chance * 100 >= order
    return act.React(best if take else None, player=p.player)


def standing(pact: Pact, state: State) -> act.React | None:
    """The React a standing order gives at ``state``, or None when no order decides there."""
    p = state.pending
    if p is None or p.kind != PendingKind.REACT:
        return None
    order = pact.order(p.player)
    return None if order is None else order_choice(state, order)


def check(
    pact: Pact,
    steps: Iterator[tuple[act.Action, State]],
    start: State,
    since: int = 0,
    sender: int | None = None,
    at: tuple[int, str] | None = None,
) -> None:
    """Recompute every die of a replay (``steps``: each action with the state after it, from
    ``start``) and re-check every React a standing order decided; from action ``since`` on, every
    decision must be ``sender``'s or a standing order's (when ``sender`` is given). ``at`` is the
    index of the first step and the record's hash before it (default: the record's start).

    Raises ``PactError`` in plain words naming the first action that does not match.
    """
    before = start
    first, link = at if at is not None else (0, next(chain(pact, ())))
    for i, (action, after) in enumerate(steps, first):
        _check_step(pact, before, action, link, i, since, sender)
        link = digest(link + canonical(action))
        before = after


def _check_step(
    pact: Pact,
    before: State,
    action: act.Action,
    link: str,
    i: int,
    since: int,
    sender: int | None,
) -> None:
    p = before.pending
    if isinstance(action, act.Roll):
        assert p is not None and p.pool is not None  # the replay accepted the roll
        if action.faces != dice(pact, link, p.pool):
            raise PactError(
                f"the dice of action {i + 1} are not the dice the game's shared seed gives",
                i,
            )
        return
    ordered = standing(pact, before)
    if ordered is not None:
        if action != ordered:
            raise PactError(
                f"action {i + 1} is not what the standing React order of that player decides",
                i,
            )
        return
    if sender is not None and i >= since and action.player != sender:
        raise PactError(f"action {i + 1} is a decision of yours that this device did not make", i)
