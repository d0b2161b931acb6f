""""A parasol between each pair of loungers", "a nightstand between every two beds", "a side table
between each": one in every gap of the row (its ends all the named things of that kind), not one
thing between the first two; a counted subject and a plain "between them" keep their count."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def _between(prompt: str) -> tuple[Counter[str], list[tuple[str, ...]]]:
    graph = plan(prompt, complete=False)
    found = [graph.relation_args(r.id) for r in graph.relations if r.relation == "between"]
    return Counter(a.category for a in graph.assets), found


@pytest.mark.parametrize("prompt, thing, ends", [
    ("three sun loungers in a row, a parasol between each pair of loungers", "parasol", "sun_lounger"),
    ("a row of four beds with a nightstand between every two beds", "nightstand", "bed"),
    ("four armchairs in a row with a side table between each", "side table", "armchair"),
    ("three tents with a lantern between each of them", "lantern", "tent"),
])
def test_one_in_every_gap_of_the_row(prompt: str, thing: str, ends: str) -> None:
    kinds, found = _between(prompt)
    n = kinds[ends.replace("_", " ")]
    assert kinds[thing] == n - 1
    assert sorted(args[1:] for args in found) == [(f"{ends}_{k}", f"{ends}_{k + 1}") for k in range(1, n)]


def test_between_them_and_a_counted_subject_keep_their_count() -> None:
    assert _between("two sofas with a table between them")[0]["table"] == 1
    assert _between("three beds with two rugs between each bed")[0]["rug"] == 2
