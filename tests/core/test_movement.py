"""Halting along a path (R16): the shapes ``halt_along`` sets aside never change its answer.

``reference_halt`` is the plain loop it replaced: every card and every terrain piece swept on
every stretch, naming the terrain or the table edge touched first. Layouts are drawn on a
quarter-L grid, so cards touching terrain, each other and the lines of travel are common.
"""

from __future__ import annotations

import random
from dataclasses import replace

from serm.core.geometry import EPS, Vec, card_polygon, edge_contact, sweep_contact
from serm.core.movement import Halt, halt_along
from serm.core.queries import footprint_problem
from serm.core.scenario import by_name, random_layout
from serm.core.state import Soldier, State, new_game


def reference_halt(state: State, mover: Soldier, facing: float, path: tuple[Vec, ...]) -> Halt:
    others = [s for s in state.on_table() if (s.player, s.card) != (mover.player, mover.card)]
    travelled = 0.0
    for i in range(len(path) - 1):
        a, b = path[i], path[i + 1]
        seg = (b - a).length()
        if seg <= EPS:
            continue
        d = (b - a) * (1.0 / seg)
        poly = card_polygon(a, facing)
        first: float | None = None
        touched: list[tuple[int, str]] = []
        name, edge = "", False
        for s in others:
            t = sweep_contact(poly, d, s.polygon())
            if t is None or t > seg + EPS:
                continue
            if first is None or t < first - EPS:
                first, touched = t, [(s.player, s.card)]
            elif abs(t - first) <= EPS:
                touched.append((s.player, s.card))
        for terrain in state.scenario.terrain:
            t = sweep_contact(poly, d, terrain.points)
            if t is not None and t <= seg + EPS and (first is None or t < first - EPS):
                first, touched, name = t, [], terrain.name
        sc = state.scenario
        t = edge_contact(poly, d, sc.width, sc.height)
        if t is not None and t <= seg + EPS and (first is None or t < first - EPS):
            first, touched, name, edge = t, [], "", True
        if first is not None:
            return Halt(travelled + min(first, seg), tuple(touched), True, name, edge)
        travelled += seg
    return Halt(travelled, (), False)


def test_halt_along_answers_as_the_plain_loop() -> None:
    rng = random.Random(3)
    for _ in range(400):
        scenario = random_layout(rng.randint(0, 99)) if rng.random() < 0.5 else by_name("default")
        state = new_game(scenario)
        soldiers = list(state.soldiers)
        for i, s in enumerate(soldiers):
            for _ in range(40):
                x, y = rng.randint(2, 38) / 4, rng.randint(2, 38) / 4
                moved = replace(s, x=x, y=y, facing=rng.choice([0, 90, 45, 180, 30]), placed=True)
                here = replace(state, soldiers=tuple(soldiers))
                if footprint_problem(here, moved.polygon(), s) is None:
                    soldiers[i] = moved
                    break
        state = replace(state, soldiers=tuple(soldiers))
        mover = rng.choice([s for s in state.soldiers if s.placed])
        corners = [Vec(rng.randint(0, 40) / 4, rng.randint(0, 40) / 4) for _ in range(4)]
        path = (mover.pos, *corners[: rng.randint(1, 4)])
        got = halt_along(state, mover, mover.facing, path)
        assert got == reference_halt(state, mover, mover.facing, path)
