"""A door or window named after a thing already in the scene is that thing's own ("a rain barrel by
the shed door", "a mirror on the wardrobe door", "a cat by the car window"): the phrase stands for
the thing, never a door cut in a wall of the room (outdoors there is no wall: it was dropped, and
the barrel stood anywhere). A room's door keeps its reading: "the kitchen door", "the front door",
"the barn door" inside the barn (no barn object), "the door" alone."""

from __future__ import annotations

from ...assets.phrase import singular
from .records import Group
from .world import World

ARTICLES = frozenset({"the", "a", "an", "its", "their", "his", "her", "my", "our", "your"})


def owned_opening(world: World, text: str) -> Group | None:
    """The thing whose door or window the phrase names (the one mentioned last), or None."""
    words = [w for w in text.lower().split() if w not in ARTICLES]
    if len(words) < 2:
        return None
    owner = singular(words[-2].removesuffix("'s"))
    found = [e for e in world.entities.values() if e.category.split()[-1] == owner]
    if not found:
        return None
    return Group(ids=[max(found, key=lambda e: e.mention).id])
