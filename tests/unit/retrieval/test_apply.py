"""Retrieval choices in the constraint program, and the coder-stage wrapper for generate."""

from __future__ import annotations

import dataclasses

import pytest
from retrieval_kit import make_index, record

from setdresser.blender_addon.core.model import Bounds, ObjectSpec, Program
from setdresser.blender_addon.core.retrieval.apply import (apply_choices, choose_assets, grown_bounds,
                                                           planned_dimensions, queries_for, with_user_assets)
from setdresser.blender_addon.core.retrieval.select import METHOD_PROCEDURAL, METHOD_TEXT, Retriever
from setdresser.blender_addon.core.stage_set import offline_stages

CHAIR = record("chair", (0.45, 0.45, 0.92), ("seat",))
LAMP = record("floor_lamp", (0.3, 0.3, 1.6))
PROMPT = "a chair next to a desk, a floor lamp beside the desk"


def test_planned_dimensions_keep_the_aspect_at_the_planned_height() -> None:
    assert planned_dimensions((0.45, 0.45, 0.92), 0.9) == pytest.approx((0.4402, 0.4402, 0.9), abs=1e-4)


def test_queries_carry_description_hints_synonyms_and_size() -> None:
    graph = offline_stages().plan("a wooden sofa")
    program = offline_stages().code(graph).program
    (query,) = queries_for(program, graph)
    assert query.category == "sofa" and "wooden" in query.hints and "couch" in query.synonyms
    assert query.dimensions == program.objects[0].dimensions


def test_choices_resize_only_the_chosen_objects() -> None:
    stages = offline_stages()
    graph = stages.plan(PROMPT)
    program = stages.code(graph).program
    choices = choose_assets(program, graph, [Retriever(make_index([CHAIR, LAMP]))])
    methods = {c.object_id: c.method for c in choices}
    assert methods == {"chair_1": METHOD_TEXT, "desk_1": METHOD_PROCEDURAL, "floor_lamp_1": METHOD_TEXT}
    new = {o.id: o for o in apply_choices(program, choices).objects}
    old = {o.id: o for o in program.objects}
    assert new["chair_1"].asset == CHAIR.asset and new["floor_lamp_1"].asset == LAMP.asset
    assert new["chair_1"].dimensions == planned_dimensions(CHAIR.dimensions, old["chair_1"].dimensions[2])
    assert new["desk_1"] == old["desk_1"]


def test_locked_objects_are_never_replaced() -> None:
    program = Program(objects=[ObjectSpec("chair_1", "chair", (0.5, 0.5, 0.9), locked=True,
                                          location=(0, 0, 0), rotation_euler=(0, 0, 0))], constraints=[])
    assert choose_assets(program, None, [Retriever(make_index([CHAIR]))]) == []


def test_bounds_grow_with_the_footprint_and_height_but_never_shrink() -> None:
    bounds = Bounds((-2, -2, 0), (2, 2, 3))
    small = [ObjectSpec("a", "a", (1, 1, 1))]
    big = [ObjectSpec("a", "a", (2, 2, 4))]
    grown = grown_bounds(bounds, small, big)
    assert grown is not None and grown.min[:2] == (-4, -4) and grown.max == (4, 4, 4.5)
    assert grown_bounds(bounds, big, small) == Bounds((-2, -2, 0), (2, 2, 3))
    assert grown_bounds(None, small, big) is None


def test_stage_wrapper_rewrites_program_and_script_and_reports() -> None:
    choices, graphs = [], []
    stages = with_user_assets(offline_stages(), [Retriever(make_index([CHAIR, LAMP]))], choices, graphs)
    graph = stages.plan(PROMPT)
    draft = stages.code(graph)
    assert stages.name == "offline+user-assets" and graphs == [graph]
    assert [c.object_id for c in choices] == ["chair_1", "desk_1", "floor_lamp_1"]
    assert {o.asset for o in draft.program.objects} >= {CHAIR.asset, LAMP.asset}
    assert CHAIR.asset in draft.script and "0.4402" in draft.script  # program.py matches program.json


def test_stage_wrapper_leaves_the_draft_alone_when_nothing_matches() -> None:
    stages = offline_stages()
    wrapped = with_user_assets(stages, [Retriever(make_index([record("crate", (1, 1, 1))]))], [])
    graph = stages.plan(PROMPT)
    assert dataclasses.asdict(wrapped.code(graph)) == dataclasses.asdict(stages.code(graph))


def test_over_several_indexes_the_best_accepted_model_wins() -> None:
    from setdresser.blender_addon.core.retrieval.select import AssetQuery

    stages = offline_stages()
    graph = stages.plan("a chair")
    program = stages.code(graph).program
    squat = record("chair", (1.5, 1.5, 0.5))  # far off the planned proportions
    good = record("chair", (0.5, 0.5, 0.9))
    decoy = record("chair_cushion", (0.45, 0.45, 0.9), description="chair chair chair")  # top by text, no chair
    for order in ([decoy, squat], [good]), ([good], [decoy, squat]):
        (choice,) = choose_assets(program, graph, [Retriever(make_index(list(i))) for i in order])
        assert choice.record is good
    assert AssetQuery("c", "chair").nouns() == {"chair"}
