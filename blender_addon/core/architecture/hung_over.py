"""Things hung on a wall over something that stands at it (issue 13/14, class "on_wall"): "a
mirror on the wall above the sink", "posters on the wall above the bed", "a dresser under the
mirror". The two share one wall and the hung thing clears the top of what stands below it;
several hung over one thing too narrow for them side by side ("three wall shelves above the
bicycle") hang one above another, each :data:`STACK_GAP` over the last.

A relation whose converse says it the other way round ("under(dresser, mirror)" for
"above(mirror, dresser)") is restated so: a thing cannot stand under the footprint of a frame
2 cm deep, but the frame can hang over the thing's. The wall: the hung thing's when the script
names one, else the standing thing's, else both go to :data:`OVER_WALL` (each "any" on its own
would let the solver pick two walls). Read from the relations' specs (physics role, boundary,
converse), never from their names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..weights import INFERRED_WEIGHT

OVER_WALL = "north"  # the wall a hung thing and what it hangs over share when no one names one
MIN_CLEARANCE = 0.05  # m between the top of what stands below and the hung thing's bottom
ABOVE_MARGIN = 0.10  # m: how far a hung thing's centre may lie beyond what it is above (``above``'s margin)
SIDE_GAP = 0.10  # m between hung things side by side over one thing
STACK_GAP = 0.25  # m between hung things stacked over one thing (a shelf's headroom)


def restate_under(constraints: list[Any], by_id: Mapping[str, Any], registry: Any, kinds: Any) -> list[Any]:
    """``under(b, h)`` with ``h`` hung on a wall -> its converse ``above(h, b)`` (when the
    converse is an ``above`` relation of the registry)."""
    out = []
    for con in constraints:
        converse = _converse(registry, con)
        hung = len(con.args) == 2 and getattr(by_id.get(con.args[1]), "mount", None) == "wall"
        if converse is not None and hung and getattr(by_id.get(con.args[0]), "mount", None) != "wall":
            turned = replace(con, relation=converse, args=(con.args[1], con.args[0]), params={})
            if kinds.kind(turned) == "above":
                con = turned
        out.append(con)
    return out


def _converse(registry: Any, con: Any) -> str | None:
    try:
        spec = registry.get(con.relation).spec
    except Exception:  # noqa: BLE001 - custom or unknown: the binder reports it later
        return None
    return spec.converse if spec.physics == "under" and spec.converse else None


def share_walls(constraints: list[Any], by_id: Mapping[str, Any], kinds: Any, requested: Mapping[int, Any],
                raise_height: Any, backs_to_wall: Any = None) -> list[Any]:
    """For each ``above(h, b)`` with ``h`` hung by a wall relation: ``h`` and a floor-standing ``b``
    on one wall (``b`` gets ``against_wall`` when nothing else places it and ``backs_to_wall(b)``
    says it stands with its back to a wall: a bicycle under shelves is not turned to stick out of
    the wall), and ``h``'s default
    height raised over ``b``'s top (``raise_height(h, b, height)``; ``requested``: the heights the
    script gave, by constraint index, kept as they are)."""
    out = list(constraints)
    hang = {c.args[0]: k for k, c in enumerate(out) if kinds.kind(c) == "hang" and c.args}
    stand = {c.args[0]: k for k, c in enumerate(out) if kinds.kind(c) == "wall" and c.args and kinds.takes(c, "wall")}
    placed = {c.args[0] for c in out if kinds.kind(c) == "placed" and c.args}
    for con in constraints:
        if kinds.kind(con) != "above" or len(con.args) != 2 or con.args[0] not in hang:
            continue
        h, b = by_id.get(con.args[0]), by_id.get(con.args[1])
        if h is None or b is None or b.mount != "floor":
            continue
        k = hang[h.id]
        if requested.get(k) is None:
            height = raise_height(h, b, out[k].params.get("height"))
            out[k] = replace(out[k], params={**out[k].params, "height": height})
        wall = _shared_wall(out[k].params.get("wall", "any"),
                            out[stand[b.id]].params.get("wall", "any") if b.id in stand else None)
        out[k] = replace(out[k], params={**out[k].params, "wall": wall})
        if b.id in stand:
            out[stand[b.id]] = replace(out[stand[b.id]], params={**out[stand[b.id]].params, "wall": wall})
        elif b.id not in placed and (backs_to_wall is None or backs_to_wall(b)):
            stand[b.id] = len(out)
            out.append(replace(con, relation="against_wall", args=(b.id,), params={"wall": wall},
                               weight=INFERRED_WEIGHT, hard=False))
    return _stack_crowded(out, by_id, kinds, requested, raise_height)


def _stack_crowded(out: list[Any], by_id: Mapping[str, Any], kinds: Any, requested: Mapping[int, Any],
                   raise_height: Any) -> list[Any]:
    """Hung things over one floor-standing thing, on one wall, whose centres cannot all be over it
    side by side: each after the first hangs :data:`STACK_GAP` above the one before (heights the
    script gave are kept; one the ceiling would stop short stays where it was)."""
    hang = {c.args[0]: k for k, c in enumerate(out) if kinds.kind(c) == "hang" and c.args}
    over: dict[tuple[str, Any], list[Any]] = {}
    for con in out:
        if kinds.kind(con) != "above" or len(con.args) != 2 or con.args[0] not in hang:
            continue
        h, b, k = by_id.get(con.args[0]), by_id.get(con.args[1]), hang[con.args[0]]
        if h is not None and b is not None and b.mount == "floor" and requested.get(k) is None:
            group = over.setdefault((b.id, out[k].params.get("wall")), [])
            group.extend([h] if h not in group else [])
    for (b_id, _), hung in over.items():
        widths = [h.dimensions[0] for h in hung]
        span = sum((a + c) / 2 + SIDE_GAP for a, c in zip(widths, widths[1:]))  # between the outer centres
        if len(hung) < 2 or span <= by_id[b_id].dimensions[0] + 2 * ABOVE_MARGIN:
            continue
        top = out[hang[hung[0].id]].params["height"] + hung[0].dimensions[2] / 2
        for h in hung[1:]:
            k, wanted = hang[h.id], top + STACK_GAP + h.dimensions[2] / 2
            height = raise_height(h, by_id[b_id], max(out[k].params["height"], wanted))
            if height >= wanted - 1e-9:
                out[k] = replace(out[k], params={**out[k].params, "height": height})
                top = height + h.dimensions[2] / 2
    return out


def _shared_wall(hung: str, standing: str | None) -> str:
    """The wall both go to: the hung thing's, else the standing thing's, else :data:`OVER_WALL`."""
    if hung != "any":
        return hung
    if standing is not None and standing != "any":
        return standing
    return OVER_WALL
