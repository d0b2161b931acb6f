"""Things hung from the ceiling (issue 13 leftovers): "hanging from the ceiling", "suspended from
the ceiling", "on the ceiling" hang any object there (mount ``ceiling``: a little below the ceiling,
Blender draws the cord or stem up to it), a plain noun with a ceiling variant becomes it ("a fan on
the ceiling" is a ceiling fan); the pendant, fan, mobile and hanging plant the knowledge base hangs
are hung, never left floating mid-air."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver.api import solve

CORD = 1.5  # m: the benchmark's longest cord (tests/benchmark/fidelity/checks_physics.py)


def _hung(prompt: str) -> list[tuple[str, str | None, float, float]]:
    program = code(plan(prompt, complete=False))
    layout = solve(program, seed=0, effort=0.1)
    assert not layout.checks.unsupported, layout.checks.to_dict()
    ceiling = program.room.height if program.room is not None else program.bounds.max[2]
    return [(o.category, o.mount, float(o.bbox_max[2]), ceiling) for o in layout.objects]


@pytest.mark.parametrize("prompt, category", [
    ("a lantern hanging from the ceiling above the table", "lantern"),
    ("paper lanterns hung from the ceiling", "paper lantern"),
    ("a disco ball suspended from the ceiling", "disco ball"),
    ("a fan on the ceiling", "ceiling fan"),
    ("a lamp hanging from the ceiling over the table", "ceiling lamp"),
    ("a pendant lamp over the kitchen island", "pendant lamp"),
    ("a crib with a mobile above it", "mobile"),
    ("a hanging plant next to the sofa", "hanging plant"),
])
def test_a_thing_hung_from_the_ceiling_hangs_just_below_it(prompt: str, category: str) -> None:
    found = [t for t in _hung(prompt) if t[0] == category]
    assert found, (prompt, _hung(prompt))
    for _, mount, top, ceiling in found:
        assert mount == "ceiling", (prompt, found)
        assert ceiling - CORD <= top <= ceiling + 1e-6, (prompt, found)


def test_hanging_on_a_wall_still_hangs_on_the_wall() -> None:
    assert [m for c, m, _, _ in _hung("a painting hanging on the wall") if c == "painting"] == ["wall"]


def test_from_the_ceiling_is_understood() -> None:
    assert plan("a lantern hanging from the ceiling above the table", complete=False).unparsed == []


def test_a_thing_hung_from_the_ceiling_stands_on_no_table() -> None:
    graph = plan("a dining room with a table and a lantern hanging from the ceiling")
    lantern = next(a.id for a in graph.assets if a.category == "lantern")
    assert not [r for r in graph.relations if r.relation == "on_top_of" and graph.relation_args(r.id)[0] == lantern]
