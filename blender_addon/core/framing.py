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


# Candidate views for the main camera: 8 azimuths 45 deg apart, starting at the default.
VIEW_CANDIDATES = 8
# Another view replaces the default only when it shows this much more front area: otherwise
# scenes without a clear front (a stack of boxes, a campsite) keep the familiar south view.
VIEW_SWITCH_GAIN = 1.25


@dataclass(frozen=True)
class Facing:
    """What the camera choice needs of an object: its yaw and its front face's area (m^2)."""

    yaw: float
    front_area: float


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
    forward, right, up = camera_axes(azimuth_deg, elevation_deg)
    fit = _FrameFit(rel=pts - centre, forward=forward, right=right, up=up,
                    tan_h=math.tan(h_fov / 2.0) / margin, tan_v=math.tan(v_fov / 2.0) / margin)
    distance = fit.smallest_distance()
    shift_right, shift_up = fit.shift(distance)
    location = centre - forward * distance + right * shift_right + up * shift_up
    target = location + forward * distance
    return CameraPose(location=tuple(float(v) for v in location),  # type: ignore[arg-type]
                      target=tuple(float(v) for v in target))  # type: ignore[arg-type]


def camera_axes(azimuth_deg: float, elevation_deg: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Forward, right and up unit vectors of a camera with world-up +Z."""
    forward = view_direction(azimuth_deg, elevation_deg)
    right = np.cross(forward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    return forward, right, np.cross(right, forward)


@dataclass(frozen=True)
class _FrameFit:
    """The framing inequalities of :func:`frame_points` for points relative to their centre."""

    rel: np.ndarray
    forward: np.ndarray
    right: np.ndarray
    up: np.ndarray
    tan_h: float
    tan_v: float

    def window(self, distance: float, axis: np.ndarray, tan_half: float) -> tuple[float, float]:
        """Feasible range of the camera's sideways offset along ``axis`` at ``distance``."""
        reach = tan_half * (distance + self.rel @ self.forward)
        offsets = self.rel @ axis
        return float((offsets - reach).max()), float((offsets + reach).min())

    def fits(self, distance: float) -> bool:
        """Whether some sideways shift shows every point from ``distance``."""
        lo_a, hi_a = self.window(distance, self.right, self.tan_h)
        lo_b, hi_b = self.window(distance, self.up, self.tan_v)
        return lo_a <= hi_a and lo_b <= hi_b

    def smallest_distance(self) -> float:
        """Bisection for the least distance that fits (never behind the nearest point)."""
        near = max(float((-(self.rel @ self.forward)).max()) + 0.1, 0.5)
        if self.fits(near):
            return near
        low, high = near, near + 1.0
        while not self.fits(high):
            low, high = high, near + (high - near) * 2.0
        for _ in range(50):  # halves the bracket to far below a millimetre
            mid = (low + high) / 2.0
            low, high = (low, mid) if self.fits(mid) else (mid, high)
        return high

    def shift(self, distance: float) -> tuple[float, float]:
        """The sideways offsets centring the points in the frame at ``distance``."""
        return (sum(self.window(distance, self.right, self.tan_h)) / 2.0,
                sum(self.window(distance, self.up, self.tan_v)) / 2.0)


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


def candidate_azimuths(count: int = VIEW_CANDIDATES, start: float = DEFAULT_AZIMUTH_DEG) -> list[float]:
    """``count`` camera azimuths (degrees, in [0, 360)) evenly around the scene from ``start``."""
    return [float((start + k * 360.0 / count) % 360.0) for k in range(count)]


def far_sides(azimuth_deg: float) -> tuple[bool, bool]:
    """Which room sides a camera at this azimuth looks toward, as (north?, west?): the walls
    belong there, on the sides away from the camera, so none stands between it and the scene.
    Azimuth 0 is due south, 90 due east (:func:`view_direction`)."""
    az = math.radians(azimuth_deg)
    return math.cos(az) >= 0.0, math.sin(az) >= 0.0


def front_score(facings: Sequence[Facing], azimuth_deg: float) -> float:
    """How much front the view from ``azimuth_deg`` shows: sum of front_area * max(0, front . to_camera),
    front(yaw) = (sin yaw, -cos yaw) (CONTRACTS §1), to_camera = the horizontal direction to the camera."""
    az = math.radians(azimuth_deg)
    to_camera = np.array([math.sin(az), -math.cos(az)])
    total = 0.0
    for facing in facings:
        front = np.array([math.sin(facing.yaw), -math.cos(facing.yaw)])
        total += max(0.0, float(front @ to_camera)) * max(facing.front_area, 0.0)
    return total


def choose_azimuth(facings: Sequence[Facing], *, candidates: Sequence[float] | None = None) -> float:
    """The camera azimuth (degrees) that best shows the objects' fronts.

    The default view (the first candidate) is kept unless another one scores more than
    :data:`VIEW_SWITCH_GAIN` times as much. Deterministic: ties keep the earlier candidate.
    """
    pool = list(candidates) if candidates is not None else candidate_azimuths()
    if not pool:
        raise ValueError("no candidate views")
    default = pool[0]
    best = max(pool, key=lambda az: (front_score(facings, az), -pool.index(az)))
    if front_score(facings, best) > VIEW_SWITCH_GAIN * front_score(facings, default) + 1e-9:
        return best
    return default
