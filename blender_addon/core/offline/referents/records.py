"""The records the planner's :class:`~.world.World` keeps while it reads: an :class:`Entity` (one
object to place), a :class:`Group` (what one noun phrase or pronoun denotes: asset ids, or a
:class:`Place` in the room), an :class:`OpeningNote` (a door or window the text names) and a
:class:`PlannedRelation` (a relation on its way to the scene graph)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..reading.phrases import NounPhrase


@dataclass
class Entity:
    """One object to place."""

    id: str
    category: str
    description: str
    hints: tuple[str, ...]
    height: float | None
    roles: frozenset[str]
    sentence: int
    mention: int
    mount: str | None = None  # "wall": the text hangs it on a wall
    count: tuple[str, int] | None = None  # ("exactly", 2): "exactly two chairs at the desk"
    counted: bool = False  # the text said how many ("ten stools"): a room's archetype adds none besides
    exact: bool = False  # the count said is a number ("three round tables"), not "a few" (stand_ins)
    loose: bool = False  # said as a plural with no number ("chairs", "a few lamps"): no exact count (user_counts)
    named_hung: bool = False  # its own words hang it ("two wall-hung cabinets"), not only a verb
    size: dict[str, Any] | None = None  # the sides the text states: {"length": 2.0} (core/stated_size.py)


@dataclass
class Place:
    """A part of the room: wall (with side), corner (with name), middle, floor, window, door..."""

    kind: str
    side: str | None = None
    of: "Group | None" = None
    openings: tuple[str, ...] = ()  # the doors or windows a "door"/"window" phrase denotes


@dataclass
class OpeningNote:
    """A door or window the text names: cut in ``wall`` (None: the planner picks one)."""

    id: str
    kind: str
    wall: str | None
    hints: tuple[str, ...] = ()


@dataclass
class Group:
    """What one phrase denotes (see module docstring)."""

    ids: list[str]
    np: NounPhrase | None = None
    fresh: bool = False
    distributive: bool = False
    place: Place | None = None
    scene: str | None = None
    partition: list[list[str]] | None = None
    stacked: bool = False
    surface: str | None = None  # "the second shelf" of the bookcase (ids): its surface "shelf_2"
    surfaces: list[str] | None = None  # "each shelf" of the bookcase: the owner once a shelf, lowest first
    share: int | None = None  # a bare count over named objects ("8 chairs, three on each side"): 3 a side
    parts: list[Group] | None = None  # the phrases joined by "and" into this subject ("a plate and a glass")


@dataclass
class PlannedRelation:
    """A relation on its way to the scene graph."""

    relation: str
    args: tuple[str, ...]
    params: dict[str, Any]
    source: str
    inferred: bool = False
