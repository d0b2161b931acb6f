"""What the offline planner made of a prompt, read the way the offline tests check it: the relations
as ``(name, args, params)``, the wall each thing stands against, what stands on what, the categories.

One place for the plan-and-find-relation helpers the test files shared by copy (and for
``of_kind`` / ``counts`` / ``kinds`` / ``heads``, the objects of a kind and how many of each); each
reads the scene graph through :meth:`SceneGraph.relation_args` (arguments in role order). A new test
file imports these (``from planned import kinds, planned, relations``) instead of writing its own copy;
the CLI tests' ``generate`` run is :func:`generated.generated_layout`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph

WALL_RELATIONS = ("against_wall", "on_wall")
Related = tuple[str, tuple[str, ...], dict[str, Any]]


def planned(prompt: str, complete: bool = False) -> SceneGraph:
    """The plan of ``prompt``; without completion (no archetype fill-in) unless asked."""
    return plan(prompt, complete=complete)


def kinds(prompt: str, complete: bool = True, seed: int = 0) -> Counter[str]:
    """How many objects of each category the plan of ``prompt`` holds (completed unless told not to)."""
    return counts(plan(prompt, complete=complete, seed=seed))


def heads(prompt: str, complete: bool = False, seed: int = 0) -> Counter[str]:
    """How many objects of each head noun the plan of ``prompt`` holds ("music_stand" counts as
    "stand", "teacher desk" as "desk"); not completed unless told."""
    graph = plan(prompt, complete=complete, seed=seed)
    return Counter(a.category.replace("_", " ").split()[-1] for a in graph.assets)


def plan_triples(prompt: str, complete: bool = False) -> set[tuple[str, tuple[str, ...]]]:
    """``(relation, args)`` of every relation of the plan of ``prompt``, as a set."""
    return triples(planned(prompt, complete=complete))


def relations(graph: SceneGraph, *names: str, stated: bool = False) -> list[Related]:
    """``(relation, args, params)`` of each relation (of ``names`` when given); ``stated`` leaves out
    the ones the planner inferred."""
    return [(r.relation, graph.relation_args(r.id), dict(r.params)) for r in graph.relations
            if (not names or r.relation in names) and not (stated and r.source.startswith("inferred"))]


def pairs(graph: SceneGraph, relation: str) -> set[tuple[str, ...]]:
    """The argument tuples of every relation of that name."""
    return {args for _, args, _ in relations(graph, relation)}


def triples(graph: SceneGraph) -> set[tuple[str, tuple[str, ...]]]:
    """``(relation, args)`` of every relation, as a set."""
    return set(graph.triples())


def related(graph: SceneGraph, relation: str) -> list[list[str]]:
    """The arguments (in role order) of each relation of that name, as lists."""
    return [list(args) for _, args, _ in relations(graph, relation)]


def ids(graph: SceneGraph, stem: str) -> list[str]:
    """Ids of the planned objects named ``stem`` and a number ("chair" -> chair_1, chair_2)."""
    return [a.id for a in graph.assets if a.id.rsplit("_", 1)[0] == stem]


def wall_counts(graph: SceneGraph, category: str) -> Counter[str]:
    """How many things of the category the plan puts at each wall (against it or on it)."""
    kind = {a.id: a.category for a in graph.assets}
    return Counter(str(params.get("wall")) for _, args, params in relations(graph, *WALL_RELATIONS)
                   if kind.get(args[0]) == category)


def walls(graph: SceneGraph, names: tuple[str, ...] = WALL_RELATIONS, by: str = "id") -> dict[str, str]:
    """object id (or category, ``by="category"``) -> the wall its wall relation names."""
    category = {a.id: a.category for a in graph.assets}
    return {(category[args[0]] if by == "category" else args[0]): str(params.get("wall"))
            for _, args, params in relations(graph, *names)}


def supports(graph: SceneGraph) -> dict[str, str]:
    """thing -> what it stands on (its ``on_top_of``)."""
    return {args[0]: args[1] for _, args, _ in relations(graph, "on_top_of")}


def categories(graph: SceneGraph) -> list[str]:
    """The categories of the planned objects, sorted."""
    return sorted(a.category for a in graph.assets)


def of_kind(graph: SceneGraph, name: str, *, filed: bool = False) -> list[str]:
    """Ids of the planned objects whose category is ``name``; with ``filed`` also those the knowledge
    base files under that category or family ("a chess board" is a "board game")."""
    kb = load_knowledge()
    return [a.id for a in graph.assets if a.category == name or (
        filed and (f := kb.lookup(a.category)) is not None and name in (f.category, f.family))]


def counts(graph: SceneGraph, *, head: bool = False, filed: bool = False) -> Counter[str]:
    """How many planned objects of each category: ``head`` by its last word ("red chair" is a
    "chair"), ``filed`` as the knowledge base files it (the user's noun where it knows none)."""
    kb = load_knowledge()

    def kind(category: str) -> str:
        facts = kb.lookup(category) if filed else None
        return facts.category if facts is not None else category.split()[-1] if head else category
    return Counter(kind(a.category) for a in graph.assets)
