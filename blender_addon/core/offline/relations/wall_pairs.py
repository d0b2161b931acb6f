"""Walls named together (issue 14, dev set instr8): "two long tables along the east and west
walls", "paintings on the east wall and the west wall", "bookcases against the left and right
walls". After a relation word, a wall side (or a wall) joined by "and" to a wall is one place that
names both walls (:attr:`.phrases.NounPhrase.sides`); what stands or hangs there is shared out over
them in turn (:func:`.places._against_walls`), never a thing called "east" next to the west wall.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..referents.world import SIDES

ARTICLES = frozenset({"the", "both"})  # "the east and west walls", "both the north and south walls"


def walls_together(items: list[Any], wall_sides: dict[str, str]) -> list[Any]:
    """The items with each "<wall side> and <wall>" after a relation word read as one wall
    phrase naming both sides (the first side its own, for anything that reads one wall)."""
    out: list[Any] = []
    for item in items:
        first = _side_of(out[-2], wall_sides) if len(out) >= 3 and out[-1].kind == "AND" else None
        if first is None or out[-3].kind != "REL" or _wall_side(item) in (None, first):
            out.append(item)
            continue
        both = (first, str(item.np.side))
        item.np = replace(item.np, text=f"{out[-2].text} and {item.np.text}", side=first, sides=both, plural=True,
                          determiner=out[-2].np.determiner if out[-2].np is not None else "definite")
        item.text = item.np.text
        out[-2:] = [item]
    return out


def _wall_side(item: Any) -> str | None:
    """The compass side of a wall phrase ("the west wall", "west walls"); None for anything else."""
    np = item.np
    ok = np is not None and np.kind == "location" and np.location == "wall" and np.side in SIDES
    return str(np.side) if ok else None


def _side_of(item: Any, wall_sides: dict[str, str]) -> str | None:
    """The side a phrase before "and" names: a wall ("the east wall") or a bare side word read as a
    thing or not at all ("the east", "the left")."""
    wall = _wall_side(item)
    if wall is not None:
        return wall
    if item.kind not in ("NP", "UNKNOWN") or (item.np is not None and item.np.kind != "asset"):
        return None
    words = [w for w in item.text.lower().split() if w not in ARTICLES]
    side = wall_sides.get(words[0]) if len(words) == 1 else None
    return side if side in SIDES else None
