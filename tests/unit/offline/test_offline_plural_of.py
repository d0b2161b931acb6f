"""per_place.plural_of is the one regular plural (assets.phrase.plural) with its own contract kept:
None for a name that is plural already or whose plural singular does not read back."""

from __future__ import annotations

import re

import pytest

from setdresser.blender_addon.core.assets.coverage import known_names
from setdresser.blender_addon.core.assets.phrase import plural, singular
from setdresser.blender_addon.core.offline.distributions.per_place import plural_of


def _former_rule(name: str) -> str | None:
    """per_place's own spelling of the rule before it used assets.phrase.plural."""
    words = name.split()
    last = words[-1].lower()
    if singular(last) != last:
        return None
    if re.search(r"(s|x|z|ch|sh)$", last):
        many = last + "es"
    elif re.search(r"[^aeiou]y$", last):
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return " ".join([*words[:-1], many]) if singular(many) == last else None


@pytest.mark.parametrize("name, many", [
    ("chair", "chairs"), ("Dining Chair", "Dining chairs"), ("church bench", "church benches"), ("box", "boxes"),
    ("battery", "batteries"), ("toy", "toys"), ("glass", "glasses"),
    ("chairs", None), ("chest of drawers", None), ("quiz", None),  # plural already; "quizes": not read back
])
def test_plural_of(name: str, many: str | None) -> None:
    assert plural_of(name) == many


def test_every_known_name_keeps_its_plural() -> None:
    changed = {n: (plural_of(n), _former_rule(n)) for n in known_names() if plural_of(n) != _former_rule(n)}
    assert changed == {}


def test_the_one_plural_spells_z_with_es() -> None:
    assert plural("waltz") == "waltzes" and plural("fez") == "fezes"  # was "waltzs", "fezs"
