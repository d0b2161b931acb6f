"""Doors and windows the text names: openings cut in the room's walls, never objects (issue 14).

"a window on the east wall" cuts a window in that wall; "the window" refers back to the
latest one (or makes one when none was named); "a desk under the window", "a chair next to
the door", "a sofa facing the door", "a clock above the door", "keep the doorway clear" relate
objects to them. A planned relation to an opening keeps the opening's id in its params
(:data:`OPENING_PARAM`) so that the planner's rules, which read objects only, see an object
placed by it; :func:`scene_relations` makes it the relation's last argument for the scene graph.
Walls the text leaves open are picked by :func:`assign_walls`, after the whole text is read.
"""

from __future__ import annotations

import math
from typing import Any

from .....skill_library.roles import roles as relation_roles
from ..setting.ground import scene_by_ground
from ..reading.closed_words import EVERY_ONE
from ..reading.phrases import NounPhrase
from ..referents.world import (INFERRED, OPPOSITE, WALL_RELATIONS, WAS_PARAM, Group, OpeningNote, Place,
                               PlannedRelation, World)

OPENINGS = ("door", "window")
OPENING_PARAM = "_opening"  # the planned relation's opening id, moved to its last argument
# planned names of relations to openings that the planner's rules must not read as object relations
PLANNED = {"near_opening": "proximity", "above_opening": "above", "closer_to_opening": "closer_than",
           "far_from_opening": "far_from"}
CATEGORY_PARAM = "_category"  # "no chair in front of the door": the clear zone's members are the chairs
# the walls an opening the text puts on none goes to, the camera's far walls first
WALL_ORDER = {"window": ("north", "west", "east", "south"), "door": ("west", "south", "east", "north")}
PLURAL_DEFAULT = 2  # "windows" without a count
LOW_ENOUGH = 1.0  # m: a thing this tall (or lower) "by the window" stands under it
FLAT_REACH = 0.3  # m: a rug or mat by a door or window lies this close to it
UNDER_SILL = 1.3  # m: the tallest thing that stands under a window (a cot, an upright piano): the coder raises
# the window's sill over it (coding/room_coder.raised_sills); a taller one (a bookcase) stands by the window
NEAR_WINDOW = 0.8  # m: how close a taller thing by the window stands to it
AT_WINDOW = 0.1  # m: what stands under a window stands at its wall (under_window's max_distance; its default 0.3)
WALL_PLACES = ("wall", "side")
BESIDE = frozenset({"near", "at", "along", "against", "in", "on", "front", "left", "right", "by"})


def opening_place(world: World, np: NounPhrase, side: str | None) -> Place:
    """The place a "window"/"door" phrase denotes: the openings it names, made when new."""
    kind = np.location or "window"
    known = [o for o in world.openings if o.kind == kind and (side is None or o.wall in (side, None))]
    if np.definite and known:
        chosen = known if np.plural or np.determiner in EVERY_ONE else [known[-1]]
        if np.ordinal is not None:
            chosen = [known[min(np.ordinal, len(known)) - 1]] if np.ordinal > 0 else [known[-1]]
    else:
        count = np.count or (PLURAL_DEFAULT if np.plural else 1)
        chosen = [_new_opening(world, kind, np.hints) for _ in range(count)]
    if side is not None:
        for note in chosen:
            note.wall = note.wall or side  # "the east window"
    return Place(kind, side, None, tuple(o.id for o in chosen))


def _new_opening(world: World, kind: str, hints: tuple[str, ...]) -> OpeningNote:
    painted = [h for h in hints if world.vocab.catalog.finish([h]) is not None]
    if painted:  # "a blue door": an opening is drawn in the frame's own colours
        world.notes.append(f"{' '.join(painted)} {kind}: the colour of a door or window is not applied")
    number = sum(o.kind == kind for o in world.openings) + 1
    note = OpeningNote(id=f"{kind}_{number}", kind=kind, wall=None, hints=hints)
    world.openings.append(note)
    return note


def note(world: World, opening_id: str) -> OpeningNote:
    """The opening with this id."""
    return next(o for o in world.openings if o.id == opening_id)


def place_opening(world: World, subject: Group, obj: Group, kind: str = "on", source: str = "") -> bool:
    """"a window on the east wall", "the door is in the south wall": the wall the openings are in.
    Several openings on "each wall" / "the walls" go one a wall. "A window above the sink": the
    sink stands under it."""
    assert subject.place is not None
    if obj.place is None and obj.ids and kind in ("above", "behind"):
        return relate_to_opening(world, "under", {}, obj, subject, source)
    if obj.place is None or obj.place.kind not in WALL_PLACES:
        return False
    sides = [obj.place.side] if obj.place.side else []
    if not sides and obj.distributive:
        sides = list(WALL_ORDER[subject.place.kind])
    if not sides:
        return True  # "a window in the wall": any wall, picked later
    for i, opening_id in enumerate(subject.place.openings):
        note(world, opening_id).wall = sides[i % len(sides)]
    return True


def relate_to_opening(world: World, kind: str, params: dict[str, Any], subject: Group, target: Group,
                      source: str) -> bool:
    """Relations of objects to a door or window (``target.place.openings``); False when the phrase
    says nothing the library can hold. "A desk under each window": one desk per window."""
    place = target.place
    assert place is not None
    if target.distributive and subject.fresh and len(subject.ids) == 1 and len(place.openings) > 1:
        world.grow(subject, len(place.openings))
    if kind in ("each_side", "flanked_by") and len(place.openings) == 1:  # "plants either side of the door"
        from .opening_sides import flank_opening
        return flank_opening(world, params, subject, place.openings[0], source)
    ids = subject.ids[:1] if subject.stacked else subject.ids  # a stack stands there with its bottom
    if kind == "facing" and len(ids) > len(place.openings) + 1:  # "benches, all facing the door": turned to it
        return all([world.relate("facing_door", [a], {OPENING_PARAM: place.openings[0]}, source) for a in ids])
    if kind == "row_along" or (kind == "along" and len(ids) > 1) or len(ids) > len(place.openings) + 1:
        if kind == "row_along" and len(ids) > 1:  # "tables in a row along the window": along its wall
            world.relate("row", ids, {}, source)
        for a in ids:
            world.relate("against_wall", [a], {"wall": f"of:{place.openings[0]}"}, source, inferred=True)
        if kind in ("along", "row_along"):  # "a row of buckets along the front window": at it, not anywhere on its wall
            middle = ids[(len(ids) - 1) // 2]  # the row's middle by the window, the rest beside it in the row
            mark = {OPENING_PARAM: place.openings[0], "max_distance": NEAR_WINDOW}
            world.relate("near_opening", [middle], mark, source)
        return True
    made = False
    for i, a in enumerate(ids):
        opening = place.openings[i % len(place.openings)]
        made |= _relate_one(world, kind, params, a, opening, source)
    return made


def _relate_one(world: World, kind: str, params: dict[str, Any], a: str, opening: str, source: str) -> bool:
    door = note(world, opening).kind == "door"
    tall = _height(world, a) > LOW_ENOUGH
    mark = {OPENING_PARAM: opening}
    roles = world.entities[a].roles
    desk_like = bool(roles & {"workplace", "surface"}) and not (kind == "facing" and "seat" in roles)  # a bench: turned
    if (kind == "under" or (kind == "facing" and desk_like)) and not door:
        # a desk "facing the window" stands under it: its user faces the window; a wardrobe too
        # tall for any window above it stands at the window's wall, by it
        if _height(world, a) > UNDER_SILL:
            world.relate("against_wall", [a], {"wall": f"of:{opening}"}, source)
            return world.relate("near_opening", [a], mark | {"max_distance": NEAR_WINDOW}, source)
        return world.relate("under_window", [a], mark | {"max_distance": AT_WINDOW}, source, inferred=kind == "facing")
    if kind == "above":  # "a clock above the door": hung on its wall, over it
        world.entities[a].mount = "wall"
        return world.relate("above_opening", [a], mark, source)
    if kind == "facing":
        return world.relate("facing_door", [a], mark, source)
    if kind == "across":  # "opposite the door": on the facing wall, turned to it
        world.relate("against_wall", [a], {"wall": f"opposite:{opening}"}, source)
        return world.relate("facing_door", [a], mark, source)
    if kind == "far":  # "at least 2 m from the door", "as far as possible from the window"
        return world.relate("far_from_opening", [a], mark | {"min_distance": params.get("min_distance", 2.0)}, source)
    if kind not in BESIDE:
        return False
    if params.get("stated") and "min_distance" in params:  # "about 2 m from the door": out there, not at it
        gap = {k: params[k] for k in ("min_distance", "max_distance") if k in params}
        return world.relate("near_opening", [a], mark | gap, source)
    if "flat" in world.entities[a].roles:  # "a rug in front of the door" lies there
        return world.relate("near_opening", [a], mark | {"max_distance": FLAT_REACH}, source)
    if door:
        return world.relate("next_to_door", [a], mark | {"max_distance": params.get("max_distance", 1.0)}, source)
    if tall or kind in ("left", "right") or _cornered(world, a):  # "an armchair in the corner by the window":
        # beside it, in the corner the window's end leaves (room_coder), not under it mid-wall
        return world.relate("near_opening", [a], mark | {"max_distance": params.get("max_distance", NEAR_WINDOW)},
                            source)
    return world.relate("under_window", [a], mark | {"max_distance": AT_WINDOW}, source)


def scene_by_opening(world: World, named: frozenset[str] | None = None) -> None:
    """"a reading nook by a window": the scene's first seat (else its first object) stands there;
    "a campsite by a lake": its main objects (:func:`.ground.scene_by_ground`; ``named``: the ids the
    text itself introduced)."""
    for kind, params, target, source in world.scene_openings:
        if target.place is None:
            scene_by_ground(world, kind, params, target, source, named)
            continue
        entities = list(world.entities.values())
        chosen = next((e for e in entities if e.roles & {"seat", "lounge"}), entities[0] if entities else None)
        if chosen is not None and not any(chosen.id in r.args and r.params.get(OPENING_PARAM) for r in world.relations):
            relate_to_opening(world, kind, params, Group(ids=[chosen.id]), target, source)


def opening_subject(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group | None,
                     source: str) -> bool | None:
    """A door or window as the subject ("a window on the east wall", "a window above the sink"), or a
    scene by one ("a reading nook by a window"); None when the phrase is about neither."""
    if subject.place is not None and subject.place.openings and obj is not None:
        return place_opening(world, subject, obj, kind, source)
    if subject.scene is not None and obj is not None and obj.place is not None and obj.place.openings:
        world.scene_openings.append((kind, dict(params), obj, source))
        return True
    return None


def keep_clear(world: World, opening: str, category: str | None, source: str) -> None:
    """"keep the doorway clear", "no chair in front of the door": clear(opening, members...), the
    members (the objects of ``category``; all that stand on the floor when None) listed once the
    whole text is read (:func:`clear_members`)."""
    params = {CATEGORY_PARAM: category} if category else {}
    if not any(r.args == (opening,) and r.params == params for r in world.kept_clear):
        world.kept_clear.append(PlannedRelation("clear", (opening,), params, source))


def keep_place_clear(world: World, subject: Group, source: str) -> bool:
    """The modifier "clear" / "unobstructed": "keep the doorway clear" (a clear zone), "keep the
    desk clear" (nothing on it)."""
    if subject.place is not None and subject.place.openings:
        for opening in subject.place.openings:
            keep_clear(world, opening, None, source)
        return True
    world.negations += [("on_top_of", a, None) for a in subject.ids]
    return bool(subject.ids)


def matches(world: World, entity_id: str, category: str | None) -> bool:
    """Whether the object is one of ``category`` ("chair": any kind of chair); None: any."""
    if category is None:
        return True
    entity = world.entities[entity_id]
    head = category.split()[-1]
    vocab = world.vocab
    return (entity.category == category or entity.category.split()[-1] == head
            or vocab.canonical(entity.category) == vocab.canonical(category))


def clear_members(world: World) -> None:
    """Fill each clear zone of a category with the objects of that category ("no chair")."""
    for rel in world.kept_clear:
        category = rel.params.pop(CATEGORY_PARAM, None)
        if category is not None:
            members = [i for i in world.entities if matches(world, i, category)]
            rel.args = (rel.args[0], *members) if members else rel.args


def _cornered(world: World, entity_id: str) -> bool:
    """Whether the text stood the object in a corner."""
    return any(r.relation == "in_corner" and r.args[:1] == (entity_id,) for r in world.relations)


def _height(world: World, entity_id: str) -> float:
    return world.size_of(entity_id)[2]


def assign_walls(world: World) -> None:
    """Give each opening the text left on no wall one: the first wall in its kind's order with the
    fewest openings and things stated against it; then resolve "opposite:<opening>" walls."""
    load: dict[str, int] = {w: 0 for w in OPPOSITE}
    for rel in world.relations:
        wall = rel.params.get("wall")
        if rel.relation in relation_roles().walls and wall in load:
            load[wall] += 1
    for opening in world.openings:
        if opening.wall is not None:
            load[opening.wall] += 2
    _walls_by_stated_side(world)
    tied = _walls_of_tied(world)
    for opening in world.openings:
        if opening.wall is None:
            opening.wall = tied.get(opening.id) or min(WALL_ORDER[opening.kind], key=lambda w: load[w])
            load[opening.wall] += 2
    walls = {o.id: o.wall for o in world.openings}
    _hung_over(world, walls)
    for rel in world.relations:
        wall = rel.params.get("wall")
        if isinstance(wall, str) and wall.startswith("opposite:"):  # "the wall opposite the door"
            rel.params["wall"] = OPPOSITE.get(walls.get(wall.split(":", 1)[1]) or "", "any")
        elif isinstance(wall, str) and wall.startswith("of:"):  # "along the window": its wall
            rel.params["wall"] = walls.get(wall.split(":", 1)[1]) or "any"


def _walls_by_stated_side(world: World) -> None:
    """"a dresser against the north wall, opposite the door": a door the text puts on no wall is
    in the wall across from (or, for "along the window", the same as) the side stated first; so
    for "the noticeboard is on the north wall, opposite the door", the side said by another wall
    relation of the thing (the board hangs there: "opposite the door" stands it at no second wall)."""
    sides = {r.args[0]: (r.relation, r.params["wall"]) for r in world.relations
             if r.relation in WALL_RELATIONS and r.args and r.params.get("wall") in OPPOSITE}
    openings = {o.id for o in world.openings}
    for rel in list(world.relations):
        was, wall = rel.params.pop(WAS_PARAM, None), rel.params.get("wall")
        if not isinstance(wall, str) or ":" not in wall:
            continue
        how, target = wall.split(":", 1)
        if was is None and rel.relation == "against_wall" and target in openings and rel.args[0] in sides:
            stated, was = sides[rel.args[0]]
            if stated == "on_wall":
                world.relations.remove(rel)
        opening = next((o for o in world.openings if o.id == target and o.wall is None), None)
        if opening is not None and was in OPPOSITE:
            opening.wall = OPPOSITE[was] if how == "opposite" else was


def _walls_of_tied(world: World) -> dict[str, str]:
    """"the desk that is by the window against the north wall": an opening the text put on no wall
    is in the wall that an object related to it stands against."""
    at = {r.args[0]: r.params["wall"] for r in world.relations
          if r.relation == "against_wall" and r.params.get("wall") in OPPOSITE}
    return {str(r.params[OPENING_PARAM]): at[r.args[0]] for r in world.relations
            if isinstance(r.params.get(OPENING_PARAM), str) and r.args and r.args[0] in at}


def _hung_over(world: World, walls: dict[str, str | None]) -> None:
    """"a painting on the wall above the sofa": the wall the sofa stands at (or the window it is
    under), when the text names no wall for the painting."""
    at: dict[str, str] = {}
    for rel in world.relations:
        wall = rel.params.get("wall")
        if rel.relation == "against_wall" and isinstance(wall, str) and wall in OPPOSITE:
            at.setdefault(rel.args[0], wall)
        elif rel.relation == "under_window" and walls.get(rel.params.get(OPENING_PARAM, "")):
            at.setdefault(rel.args[0], str(walls[rel.params[OPENING_PARAM]]))
    over = {r.args[0]: r.args[1] for r in world.relations if r.relation == "above" and len(r.args) == 2}
    for rel in world.relations:
        if rel.relation == "on_wall" and rel.params.get("wall", "any") == "any" and over.get(rel.args[0]) in at:
            rel.params["wall"] = at[over[rel.args[0]]]


def scene_relations(relation: str, rel_args: tuple[str, ...], params: dict[str, Any]
                    ) -> tuple[str, tuple[str, ...], dict[str, Any]]:
    """A planned relation's scene-graph name, arguments and params: an opening id in the params
    becomes the last argument."""
    params = dict(params)
    opening = params.pop(OPENING_PARAM, None)
    return PLANNED.get(relation, relation), ((*rel_args, str(opening)) if opening is not None else rel_args), params


FINISHED = {"wall": "walls", "floor": "floor"}  # location -> the room part its colour words finish


def finish_room(world: World, np: NounPhrase, of_group: Group | None) -> list[str]:
    """Colour and material words on the room's walls or floor ("blue walls", "a red wooden floor")
    go to that part's finish; returns the words that cannot apply (reported as not understood)."""
    part = FINISHED.get(np.location or "")
    if part is None or of_group is not None or not np.hints:
        return []
    catalog = world.vocab.catalog
    tones = world.vocab.lexicon.colour_tones
    words = [w for w in np.hints if catalog.finish([w]) is not None or w in tones]
    if not words:
        return []
    finish = world.finishes.setdefault(part, {"words": []})
    finish["words"] = list(dict.fromkeys([*finish["words"], *words]))
    return []


def outdoor_notes(world: World, outdoor: bool) -> list[str]:
    """What the text asked of walls, doors and windows that an outdoor scene cannot have."""
    if not outdoor:
        return []
    notes = [f"{' '.join(f['words'])} {part}: an outdoor scene has no walls"
             for part, f in world.finishes.items() if part == "walls"]
    return notes + [f"{o.id.replace('_', ' ')}: an outdoor scene has no walls to cut it in" for o in world.openings]


def room_dict(world: World) -> dict[str, Any] | None:
    """The architecture the text asked for (scene graph ``room``): openings, finishes and size."""
    if not world.openings and not world.finishes and world.room_size is None and world.typical_size is None:
        return None
    out: dict[str, Any] = {"openings": [{"id": o.id, "kind": o.kind, "wall": o.wall, "hints": list(o.hints)}
                                         for o in world.openings]}
    out.update({part: dict(finish) for part, finish in world.finishes.items()})
    if world.room_size is not None:
        out["size"] = [round(v, 3) for v in world.room_size]
    elif world.typical_size is not None:
        side = math.sqrt(world.typical_size[0] * world.typical_size[1]) if world.square else None  # same area
        out["typical_size"] = [round(side or v, 2) for v in world.typical_size]
    return out


__all__ = ["INFERRED", "OPENINGS", "assign_walls", "clear_members", "keep_clear", "keep_place_clear", "matches",
           "opening_place", "opening_subject", "place_opening", "relate_to_opening", "room_dict", "scene_by_opening",
           "scene_relations"]
