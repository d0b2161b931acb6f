"""People and animals *in* a container keep their size (the offline coder shrank "a woman in the
bathtub" to 0.46 m): in a bathtub, a car or a boat a person sits (the knowledge base's seated box
of the full-size figure), in a bed or an armchair rests on it, in a pool is on it; an animal keeps
its own size; a figure too big for the container in every pose is only near it. Things that are
not figures still shrink to fit. Sizes checked on the offline path (plan -> code)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code
from setdresser.blender_addon.core.offline.inference.figures import seated


def _coded(prompt: str) -> tuple[dict[str, tuple[float, float, float]], set[tuple[str, str, str]]]:
    program = code(plan(prompt))
    sizes = {o.category: tuple(o.dimensions) for o in program.objects}
    category = {o.id: o.category for o in program.objects}
    relations = {(c.relation, category[c.args[0]], category[c.args[1]]) for c in program.constraints
                 if len(c.args) == 2}
    return sizes, relations  # type: ignore[return-value]


def _alone(category: str) -> tuple[float, float, float]:
    """The figure's box when the prompt names it alone: its own size."""
    return _coded(f"a {category}")[0][category]


@pytest.mark.parametrize("prompt, figure, container", [
    ("a woman in the bathtub", "woman", "bathtub"),
    ("A man relaxing in a bath with candles around it", "man", "bath"),
    ("a man in a car", "man", "car"),
    ("an old fisherman in a rowboat", "fisherman", "rowboat"),
    ("two kids in the bathtub", "kid", "bathtub"),
])
def test_a_person_in_a_container_sits_full_size(prompt: str, figure: str, container: str) -> None:
    sizes, relations = _coded(prompt)
    assert ("inside", figure, container) in relations
    assert sizes[figure] in (_alone(figure), seated(figure, _alone(figure))), sizes[figure]
    assert sizes[figure][2] > 0.6, sizes[figure]  # a seated child or adult, never a 0.46 m doll


@pytest.mark.parametrize("prompt, figure, container", [
    ("a child asleep in the bed", "child", "bed"),
    ("a baby in the crib", "baby", "crib"),
    ("a man in the armchair", "man", "armchair"),
    ("a person in the pool", "person", "pool"),
])
def test_a_person_in_a_bed_seat_or_pool_rests_on_it(prompt: str, figure: str, container: str) -> None:
    sizes, relations = _coded(prompt)
    assert ("on_top_of", figure, container) in relations, relations
    assert sizes[figure] == _alone(figure)


@pytest.mark.parametrize("prompt, animal, container", [
    ("a cat in a basket", "cat", "basket"),
    ("a cat curled up inside the cardboard box", "cat", "box"),
    ("a dog in the boat", "dog", "boat"),
])
def test_an_animal_in_a_container_keeps_its_size(prompt: str, animal: str, container: str) -> None:
    sizes, relations = _coded(prompt)
    assert ("inside", animal, container) in relations
    assert sizes[animal] == _alone(animal)


def test_a_figure_too_big_for_the_container_is_only_near_it() -> None:
    sizes, relations = _coded("an elephant in a basket")
    assert ("proximity", "elephant", "basket") in relations
    assert sizes["elephant"] == _alone("elephant")


def test_things_still_shrink_into_their_container() -> None:
    sizes, relations = _coded("a teddy bear inside the box")
    assert ("inside", "teddy bear", "box") in relations
    assert all(t < b for t, b in zip(sorted(sizes["teddy bear"][:2]), sorted(sizes["box"][:2])))
