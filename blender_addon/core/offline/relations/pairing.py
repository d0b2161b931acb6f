"""Which subject objects go with which anchor: one pair per anchor, and a freshly named subject
copied once per member of a distributive anchor ("a lamp on each nightstand"; "a plate and a
glass in front of each chair": the plate *and* the glass, at every chair)."""

from __future__ import annotations

from ..referents.world import Group, World


def pairs(world: World, subject: Group, obj: Group) -> list[tuple[list[str], str]]:
    """(subject members, object id) pairs: one per object, copying a fresh subject per
    member of a distributive object ("a lamp on each nightstand")."""
    n = len(obj.ids)
    if subject.partition and len(subject.partition) == n:
        return list(zip(subject.partition, obj.ids))
    if obj.distributive and n > 1:
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
