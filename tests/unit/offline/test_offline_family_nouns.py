"""Mass nouns that name a family of things (dev set tests/benchmark/dev/counts12.json, issue 14, class
"count"): "some seating" is a sofa and armchairs, "some storage" a cabinet, a bookshelf and a chest,
"lighting" lamps, "crockery" plates, bowls and cups (lexicon ``family_nouns``; were grey boxes called
"seating"); the phrase keeps its own count. Cushions said in the sentence of several soft seats lie on
each of them in turn (were left on the floor)."""

from __future__ import annotations

import pytest

from planned import kinds, planned, relations

SEATS = {"sofa", "armchair", "chair"}


@pytest.mark.parametrize("prompt, family, n", [
    ("a lounge with some seating and a coffee table", SEATS, 3),
    ("a living room with plenty of seating", SEATS, 6),
    ("a hallway with some storage", {"cabinet", "bookshelf", "chest"}, 3),
    ("a loft with some lighting", {"floor lamp", "table lamp"}, 3),
    ("a kitchen with some crockery", {"plate", "bowl", "cup"}, 3),
    ("a garden with some greenery and a bench", {"potted plant"}, 3),
])
def test_a_family_noun_is_things_of_its_family(prompt: str, family: set[str], n: int) -> None:
    found = kinds(prompt, complete=False)
    noun = next(w for w in ("seating", "storage", "lighting", "crockery", "greenery") if w in prompt)
    assert found[noun] == 0
    assert sum(found[k] for k in family) == n and set(found) & family


def test_some_seating_is_a_sofa_and_armchairs() -> None:
    found = kinds("a sunroom with some seating", complete=False)
    assert found["sofa"] == 1 and found["armchair"] == 2


def test_cushions_lie_on_the_several_seats_in_turn() -> None:
    graph = planned("a sunroom with some seating, a few plants and plenty of cushions")
    hosts = [args[1] for _, args, _ in relations(graph, "on_top_of") if args[0].startswith("cushion")]
    assert len(hosts) == 6 and len(set(hosts)) == 3


def test_cushions_with_one_sofa_still_lie_on_it() -> None:
    graph = planned("a living room with a sofa and some cushions")
    hosts = {args[1] for _, args, _ in relations(graph, "on_top_of") if args[0].startswith("cushion")}
    assert hosts == {"sofa_1"}
