"""No common-category prompt yields a grey box (issue 13 "Must show"): prompts of the kinds users
type, planned offline (with the room archetypes' completion), name only things drawn by their own
model or a family shape; every object knowledge-base category said in a sentence is drawn too."""

from __future__ import annotations

import pytest
from setdresser.blender_addon.core.assets.coverage import drawn_by
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan

PROMPTS = [
    "a teacher in front of a blackboard in a classroom with desks and chairs",
    "a cafe with people sitting at round tables and a waiter next to the counter",
    "a living room with a sofa, a tv on the wall, a painting, a bookshelf with books and a ceiling fan",
    "a kitchen with a toaster, a blender and a coffee maker on the counter and a fridge",
    "a garage with a bicycle, a ladder, a lawn mower, a toolbox and a broom",
    "a playground with a slide, a swing set, a seesaw and a sandbox",
    "a bathroom with a shower, a toilet, a sink and a mirror",
    "a child's bedroom with a teddy bear on the bed, a rocking horse and a kite",
    "a gym with a treadmill, dumbbells and a punching bag",
    "a harbour with a boat next to a pier and a lighthouse",
    "a dining room with a chandelier above the dining table",
    "a desk with a computer mouse, a stapler, scissors and a pen on it",
    "a campsite with a tent, a campfire and a dog",
    "a garden with a fountain, a bird bath, a wheelbarrow and a garden hose",
]


def _boxes(prompt: str) -> list[str]:
    graph = plan(prompt)
    return [a.category for a in graph.assets if drawn_by(a.category).kind == "box"]


@pytest.mark.parametrize("prompt", PROMPTS)
def test_common_prompts_plan_no_grey_box(prompt: str) -> None:
    assert _boxes(prompt) == []


def test_every_knowledge_category_in_a_sentence_is_drawn() -> None:
    """Each category of the knowledge base, said as "a NOUN next to a table", plans to things that
    are drawn (the planner keeps the noun it read; the drawing never falls back to a box)."""
    missing = []
    for facts in load_knowledge().all_facts():
        missing += [f"{facts.category}: {noun}" for noun in _boxes(f"a {facts.category} next to a table")]
    assert missing == []
