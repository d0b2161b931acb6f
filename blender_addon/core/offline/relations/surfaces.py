"""Named support surfaces (issue 14 on issue 13's knowledge base): "three books on the second
shelf", "a vase on the top shelf of the bookcase", "two boxes on its lowest shelf".

A surface noun (the lexicon's ``surface_nouns``: shelf, level, tier, seat...) refers to a surface of
an object when the object is named ("of the bookcase", "its") or is the latest object whose
knowledge-base entry has surfaces of that kind; ordinals and position words (``positions``: top,
bottom, middle...) pick one of them, counted from the bottom. The relation put on it is
``on_top_of(a, owner, surface="shelf_2")``. A surface the object does not have is reported.
"""

from __future__ import annotations

from ...knowledge.objects import load_knowledge
from ..reading.lexicon import Vocabulary
from ..reading.phrases import NounPhrase
from ..reading.closed_words import word_set
from ..referents.world import Entity, Group, World

SURFACE_PARAM = "surface"
HOLDING = word_set("holding_words")  # "the table holds five plants": on it, however tall


def surfaces_of(world: World, entity_id: str, stem: str) -> list[str]:
    """The owner's surfaces named ``stem`` or ``stem_N``, lowest first (from the knowledge base)."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    if facts is None:
        return []
    named = [s for s in facts.surfaces if s.name == stem or s.name.startswith(f"{stem}_")]
    return [s.name for s in sorted(named, key=lambda s: s.height)]


def names_surface(vocab: Vocabulary, np: NounPhrase) -> bool:
    """Whether the phrase's noun names a support surface ("shelf", "tier", "seat")."""
    nouns = vocab.lexicon.surface_nouns
    return np.head.split()[-1] in nouns or np.head in nouns


def owner_phrase(vocab: Vocabulary, np: NounPhrase) -> NounPhrase | None:
    """"the sofa's seat" (read as "sofa seat"): the owner the words before the surface noun name."""
    words = np.head.split()
    if len(words) < 2 or not names_surface(vocab, np) or vocab.match(np.head).category == np.head:
        return None
    if load_knowledge().lookup(np.head) is not None:
        return None  # "a display shelf" is a thing of its own
    owner = " ".join(words[:-1])
    return NounPhrase(text=owner, head=owner, determiner="definite", description=owner) if vocab.is_noun(words[-2]) \
        else None


def surface_reference(world: World, np: NounPhrase, owner: Group | None) -> Group | None:
    """The surface a phrase like "the second shelf" names, as a group of its owner carrying the
    surface's name; None when the phrase names no surface of any object (it is an object then)."""
    lex = world.vocab.lexicon  # "the second shelf (of the bookcase)"
    stem = lex.surface_nouns.get(np.head.split()[-1]) or lex.surface_nouns.get(np.head)
    if stem is None or not (np.definite or np.ordinal is not None or owner is not None) \
            or _objects_named(world, np, owner):  # "a plate at every seat": at each chair
        return None
    candidates = list(owner.ids[:1]) if owner is not None and owner.ids else [
        e.id for e in sorted(world.entities.values(), key=lambda e: -e.mention)]
    found = next((c for c in candidates if surfaces_of(world, c, stem)), None)
    if found is None:
        return None
    names = surfaces_of(world, found, stem)
    if _every(np, lex.surface_positions) and len(names) > 1:  # "a book on each shelf": one a shelf
        return Group(ids=[found] * len(names), np=np, surface=names[0], surfaces=names, distributive=True)
    name = _pick(np, names, lex.surface_positions)
    if name is None:
        world.notes.append(f"{np.text}: {world.entities[found].category} has {len(names)} {np.head.split()[-1]}(s)")
        name = names[-1]
    return Group(ids=[found], np=np, surface=name)


def _every(np: NounPhrase, positions: dict[str, str]) -> bool:
    """"each shelf", "every shelf", "all the shelves": every surface, not one ("the top shelf")."""
    return np.determiner in ("each", "all") and np.ordinal is None and not set(np.text.split()) & set(positions)


def _objects_named(world: World, np: NounPhrase, owner: Group | None) -> bool:
    """"six chairs and a plate at every seat": a surface noun that also names objects ("seat": a
    chair, a stool), said of several with no owner, means those objects, not one object's seats."""
    if owner is not None or not (np.plural or np.determiner in ("each", "all")):
        return False
    found = world.find(np)
    return found is not None and len(found.ids) > 1


def _pick(np: NounPhrase, names: list[str], positions: dict[str, str]) -> str | None:
    """Which of ``names`` (lowest first) the phrase means: its ordinal, else its position word,
    else the lowest; None for an ordinal past the last."""
    if np.ordinal is not None:
        index = np.ordinal - 1 if np.ordinal > 0 else len(names) - 1
        return names[index] if index < len(names) else None
    words = np.text.split()
    where = next((positions[w] for w in words if w in positions), None)
    if where == "last":
        return names[-1]
    if where == "middle":
        return names[(len(names) - 1) // 2]
    return names[0]


def put_on_surface(world: World, subject_ids: list[str], target: Group) -> None:
    """Name the surface on the ``on_top_of`` relations just made from ``subject_ids`` to its owner."""
    if target.surface is None:
        return
    if target.surfaces:  # one set a shelf, in the order the pairs were made
        on = [r for r in world.relations if r.relation == "on_top_of" and r.args[0] in subject_ids
              and r.args[1:] == tuple(target.ids[:1])]
        per = max(1, len(on) // len(target.surfaces))
        for i, rel in enumerate(on):
            rel.params[SURFACE_PARAM] = target.surfaces[min(i // per, len(target.surfaces) - 1)]
        return
    for rel in world.relations:
        if rel.relation == "on_top_of" and rel.args[0] in subject_ids and rel.args[1:] == tuple(target.ids):
            rel.params[SURFACE_PARAM] = target.surface


def fits_on(world: World, thing: str, host: str, height: float = float("inf")) -> bool:
    """Whether ``thing`` can stand on ``host``'s top: no seat, at most ``height`` tall, its
    footprint within the host's and at most half its area."""
    if world.entities[thing].roles & {"seat", "flat"}:
        return False
    (w, d, h), (hw, hd, _) = world.size_of(thing), world.size_of(host)
    return h <= height and w * d <= 0.5 * hw * hd and max(w, d) <= max(hw, hd) and min(w, d) <= min(hw, hd)


def said_on(world: World, thing: str, host: str) -> bool:
    """Whether ``thing`` may stand on ``host`` when the text puts it there ("On the shelf, put a clock and a
    plant"): no seat or flat thing, its footprint smaller than the host's (a pot wider than a narrow shelf
    still stands on it, as :func:`fits_on` would not have it) (multi15)."""
    if world.entities[thing].roles & {"seat", "flat"}:
        return False
    (w, d, _), (hw, hd, _) = world.size_of(thing), world.size_of(host)
    return w * d < hw * hd


AT_SURFACE = frozenset({"proximity", "in_front_of", "behind", "left_of", "right_of", "around"})  # a host at a table


def hosted_surface(world: World, entity_id: str) -> str | None:
    """The surface a small thing named with its host stands on: the host's top ("a desk with a lamp"),
    or that of the surface the host is at ("a monk at each desk with a candle": his desk); else None."""
    host = world.hosts.get(entity_id)
    if host is None or "surface" in world.entities[host].roles:
        return host
    return next((r.args[1] for r in world.relations if len(r.args) == 2 and r.args[0] == host
                 and r.relation in AT_SURFACE and "surface" in world.entities[r.args[1]].roles), None)


def held_by(world: World, word: str, host: Group) -> Group:
    """Remember the host of a holding word ("each table holds five potted plants", "a shelf
    supporting a tall vase"): what it holds stands on it (:func:`held_height`); returns ``host``."""
    if word in HOLDING:
        world.holders.update(host.ids)
    return host


def held_height(world: World, host: str, height: float) -> float:
    """The tallest thing ``host`` takes on its top when named with it: any height for a host that
    holds (:func:`held_by`), else ``height``."""
    return float("inf") if host in world.holders else height


def held(world: World, entity: Entity) -> bool:
    """Whether a host that holds (:func:`held_by`) has the thing: it stands on that host whatever
    else groups it ("five potted plants in a row" that a table holds: the row is on the table)."""
    return world.hosts.get(entity.id) in world.holders
