"""Small things placed beside something that stands on a surface, or beside a small surface
(issue 14): "a lamp on the nightstand and a glass of water next to it", "a laptop on the desk
with a mug beside it", "a remote next to the TV on the sideboard". What may stand on a surface
is the object knowledge base's data (``mount: surface``), never a word list here; the size that
keeps a thing off the floor is its catalog model's.
"""

from __future__ import annotations

from ...knowledge.objects import load_knowledge
from ..reading.closed_words import word_set
from ..reading.lexicon import load_lexicon
from ..referents.world import CARRIED_BY, INFERRED, World
from .inferring import NOT_PLACING

BESIDE = frozenset({"proximity", "left_of", "right_of", "in_front_of", "behind", "at_end"})
NEAR = frozenset({"proximity", "at_end"})  # by it or at its end: a small thing there stands on a low surface
SMALL = 0.35  # m: a surface thing no longer than this beside a surface stands on it, not on the floor
TABLE_HEIGHT = 1.0  # m: a surface this low is within reach from beside it (not a mantel, not a piano top)
LIFTED = 0.6  # m: a surface thing up to this long beside a thing on a surface joins it there
FLOOR_SIZES = word_set("floor_sizes")  # "a tall lamp": a thing the text sizes for the floor
WIDER = "wide"  # the size word that picks a wider model of a surface whose load does not fit
FIT_MARGIN = 0.05  # m: room left on a surface once the things beside its load are on it too


def beside_on_its_surface(world: World) -> list[str]:
    """Put each small surface thing that only stands beside its anchors on the surface they
    stand on (or on the anchor itself when the anchor is a surface and the thing is small);
    returns the ids moved up."""
    supports = world.supports()
    carrying = set(supports.values())
    moved = []
    for entity in list(world.entities.values()):
        if entity.id in supports or entity.mount is not None:
            continue
        if entity.id in carrying and "tabletop" not in entity.roles:  # a plate of cookies beside a table: on it
            continue
        anchors = _beside_only(world, entity.id)
        facts = load_knowledge().lookup(entity.category)
        if not anchors or facts is None or facts.mount != "surface" or facts.wall_mountable:
            continue
        target = _surface_for(world, entity.id, anchors, supports)
        if target is not None and world.relate("on_top_of", [entity.id, target], {},
                                               INFERRED + f"a {entity.category} beside a thing on a surface "
                                               "stands on it too", inferred=True):
            moved.append(entity.id)
    return moved


def _beside_only(world: World, entity_id: str) -> list[str]:
    """The anchors the object is placed beside, when every placing relation it is in is one of
    :data:`BESIDE` with it as the subject; [] otherwise."""
    anchors: list[str] = []
    for rel in world.relations:
        if entity_id not in rel.args or rel.relation in NOT_PLACING:
            continue
        if rel.relation in CARRIED_BY and rel.args[-1] == entity_id:
            continue  # what it carries ("a plate of cookies") does not place it
        if rel.relation not in BESIDE or len(rel.args) != 2 or rel.args[0] != entity_id:
            return []
        anchors.append(rel.args[1])
    return anchors


def _surface_for(world: World, entity_id: str, anchors: list[str], supports: dict[str, str]) -> str | None:
    """The surface an anchor stands on (the thing is at most :data:`LIFTED` long), else an anchor
    that is a low surface itself, the thing only "next to" it, at most :data:`SMALL` long and no bag
    or basket (which stand by furniture on the floor)."""
    longest = max(world.size_of(entity_id)[:2])
    if set(world.entities[entity_id].hints) & FLOOR_SIZES:  # "flanked by two tall speakers": on the floor
        return None
    for anchor in anchors:
        below = supports.get(anchor)
        if below is not None and "surface" in world.entities[below].roles and longest <= LIFTED \
                and _fits_beside(world, anchor, below):
            return below
    roles = world.entities[entity_id].roles
    if "holder" in roles and "tabletop" not in roles:  # a bag, a basket, a toolbox: by it on the floor
        return None
    for anchor in anchors:
        reach = LIFTED if _only_at_end(world, entity_id, anchor) else SMALL  # "a counter with a till at one end"
        if "surface" in world.entities[anchor].roles and longest <= reach \
                and world.size_of(anchor)[2] <= TABLE_HEIGHT and _only_near(world, entity_id, anchor):
            return anchor
    return None


def _fits_beside(world: World, anchor: str, surface: str) -> bool:
    """Whether the things placed only beside the anchor fit on its surface with it ("speakers on
    either side of the TV" on its stand): if not, a wider model of the surface when the text gave
    it no size ("a TV stand": the stand wide enough for the TV and its speakers); else False, and
    they stand on the floor at its sides."""
    beside = [e for e in world.entities if e != anchor and anchor in _beside_only(world, e)]
    need = max(world.size_of(anchor)[:2]) + sum(min(world.size_of(e)[:2]) for e in beside) + FIT_MARGIN
    if need <= max(world.size_of(surface)[:2]):
        return True
    entity = world.entities[surface]
    if set(entity.hints) & set(load_lexicon().word_lists["size_hints"]):
        return False
    entity.hints = (*entity.hints, WIDER)
    if need <= max(world.size_of(surface)[:2]):
        return True
    entity.hints = entity.hints[:-1]
    return False


def _only_at_end(world: World, entity_id: str, anchor: str) -> bool:
    """Whether the thing is only at the anchor's end: a surface thing up to :data:`LIFTED` long at the
    end of a low surface ("a till at one end of the counter") stands on it there, not on the floor."""
    rels = [r.relation for r in world.relations if r.args[:1] == (entity_id,) and anchor in r.args]
    return bool(rels) and all(r == "at_end" for r in rels)


def _only_near(world: World, entity_id: str, anchor: str) -> bool:
    """Whether the thing is only "next to" the anchor or at its end ("a candle at each end of the
    table"): a side named ("on the left of the fireplace") puts it on the floor at that side."""
    return all(r.relation in NEAR for r in world.relations if r.args[:1] == (entity_id,) and anchor in r.args)
