"""Which subject objects go with which anchor: one pair per anchor, and a freshly named subject
copied once per member of a distributive anchor ("a lamp on each nightstand"; "a plate and a
glass in front of each chair": the plate *and* the glass, at every chair)."""

from __future__ import annotations

from ..referents.portions import taken_part
from ..referents.world import Group, World


def pairs(world: World, subject: Group, obj: Group) -> list[tuple[list[str], str]]:
    """(subject members, object id) pairs: one per object, copying a fresh subject per
    member of a distributive object ("a lamp on each nightstand")."""
    n = len(obj.ids)
    if subject.partition and len(subject.partition) == n:
        return list(zip(subject.partition, obj.ids))
    if _one_apiece(subject, obj) or _part_apiece(world, subject, obj):  # "four tables, each under an
        world.grow(obj, len(subject.ids))  # umbrella", "half of them under umbrellas": one over every table
        world.shrink(obj, len(subject.ids))
        return [([s], o) for s, o in zip(subject.ids, obj.ids)]
    if obj.distributive and n > 1:
        if subject.share and not subject.fresh and len(subject.ids) == subject.share * n:
            # "twelve chairs, four at each table": the named twelve, four to a table in turn
            k = subject.share
            subject.partition = [subject.ids[i * k:(i + 1) * k] for i in range(n)]
            return list(zip(subject.partition, obj.ids))
        if subject.fresh and subject.np is not None:
            per = len(subject.ids)
            world.grow(subject, per * n)
            subject.partition = [subject.ids[i * per:(i + 1) * per] for i in range(n)]
            return list(zip(subject.partition, obj.ids))
        joined = joined_per_anchor(world, subject, n)
        if joined is not None:
            return list(zip(joined, obj.ids))
        if len(subject.ids) == n:
            return [([s], o) for s, o in zip(subject.ids, obj.ids)]
    if n > 1 and len(subject.ids) > 1:
        # "two tables in front of the bookshelves": each table before one shelf, not before all
        return [([s], obj.ids[i % n]) for i, s in enumerate(subject.ids)]
    return [(list(subject.ids), o) for o in obj.ids]


def joined_per_anchor(world: World, subject: Group, n: int) -> list[list[str]] | None:
    """"a plate and a glass in front of each chair", "a lamp and a clock on each nightstand": a
    subject joined by "and" from freshly named parts is one set of its parts per anchor, each part
    grown ``n`` times; None when the subject is not such a join."""
    parts = subject.parts or []
    if len(parts) < 2 or not all(p.fresh and p.np is not None and not p.partition for p in parts):
        return None
    sizes = [len(p.ids) for p in parts]
    for part, per in zip(parts, sizes):
        world.grow(part, per * n)
    subject.partition = [[i for part, per in zip(parts, sizes) for i in part.ids[k * per:(k + 1) * per]]
                         for k in range(n)]
    subject.ids[:] = [i for members in subject.partition for i in members]
    return subject.partition


def _one_apiece(subject: Group, obj: Group) -> bool:
    """Whether a fresh "a/an" anchor follows "each" of objects named before ("four tables, each
    under an umbrella", "the stalls, each beside a lamp post"): one anchor of its own for every one."""
    return subject.distributive and not subject.fresh and len(subject.ids) > 1 and len(obj.ids) == 1 \
        and obj.fresh and obj.np is not None and obj.np.determiner == "indefinite" and obj.np.count is None


def _part_apiece(world: World, subject: Group, obj: Group) -> bool:
    """Whether a part taken of a divided group stands by a fresh uncounted plural ("eight tables,
    four of them under umbrellas"): one of those each, not the plural's default number; not seats,
    which share what they stand at ("ten chairs, four of them around tables")."""
    seats = any("seat" in world.entities[i].roles for i in subject.ids if i in world.entities)
    return not seats and taken_part(world, subject) and obj.fresh and obj.np is not None and obj.np.plural \
        and obj.np.count is None and not obj.np.determiner
