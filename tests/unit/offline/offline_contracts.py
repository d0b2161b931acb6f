"""CONTRACTS.md §5 written out for the offline tests: relation name -> (min args, max args
or None for variadic, allowed params). The planner may emit nothing outside this table.
(``around`` is "objs..., center" with at least two objects, as the registry requires.)"""

CONTRACT_RELATIONS: dict[str, tuple[int, int | None, frozenset[str]]] = {
    "on_top_of": (2, 2, frozenset({"surface"})),  # a named surface (contracts v2): "the second shelf"
    "stacked": (2, None, frozenset()),
    "under": (2, 2, frozenset({"tucked", "trunk"})),  # under v4 (a seat tucked in), v5 (a trunk kept clear)
    "above": (2, 2, frozenset({"min_gap"})),
    "inside": (2, 2, frozenset()),
    "proximity": (2, 2, frozenset({"min_distance", "max_distance"})),
    "far_from": (2, 2, frozenset({"min_distance"})),
    "facing": (2, 2, frozenset({"tolerance_deg"})),
    "facing_direction": (1, 1, frozenset({"direction", "tolerance_deg"})),  # issue 14
    "in_front_of": (2, 2, frozenset({"max_distance", "frame", "cone_deg"})),
    "behind": (2, 2, frozenset({"max_distance", "frame", "cone_deg"})),
    "left_of": (2, 2, frozenset({"max_distance", "frame", "cone_deg", "lateral_margin"})),
    "right_of": (2, 2, frozenset({"max_distance", "frame", "cone_deg", "lateral_margin"})),
    "between": (3, 3, frozenset({"tolerance", "end_margin"})),  # between v3 (docs/contracts.md)
    "alignment": (2, None, frozenset({"axis", "anchor"})),
    "parallel": (2, 2, frozenset({"tolerance_deg"})),
    "perpendicular": (2, 2, frozenset({"tolerance_deg"})),
    "symmetric": (3, 3, frozenset({"axis"})),
    "row": (2, None, frozenset({"spacing"})),
    "grid": (2, None, frozenset({"rows", "cols", "spacing"})),
    "around": (3, None, frozenset({"radius", "facing", "arc_deg"})),  # arc_deg: issue 14 shapes (around v3)
    "hierarchy": (2, None, frozenset({"key", "order"})),
    "scaling": (2, 2, frozenset({"ratio"})),
    "overlap": (2, 2, frozenset({"min_fraction"})),
    "against_wall": (1, 1, frozenset({"wall", "max_gap"})),  # max_gap: room for a chair behind (against_wall v3)
    "in_corner": (1, 1, frozenset({"corner", "max_gap"})),
    "centered": (1, 1, frozenset({"axis"})),
}
WALLS = {"any", "north", "south", "east", "west"}
CORNERS = {"any", "ne", "nw", "se", "sw"}
# contracts v2 (issue 13): relations to the room's architecture; an opening id is the last argument
CONTRACT_RELATIONS.update({
    "on_wall": (1, 1, frozenset({"wall", "height", "tolerance"})),
    "under_window": (2, 2, frozenset({"max_distance"})),
    "next_to_door": (2, 2, frozenset({"max_distance"})),
    "facing_door": (2, 2, frozenset({"tolerance_deg"})),
    "clear": (1, None, frozenset({"depth"})),
    # issue 17: quantified relations
    "none_of": (2, None, frozenset({"relation", "relation_params"})),
    "count_of": (2, None, frozenset({"relation", "relation_params", "count", "mode"})),
    "closer_than": (3, 3, frozenset({"margin"})),
    "larger_than": (2, 2, frozenset({"measure", "ratio"})),
    "nearest": (3, None, frozenset({"margin"})),
    "farthest": (3, None, frozenset({"margin"})),
    # issue 14: shapes of groups (docs/contracts.md "Shapes of groups")
    "circular": (3, None, frozenset({"arc_deg", "facing", "radius"})),
    "ends_meet": (2, 2, frozenset({"max_gap", "end_fraction", "inward"})),
    # issue 14 session 7: things at an end of a long thing (docs/contracts.md "at_end")
    "at_end": (2, 2, frozenset({"end"})),
})
