"""Scoring functions of the indoor room prompts i01-i15, written one by one from each prompt."""

from __future__ import annotations

from ..kit import (Card, Scene, behind, corner_of, faces, gap, grid_error, in_corner, in_front, is_ring, seated_around, is_row,
                   left_of, middle_offset, near_wall, over, rests_on, right_of)


def score_i01(s: Scene) -> Card:
    """A lamp on a desk and a chair in front of the desk, facing it."""
    c, lamp, desk, chair = Card(), s.one("lamp"), s.one("desk"), s.one("chair")
    c.count("1 lamp", s.of("lamp"), 1)
    c.count("1 desk", s.of("desk"), 1)
    c.count("1 chair", s.of("chair"), 1)
    ok = None not in (lamp, desk, chair)
    c.need("lamp on desk", ok and rests_on(lamp, desk))
    c.need("chair in front of desk", ok and in_front(chair, desk, 1.5))
    c.need("chair faces desk", ok and faces(chair, desk))
    return c


def score_i02(s: Scene) -> Card:
    """Bed against the north wall, a nightstand on each side, a lamp on each nightstand."""
    c, bed, stands, lamps = Card(), s.one("bed"), s.of("nightstand"), s.of("lamp")
    c.count("1 bed", s.of("bed"), 1)
    c.count("2 nightstands", stands, 2)
    c.count("2 lamps", lamps, 2)
    c.need("bed against north wall", bed is not None and near_wall(bed, "north", s.bounds))
    sides = [bed is not None and left_of(n, bed, 0.8) for n in stands], [bed is not None and right_of(n, bed, 0.8)
                                                                          for n in stands]
    c.need("a nightstand on the left", any(sides[0]))
    c.need("a nightstand on the right", any(sides[1]))
    c.share("a lamp on each nightstand", [any(rests_on(lamp, n) for lamp in lamps) for n in stands] or [False])
    return c


def score_i03(s: Scene) -> Card:
    """Sofa against the west wall, coffee table in front of it, TV on a TV stand facing the
    sofa, floor lamp next to the sofa."""
    c, sofa, table, tv, stand, lamp = (Card(), s.one("sofa"), s.one("coffee table"), s.one("tv"), s.one("tv stand"),
                                       s.one("floor lamp"))
    for name in ("sofa", "coffee table", "tv", "tv stand", "floor lamp"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("sofa against west wall", sofa is not None and near_wall(sofa, "west", s.bounds))
    c.need("coffee table in front of sofa", None not in (sofa, table) and in_front(table, sofa, 1.5))
    c.need("tv on tv stand", None not in (tv, stand) and rests_on(tv, stand))
    c.need("tv faces sofa", None not in (tv, sofa) and faces(tv, sofa))
    c.need("floor lamp next to sofa", None not in (lamp, sofa) and gap(lamp, sofa) <= 0.6)
    return c


def score_i04(s: Scene) -> Card:
    """Desk against the north wall, office chair at the desk, monitor and keyboard on the desk,
    bookshelf in the northeast corner."""
    c, desk, chair, shelf = Card(), s.one("desk"), s.one("office chair", "chair"), s.one("bookshelf")
    for name in ("desk", "monitor", "keyboard", "bookshelf"):
        c.count(f"1 {name}", s.of(name), 1)
    c.count("1 office chair", s.of("office chair", "chair"), 1)
    c.need("desk against north wall", desk is not None and near_wall(desk, "north", s.bounds))
    c.need("chair at the desk", None not in (desk, chair) and in_front(chair, desk, 0.8) and faces(chair, desk))
    c.share("monitor and keyboard on the desk",
            [desk is not None and rests_on(o, desk) for o in s.of("monitor", "keyboard")] or [False])
    c.need("bookshelf in NE corner", shelf is not None and near_wall(shelf, "north", s.bounds, 0.15)
           and near_wall(shelf, "east", s.bounds, 0.15))
    return c


def score_i05(s: Scene) -> Card:
    """Whiteboard against the north wall, teacher's desk in front of it, twelve student desks
    in a 3 by 4 grid facing the whiteboard."""
    c, board = Card(), s.one("whiteboard")
    desks = s.of("desk", "teacher desk", "student desk")
    c.count("1 whiteboard", s.of("whiteboard"), 1)
    c.count("13 desks", desks, 13)
    c.need("whiteboard against north wall", board is not None and near_wall(board, "north", s.bounds))
    if board is None or not desks:
        c.need("teacher desk", False)
        c.need("student grid", False)
        return c
    teacher = min(desks, key=lambda d: gap(d, board))
    students = [d for d in desks if d is not teacher]
    c.need("teacher desk in front of whiteboard", in_front(teacher, board, 2.0))
    error = grid_error(students, 3, 4)
    c.need("students in a 3x4 grid", error <= 0.2, 1.0 - error)
    c.share("students face whiteboard", [faces(d, board, 45) for d in students])
    return c


def score_i06(s: Scene) -> Card:
    """Dining table in the middle of the room, eight chairs around it, a vase on the table."""
    c, table, chairs, vase = Card(), s.one("dining table", "table"), s.of("chair"), s.one("vase")
    c.count("1 dining table", s.of("dining table", "table"), 1)
    c.count("8 chairs", chairs, 8)
    c.count("1 vase", s.of("vase"), 1)
    c.need("table in the middle", table is not None and middle_offset(table, s.bounds) <= 0.15)
    c.need("chairs around the table", table is not None and len(chairs) >= 3 and seated_around(chairs, table))
    c.share("chairs face the table", [table is not None and faces(ch, table, 45) for ch in chairs])
    c.need("vase on the table", None not in (vase, table) and rests_on(vase, table))
    return c


def score_i07(s: Scene) -> Card:
    """Counter along the east wall, three stools at it, a fridge next to it, a bowl on it."""
    c, counter, stools = Card(), s.one("counter"), s.of("stool")
    fridge, bowl = s.one("fridge", "refrigerator"), s.one("bowl")
    c.count("1 counter", s.of("counter"), 1)
    c.count("3 stools", stools, 3)
    c.count("1 fridge", s.of("fridge", "refrigerator"), 1)
    c.count("1 bowl", s.of("bowl"), 1)
    c.need("counter along east wall", counter is not None and near_wall(counter, "east", s.bounds, 0.15))
    c.share("stools at the counter", [counter is not None and gap(st, counter) <= 0.6 and faces(st, counter, 45)
                                      for st in stools])
    c.need("fridge next to counter", None not in (fridge, counter) and gap(fridge, counter) <= 0.6)
    c.need("bowl on counter", None not in (bowl, counter) and rests_on(bowl, counter))
    return c


def score_i08(s: Scene) -> Card:
    """Desk in the middle, laptop on it, office chair in front facing it, bookshelf behind it."""
    c, desk, laptop = Card(), s.one("desk"), s.one("laptop")
    chair, shelf = s.one("office chair", "chair"), s.one("bookshelf")
    for name in ("desk", "laptop", "bookshelf"):
        c.count(f"1 {name}", s.of(name), 1)
    c.count("1 office chair", s.of("office chair", "chair"), 1)
    c.need("desk in the middle", desk is not None and middle_offset(desk, s.bounds) <= 0.15)
    c.need("laptop on desk", None not in (laptop, desk) and rests_on(laptop, desk))
    c.need("chair in front of desk", None not in (chair, desk) and in_front(chair, desk, 1.2))
    c.need("chair faces desk", None not in (chair, desk) and faces(chair, desk))
    c.need("bookshelf behind desk", None not in (shelf, desk) and behind(shelf, desk, 2.5))
    return c


def score_i09(s: Scene) -> Card:
    """Long table in the middle, ten chairs around it, a TV against the north wall facing it."""
    c, table, chairs, tv = Card(), s.one("table"), s.of("chair"), s.one("tv")
    c.count("1 table", s.of("table"), 1)
    c.count("10 chairs", chairs, 10)
    c.count("1 tv", s.of("tv"), 1)
    c.need("table in the middle", table is not None and middle_offset(table, s.bounds) <= 0.15)
    c.need("chairs around the table", table is not None and len(chairs) >= 3 and seated_around(chairs, table))
    c.need("tv against north wall", tv is not None and near_wall(tv, "north", s.bounds))
    c.need("tv faces the table", None not in (tv, table) and faces(tv, table))
    return c


def score_i10(s: Scene) -> Card:
    """Three bookshelves in a row against the west wall, two tables in the middle, four chairs
    around each table and a lamp on each table."""
    c, shelves, tables, chairs, lamps = Card(), s.of("bookshelf"), s.of("table"), s.of("chair"), s.of("lamp")
    c.count("3 bookshelves", shelves, 3)
    c.count("2 tables", tables, 2)
    c.count("8 chairs", chairs, 8)
    c.count("2 lamps", lamps, 2)
    c.need("bookshelves in a row", len(shelves) >= 2 and is_row(shelves))
    c.share("bookshelves against west wall", [near_wall(b, "west", s.bounds) for b in shelves])
    c.share("tables in the middle area", [middle_offset(t, s.bounds) <= 0.3 for t in tables])
    groups = [[ch for ch in chairs if min(tables, key=lambda t: gap(ch, t)) is t] for t in tables] if tables else []
    c.share("four chairs around each table", [len(g) == 4 and seated_around(g, t) for g, t in zip(groups, tables)])
    c.share("a lamp on each table", [any(rests_on(lamp, t) for lamp in lamps) for t in tables])
    return c


def score_i11(s: Scene) -> Card:
    """Six chairs in a row against the west wall, a coffee table in front of the chairs and a
    clock above the coffee table."""
    c, chairs, table, clock = Card(), s.of("chair"), s.one("coffee table"), s.one("clock")
    c.count("6 chairs", chairs, 6)
    c.count("1 coffee table", s.of("coffee table"), 1)
    c.count("1 clock", s.of("clock"), 1)
    c.need("chairs in a row", len(chairs) >= 3 and is_row(chairs))
    c.share("chairs against west wall", [near_wall(ch, "west", s.bounds) for ch in chairs])
    c.need("coffee table in front of the chairs", table is not None and any(in_front(table, ch) for ch in chairs))
    c.need("clock above the coffee table", None not in (clock, table) and over(clock, table, 0.1)
           and clock["location"][2] >= table["bbox_max"][2] - 0.01)
    return c


def score_i12(s: Scene) -> Card:
    """Bathtub against the east wall, sink against the north wall, mirror above the sink."""
    c, tub, sink, mirror = Card(), s.one("bathtub"), s.one("sink"), s.one("mirror")
    for name in ("bathtub", "sink", "mirror"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("bathtub against east wall", tub is not None and near_wall(tub, "east", s.bounds))
    c.need("sink against north wall", sink is not None and near_wall(sink, "north", s.bounds))
    c.need("mirror above the sink", None not in (mirror, sink) and over(mirror, sink, 0.1)
           and mirror["location"][2] >= sink["bbox_max"][2] - 0.01)
    return c


def score_i13(s: Scene) -> Card:
    """Crib against the north wall, a rug in the middle, a teddy bear on the rug."""
    c, crib, rug, bear = Card(), s.one("crib"), s.one("rug"), s.one("teddy bear")
    for name in ("crib", "rug", "teddy bear"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("crib against north wall", crib is not None and near_wall(crib, "north", s.bounds))
    c.need("rug in the middle", rug is not None and middle_offset(rug, s.bounds) <= 0.15)
    c.need("teddy bear on the rug", None not in (bear, rug) and over(bear, rug) and bear["location"][2] <= 0.1)
    return c


def score_i14(s: Scene) -> Card:
    """Six round tables in a 2 by 3 grid, two chairs at each table, a counter against the east wall."""
    c, tables, chairs, counter = Card(), s.of("table", "round table"), s.of("chair"), s.one("counter")
    c.count("6 tables", tables, 6)
    c.count("12 chairs", chairs, 12)
    c.count("1 counter", s.of("counter"), 1)
    error = grid_error(tables, 2, 3)
    c.need("tables in a 2x3 grid", error <= 0.2, 1.0 - error)
    near = [[ch for ch in chairs if gap(ch, t) <= 0.6] for t in tables]
    c.share("two chairs at each table", [len(n) >= 2 for n in near])
    c.share("chairs face their table", [any(faces(ch, t, 45) for t in tables if gap(ch, t) <= 0.6) for ch in chairs])
    c.need("counter against east wall", counter is not None and near_wall(counter, "east", s.bounds))
    return c


def score_i15(s: Scene) -> Card:
    """Auditorium: stage against the north wall, podium on it, 48 seats in a 6 by 8 grid facing
    the stage, a floor lamp on each side of the stage, a potted plant in each corner."""
    c, stage, podium = Card(), s.one("stage"), s.one("podium")
    seats, lamps, plants = s.of("theater seat", "seat"), s.of("floor lamp"), s.of("potted plant")
    c.count("1 stage", s.of("stage"), 1)
    c.count("1 podium", s.of("podium"), 1)
    c.count("48 seats", seats, 48)
    c.count("2 floor lamps", lamps, 2)
    c.count("4 potted plants", plants, 4)
    c.need("stage against north wall", stage is not None and near_wall(stage, "north", s.bounds))
    c.need("podium on the stage", None not in (podium, stage) and rests_on(podium, stage))
    error = grid_error(seats, 6, 8)
    c.need("seats in a 6x8 grid", error <= 0.2, 1.0 - min(error, 1.0))
    c.share("seats face the stage", [stage is not None and faces(seat, stage, 45) for seat in seats])
    c.need("a lamp each side of the stage", stage is not None and any(left_of(l, stage, 1.0) for l in lamps)
           and any(right_of(l, stage, 1.0) for l in lamps))
    c.share("a plant in each corner", [in_corner(p, s.bounds) for p in plants])
    c.need("every plant in its own corner", len({corner_of(p, s.bounds) for p in plants}) == 4)
    return c

