"""An archetype's thing kept next to something at another wall does not keep its own wall (solver
triage #5, program11): a kitchen's archetype puts "a sink against the north wall, next to the stove";
when the user stood the stove against the south wall (or :func:`..relations.wall_refs.leave_named_walls`
moved the sink off the user's wall), the sink cannot be at both, and the archetype's wall went to a
round that lost the user's stove. The sink's wall is left to the solver ("any"): it stands at the
wall of what it is next to. Likewise a corner the user filled is theirs: a game room's bar "in the
north-east corner" and the archetype's table in that corner too could not both stand there
(:func:`leave_named_corners`). And nothing of the archetype's stands behind a thing the user stood at a
wall: a bar's back shelf "behind the bar counter" when the user put the counter along the north wall
(:func:`nothing_behind_walls`; the solver turned the user's counter off its wall to fit the shelf).
Nor does an archetype ring a thing the user rings (:func:`leave_named_rings`).
"""

from __future__ import annotations

from .....skill_library.compass import CORNERS
from ...knowledge.objects import load_knowledge
from .....skill_library.roles import roles as relation_roles
from ..referents.world import INFERRED, SIDES, World

BESIDE = frozenset({"proximity"})  # "next to": the archetype's way to keep two things together
HUNG = frozenset({"above", "on_wall"})  # a thing hung behind another (a stage curtain) takes no floor there


def _walls(world: World) -> dict[str, set[str]]:
    """Per object, the sides it stands or hangs at (a corner: both its walls)."""
    out: dict[str, set[str]] = {}
    for rel in world.relations:
        if not rel.args:
            continue
        if rel.relation in ("against_wall", "on_wall") and rel.params.get("wall") in SIDES:
            out.setdefault(rel.args[0], set()).add(str(rel.params["wall"]))
        corner = str(rel.params.get("corner", ""))
        if rel.relation == "in_corner" and len(corner) == 2:
            out.setdefault(rel.args[0], set()).update(s for s in SIDES if s[0] in corner)
    return out


def follow_neighbours(world: World, prefix: str) -> None:
    """Each archetype ``against_wall`` (source starting with ``prefix``) of a thing kept beside
    something standing at other walls only becomes "any" wall."""
    walls = _walls(world)
    beside = BESIDE | set(relation_roles().left_right)
    for rel in world.relations:
        wall = rel.params.get("wall")
        if rel.relation != "against_wall" or not rel.args or wall not in SIDES or not rel.source.startswith(prefix):
            continue
        thing = rel.args[0]
        partners = [walls[r.args[1]] for r in world.relations
                    if r.relation in beside and len(r.args) == 2 and r.args[0] == thing and r.args[1] in walls]
        if partners and not any(wall in sides for sides in partners):
            rel.params["wall"] = "any"


def leave_named_corners(world: World, prefix: str) -> None:
    """Each archetype ``in_corner`` (source starting with ``prefix``) at a corner the text (or an
    earlier archetype thing) took moves to the first free corner, or to "any" when none is free."""
    taken = {str(r.params.get("corner")) for r in world.relations
             if r.relation == "in_corner" and not r.source.startswith(prefix)}
    for rel in world.relations:
        if rel.relation != "in_corner" or not rel.source.startswith(prefix):
            continue
        corner = str(rel.params.get("corner"))
        if corner in CORNERS and corner in taken:
            free = [c for c in CORNERS if c not in taken]
            rel.params["corner"] = free[0] if free else "any"
        taken.add(str(rel.params.get("corner")))


def nothing_behind_walls(world: World, prefix: str) -> None:
    """Drop each archetype ``behind`` (source starting with ``prefix``) of a thing that is not a seat
    whose anchor the text itself (not the archetype, not common sense) stood against a wall: its back
    is to the wall, there is no floor behind it. (A seat behind a desk stays: it sits at the desk.)"""
    walled = {r.args[0] for r in world.relations if r.relation == "against_wall" and r.args
              and not r.source.startswith((prefix, INFERRED)) and not r.params.get("min_gap")}
    hung = {r.args[0] for r in world.relations if r.relation in HUNG and r.args}
    world.relations[:] = [r for r in world.relations if not (
        r.relation == "behind" and len(r.args) == 2 and r.args[1] in walled and r.source.startswith(prefix)
        and r.args[0] in world.entities and "seat" not in world.entities[r.args[0]].roles
        and not world.entities[r.args[0]].mount and r.args[0] not in hung and not _hangs(world, r.args[0]))]


def _hangs(world: World, entity_id: str) -> bool:
    """Whether the knowledge base hangs such a thing (a stage curtain behind the stage: on its wall)."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    return facts is not None and facts.mount not in (None, "floor")


RINGS = frozenset({"around", "circular"})  # relations that stand things in a ring round their last argument


def leave_named_rings(world: World, prefix: str) -> None:
    """Drop each archetype ring (``around``, source starting with ``prefix``) of things that are no
    seats round a thing the text seats people round: "a square table with four stools around it" on
    a patio, whose archetype stands potted plants around the table too; the two rings fought for the
    table's sides and the solver traded the user's stools away. The archetype's things stand where
    the room has room. (Tents around a campfire leave the archetype's logs their ring by the fire.)"""
    def seats(args: tuple[str, ...]) -> bool:
        return all("seat" in world.entities[a].roles for a in args[:-1])
    ringed = {r.args[-1] for r in world.relations if r.relation in RINGS and len(r.args) > 1
              and not r.source.startswith(prefix) and seats(r.args)}
    world.relations[:] = [r for r in world.relations if not (r.relation in RINGS and r.source.startswith(prefix)
                                                             and len(r.args) > 1 and r.args[-1] in ringed
                                                             and not seats(r.args))]
