""""Three rows of desks. Each row has four desks.": a count said of each row of a grid named
before is its row length -- the grid is twelve desks, four a row, not twelve desks and four more.
The same count said with a relation ("five chairs in each row") or as a bare count of the
grid's objects ("two rows of chairs, five in each row") sets the row length the same way.
"""

from __future__ import annotations

from ..referents.world import Group, World

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


def in_each_row(world: World, anchor: Group, subject: Group) -> bool:
    """"Two rows of chairs, five chairs in each row" / "five in each row": the latest grid gets
    that many a row (its members first, copies of its first member for the rest, the surplus
    dropped); False (nothing changed) when ``anchor`` is not "each row" of a grid."""
    grid = next((r for r in reversed(world.relations) if r.relation == "grid"), None)
    before = tuple(grid.args) if grid is not None else ()
    if fill_rows(world, anchor, subject):
        for new in [i for i in (grid.args if grid is not None else ()) if i not in before]:
            _copy_relations(world, before[0], new, before)  # the rows' new chairs face the screen too
        return True
    np = anchor.np
    if np is None or np.head not in ROW_WORDS or np.determiner not in ("each", "all") or grid is None \
            or not subject.ids or not set(subject.ids) <= set(grid.args):
        return False
    per = subject.share or len(subject.ids)
    want, members = int(grid.params.get("rows") or 1) * per, list(grid.args)
    while len(members) < want:
        members.append(_copy(world, members[0], grid.args))
    _drop(world, members[want:])
    grid.args, grid.params["cols"] = tuple(members[:want]), per
    return True


def _copy(world: World, model: str, grid: tuple[str, ...]) -> str:
    """A new member like ``model``, with what ``model`` itself was said to do ("facing the screen")."""
    new = world.clone(model)
    _copy_relations(world, model, new, grid)
    return new


def _copy_relations(world: World, model: str, new: str, grid: tuple[str, ...]) -> None:
    """``model``'s own relations to things outside the grid, for ``new``."""
    for rel in list(world.relations):
        if rel.args[:1] == (model,) and len(rel.args) == 2 and rel.args[1] not in grid:
            world.relate(rel.relation, [new, rel.args[1]], dict(rel.params), rel.source, inferred=rel.inferred)


def _drop(world: World, ids: list[str]) -> None:
    """Remove objects with every relation that names them."""
    gone = set(ids)
    for i in ids:
        world.entities.pop(i, None)
        world.hosts.pop(i, None)
    world.relations[:] = [r for r in world.relations if not set(r.args) & gone or r.relation == "grid"]
    for group in world.history:
        group.ids[:] = [i for i in group.ids if i not in gone]
