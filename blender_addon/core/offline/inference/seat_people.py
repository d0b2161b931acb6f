"""People at tables sit (issue 13): "people at the tables", "two people sitting at a table", "a
woman at the desk". The object knowledge base's ``sit`` posture seats a figure put *at* a table on a
free seat placed at that table (``core/architecture/posture.py``); a table the text gave no seats
(a cafe's own tables replace the archetype's, chairs and all) left its people standing beside it.
Here each such table gets the seats its people lack: one chair in front of it, or a ring of them
around it (joined to a ring it has). Which figures sit, at what, and who stands (a waiter) is the
knowledge base's posture data; only relations read from "at ..." seat anyone ("a man standing next
to the table" stands).
"""

from __future__ import annotations

from ...knowledge.objects import Posture, load_knowledge
from ..reading.lexicon import load_lexicon
from ..reading.phrases import NounPhrase
from ..referents.world import INFERRED, World

SEAT_REACH = 0.6  # m: a single chair pulled up to its table (as "a chair at the table" reads)
DEFAULT_SEAT = "chair"
WHY = INFERRED + "people at a table sit on seats at it"


def seat_people_at_tables(world: World) -> list[str]:
    """Add the seats that people put at a table lack (see the module docstring); returns their ids."""
    posture = load_knowledge().postures.get("sit")
    if posture is None:
        return []
    people: dict[str, list[str]] = {}
    for rel in world.relations:
        if rel.relation in posture.at_relations and len(rel.args) == 2 and _said_at(rel.source) \
                and _sits(world, rel.args[0], rel.args[1], posture):
            people.setdefault(rel.args[1], []).append(rel.args[0])
    added: list[str] = []
    for table, figures in people.items():
        seats = _seats_at(world, table)
        free = [s for s in seats if not _carries(world, s)]
        missing = len(figures) - len(free)
        if missing > 0:
            added += _add_seats(world, table, seats, missing)
    return added


def _said_at(source: str) -> bool:
    text = source.strip().lower()
    return any(text == w or text.startswith(w + " ") for w in load_lexicon().word_lists["seated_at"])


def _sits(world: World, figure: str, table: str, posture: Posture) -> bool:
    knowledge = load_knowledge()
    who, what = knowledge.lookup(world.entities[figure].category), knowledge.lookup(world.entities[table].category)
    if who is None or what is None or who.category in posture.at_standing:
        return False
    supported = any(r.args[0] == figure for r in world.relations if r.relation == "on_top_of")
    return not supported and who.family in posture.families and what.family in posture.at_families


def _seats_at(world: World, table: str) -> list[str]:
    """Seats a relation places at the table (its last argument), in order."""
    out: list[str] = []
    for rel in world.relations:
        if len(rel.args) >= 2 and rel.args[-1] == table:
            out += [a for a in rel.args[:-1] if "seat" in world.entities[a].roles and a not in out]
    return out


def _carries(world: World, seat: str) -> bool:
    return any(r.relation == "on_top_of" and len(r.args) == 2 and r.args[1] == seat for r in world.relations)


def _add_seats(world: World, table: str, seats: list[str], missing: int) -> list[str]:
    """``missing`` chairs (of the kind already at the table) at the table: one alone in front of it,
    more in a ring, an existing single seat or ring joined to it."""
    kind = world.entities[seats[0]].category if seats else DEFAULT_SEAT
    new = world.create(NounPhrase(text=kind, head=kind, description=kind), missing).ids
    if not seats and len(new) == 1:
        world.relate("in_front_of", [new[0], table], {"max_distance": SEAT_REACH}, WHY, inferred=True)
        world.relate("facing", [new[0], table], {}, WHY, inferred=True)
        return new
    members = seats + new
    world.relations = [r for r in world.relations if not (r.args[-1] == table and set(r.args[:-1]) <= set(seats)
                                                          and r.relation in ("around", "in_front_of", "facing"))]
    world.relate("around", [*members, table], {"facing": True}, WHY, inferred=True)
    return new
