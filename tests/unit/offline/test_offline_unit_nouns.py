"""'a <unit> of <noun>': the object is the noun, never the unit ("a bar of soap" was a 'bar'
counter). Measures give the noun as many times as the units, packages the '<noun> <unit>' thing
the knowledge base knows, bundles the one thing a plural names; holders and collectives keep
their readings. Checked through the offline planner and the knowledge base's sizes."""

from __future__ import annotations


import pytest
from planned import counts, planned

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.lexicon import load_lexicon


@pytest.mark.parametrize("prompt, kind, n", [
    ("a bar of soap on the sink", "soap", 1),
    ("Put three bars of soap in the dish by the bath", "soap", 3),
    ("a loaf of bread on the kitchen counter", "bread", 1),
    ("two loaves of bread and a bar of chocolate on the table", "bread", 2),
    ("a bar of chocolate on the desk", "chocolate", 1),
    ("a box of tissues on the nightstand", "tissue box", 1),
    ("a bottle of wine on the table", "bottle", 1),
    ("two bottles of red wine on the counter", "bottle", 2),
    ("a cup of coffee next to the laptop", "cup", 1),
    ("a bunch of flowers on the windowsill", "flowers", 1),
    ("a pair of shoes by the door", "shoes", 1),
    ("a set of drums in the corner", "drum kit", 1),
    ("a deck of cards on the table", "cards", 1),
    ("a slice of cake on a plate", "cake", 1),
    ("a roll of paper towels on the counter", "towel", 1),
])
def test_the_object_is_the_noun(prompt: str, kind: str, n: int) -> None:
    things = counts(planned(prompt), filed=True)
    assert things[kind] == n, things
    raw = {a.category for a in plan(prompt, complete=False).assets}
    assert not raw & MEASURES, raw  # never a 'bar', 'loaf', 'slice', 'roll', ... object


MEASURES = {"bar", "loaf", "loave", "slice", "roll", "deck", "bunch", "pair", "set"}


@pytest.mark.parametrize("prompt, kind, n", [
    ("a pile of books on the desk", "book", 3),
    ("a stack of five plates on the shelf", "plate", 5),
    ("a plate of cookies on the table", "cookie", 3),
    ("a pair of armchairs by the fireplace", "armchair", 2),
    ("a pair of penguins on the ice", "penguin", 2),
    ("three pairs of shoes by the door", "shoe", 6),
    ("a bunch of toys on the rug", "toy", 3),
])
def test_collectives_holders_and_plain_counts_keep_their_reading(prompt: str, kind: str, n: int) -> None:
    assert counts(planned(prompt), filed=True)[kind] == n


def test_a_measured_thing_has_its_own_size_not_the_units() -> None:
    """The soap is soap-sized, not a bar counter; the slice is smaller than a whole cake."""
    graph = plan("a bar of soap on the sink and a slice of cake on a plate", complete=False)
    soap = next(a for a in graph.assets if "soap" in a.category)
    cake = next(a for a in graph.assets if "cake" in a.category)
    facts = load_knowledge().lookup(soap.category)
    assert facts is not None and max(facts.typical) < 0.2
    assert "small" in cake.description.split()


def test_units_are_lexicon_data() -> None:
    units = load_lexicon().unit_nouns
    assert {"measures", "packages", "bundles"} <= set(units)
    assert "bar" in units["measures"] and "box" in units["packages"] and "a bunch of" in units["bundles"]
