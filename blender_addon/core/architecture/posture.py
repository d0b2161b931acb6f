"""Figures that sit (issue 13): a person resting on a seat is seated, not a standing box on it.

The object knowledge base's ``postures`` say which families take which posture on which named
surfaces ("sit": a person on a chair's, a sofa's or a bench's ``seat``) and the box of that
posture as fractions of the figure's standing height: the part on the seat, hips at its bottom
and knees at its front (the shins hang outside it, to the floor). A figure whose box is already
seated-shaped (deeper than 25 % of its height) is left as the script gave it. A seated figure
faces where its seat faces (a chair turned to a table: the figure faces the table too). A figure
the script only puts *at* a table (near it) takes a free chair placed at that table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..knowledge.objects import ObjectFacts, ObjectKnowledge, Posture

SEATED_SHAPE = 0.25  # depth / height at or above which a figure's box is seated already (standing: ~0.17)


def posture_on(knowledge: ObjectKnowledge, figure: Any, support: Any, surface: str | None) -> Posture | None:
    """The posture a figure of facts ``figure`` takes on ``support``'s ``surface`` (its default
    surface when None), if any."""
    if figure is None or support is None:
        return None
    name = surface or support.default_surface or "top"
    return next((p for p in knowledge.postures.values()
                 if figure.family in p.families and name in p.surfaces and support.surface(name) is not None), None)


def posed_dimensions(dims: tuple[float, float, float], posture: Posture) -> tuple[float, float, float]:
    """A standing figure's box in ``posture`` (a seated one is kept)."""
    w, d, h = dims
    if d >= SEATED_SHAPE * h:
        return dims
    return (round(w * posture.width, 4), round(h * posture.depth, 4), round(h * posture.height, 4))


def seat_figures(program: Any, knowledge: ObjectKnowledge, support_kinds: Any) -> Any:
    """``program`` with every figure that rests on a seat (an ``on_top_of``-like relation, by its
    physics role ``support_kinds(con)``) in its seated box; a figure only *at* a table (the
    posture's ``at``) first takes a free seat placed at it. The input is kept."""
    taken = _take_free_seats(program, knowledge, support_kinds)
    if taken:
        program = replace(program, constraints=list(program.constraints) + taken)
    by_id = {o.id: o for o in program.objects}
    posed: dict[str, Any] = {}
    for con in program.constraints:
        if not support_kinds(con) or len(con.args) != 2 or not set(con.args) <= set(by_id):
            continue
        figure, support = by_id[con.args[0]], by_id[con.args[1]]
        posture = posture_on(knowledge, knowledge.lookup(figure.category), knowledge.lookup(support.category),
                             con.params.get("surface"))
        if posture is not None and figure.id not in posed:
            posed[figure.id] = replace(figure, dimensions=posed_dimensions(tuple(figure.dimensions), posture))
    if not posed:
        return program
    turned = _face_like_seats(program, {con.args[0]: con.args[1] for con in program.constraints
                                        if len(con.args) == 2 and con.args[0] in posed and support_kinds(con)})
    return replace(program, objects=[posed.get(o.id, o) for o in program.objects],
                   constraints=list(program.constraints) + turned)


def _seat_target(program: Any, seat: str) -> str | None:
    """What ``seat`` is turned to face: b of ``facing(seat, b)``, or the centre of an
    ``around(..., seat, ..., centre, facing=True)`` ring it is in."""
    for con in program.constraints:
        if con.relation == "facing" and len(con.args) == 2 and con.args[0] == seat:
            return str(con.args[1])
        if con.params.get("facing") is True and seat in con.args[:-1] and len(con.args) > 1:
            return str(con.args[-1])
    return None


SEATED_TURN_DEG = 5.0  # a seated figure is square on its seat: turned further, it leans into the backrest


def _face_like_seats(program: Any, seats: dict[str, str]) -> list[Any]:
    """For each seated figure ``parallel(figure, seat)`` within SEATED_TURN_DEG, and
    ``facing(figure, target)`` when its seat faces a target (a chair at a table): a figure sits
    square on its seat, facing where the seat faces, never turned back to front on it."""
    out: list[Any] = []
    if not program.constraints:
        return out
    template = program.constraints[0]
    for figure, seat in seats.items():
        if not any(c.relation == "parallel" and tuple(c.args) == (figure, seat)
                   and float(c.params.get("tolerance_deg", 10.0)) <= SEATED_TURN_DEG for c in program.constraints):
            out.append(replace(template, relation="parallel", args=(figure, seat),
                               params={"tolerance_deg": SEATED_TURN_DEG}, weight=1.0, hard=False))
        target = _seat_target(program, seat)
        already = any(c.relation == "facing" and tuple(c.args[:1]) == (figure,) for c in program.constraints)
        if target is not None and not already:
            out.append(replace(template, relation="facing", args=(figure, target), params={}, weight=1.0, hard=False))
    return out


def _seats_at(program: Any, target: str) -> list[str]:
    """Objects a constraint places at ``target`` (``in_front_of(s, t)``, ``behind(s, t)``,
    ``facing(s, t)``, ``around(s..., t)``), in the program's order."""
    out: list[str] = []
    for con in program.constraints:
        if len(con.args) >= 2 and con.args[-1] == target:
            out += [a for a in con.args[:-1] if a not in out]
    return out


def _has_surface(facts: ObjectFacts | None, names: tuple[str, ...]) -> bool:
    """``facts`` is known and has one of the surfaces ``names``."""
    return facts is not None and any(facts.surface(n) is not None for n in names)


def _take_free_seats(program: Any, knowledge: ObjectKnowledge, support_kinds: Any) -> list[Any]:
    """``on_top_of(figure, seat)`` for each figure the script only puts near a table or desk (a
    posture's ``at`` relations and families) when a seat placed at that table carries nothing:
    "two people at a cafe table" with two chairs sit on them."""
    facts = {o.id: knowledge.lookup(o.category) for o in program.objects}
    supported = {c.args[0] for c in program.constraints if support_kinds(c) and c.args}
    carrying = {c.args[1] for c in program.constraints if support_kinds(c) and len(c.args) == 2}
    added: list[Any] = []
    for posture in knowledge.postures.values():
        for con in program.constraints:
            if con.relation not in posture.at_relations or len(con.args) != 2 or con.args[0] in supported:
                continue
            figure, table = facts.get(con.args[0]), facts.get(con.args[1])
            if figure is None or table is None or figure.family not in posture.families \
                    or table.family not in posture.at_families or figure.category in posture.at_standing:
                continue
            seat = next((s for s in _seats_at(program, con.args[1]) if s not in carrying
                         and _has_surface(facts.get(s), posture.surfaces)), None)
            if seat is not None:
                added.append(replace(con, relation="on_top_of", args=(con.args[0], seat), params={}, weight=1.0,
                                     hard=False))
                supported.add(con.args[0])
                carrying.add(seat)
    return added
