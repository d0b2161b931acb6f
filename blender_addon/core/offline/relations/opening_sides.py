"""Things on either side of a door or window (issue 14): "bookcases either side of the doorway",
"an armchair on either side of the window", "two plants flanking the front door". One on each
side (an uncounted plural or a single thing makes two), each against the opening's wall beside
it, and each pair mirrored about the opening (symmetric with the opening as its centre) -- not
three things anywhere along that wall."""

from __future__ import annotations

import math
from typing import Any

from .openings import OPENING_PARAM, note
from ..distributions.quantities import per_side_count
from ..referents.world import Group, World

FLANK_REACH = 0.8  # m: largest gap between a flanking thing and the opening's edge
MIRROR_TOLERANCE = 0.3  # m: how far the second may stand from the first's mirror image


def flank_opening(world: World, params: dict[str, Any], subject: Group, opening: str, source: str) -> bool:
    """Half the subject on each side of ``opening``, mirrored about it; False for fewer than two."""
    per_side_count(world, params, subject, False, a_side=1)
    ids = subject.ids
    if len(ids) < 2:
        return False
    mark = {OPENING_PARAM: opening}
    beside = "next_to_door" if note(world, opening).kind == "door" else "near_opening"
    for a in ids:
        world.relate("against_wall", [a], {"wall": f"of:{opening}"}, source)
        world.relate(beside, [a], mark | {"max_distance": params.get("max_distance", FLANK_REACH)}, source)
    half = math.ceil(len(ids) / 2)
    for a, b in zip(ids[:half], ids[half:]):
        world.relate("symmetric", [a, b], mark | {"tolerance": MIRROR_TOLERANCE}, source)
    return True
