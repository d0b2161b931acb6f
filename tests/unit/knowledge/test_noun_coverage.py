"""Noun coverage (issue 14): everyday nouns people put in scenes (tests/unit/knowledge/data/everyday_nouns.json,
about 1500 of them, written before reading the knowledge base), each singular ("a settee in the room") and plural
("two settees by the window"), through the real offline planner: the named count of one category, drawn by a real
builder (never a labelled box), at a size plausible for its kind, nothing of it reported as not understood."""

from __future__ import annotations

from .noun_coverage import NOUNS_FILE, failures, probes

# Sentences still failing (issue 14, open): a place word the planner reads as the scene or as architecture
# though the knowledge base knows the thing ("a forge", "docks", "a cocktail bar", "a dungeon door", an outdoor
# "stone wall"), and "a marble run" (an adjective and a verb). Only ever shrinks; any other failure fails the test.
KNOWN_FAILING = {
    "a stone wall in the garden", "two stone walls in the yard", "two docks in the yard", "a forge in the room",
    "two forges by the window", "a dungeon door in the room", "two dungeon doors by the window",
    "a cocktail bar in the room", "two cocktail bars by the window", "a marble run in the room",
}


def test_the_noun_list_is_broad() -> None:
    found = list(probes(NOUNS_FILE))
    assert len(found) >= 1000 and len({p.kind for p in found}) >= 20


def test_every_everyday_noun_becomes_the_objects_named() -> None:
    found = failures()
    new = [f for f in found if f.split("'")[1] not in KNOWN_FAILING]
    assert new == [], "\n".join(new)


def test_an_adjective_that_ends_a_noun_phrase_is_the_thing_it_names() -> None:
    from setdresser.blender_addon.core.offline import plan

    for prompt, wanted in (("a remote on the sofa", ["remote", "sofa"]), ("an iron on the ironing board",
                           ["iron", "ironing board"]), ("a remote cabin by the lake", None)):
        got = sorted(a.category for a in plan(prompt, complete=False).assets)
        assert wanted is None and "remote" not in got or got == sorted(wanted or []), (prompt, got)


def test_names_that_are_one_thing_stay_whole() -> None:
    """"a cool box" is a cooler, not a box described as cool; "a suit of armour" is no suit; a user's
    "cot" stands in for the nursery's crib (its knowledge-base category), not one besides it."""
    from setdresser.blender_addon.core.offline import plan

    assert [a.category for a in plan("a cool box next to the tent", complete=False).assets] == ["cool box", "tent"]
    assert [a.category for a in plan("a suit of armour by the door", complete=False).assets] == ["suit of armour"]
    nursery = [a.category for a in plan("a nursery with a cot by the window").assets]
    assert "cot" in nursery and "crib" not in nursery, nursery
    assert [a.category for a in plan("a vase of flowers", complete=False).assets] == ["vase"]
