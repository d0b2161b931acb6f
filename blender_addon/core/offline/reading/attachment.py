"""Which noun a place phrase after "X with Y" belongs to (:mod:`.grammar`'s reader).

"A desk with a gaming chair against the west wall", "a bed with a rug in the north-east
corner": the room place a with-phrase is followed by is where the head noun X stands, and Y
goes with X (a chair at its desk, a rug at its bed), as in "a desk with a chair *stands*
against the wall". A place relative to a thing stays Y's ("a desk with a lamp on it", "a sofa
with a lamp to its right"), and so does a wall Y hangs on ("a bed with a poster on the wall").
Fronted places read before X ("Behind them, in the middle, a bench with a rack") are X's too.
"""

from __future__ import annotations

from collections.abc import Callable

from .chunks import Item
from .distributive_with import RELATIVE
from .clause import Clause, implicit_anchor
from .place_hosts import CARRIED, carried_thing
from ..referents.described_ones import CARRIERS
from .lexicon import Vocabulary
from ...assets.phrase import singular
from .phrases import NounPhrase
from .reader_steps import replay_fronted
from ..inference.figures import held_by, is_figure
from ..referents.world import CARRIED_BY, Group, World
from ..relations.surfaces import said_on

ROOM_PLACES = frozenset({"wall", "corner"})  # parts of the room a thing stands against or in
ROOM_PARTS = frozenset({"wall", "corner", "door", "window"})  # a thing placed by one is the room's, not each one's
STANDING = frozenset({"against", "along", "in", "near", "at", "under"})  # "on the wall" hangs: Y's
OPENINGS = frozenset({"door", "window"})  # "a counter with a till by the door": the counter, as the till is small
# "a desk with a laptop between them": a small thing X carries places X by other things it names
BY_THINGS = frozenset({"between", "near", "front", "behind", "left", "right"})
# places by another thing, said of the noun right before them ("a fireplace by the window")
NEAREST_KINDS = frozenset({"near", "front", "behind", "left", "right"})
SUPPORTS = frozenset({"flat", "surface", "soft_surface", "tv_surface"})  # what things are put on
PLATFORM = "platform"  # a stage: what is said on it stands on it, whatever its size
FLAT, GROUND_FAMILIES = "flat", frozenset({"structure"})  # a flat path, road or pavement is ground, a rug is not


def finish_before_with(state: Clause, finish: Callable[[Clause], None]) -> None:
    """Finish the clause's relation before "with", and the fronted places that wait for a
    subject with the subject now named: the host, not what comes with it."""
    finish(state)
    if state.pending and state.subject is not None:
        replay_fronted(state, finish)


def with_host(state: Clause, text: str, said: object = None) -> Group | None:
    """What "with" gives its things to: the clause's subject, but of a subject joining several
    noun phrases by "and" the last one when it is one thing ("shelves and a counter with a till":
    the counter's till), unless the with-phrase gives each of them its own ("a bed and a desk,
    each with a lamp"); a plural last phrase keeps the whole subject ("a sofa and two armchairs
    with a coffee table in front of them"). A distributive with-word said in a relative clause, or
    "both" of a last phrase of two (``said``: :mod:`.distributive_with`), is the last phrase's
    ("a bed and two nightstands that both have a lamp": a lamp on each nightstand)."""
    subject = state.subject if state.subject is not None or not text.startswith("each ") else state.previous
    if subject is None or len(state.parts) < 2:
        return subject
    last = state.parts[-1]
    inner = set(last.ids) < set(subject.ids)
    if text.startswith("each "):
        closest = said == RELATIVE or (said == "both" and len(last.ids) == 2 != len(subject.ids))
        return last if closest and inner and len(last.ids) > 1 else subject
    return last if len(last.ids) == 1 and inner else subject


def each_earlier(world: World, text: str) -> Group | None:
    """"Six stalls stand in a row. Each has an awning.": a sentence opening with "each has" gives
    its things to every one of the group named last (None when the with-word is no "each ...")."""
    return world.pronoun("them", None) if text.startswith("each ") else None


def one_apiece(np: NounPhrase, roles: frozenset[str] = frozenset()) -> bool:
    """Whether a phrase names one thing that the text made several of, one per anchor ("a monk at
    each desk", "on either side of the bed there's a nightstand"): what such a host comes "with" is
    each one's ("... with a candle": a candle apiece; "... with a lamp": a lamp on each nightstand);
    not a thing that stands on furniture (``roles``: "each table gets a chessboard, with two chairs
    facing each other across it": the chairs are the table's)."""
    return np.determiner == "indefinite" and not np.plural and np.count in (None, 1) and not roles & CARRIED


def nearest_noun(world: World, state: Clause, subject: Group, kind: str) -> Group | None:
    """The noun a place by another thing belongs to when it follows a relation that just named a new
    thing: that thing, the nearest noun ("hang a clock above a fireplace by the window": the fireplace is
    by the window; "a man dozing in an armchair by the fire"; "kettlebells on a mat beside the rower": the
    mat), as "a lamp on the table next to the sofa" puts the table there (:func:`.clause.support_instead`).
    None (the subject's own place) when the place names the subject or that thing, a part of the room
    other than a door or window, or each of several things ("a tree in a pot behind each bench"); when
    the thing is one a figure has at hand ("a busker playing guitar by the fountain"), the ground it is
    on ("a case on the pavement in front of him") or a small thing beside another on one support ("a cup
    on the desk next to the laptop")."""
    thing = state.introduced or _fresh_support(world, state)
    if kind not in NEAREST_KINDS or thing is None or not thing.ids or not subject.ids or not state.objects:
        return None
    named = {i for o in state.objects for i in o.ids}
    if named & (set(thing.ids) | set(subject.ids)) or set(thing.ids) & set(subject.ids):
        return None
    if any(o.distributive for o in state.objects) or not all(
            (o.ids and o.place is None) or (o.place is not None and not o.ids and o.place.kind in OPENINGS
                                            and o.place.of is None) for o in state.objects):
        return None
    if any(is_figure(world.entities[s].category) and held_by(world, i, s) for s in subject.ids for i in thing.ids):
        return None  # what a figure plays, wears or plants goes with the figure
    if thing is not state.introduced and any("tabletop" in world.entities[i].roles for i in named):
        return None  # "a cup on a desk next to the laptop": by another small thing on it
    return thing


def _fresh_support(world: World, state: Clause) -> Group | None:
    """The new thing the subject was just put on when it is furniture or a rug ("on a mat beside the
    rower"), not the ground ("on the pavement", "on the lake") nor a place said before the subject ("On the
    counter, place a kettle by the sink": "by the sink" is the kettle's)."""
    chain, fronted = state.on_chain, state.fronted_anchor
    if chain is None or not chain.fresh or len(chain.ids) != 1 or (fronted is not None
                                                                    and set(chain.ids) <= set(fronted.ids)):
        return None
    from ...knowledge.objects import load_knowledge  # (offline reads the knowledge base; no cycle at import)
    roles = world.vocab.roles(world.entities[chain.ids[0]].category)
    facts = load_knowledge().lookup(world.entities[chain.ids[0]].category)
    ground = FLAT in roles and (facts is None or facts.family in GROUND_FAMILIES)
    return chain if roles & SUPPORTS and not ground else None


def fronted_host(world: World, state: Clause, kind: str, subject: Group, ok: bool) -> None:
    """"On the desk, put a lamp on the left and a mug in the middle": a fronted "on" one thing that carries
    small things hosts them all, as "a desk with a lamp on the left and a mug in the middle" does: each
    small thing said after it in the sentence stands on it, its "on the left" and "in the middle" the
    desk's, not the room's (attach14)."""
    objects = state.objects
    if not ok or kind != "on" or state.host is not None or len(objects) != 1 or len(objects[0].ids) != 1 \
            or objects[0].place is not None or not subject.ids:
        return
    anchor = objects[0].ids[0]
    roles = world.entities[anchor].roles
    platform = PLATFORM in roles  # "On the stage, a piano on the left and a music stand in the middle" (multi15)
    if anchor in subject.ids or not (platform or roles & CARRIERS) or not platform and not all(
            carried_thing(world, i) or said_on(world, i, anchor) for i in subject.ids):
        return  # (a thing that fits on the carrier, not only a small thing: "On the shelf, ... a plant in the middle")
    state.host = Group(ids=[anchor], np=objects[0].np)
    for member in subject.ids:
        world.hosts[member] = anchor


def end_hosting(state: Clause, finish: Callable[[Clause], None]) -> None:
    """Where what "X with" hands out stops (:func:`with_ends`): the relation read so far is finished
    with X still the host ("a workbench covered in tools under the window, a repair stand ...": the
    workbench stands under the window), then the host is dropped."""
    finish(state)
    state.host = None


def host_takes_room_place(world: World, state: Clause, subject: Group, kind: str) -> Group:
    """The host X of "X with Y <room place>" when the relation names a wall or corner to stand
    at (or a door or window, when Y is a small thing X carries: "a desk with a lamp by the
    window"; or other things, when Y is small: "a desk with a laptop between them") and neither X
    nor another thing that came with it has a place yet, else ``subject``
    (so also when Y, no small thing, follows other things X came with: the list has moved on to the
    room's things, "a table with four chairs, a fridge in the north-east corner")."""
    host = state.host
    if kind not in STANDING | BY_THINGS or host is None or len(host.ids) != 1 or not subject.ids or not state.objects:
        return subject
    if figure_holds(world, host, subject) and _other_things(world, state.objects, host.ids[0]):
        return host  # "a woman with an umbrella waiting beside the sign": she waits there, her umbrella with her
    small = all(carried_thing(world, i) for i in subject.ids)
    places = ROOM_PLACES | OPENINGS if small else ROOM_PLACES
    anchor = host.ids[0]
    room = kind in STANDING and all(o.place is not None and o.place.kind in places and o.place.of is None
                                    and not o.ids for o in state.objects)
    if not room and not (small and kind in BY_THINGS and _other_things(world, state.objects, anchor)):
        return subject
    if not all(world.hosts.get(i) == anchor for i in subject.ids) or world.entities[anchor].mount:
        return subject
    others = {i for i, h in world.hosts.items() if h == anchor} - set(subject.ids)  # "a basin with a mirror over it
    placed = any(r.args[0] == anchor or r.args[0] in others for r in world.relations)  # and a loo in the corner"
    # "a table with four chairs, a fridge in the corner": the list moved on (so also for a small thing
    # placed by other things: "a table with two chairs, and a bowl next to the armchair")
    listed = bool(others) and (not small or not room)
    return subject if placed or listed else host


def figure_holds(world: World, host: Group, subject: Group) -> bool:
    """Whether the host of "X with Y" is one person or animal and Y things, none a figure: what
    a figure comes with is at hand ("a woman with an umbrella", "a busker with a guitar")."""
    return len(host.ids) == 1 and host.ids[0] in world.entities and is_figure(world.entities[host.ids[0]].category) \
        and all(i in world.entities and not is_figure(world.entities[i].category) and held_by(world, i, host.ids[0])
                for i in subject.ids)


def _other_things(world: World, objects: list[Group], anchor: str) -> bool:
    """Whether the relation's objects are things other than the host and what it carries (the
    beds of "a desk with a laptop between them"; not the desk of "a desk with a lamp next to it")."""
    ids = [i for o in objects for i in o.ids]
    return bool(ids) and all(o.ids and o.place is None for o in objects) \
        and not any(i == anchor or world.hosts.get(i) == anchor for i in ids)


def side_anchor(world: World, state: Clause, text: str) -> Group | None:
    """The anchor of an implicit side phrase ("to the right", "to its left"): the host's, with the
    host as the clause's subject, when what came with the host already rests on it ("a side table
    with a plant on it to the right": the table is right of the couch named before); else the
    reader's own :func:`.clause.implicit_anchor`."""
    host, subject = state.host, state.subject
    if host is None or len(host.ids) != 1 or subject is None or not subject.ids or text.startswith("on "):
        return implicit_anchor(world, state)
    carried = {r.args[0] for r in world.relations if r.relation in CARRIED_BY and r.args[-1] == host.ids[0]}
    if not set(subject.ids) <= carried:
        return implicit_anchor(world, state)
    anchor = world.pronoun("it", Group(ids=[*host.ids, *subject.ids]))
    if anchor is None:
        return implicit_anchor(world, state)
    state.subject, state.host = host, None
    return anchor


def with_ends(items: list[Item], vocab: Vocabulary) -> set[int]:
    """The separators where what "X with" / "each X has" hands out stops: a comma (and "and")
    before a clause of its own ("Every chair gets a plate, and there is a vase in the middle"; "...,
    and a vase goes in the middle"; "..., and put a vase ..."), and "12 desks, each with a chair, and
    one teacher's desk" (a comma and "and" right after the single thing each one has; a list each
    one has goes on with a comma: "each with a candle, a vase, and a menu"; "each with its monitor and
    chair, and a printer", "each with a monitor, a phone and a chair, and one printer": a list closed by
    its own "and"); and where what "each" one has gives way to the room's things (:func:`_moves_on`)."""
    words = vocab.lexicon.verb_words
    ends, hosting = set(), False
    for i, item in enumerate(items[:-1]):
        hosting = hosting or item.kind == "WITH"
        if not hosting or item.kind != "SEP":
            continue
        j = i + 1 + (items[i + 1].kind == "AND")
        after = items[j:j + 2]
        starts = bool(after) and after[0].kind == "FILL" and after[0].text in words.get("clause_starts", ())
        finite = len(after) == 2 and after[0].kind == "NP" and after[1].kind == "FILL" \
            and after[1].text in words.get("finite", ())
        single = (j == i + 2 and _one_set(items, i)) or _placed_one(items, i)
        if starts or finite or single or _moves_on(items, i, j):
            ends.add(i)
    return ends


def _one_set(items: list[Item], sep: int) -> bool:
    """Whether the items between the last "with" and the comma at ``sep`` are one set of things
    that ends there: a single thing "each" one has, or things already joined by "and"."""
    start = max(k for k in range(sep) if items[k].kind == "WITH")
    span = items[start + 1:sep]
    if not span or span[-1].kind != "NP" or any(i.kind not in ("NP", "AND", "SEP") for i in span):
        return False
    last_sep = max((k for k, i in enumerate(span) if i.kind == "SEP"), default=-1)
    if last_sep >= 0:  # "each with a monitor, a phone and a chair, and one printer": the list closed by its "and"
        return any(i.kind == "AND" for i in span[last_sep + 1:])
    return items[start].text.startswith("each") or any(i.kind == "AND" for i in span)


def _placed_one(items: list[Item], sep: int) -> bool:
    """Whether what "each with" hands out before the comma at ``sep`` is one thing with its own place
    phrase, which ends it ("four tables, each with three stools around it, barrels ...": the room's)."""
    start = max(k for k in range(sep) if items[k].kind == "WITH")
    span = items[start + 1:sep]
    return items[start].text.startswith("each") and len(span) >= 3 and span[0].kind == "NP" \
        and span[1].kind == "REL" and span[-1].kind in ("NP", "PRON") \
        and all(i.kind in ("REL", "NP", "PRON") for i in span[2:])



def _moves_on(items: list[Item], sep: int, nxt: int) -> bool:
    """Whether the list after the comma at ``sep`` has moved on from what "each" one has to the room's
    things: a phrase of the "and"-joined run at ``nxt`` stands at a part of the room ("five tables, each
    with a teapot, a sideboard against the east wall and a coat stand by the door"; "... a rug in the
    middle of the room"; "two bunk beds, each with a ladder, a wardrobe and a desk under the window"), by
    another thing named before or by them all ("two nightstands that both have a lamp, a dresser opposite
    the bed"; "three armchairs, each with a cushion, a coffee table in front of them") or hosts things of
    its own ("two easels, each holding a canvas, a big table covered in paint pots and one stool"). Only
    a distributive "each with" ends so: a plain with-list stays its host's."""
    start = max((k for k in range(sep) if items[k].kind == "WITH"), default=-1)
    if start < 0 or not items[start].text.startswith("each") or items[nxt].kind != "NP":
        return False
    host = next((items[k].np for k in range(start - 1, -1, -1) if items[k].np is not None), None)
    k = nxt
    while k < len(items) and items[k].kind == "NP":
        if _room_s(items[k + 1:k + 3], host):
            return True
        k += 1
        while k < len(items) and items[k].kind not in ("NP", "AND", "SEP"):
            k += 1  # past the phrase's own place: "a desk under the window and ..."
        k += 1 if k < len(items) and items[k].kind == "AND" else len(items)
    return False


def _room_s(after: list[Item], host: NounPhrase | None) -> bool:
    """Whether what follows a phrase makes its thing the room's (:func:`_moves_on`)."""
    if not after:
        return False
    if after[0].kind == "WITH":
        return not after[0].text.startswith("each")
    if after[0].kind == "MOD":
        return after[0].token is not None and after[0].token.value == "centered"
    if after[0].kind != "REL" or len(after) < 2:
        return False
    if after[1].kind == "PRON":  # "in front of them": of them all; "on it" / "next to each" stays each one's
        return after[1].token is not None and after[1].token.value == "them"
    place = after[1].np
    if place is not None and place.kind == "asset" and place.definite:  # "..., a dresser opposite the bed"
        return host is None or singular(place.head) != singular(host.head)
    return place is not None and place.kind == "location" and place.location in ROOM_PARTS
