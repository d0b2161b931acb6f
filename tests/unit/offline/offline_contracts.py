"""CONTRACTS.md §5 written out for the offline tests: relation name -> (min args, max args
or None for variadic, allowed params). The planner may emit nothing outside this table.
(``around`` is "objs..., center" with at least two objects, as the registry requires.)"""

CONTRACT_RELATIONS: dict[str, tuple[int, int | None, frozenset[str]]] = {
    "on_top_of": (2, 2, frozenset()),
    "stacked": (2, None, frozenset()),
    "under": (2, 2, frozenset()),
    "above": (2, 2, frozenset({"min_gap"})),
    "inside": (2, 2, frozenset()),
    "proximity": (2, 2, frozenset({"min_distance", "max_distance"})),
    "far_from": (2, 2, frozenset({"min_distance"})),
    "facing": (2, 2, frozenset({"tolerance_deg"})),
    "facing_direction": (1, 1, frozenset({"direction", "tolerance_deg"})),  # issue 14
    "in_front_of": (2, 2, frozenset({"max_distance", "frame"})),
    "behind": (2, 2, frozenset({"max_distance", "frame"})),
    "left_of": (2, 2, frozenset({"max_distance", "frame"})),
    "right_of": (2, 2, frozenset({"max_distance", "frame"})),
    "between": (3, 3, frozenset({"tolerance"})),
    "alignment": (2, None, frozenset({"axis", "anchor"})),
    "parallel": (2, 2, frozenset({"tolerance_deg"})),
    "perpendicular": (2, 2, frozenset({"tolerance_deg"})),
    "symmetric": (3, 3, frozenset({"axis"})),
    "row": (2, None, frozenset({"spacing"})),
    "grid": (2, None, frozenset({"rows", "cols", "spacing"})),
    "around": (3, None, frozenset({"radius", "facing"})),
    "hierarchy": (2, None, frozenset({"key", "order"})),
    "scaling": (2, 2, frozenset({"ratio"})),
    "overlap": (2, 2, frozenset({"min_fraction"})),
    "against_wall": (1, 1, frozenset({"wall"})),
    "in_corner": (1, 1, frozenset({"corner"})),
    "centered": (1, 1, frozenset({"axis"})),
}
WALLS = {"any", "north", "south", "east", "west"}
CORNERS = {"any", "ne", "nw", "se", "sw"}
