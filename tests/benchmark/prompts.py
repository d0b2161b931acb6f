"""The public benchmark: prompts, each with its own hand-written scoring function.

Like SceneCraft's annotated queries (Appendix D), every prompt has a function written for
that prompt alone (``scorers/``), over the layout's objects by category; it returns at most
1, and exactly 1 only when every requirement of the prompt strictly holds. ``relations``
lists the CONTRACTS §5 relations the prompt asks for (the coverage test checks the whole
vocabulary is used); ``objects`` is how many objects the prompt describes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .kit import Card, Scene
from .scorers import outdoor, rooms_a, rooms_b


@dataclass(frozen=True)
class BenchmarkCase:
    """One benchmark prompt and its scorer."""

    id: str
    prompt: str
    setting: str  # "indoor" or "outdoor"
    objects: int
    relations: tuple[str, ...]
    scorer: Callable[[Scene], Card]

    def card(self, layout: dict[str, Any]) -> Card:
        """The scored terms of a layout.json document."""
        return self.scorer(Scene(layout))

    def score(self, layout: dict[str, Any]) -> float:
        return self.card(layout).score()


def _case(cid: str, setting: str, objects: int, relations: str, prompt: str, module: Any) -> BenchmarkCase:
    return BenchmarkCase(id=cid, prompt=prompt, setting=setting, objects=objects, relations=tuple(relations.split()),
                         scorer=getattr(module, f"score_{cid}"))


CASES: tuple[BenchmarkCase, ...] = (
    _case("i01", "indoor", 3, "on_top_of in_front_of facing",
          "A lamp on a desk and a chair in front of the desk, facing it.", rooms_a),
    _case("i02", "indoor", 5, "against_wall left_of right_of on_top_of",
          "A bedroom with a double bed against the north wall, a nightstand on each side and a lamp on each "
          "nightstand.", rooms_a),
    _case("i03", "indoor", 5, "against_wall in_front_of on_top_of facing proximity",
          "A cozy living room: a sofa against the west wall, a coffee table in front of it, a TV on a TV stand "
          "facing the sofa, and a floor lamp next to the sofa.", rooms_a),
    _case("i04", "indoor", 5, "against_wall in_front_of facing on_top_of in_corner",
          "An office with a desk against the north wall, an office chair at the desk, a monitor and a keyboard on "
          "the desk, and a bookshelf in the northeast corner.", rooms_a),
    _case("i05", "indoor", 14, "against_wall in_front_of grid facing",
          "A classroom with a whiteboard against the north wall, a teacher's desk in front of the whiteboard and "
          "twelve student desks arranged in a 3 by 4 grid facing the whiteboard.", rooms_a),
    _case("i06", "indoor", 10, "centered around on_top_of",
          "A dining room with a dining table in the middle of the room and eight chairs around it. A vase on the "
          "table.", rooms_a),
    _case("i07", "indoor", 6, "against_wall in_front_of facing proximity on_top_of",
          "A kitchen with a counter along the east wall, three stools at the counter, a fridge next to the counter "
          "and a bowl of fruit on the counter.", rooms_a),
    _case("i08", "indoor", 4, "centered on_top_of in_front_of facing behind",
          "A home office: a desk in the middle, a laptop on the desk, an office chair in front of the desk facing "
          "it and a bookshelf behind the desk.", rooms_a),
    _case("i09", "indoor", 12, "centered around against_wall facing",
          "A meeting room with a long table in the middle and ten chairs around it, and a TV against the north "
          "wall facing the table.", rooms_a),
    _case("i10", "indoor", 15, "row against_wall centered around on_top_of",
          "A library with three bookshelves in a row against the west wall, two tables in the middle, four chairs "
          "around each table and a lamp on each table.", rooms_a),
    _case("i11", "indoor", 8, "row against_wall in_front_of above",
          "A waiting room with six chairs in a row against the west wall, a coffee table in front of the chairs "
          "and a clock above the coffee table.", rooms_a),
    _case("i12", "indoor", 3, "against_wall above",
          "A bathroom with a bathtub against the east wall, a sink against the north wall and a mirror above the "
          "sink.", rooms_a),
    _case("i13", "indoor", 3, "against_wall centered overlap",
          "A nursery with a crib against the north wall, a rug in the middle and a teddy bear on the rug.", rooms_a),
    _case("i14", "indoor", 19, "grid in_front_of facing against_wall",
          "A cafe with six round tables in a 2 by 3 grid, two chairs at each table and a counter against the east "
          "wall.", rooms_a),
    _case("i15", "indoor", 56, "against_wall on_top_of grid facing left_of right_of in_corner",
          "An auditorium with a stage against the north wall, a podium on the stage, 48 theater seats in a 6 by 8 "
          "grid facing the stage, a floor lamp on each side of the stage and a potted plant in each corner.",
          rooms_a),
    _case("i16", "indoor", 4, "symmetric in_front_of",
          "Two armchairs placed symmetrically about a fireplace, with a rug in front of the fireplace.", rooms_b),
    _case("i17", "indoor", 3, "against_wall on_top_of perpendicular proximity",
          "A desk against the north wall with a lamp on it, and a bookshelf perpendicular to the desk next to it.",
          rooms_b),
    _case("i18", "indoor", 3, "parallel between",
          "A sofa and a bench parallel to the sofa, with a coffee table between them.", rooms_b),
    _case("i19", "indoor", 4, "against_wall above inside proximity",
          "A bookshelf against the west wall with a vase above it, and a ball inside a box near the bookshelf.",
          rooms_b),
    _case("i20", "indoor", 4, "in_corner against_wall on_top_of alignment",
          "A wardrobe in the southwest corner, a dresser against the south wall with a mirror on it, and a bed "
          "aligned with the dresser.", rooms_b),
    _case("i21", "indoor", 4, "in_corner", "A potted plant in each corner of the room.", rooms_b),
    _case("i22", "indoor", 4, "left_of right_of above",
          "A sofa flanked by two floor lamps, with a painting above it.", rooms_b),
    _case("i23", "indoor", 3, "facing between",
          "Two armchairs facing each other with a small round table between them.", rooms_b),
    _case("i24", "indoor", 4, "centered overlap facing",
          "A rug in the middle of the room with a coffee table on it, and a pair of armchairs facing the coffee "
          "table.", rooms_b),
    _case("i25", "indoor", 6, "around under",
          "A round table with four stools around it and a cat under the table.", rooms_b),
    _case("i26", "indoor", 3, "scaling on_top_of",
          "A small cabinet, a tall cabinet twice as tall as the small one, and a vase on the small cabinet.",
          rooms_b),
    _case("i27", "indoor", 4, "row against_wall", "Four barrels lined up along the south wall.", rooms_b),
    _case("i28", "indoor", 5, "stacked hierarchy in_corner",
          "A stack of five wooden crates in the corner, largest at the bottom.", rooms_b),
    _case("i29", "indoor", 4, "stacked hierarchy on_top_of",
          "Three books stacked on the coffee table, smallest on top.", rooms_b),
    _case("i30", "indoor", 4, "on_top_of hierarchy row",
          "Three vases on the shelf sorted by height.", rooms_b),
    _case("i31", "indoor", 56, "grid row against_wall stacked in_corner",
          "A storage hall with 40 boxes in a 5 by 8 grid, 12 barrels in a row along the east wall and a stack of "
          "four crates in the northwest corner.", rooms_b),
    _case("o01", "outdoor", 8, "centered around proximity on_top_of",
          "A campsite with a campfire in the middle, four logs around the campfire, two tents near the campfire and "
          "a lantern on one of the logs.", outdoor),
    _case("o02", "outdoor", 8, "row against_wall in_front_of",
          "A row of four houses along the north side and a street lamp in front of each house.", outdoor),
    _case("o03", "outdoor", 6, "under centered around",
          "A garden with a bench under a tree, a fountain in the middle and three bushes around the fountain.",
          outdoor),
    _case("o04", "outdoor", 3, "far_from behind", "A tent far from the campfire, and a tree behind the tent.",
          outdoor),
    _case("o05", "outdoor", 5, "under on_top_of left_of right_of",
          "A picnic table under a tree, with a basket on it and a bench on each side of it.", outdoor),
    _case("o06", "outdoor", 4, "overlap proximity behind",
          "A parked car on the road next to a mailbox, a house behind the mailbox.", outdoor),
    _case("o07", "outdoor", 24, "grid in_corner",
          "A parking lot with twenty cars in a 4 by 5 grid and a street lamp in each corner.", outdoor),
    _case("o08", "outdoor", 13, "centered around facing row against_wall proximity",
          "A park with a fountain in the middle, four park benches around the fountain facing it, four trees in a "
          "row along the north side and a trash can next to each bench.", outdoor),
    _case("o09", "outdoor", 7, "proximity around behind",
          "A backyard with a grill next to a picnic table, four chairs around the picnic table and a tree behind "
          "the grill.", outdoor),
    _case("o10", "outdoor", 17, "centered around behind",
          "A village square with a fountain in the middle surrounded by eight benches, and a tree behind each "
          "bench.", outdoor),
    _case("o11", "outdoor", 7, "against_wall row in_front_of far_from",
          "A yard with a fence along the north side, five barrels in a row in front of the fence and a tree far "
          "from the fence.", outdoor),
    _case("o12", "outdoor", 5, "between in_front_of proximity",
          "A forest with a tent between two trees, a campfire in front of the tent and a log next to the "
          "campfire.", outdoor),
    _case("o13", "outdoor", 20, "centered row against_wall overlap in_front_of",
          "A road in the middle, a row of six houses along the north side, a row of six trees along the south "
          "side, a car on the road and a street lamp in front of each house.", outdoor),
    _case("a01", "indoor", 3, "left_of right_of",
          "Place a red cube to the left of a blue sphere and a green cone to the right of it.", outdoor),
    _case("a02", "indoor", 6, "row", "Six chairs in a row, evenly spaced.", outdoor),
    _case("a03", "indoor", 12, "grid", "Twelve boxes in a 3x4 grid.", outdoor),
    _case("a04", "indoor", 10, "around", "Two tables, each with four chairs around it.", outdoor),
    _case("a05", "indoor", 4, "facing left_of right_of",
          "A couch facing a TV, with 2 speakers on either side of the TV.", outdoor),
)


def case(case_id: str) -> BenchmarkCase:
    """The case with this id (KeyError naming it otherwise)."""
    for item in CASES:
        if item.id == case_id:
            return item
    raise KeyError(f"no benchmark case {case_id!r}")
