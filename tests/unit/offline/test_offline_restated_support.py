"""A later sentence that puts a thing on a support named before, "next to" things already standing on
it, places the thing by them, not the support (multi15): "A counter ... with three fish tanks on it.
The cash register goes on the counter, next to the tanks." (was: the counter next to the tanks it
carries); "a lamp on the table next to the bed" still puts the table by the bed."""

from __future__ import annotations

from planned import plan_triples


def test_next_to_things_on_the_same_support_is_the_new_things_place() -> None:
    found = plan_triples("A long counter stands against the east wall with three fish tanks on it. "
                         "The cash register goes on the counter, next to the tanks.")
    assert ("proximity", ("cash_register_1", "fish_tank_1")) in found
    assert not any(rel == "proximity" and args[0] == "counter_1" for rel, args in found)


def test_next_to_a_thing_off_the_support_is_the_supports_place() -> None:
    assert ("proximity", ("table_1", "bed_1")) in plan_triples("Put a lamp on the table next to the bed.")
