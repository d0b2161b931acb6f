"""The benchmark's reading of 'chairs around a table': a ring, or seats close along the sides."""
from __future__ import annotations

import math

from setdresser.tests.benchmark.kit import seated_around


def _obj(cx: float, cy: float, w: float, d: float, yaw: float = 0.0) -> dict:
    turned = abs(math.sin(yaw)) > 0.5
    hx, hy = (d / 2, w / 2) if turned else (w / 2, d / 2)
    return {"location": [cx, cy, 0.0], "rotation_euler": [0.0, 0.0, yaw], "dimensions": [w, d, 0.9],
            "bbox_min": [cx - hx, cy - hy, 0.0], "bbox_max": [cx + hx, cy + hy, 0.9]}


def _facing(cx: float, cy: float, tx: float, ty: float) -> dict:
    yaw = math.atan2(tx - cx, -(ty - cy))  # front(yaw) = (sin, -cos) points at the table
    return _obj(cx, cy, 0.45, 0.5, yaw)


def test_rows_along_a_long_table_count_as_around() -> None:
    table = _obj(0, 0, 2.4, 0.9)
    seats = [_facing(px, py, px, 0.0) for px in (-0.7, 0.7) for py in (-0.75, 0.75)]
    assert seated_around(seats, table)


def test_seats_far_away_or_turned_away_are_not_around() -> None:
    table = _obj(0, 0, 2.4, 0.9)
    # three seats close, one far off: neither a ring nor seats at the table
    far = [_facing(-0.7, -0.75, -0.7, 0.0), _facing(0.7, -0.75, 0.7, 0.0), _facing(-0.7, 0.75, -0.7, 0.0),
           _facing(0.7, 2.5, 0.7, 0.0)]
    assert not seated_around(far, table)
    one_side = [_facing(px, -0.75, px, 0.0) for px in (-0.9, -0.3, 0.3, 0.9)]
    assert not seated_around(one_side, table)
    # seats at the table on two sides (not a ring), but one turned away from it
    away = [_facing(-0.9, -0.75, -0.9, 0.0), _facing(-0.3, -0.75, -0.3, 0.0), _facing(0.5, 0.75, 0.5, 5.0)]
    assert seated_around(away[:2] + [_facing(0.5, 0.75, 0.5, 0.0)], table)
    assert not seated_around(away, table)
