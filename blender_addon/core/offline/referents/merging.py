"""Two names for one object made one (issue 14): an occasion's object renamed to its main
object, an occasion laid on the user's table, a presumed thing that is the first of a room's.
"""

from __future__ import annotations

from .world import World


def merge(world: World, entity_id: str, into: str) -> None:
    """Let ``into`` stand for the object: its relations hold for ``into`` (less those that would
    relate ``into`` to itself), and the object is gone."""
    world.entities.pop(entity_id, None)
    rename(world, {entity_id: into})
    world.relations = [r for r in world.relations if len(set(r.args)) == len(r.args)]
    world.kept_clear = [r for r in world.kept_clear if len(set(r.args)) == len(r.args)]
    world.hosts = {k: v for k, v in world.hosts.items() if k != v}
    for group in world.history:
        group.ids[:] = list(dict.fromkeys(group.ids))


def rename(world: World, renamed: dict[str, str]) -> None:
    """Every relation, host, negation and mention of an old id names its new id instead."""
    def swap(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(renamed.get(i, i) for i in ids)

    for rel in world.relations + world.kept_clear:
        rel.args = swap(rel.args)
    world.hosts = {renamed.get(k, k): renamed.get(v, v) for k, v in world.hosts.items()}
    world.negations = [(kind, renamed.get(i, i), other) for kind, i, other in world.negations]
    for group in world.history:
        group.ids[:] = list(swap(tuple(group.ids)))
