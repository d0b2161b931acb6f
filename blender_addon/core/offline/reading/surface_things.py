"""Things that stand on furniture, known from the object knowledge base (issue 14).

The lexicon's ``tabletop`` role lists the small things the inference rules put on a table, a
desk or a counter (a lamp, a cup, a printer). A thing the lexicon gives no role at all but the
knowledge base mounts on a surface and knows as small (a toaster, a sewing machine, a till, a
typewriter) plays the same role: "a kettle and a toaster on the counter along the east wall"
puts the counter along the wall, as it does for a kettle alone. Flat things (a placemat) and
big ones (a bedspread, a sword) keep no role.
"""

from __future__ import annotations

from functools import lru_cache

from ...knowledge.objects import load_knowledge

SMALL = 0.6  # m: the longest typical side of a thing that stands on a table, a desk or a counter
SURFACE_ROLES = frozenset({"tabletop"})


@lru_cache(maxsize=4096)
def surface_roles(category: str) -> frozenset[str]:
    """``{"tabletop"}`` when the knowledge base mounts the category on a surface, not flat, no
    side longer than :data:`SMALL`; else no role."""
    facts = load_knowledge().lookup(category)
    if facts is None or facts.mount != "surface" or facts.flat or max(facts.typical) > SMALL:
        return frozenset()
    return SURFACE_ROLES
