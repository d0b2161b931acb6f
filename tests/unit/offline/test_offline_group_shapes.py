"""Shapes of groups (issue 14): a circle or arc with no centre object is a ring round a free
centre (``circular``), one whose middle the text then fills goes round that thing (``around``),
an arc "in front of"/"facing" one thing goes round it, an L has its ends meeting
(``ends_meet``), and "the circle" / "the L" are never objects. Planned, then solved."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from planned import counts

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.scene_graph import SceneGraph
from setdresser.blender_addon.core.solver import solve
from setdresser.skill_library.ring_math import fit_centre


def _relations(graph: SceneGraph) -> list[tuple[str, tuple[str, ...], dict[str, Any]]]:
    return [(r.relation, graph.relation_args(r.id), dict(r.params)) for r in graph.relations]


@pytest.mark.parametrize("prompt, kind, arc", [
    ("arrange eight chairs in a circle", "chair", None),
    ("Put the six stools in a ring.", "stool", None),
    ("five stools in a semicircle", "stool", 180.0),
    ("Set out ten chairs in a horseshoe.", "chair", 240.0),
    ("a circle of stools", "stool", None),
])
def test_a_circle_with_no_centre_named_is_a_ring_round_a_free_centre(prompt: str, kind: str, arc: float | None) -> None:
    graph = plan(prompt, complete=False)
    rings = [(args, params) for rel, args, params in _relations(graph) if rel == "circular"]
    assert len(rings) == 1 and not graph.unparsed, (_relations(graph), graph.unparsed)
    args, params = rings[0]
    assert len(args) == sum(n for c, n in counts(graph).items() if c.endswith(kind)) >= 3
    assert params.get("arc_deg") == arc
    assert not {"circle", "ring", "semicircle", "horseshoe"} & set(counts(graph))


@pytest.mark.parametrize("prompt, centre", [
    ("eight chairs in a circle with a potted plant in the middle of the circle", "potted plant"),
    ("Arrange six stools in a circle. Put a fire pit in the circle.", "fire pit"),
])
def test_the_middle_of_the_circle_becomes_its_centre(prompt: str, centre: str) -> None:
    graph = plan(prompt, complete=False)
    rels = _relations(graph)
    rings = [args for rel, args, _ in rels if rel == "around"]
    assert not [r for r in rels if r[0] == "circular"] and len(rings) == 1, rels
    assert rings[0][-1].startswith(centre.replace(" ", "_")) and len(rings[0]) >= 7
    assert "circle" not in counts(graph)


@pytest.mark.parametrize("prompt, centre", [
    ("Hang a TV on the south wall. Arrange five beanbags in a semicircle in front of it.", "tv"),
])
def test_a_semicircle_in_front_of_one_thing_goes_round_it(prompt: str, centre: str) -> None:
    rels = _relations(plan(prompt, complete=False))
    rings = [(args, params) for rel, args, params in rels if rel == "around"]
    assert len(rings) == 1 and rings[0][0][-1].startswith(centre), rels
    assert rings[0][1]["arc_deg"] == 180.0
    assert not [r for r in rels if r[0] in ("circular", "row")]


@pytest.mark.parametrize("prompt, arc, n", [
    ("Set out ten chairs in a horseshoe facing the whiteboard", 240.0, 10),
    ("seven chairs in a semicircle facing a whiteboard", 180.0, 7),
    ("Three armchairs face the fireplace, arranged in a semicircle.", 180.0, 3),
])
def test_an_arc_facing_a_thing_turns_to_the_thing_not_its_centre(prompt: str, arc: float, n: int) -> None:
    rels = _relations(plan(prompt, complete=False))
    ring = next(params for rel, _, params in rels if rel == "circular")
    assert ring == {"arc_deg": arc, "facing": False}
    assert sum(rel == "facing" for rel, _, _ in rels) == n and not [r for r in rels if r[0] == "row"]


def test_an_l_has_its_ends_meeting_and_the_l_is_no_object() -> None:
    graph = plan("Place two sofas in an L shape. Put a coffee table inside the corner of the L.", complete=False)
    rels = _relations(graph)
    assert ("ends_meet", ("sofa_1", "sofa_2"), {"max_gap": 0.3}) in rels
    assert {("in_front_of", ("coffee_table_1", s)) for s in ("sofa_1", "sofa_2")} <= {r[:2] for r in rels}
    assert set(counts(graph)) == {"sofa", "coffee table"} and not graph.unparsed


def _circle_stats(xy: np.ndarray, yaw: np.ndarray) -> tuple[float, float, float]:
    """(radius spread, widest angular gap / even share, worst facing-in error in degrees)."""
    centre = fit_centre(xy)
    radii = np.linalg.norm(xy - centre, axis=1)
    angles = np.sort(np.arctan2(xy[:, 1] - centre[1], xy[:, 0] - centre[0]))
    gaps = np.diff(np.concatenate([angles, angles[:1] + 2 * np.pi]))
    inward = centre - xy
    front = np.stack([np.sin(yaw), -np.cos(yaw)], axis=1)
    cos = np.sum(front * inward, axis=1) / np.linalg.norm(inward, axis=1)
    return float(radii.max() / radii.min() - 1), float(gaps.max() / (2 * np.pi / len(xy))), \
        float(np.degrees(np.arccos(np.clip(cos, -1, 1))).max())


def test_the_solver_puts_a_free_ring_and_an_l_in_their_shapes() -> None:
    graph = plan("Arrange six stools in a circle and two sofas in an L shape.", complete=False)
    layout = solve(code(graph), seed=0, effort=0.5)
    assert layout.checks.valid, layout.checks.to_dict()
    failed = [c.relation + str(c.args) for c in layout.constraints if not c.satisfied]
    assert not failed
    stools = [o for o in layout.objects if o.id.startswith("stool")]
    xy = np.array([o.location[:2] for o in stools])
    spread, gap, facing = _circle_stats(xy, np.array([o.rotation_euler[2] for o in stools]))
    assert spread <= 0.25 and gap <= 1.4 and facing <= 35


def test_generate_arranges_eight_chairs_in_a_circle(tmp_path: Path) -> None:
    """End to end: ``generate`` on a circle with no centre named gives eight chairs on a ring,
    evenly spread and facing in, and no object named "circle"."""
    out = tmp_path / "scene"
    done = subprocess.run([sys.executable, "-m", "setdresser", "generate", "arrange eight chairs in a circle",
                           "--out", str(out), "--force", "--llm", "offline", "--render", "none", "--seed", "0",
                           "--effort", "0.167"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    layout = json.loads((out / "layout.json").read_text(encoding="utf-8"))
    chairs = [o for o in layout["objects"] if o["id"].rsplit("_", 1)[0].endswith("chair")]
    assert len(chairs) == 8 and len(layout["objects"]) == 8
    xy = np.array([o["location"][:2] for o in chairs])
    spread, gap, facing = _circle_stats(xy, np.array([o["rotation_euler"][2] for o in chairs]))
    assert spread <= 0.25 and gap <= 1.4 and facing <= 35, (spread, gap, facing)
    assert math.isfinite(spread)


def test_back_to_back_is_each_behind_the_other() -> None:
    rels = {r[:2] for r in _relations(plan("two armchairs back to back in the middle of the room", complete=False))}
    assert {("behind", ("armchair_1", "armchair_2")), ("behind", ("armchair_2", "armchair_1"))} <= rels


def test_between_them_after_a_group_faces_one_thing_is_between_the_group_and_it() -> None:
    """A centre piece (a coffee table, a rug) "between them" after "the armchairs face the sofa"
    goes between the armchairs and the sofa; a side table goes between the two armchairs."""
    said = "There's a sofa and two armchairs. The armchairs face the sofa. "
    centre = _relations(plan(said + "Put a coffee table between them.", complete=False))
    assert ("between", ("coffee_table_1", "armchair_1", "sofa_1")) in {r[:2] for r in centre}
    side = _relations(plan("Two armchairs face the fireplace. Put a small table between them.", complete=False))
    assert ("between", ("table_1", "armchair_1", "armchair_2")) in {r[:2] for r in side}


def test_things_on_the_floor_are_not_lifted_onto_the_table_named_with_them() -> None:
    graph = plan("a small table with two chairs and three toys scattered across the floor", complete=False)
    assert not [r for r in _relations(graph) if r[0] == "on_top_of"] and not graph.unparsed
    assert {a.mount for a in graph.assets if a.category == "toy"} == {"floor"}


def test_the_rows_with_no_rows_named_are_no_boxes() -> None:
    graph = plan("Put the teacher's desk in front of the rows.", complete=False)
    assert len(graph.assets) == 1  # the desk, no boxes called "row"
    assert graph.unparsed == ["in front of the rows"]
    named = plan("Twelve student desks face the whiteboard. A teacher desk goes in front of the rows.", complete=False)
    assert "row" not in counts(named) and not named.unparsed
    assert any(r[0] == "in_front_of" and r[1][0] == "teacher_desk_1" for r in _relations(named))


def test_speakers_either_side_of_a_tv_on_a_stand_fit_on_a_wider_stand() -> None:
    """Flanking at the height of the flanked thing: small speakers beside a TV on its stand stand
    on the stand, a model wide enough for the three; floor speakers stay on the floor."""
    graph = plan("A TV on a TV stand, with speakers on either side of the TV.", complete=False)
    rels = {r[:2] for r in _relations(graph)}
    assert {("on_top_of", ("speaker_1", "tv_stand_1")), ("on_top_of", ("speaker_2", "tv_stand_1"))} <= rels
    assert "wide" in next(a for a in graph.assets if a.id == "tv_stand_1").hints
    small = plan("a TV on a small TV stand, with speakers on either side of the TV.", complete=False)
    assert not [r for r in _relations(small) if r[0] == "on_top_of" and r[1][0].startswith("speaker")]
    tall = plan("a TV on a TV stand with floor-standing speakers either side of the TV", complete=False)
    assert not [r for r in _relations(tall) if r[0] == "on_top_of" and r[1][0].startswith("floor")]


def test_things_the_text_sizes_for_the_floor_flank_on_the_floor() -> None:
    rels = _relations(plan("A TV on a low TV stand, flanked by two tall speakers.", complete=False))
    assert not [r for r in rels if r[0] == "on_top_of" and r[1][0].startswith("speaker")]
