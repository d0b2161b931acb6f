"""Whether the prompt's subjects are seen in the review images: pure geometry, no bpy.

The Blender shell records the camera of each view it renders (:class:`ViewCamera`: position,
axes, field of view or orthographic size, and the walls standing in that view, cut for it as
the render cuts them). Each subject's oriented box is sampled at :data:`GRID` x :data:`GRID` x
:data:`GRID` points (a box :data:`SHRINK` its size, off its faces); a point counts as seen when it
projects inside the image, in front of the camera, and the segment from the camera to it crosses
no other object's occluding boxes and no wall's box (a box holding the point itself, a sofa around
its sitter, is no occluder). An object occludes with its whole oriented box unless the object
knowledge base gives its category a sight shape: an open-frame table or desk hides with its top
slab only, a chair with its seat and back (:func:`occluders`), so a chair under a table is seen
between the legs. A subject is *seen* in a view when at least :data:`SEEN_FRACTION` of
its points are and its box spans at least :data:`MIN_SPAN` of the image's width or height (a person
at the far end of a 40 m village is a speck, not a subject in the picture).

The round's verdict (``unseen``) reads the perspective views only (:data:`PERSPECTIVE`): the top
view shows every object's label from above by design, and issue 15's failure was the subject
missing from the pictures. Deterministic: fixed samples, no randomness.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from .knowledge.objects import load_knowledge
from .model import PlacedObject, Program
from .viewpoints import named_subjects, segment_hits

GRID = 3  # samples per box axis: 27 points
SHRINK = 0.8
SEEN_FRACTION = 0.25
MIN_SPAN = 0.03
PERSPECTIVE = ("final", "second")

Aabb = tuple[tuple[float, float, float], tuple[float, float, float]]


@dataclass(frozen=True)
class ViewCamera:
    """One view's camera as rendered: ``forward``/``up`` unit vectors (world), the horizontal and
    vertical field of view (radians) of a perspective camera, or ``ortho`` = (width, height) in
    metres of an orthographic one; ``walls``: the wall boxes standing in this view."""

    view: str
    location: tuple[float, float, float]
    forward: tuple[float, float, float]
    up: tuple[float, float, float]
    h_fov: float = 0.0
    v_fov: float = 0.0
    ortho: tuple[float, float] | None = None
    walls: tuple[Aabb, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The report.json form (angles in degrees, lengths rounded to the millimetre)."""
        out: dict[str, Any] = {"location": _r(self.location), "forward": _r(self.forward, 4), "up": _r(self.up, 4)}
        if self.ortho is not None:
            out["ortho_size"] = _r(self.ortho)
        else:
            out["fov_deg"] = [round(math.degrees(self.h_fov), 3), round(math.degrees(self.v_fov), 3)]
        out["walls"] = [[_r(lo), _r(hi)] for lo, hi in self.walls]
        return out


def _r(values: Sequence[float], digits: int = 3) -> list[float]:
    return [round(float(v), digits) for v in values]


@dataclass(frozen=True)
class Obb:
    """An object's oriented box: centre, half sizes along its local axes, yaw (radians)."""

    centre: np.ndarray
    half: np.ndarray
    yaw: float

    @classmethod
    def of(cls, obj: PlacedObject) -> "Obb":
        """The box of a placed object (origin = bottom centre, CONTRACTS §1)."""
        half = np.asarray(obj.dimensions, float) / 2.0
        centre = np.asarray(obj.location, float) + np.array([0.0, 0.0, half[2]])
        return cls(centre, half, float(obj.rotation_euler[2]))

    @classmethod
    def aabb(cls, box: Aabb) -> "Obb":
        lo, hi = np.asarray(box[0], float), np.asarray(box[1], float)
        return cls((lo + hi) / 2.0, (hi - lo) / 2.0, 0.0)

    def samples(self) -> np.ndarray:
        """[GRID^3, 3] world points inside the box."""
        ticks = np.linspace(-1.0, 1.0, GRID) * SHRINK
        local = np.array([[x, y, z] for x in ticks for y in ticks for z in ticks]) * self.half
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        world = np.stack([c * local[:, 0] - s * local[:, 1], s * local[:, 0] + c * local[:, 1], local[:, 2]], axis=1)
        return world + self.centre

    def corners(self) -> np.ndarray:
        signs = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float)
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        local = signs * self.half
        return np.stack([c * local[:, 0] - s * local[:, 1], s * local[:, 0] + c * local[:, 1], local[:, 2]],
                        axis=1) + self.centre


def project(camera: ViewCamera, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Image coordinates ([P, 2], -1..1 across the frame) and depth ([P], along ``forward``)."""
    pts = np.asarray(points, float).reshape(-1, 3) - np.asarray(camera.location, float)
    forward, up = np.asarray(camera.forward, float), np.asarray(camera.up, float)
    right = np.cross(forward, up)
    depth, x, y = pts @ forward, pts @ right, pts @ up
    if camera.ortho is not None:
        return np.stack([x / (camera.ortho[0] / 2.0), y / (camera.ortho[1] / 2.0)], axis=1), depth
    with np.errstate(divide="ignore", invalid="ignore"):
        u = x / (np.maximum(depth, 1e-9) * math.tan(camera.h_fov / 2.0))
        v = y / (np.maximum(depth, 1e-9) * math.tan(camera.v_fov / 2.0))
    return np.stack([u, v], axis=1), depth


def _blocked(origins: np.ndarray, points: np.ndarray, boxes: Sequence[Obb]) -> np.ndarray:
    """[P] whether the segment origin -> point crosses any of ``boxes`` (slab test in each box's frame,
    all boxes at once) short of the point; a box that holds the point is no occluder."""
    if not boxes:
        return np.zeros(len(points), dtype=bool)
    centre = np.array([b.centre for b in boxes])[:, None, :]  # [K, 1, 3]
    half = np.array([b.half for b in boxes])[:, None, :]
    yaw = np.array([b.yaw for b in boxes])[:, None]
    c, s = np.cos(yaw), np.sin(yaw)

    def local(world: np.ndarray) -> np.ndarray:  # [P, 3] -> [K, P, 3]
        d = world[None, :, :] - centre
        return np.stack([c * d[..., 0] + s * d[..., 1], -s * d[..., 0] + c * d[..., 1], d[..., 2]], axis=-1)
    return segment_hits(local(origins), local(points), -half, half).any(axis=0)


def seen_fraction(camera: ViewCamera, subject: Obb, occluders: Sequence[Obb]) -> float:
    """The fraction of ``subject``'s sample points the camera sees (0 when its box spans less than
    :data:`MIN_SPAN` of the image)."""
    uv, depth = project(camera, subject.corners())
    span = np.ptp(np.clip(uv, -1.0, 1.0), axis=0) / 2.0
    if not (depth > 0).all() or float(span.max()) < MIN_SPAN:
        return 0.0
    points = subject.samples()
    uv, depth = project(camera, points)
    ok = (depth > 0) & (np.abs(uv) <= 1.0).all(axis=1)
    if camera.ortho is not None:  # parallel rays from above the points
        origins = points - np.asarray(camera.forward, float) * (depth[:, None] + 1.0)
    else:
        origins = np.broadcast_to(np.asarray(camera.location, float), points.shape)
    ok &= ~_blocked(np.asarray(origins, float), points, [*occluders, *(Obb.aabb(w) for w in camera.walls)])
    return float(ok.mean())


def occluders(obj: PlacedObject) -> list[Obb]:
    """The boxes of ``obj`` that hide what lies beyond it: the parts of its knowledge-base sight shape
    (an open-frame table's top slab, a chair's seat and back: objects.json ``sight_shapes``) at its
    size and pose, else its whole box (a wardrobe, a person, an unknown noun)."""
    whole = Obb.of(obj)
    parts = load_knowledge().sight_parts(obj.category)
    if not parts:
        return [whole]
    size = np.asarray(obj.dimensions, float)
    c, s = math.cos(whole.yaw), math.sin(whole.yaw)
    out = []
    for lo, hi in parts:
        low, high = np.asarray(lo, float), np.asarray(hi, float)
        x, y, z = ((low + high) / 2.0 - 0.5) * size  # the part's centre from the box's, in the object's frame
        out.append(Obb(whole.centre + np.array([c * x - s * y, s * x + c * y, z]), (high - low) / 2.0 * size,
                       whole.yaw))
    return out


def occluder_boxes(placed: Sequence[PlacedObject]) -> dict[str, list[Aabb]]:
    """Each object's :func:`occluders` as world axis-aligned boxes (the camera choice's occluders,
    core/viewpoints)."""
    out: dict[str, list[Aabb]] = {}
    for obj in placed:
        boxes = []
        for part in occluders(obj):
            corners = part.corners()
            lo, hi = corners.min(axis=0), corners.max(axis=0)
            boxes.append(((float(lo[0]), float(lo[1]), float(lo[2])), (float(hi[0]), float(hi[1]), float(hi[2]))))
        out[obj.id] = boxes
    return out


def subject_visibility(cameras: Sequence[ViewCamera], placed: Sequence[PlacedObject],
                       subjects: Sequence[str]) -> dict[str, dict[str, float]]:
    """``{subject: {view: fraction seen}}`` for the subjects that were placed; every other placed
    object occludes with its :func:`occluders`."""
    boxes = {o.id: Obb.of(o) for o in placed}
    hiding = {o.id: occluders(o) for o in placed}
    return {sid: {cam.view: round(seen_fraction(cam, boxes[sid], [b for oid, parts in hiding.items() if oid != sid
                                                                  for b in parts]), 3)
                  for cam in cameras}
            for sid in subjects if sid in boxes}


def round_visibility(prompt: str, intent: Program, placed: Sequence[PlacedObject],
                     cameras: Sequence[ViewCamera]) -> dict[str, dict[str, float]]:
    """:func:`subject_visibility` of the plan's objects the prompt names (none when it names none, or
    when no camera was recorded: a driver without Blender)."""
    if not cameras:
        return {}
    return subject_visibility(cameras, placed, named_subjects(prompt, [(o.id, o.category) for o in intent.objects]))


def unseen(visibility: Mapping[str, Mapping[str, float]], views: Sequence[str] = PERSPECTIVE) -> list[str]:
    """The subjects no perspective view shows (below :data:`SEEN_FRACTION` in each one recorded)."""
    return [sid for sid, per_view in visibility.items()
            if any(v in per_view for v in views) and all(per_view.get(v, 0.0) < SEEN_FRACTION for v in views)]


def unseen_text(visibility: Mapping[str, Mapping[str, float]]) -> str:
    """One line for the reviewer naming the subjects no picture shows and how much each view sees."""
    names = unseen(visibility)
    if not names:
        return ""
    parts = [f"{sid} ({', '.join(f'{v} {100 * f:.0f}%' for v, f in visibility[sid].items())})" for sid in names]
    return ("the prompt's subjects not visible in any perspective view (share of each one seen, occluded or "
            f"out of frame): {'; '.join(parts)}")
