"""People and animals *in* a container keep their size (a woman in the bathtub, a cat in a basket,
a man in a car): a figure is never shrunk to fit like a ball in a basket.

* in something with a seat or a mattress (a bed, a crib, an armchair: its ``default_surface``) it
  rests on that surface (``on_top_of``; a person on a seat is then seated by the knowledge base's
  posture);
* in something flat (a pool, a pond: lower than :data:`FLAT`) it is on it, in the water;
* in anything else it stays *inside* (on the container's inner floor, :mod:`..solver`) when it
  fits standing, or, for a person in something one sits in (:data:`PERSON_CONTAINERS`: a bathtub,
  a car, a boat, a tent), seated (the ``sit`` posture) or lying down; its box is then the seated
  one when standing does not fit, never a smaller figure;
* a figure too big for the container in every pose is only near it (:mod:`.plausible`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...knowledge.objects import ObjectFacts, load_knowledge

if TYPE_CHECKING:
    from ..referents.world import World

FIGURE_FAMILIES = frozenset({"person", "animal"})
HELD_MOUNTS = frozenset({"floor", "surface"})  # where a thing a figure has at hand stands when put down
FURNITURE_ROLES = frozenset({"seat", "surface", "workplace"})  # furniture a figure sits or works at, never holds
PETS = 2  # animals a figure comes with that walk at its side
PERSON_CONTAINERS = frozenset({"bath", "vehicle", "bed", "seat", "sofa", "nature", "structure"})  # one sits in
RESTING_SURFACES = ("seat", "mattress")  # default surfaces a figure rests on rather than in
FLAT = 0.3  # metres: a container lower than this (a pool, a pond) is stood or lain in, not fitted into
SLACK = 1.5  # a figure may overhang its container's footprint this much (a cat curled up in a basket)
HEIGHT_SLACK = 1.25  # and its height this much

Size = tuple[float, float, float]


def is_figure(category: str) -> bool:
    """Whether the knowledge base files ``category`` as a person or an animal."""
    facts = load_knowledge().lookup(category)
    return facts is not None and facts.family in FIGURE_FAMILIES


def held_by(world: World, thing_id: str, figure_id: str) -> bool:
    """Whether a person or animal can have the thing it comes with at hand: a thing that stands on
    the floor or on a surface and is no furniture (an umbrella, a guitar, a bucket, a suitcase; no
    chair, table or mirror), one apiece of a thing nothing knows ("three fishermen with their rods"),
    and a pet or two, never people ("a teacher with six pupils") or a herd ("forty sheep")."""
    thing = world.entities[thing_id]
    same = sum(h == figure_id and world.entities[i].category == thing.category for i, h in world.hosts.items())
    facts = load_knowledge().lookup(thing.category)
    if facts is None:
        return same <= 1
    if facts.family in FIGURE_FAMILIES:
        return facts.family != "person" and same <= PETS
    return facts.mount in HELD_MOUNTS and not thing.roles & FURNITURE_ROLES


def fits(inner: Size, outer: Size) -> bool:
    """Whether a box of ``inner`` size fits in one of ``outer`` size (either way round on the floor)."""
    (a, b), (c, d) = sorted(inner[:2]), sorted(outer[:2])
    return a <= SLACK * c and b <= SLACK * d and inner[2] <= HEIGHT_SLACK * outer[2]


def seated(category: str, size: Size) -> Size | None:
    """The box of a standing figure of ``size`` in its family's ``sit`` posture, or None."""
    facts = load_knowledge().lookup(category)
    posture = next((p for p in load_knowledge().postures.values()
                    if facts is not None and facts.family in p.families), None)
    if posture is None:
        return None
    w, _, h = size
    return round(w * posture.width, 4), round(h * posture.depth, 4), round(h * posture.height, 4)


def poses(category: str, size: Size) -> list[Size]:
    """The boxes a figure may take in a container: a person standing, seated or lying; an animal
    as it is (curled up, it may overhang: :data:`SLACK`)."""
    w, d, h = size
    sitting = seated(category, size)
    return [size] if sitting is None else [size, sitting, (w, h, d)]


def figure_relation(category: str, size: Size, container: ObjectFacts | None, outer: Size) -> str:
    """What a figure of ``category`` and standing ``size`` said to be *in* a container of
    ``outer`` size does: "on_top_of", "inside" or "proximity" (see the module)."""
    if container is not None and container.default_surface in RESTING_SURFACES:
        return "on_top_of"
    (a, b), (c, d) = sorted(size[:2]), sorted(outer[:2])
    if outer[2] < FLAT and a <= SLACK * c and b <= SLACK * d:
        return "on_top_of"
    if seated(category, size) is not None and (container is None or container.family not in PERSON_CONTAINERS):
        return "inside" if fits(size, outer) else "proximity"  # a boy peering into an aquarium: near it
    return "inside" if any(fits(pose, outer) for pose in poses(category, size)) else "proximity"


def fitted_figure(category: str, size: Size, outer: Size) -> Size:
    """A figure's box inside a container: standing when it is no taller than the container, else
    seated when its seated footprint fits (a person in a bathtub or a car sits, head and shoulders
    above the rim); its standing box otherwise (never scaled down: what cannot fit in any pose is
    only near, :mod:`.plausible`)."""
    if size[2] <= outer[2] and fits(size, outer):
        return size
    sitting = seated(category, size)
    return sitting if sitting is not None and fits((*sitting[:2], 0.0), outer) else size


def is_person(category: str) -> bool:
    """Whether the knowledge base files ``category`` as a person ("bartender", "knight")."""
    facts = load_knowledge().lookup(category)
    return facts is not None and facts.family == "person"


def people_only(categories: list[str]) -> bool:
    """Whether every one of these is a person: "it" never means them ("a bartender behind a bar
    with stools in front of it": the bar), "him" / "her" / "them" may."""
    return bool(categories) and all(is_person(c) for c in categories)


LYING = "lying"  # the hint a figure lying down carries (the coder turns its box: :func:`posed_box`)
LYING_ANIMAL_HEIGHT = 0.5  # an animal lying down: this share of its standing height


def lie_down(world: Any, ids: list[str], word: str) -> None:
    """"A woman lying on the sofa", "a mechanic lying under a car": the figures of ``ids`` lie down
    when ``word`` is one of the lexicon's ``verb_words['lying']`` (their hints get :data:`LYING`)."""
    if word not in world.vocab.lexicon.verb_words["lying"]:
        return
    for entity in (world.entities[i] for i in ids if i in world.entities):
        if is_figure(entity.category) and LYING not in entity.hints:
            entity.hints = (*entity.hints, LYING)


def posed_box(category: str, hints: tuple[str, ...], size: Size) -> Size:
    """A figure's box in the pose its hints say: lying down, a person's height becomes its length
    and its depth its height, an animal keeps its footprint and is lower; else ``size``."""
    if LYING not in hints or not is_figure(category):
        return size
    w, d, h = size
    if is_person(category):
        return w, h, d
    return w, d, round(h * LYING_ANIMAL_HEIGHT, 4)
