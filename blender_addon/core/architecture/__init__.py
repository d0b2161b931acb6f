"""Architecture as scene elements (issue 13): the room (walls, floor, ceiling, openings, paths),
its geometry in world space, and the fixed pseudo-objects relations can name (``north_wall``,
``door_1``) which the solver never moves."""
