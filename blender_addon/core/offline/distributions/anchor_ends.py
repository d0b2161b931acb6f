"""The ends of an anchor ("at the end of", "at each end of", "at the head of"): which ends a thing
takes (a table's short sides, a sofa's or bench's ends along its width, a bed's foot) and the
at_end relations that put things there."""

from __future__ import annotations

from typing import Any

from .....skill_library.roles import roles as relation_roles
from ...knowledge.objects import load_knowledge
from ..inference.beside_surface import SMALL, TABLE_HEIGHT
from ..relations.pairwise import binary
from ..referents.world import World


def table_end(world: World, anchors: list[str]) -> bool:
    """Whether "at the end of" these means a table's short end (else a bed's or sofa's back/front)."""
    return any("dining_table" in world.entities[i].roles for i in anchors)


def ends_along_width(world: World, target: str) -> bool:
    """Whether the anchor's ends are those of its width (a sofa, a bench, a shelf, a table: "at the
    end of" it is at_end); not for a thing deeper than wide (a bed), whose end is its foot."""
    width, depth, _ = world.size_of(target)
    return width >= depth


def ends_of_it(world: World, target: str, ids: list[str]) -> bool:
    """Whether things "at each end" of the anchor stand at_end of it: an anchor with ends along its
    width, unless people sit at a table's ends (they are seated there, facing along it)."""
    people = all("animate" in world.entities[a].roles for a in ids)
    return ends_along_width(world, target) and not (people and table_end(world, [target]))


def grouped(world: World, target: str) -> bool:
    """Whether the anchor is a member of a row, grid or ring ("a cart at the end of the row" of stalls:
    the row's end, not the end of its last stall)."""
    return any(r.relation in relation_roles().groups and target in r.args for r in world.relations)


def at_ends(world: World, params: dict[str, Any], first: list[str], second: list[str], target: str,
            source: str, second_end: str = "positive") -> bool:
    """at_end of the anchor for ``first`` (its negative end when ``second`` fills the other, else either)
    and ``second`` (its ``second_end``); on_top_of the anchor too when the phrase said "on" ("on each end of
    the sofa") or the thing is a small surface thing at a surface's end."""
    made, above = False, world.stacked_above()
    for members, end in ((first, "negative" if second else "any"), (second, second_end)):
        for a in members:
            made = world.relate("at_end", [a, target], {"end": end}, source) or made
            if (params.get("on") or tabletop_on_surface(world, a, target)) and a not in above:
                binary(world, "on", {}, a, target, source)
    return made


def tabletop_on_surface(world: World, thing: str, anchor: str) -> bool:
    """"A stack of plates at one end of the table": a small thing the knowledge base stands on
    surfaces (``mount: surface``, its model at most beside_surface.SMALL long) at a low surface's end
    stands on that surface (a stack with its bottom); "a lamp at the end of the table" (a floor lamp)
    stays beside it."""
    facts = load_knowledge().lookup(world.entities[thing].category)
    return facts is not None and facts.mount == "surface" and "surface" in world.entities[anchor].roles \
        and max(world.size_of(thing)[:2]) <= SMALL and world.size_of(anchor)[2] <= TABLE_HEIGHT
