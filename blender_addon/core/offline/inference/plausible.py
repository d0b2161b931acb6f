"""Relations that cannot hold as read degrade to one that can (issue 14: graceful handling).

"A scientist peering into a microscope" reads "into" as *inside*; a person does not fit in a
microscope, so the two are only near each other (the microscope then stands on a surface like
any small thing). A containment whose content is larger than its container in any dimension
(sorted footprint, height) even at the smallest and largest sizes the knowledge base gives their
kinds ("a ball inside the basket" holds: the coder scales the ball to fit) becomes a proximity;
nothing is dropped, nothing is added. A person
or an animal in a container keeps its size and may sit or lie in it (:mod:`.figures`: in a bed or
an armchair it rests on it, in a pool it is on it). A thing in a water body (a lake, the sea: a flat
ground feature) stands on it, in the water: a boat floats, a pier reaches out over it.
"""

from __future__ import annotations

import logging

from ...knowledge.objects import load_knowledge
from ...stated_size import with_stated
from .figures import figure_relation, fits, is_figure
from ..reading.closed_words import word_set
from ..referents.world import INFERRED, World
from ..reading.lexicon import load_lexicon
from ..setting.ground import is_water

log = logging.getLogger(__name__)
CONTAINMENT = frozenset({"inside"})
RIM = "side"  # the location-noun kind of a container's rim ("the edge of the pond")
NEAR_REACH = 0.5  # metres: how close a degraded containment keeps the two
SOLID_BELOW = frozenset({"vehicle"})  # knowledge-base families with no room under them for a figure
UNDER_REACH = 0.3  # metres: a figure "under" such a thing lies right beside it (a mechanic under a car)
POLE_RATIO = 3.0  # a thing this many times taller than its footprint is wide is a pole: nothing fits beneath it
CROWNED = frozenset({"plant"})  # knowledge-base families whose box is a crown over a trunk: under it stays under
GROWS = word_set("growing_containers")  # made any size
GROWTH = (1.25, 1.5, 1.75, 2.0, 2.25, 2.5)  # the scales tried, smallest first (an elephant in a basket stays near)


def _size(world: World, entity_id: str) -> tuple[float, float, float]:
    """The object's size: its catalog model's, else the knowledge base's typical one."""
    entity = world.entities[entity_id]
    facts = load_knowledge().lookup(entity.category)
    if world.vocab.match(entity.description, entity.hints, entity.category).known or facts is None:
        return world.size_of(entity_id)
    w, d, h = with_stated(facts.typical, entity.size)
    return w, d, entity.height if entity.height is not None else h


def _extreme(world: World, entity_id: str, largest: bool) -> tuple[float, float, float]:
    """The smallest (or largest) size the object may take: the knowledge base's range for its
    kind (the coder scales contents within it), else its own size; a stated height is kept."""
    entity = world.entities[entity_id]
    facts = load_knowledge().lookup(entity.category)
    if facts is None:
        return _size(world, entity_id)
    w, d, h = with_stated(facts.dim_max if largest else facts.dim_min, entity.size)
    return w, d, entity.height if entity.height is not None else h


def unfit_containment(world: World) -> list[tuple[str, str]]:
    """Turn each containment whose content does not fit its container into a proximity; returns
    the (content, container) pairs changed."""
    changed = _under_solid(world) + _under_pole(world)
    for rel in world.relations:
        if rel.relation not in CONTAINMENT or len(rel.args) != 2 or not all(a in world.entities for a in rel.args):
            continue
        inner, outer = rel.args
        category = world.entities[inner].category
        if is_figure(category):
            kind = figure_relation(category, _size(world, inner), load_knowledge().lookup(
                world.entities[outer].category), _size(world, outer))
            kind = kind if kind != "proximity" else _grown_for(world, inner, outer)  # "a dog in its basket"
            if kind == "on_top_of":
                rel.relation, rel.params = kind, {}  # "a child in bed": on the mattress
            if kind != "proximity":
                continue
        elif is_water(world, outer) and not _at_rim(rel.source):  # "a dock reaching out into a lake": on the water
            rel.relation, rel.params = "on_top_of", {}
            continue
        elif fits(_extreme(world, inner, largest=False), _extreme(world, outer, largest=True)):
            continue
        rel.relation, rel.params = "proximity", {"max_distance": NEAR_REACH}
        rel.source = (INFERRED if not rel.source.startswith(INFERRED) else "") + \
            f"{rel.source}: a {world.entities[inner].category} does not fit in a {world.entities[outer].category}"
        changed.append((inner, outer))
    if changed:
        log.info("containments that cannot hold, read as near: %s", changed)
    return changed


def _at_rim(source: str) -> bool:
    """Whether the phrase puts the thing at a side of its container ("at the edge of the pond", "by the
    side of the lake": the lexicon's location nouns of a side), at its rim, not in it."""
    nouns = load_lexicon().location_nouns
    return any(nouns.get(word) == RIM for word in source.split())


def _grown_for(world: World, inner: str, outer: str) -> str:
    """"A dog asleep in its basket", "a cat in a box": a container of a kind made in any size
    (:data:`GROWS`, knowledge-base categories; an aquarium is not) too small for the figure said to
    be in it is made as big as needed, up to :data:`GROWTH`'s largest scale (its height set, the
    coder scales it whole); returns what the figure then does in it ("inside" / "on_top_of"),
    "proximity" when no scale fits."""
    container, figure = world.entities[outer], world.entities[inner]
    facts = load_knowledge().lookup(container.category)
    if facts is None or facts.category not in GROWS or container.count is not None:
        return "proximity"
    (w, d, h), size = _size(world, outer), _size(world, inner)
    for scale in GROWTH:
        outer_size = (w * scale, d * scale, h * scale)
        kind = figure_relation(figure.category, size, facts, outer_size)
        if kind != "proximity" and _within(size, outer_size):  # its whole footprint in it (no overhang)
            container.height = round(h * scale, 3)
            return kind
    return "proximity"


def _under_solid(world: World) -> list[tuple[str, str]]:
    """"A mechanic lying under a car": a person or an animal under a vehicle (:data:`SOLID_BELOW`)
    lies right beside it, never inside its body; returns the pairs changed. (Under a tree stays
    under: its canopy is above.)"""
    changed = []
    for rel in world.relations:
        if rel.relation != "under" or len(rel.args) != 2 or not all(a in world.entities for a in rel.args):
            continue
        facts = load_knowledge().lookup(world.entities[rel.args[1]].category)
        if facts is not None and is_figure(world.entities[rel.args[0]].category) and facts.family in SOLID_BELOW:
            rel.relation, rel.params = "proximity", {"max_distance": UNDER_REACH}
            changed.append((rel.args[0], rel.args[1]))
    return changed


def _under_pole(world: World) -> list[tuple[str, str]]:
    """"A bench under the lamppost", "a dog asleep under the coat stand": under a thing that stands on a
    pole (:data:`POLE_RATIO`: a lamppost, a flagpole, a floor lamp) is at its foot, right beside the pole
    under its lamp or flag, never through the pole; returns the pairs changed. (Under a tree stays under:
    its box is its crown.) A flat thing (a mat) may still lie beneath it."""
    changed = []
    for rel in world.relations:
        if rel.relation != "under" or len(rel.args) != 2 or not all(a in world.entities for a in rel.args):
            continue
        a, b = rel.args
        w, d, h = world.size_of(b)
        facts = load_knowledge().lookup(world.entities[b].category)
        if world.entities[b].mount or "flat" in world.entities[a].roles or h < POLE_RATIO * max(w, d, 0.01) \
                or (facts is not None and facts.family in CROWNED):
            continue
        rel.relation, rel.params = "proximity", {"max_distance": UNDER_REACH}
        changed.append((a, b))
    return changed


def _within(inner: tuple[float, float, float], outer: tuple[float, float, float]) -> bool:
    """Whether a footprint of ``inner`` lies within one of ``outer`` (either way round)."""
    (a, b), (c, d) = sorted(inner[:2]), sorted(outer[:2])
    return a <= c and b <= d
