"""Scoring functions of the indoor prompts i16-i31 (relation vocabulary and big rooms)."""

from __future__ import annotations

import math

from ..kit import (Card, Scene, corner_of, dist, faces, gap, grid_error, height, in_corner, in_front, is_ring, seated_around,
                   is_row, left_of, middle_offset, near_wall, over, overlap_fraction, rests_on, right_of, top, x, y,
                   yaw, yaw_gap)


def score_i16(s: Scene) -> Card:
    """Two armchairs placed symmetrically about a fireplace, a rug in front of the fireplace."""
    c, chairs, fire, rug = Card(), s.of("armchair"), s.one("fireplace"), s.one("rug")
    c.count("2 armchairs", chairs, 2)
    c.count("1 fireplace", s.of("fireplace"), 1)
    c.count("1 rug", s.of("rug"), 1)
    c.need("rug in front of the fireplace", None not in (rug, fire) and in_front(rug, fire, 1.5))
    if len(chairs) != 2 or fire is None:
        c.need("armchairs mirror each other about the fireplace", False)
        return c
    a, b = chairs
    # mirror a across the fireplace's front axis (the line through its centre along its front)
    fx, fy = math.sin(yaw(fire)), -math.cos(yaw(fire))
    ax, ay = x(a) - x(fire), y(a) - y(fire)
    along = ax * fx + ay * fy
    mx, my = 2 * along * fx - ax + x(fire), 2 * along * fy - ay + y(fire)
    miss = math.hypot(mx - x(b), my - y(b))
    c.need("armchairs mirror each other about the fireplace", miss <= 0.2, 1.0 - miss)
    return c


def score_i17(s: Scene) -> Card:
    """Desk against the north wall with a lamp on it, bookshelf perpendicular to the desk next to it."""
    c, desk, lamp, shelf = Card(), s.one("desk"), s.one("lamp"), s.one("bookshelf")
    for name in ("desk", "lamp", "bookshelf"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("desk against north wall", desk is not None and near_wall(desk, "north", s.bounds))
    c.need("lamp on desk", None not in (lamp, desk) and rests_on(lamp, desk))
    c.need("bookshelf perpendicular to desk", None not in (shelf, desk) and abs(yaw_gap(shelf, desk) - 90) <= 10)
    c.need("bookshelf next to desk", None not in (shelf, desk) and gap(shelf, desk) <= 0.6)
    return c


def score_i18(s: Scene) -> Card:
    """A sofa and a bench parallel to it, with a coffee table between them."""
    c, sofa, bench, table = Card(), s.one("sofa"), s.one("bench"), s.one("coffee table")
    for name in ("sofa", "bench", "coffee table"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("bench parallel to sofa", None not in (sofa, bench) and yaw_gap(sofa, bench) <= 10)
    if None in (sofa, bench, table):
        c.need("coffee table between them", False)
        return c
    ends = dist(sofa, bench)
    detour = dist(table, sofa) + dist(table, bench) - ends
    c.need("coffee table between them", detour <= 0.3 and min(dist(table, sofa), dist(table, bench)) > 0.1 * ends)
    return c


def score_i19(s: Scene) -> Card:
    """Bookshelf against the west wall with a vase above it; a ball inside a box near the bookshelf."""
    c, shelf, vase, ball, box = Card(), s.one("bookshelf"), s.one("vase"), s.one("ball"), s.one("box")
    for name in ("bookshelf", "vase", "ball", "box"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("bookshelf against west wall", shelf is not None and near_wall(shelf, "west", s.bounds))
    c.need("vase above bookshelf", None not in (vase, shelf) and over(vase, shelf, 0.1)
           and vase["location"][2] >= top(shelf) - 0.01)
    inside = None not in (ball, box) and all(box["bbox_min"][i] - 0.01 <= ball["bbox_min"][i]
                                              and ball["bbox_max"][i] <= box["bbox_max"][i] + 0.01 for i in range(3))
    c.need("ball inside box", inside)
    c.need("box near bookshelf", None not in (box, shelf) and gap(box, shelf) <= 1.0)
    return c


def score_i20(s: Scene) -> Card:
    """Wardrobe in the SW corner, dresser against the south wall with a mirror on it, bed aligned with the dresser."""
    c, wardrobe, dresser = Card(), s.one("wardrobe"), s.one("dresser")
    mirror, bed = s.one("mirror"), s.one("bed")
    for name in ("wardrobe", "dresser", "mirror", "bed"):
        c.count(f"1 {name}", s.of(name), 1)
    c.need("wardrobe in SW corner", wardrobe is not None and in_corner(wardrobe, s.bounds)
           and corner_of(wardrobe, s.bounds) == "sw")
    c.need("dresser against south wall", dresser is not None and near_wall(dresser, "south", s.bounds))
    c.need("mirror on dresser", None not in (mirror, dresser) and rests_on(mirror, dresser))
    c.need("bed aligned with dresser", None not in (bed, dresser)
           and min(abs(x(bed) - x(dresser)), abs(y(bed) - y(dresser))) <= 0.1)
    return c


def score_i21(s: Scene) -> Card:
    """A potted plant in each corner of the room."""
    c, plants = Card(), s.of("potted plant")
    c.count("4 potted plants", plants, 4)
    c.share("each plant in a corner", [in_corner(p, s.bounds) for p in plants])
    c.need("all four corners", len({corner_of(p, s.bounds) for p in plants}) == 4)
    return c


def score_i22(s: Scene) -> Card:
    """A sofa flanked by two floor lamps, with a painting above it."""
    c, sofa, lamps, painting = Card(), s.one("sofa"), s.of("floor lamp"), s.one("painting")
    c.count("1 sofa", s.of("sofa"), 1)
    c.count("2 floor lamps", lamps, 2)
    c.count("1 painting", s.of("painting"), 1)
    c.need("a lamp left of the sofa", sofa is not None and any(left_of(l, sofa, 0.8) for l in lamps))
    c.need("a lamp right of the sofa", sofa is not None and any(right_of(l, sofa, 0.8) for l in lamps))
    c.need("painting above the sofa", None not in (painting, sofa) and over(painting, sofa, 0.15)
           and painting["location"][2] >= top(sofa) - 0.01)
    return c


def score_i23(s: Scene) -> Card:
    """Two armchairs facing each other with a small round table between them."""
    c, chairs, table = Card(), s.of("armchair"), s.one("round table", "table")
    c.count("2 armchairs", chairs, 2)
    c.count("1 round table", s.of("round table", "table"), 1)
    pair = len(chairs) == 2
    c.need("armchairs face each other", pair and faces(chairs[0], chairs[1]) and faces(chairs[1], chairs[0]))
    c.need("table between them", pair and table is not None
           and dist(table, chairs[0]) + dist(table, chairs[1]) - dist(*chairs) <= 0.3)
    return c


def score_i24(s: Scene) -> Card:
    """Rug in the middle of the room with a coffee table on it, two armchairs facing the coffee table."""
    c, rug, table, chairs = Card(), s.one("rug"), s.one("coffee table"), s.of("armchair")
    c.count("1 rug", s.of("rug"), 1)
    c.count("1 coffee table", s.of("coffee table"), 1)
    c.count("2 armchairs", chairs, 2)
    c.need("rug in the middle", rug is not None and middle_offset(rug, s.bounds) <= 0.15)
    c.need("coffee table on the rug", None not in (rug, table) and overlap_fraction(table, rug) >= 0.5)
    c.share("armchairs face the coffee table", [table is not None and faces(ch, table) for ch in chairs])
    return c


def score_i25(s: Scene) -> Card:
    """A round table with four stools around it and a cat under the table."""
    c, table, stools, cat = Card(), s.one("round table", "table"), s.of("stool"), s.one("cat")
    c.count("1 table", s.of("round table", "table"), 1)
    c.count("4 stools", stools, 4)
    c.count("1 cat", s.of("cat"), 1)
    c.need("stools around the table", table is not None and len(stools) >= 3 and seated_around(stools, table))
    c.need("cat under the table", None not in (cat, table) and over(cat, table) and top(cat) <= top(table))
    return c


def score_i26(s: Scene) -> Card:
    """A small cabinet, a tall cabinet twice as tall as the small one, a vase on the small cabinet."""
    c, cabinets, vase = Card(), s.of("cabinet"), s.one("vase")
    c.count("2 cabinets", cabinets, 2)
    c.count("1 vase", s.of("vase"), 1)
    if len(cabinets) != 2:
        c.need("tall one twice as tall", False)
        c.need("vase on the small one", False)
        return c
    small, tall = sorted(cabinets, key=height)
    ratio = height(tall) / height(small)
    c.need("tall one twice as tall", abs(ratio / 2.0 - 1.0) <= 0.1, 1.0 - abs(ratio / 2.0 - 1.0))
    c.need("vase on the small one", vase is not None and rests_on(vase, small))
    return c


def score_i27(s: Scene) -> Card:
    """Four barrels lined up along the south wall."""
    c, barrels = Card(), s.of("barrel")
    c.count("4 barrels", barrels, 4)
    c.need("barrels in a row", len(barrels) >= 3 and is_row(barrels))
    c.share("barrels along south wall", [near_wall(b, "south", s.bounds, 0.15) for b in barrels])
    return c


def score_i28(s: Scene) -> Card:
    """A stack of five wooden crates in the corner, largest at the bottom."""
    c, crates = Card(), sorted(s.of("crate", "box"), key=lambda o: o["location"][2])
    c.count("5 crates", crates, 5)
    c.share("each crate rests on the one below", [rests_on(a, b) for b, a in zip(crates, crates[1:])] or [False])
    sizes = [o["dimensions"][0] * o["dimensions"][1] * o["dimensions"][2] for o in crates]
    c.need("largest at the bottom, shrinking upward", len(sizes) > 1 and all(a > b for a, b in zip(sizes, sizes[1:])))
    c.need("stack in a corner", bool(crates) and in_corner(crates[0], s.bounds))
    return c


def score_i29(s: Scene) -> Card:
    """Three books stacked on the coffee table, smallest on top."""
    c, books, table = Card(), sorted(s.of("book"), key=lambda o: o["location"][2]), s.one("coffee table")
    c.count("3 books", books, 3)
    c.count("1 coffee table", s.of("coffee table"), 1)
    c.need("bottom book on the table", bool(books) and table is not None and rests_on(books[0], table))
    c.share("each book on the one below", [rests_on(a, b) for b, a in zip(books, books[1:])] or [False])
    sizes = [o["dimensions"][0] * o["dimensions"][1] * o["dimensions"][2] for o in books]
    c.need("smallest on top", len(sizes) > 1 and all(a > b for a, b in zip(sizes, sizes[1:])))
    return c


def score_i30(s: Scene) -> Card:
    """Three vases on the shelf sorted by height."""
    c, vases, shelf = Card(), s.of("vase"), s.one("shelf")
    c.count("3 vases", vases, 3)
    c.count("1 shelf", s.of("shelf"), 1)
    c.share("vases on the shelf", [shelf is not None and rests_on(v, shelf) for v in vases])
    heights = [height(v) for v in vases]
    c.need("distinct heights", len(set(round(h, 3) for h in heights)) == len(heights) >= 2)
    if shelf is not None and len(vases) >= 2:
        # sorted along the shelf: heights monotone along its long axis
        along = sorted(vases, key=lambda v: (x(v) - x(shelf)) * math.cos(yaw(shelf))
                       + (y(v) - y(shelf)) * math.sin(yaw(shelf)))
        hs = [height(v) for v in along]
        c.need("sorted by height along the shelf", hs == sorted(hs) or hs == sorted(hs, reverse=True))
    else:
        c.need("sorted by height along the shelf", False)
    return c


def score_i31(s: Scene) -> Card:
    """40 boxes in a 5 by 8 grid, 12 barrels in a row along the east wall, a stack of four crates
    in the northwest corner."""
    c, boxes, barrels = Card(), s.of("box"), s.of("barrel")
    crates = sorted(s.of("crate"), key=lambda o: o["location"][2])
    c.count("40 boxes", boxes, 40)
    c.count("12 barrels", barrels, 12)
    c.count("4 crates", crates, 4)
    error = grid_error(boxes, 5, 8)
    c.need("boxes in a 5x8 grid", error <= 0.2, 1.0 - min(error, 1.0))
    c.need("barrels in a row", len(barrels) >= 3 and is_row(barrels))
    c.share("barrels along east wall", [near_wall(b, "east", s.bounds, 0.15) for b in barrels])
    c.share("crates stacked", [rests_on(a, b) for b, a in zip(crates, crates[1:])] or [False])
    c.need("stack in NW corner", bool(crates) and in_corner(crates[0], s.bounds)
           and corner_of(crates[0], s.bounds) == "nw")
    return c
