"""Small steps of the sentence reader kept apart from :mod:`.grammar`: what a host's items attach
to, and the clause-level readings of doors and windows ("the desk under the window on the west wall",
"a window facing south", "..., which is on the south wall"). How many objects a phrase makes:
:mod:`.phrase_groups`."""

from __future__ import annotations

from collections.abc import Callable

from ...assets.families import load_families
from .chunks import Item
from .....skill_library.roles import roles as relation_roles
from .clause import Clause
from .negations import negate
from .animate_verbs import finite_verb
from ..referents.described_ones import CARRIERS
from .lexicon import role_group
from ..relations.surfaces import fits_on
from ..relations.hanging import hang
from ..relations.openings import place_opening
from .phrases import NounPhrase
from ..distributions.row_counts import fill_rows
from ..distributions.quantities import needs_two
from ..referents.world import SIDES, Group, Place, World
from ..referents.portions import taken_part

BUILDING_FAMILY = "house"  # the family shape that draws a saloon, a castle, a church as a building
COLON_HOSTS = CARRIERS | {"platform"} | role_group("tables")  # "a desk: ..." lists its things
SIDE_ON_HOST_GAP = 0.4  # m: "a lamp on the left" of a desk stands this close beside what is in its middle


def attach_to_host(world: World, state: Clause, group: Group) -> None:
    """Items introduced after "X with" belong to X (one set per X when it is distributive)."""
    each = group.np is not None and group.np.per_each  # "with two monitors each": a set per host
    owner = group.np.per_host if group.np is not None else None  # "two chairs per table": the tables named before
    given = state.host if state.host is not None and state.host.ids else None  # "a dorm with ...": no objects
    host = given or (world.find(owner) if owner is not None else None) or (
        state.parts[-2] if each and len(state.parts) > 1 else None)  # "two tables and 4 chairs each"
    if host is None or not host.ids or not group.fresh or fill_rows(world, given, group):  # "Each row has four"
        return
    if (host.distributive or each) and len(host.ids) > 1:
        if taken_part(world, host) and group.np is not None and group.np.plural and group.np.count is None:
            world.shrink(group, 1)
        per = len(group.ids)
        world.grow(group, per * len(host.ids))
        group.partition = [group.ids[i * per:(i + 1) * per] for i in range(len(host.ids))]
        for members, anchor in zip(group.partition, host.ids):
            for member in members:
                world.hosts[member] = anchor
        return
    for i, member in enumerate(group.ids):
        world.hosts[member] = host.ids[i % len(host.ids)]


def joins_subject(subject: Group, nxt: Item) -> bool:
    """Whether the noun phrase after "and" joins the subject, so that a relation after it holds for
    both: not after things said per owner ("two chairs per table and a plant at each end of the
    counter": the chairs are at their tables, the plant alone at the ends) unless it is one of them."""
    if nxt.kind not in ("NP", "PRON"):
        return False
    owned = subject.np is not None and subject.np.per_host is not None
    return not owned or (nxt.np is not None and nxt.np.per_host is not None)


def last_two(world: World, subject: Group) -> list[Group]:
    """The two groups named last besides ``subject`` ("a loveseat and two armchairs facing it; a
    coffee table in between": the loveseat and the armchairs), or one group of two or more
("two beds with a nightstand in between"); [] when fewer were named."""
    found: list[Group] = []
    for group in reversed(world.history):
        ids = [i for i in group.ids if i not in subject.ids]
        if ids and not any(set(ids) & set(g.ids) for g in found):
            found.append(Group(ids=ids))
        if len(found) == 2:
            return found[::-1]
    return found if found and len(found[0].ids) > 1 else []  # "two beds with a nightstand in between"


def opening_of(objects: list[Group]) -> Group | None:
    """The door or window among a relation's objects."""
    return next((o for o in objects if o.place is not None and o.place.openings), None)


def wall_of_last_opening(world: World, state: Clause, kind: str) -> bool:
    """"the desk under the window on the west wall": a wall phrase right after a door or window
    says where that opening is, not where the desk is. True when it did."""
    opening = state.opening if state.subject is not None and state.subject.ids == state.opening_of else None
    wall = state.objects[0] if len(state.objects) == 1 else None
    if opening is None or wall is None or wall.place is None or kind not in ("on", "in", "at", "along"):
        return False
    return wall.place.kind in ("wall", "side") and place_opening(world, opening, wall)


def opening_faces(world: World, subject: Group, direction: str) -> bool:
    """"a large window facing south": it is in the south wall."""
    if subject.place is None or not subject.place.openings or direction not in SIDES:
        return False
    for opening_id in subject.place.openings:
        next(o for o in world.openings if o.id == opening_id).wall = direction
    return True


def relative_subject(world: World, state: Clause, text: str) -> None:
    """", which is on the south wall": the relative clause is about the last relation's object."""
    if text in world.vocab.lexicon.relative_pronouns and state.subject is None and state.last_object is not None:
        state.subject, state.related, state.subject_items = state.last_object, False, []


def zone_of(state: Clause, kind: str) -> bool:
    """"Keep the area in front of the door clear": the zone's phrase stands for the door (or the
    object) the relation names; the modifier that follows ("clear", "free of furniture") keeps it
    clear, and marks the zone's words used. True when the subject was such a zone."""
    subject = state.subject
    if subject is None or subject.np is None or subject.np.kind != "zone" or not state.objects:
        return False
    if kind not in ("front", "near", "around", "at", "behind", "under", "on", "in"):
        return False
    state.subject = state.objects[0]
    for obj_item in state.object_items:
        obj_item.used = True
    return True


def join_groups(first: Group, second: Group) -> Group:
    """Subjects joined by "and": their objects together; doors and windows together ("a window and
    a door on the east wall"); a door or window joined to a floor or a setting is on its own ("a
    red floor and a window above the sink")."""
    openings = [g.place.openings for g in (first, second) if g.place is not None and g.place.openings]
    if openings and not first.ids and not second.ids:
        kind = next(g.place.kind for g in (second, first) if g.place is not None and g.place.openings)
        return Group(ids=[], np=second.np, place=Place(kind, None, None, tuple(o for ids in openings for o in ids)))
    parts = [g for g in (first, second) for g in (g.parts or [g])]  # "a plate, a glass and a napkin": all three
    return Group(ids=first.ids + second.ids, scene=first.scene, parts=parts)


def subject_hangs_or_opens(world: World, state: Clause, group: Group) -> None:
    """A new subject: hung when a hanging verb came before it ("Hang two posters ..."); a door or
    window is remembered for "it" ("The window is on the north wall; put a plant next to it")."""
    if group.place is not None and group.place.openings:
        world.mention(group)
    if state.hang_next:
        for entity_id in group.ids:
            hang(world, entity_id)


def read_apart(world: World, state: Clause, rel: Item, subject: Group, kind: str) -> bool:
    """Relations that say something other than where the subject stands; True when read."""
    if zone_of(state, kind):  # "the area in front of the door": the door, kept clear by what follows
        rel.used = True
        return True
    if wall_of_last_opening(world, state, kind):  # "under the window on the west wall"
        rel.used = state.related = True
        for obj_item in state.object_items:
            obj_item.used = True
        return True
    if side_on_host(world, state, subject, kind, rel.text):  # "a desk: a lamp on the left"
        rel.used = state.related = True
        for subject_item in state.subject_items:
            subject_item.used = True
        return True
    if subject.np is not None and subject.np.kind == "nothing":
        negated = None if subject.np.head in world.vocab.lexicon.negations else subject.np.head
        rel.used = negate(world, kind, state.objects, negated)  # "with nothing on it"
        anchor = next((g for g in state.objects if g.ids), None)  # "nothing goes on the table by the door":
        state.subject = state.host or anchor or state.previous  # the table; "with nothing on it next to ...": the host
        return True
    return False


SETTING_RELATIONS = frozenset({"in", "at"})  # "a cowboy in a saloon": the saloon is the setting


def scene_as_building(state: Clause, np: NounPhrase) -> bool:
    """A scene noun that is the object of a relation placing something ("a cowboy in front of a
    saloon", "knights outside the castle", fronted: "In front of the saloon, a cowboy ...") is the
    building, drawn by the house family, when it
    names one; as the setting ("inside a saloon", "a saloon with a bar") it stays the room. Counted
    ("a row of shops", "three cafes", "shops along the street") it names buildings, never a room.
    Makes ``np`` an object phrase and returns True for a building."""
    rel = state.relation
    counted = np.plural or np.count is not None or bool(np.collective)  # "a row of shops": buildings
    placing = state.subject is not None or state.fronted  # "In front of the saloon, a cowboy ...": placed after
    if not counted and (rel is None or rel.token is None or not placing
                        or str(rel.token.value) in SETTING_RELATIONS):
        return False
    if not counted and state.objects and rel is not None and rel.token is not None and rel.token.value != "between":
        return False  # "before the altar of a stone chapel": the altar's place, no building
    family = load_families().for_noun(np.head)
    if family is None or family.name != BUILDING_FAMILY:
        return False
    np.kind, np.description = "asset", np.description or np.head
    return True


def objects_complete(state: Clause) -> bool:
    """Whether a two-ended relation ("between the sofa and the tv") has both its ends; a fronted
    one waits for its subject ("Between the beds is a nightstand")."""
    rel = state.relation
    assert rel is not None and rel.token is not None
    if state.fronted:
        return False
    if rel.token.value == "between":  # "between the tents and the lake": a plural end may be the first of two
        return len(state.objects) >= 2
    if needs_two(str(rel.token.value)):
        return sum(len(g.ids) for g in state.objects) >= 2
    return False


def second_end(state: Clause) -> bool:
    """Whether the next noun phrase is the second end of a fronted relation still waiting for its
    subject ("*Between the sofa and the armchair*, a tall lamp": "and" joined the armchair to the
    sofa, the lamp comes after), not its subject."""
    return state.joining and state.subject is None


def joins_objects(state: Clause, nxt: Item, after: list[Item], main_verbs: frozenset[str]) -> bool:
    """Whether "and" joins a second object to the relation ("between the sofa and the tv", "next
    to the bed and the desk") rather than starting a new clause."""
    rel = state.relation
    assert rel is not None and rel.token is not None
    definite = nxt.kind == "PRON" or (nxt.np is not None and nxt.np.definite)
    followed = bool(after) and (after[0].kind in ("REL", "MOD", "WITH") or after[0].text in main_verbs
                                or finite_verb(after[0]))  # "... the parlour while her tabby *sleeps* on a cushion"
    if rel.token.value == "between" or needs_two(str(rel.token.value)):  # "between the tents and the lake"
        followed = followed and after[0].kind != "WITH"  # "... and the lake with four logs around it": the fire's
        return sum(len(g.ids) for g in state.objects) < 2 or (len(state.objects) < 2 and definite and not followed)
    return definite and not followed


def replay_fronted(state: Clause, finish: Callable[[Clause], None]) -> None:
    """"Opposite it, against the west wall, goes a desk": the fronted relations read before the
    subject came, each finished now with it (``finish`` is the reader's own), in their order."""
    pending, state.pending = state.pending, []
    saved = (state.relation, state.params, state.objects, state.object_items, state.fronted)
    for rel, params, objects, items in pending:
        state.relation, state.params, state.objects, state.object_items = rel, params, objects, items
        state.fronted = True
        finish(state)
    state.relation, state.params, state.objects, state.object_items, state.fronted = saved


def scope_fronted(world: World, state: Clause, finish: Callable[[Clause], None]) -> None:
    """"Against the north wall, a piano with a lamp beside it, and a bookcase": a place said before the
    sentence's things holds for each of them, so also for the last one when nothing else placed it (a
    thing with a place of its own keeps it: "Against the north wall, a sofa, and a TV opposite it").
    Never for a thing the place names, nor for a thing the host of "X with" holds (attach14)."""
    subject = state.subject
    if not state.scoped or subject is None or not subject.ids or state.related \
            or any(i in world.hosts for i in subject.ids):
        return
    named = {i for _, _, objects, _ in state.scoped for o in objects for i in o.ids}
    if named & set(subject.ids):
        return
    state.pending = [(rel, dict(params), list(objects), list(items)) for rel, params, objects, items in state.scoped]
    replay_fronted(state, finish)


def side_on_host(world: World, state: Clause, subject: Group, kind: str, source: str) -> bool:
    """"A desk with a laptop in the middle, a lamp on the left": small things the host carries
    stand on it, "on the left" / "on the right" part of it: on it and beside what stands in its
    middle, when something does. False when the phrase is not about such a host's part."""
    host = state.host
    if kind not in ("left", "right") or host is None or len(host.ids) != 1 or not subject.ids:
        return False
    anchor = host.ids[0]
    if [g.ids for g in state.objects] != [[anchor]] or not {"surface", "platform"} & world.entities[anchor].roles:
        return False
    if not source.startswith("on "):  # "a sofa with a lamp to its right": beside it
        return False
    if not all(fits_on(world, i, anchor) and world.hosts.get(i) == anchor for i in subject.ids):
        return False
    centred = [r.args[0] for r in world.relations if r.relation == "alignment" and r.args[1:] == (anchor,)
               and world.hosts.get(r.args[0]) == anchor]
    side = relation_roles().left_right[kind == "right"]
    bottom = subject.ids[0] if subject.stacked else None
    for a in subject.ids:
        if bottom is None or a == bottom:
            world.relate("on_top_of", [a, anchor], {}, source)
            if centred:
                world.relate(side, [a, centred[0]], {"max_distance": SIDE_ON_HOST_GAP}, source)
    return True


def colon_host(world: World, state: Clause, colon: bool = True) -> Group | None:
    """What a list after a colon belongs to: the object of a fronted "on" still waiting for its
    subject ("On it: a teapot and two cups"), else the thing just put something on ("a tea party
    on a round table: three cups, ..."), else the subject ("a desk for studying: a laptop in the
    middle, ..."), when it is one thing that carries or hosts others (a table, a desk, a stage).
    None otherwise ("A picnic in the park: a blanket, ...": the park lists nothing of its own).
    Without a ``colon`` only the thing the sentence was about (a list of things at its places may
    follow: "Organize my desk. Laptop in the middle, ...", :mod:`.host_lists`)."""
    for rel, _, objects, items in state.pending if colon else []:
        if rel.token is not None and rel.token.value in ("on", "on_top_bare"):
            found = next((o for o in objects if o.ids and o.place is None), None)
            if found is not None:
                for item in [rel, *items]:
                    item.used = True
                return Group(ids=list(found.ids), np=found.np)
    for group in (state.on_chain, state.subject, state.previous):
        if group is not None and len(group.ids) == 1 and world.entities[group.ids[0]].roles & COLON_HOSTS:
            return Group(ids=list(group.ids), np=group.np)
    return None


def list_agrees(state: Clause) -> None:
    """"A dresser, a bookshelf and a plant go against the back wall": a plural verb after a list
    ended by "and" has the whole list for its subject, not only the phrases "and" joined."""
    if state.listed and state.subject is not None and len(state.parts) > 1 and not state.related:
        state.subject = Group(ids=list(dict.fromkeys([i for g in state.listed for i in g.ids] + state.subject.ids)))
        state.parts, state.listed = [*state.listed, *state.parts], []
