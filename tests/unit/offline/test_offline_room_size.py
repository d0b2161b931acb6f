"""The room's size said in words (issue 14, room-level facts): "The room is 5 by 4 metres" makes
a 5 x 4 m room, the numbers are never counts of objects, and an object's own size ("a 2 by 1
metre rug") is not the room's."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.coding.coder import code
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.roomsize import strip_room_size
from setdresser.blender_addon.core.offline.reading.tokens import words_of

LEX = Vocabulary(None).lexicon


@pytest.mark.parametrize(("sentence", "size"), [
    ("The room is 5 by 4 metres.", (5.0, 4.0)),
    ("The room is 6 metres by 5 metres.", (6.0, 5.0)),
    ("The room measures 4.5 x 3.5 m, with a desk.", (4.5, 3.5)),
    ("Make a five by four metre bedroom with a bed.", (5.0, 4.0)),
    ("A 5x4 room with a sofa.", (5.0, 4.0)),
    ("The room is 5 metres wide and 4 metres deep.", (5.0, 4.0)),
    ("The kitchen is 4 metres long and 3 metres wide.", (3.0, 4.0)),
    ("The room is 16 by 12 feet.", (4.877, 3.658)),
])
def test_a_stated_room_size_is_read_and_its_words_are_used(sentence: str, size: tuple[float, float]) -> None:
    words, found = strip_room_size(LEX, words_of(sentence))
    assert found is not None and found == pytest.approx(size, abs=0.01)
    assert not any(w.replace(".", "").isdigit() for w in words)


@pytest.mark.parametrize("sentence", ["A 2 by 1 metre rug lies on the floor.", "Put 2 chairs by 4 desks.",
                                      "The room has 5 chairs by the wall."])
def test_an_object_size_or_a_count_is_not_the_room_size(sentence: str) -> None:
    words = words_of(sentence)
    assert strip_room_size(LEX, words) == (words, None)


def test_the_planned_and_coded_room_has_the_stated_size() -> None:
    graph = plan("The room is 5 by 4 metres. Put a bed against the east wall and a desk in the middle.", complete=False)
    assert graph.room is not None and graph.room["size"] == [5.0, 4.0]
    assert sorted(a.category for a in graph.assets) == ["bed", "desk"] and graph.unparsed == []
    bounds = code(graph).bounds
    assert (bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1]) == pytest.approx((5.0, 4.0))


def test_without_a_stated_size_the_room_stays_square() -> None:
    bounds = code(plan("Put a bed against the east wall and a desk in the middle.", complete=False)).bounds
    assert bounds.max[0] - bounds.min[0] == pytest.approx(bounds.max[1] - bounds.min[1])
