"""on_top_of v3: on a named surface with a region (a shelf inside its case, a seat between the
arms) a's whole footprint must lie on the region; the box top keeps the centre rule."""

from __future__ import annotations

import numpy as np

from setdresser.skill_library.base import Poses
from setdresser.skill_library.builtin import on_top_of

SHELF = {"surface": "shelf_2", "level": 0.22333, "region_x0": -0.48, "region_y0": -0.5016,
         "region_x1": 0.48, "region_y1": 0.4667}  # a 1.0 x 0.315 bookcase: side panels, back panel


def _poses(book_x: float) -> Poses:
    pos = np.array([[[book_x, 0.0, 0.402], [0.0, 0.0, 0.0]]])
    size = np.array([[[0.16, 0.24, 0.04], [1.0, 0.315, 1.8]]])
    return Poses(pos=pos, yaw=np.zeros((1, 2)), size=size)


def test_a_book_inside_the_case_holds_and_one_into_the_side_panel_does_not() -> None:
    inside, into_panel = _poses(0.3), _poses(0.45)  # 0.45 + 0.08 reaches past the inner side at 0.48
    assert on_top_of.check(inside, (0, 1), SHELF)[0]
    assert not on_top_of.check(into_panel, (0, 1), SHELF)[0]
    assert on_top_of.score(inside, (0, 1), SHELF)[0] > on_top_of.score(into_panel, (0, 1), SHELF)[0]


def test_without_a_region_the_centre_rule_stays() -> None:
    params = {"surface": "shelf_2", "level": 0.22333}
    assert on_top_of.check(_poses(0.45), (0, 1), params)[0]  # the centre is over the footprint
