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



_FORMER = {  # the patterns as they were written with their words in them
    "recount": (r"^((?:make|change|turn) (?:it|that|them|this|those|these)(?: to| into)? |(?:let'?s )?(?:have|use|put) "
                r"|(?:just|only) |i meant |i mean )?(\w+)(?: (.+?))?(?: instead| please| in total| total)?$"),
    "colour_make": r"^(?:make|paint|colou?r) (.+?)(?: please| instead| too)?$",
    "colour_be": (r"^(.+?) (?:should |must |will |need to |needs to |has to |have to |can |could )?(?:all |both )?"
                  r"(?:be|is|are) (?:all |both )?(?:painted |coloured |colored |in )?(.+?)(?: too)?$"),
}
_SAID = ["make it three instead", "i meant four chairs in total", "let's have two", "just one please",
         "color them green please", "the chairs should all be painted red too", "both are in blue",
         "paint the walls green", "change that to five", "lets use six desks"]


def test_the_recount_and_colour_patterns_read_as_before() -> None:
    import re

    from setdresser.blender_addon.core.offline.reading import guests

    assert "i meant" in word_tuple("recount_restatements") and "color" in word_tuple("colouring_verbs")
    now = {"recount": corrections._RECOUNT, "colour_make": corrections._COLOUR_MAKE,
           "colour_be": corrections._COLOUR_BE}
    for name, former in _FORMER.items():
        for said in _SAID:
            old, new = re.match(former, said), now[name].match(said)
            assert (old and old.groups()) == (new and new.groups()), (name, said)
    # group 3: the words between the tables and ", each" ("run down the middle"), then the number
    assert guests._EACH_SEATING.search("two long tables, each seating eight people").group(4) == "eight"
    assert parentheses._PLACE_BEFORE.search("the front wall").group(0) == "the front wall"
    assert parentheses._PLACE_BEFORE.search("a desk at the wall").group(0) == "the wall"  # not "at"


def test_number_compounds_take_their_words_from_the_data() -> None:
    from setdresser.blender_addon.core.offline.reading.tokens import words_of

    assert "triple" in word_tuple("compound_numbers") and "yards" in word_tuple("not_number_compounds")
    said = "a two-seater sofa, a 2-m bench, two-by-four planks, a single-door wardrobe, a 3-yard rug"
    assert words_of(said) == ["a", "two_seater", "sofa", ",", "a", "2", "m", "bench", ",", "two", "by", "four",
                              "planks", ",", "a", "single_door", "wardrobe", ",", "a", "3", "yard", "rug"]


def test_ensemble_determiners_and_compound_heads_are_data() -> None:
    """Code review of session 14: role_gear's determiners were a Python tuple and compound_rules
    read families.json a second time; both now come from the one loader of their data file."""
    from setdresser.blender_addon.core.assets.compounds import compound_rules
    from setdresser.blender_addon.core.assets.families import load_families
    from setdresser.blender_addon.core.offline.inference import role_gear

    assert role_gear.DETERMINERS == word_tuple("ensemble_determiners")
    assert {"a", "the", "their"} <= set(role_gear.DETERMINERS)
    raw = load_families().compound_heads
    assert raw and compound_rules().min_head == int(raw.get("min_head", 3))
    assert compound_rules().not_heads  # "house", "board", "ship" stay honest boxes
