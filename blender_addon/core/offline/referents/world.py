"""What the planner knows while it reads: the objects met so far, the groups the text refers to,
and the relations stated or inferred. A :class:`Group` is what one noun phrase (or pronoun)
denotes: a list of asset ids, plus whether it was just created by that phrase (so "a lamp on
each nightstand" may copy it once per nightstand) and whether it is distributive ("each
nightstand"). Places in the room ("the north wall", "each corner") are groups with a
:class:`Place` instead of ids."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .....skill_library.compass import CORNERS as CORNERS
from .....skill_library.compass import OPPOSITE as OPPOSITE
from .....skill_library.compass import SIDES as SIDES
from .....skill_library.roles import roles as relation_roles
from ...stated_size import with_stated
from ..reading.closed_words import EVERY_ONE, word_set
from ..reading.lexicon import Vocabulary
from ..reading.phrases import NounPhrase
from .described_ones import matching_ids, named_more_closely, of_known_kind, pick_by_size
from .positions import positional_member
from .records import Entity, Group, OpeningNote, Place, PlannedRelation

INFERRED = "inferred: "  # RelationNode.source prefix of relations the text did not state
WALL_RELATIONS = frozenset({"against_wall", "on_wall"})
WAS_PARAM = "_was_wall"  # the side a wall relation had before "opposite the door" named it anew
L_WORDS = word_set("l_words")  # "in the corner of the L"
HALF_RING_DEG = 180.0  # an arc this open or more can stand round a thing it faces (a TV, a lectern)
RING_WORDS = word_set("ring_words")  # "in the middle of the circle"
CARRIED_BY = frozenset({"on_top_of", "inside", "on_shelf"})  # relations whose first object rests on the last


@dataclass
class World:
    """The objects, references and relations gathered from the prompt so far."""

    vocab: Vocabulary
    entities: dict[str, Entity] = field(default_factory=dict)
    relations: list[PlannedRelation] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    history: list[Group] = field(default_factory=list)
    hosts: dict[str, str] = field(default_factory=dict)
    holders: set[str] = field(default_factory=set)  # hosts of "X holds ...": what they hold stands on them
    scenes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    named_sides: dict[str, str] = field(default_factory=dict)  # "corner" -> "nw": the last one named
    # the wall the text spoke of last: a side ("north") or, for "the wall" of no side, the id of what
    # stands or hangs there ("a bed against the wall, a desk against the opposite wall")
    last_wall: str | None = None
    # ("on_top_of", "desk_1", None): nothing on the desk; ("in_front_of", "tv_1", "chair"): no chair in front of it
    negations: list[tuple[str, str, str | None]] = field(default_factory=list)
    openings: list[OpeningNote] = field(default_factory=list)
    finishes: dict[str, dict[str, Any]] = field(default_factory=dict)  # "floor"/"walls" -> colour, material
    room_size: tuple[float, float] | None = None  # "the room is 5 by 4 metres": east-west, north-south (m)
    typical_size: tuple[float, float] | None = None  # the room type's floor size (its archetype's, seeded)
    square: bool = False  # "the room is square": a typical size is made square
    kept_clear: list[PlannedRelation] = field(default_factory=list)  # clear(opening, members...)
    scene_openings: list[tuple[str, dict[str, Any], Group, str]] = field(default_factory=list)  # "a nook by a window"
    sentence: int = 0
    mentions: int = 0
    # "six mugs, four of them white and the rest blue": the whole a part was taken from, and the parts taken
    parted: tuple[list[str], list[str]] | None = None
    presumed: list[str] = field(default_factory=list)  # "a lamp on each desk" before any desk: (.presumed)
    presumed_one: list[str] | None = field(default_factory=list)  # "the dresser" before any dresser (.presumed)
    topic: list[str] = field(default_factory=list)  # the subject of the last main clause that said something
    said_heads: list[str] = field(default_factory=list)  # each run's head noun the text said (.unaccounted)

    # -- objects --------------------------------------------------------------------------
    def create(self, np: NounPhrase, count: int) -> Group:
        """New objects for a phrase that introduces them."""
        ids = [self._new_entity(np) for _ in range(max(1, count))]
        group = Group(ids=ids, np=np, fresh=True)
        self.mention(group)
        return group

    def _new_entity(self, np: NounPhrase) -> str:
        lex = self.vocab.lexicon
        items = lex.generic_items if np.head in lex.generic_nouns else lex.family_nouns.get(np.head, ())
        if items:  # "three things on it": a book, a cup, a vase; "some seating": a sofa, two armchairs
            key = "" if np.head in lex.generic_nouns else f"({np.head})"
            made = self.counters.get(key, 0)
            self.counters[key] = made + 1
            item = items[made % len(items)]
            np = replace(np, head=item, description=" ".join([*np.hints, item]))
        stem = "_".join(np.head.split()) or "object"
        number = self.counters.get(stem, 0) + 1
        self.counters[stem] = number
        entity_id = f"{stem}_{number}"
        self.mentions += 1
        self.entities[entity_id] = Entity(
            id=entity_id, category=np.head, description=np.description or np.head, hints=np.hints,
            height=np.height, roles=self.vocab.roles(np.head), sentence=self.sentence, mention=self.mentions,
            mount=np.mount, count=(np.count_mode, np.count or 1) if np.count_mode else None,
            counted=np.count is not None, exact=np.count is not None and not np.vague,
            loose=np.vague or (np.plural and np.count is None),
            named_hung=np.mount is not None, size=dict(np.size) or None)
        return entity_id

    def clone(self, entity_id: str) -> str:
        """A new object like ``entity_id`` (its kind, words and size); returns its id."""
        stem = entity_id.rsplit("_", 1)[0]
        self.counters[stem] = self.counters.get(stem, 0) + 1
        self.mentions += 1
        new = f"{stem}_{self.counters[stem]}"
        self.entities[new] = replace(self.entities[entity_id], id=new, mention=self.mentions)
        return new

    def grow(self, group: Group, total: int) -> None:
        """Add copies to a freshly created group until it has ``total`` members."""
        while group.np is not None and len(group.ids) < total:
            group.ids.append(self._new_entity(group.np))

    def shrink(self, group: Group, total: int) -> None:
        """Drop the last members of a freshly created group, down to ``total`` ("lamps on
        either side": one a side, not the default plural), while no relation names them."""
        named = {a for rel in self.relations for a in rel.args} | set(self.hosts.values())
        while group.fresh and len(group.ids) > max(1, total) and group.ids[-1] not in named:
            dropped = group.ids.pop()
            entity = self.entities.pop(dropped)
            self.hosts.pop(dropped, None)  # "a table with benches on both sides": its two benches
            self._unpresume(dropped)
            stem = dropped.rsplit("_", 1)[0]
            if self.counters.get(stem) == int(dropped.rsplit("_", 1)[1]):
                self.counters[stem] -= 1
            self.mentions -= entity.mention == self.mentions

    def forget(self, entity_id: str) -> None:
        """Drop an object no relation names (the room itself, read as an object: "a tattoo
        parlour"), from the objects, the hosts and the groups pronouns refer to."""
        self.entities.pop(entity_id, None)
        self.hosts = {k: v for k, v in self.hosts.items() if entity_id not in (k, v)}
        for group in self.history:
            group.ids[:] = [i for i in group.ids if i != entity_id]
        self.history = [g for g in self.history if g.ids or g.place is not None]
        self._unpresume(entity_id)

    def _unpresume(self, entity_id: str) -> None:
        """A dropped object is no longer presumed ("the chairs" before any chairs, then fewer of them)."""
        self.presumed[:] = [i for i in self.presumed if i != entity_id]
        if self.presumed_one:
            self.presumed_one[:] = [i for i in self.presumed_one if i != entity_id]

    def mention(self, group: Group) -> None:
        """Remember a group for pronouns ("it", "them"), a door or window too."""
        if group.ids or (group.place is not None and group.place.openings):
            self.history.append(group)

    def find(self, np: NounPhrase, exclude: Group | None = None) -> Group | None:
        """The objects a definite phrase refers back to ("the desk", "the chairs", "each lamp"),
        never the ``exclude`` group itself ("a box as big as the crate": another object)."""
        avoid = set(exclude.ids) if exclude is not None else set()
        if (member := positional_member(self, np, avoid)) is not None:
            return member  # "the middle car", "the westernmost tent": one of the cars, the tents
        matches = [i for i in matching_ids(self, np.head) if i not in avoid] or named_more_closely(self, np, avoid) \
            or of_known_kind(self, np.head, avoid)  # "an aquarium ... the fish tank", "a piano ... the instrument"
        described = [i for i in matches if set(np.hints) <= set(self.entities[i].hints)]
        matches = described if np.hints and described else pick_by_size(self, np, matches)  # "the small cabinet"
        if not matches:
            return None
        if np.ordinal is not None:
            index = np.ordinal - 1 if np.ordinal > 0 else len(matches) - 1
            return Group(ids=[matches[index]] if index < len(matches) else [matches[-1]], np=np)
        if np.plural or np.determiner in EVERY_ONE:
            want = np.count or len(matches)
            picked = matches[:want][::2] if np.alternate else matches[:want]  # "every other table": 1st, 3rd...
            return Group(ids=picked, np=np, distributive=np.determiner in ("each", "both"))
        recent = next((g for g in reversed(self.history) if set(g.ids) & set(matches)), None)
        chosen = next(i for i in recent.ids if i in matches) if recent else matches[-1]
        return Group(ids=[chosen], np=np)

    def size_of(self, entity_id: str) -> tuple[float, float, float]:
        """The object's (width, depth, height) in metres: its catalog model's, the height the text
        gave ("a 2 m tall plant") instead of the model's when it gave one."""
        entity = self.entities[entity_id]
        match = self.vocab.match(entity.description, entity.hints, entity.category)
        w, d, h = with_stated(match.dimensions, entity.size)
        return float(w), float(d), float(entity.height if entity.height is not None else h)

    def antecedent_head(self) -> str | None:
        """The category "one"/"ones" stands for ("a tall cabinet twice as tall as the small one"):
        that of the latest object mentioned."""
        for group in reversed(self.history):
            if group.ids and group.ids[-1] in self.entities:
                return self.entities[group.ids[-1]].category
        return None

    def arrangement(self) -> Group | None:
        """What "the rows" / "the stack" / "the circle" means as an anchor: one object of the
        latest arrangement (the middle of a row, of a grid's first row; a stack's bottom)."""
        for rel in reversed(self.relations):
            if rel.relation == "grid":
                cols = int(rel.params.get("cols") or len(rel.args))
                return Group(ids=[rel.args[min(cols, len(rel.args)) // 2]])
            if rel.relation == "row":
                return Group(ids=[rel.args[len(rel.args) // 2]])
            if rel.relation == "stacked":
                return Group(ids=[rel.args[0]])
            if rel.relation == "around":
                return Group(ids=[rel.args[-1]])
        return None

    def largest_group(self, exclude: Group | None) -> Group | None:
        """The most numerous group named so far (two or more of one kind), not ``exclude``: what
        "the rows" means when nothing was arranged in rows ("twelve desks ... in front of the rows")."""
        avoid = set(exclude.ids) if exclude else set()
        groups = [g for g in self.history if len(g.ids) >= 2 and not set(g.ids) & avoid
                  and len({self.entities[i].category for i in g.ids}) == 1]
        return max(groups, key=lambda g: len(g.ids)) if groups else None

    def on_floor(self, ids: list[str]) -> bool:
        """"Toys on / across the floor": they stand on it (no inference lifts them onto a table)."""
        for i in ids:  # (a hung or ceiling mount the text gave stays)
            self.entities[i].mount = self.entities[i].mount or "floor"
        return True

    def ring(self, members: list[str] | None = None) -> PlannedRelation | None:
        """The latest ring round a free centre ("chairs in a circle"), of exactly ``members`` if given."""
        return next((r for r in reversed(self.relations) if r.relation == "circular"
                     and (members is None or set(r.args) == set(members))), None)

    def ring_place(self, np: Any) -> Group | None:
        """"The circle" in "the middle of the circle" when the latest ring has no centre object."""
        if np.definite and np.head in RING_WORDS and self.ring() is not None and not self.find(np):
            return Group(ids=[], np=np, place=Place("ring"))
        ell = next((r for r in reversed(self.relations) if r.relation == "ends_meet"), None)
        if np.definite and np.head in L_WORDS and ell is not None and not self.find(np):
            return Group(ids=[], np=np, place=Place("ell", of=Group(ids=list(ell.args))))  # "the corner of the L"
        return None

    def half_ring(self, members: list[str]) -> bool:
        """Whether these members stand on an open arc of at most a semicircle round a free centre."""
        ring = self.ring(members)
        return ring is not None and float(ring.params.get("arc_deg", 360.0)) <= HALF_RING_DEG

    def centre_ring(self, ids: list[str], source: str, members: list[str] | None = None) -> bool:
        """"A plant in the middle of the circle", "beanbags in a semicircle in front of the TV":
        the latest free-centred ring (of ``members``) goes round it instead."""
        ring = self.ring(members)
        if ring is None or len(ids) != 1 or ids[0] in ring.args:
            return False
        return self.relate("around", [*ring.args, ids[0]], {"facing": True}, ring.source or source)

    def pronoun(self, kind: str, exclude: Group | None) -> Group | None:
        """The group a pronoun refers to: the latest one that is not the current subject."""
        avoid = set(exclude.ids) if exclude else set()
        flat: Group | None = None  # a rug is "it" only when nothing else is
        latest = True
        for group in reversed(self.history):
            if not group.ids:  # a door or window is "it" only as the latest thing named
                if kind == "it" and latest:  # "The door is on the east wall. Keep the area in front of it clear."
                    return group
                continue
            if set(group.ids) <= avoid:
                continue
            latest = False
            if kind == "it" and len(group.ids) > 1 and not group.distributive:
                continue
            if kind == "them" and len(group.ids) < 2:
                continue
            if kind == "it" and "flat" in self.entities[group.ids[0]].roles:
                flat = flat or group
                continue
            return group
        if flat is not None:
            return flat
        if kind == "them":  # "a sofa facing a fireplace, with a rug between them": the last two
            singles: list[str] = []
            for group in reversed(self.history):
                if len(group.ids) == 1 and group.ids[0] not in avoid and group.ids[0] not in singles:
                    singles.append(group.ids[0])
            pair = set(singles[:2])  # "the TV on the stand; a table between them": the stand and the one before
            carried = {r.args[0] for r in self.relations
                       if r.relation in CARRIED_BY and {r.args[0], r.args[-1]} == pair}
            singles = [i for i in singles if i not in carried] if len(singles) > 2 else singles
            if len(singles) >= 2:
                return Group(ids=[singles[1], singles[0]])
        return None

    # -- relations ------------------------------------------------------------------------
    def relate(self, relation: str, args: list[str] | tuple[str, ...], params: dict[str, Any] | None = None,
               source: str = "", *, inferred: bool = False) -> bool:
        """Record a relation; False when it names an object twice (meaningless), True when
        it is recorded or was already there."""
        args = tuple(args)
        if len(set(args)) != len(args):
            return False
        frame = (params or {}).get("frame")  # "behind the desk, on its north side": two readings of "behind"
        wall = (params or {}).get("wall")
        if relation in WALL_RELATIONS and args:
            self.last_wall = wall if wall in SIDES else args[0]
        for existing in self.relations:
            if existing.relation == relation and existing.args == args and existing.params.get("frame") == frame:
                self._refine_wall(existing, wall)
                return True
        if relation == "around":  # "chairs in a semicircle ... around the fire": the ring has its centre now
            params = self._take_ring(args[:-1], dict(params or {}))
        self.relations.append(PlannedRelation(relation, args, dict(params or {}), source, inferred))
        return True

    def _take_ring(self, members: tuple[str, ...], params: dict[str, Any]) -> dict[str, Any]:
        """Drop the free-centred rings of these members; their arc goes to the ``around``."""
        for ring in [r for r in self.relations if r.relation == "circular" and set(r.args) <= set(members)]:
            self.relations.remove(ring)
            params = {**{k: v for k, v in ring.params.items() if k == "arc_deg"}, **params}
        return params

    @staticmethod
    def _refine_wall(existing: PlannedRelation, wall: Any) -> None:
        """"against the wall opposite the door": the wall the second reading names wins over "the
        wall" of no side (or the side named last, kept as ``WAS_PARAM`` for the door's wall)."""
        before = existing.params.get("wall")
        if not isinstance(wall, str) or wall == "any" or wall == before:
            return
        if before == "any" or before is None or ":" in wall:
            if before in SIDES:
                existing.params[WAS_PARAM] = before
            existing.params["wall"] = wall

    def walled(self) -> set[str]:
        """Objects that stand against or hang on a wall (an against_wall or on_wall relation)."""
        return {rel.args[0] for rel in self.relations if rel.relation in WALL_RELATIONS and rel.args}

    def stacked_above(self) -> set[str]:
        """Objects that stand on another object of their own stack."""
        return {a for rel in self.relations if rel.relation == "stacked" for a in rel.args[1:]}

    def supports(self) -> dict[str, str]:
        """object id -> the object it stands on (on_top_of, stacked, inside)."""
        out: dict[str, str] = {}
        for rel in self.relations:
            if rel.relation in relation_roles().supporting:
                out.setdefault(rel.args[0], rel.args[1])
            elif rel.relation in relation_roles().stacking:
                for lower, upper in zip(rel.args, rel.args[1:]):
                    out.setdefault(upper, lower)
        return out

