""""A parasol between each pair of loungers", "a nightstand between every two beds", "a side
table between each": a thing said once for each gap of a row stands in every gap, one apiece.

The reader resolves "each pair of loungers" or "every two beds" to two of them; the ends are all
of that kind the text named (the row), and the subject, said as one ("a parasol"), grows to one
per gap between neighbours (three loungers: two parasols). A counted subject ("two lamps
between each pair") keeps its count.
"""

from __future__ import annotations

from ..referents.world import Group, World


def each_gap(world: World, subject: Group, objects: list[Group]) -> list[str] | None:
    """The ends of a distributive "between each ..." (every named thing of the ends' kind, in
    the text's order), with the subject grown to one per gap; None when the phrase is not one."""
    if len(objects) != 1 or not objects[0].distributive or not objects[0].ids:
        return None
    kind = world.entities[objects[0].ids[0]].category
    ends = [i for i, e in world.entities.items() if e.category == kind and i not in subject.ids]
    if len(ends) < 3 or not set(objects[0].ids) <= set(ends):
        return None
    np = subject.np
    if subject.fresh and np is not None and np.count is None and not np.plural and len(subject.ids) == 1:
        world.grow(subject, len(ends) - 1)
    return ends
