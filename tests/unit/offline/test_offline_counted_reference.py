"""A definite noun that names the kind an earlier thing counts as is that thing (attach14): "a mic
stand ... behind the mic" is the stand, which the knowledge base counts as a microphone
(``counted_as``), not a second microphone; "a futon ... beside the sofa" is the futon."""

from __future__ import annotations

import pytest
from planned import categories, plan_triples, planned


@pytest.mark.parametrize("prompt, relation, kinds", [
    ("Set a microphone stand on the stage and put a speaker behind the microphone.",
     ("behind", ("speaker_1", "microphone_stand_1")), ["microphone stand", "speaker", "stage"]),
    ("A futon against the wall and a floor lamp beside the sofa.",
     ("proximity", ("floor_lamp_1", "futon_1")), ["floor lamp", "futon"]),
    ("A spotlight in the corner and a chair next to the lamp.",
     ("proximity", ("chair_1", "spotlight_1")), ["chair", "spotlight"]),
])
def test_the_kind_an_earlier_thing_counts_as_names_that_thing(prompt: str, relation: tuple, kinds: list) -> None:
    assert relation in plan_triples(prompt)
    assert categories(planned(prompt)) == kinds


def test_a_thing_of_the_kind_itself_is_still_the_one_meant() -> None:
    assert ("proximity", ("lamp_1", "sofa_1")) in plan_triples("A sofa and a futon. A lamp beside the sofa.")
