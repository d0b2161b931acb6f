"""Free spaces the text names (issue 14, phrases6): an aisle, a gangway is room left free, never
an object (a box called "aisle"). Things "on either side of the aisle" ("pews on either side of
the aisle", "seats on both sides of the gangway") stand in two columns with the aisle between:
half on each side, a grid of two columns whose partners across it keep the aisle's width apart.
Any other phrase about a free space ("a rug in the aisle") places nothing more; the words are
read, not reported. The nouns are lexicon data (``free_space_nouns``)."""

from __future__ import annotations

from typing import Any

from ..distributions.quantities import per_side_count
from ..referents.world import Group, World

AISLE_WIDTH = 1.0  # m: the free width between the two columns
PER_SIDE = 4  # things a side when the text gives no count ("pews on either side of the aisle")
SIDES = frozenset({"each_side", "flanked_by", "one_side"})


def is_free_space(group: Group | None) -> bool:
    """Whether a group stands for a free space the text named (no objects, a zone phrase)."""
    return group is not None and not group.ids and group.np is not None and group.np.kind == "zone"


def about_free_space(world: World, kind: str, params: dict[str, Any], subject: Group, source: str) -> bool:
    """The subject placed about a free space: two columns either side of it; True (read) otherwise."""
    if kind not in SIDES or not subject.ids:
        return True
    per_side_count(world, params, subject, False, a_side=PER_SIDE)
    ids = subject.ids
    if len(ids) < 2:
        return True
    rows = (len(ids) + 1) // 2
    left, right = ids[0::2], ids[1::2]  # filled row by row: each row's first on one side, second on the other
    world.relate("grid", ids, {"rows": rows, "cols": 2}, source)
    for a, b in zip(left, right):
        world.relate("far_from", [a, b], {"min_distance": AISLE_WIDTH}, source)
    return True
