"""What stands on what, where the text leaves it out: a carrier takes the place of what it carries
("a lamp on each side of the sofa, standing on side tables"); a table-top thing stands on a surface
(the table of the seat it is set at, its host, a neighbour's surface, or the surface mentioned
nearest); a small thing named with a table-like host stands on it; what a platform holds stands on
it; pillows and toys named with a bed or sofa lie on it; a TV stands on its stand. A last pass keeps
every object on at most one support, without cycles.
"""

from __future__ import annotations

from .....skill_library.roles import roles as relation_roles
from ..reading.clause import CARRIED
from ..relations.surfaces import fits_on, held, held_height, hosted_surface
from ..referents.world import PlannedRelation, World
from .figures import held_by, is_figure
from .inferring import BESIDE, NOT_PLACING, nearest, placed, relate, with_role
from ..reading.lexicon import role_group

HOSTED_HEIGHT = 0.6  # m: "a table with a coffee machine": at most this tall, it stands on the table
AT_HAND = 0.3  # m: what a person or animal comes with stands this close to them
PLACE_REACH = 0.4  # m: a plate "in front of a chair" is at that seat, not anywhere before it
SEATED = frozenset({"in_front_of", "behind", "left_of", "right_of", "around", "proximity"})  # a seat at its table
TABLES = role_group("tables")


def carrier_takes_place(world: World) -> None:
    """"A lamp on each side of the sofa, standing on side tables": the side tables stand
    there, the lamps on them (a carrier not placed otherwise takes its load's place)."""
    supports = {r.args[0]: r.args[1] for r in world.relations if r.relation == "on_top_of"}
    for rel in world.relations:
        load = rel.args[0]
        carrier = supports.get(load)
        if rel.relation not in BESIDE or carrier is None or carrier in rel.args:
            continue
        if not world.entities[load].roles & CARRIED or "tabletop" in world.entities[carrier].roles:
            continue
        if any(world.entities[a].roles & CARRIED for a in rel.args[1:]):
            continue  # "a cup on the desk next to the laptop": beside another small thing up there
        if any(r.args[0] == carrier and r.relation not in NOT_PLACING for r in world.relations):
            continue  # the text placed the carrier itself
        rel.args = (carrier,) + rel.args[1:]


def tabletop_support(world: World) -> None:
    """A table-top thing the text does not stand on anything stands on a surface: the table of the seat it
    is set at, its neighbour's support, its host's top, or the surface mentioned nearest."""
    surfaces = with_role(world, "surface")
    for entity in list(world.entities.values()):
        if "tabletop" not in entity.roles or entity.id in world.supports() or entity.mount is not None:
            continue  # a lantern hung from the ceiling is on no table
        table = _place_at_table(world, entity.id)
        if table is not None:  # "a plate in front of every chair": on the table, at that seat
            relate(world, "on_top_of", [entity.id, table], {}, f"a {entity.category} at a seat is on its table")
            continue
        if placed(world, entity.id, ignore_roles=frozenset({"tabletop"})):
            continue
        target = _neighbour_support(world, entity.id) or _host_surface(world, entity.id)
        if target is None:
            chosen = nearest(world, entity, [s for s in surfaces if s.id != entity.id])
            target = chosen.id if chosen else None
        if target is not None:
            relate(world, "on_top_of", [entity.id, target], {}, f"a {entity.category} stands on a surface")


def hosted_on_surface(world: World) -> None:
    """"A small table with a coffee machine", "a workbench with a vise": a thing named with a
    table-like host that the text does not place, small enough to stand on it (at most
    :data:`HOSTED_HEIGHT` tall, half its top's area, no seat), stands on it."""
    for entity in list(world.entities.values()):
        host = world.hosts.get(entity.id)
        if host is None or "surface" not in world.entities[host].roles:
            continue
        if entity.id in world.supports() or (placed(world, entity.id, anchors=False) and not held(world, entity)) \
                or entity.mount:  # "with two laptops per table and a chair in front of each laptop": still on it
            continue
        if fits_on(world, entity.id, host, held_height(world, host, HOSTED_HEIGHT)):
            relate(world, "on_top_of", [entity.id, host], {}, f"a {entity.category} named with a "
                    f"{world.entities[host].category} stands on it")


def at_hand(world: World) -> None:
    """"A woman with an umbrella", "three fishermen with their rods", "a flower seller with a
    handcart": what a person or animal comes with, and the text places nowhere, is at hand, right
    beside them (within :data:`AT_HAND`); so is a pet or two ("a man with a dog"), never people
    ("a teacher with twenty pupils") or a herd ("a shepherd with forty sheep")."""
    for entity in list(world.entities.values()):
        host = world.hosts.get(entity.id)
        if host is None or host not in world.entities or not is_figure(world.entities[host].category):
            continue
        if entity.mount or entity.id in world.supports() or placed(world, entity.id):
            continue
        if not held_by(world, entity.id, host):
            continue
        relate(world, "proximity", [entity.id, host], {"max_distance": AT_HAND},
               f"a {world.entities[host].category}'s {entity.category} is at hand")


def on_platform(world: World) -> None:
    """"A stage with a microphone stand in the middle and a drum kit behind it": what a
    platform hosts stands on it, unless the text relates it to the platform itself or
    places it by something that is not on the platform."""
    for entity in list(world.entities.values()):
        host = world.hosts.get(entity.id)
        if host is None or "platform" not in world.entities[host].roles or entity.id in world.supports():
            continue
        supports = world.supports()
        linked = [r for r in world.relations if entity.id in r.args]
        if any(host in r.args for r in linked):
            continue
        neighbours = {a for r in linked if r.relation not in NOT_PLACING for a in r.args if a != entity.id}
        if all(supports.get(n) == host for n in neighbours):
            why = f"what the {world.entities[host].category} holds stands on it"
            relate(world, "on_top_of", [entity.id, host], {}, why)


def soft_things(world: World) -> None:
    """Pillows and teddy bears named with a bed or sofa lie on it; named with several ("some
    seating and plenty of cushions": a sofa and two armchairs), on each of them in turn."""
    soft = with_role(world, "soft_surface")
    dealt: dict[int, int] = {}  # cushions dealt out so far, by sentence
    for entity in with_role(world, "cushion"):
        if entity.id in world.supports() or placed(world, entity.id) or entity.mount is not None:
            continue
        host = world.hosts.get(entity.id)
        if host is not None and "soft_surface" in world.entities[host].roles:
            target: str | None = host
        else:
            same = [s for s in soft if s.sentence == entity.sentence and s.id != entity.id]
            turn = dealt.get(entity.sentence, 0)
            dealt[entity.sentence] = turn + 1
            target = same[turn % len(same)].id if host is None and same else None
        if target is not None:
            relate(world, "on_top_of", [entity.id, target], {}, f"a {entity.category} lies on the {target}")


def _place_at_table(world: World, entity_id: str) -> str | None:
    """The table of the seat a small thing is put by ("a plate in front of each chair"), and
    that thing's place pulled up to the seat (within :data:`PLACE_REACH`); None when it is not
    put by a seat at a table."""
    entities = world.entities
    for rel in world.relations:
        if rel.relation not in BESIDE or len(rel.args) != 2 or rel.args[0] != entity_id:
            continue
        seat = rel.args[1]
        if "seat" not in entities[seat].roles:
            continue
        for other in world.relations:
            at = other.args[-1]
            if seat in other.args[:-1] and other.relation in SEATED and entities[at].roles & TABLES:
                rel.params.setdefault("max_distance", PLACE_REACH)
                return at
    return None


def _neighbour_support(world: World, entity_id: str) -> str | None:
    supports = world.supports()
    for rel in world.relations:
        if entity_id in rel.args:
            for other in rel.args:
                if other != entity_id and other in supports and "tabletop" in world.entities[other].roles:
                    return supports[other]
    return None


def _host_surface(world: World, entity_id: str) -> str | None:
    return hosted_surface(world, entity_id)  # its host's top, or that of the table its host is at


def tv_support(world: World) -> None:
    """A TV the text does not place stands on the stand mentioned nearest (not one hung on a wall)."""
    stands = with_role(world, "tv_surface")
    for tv in with_role(world, "tv"):
        if tv.id in world.supports() or placed(world, tv.id) or not stands or tv.mount is not None:
            continue
        stand = nearest(world, tv, stands)
        if stand is not None:
            relate(world, "on_top_of", [tv.id, stand.id], {}, "a TV stands on its stand")


def clean_supports(world: World) -> None:
    """One support per object, no cycles: later contradicting relations are dropped and noted."""
    kept: list[PlannedRelation] = []
    below: dict[str, str] = {}
    for rel in world.relations:
        pairs = []
        if rel.relation in relation_roles().supporting:
            pairs = [(rel.args[0], rel.args[1])]
        elif rel.relation in relation_roles().stacking:
            pairs = list(zip(rel.args[1:], rel.args))
        if any(upper in below or _reaches(below, lower, upper) for upper, lower in pairs):
            world.notes.append(f"ignored {rel.relation}({', '.join(rel.args)}): it contradicts an earlier support")
            continue
        for upper, lower in pairs:
            below[upper] = lower
        kept.append(rel)
    world.relations[:] = kept


def _reaches(below: dict[str, str], start: str, goal: str) -> bool:
    seen = set()
    node: str | None = start
    while node is not None and node not in seen:
        if node == goal:
            return True
        seen.add(node)
        node = below.get(node)
    return False

