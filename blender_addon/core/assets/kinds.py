"""The knowledge base's say in what a catalog match is (issue 13): a thing the object knowledge base
knows by a name of two or more words keeps its size there, whatever catalog model draws it, and a
model found by the name's last word only gives way to the thing's family shape when it would draw
another thing ("alarm clock" is no 1.9 m longcase clock, "record player" no person)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .families import load_families, misshapen
from .phrase import singular

if TYPE_CHECKING:
    from .catalog import AssetEntry

Vec3 = tuple[float, float, float]
STRETCHY_FAMILIES = frozenset({"container", "primitive"})  # knowledge-base families whose models scale to any box


def own_kind(entry: AssetEntry, adjectives: Sequence[str]) -> tuple[Vec3, str, list[str]]:
    """"a single bed" drawn by the bed model: a describing word that with the category names a
    knowledge-base kind of its own ("single bed", 0.95 m wide) sizes it as that kind, not as the
    word's end of the plain category's range (a narrow double bed). Returns the base size, the
    category to size by and the adjectives left."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

    knowledge = load_knowledge()
    plain = knowledge.lookup(entry.category)
    for adjective in adjectives:
        kind = f"{adjective} {entry.category}"
        facts = knowledge.lookup(kind)
        if facts is not None and facts.category == kind and (plain is None or plain.category != kind):
            typical = facts.typical
            return (typical[0], typical[1], typical[2]), kind, [a for a in adjectives if a != adjective]
    return entry.dimensions, entry.category, list(adjectives)


def other_name_kind(name: str, category: str) -> str | None:
    """The multi-word knowledge-base kind that the one-word ``name`` is another name of ("pew": church
    pew, "sectional": sectional sofa), whose size a catalog model listing the word as a synonym takes;
    None when the kind is one word or ``name`` is the model's own ``category`` (a "kettle" drawn by the
    kettle model is a kettle, whatever else the knowledge base calls one)."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

    facts = load_knowledge().lookup(name)
    if facts is None or len(facts.category.split()) < 2 or singular(name) == category:
        return None
    return facts.category


def said_kind(kind: str | None, said: str | None) -> str | None:
    """The name to give a thing sized as ``kind``: the kind (its last word singular) when the text
    named it (``said``, "alarm clocks"); None when the kind only sizes another name of it ("pew")."""
    if kind is None or kind != said:
        return None
    parts = kind.split()
    return " ".join([*parts[:-1], singular(parts[-1])])


def kind_base(entry: AssetEntry, kind: str) -> Vec3:
    """The size to draw ``entry``'s model at for the knowledge-base kind ``kind``: the model's own
    when it lies within the kind's range, else the kind's typical size."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

    facts = load_knowledge().lookup(kind)
    if facts is None or all(lo <= v <= hi for v, lo, hi in zip(entry.dimensions, facts.dim_min, facts.dim_max)):
        return entry.dimensions
    return facts.typical


def category_words(name: str) -> frozenset[str]:
    """The words of the knowledge-base category ``name`` belongs to: a size word among them is part
    of the name ("small plant", "wall clock large"), not a size to apply again."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

    facts = load_knowledge().lookup(name)
    return frozenset(facts.category.split()) if facts is not None else frozenset()


def typical(name: str) -> Vec3 | None:
    """The knowledge base's typical size of ``name``'s category, if it knows the name."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

    facts = load_knowledge().lookup(name)
    return facts.typical if facts is not None else None


def head_fits(entry: AssetEntry, kind: str) -> bool:
    """Whether ``entry``'s model, found by the last word of the knowledge-base name ``kind`` only, may
    draw it at its size. Not when the family table names ``kind``'s own shape (a "cat tree" is a
    stand, a "hair dryer" a gadget), nor when its proportions would be distorted (an "alarm clock"
    squeezed from a 1.9 m longcase clock, a "record player" from a person; a box or a primitive
    stretches to any) and a family shape stands in for ``kind``. A labelled box never replaces it."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

    knowledge, families = load_knowledge(), load_families()
    facts, head = knowledge.lookup(kind), knowledge.lookup(entry.category)
    listed = families.listed(kind)
    if facts is None or (listed is not None and listed.asset != entry.asset):
        return facts is None
    stretches = head is not None and head.family in STRETCHY_FAMILIES
    if stretches or not misshapen(entry.dimensions, facts.typical):
        return True
    return families.for_noun(kind) is None
