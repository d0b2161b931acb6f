""""One" without a noun of its own after a determiner ("each one", "the small one"): what it
stands for, when that is not the kind named before -- doors or windows ("two windows, and a
plant under each one": each window) or an earlier part of the joined subject ("two tables and a
vase on each one": each table)."""

from __future__ import annotations

from ..reading.clause import Clause, part_reference
from ..reading.phrases import NounPhrase
from .proforms import openings_meant, read_proform
from .world import Group, World


def unnamed_one(world: World, state: Clause, np: NounPhrase) -> tuple[bool, Group | None]:
    """(True, the group) when ``np`` is such a "one" (the group None when nothing fits: "each
    one" with nothing named before is reported, nothing created); (False, None) otherwise, with a
    "one" that stands for an earlier kind given that kind's noun (:func:`.proforms.read_proform`)."""
    meant = openings_meant(world, state, np)
    if meant is not None:
        return True, meant
    if np.head != "one" or read_proform(world, state, np):
        return False, None
    part = part_reference(world, state, "them") if np.determiner == "each" else None
    return True, Group(ids=part.ids, np=part.np, distributive=True) if part is not None else None
