"""A thing whose kind has one typical colour gets it when the text names none (the rubber duck was
drawn grey by the bird model): the object knowledge base's ``colour`` (data), applied by the
offline coder; a said colour or material wins."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.assets.catalog import load_catalog
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code


def _colours(prompt: str) -> dict[str, object]:
    return {o.category: o.color for o in code(plan(prompt)).objects}


@pytest.mark.parametrize("prompt, category, colour", [
    ("a rubber duck on the edge of the bathtub", "rubber duck", "yellow"),
    ("Put a fire extinguisher next to the door", "fire extinguisher", "red"),
    ("three bananas in a bowl", "banana", "yellow"),
    ("an orange traffic cone and a plain one", "traffic cone", "orange"),
])
def test_an_unsaid_colour_is_the_kinds_typical_one(prompt: str, category: str, colour: str) -> None:
    assert _colours(prompt)[category] == colour


@pytest.mark.parametrize("prompt, category, colour", [
    ("a blue rubber duck", "rubber duck", "blue"),
    ("a wooden piano", "piano", None),  # a material says the look
    ("a chair by the window", "chair", None),  # no typical colour: left to the model
])
def test_a_said_colour_or_material_wins_and_others_stay_open(prompt: str, category: str, colour: object) -> None:
    assert _colours(prompt)[category] == colour


def test_knowledge_base_colours_are_colour_words_the_catalog_knows() -> None:
    catalog = load_catalog()
    coloured = [f for f in load_knowledge().all_facts() if f.colour is not None]
    assert len(coloured) >= 10
    assert all(catalog.finish([f.colour]) is not None for f in coloured if f.colour), coloured
