"""The reader's regular expressions take their English words from reading/closed_words.json (knowledge
is data): the corrections' relocating leads and modals, the brackets' clause words and part counts, the
measure words that make "N x" or "(two m ...)" a measure. Same readings as when the words were written in
the patterns."""

from __future__ import annotations

from setdresser.blender_addon.core.offline.reading import corrections, multipliers, parentheses
from setdresser.blender_addon.core.offline.reading.closed_words import word_tuple


def test_the_words_are_data() -> None:
    assert "i'd rather" in word_tuple("correction_relocate_leads")
    assert "need to" in word_tuple("correction_modals")
    assert "which" in word_tuple("bracket_clause_subjects") and "stands" in word_tuple("bracket_clause_verbs")
    assert "twelve" in word_tuple("bracket_part_counts") and "inches" in word_tuple("measure_words")
    assert word_tuple("multiplied_sizes") == ("grid",)
    for name in ("correction_relocate_leads", "correction_modals", "measure_words"):
        assert all(word in corrections._RELOCATE.pattern + corrections._MODAL + parentheses._PARTS.pattern
                   for word in word_tuple(name))


def test_the_patterns_read_as_before() -> None:
    assert corrections._RELOCATE.match("let's put it by the window instead").group(1) == "by the window"
    assert corrections._RELOCATE.match("maybe move those near the door").group(1) == "near the door"
    assert corrections._COLOUR_BE.match("the chairs need to be painted blue").group(2) == "blue"
    assert parentheses._CLAUSE.match("it's on the east wall") and parentheses._CLAUSE.match("which sits by it")
    assert not parentheses._CLAUSE.match("itself")
    assert parentheses._PARTS.match("four white, two blue") and parentheses._PARTS.match("12 red")
    assert not parentheses._PARTS.match("two m wide") and not parentheses._PARTS.match("3 centimetres")
    assert multipliers.read_multipliers("bookshelves x2 and chairs x6") == "2 bookshelves and 6 chairs"
    assert multipliers.read_multipliers("a rug 3 x 4 m") == "a rug 3 x 4 m"
    assert multipliers.read_multipliers("desks 2 x grid") == "desks 2 x grid"
