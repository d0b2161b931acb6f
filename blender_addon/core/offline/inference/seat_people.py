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

from ...knowledge.objects import ObjectFacts, Posture, load_knowledge
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


def seat_people_around_tables(world: World, text: str = "") -> list[str]:
    """"Four cowboys seated around a round table", "six learners sit around a big worktable": people
    put *around* a table or desk that has no seats sit on chairs set around it, one each (and stay
    around it) (not those
    the knowledge base's posture keeps standing, a waiter; not when the text said they stand:
    ``word_lists['standing_around']`` before the place); returns the chairs' ids."""
    posture = load_knowledge().postures.get("sit")
    added: list[str] = []
    if posture is None:
        return added
    for rel in list(world.relations):
        people, table = list(rel.args[:-1]), rel.args[-1] if rel.args else ""
        if rel.relation != "around" or not people or not _said_around(rel.source) or _seats_at(world, table):
            continue
        if not all(_sits(world, p, table, posture) for p in people) or _standing(text, rel.source):
            continue
        chairs = world.create(NounPhrase(text=DEFAULT_SEAT, head=DEFAULT_SEAT, description=DEFAULT_SEAT),
                              len(people)).ids
        world.relate("around", [*chairs, table], {"facing": True}, WHY, inferred=True)
        for person, chair in zip(people, chairs):
            world.relate("on_top_of", [person, chair], {}, WHY, inferred=True)
        added += chairs
    return added


def _said_around(source: str) -> bool:
    words = source.strip().lower().split()
    return bool(words) and words[0] in load_lexicon().word_lists["seated_around"]


def _standing(text: str, source: str) -> bool:
    """Whether the text said the people stand there ("standing around the table")."""
    at = text.lower().find(source.strip().lower())
    before = text.lower()[max(0, at - 30):at].split() if at > 0 else []
    return any(w in load_lexicon().word_lists["standing_around"] for w in before[-3:])


def sit_where_they_watch_from(world: World) -> list[str]:
    """"A lifeguard watching from his tall chair", "pensioners looking on from their deckchairs": a
    person *from* a seat sits on it (a thing the knowledge base gives a seat to rest on); returns the
    people seated."""
    seated = []
    for rel in list(world.relations):
        if rel.relation != "proximity" or len(rel.args) != 2 or not rel.source.strip().lower().startswith("from "):
            continue
        person, seat = rel.args
        who, what = (load_knowledge().lookup(world.entities[i].category) for i in rel.args)
        if who is None or who.family != "person" or not _a_seat(what) or _carries(world, seat):
            continue
        if any(r.relation == "on_top_of" and r.args[:1] == (person,) for r in world.relations):
            continue
        world.relations.remove(rel)
        world.relate("on_top_of", [person, seat], {}, rel.source, inferred=rel.inferred)
        seated.append(person)
    return seated


def _a_seat(facts: ObjectFacts | None) -> bool:
    return facts is not None and facts.default_surface in ("seat",)
