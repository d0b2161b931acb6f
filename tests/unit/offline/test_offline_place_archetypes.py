"""Places the archetypes lacked (issue 14, rooms13): a place named by a noun no archetype was called was
one labelled box ("a cattery"), one building ("a casino") or nothing at all ("a graveyard",
"a warehouse", "a farmyard": generate failed); a trade's shop ("a hardware store", "a charity shop")
was a shop of boxes. Each now gets the things people would be surprised not to see there."""

from __future__ import annotations

import pytest

from planned import kinds
from setdresser.blender_addon.core.knowledge.objects import load_knowledge


def _has(got: dict[str, int], thing: str) -> int:
    want = load_knowledge().lookup(thing)
    return sum(n for name, n in got.items()
               if name == thing or (want is not None and (f := load_knowledge().lookup(name)) is not None
                                    and f.category == want.category))


@pytest.mark.parametrize("prompt, expected", [
    ("a casino", {"slot machine": 3, "card table": 1, "roulette table": 1}),
    ("an old graveyard", {"tombstone": 5, "tree": 1}),
    ("a lido on a summer afternoon", {"swimming pool": 1, "sun lounger": 4}),
    ("a taxi rank", {"car": 3, "sign": 1}),
    ("a cattery", {"cat": 2, "cat tree": 2}),
    ("a dog shelter", {"dog": 2, "dog crate": 2}),
    ("a japanese tea house", {"teapot": 1, "cup": 2, "floor cushion": 2}),
    ("a smoothie bar", {"blender": 1, "counter": 1, "stool": 2}),
    ("a darkroom", {"sink": 1, "tray": 2}),
    ("a mosque", {"prayer mat": 4}),
    ("a warehouse", {"pallet rack": 2, "forklift": 1}),
    ("a farmyard", {"barn": 1, "tractor": 1, "cow": 1, "chicken": 1}),
    ("a charity shop", {"clothes rack": 1, "cash register": 1}),
    ("a jewellery shop", {"display case": 2, "necklace": 2}),
    ("a hardware store", {"hammer": 2, "cash register": 1}),
    ("a stationery shop", {"pen": 2, "notebook": 2}),
    ("a coffee shop", {"cash register": 1}),
    ("a petrol station", {"car": 1}),
    ("a workshop", {"hammer": 1}),
    ("a tennis court", {"tennis net": 1, "bench": 1}),
    ("a football pitch", {"goal": 2}),
    ("a safari park", {"giraffe": 1, "fence": 1, "person": 2}),
    ("an optician's", {"eye chart": 1, "mirror": 1}),
    ("a car showroom", {"car": 3, "desk": 1}),
    ("a boathouse", {"rowing boat": 2, "paddle": 2}),
    ("a food court", {"food stall": 2, "table": 2}),
    ("an allotment shed", {"lawnmower": 1, "rake": 1}),
    ("a youth hostel", {"bunk bed": 2}),
])
def test_a_place_has_what_people_expect_there(prompt: str, expected: dict[str, int]) -> None:
    got = dict(kinds(prompt))
    for thing, least in expected.items():
        assert _has(got, thing) >= least, (prompt, thing, got)
