"""bind_existing: a definite reference in the prompt ("the desk", "my desk") to a category the
user already has (one locked object) becomes that object; "a desk" stays a new one; clashing
ids of new objects are renamed; ambiguous references are reported, not guessed."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.model import ObjectSpec
from setdresser.blender_addon.core.scene_graph import AssetNode, Edge, RelationNode, SceneGraph
from setdresser.blender_addon.core.stage_set import bind_existing, normalise_category


def locked(oid: str, category: str) -> ObjectSpec:
    return ObjectSpec(oid, category, (1.2, 0.6, 0.75), locked=True, location=(0.0, 1.0, 0.0),
                      rotation_euler=(0.0, 0.0, 0.0))


def lamp_on(desk_category: str, prompt: str, desk_id: str = "desk_1") -> SceneGraph:
    """The graph a planner makes of "a lamp on <the desk>" (plus a chair in front of it)."""
    return SceneGraph(
        assets=[AssetNode("lamp_1", "lamp"), AssetNode(desk_id, desk_category, desk_category),
                AssetNode("chair_1", "chair")],
        relations=[RelationNode("r1", "on_top_of"), RelationNode("r2", "in_front_of")],
        edges=[Edge("r1", "lamp_1", 0), Edge("r1", desk_id, 1), Edge("r2", "chair_1", 0), Edge("r2", desk_id, 1)],
        prompt=prompt)


@pytest.mark.parametrize("prompt", ["a lamp on the desk, a chair in front of it", "put a lamp on my desk and a chair",
                                    "a lamp on the old wooden desk and a chair", "a lamp on this desk, a chair"])
def test_a_definite_reference_binds_to_the_one_existing_object(prompt: str) -> None:
    binding = bind_existing(lamp_on("desk", prompt), [locked("desk", "desk"), locked("sofa", "sofa")])
    assert binding.bound == {"desk_1": "desk"} and not binding.notes
    assert binding.graph.triples() == [("on_top_of", ("lamp_1", "desk")), ("in_front_of", ("chair_1", "desk"))]
    assert [a.id for a in binding.graph.assets] == ["lamp_1", "desk", "chair_1"]


@pytest.mark.parametrize("prompt", ["a lamp on a desk and a chair in front of the desk", "put the lamp on desk"])
def test_no_determiner_of_its_own_is_no_reference(prompt: str) -> None:
    assert bind_existing(lamp_on("desk", prompt), [locked("desk", "desk")]).bound == {}


def test_an_indefinite_one_is_a_new_object_and_a_clashing_id_is_renamed() -> None:
    graph = lamp_on("desk", "a lamp on a desk and a chair in front of the desk")
    binding = bind_existing(graph, [locked("desk_1", "desk")])
    assert binding.bound == {}
    assert [a.id for a in binding.graph.assets] == ["lamp_1", "desk_1_2", "chair_1"]
    assert binding.graph.triples()[0] == ("on_top_of", ("lamp_1", "desk_1_2"))


def test_a_possessive_left_in_the_category_is_definite_and_dropped() -> None:
    # a planner that reads "my desk" as the noun: category "my desk", id "my_desk_1"
    graph = lamp_on("my desk", "a lamp on my desk, a chair", desk_id="my_desk_1")
    binding = bind_existing(graph, [locked("writing_desk", "Writing_Desk.001")])
    assert binding.bound == {"my_desk_1": "writing_desk"}  # same head noun: "desk" ~ "writing desk"
    desk = binding.graph.assets[1]
    assert (desk.id, desk.category, desk.description) == ("writing_desk", "desk", "desk")
    alone = bind_existing(graph, [locked("sofa", "sofa")])  # nothing to bind: still a plain "desk"
    assert [(a.id, a.category) for a in alone.graph.assets][1] == ("desk_1", "desk")
    assert alone.graph.triples()[0] == ("on_top_of", ("lamp_1", "desk_1"))


def test_two_existing_desks_are_reported_not_guessed() -> None:
    binding = bind_existing(lamp_on("desk", "a lamp on the desk"), [locked("desk", "desk"), locked("desk_2", "desk")])
    assert binding.bound == {} and "desk, desk_2" in binding.notes[0]


def test_several_planned_objects_of_the_category_are_not_bound() -> None:
    graph = SceneGraph(assets=[AssetNode("chair_1", "chair"), AssetNode("chair_2", "chair")], relations=[], edges=[],
                       prompt="the chairs")
    assert bind_existing(graph, [locked("chair", "chair")]).bound == {}


def test_category_names_are_normalised() -> None:
    assert normalise_category("Office_Desk.001") == "office desk"
    assert normalise_category("my desk") == "desk"


def test_the_offline_planner_and_coder_use_the_existing_desk() -> None:
    from setdresser.blender_addon.core import offline

    prompt = "a lamp on my desk and a chair in front of the desk"
    binding = bind_existing(offline.plan(prompt), [locked("desk", "desk")], prompt)
    program = offline.code(binding.graph)
    assert sorted(o.category for o in program.objects) == ["chair", "desk", "lamp"]
    assert "on_top_of(lamp_1, desk)" in [c.label() for c in program.constraints]
