"""What a player's pointer, keys and buttons mean at each moment of the game (pure Python).

The browser layer (serm/web) forwards raw input here in board units (card lengths) and draws what
this returns; nothing here touches the DOM, so the whole interaction is tested on CPython.
Every change to the game goes through the engine's public API (``Game.play``); the controller only
keeps what the screen shows besides the game: the card being placed, the Move being aimed, the
Brawler's path being traced, the stop point, the facing being set.

Methods return a ``Redraw`` level telling the caller what changed: ``NONE``, ``OVERLAY`` (previews
only, cheap) or ``FULL`` (board, panel and log).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..core import (
    End,
    Face,
    Game,
    IllegalActionError,
    Move,
    Path,
    Place,
    React,
    Roll,
    Shoot,
    Stop,
    Turn,
)
from ..core import queries as q
from ..core.actions import Action
from ..core.cards import CARD_NAMES, CARDS
from ..core.errors import Problem
from ..core.geometry import EPS, Vec, bearing_of, point_along, unit
from ..core.movement import halt_along
from ..core.scenario import Scenario
from ..core.state import EventKind, PendingKind, Soldier, State, Status
from ..view.model import Ghost, MovePreview, PathTrace, SoldierKey, ViewModel

NONE, OVERLAY, FULL = 0, 1, 2
Redraw = int

ROTATE_STEP = 15.0
"""Degrees per wheel notch or Q/E key press."""
NUDGE = 0.1
"""Card lengths per arrow-key press when positioning (Shift: five times as far)."""
RESULT_KINDS = (
    EventKind.ROLL,
    EventKind.KILL,
    EventKind.MISS,
    EventKind.REACT,
    EventKind.MOVE,
    EventKind.SHOOT,
    EventKind.END,
)
"""Log kinds repeated at the top of the prompt after an action, so results are seen at once."""
SPACING = 1.25
"""Distance between suggested deployment spots: a card's diagonal, so each can turn in place."""


@dataclass(frozen=True)
class Hit:
    """What the pointer is over, read by the browser layer from ``data-*`` attributes."""

    player: int | None = None
    card: str | None = None
    handle: bool = False


class Controller:
    """Interaction state for one game on one screen (hot-seat: whoever must decide uses it)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.computers: dict[int, Any] = {}
        for player, info in game.record.players.items():
            kind = info.get("kind", "human")
            if kind.startswith("computer-"):
                from ..ai import STRENGTHS, make_player  # loaded only when a computer plays

                if kind[len("computer-") :] in STRENGTHS:
                    seed = (game.record.seed or 0) + player
                    self.computers[player] = make_player(kind[len("computer-") :], seed)
        self.sub = ""  # within ACT: "", "aim", "turn", "shoot"
        self.selected: Soldier | None = None
        self.ghost: Ghost | None = None
        self.aim: float | None = None
        self.aim_locked = False
        self.facing: float | None = None  # facing being set (start facing, turn, end facing)
        self.trace: list[Vec] = []
        self.cursor: Vec | None = None
        self.stop_at: float | None = None
        self.drag = ""
        self.hovered: SoldierKey | None = None
        self.show_all_los = False
        self.message = ""
        self.log: list[tuple[str, str, tuple[tuple[int, ...], ...]]] = []
        self.recent: list[tuple[str, str, tuple[tuple[int, ...], ...]]] = []
        self.motions: list[Motion] = []
        self._roles_cache: tuple[object, Any, State] | None = None
        self._absorb_events()
        self._sync()

    # --- starting -------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        scenario: Scenario,
        seed: int | None,
        computer: dict[int, str] | None = None,
        referee: bool = False,
    ) -> Controller:
        """A new game; ``computer`` maps a player to a strength ("easy", "normal", "hard").

        In ``referee`` mode the players roll physical dice and type the faces in (R24).
        """
        game = Game(scenario, seed=seed, auto_dice=not referee)
        for player, strength in (computer or {}).items():
            if strength in ("easy", "normal", "hard"):  # serm.ai.STRENGTHS, not imported yet
                name = f"Computer ({strength})"
                game.record.players[player] = {"name": name, "kind": f"computer-{strength}"}
        if not referee:
            game.roll_pending()
        return cls(game)

    # --- the computer opponent ------------------------------------------------------------------

    def _computer(self) -> bool:
        return self.computer_to_decide()

    def computer_to_decide(self) -> bool:
        """True when the pending decision belongs to a computer player (dice never do)."""
        p = self.state.pending
        return p is not None and p.kind != PendingKind.ROLL and p.player in self.computers

    @property
    def referee(self) -> bool:
        """True when dice are typed in from physical dice instead of rolled here (R24)."""
        return not self.game.auto_dice

    def enter_dice(self, text: str) -> Redraw:
        """Typed-in faces for the pending pool: dice separated by "|", a die's chain of faces by
        spaces (a six and what it was re-rolled into: "6 3"). Checked by the engine (R9, R10)."""
        chains = []
        for part in text.split("|"):
            faces = part.replace(",", " ").replace("→", " ").split()
            if not all(f.isdigit() for f in faces) or not faces:
                self.message = "Type each die's faces as numbers, e.g. 4, or 6 2 after a six."
                return FULL
            chains.append(tuple(int(f) for f in faces))
        return self.play(Roll(tuple(chains)))

    def computer_thinking(self) -> Iterator[Action | None]:
        """The computer's thinking for the pending decision: ``None`` between slices, then its
        action (which the caller plays with ``play``)."""
        p = self.state.pending
        assert p is not None and p.player in self.computers
        return iter(self.computers[p.player].think(self.state))

    def conceding_player(self) -> int:
        """Who the Concede button speaks for: the one person playing a computer, or else
        whoever must decide now (hot-seat)."""
        humans = [p for p in (1, 2) if p not in self.computers]
        if len(humans) == 1:
            return humans[0]
        p = self.state.pending
        return p.player if p is not None and p.player else (self.state.initiative or 1)

    def names(self) -> dict[int, str]:
        return {p: info.get("name", f"Player {p}") for p, info in self.game.record.players.items()}

    @property
    def state(self) -> State:
        return self.game.state

    # --- the game through its public API --------------------------------------------------------

    def play(self, action: Action, by_computer: bool = False) -> Redraw:
        """Send ``action`` to the engine; an illegal one changes nothing and sets a message.

        ``recent`` then holds what happened since the last human decision (results to show).
        """
        before = len(self.log)
        old_state = self.state
        try:
            self.game.play(action)
        except IllegalActionError as exc:
            text = exc.message[:1].upper() + exc.message[1:]
            self.message = text + ("." if f"({exc.rule})" in text else f" ({exc.rule}).")
            return FULL
        self.message = ""
        self._absorb_events()
        new = [e for e in self.log[before:] if e[0] in RESULT_KINDS]
        self.recent = self.recent + new if by_computer else new
        self.motions = motions(old_state, self.state)
        self._sync()
        p = self.state.pending
        if (
            p is not None
            and p.kind == PendingKind.TARGET
            and len(p.options) == 1
            and self.state.shot
        ):
            if p.player not in self.computers:  # one target left: no choice to make (R22)
                moved, before_recent = self.motions, self.recent
                self.play(Shoot(self.state.shot.shooter, p.options[0]))
                self.motions, self.recent = moved + self.motions, before_recent + self.recent
        return FULL

    def _absorb_events(self) -> None:
        for e in self.game.events[len(self.log) :]:
            self.log.append((e.kind, e.text, e.faces))

    def _sync(self) -> None:
        """Reset the on-screen choices to fit what the game now waits for."""
        st, p = self.state, self.state.pending
        self.drag, self.trace, self.cursor, self.aim_locked = "", [], None, False
        self.ghost, self.aim, self.facing, self.stop_at = None, None, None, None
        self.sub = ""
        if p is None:
            self.selected = None
            return
        if p.kind == PendingKind.PLACE:
            self.selected = None
            self._new_ghost(self._unplaced(p.player)[0].card)
        elif p.kind == PendingKind.ACT:
            a = st.activation
            if a is not None and a.card is not None:
                self.selected = st.soldier(a.player, a.card)
            else:
                self.selected = None
        elif st.move is not None and st.activation is not None:  # PATH, REACT, STOP, FACE
            self.selected = st.soldier(st.activation.player, st.move.card)
            if p.kind == PendingKind.FACE:
                self.facing = self.selected.facing
            if p.kind == PendingKind.STOP:
                mv = st.move
                idx = mv.reactors.index(mv.reactor) if mv.reactor in mv.reactors else 0
                self.stop_at = min(mv.entries[idx], mv.halt) if mv.entries else 0.0
        else:
            self.selected = None
        if self.selected is not None and self.selected.on_table and p.kind == PendingKind.ACT:
            self.selected = st.soldier(self.selected.player, self.selected.card)

    # --- saving what the screen is in the middle of ---------------------------------------------

    def snapshot(self) -> dict[str, object]:
        """The on-screen choices as JSON data (an unrolled Move, a half-traced path, ...)."""
        g = self.ghost
        return {
            "selected": self.selected.card if self.selected is not None else None,
            "sub": self.sub,
            "aim": self.aim,
            "aim_locked": self.aim_locked,
            "facing": self.facing,
            "trace": [[p.x, p.y] for p in self.trace],
            "stop_at": self.stop_at,
            "ghost": None
            if g is None
            else {"card": g.card, "x": g.x, "y": g.y, "facing": g.facing},
            "show_all_los": self.show_all_los,
            "referee": self.referee,
        }

    def restore(self, ui: dict[str, object]) -> None:
        """Put back a ``snapshot``; anything that does not fit the game's state is ignored."""
        if ui.get("referee") is True:
            self.game.auto_dice = False
        p = self.state.pending
        if p is None:
            return
        self.show_all_los = ui.get("show_all_los") is True
        num = _number_or_none
        if p.kind == PendingKind.PLACE:
            g = ui.get("ghost")
            if isinstance(g, dict) and g.get("card") in [s.card for s in self._unplaced(p.player)]:
                x, y, f = num(g.get("x")), num(g.get("y")), num(g.get("facing"))
                if x is not None and y is not None and f is not None:
                    self.ghost = Ghost(p.player, str(g["card"]), x, y, f)
                    self._set_ghost(x, y, f)
            return
        if p.kind == PendingKind.ACT and self.selected is None and ui.get("selected") in CARD_NAMES:
            self.select(str(ui["selected"]))
        if (
            p.kind == PendingKind.ACT
            and self.selected is not None
            and ui.get("sub") in ("aim", "turn", "shoot")
        ):
            self.sub = str(ui["sub"])
            self.aim, self.facing = num(ui.get("aim")), num(ui.get("facing"))
            self.aim_locked = ui.get("aim_locked") is True
        elif p.kind == PendingKind.FACE:
            self.facing = (
                num(ui.get("facing")) if num(ui.get("facing")) is not None else self.facing
            )
        elif (
            p.kind == PendingKind.STOP
            and num(ui.get("stop_at")) is not None
            and self.state.move is not None
        ):
            self.stop_at = min(max(num(ui.get("stop_at")) or 0.0, 0.0), self.state.move.halt)
        elif p.kind == PendingKind.PATH and isinstance(ui.get("trace"), list):
            self._restore_trace(ui["trace"])  # type: ignore[arg-type]
        self.message = ""

    def _restore_trace(self, raw: list[object]) -> None:
        for item in raw:
            if isinstance(item, list) and len(item) == 2:
                x, y = _number_or_none(item[0]), _number_or_none(item[1])
                if x is not None and y is not None and self._remaining() > 1e-6:
                    self._add_corner(Vec(x, y))

    # --- deployment -----------------------------------------------------------------------------

    def _unplaced(self, player: int) -> list[Soldier]:
        return [s for s in self.state.alive(player) if not s.placed]

    def _new_ghost(self, card: str) -> None:
        p = self.state.pending
        assert p is not None
        facing = 0.0 if p.player == 1 else 180.0
        if self.ghost is not None:
            x, y, facing = self.ghost.x, self.ghost.y, self.ghost.facing
            if q.placement_problem(self.state, p.player, card, x, y, facing) is None:
                self.ghost = Ghost(p.player, card, x, y, facing)
                return
        x, y = self._free_spot(p.player, facing)
        self.ghost = Ghost(p.player, card, x, y, facing)

    def _free_spot(self, player: int, facing: float) -> tuple[float, float]:
        z = self.state.scenario.zone(player)
        cx = (z.x0 + z.x1) / 2
        cy = (z.y0 + z.y1) / 2
        for i in range(80):
            dx = ((i + 1) // 2) * SPACING * (1 if i % 2 else -1)
            for dy in (0.0, -0.5, 0.5):
                if q.placement_problem(self.state, player, "", cx + dx, cy + dy, facing) is None:
                    return cx + dx, cy + dy
        return cx, cy

    def _set_ghost(self, x: float, y: float, facing: float) -> None:
        g = self.ghost
        assert g is not None
        problem = q.placement_problem(self.state, g.player, g.card, x, y, facing)
        self.ghost = replace(g, x=x, y=y, facing=facing % 360.0, problem=problem)

    def choose_card(self, card: str) -> Redraw:
        """Pick which card to place next (deployment) by its name."""
        p = self.state.pending
        if (
            p is None
            or p.kind != PendingKind.PLACE
            or card not in [s.card for s in self._unplaced(p.player)]
        ):
            return NONE
        self._new_ghost(card)
        return FULL

    def confirm(self) -> Redraw:
        """The main confirm button / Enter key: do what the current prompt proposes."""
        p = self.state.pending
        if p is None:
            return NONE
        if p.kind == PendingKind.PLACE and self.ghost is not None:
            g = self.ghost
            return self.play(Place(g.card, round(g.x, 4), round(g.y, 4), round(g.facing, 2)))
        if p.kind == PendingKind.ACT and self.selected is not None:
            s = self.selected
            if self.sub == "aim" and (self.aim is not None or s.type.traces_path):
                facing = self.facing if self.facing is not None else s.facing
                direction = None if s.type.traces_path else round(self.aim or 0.0, 2)
                return self.play(Move(s.card, direction, round(facing, 2)))
            if self.sub == "turn" and self.facing is not None:
                return self.play(Turn(s.card, round(self.facing, 2)))
        if p.kind == PendingKind.FACE:
            return self.play(Face(None if self.facing is None else round(self.facing, 2)))
        if p.kind == PendingKind.STOP and self.stop_at is not None:
            return self.play(Stop(round(self.stop_at, 4)))
        if p.kind == PendingKind.PATH:
            return self.finish_path()
        return NONE

    # --- activation choices ---------------------------------------------------------------------

    def select(self, card: str) -> Redraw:
        """Choose one of the deciding player's soldiers (ACT) by card name."""
        p, st = self.state.pending, self.state
        if p is None or p.kind != PendingKind.ACT:
            return NONE
        a = st.activation
        if a is not None and a.card is not None and a.card != card:
            self.message = f"This activation belongs to your {CARDS[a.card].title}."
            return FULL
        s = st.soldier(p.player, card)
        if not any(q.can_act(st, s)):
            self.message = f"Your {s.type.title} cannot act now."
            return FULL
        self.selected, self.sub, self.message = s, "", ""
        self.aim, self.facing, self.aim_locked = None, None, False
        return FULL

    def command(self, name: str, arg: str = "") -> Redraw:
        """A button or key press naming an action: move, turn, shoot, end, react, target, ..."""
        handler = {
            "move": self._cmd_move,
            "turn": self._cmd_turn,
            "shoot": self._cmd_shoot,
            "cancel": self._cmd_cancel,
            "end": lambda _a: self.play(End()) if self._waiting(PendingKind.ACT) else NONE,
            "react": lambda a: (
                self.play(React(a or None)) if self._waiting(PendingKind.REACT) else NONE
            ),
            "target": self._cmd_target,
            "select": self.select,
            "card": self.choose_card,
            "confirm": lambda _a: self.confirm(),
            "keep": lambda _a: self.play(Face(None)) if self._waiting(PendingKind.FACE) else NONE,
            "undo-corner": self._cmd_undo_corner,
            "straight": lambda _a: self.finish_path(),
            "los": self._cmd_los,
            "dice": self.enter_dice,
        }.get(name)
        return handler(arg) if handler else NONE

    def _waiting(self, kind: str) -> bool:
        p = self.state.pending
        return p is not None and p.kind == kind

    def _cmd_move(self, _arg: str) -> Redraw:
        s = self.selected
        if s is None or not q.can_act(self.state, s)[0]:
            return NONE
        self.sub, self.facing, self.aim, self.aim_locked = "aim", s.facing, None, False
        if s.type.traces_path:
            return self.confirm()  # the Brawler rolls first, then traces its path (R17)
        self.aim = s.facing
        return FULL

    def _cmd_turn(self, _arg: str) -> Redraw:
        s = self.selected
        if s is None or not q.can_act(self.state, s)[0]:
            return NONE
        self.sub, self.facing = "turn", s.facing
        return FULL

    def _cmd_shoot(self, _arg: str) -> Redraw:
        s = self.selected
        if s is None or not q.can_act(self.state, s)[1]:
            return NONE
        self.sub = "shoot"
        return FULL

    def _cmd_target(self, target: str) -> Redraw:
        st, p = self.state, self.state.pending
        if p is not None and p.kind == PendingKind.TARGET and st.shot is not None:
            return self.play(Shoot(st.shot.shooter, target))
        if self.selected is not None:
            return self.play(Shoot(self.selected.card, target))
        return NONE

    def _cmd_cancel(self, _arg: str) -> Redraw:
        self.message = ""
        if self.state.pending is not None and self.state.pending.kind == PendingKind.PATH:
            self.trace = []
            return FULL
        if self.sub:
            self.sub, self.aim, self.facing = "", None, None
        else:
            a = self.state.activation
            if a is None or a.card is None:
                self.selected = None
        return FULL

    def _cmd_undo_corner(self, _arg: str) -> Redraw:
        if self.trace:
            self.trace.pop()
        return FULL

    def _cmd_los(self, _arg: str) -> Redraw:
        self.show_all_los = not self.show_all_los
        return FULL

    # --- Brawler path ---------------------------------------------------------------------------

    def _trace_points(self) -> list[Vec]:
        st = self.state
        assert st.move is not None and st.activation is not None
        start = st.soldier(st.activation.player, st.move.card).pos
        return [start, *self.trace]

    def _remaining(self) -> float:
        st = self.state
        assert st.move is not None and st.move.total is not None
        pts = self._trace_points()
        done = sum((pts[i + 1] - pts[i]).length() for i in range(len(pts) - 1))
        return max(st.move.total - done, 0.0)

    def _add_corner(self, toward: Vec) -> Redraw:
        pts = self._trace_points()
        last, left = pts[-1], self._remaining()
        d = toward - last
        ln = d.length()
        if ln < 0.05:
            return NONE
        step = min(ln, left)
        self.trace.append(last + d * (step / ln))
        if self._remaining() <= 1e-6:
            return self._send_path()
        return FULL  # the panel shows the length left

    def finish_path(self) -> Redraw:
        """Spend the Brawler's remaining length straight on toward the cursor (or ahead)."""
        pts = self._trace_points()
        left = self._remaining()
        if left > 1e-9:
            if self.cursor is not None and (self.cursor - pts[-1]).length() > EPS:
                d = self.cursor - pts[-1]
            elif len(pts) > 1:
                d = pts[-1] - pts[-2]
            else:
                d = unit(self.state.move.facing if self.state.move else 0.0)
            self.trace.append(pts[-1] + d * (left / d.length()))
        return self._send_path()

    def _send_path(self) -> Redraw:
        pts = tuple((p.x, p.y) for p in self.trace)
        return self.play(Path(pts))

    # --- pointer and keys -----------------------------------------------------------------------

    def pointer_down(self, x: float, y: float, hit: Hit) -> Redraw:
        """A press (mouse button or touch) at (x, y) L on the board over ``hit``."""
        p, pos = self.state.pending, Vec(x, y)
        if p is None:
            return NONE
        if hit.handle:
            self.drag = "rotate"
            return self.pointer_move(x, y, hit)
        if p.kind == PendingKind.PLACE:
            self.drag = "ghost"
            return self.pointer_move(x, y, hit)
        if p.kind == PendingKind.ACT:
            return self._act_press(pos, hit)
        if p.kind == PendingKind.PATH:
            return self._add_corner(pos)
        if p.kind == PendingKind.REACT and hit.card in p.options and hit.player == p.player:
            return self.play(React(hit.card))
        if p.kind == PendingKind.TARGET and hit.card in p.options and hit.player != p.player:
            return self._cmd_target(hit.card or "")
        if p.kind in (PendingKind.STOP, PendingKind.FACE):
            self.drag = "stop" if p.kind == PendingKind.STOP else "rotate"
            return self.pointer_move(x, y, hit)
        return NONE

    def _act_press(self, pos: Vec, hit: Hit) -> Redraw:
        st, p = self.state, self.state.pending
        assert p is not None
        if self.sub == "shoot" and hit.card and hit.player != p.player:
            return self._cmd_target(hit.card)
        if self.sub in ("aim", "turn"):
            self.drag = "aim" if self.sub == "aim" else "rotate"
            return self.pointer_move(pos.x, pos.y, Hit())
        if hit.card and hit.player == p.player:
            return self.select(hit.card)
        if hit.card and hit.player is not None:
            self.hovered = (hit.player, hit.card)
            return OVERLAY
        del st
        if self.hovered is not None and not hit.card:  # a press on the bare table: no hover
            self.hovered = None
            return OVERLAY
        return NONE

    def pointer_move(self, x: float, y: float, hit: Hit) -> Redraw:
        """The pointer moved to (x, y) L, pressed or not (``drag`` tells)."""
        p, pos = self.state.pending, Vec(x, y)
        hovered = (hit.player, hit.card) if hit.player and hit.card else None
        changed = hovered != self.hovered
        self.hovered = hovered
        if p is None:
            return OVERLAY if changed else NONE
        if self.drag == "rotate":
            centre = self._rotating_centre()
            if centre is not None and (pos - centre).length() > 0.1:
                self._set_facing(bearing_of(pos - centre))
                return OVERLAY
        elif self.drag == "ghost" and self.ghost is not None:
            self._set_ghost(x, y, self.ghost.facing)
            return OVERLAY
        elif (
            p.kind == PendingKind.ACT
            and self.sub == "aim"
            and (self.drag == "aim" or not self.aim_locked)
        ):
            s = self.selected
            if s is not None and (pos - s.pos).length() > 0.3:
                self.aim = round(bearing_of(pos - s.pos), 1)
                return OVERLAY
        elif p.kind == PendingKind.PATH:
            self.cursor = pos
            return OVERLAY
        elif self.drag == "stop":
            self.stop_at = self._project_on_path(pos)
            return OVERLAY
        return OVERLAY if changed else NONE

    def pointer_up(self, x: float, y: float, hit: Hit, touch: bool = False) -> Redraw:
        """The press ends. A finger leaves no hover behind: after a touch only an enemy card
        tapped on purpose keeps its LOS region drawn (a mouse keeps hovering where it is)."""
        if self.drag == "aim":
            self.aim_locked = True
        had = self.drag
        self.drag = ""
        p = self.state.pending
        own = p is not None and self.hovered is not None and self.hovered[0] == p.player
        if touch and (own or had):
            self.hovered = None
            return OVERLAY
        return OVERLAY if had else NONE

    def wheel(self, delta: float) -> Redraw:
        """Mouse wheel: turn whatever is being turned by ``ROTATE_STEP`` per notch."""
        return self.rotate(ROTATE_STEP if delta > 0 else -ROTATE_STEP)

    def rotate(self, degrees: float) -> Redraw:
        p = self.state.pending
        if p is None:
            return NONE
        if p.kind == PendingKind.PLACE and self.ghost is not None:
            g = self.ghost
            self._set_ghost(g.x, g.y, g.facing + degrees)
            return OVERLAY
        if self._rotating_centre() is not None and self.facing is not None:
            self._set_facing(self.facing + degrees)
            return OVERLAY
        return NONE

    def nudge(self, dx: float, dy: float) -> Redraw:
        """Arrow keys: move the card being placed, turn the aim, or slide the stop point."""
        p = self.state.pending
        if p is None:
            return NONE
        if p.kind == PendingKind.PLACE and self.ghost is not None:
            g = self.ghost
            self._set_ghost(g.x + dx * NUDGE, g.y + dy * NUDGE, g.facing)
            return OVERLAY
        if p.kind == PendingKind.ACT and self.sub == "aim" and self.aim is not None:
            self.aim = (self.aim + 5.0 * (dx + dy)) % 360.0
            self.aim_locked = True
            return OVERLAY
        if p.kind == PendingKind.STOP and self.stop_at is not None and self.state.move is not None:
            self.stop_at = min(max(self.stop_at + NUDGE * (dx - dy), 0.0), self.state.move.halt)
            return OVERLAY
        if p.kind == PendingKind.PATH:
            pts = self._trace_points()
            if self.cursor is not None and (self.cursor - pts[-1]).length() > 0.01:
                heading = bearing_of(self.cursor - pts[-1])
            elif len(pts) > 1:
                heading = bearing_of(pts[-1] - pts[-2])  # carry on along the last leg
            else:
                heading = self.state.move.facing if self.state.move else 0.0
            heading += 5.0 * (dx + dy)
            self.cursor = pts[-1] + unit(heading) * min(1.0, self._remaining())
            return OVERLAY
        return NONE

    def key(self, key: str, shift: bool = False) -> Redraw:
        """A key press by its DOM ``key`` name; returns NONE for keys it does not use."""
        k = key.lower() if len(key) == 1 else key
        arrows = {
            "ArrowLeft": (-1, 0),
            "ArrowRight": (1, 0),
            "ArrowUp": (0, -1),
            "ArrowDown": (0, 1),
        }
        if key in arrows:
            dx, dy = arrows[key]
            step = 5 if shift else 1
            return self.nudge(dx * step, dy * step)
        if k in ("q", "["):
            return self.rotate(-ROTATE_STEP)
        if k in ("e", "]"):
            return self.rotate(ROTATE_STEP)
        if key == "Enter":
            return self.confirm()
        if key == " " and self._waiting(PendingKind.PATH) and self.cursor is not None:
            return self._add_corner(self.cursor)  # keyboard corner: aim with arrows, Space adds
        if key == "Escape":
            return self.command("cancel")
        if k == "l":
            return self.command("los")
        if k.isdigit() and k != "0":
            return self._number_key(int(k) - 1)
        letters = {
            "m": "move",
            "t": "turn",
            "s": "shoot",
            "p": "end",
            "n": "react",
            "u": "undo-corner",
            "k": "keep",
        }
        if k in letters:
            return self.command(letters[k])
        return NONE

    def _number_key(self, i: int) -> Redraw:
        p = self.state.pending
        if p is None:
            return NONE
        if p.kind == PendingKind.PLACE:
            cards = [s.card for s in self._unplaced(p.player)]
            return self.choose_card(cards[i]) if i < len(cards) else NONE
        if p.kind in (PendingKind.REACT, PendingKind.TARGET):
            if i >= len(p.options):
                return NONE
            return self.command("react" if p.kind == PendingKind.REACT else "target", p.options[i])
        if p.kind == PendingKind.ACT and self.sub == "shoot" and self.selected is not None:
            targets = q.visible_enemies(self.state, self.selected)
            return self._cmd_target(targets[i].card) if i < len(targets) else NONE
        if p.kind == PendingKind.ACT and self.selected is None:
            listed = self.activatable()
            return self.select(listed[i].card) if i < len(listed) else NONE
        return NONE

    def activatable(self) -> list[Soldier]:
        """The deciding player's soldiers that can act now, in the order the panel lists them."""
        st, p = self.state, self.state.pending
        if p is None or p.kind != PendingKind.ACT:
            return []
        return [s for s in st.alive(p.player) if s.on_table and any(q.can_act(st, s))]

    def _rotating_centre(self) -> Vec | None:
        p = self.state.pending
        if p is None:
            return None
        if p.kind == PendingKind.PLACE and self.ghost is not None:
            return Vec(self.ghost.x, self.ghost.y)
        if self.selected is not None and (
            p.kind == PendingKind.FACE or self.sub in ("aim", "turn")
        ):
            return self.selected.pos
        return None

    def _set_facing(self, facing: float) -> None:
        facing = round(facing % 360.0, 1)
        if (
            self.state.pending is not None
            and self.state.pending.kind == PendingKind.PLACE
            and self.ghost
        ):
            self._set_ghost(self.ghost.x, self.ghost.y, facing)
        else:
            self.facing = facing

    def _project_on_path(self, pos: Vec) -> float:
        mv = self.state.move
        if mv is None or not mv.path:
            return 0.0
        best, best_d, travelled = 0.0, math.inf, 0.0
        for i in range(len(mv.path) - 1):
            a, b = mv.path[i], mv.path[i + 1]
            seg = b - a
            ln2 = seg.dot(seg)
            t = 0.0 if ln2 == 0 else max(0.0, min(1.0, (pos - a).dot(seg) / ln2))
            d = (a + seg * t - pos).length()
            if d < best_d:
                best, best_d = travelled + t * math.sqrt(ln2), d
            travelled += math.sqrt(ln2)
        return min(best, mv.halt)

    # --- what the board shows -------------------------------------------------------------------

    def view(self) -> ViewModel:
        """The ``ViewModel`` for ``serm.view.render`` at this moment."""
        st, p = self.state, self.state.pending
        perspective = p.player if p is not None and p.player else (st.initiative or 1)
        sel = self.selected
        hl, chances = self._roles()
        return ViewModel(
            selected=(sel.player, sel.card) if sel is not None else None,
            hovered=self.hovered,
            show_all_los=self.show_all_los and not self.finished,
            highlights=hl,
            chances=chances,
            ghost=self.ghost
            if p is not None and p.kind == PendingKind.PLACE and not self._computer()
            else None,
            move_preview=self._move_preview(),
            path_trace=self._path_trace(),
            stop_at=self.stop_at if p is not None and p.kind == PendingKind.STOP else None,
            facing_handle=None if self._computer() else self._handle(),
            perspective=perspective,
        )

    def _roles(
        self,
    ) -> tuple[tuple[tuple[SoldierKey, str], ...], tuple[tuple[SoldierKey, float], ...]]:
        """Highlights and chances: they change only with the state or the choice, not the pointer,
        so they are computed once per (state, selection, sub-mode)."""
        sel = self.selected
        key = (id(self.state), None if sel is None else sel.card, self.sub)
        if self._roles_cache is not None and self._roles_cache[0] == key:
            return self._roles_cache[1]
        st, p = self.state, self.state.pending
        hl: list[tuple[SoldierKey, str]] = []
        chances: list[tuple[SoldierKey, float]] = []
        if p is not None and p.kind == PendingKind.ACT:
            for s in st.alive(p.player):
                if s.on_table and any(q.can_act(st, s)) and (sel is None or sel.card != s.card):
                    hl.append(((s.player, s.card), "eligible"))
            if sel is not None and self.sub == "shoot":
                for e in q.visible_enemies(st, sel):
                    hl.append(((e.player, e.card), "target"))
                    chances.append(((e.player, e.card), q.kill_chance(sel, e)))
        if p is not None and p.kind == PendingKind.TARGET and st.shot is not None:
            shooter = st.soldier(p.player, st.shot.shooter)
            for card in p.options:
                e = st.soldier(3 - p.player, card)
                hl.append(((e.player, card), "target"))
                chances.append(((e.player, card), q.kill_chance(shooter, e)))
        if p is not None and p.kind == PendingKind.REACT:
            for card in p.options:
                r = st.soldier(p.player, card)
                hl.append(((r.player, card), "reactor"))
                chances.append(((r.player, card), q.react_chance(st, r)))
        roles = (tuple(hl), tuple(chances))
        self._roles_cache = (key, roles, st)  # the state is kept so its id stays unique
        return roles

    def _handle(self) -> tuple[SoldierKey, float] | None:
        p = self.state.pending
        if p is None:
            return None
        if p.kind == PendingKind.PLACE and self.ghost is not None:
            return ((self.ghost.player, self.ghost.card), self.ghost.facing)
        sel = self.selected
        if sel is not None and self.facing is not None and (p.kind == PendingKind.FACE or self.sub):
            return ((sel.player, sel.card), self.facing)
        return None

    def _move_preview(self) -> MovePreview | None:
        p, s = self.state.pending, self.selected
        if (
            p is None
            or p.kind != PendingKind.ACT
            or self.sub != "aim"
            or s is None
            or self.aim is None
        ):
            return None
        facing = self.facing if self.facing is not None else s.facing
        longest, halt = q.straight_reach(self.state, s, self.aim, facing)
        return MovePreview(
            card=(s.player, s.card),
            direction=self.aim,
            facing=facing,
            min_length=float(s.type.move),
            max_length=float(longest),
            halt=halt.distance if halt.blocked else None,
        )

    def _path_trace(self) -> PathTrace | None:
        p = self.state.pending
        if p is None or p.kind != PendingKind.PATH:
            return None
        pts = self._trace_points()
        cursor = None
        if self.cursor is not None:
            d = self.cursor - pts[-1]
            left = self._remaining()
            if d.length() > left > 0:
                d = d * (left / d.length())
            c = pts[-1] + d
            cursor = (c.x, c.y)
        halt = None
        full = pts + ([Vec(*cursor)] if cursor is not None else [])
        st = self.state
        if len(full) > 1 and st.move is not None and st.activation is not None:
            mover = st.soldier(st.activation.player, st.move.card)
            stop = halt_along(st, mover, st.move.facing, tuple(full))
            if stop.blocked:
                h = point_along(tuple(full), stop.distance)
                halt = (h.x, h.y)
        return PathTrace(tuple((v.x, v.y) for v in pts), self._remaining(), cursor, halt)

    def facing_problem(self) -> Problem | None:
        """Why the facing being set would be refused (R4), for the prompt."""
        p = self.state.pending
        if self.selected is None or self.facing is None or p is None:
            return None
        if p.kind == PendingKind.FACE or self.sub in ("aim", "turn"):
            return q.facing_problem(self.state, self.selected, self.facing)
        return None

    def stop_point(self) -> Vec | None:
        mv = self.state.move
        if mv is None or self.stop_at is None or not mv.path:
            return None
        return point_along(mv.path, self.stop_at)

    @property
    def finished(self) -> bool:
        return self.state.status == Status.FINISHED


def _number_or_none(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return None
    return float(value)


Motion = tuple[SoldierKey, tuple[tuple[float, float, float], ...]]
"""A card that just moved: its key and the (x, y, facing) corners it passed, first to last."""


def motions(before: State, after: State) -> list[Motion]:
    """Cards whose place or facing changed between two states, with the path each took (R15).

    A mover follows its move's path (the Brawler's corners too) up to where it ended.
    """
    out: list[Motion] = []
    for old, new in zip(before.soldiers, after.soldiers, strict=True):
        if not (old.on_table and new.on_table) or (old.pos, old.facing) == (new.pos, new.facing):
            continue
        corners = [(old.x, old.y, old.facing)]
        mv = before.move
        if mv is not None and mv.card == old.card and before.activation is not None:
            if before.activation.player == old.player and len(mv.path) > 2:
                end = new.pos
                for p in mv.path[1:-1]:
                    if (p - end).length() < EPS:
                        break
                    corners.append((p.x, p.y, old.facing))
        turn = (new.facing - old.facing + 180.0) % 360.0 - 180.0  # the short way round
        corners.append((new.x, new.y, old.facing + turn))
        out.append(((new.player, new.card), tuple(corners)))
    return out
