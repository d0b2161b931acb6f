"""Colour words with their modifiers (issue 14, rooms13): a tone word right before a colour or
material word changes that colour ("pale green walls" are pale, "a light grey sofa" light, "a dark
wood table" a darker wood, not the near-black colour "dark"); the tones are catalog data."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.assets.tones import parse_tones
from setdresser.blender_addon.core.offline import code, plan


def _rgb(*words: str) -> tuple[float, ...]:
    found = load_catalog().finish(list(words))
    assert found is not None, words
    return tuple(found.color)


def _lightness(rgb: tuple[float, ...]) -> float:
    return sum(rgb) / 3


@pytest.mark.parametrize("tone, lighter", [("pale", True), ("light", True), ("pastel", True), ("dark", False),
                                           ("deep", False)])
def test_a_tone_before_a_colour_lightens_or_darkens_it(tone: str, lighter: bool) -> None:
    for colour in ("green", "grey", "blue", "pink"):
        plain, toned = _lightness(_rgb(colour)), _lightness(_rgb(tone, colour))
        assert (toned > plain) if lighter else (toned < plain), (tone, colour)


def test_dark_before_a_colour_is_a_tone_and_alone_a_colour() -> None:
    grey, dark_grey, dark = _rgb("grey"), _rgb("dark", "grey"), _rgb("dark")
    assert dark_grey != dark and _lightness(dark) < _lightness(dark_grey) < _lightness(grey)
    assert max(dark_grey) - min(dark_grey) < 0.01  # still a grey


def test_a_tone_before_a_material_changes_the_material_colour_and_keeps_its_gloss() -> None:
    catalog = load_catalog()
    wood, dark_wood = catalog.finish(["wood"]), catalog.finish(["dark", "wood"])
    assert wood is not None and dark_wood is not None
    assert _lightness(dark_wood.color) < _lightness(wood.color) and dark_wood.roughness == wood.roughness
    assert dark_wood.color != catalog.finish(["dark"]).color  # type: ignore[union-attr]


def test_colour_and_material_without_tones_read_as_before() -> None:
    catalog = load_catalog()
    assert catalog.finish(["red", "wooden"]).color == catalog.finish(["red"]).color  # type: ignore[union-attr]
    assert catalog.finish(["light"]) is None and catalog.finish(["round"]) is None


def test_room_walls_and_objects_carry_the_tone() -> None:
    graph = plan("a living room with pale green walls, a light grey sofa and a dark wood coffee table",
                 complete=False)
    program = code(graph)
    walls = program.room.walls.color
    assert walls is not None and _lightness(walls) > _lightness(_rgb("green")) + 0.2
    hints = {a.category: tuple(a.hints) for a in graph.assets}
    assert _lightness(_rgb(*hints["sofa"])) > _lightness(_rgb("grey"))
    assert _lightness(_rgb(*hints["coffee table"])) < _lightness(_rgb("wood"))


def test_tiled_floor_is_a_material_and_more_colour_words_are_known() -> None:
    graph = plan("a bathroom with a dark grey tiled floor and burgundy towels", complete=False)
    program = code(graph)
    assert program.room.floor.material == "tiled" and _lightness(program.room.floor.color) < 0.3  # type: ignore[arg-type]
    assert load_catalog().finish(["burgundy"]) is not None


def test_tones_table_is_checked() -> None:
    with pytest.raises(BadInput):
        parse_tones({"pale": {"towards": [1, 1, 1], "by": 2}}, "x")
    assert parse_tones({"pale": {"towards": [1, 1, 1], "by": 0.5}}, "x")["pale"].apply((0.0, 0.0, 0.0)) == (0.5,) * 3
