"""Scoring functions of the outdoor prompts o01-o13 and the arrangement prompts a01-a05."""

from __future__ import annotations

from ..kit import (Card, Scene, behind, corner_of, dist, faces, gap, grid_error, in_corner, in_front, is_ring, seated_around,
                   is_row, left_of, middle_offset, near_wall, over, overlap_fraction, rests_on, right_of, top)


def score_o01(s: Scene) -> Card:
    """Campfire in the middle, four logs around it, two tents near it, a lantern on one of the logs."""
    c, fire, logs, tents, lantern = Card(), s.one("campfire"), s.of("log"), s.of("tent"), s.one("lantern")
    c.count("1 campfire", s.of("campfire"), 1)
    c.count("4 logs", logs, 4)
    c.count("2 tents", tents, 2)
    c.count("1 lantern", s.of("lantern"), 1)
    c.need("campfire in the middle", fire is not None and middle_offset(fire, s.bounds) <= 0.15)
    c.need("logs around the campfire", fire is not None and len(logs) >= 3 and is_ring(logs, fire))
    c.share("tents near the campfire", [fire is not None and gap(t, fire) <= 1.2 for t in tents])
    c.need("lantern on a log", lantern is not None and any(rests_on(lantern, log) for log in logs))
    return c


def score_o02(s: Scene) -> Card:
    """A row of four houses along the north side and a street lamp in front of each house."""
    c, houses, lamps = Card(), s.of("house"), s.of("street lamp")
    c.count("4 houses", houses, 4)
    c.count("4 street lamps", lamps, 4)
    c.need("houses in a row", len(houses) >= 3 and is_row(houses))
    c.share("houses along the north side", [near_wall(h, "north", s.bounds, 0.3) for h in houses])
    c.share("a lamp in front of each house", [any(in_front(lamp, h, 2.5) for lamp in lamps) for h in houses])
    return c


def score_o03(s: Scene) -> Card:
    """A bench under a tree, a fountain in the middle, three bushes around the fountain."""
    c, bench, tree, fountain, bushes = Card(), s.one("bench"), s.one("tree"), s.one("fountain"), s.of("bush")
    for name in ("bench", "tree", "fountain"):
        c.count(f"1 {name}", s.of(name), 1)
    c.count("3 bushes", bushes, 3)
    c.need("bench under the tree", None not in (bench, tree) and over(bench, tree, 0.5) and top(bench) <= top(tree))
    c.need("fountain in the middle", fountain is not None and middle_offset(fountain, s.bounds) <= 0.15)
    c.need("bushes around the fountain", fountain is not None and len(bushes) >= 3 and is_ring(bushes, fountain))
    return c


def score_o04(s: Scene) -> Card:
    """A tent far from the campfire, and a tree behind the tent."""
    c, tent, fire, tree = Card(), s.one("tent"), s.one("campfire"), s.one("tree")
    for name in ("tent", "campfire", "tree"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("tent far from campfire", None not in (tent, fire) and gap(tent, fire) >= 2.0)
    c.need("tree behind the tent", None not in (tree, tent) and behind(tree, tent, 2.5))
    return c


def score_o05(s: Scene) -> Card:
    """A picnic table under a tree, a basket on it and a bench on each side of it."""
    c, table, tree, basket, benches = Card(), s.one("picnic table"), s.one("tree"), s.one("basket"), s.of("bench")
    for name in ("picnic table", "tree", "basket"):
        c.count(f"1 {name}", s.of(name), 1)
    c.count("2 benches", benches, 2)
    c.need("table under the tree", None not in (table, tree) and over(table, tree, 0.5))
    c.need("basket on the table", None not in (basket, table) and rests_on(basket, table))
    # "each side" of a picnic table: its two ends or its two long sides, one bench on each of a pair
    ends = table is not None and any(left_of(b, table, 0.8) for b in benches) and any(
        right_of(b, table, 0.8) for b in benches)
    sides = table is not None and any(in_front(b, table, 0.8) for b in benches) and any(
        behind(b, table, 0.8) for b in benches)
    c.need("a bench on each of two opposite sides", ends or sides)
    return c


def score_o06(s: Scene) -> Card:
    """A parked car on the road next to a mailbox, a house behind the mailbox."""
    c, car, road, mailbox, house = Card(), s.one("car"), s.one("road"), s.one("mailbox"), s.one("house")
    for name in ("car", "road", "mailbox", "house"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("car on the road", None not in (car, road) and overlap_fraction(car, road) >= 0.5)
    c.need("car next to the mailbox", None not in (car, mailbox) and gap(car, mailbox) <= 0.6)
    c.need("house behind the mailbox", None not in (house, mailbox) and behind(house, mailbox, 3.0))
    return c


def score_o07(s: Scene) -> Card:
    """Twenty cars in a 4 by 5 grid and a street lamp in each corner."""
    c, cars, lamps = Card(), s.of("car"), s.of("street lamp")
    c.count("20 cars", cars, 20)
    c.count("4 street lamps", lamps, 4)
    error = grid_error(cars, 4, 5)
    c.need("cars in a 4x5 grid", error <= 0.2, 1.0 - min(error, 1.0))
    c.share("lamps in corners", [in_corner(lamp, s.bounds, 0.3) for lamp in lamps])
    c.need("one lamp per corner", len({corner_of(lamp, s.bounds) for lamp in lamps}) == 4)
    return c


def score_o08(s: Scene) -> Card:
    """Fountain in the middle, four park benches around it facing it, four trees in a row along
    the north side, a trash can next to each bench."""
    c, fountain, benches = Card(), s.one("fountain"), s.of("park bench", "bench")
    trees, cans = s.of("tree"), s.of("trash can")
    c.count("1 fountain", s.of("fountain"), 1)
    c.count("4 benches", benches, 4)
    c.count("4 trees", trees, 4)
    c.count("4 trash cans", cans, 4)
    c.need("fountain in the middle", fountain is not None and middle_offset(fountain, s.bounds) <= 0.15)
    c.need("benches around the fountain", fountain is not None and len(benches) >= 3 and is_ring(benches, fountain))
    c.share("benches face the fountain", [fountain is not None and faces(b, fountain) for b in benches])
    c.need("trees in a row", len(trees) >= 3 and is_row(trees))
    c.share("trees along the north side", [near_wall(t, "north", s.bounds, 0.3) for t in trees])
    c.share("a trash can next to each bench", [any(gap(t, b) <= 0.6 for t in cans) for b in benches])
    return c


def score_o09(s: Scene) -> Card:
    """A grill next to a picnic table, four chairs around the picnic table, a tree behind the grill."""
    c, grill, table, chairs, tree = Card(), s.one("grill"), s.one("picnic table"), s.of("chair"), s.one("tree")
    for name in ("grill", "picnic table", "tree"):
        c.count(f"1 {name}", s.of(name), 1)
    c.count("4 chairs", chairs, 4)
    c.need("grill next to the table", None not in (grill, table) and gap(grill, table) <= 0.6)
    c.need("chairs around the table", table is not None and len(chairs) >= 3 and seated_around(chairs, table))
    c.need("tree behind the grill", None not in (tree, grill) and behind(tree, grill, 2.5))
    return c


def score_o10(s: Scene) -> Card:
    """A fountain in the middle surrounded by eight benches, a tree behind each bench."""
    c, fountain, benches, trees = Card(), s.one("fountain"), s.of("bench", "park bench"), s.of("tree")
    c.count("1 fountain", s.of("fountain"), 1)
    c.count("8 benches", benches, 8)
    c.count("8 trees", trees, 8)
    c.need("fountain in the middle", fountain is not None and middle_offset(fountain, s.bounds) <= 0.15)
    c.need("benches around the fountain", fountain is not None and len(benches) >= 3 and is_ring(benches, fountain))
    c.share("a tree behind each bench", [any(behind(t, b, 2.5) for t in trees) for b in benches])
    return c


def score_o11(s: Scene) -> Card:
    """A fence along the north side, five barrels in a row in front of the fence, a tree far from the fence."""
    c, fence, barrels, tree = Card(), s.one("fence"), s.of("barrel"), s.one("tree")
    c.count("1 fence", s.of("fence"), 1)
    c.count("5 barrels", barrels, 5)
    c.count("1 tree", s.of("tree"), 1)
    c.need("fence along the north side", fence is not None and near_wall(fence, "north", s.bounds, 0.3))
    c.need("barrels in a row", len(barrels) >= 3 and is_row(barrels))
    c.share("barrels in front of the fence", [fence is not None and in_front(b, fence, 2.0) for b in barrels])
    c.need("tree far from the fence", None not in (tree, fence) and gap(tree, fence) >= 2.0)
    return c


def score_o12(s: Scene) -> Card:
    """A tent between two trees, a campfire in front of the tent and a log next to the campfire."""
    c, tent, trees, fire, log = Card(), s.one("tent"), s.of("tree"), s.one("campfire"), s.one("log")
    c.count("1 tent", s.of("tent"), 1)
    c.count("2 trees", trees, 2)
    c.count("1 campfire", s.of("campfire"), 1)
    c.count("1 log", s.of("log"), 1)
    c.need("tent between the trees", tent is not None and len(trees) == 2
           and dist(tent, trees[0]) + dist(tent, trees[1]) - dist(*trees) <= 0.5)
    c.need("campfire in front of the tent", None not in (fire, tent) and in_front(fire, tent, 2.5))
    c.need("log next to the campfire", None not in (log, fire) and gap(log, fire) <= 0.6)
    return c


def score_o13(s: Scene) -> Card:
    """A road in the middle, six houses in a row along the north side, six trees in a row along
    the south side, a car on the road and a street lamp in front of each house."""
    c, road, houses, trees = Card(), s.one("road"), s.of("house"), s.of("tree")
    car, lamps = s.one("car"), s.of("street lamp")
    c.count("1 road", s.of("road"), 1)
    c.count("6 houses", houses, 6)
    c.count("6 trees", trees, 6)
    c.count("1 car", s.of("car"), 1)
    c.count("6 street lamps", lamps, 6)
    c.need("road in the middle", road is not None and middle_offset(road, s.bounds) <= 0.15)
    c.need("houses in a row", len(houses) >= 3 and is_row(houses))
    c.share("houses along the north side", [near_wall(h, "north", s.bounds, 0.3) for h in houses])
    c.need("trees in a row", len(trees) >= 3 and is_row(trees))
    c.share("trees along the south side", [near_wall(t, "south", s.bounds, 0.3) for t in trees])
    c.need("car on the road", None not in (car, road) and overlap_fraction(car, road) >= 0.5)
    c.share("a lamp in front of each house", [any(in_front(lamp, h, 2.5) for lamp in lamps) for h in houses])
    return c


def score_a01(s: Scene) -> Card:
    """A red cube to the left of a blue sphere and a green cone to the right of it."""
    c, cube, sphere, cone = Card(), s.one("cube"), s.one("sphere"), s.one("cone")
    for name in ("cube", "sphere", "cone"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("cube left of sphere", None not in (cube, sphere) and left_of(cube, sphere))
    c.need("cone right of sphere", None not in (cone, sphere) and right_of(cone, sphere))
    return c


def score_a02(s: Scene) -> Card:
    """Six chairs in a row, evenly spaced."""
    c, chairs = Card(), s.of("chair")
    c.count("6 chairs", chairs, 6)
    c.need("on one line", len(chairs) >= 3 and is_row(chairs, spread=10.0))
    c.need("evenly spaced", len(chairs) >= 3 and is_row(chairs, off=10.0, spread=0.15))
    return c


def score_a03(s: Scene) -> Card:
    """Twelve boxes in a 3x4 grid."""
    c, boxes = Card(), s.of("box")
    c.count("12 boxes", boxes, 12)
    error = grid_error(boxes, 3, 4)
    c.need("3x4 grid", error <= 0.2, 1.0 - min(error, 1.0))
    return c


def score_a04(s: Scene) -> Card:
    """Two tables, each with four chairs around it."""
    c, tables, chairs = Card(), s.of("table"), s.of("chair")
    c.count("2 tables", tables, 2)
    c.count("8 chairs", chairs, 8)
    groups = [[ch for ch in chairs if min(tables, key=lambda t: dist(ch, t)) is t] for t in tables] if tables else []
    c.share("four chairs around each table", [len(g) == 4 and seated_around(g, t) for g, t in zip(groups, tables)])
    return c


def score_a05(s: Scene) -> Card:
    """A couch facing a TV, with 2 speakers on either side of the TV."""
    c, couch, tv, speakers = Card(), s.one("couch", "sofa"), s.one("tv"), s.of("speaker")
    c.count("1 couch", s.of("couch", "sofa"), 1)
    c.count("1 tv", s.of("tv"), 1)
    c.count("2 speakers", speakers, 2)
    c.need("couch faces tv", None not in (couch, tv) and faces(couch, tv))
    c.need("a speaker left of the tv", tv is not None and any(left_of(sp, tv, 1.0) for sp in speakers))
    c.need("a speaker right of the tv", tv is not None and any(right_of(sp, tv, 1.0) for sp in speakers))
    return c
