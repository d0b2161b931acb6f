"""A street, road or path lined by rows grows to hold them (issue 14): "a street with six houses on
each side" is as long as six houses, not 12 m with the houses overflowing its ends."""

from __future__ import annotations

from setdresser.blender_addon.core.model import Constraint, ObjectSpec
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.coding.contents import (END_ROOM, LINE_GAP, SIDE_FACING_DEG, lengthen_hosts,
                                                                   square_rows)


def _thing(oid: str, size: tuple[float, float, float], category: str = "house") -> ObjectSpec:
    return ObjectSpec(id=oid, category=category, dimensions=size)


def test_a_street_grows_to_its_longest_side_row() -> None:
    street = _thing("street", (6.0, 12.0, 0.02), "street")
    houses = [_thing(f"h{i}", (8.0, 7.0, 6.0)) for i in range(5)]
    cons = [Constraint("left_of", [h.id, "street"]) for h in houses[:4]]
    cons += [Constraint("right_of", ["h4", "street"])] + [Constraint("facing", [h.id, "street"]) for h in houses]
    assert lengthen_hosts([street, *houses], cons) == ["street"]
    assert street.dimensions == (6.0, round(4 * 8.0 + 3 * LINE_GAP + 2 * END_ROOM, 2), 0.02)


def test_a_street_along_its_width_grows_on_that_axis_by_the_rows_in_front_and_behind() -> None:
    road = _thing("road", (12.0, 5.0, 0.02), "road")
    sheds = [_thing(f"s{i}", (3.0, 4.0, 2.5), "shed") for i in range(5)]  # not facing it: their longer side
    cons = [Constraint("behind", [s.id, "road"]) for s in sheds]
    lengthen_hosts([road, *sheds], cons)
    assert road.dimensions[0] == round(5 * 4.0 + 4 * LINE_GAP + 2 * END_ROOM, 2) and road.dimensions[1] == 5.0


def test_a_row_that_fits_and_things_that_are_no_street_leave_sizes_alone() -> None:
    path = _thing("path", (2.0, 10.0, 0.02), "path")
    rug = _thing("rug", (0.8, 2.5, 0.01), "rug")
    table = _thing("table", (2.0, 0.9, 0.75), "table")
    benches = [_thing(f"b{i}", (1.4, 0.4, 0.45), "bench") for i in range(6)]
    cons = [Constraint("left_of", [b.id, "path"]) for b in benches[:3]]
    cons += [Constraint("left_of", ["b3", "rug"]), Constraint("in_front_of", ["b4", "table"]),
             Constraint("in_front_of", ["b5", "table"])]
    assert lengthen_hosts([path, rug, table, *benches], cons) == []
    assert (path.dimensions, rug.dimensions, table.dimensions) == ((2.0, 10.0, 0.02), (0.8, 2.5, 0.01),
                                                                    (2.0, 0.9, 0.75))


def test_the_planned_street_holds_six_houses_a_side() -> None:
    program = code(plan("a street with six houses on each side"))
    street = next(o for o in program.objects if o.category == "street")
    house = next(o for o in program.objects if o.category == "house")
    assert max(street.dimensions[:2]) >= 6 * min(house.dimensions[:2])
    half = max(street.dimensions[:2]) / 2
    assert program.bounds.max[0] >= half and program.bounds.max[1] >= half  # the scene holds it


def test_what_faces_a_street_from_beside_it_stands_square_to_it() -> None:
    street = _thing("street", (6.0, 40.0, 0.02), "street")
    road = _thing("road", (40.0, 6.0, 0.02), "road")
    table = _thing("table", (2.0, 0.9, 0.75), "table")
    things = [_thing(f"h{i}", (8.0, 7.0, 6.0)) for i in range(4)]
    facing = [Constraint("facing", ["h0", "street"]), Constraint("facing", ["h1", "road"]),
              Constraint("facing", ["h2", "table"]), Constraint("facing", ["h3", "street"], {"tolerance_deg": 20.0})]
    cons = [Constraint("left_of", ["h0", "street"]), Constraint("in_front_of", ["h1", "road"]),
            Constraint("in_front_of", ["h2", "table"]), Constraint("right_of", ["h3", "street"]), *facing]
    added = square_rows([street, road, table, *things], cons)
    assert [(c.relation, tuple(c.args)) for c in added] == [("perpendicular", ("h0", "street")),
                                                            ("parallel", ("h1", "road"))]
    assert [c.params.get("tolerance_deg") for c in facing] == [SIDE_FACING_DEG, SIDE_FACING_DEG, None, 20.0]
