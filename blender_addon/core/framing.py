"""Camera framing as pure geometry: where to put a perspective camera so a set of boxes
fills the frame, and an orthographic top-down view over them.

The Blender shell (``bl/camera.py``) only turns these numbers into camera objects, so the
maths is unit-tested without Blender. Conventions: Z up, cameras look along their local -Z
with local +Y up (Blender).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .model import Vec3

# 3/4 view from the south: the camera stands south and a little east of the scene, looking
# north-west and down. 25 deg off due south shows two sides of a box facing the viewer
# (front = -Y) without hiding the front; 30 deg of elevation shows table tops and the floor.
DEFAULT_AZIMUTH_DEG = 25.0
DEFAULT_ELEVATION_DEG = 30.0
# Margin on the tight fit so objects do not touch the image border (1.08 = 4 % each side).
DEFAULT_MARGIN = 1.08


@dataclass(frozen=True)
class CameraPose:
    """A camera position and the point it looks at (up = world +Z)."""

    location: Vec3
    target: Vec3


@dataclass(frozen=True)
class OrthoView:
    """A top-down orthographic view: camera location and ``ortho_scale`` (width of the view)."""

    location: Vec3
    ortho_scale: float


def box_corners(bbox_min: Sequence[float], bbox_max: Sequence[float]) -> np.ndarray:
    """The 8 corners ``[8, 3]`` of an axis-aligned box."""
    lo, hi = np.asarray(bbox_min, float), np.asarray(bbox_max, float)
    idx = np.array([[i >> 2 & 1, i >> 1 & 1, i & 1] for i in range(8)], dtype=float)
    return lo + idx * (hi - lo)


def field_of_view(lens_angle: float, width: int, height: int) -> tuple[float, float]:
    """Horizontal and vertical FOV (radians) of a camera whose ``angle`` spans the larger side.

    Blender's default sensor fit (AUTO) applies the lens angle to the wider image side.
    """
    if width <= 0 or height <= 0:
        raise ValueError(f"image size must be positive, got {width}x{height}")
    half = math.tan(lens_angle / 2.0)
    if width >= height:
        return lens_angle, 2.0 * math.atan(half * height / width)
    return 2.0 * math.atan(half * width / height), lens_angle


def view_direction(azimuth_deg: float, elevation_deg: float) -> np.ndarray:
    """Unit vector from the camera toward the target; azimuth 0 = camera due south (looks +Y)."""
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    # camera offset from the target: south (−Y), rotated toward east (+X) by the azimuth
    offset = np.array([math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)])
    return -offset / np.linalg.norm(offset)


def frame_points(points: np.ndarray, h_fov: float, v_fov: float, *,
                 azimuth_deg: float = DEFAULT_AZIMUTH_DEG, elevation_deg: float = DEFAULT_ELEVATION_DEG,
                 margin: float = DEFAULT_MARGIN) -> CameraPose:
    """The closest camera looking along the given direction that sees every point.

    With the orientation fixed, a camera at ``c - D*forward + a*right + b*up`` sees point i
    inside the frame iff ``|r_i - a| <= tan(h/2) (D + f_i)`` and ``|u_i - b| <= tan(v/2) (D + f_i)``
    (r, u, f: the point's offsets from the centre along right, up, forward). For a given D
    the feasible a and b are intervals that widen with D, so the smallest D is found by
    bisection and the camera shifts sideways to the middle of the intervals: the picture is
    filled, not just centred on the boxes' centre (which wastes a third of the frame).
    """
    pts = np.asarray(points, float).reshape(-1, 3)
    if pts.size == 0:
        raise ValueError("nothing to frame: no points")
    centre = (pts.min(axis=0) + pts.max(axis=0)) / 2.0
    forward = view_direction(azimuth_deg, elevation_deg)
    right = np.cross(forward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    rel = pts - centre
    along, lateral, vertical = rel @ forward, rel @ right, rel @ up
    tan_h, tan_v = math.tan(h_fov / 2.0) / margin, math.tan(v_fov / 2.0) / margin
    near = max(float((-along).max()) + 0.1, 0.5)  # nothing behind the lens

    def window(distance: float, offsets: np.ndarray, tan_half: float) -> tuple[float, float]:
        reach = tan_half * (distance + along)
        return float((offsets - reach).max()), float((offsets + reach).min())

    def fits(distance: float) -> bool:
        lo_a, hi_a = window(distance, lateral, tan_h)
        lo_b, hi_b = window(distance, vertical, tan_v)
        return lo_a <= hi_a and lo_b <= hi_b

    low, high = near, near + 1.0
    while not fits(high):
        high = near + (high - near) * 2.0
    if fits(low):
        high = low
    for _ in range(50):  # bisection to ~1e-15 of the bracket
        mid = (low + high) / 2.0
        low, high = (low, mid) if fits(mid) else (mid, high)
    distance = high
    shift_a, shift_b = (sum(window(distance, lateral, tan_h)) / 2.0, sum(window(distance, vertical, tan_v)) / 2.0)
    location = centre - forward * distance + right * shift_a + up * shift_b
    target = location + forward * distance
    return CameraPose(location=tuple(float(v) for v in location),  # type: ignore[arg-type]
                      target=tuple(float(v) for v in target))  # type: ignore[arg-type]


def top_down_view(points: np.ndarray, width: int, height: int, *, margin: float = 1.1) -> OrthoView:
    """An orthographic camera straight above the points' box, covering it with a margin."""
    pts = np.asarray(points, float).reshape(-1, 3)
    if pts.size == 0:
        raise ValueError("nothing to frame: no points")
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span_x, span_y = float(hi[0] - lo[0]), float(hi[1] - lo[1])
    aspect = width / height
    # ortho_scale spans the wider image side; fit both spans into it
    scale = max(span_x, span_y * aspect) if width >= height else max(span_x / aspect, span_y)
    centre = (lo + hi) / 2.0
    location = (float(centre[0]), float(centre[1]), float(hi[2]) + 10.0)
    return OrthoView(location=location, ortho_scale=max(scale * margin, 0.5))


def spread_labels(centres: Sequence[tuple[float, float]], widths: Sequence[float], height: float,
                  max_steps: int = 8) -> list[tuple[float, float]]:
    """Positions for text labels near ``centres`` that do not overlap each other.

    Labels are placed in order; one that would overlap an earlier label moves south
    (image down in the top view) by a line height until it is free (at most ``max_steps``
    lines), so a lamp's id does not print over its desk's id.
    """
    placed: list[tuple[float, float, float]] = []  # x, y, half width
    out: list[tuple[float, float]] = []
    for (x, y), width in zip(centres, widths):
        half = width / 2.0
        for _ in range(max_steps):
            clash = any(abs(x - px) < half + ph and abs(y - py) < height for px, py, ph in placed)
            if not clash:
                break
            y -= height * 1.1
        placed.append((x, y, half))
        out.append((x, y))
    return out
