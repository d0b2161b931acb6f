""""Three rows of desks. Each row has four desks.": a count said of each row of a grid named
before is its row length -- the grid is twelve desks, four a row, not twelve desks and four more.
"""

from __future__ import annotations

from .world import Group, World

ROW_WORDS = frozenset({"row", "line", "column"})


def fill_rows(world: World, host: Group | None, group: Group) -> bool:
    """Make the latest grid ``rows`` x ``len(group)`` when ``host`` is "each row" and ``group``
    (just made) is more of the grid's kind: the grid keeps its members first, takes the new ones
    it needs and the rest go; False (nothing changed) otherwise."""
    np = host.np if host is not None else None
    if np is None or np.head not in ROW_WORDS or np.determiner not in ("each", "all") or not group.fresh:
        return False
    grid = next((r for r in reversed(world.relations) if r.relation == "grid"), None)
    if grid is None or not group.ids:
        return False
    kind = world.entities[grid.args[0]].category
    if any(world.entities[i].category != kind for i in group.ids):
        return False
    per = len(group.ids)
    pool = [*grid.args, *group.ids]
    keep = pool[:int(grid.params.get("rows") or 1) * per]
    _drop(world, [i for i in pool if i not in keep])
    grid.args, grid.params["cols"] = tuple(keep), per
    group.ids[:] = [i for i in group.ids if i in keep]
    return True


def _drop(world: World, ids: list[str]) -> None:
    """Remove objects with every relation that names them."""
    gone = set(ids)
    for i in ids:
        world.entities.pop(i, None)
        world.hosts.pop(i, None)
    world.relations[:] = [r for r in world.relations if not set(r.args) & gone or r.relation == "grid"]
    for group in world.history:
        group.ids[:] = [i for i in group.ids if i not in gone]
