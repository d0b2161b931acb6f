"""Things hung on walls (issue 14): "a painting on the wall", "the TV hangs on the west wall",
"hang a clock above the door", "a shelf on the wall above the desk".

What may hang is the object knowledge base's data, never a word list here: a category whose
``mount`` is ``wall`` or that is ``wall_mountable`` (a TV) hangs when the text puts it "on" a
wall; so does anything the sentence's verb hangs or mounts (the lexicon's ``mount_verbs``).
A hung object's category becomes its wall variant when the catalog or the knowledge base
knows one ("hang a clock": a wall clock, not a longcase clock; "a shelf on the wall": a wall
shelf), and its scene-graph node carries ``mount: "wall"``.
"""

from __future__ import annotations

from .....skill_library.roles import roles as relation_roles
from ...knowledge.objects import ObjectFacts, load_knowledge
from ..referents.world import Entity, Group, World

WALL = "wall"
CEILING = "ceiling"
HUNG_WALLS = ("north", "west", "east", "south")  # "posters on every wall": one a wall, the far walls first
TOO_TALL = 1.5  # a model this many times the tallest of its hung category is another thing (a longcase clock)
DRAPED = 0.1  # m: the tallest thing (as the knowledge base has it, folded) that lies over what it is said over
HANGING_KINDS = frozenset({"on", "against", "along", "at", "in", "above", "row_along"})


def hangs(world: World, entity_id: str, kind: str) -> bool:
    """Whether a wall phrase of ``kind`` ("on", "against"...) hangs the object rather than standing
    it against the wall: the object is hung already (by the verb), or "on" the wall and the
    knowledge base says it is wall-mounted, mountable or a small thing that stands on furniture."""
    entity = world.entities[entity_id]
    if kind not in HANGING_KINDS:
        return False
    if entity.mount == WALL:
        return True
    facts = load_knowledge().lookup(entity.category)
    if facts is None:
        return kind == "on" and _has_wall_variant(world, entity)
    if facts.mount == WALL:
        return kind != "along"
    return kind == "on" and (facts.wall_mountable or facts.mount == "surface" or _has_wall_variant(world, entity))


def hang(world: World, entity_id: str) -> None:
    """Mark the object hung on a wall, unless the knowledge base hangs it from the ceiling ("a
    pendant lamp hangs over the table")."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    if facts is None or facts.mount != "ceiling":
        world.entities[entity_id].mount = WALL


def hang_from_ceiling(world: World, entity_id: str) -> None:
    """Mark the object hung from the ceiling ("a lantern hanging from the ceiling"): it hangs a
    little below it and Blender draws the cord or stem up to it. A plain noun with a ceiling variant
    in the knowledge base becomes it ("a fan on the ceiling": a ceiling fan, not a standing fan)."""
    entity = world.entities[entity_id]
    entity.mount = CEILING
    variant = f"ceiling {entity.category}"
    found = load_knowledge().lookup(variant)
    if len(entity.category.split()) == 1 and found is not None and found.category == variant:
        entity.category, entity.roles = variant, world.vocab.roles(variant)
        entity.description = " ".join([*entity.hints, variant])


def hang_over_from_ceiling(world: World, outdoor: bool) -> list[str]:
    """"Hang a lamp over the table", "a lamp over the dining table", "a fan above the bed": a thing
    that stands on a floor or a surface (the knowledge base's mount), said to be above another
    with no wall named for it and resting on nothing, hangs from the ceiling indoors (a ceiling
    lamp on its cord) instead of floating or becoming a wall lamp with no wall. Returns the ids."""
    pinned = {r.args[0] for r in world.relations if r.args and (
        r.relation in relation_roles().supporting or r.relation in ("on_wall", "against_wall", "under_window"))}
    hung = []
    for rel in world.relations:
        if outdoor or rel.relation != "above" or len(rel.args) != 2 or rel.args[0] in pinned:
            continue
        entity = world.entities.get(rel.args[0])
        facts = load_knowledge().lookup(entity.category) if entity is not None else None
        if entity is None or entity.mount == CEILING or (entity.named_hung and entity.mount == WALL) or facts is None \
                or facts.wall_mountable \
                or facts.mount not in ("floor", "surface"):
            continue
        if drapes(facts) and rel.source.split()[:1] == ["over"]:
            rel.relation, rel.params = "on_top_of", {}  # "a quilt spread over the table": it lies on it
            continue
        hang_from_ceiling(world, entity.id)
        hung.append(entity.id)
    return hung


def drapes(facts: ObjectFacts) -> bool:
    """Whether a thing lies draped over what it is said to be over ("a quilt spread over the table", "a
    towel over the chair", "a blanket thrown over the sofa"): a thin thing (at most ``DRAPED`` high as the
    knowledge base has it) that rests on surfaces, not one that hangs above them (a lamp, a lantern)."""
    return facts.mount == "surface" and facts.typical[2] <= DRAPED


def wall_variant(world: World, entity: Entity) -> str:
    """The category a hung object is drawn as: "wall <noun>" when the catalog or the knowledge base
    has an entry of that very name (a wall shelf, a wall lamp) and the category itself does not hang,
    or the catalog's model of it is far taller than the knowledge base's (a clock: a longcase clock)."""
    variant = f"wall {entity.category}"
    if len(entity.category.split()) > 1 or not _has_wall_variant(world, entity):
        return entity.category  # "a towel rail" is what it is; only a plain noun has a wall variant
    facts = load_knowledge().lookup(entity.category)
    if facts is None or facts.mount != WALL:
        return variant
    model = world.vocab.match(entity.description, entity.hints, entity.category)
    return variant if model.known and model.dimensions[2] > TOO_TALL * facts.dim_max[2] else entity.category


def _has_wall_variant(world: World, entity: Entity) -> bool:
    """Whether the catalog or the knowledge base has an entry named "wall <noun>" of its own."""
    variant = f"wall {entity.category.split()[-1]}"
    found = load_knowledge().lookup(variant)
    return world.vocab.match(variant).category == variant or (found is not None and found.category == variant)


def hang_on_wall(world: World, kind: str, a: str, index: int, side: str, obj: Group, source: str) -> bool:
    """"a painting on the wall": on_wall when the object hangs (:func:`.hanging.hangs`); "on the wall
    above the bed" takes the bed's wall later, not the one named last, but "on that wall" the one
    named last; "posters on every wall" go one a wall. False when the object stands against the wall
    instead."""
    if obj.place is None or obj.place.kind != "wall" or not hangs(world, a, kind):
        return False
    hang(world, a)
    side = side if obj.np is None or obj.np.side or obj.np.walls or _pointed(world, obj.np.text) else "any"
    if obj.distributive and side == "any":
        walls = (obj.np.walls if obj.np is not None else ()) or HUNG_WALLS  # "the north and south walls": those
        side = walls[index % len(walls)]
    return world.relate("on_wall", [a], {"wall": side}, source)


def _pointed(world: World, text: str) -> bool:
    """Whether a wall phrase points back with a demonstrative ("on that wall": the wall named last)."""
    first = text.lower().split()[:1]
    return bool(first) and first[0] in world.vocab.lexicon.word_lists.get("demonstratives", ())
