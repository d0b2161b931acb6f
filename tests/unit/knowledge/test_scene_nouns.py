"""Unknown things (issue 14): how many scene nouns the knowledge base knows (data/scene_nouns.json,
written before reading the knowledge files), and what becomes of a noun nobody knows: sized from
its sentence, reported, never a silent half-metre box."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from setdresser.blender_addon.core.assets import load_catalog
from setdresser.blender_addon.core.assets.coverage import drawn_by, unknown_notes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code
from setdresser.blender_addon.core.offline.reading.lexicon import role_group

NOUNS = json.loads((Path(__file__).with_name("data") / "scene_nouns.json").read_text(encoding="utf-8"))


def _known(noun: str) -> bool:
    """Whether 'a NOUN in a room' places a thing the knowledge base or the catalog knows."""
    graph = plan(f"{'an' if noun[0] in 'aeiou' else 'a'} {noun} in a room", complete=False)
    if not graph.assets:
        return False
    category = graph.assets[0].category
    return load_knowledge().lookup(category) is not None or load_catalog().resolve(category).known


@pytest.mark.parametrize("half", ["tuned", "tuned_2", "untuned"])
def test_known_scene_nouns_never_fall_below_the_measured_count(half: str) -> None:
    logging.disable(logging.WARNING)
    try:
        known = [n for n in NOUNS[half] if _known(n)]
    finally:
        logging.disable(logging.NOTSET)
    assert len(known) >= NOUNS["measured"][half]["after"], sorted(set(NOUNS[half]) - set(known))


@pytest.mark.parametrize(("noun", "family"), [("jukebox", "appliance"), ("menorah", "candelabrum"),
                                              ("garden gnome", "person"), ("trellis", "fence"),
                                              ("samovar", "decor"), ("display case", "storage")])
def test_new_kinds_are_drawn_by_the_nearest_shape(noun: str, family: str) -> None:
    assert load_knowledge().lookup(noun) is not None
    assert drawn_by(noun).family == family


def _sizes(prompt: str) -> dict[str, tuple[float, ...]]:
    return {o.category: o.dimensions for o in code(plan(prompt, complete=False)).objects}


def test_an_unknown_thing_on_a_surface_is_a_small_thing() -> None:
    assert max(_sizes("a frobnitz on the desk")["frobnitz"]) == pytest.approx(0.25)
    assert max(_sizes("a zorbulon on the shelf")["zorbulon"]) <= 0.25


def test_an_unknown_thing_on_a_wall_lies_flat_against_it() -> None:
    sizes = _sizes("a frobnitz hanging on the wall")
    assert [v[1] for v in sizes.values()] == [pytest.approx(0.08)]


def test_a_size_the_text_gives_or_a_living_or_flat_family_keeps_its_size() -> None:
    assert max(_sizes("a huge frobnitz on the desk")["frobnitz"]) > 0.5
    assert max(_sizes("a frobnitz by the door")["frobnitz"]) == pytest.approx(0.5)
    assert max(_sizes("a teenager sitting on the sofa")["teenager"]) > 1.0
    assert max(_sizes("a poster board on the table")["poster board"]) > 0.5


def test_a_thing_nobody_knows_is_reported() -> None:
    notes = unknown_notes(["frobnitz", "table", "jukebox"])
    assert len(notes) == 1 and "'frobnitz'" in notes[0] and "labelled box" in notes[0]


def test_table_role_sets_are_one_data_list() -> None:
    assert role_group("tables") == {"dining_table", "workplace", "table_like"}
    assert role_group("seated_tables") == {"dining_table", "workplace"}
    assert role_group("meal_tables") == {"dining_table", "table_like"}
    assert role_group("table_tops") == {"surface", "dining_table", "workplace", "table_like"}


def test_a_workbench_is_a_work_surface_not_a_seating_bench() -> None:
    """The catalog drew "workbench" as its seating bench (1.4 x 0.4 x 0.45 m) and the reader gave it a
    seat's roles; it is the knowledge base's 0.9 m work table, where a stool is drawn up facing it."""
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary

    roles = Vocabulary().roles("workbench")
    assert {"surface", "workplace", "has_front", "table_like"} <= roles and "seat" not in roles
    program = code(plan("a stool at the workbench with a toolbox on it", complete=False))
    bench = next(o for o in program.objects if o.category == "workbench")
    assert bench.dimensions[2] >= 0.85 and bench.dimensions[1] >= 0.6
    assert any(c.relation == "facing" and c.args == ("stool_1", "workbench_1") for c in program.constraints)
