"""Geometry accumulator for procedural assets: boxes, cylinders, lathes and prisms in one mesh.

Builders add parts in metres in the asset's own frame (origin bottom-centre, front -Y,
Z up) and name a material per part; :meth:`Parts.to_mesh` makes one Blender mesh with a
material slot per distinct look. Everything is plain lists + numpy and one
``from_pydata`` call, because bpy.ops would need a context and costs ~1 ms per call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import bpy
import numpy as np

Vec3 = tuple[float, float, float]


@dataclass(frozen=True)
class Look:
    """A node-free surface description: base colour (linear RGB), roughness, metallic."""

    color: Vec3
    roughness: float = 0.6
    metallic: float = 0.0

    def key(self) -> str:
        r, g, b = (min(255, max(0, round(c * 255))) for c in self.color)
        return f"{r:02x}{g:02x}{b:02x}-r{round(self.roughness * 10)}-m{round(self.metallic * 10)}"


def _rot_matrix(rx: float = 0.0, ry: float = 0.0, rz: float = 0.0) -> np.ndarray:
    cx, sx, cy, sy, cz, sz = math.cos(rx), math.sin(rx), math.cos(ry), math.sin(ry), math.cos(rz), math.sin(rz)
    mx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    my = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    mz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return mz @ my @ mx


_BOX_FACES = ((0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7))


class Parts:
    """Collects vertices, faces and per-face looks of one asset."""

    def __init__(self) -> None:
        self._verts: list[np.ndarray] = []
        self._faces: list[tuple[int, ...]] = []
        self._face_look: list[int] = []
        self._face_smooth: list[bool] = []
        self._looks: list[Look] = []
        self._count = 0
        # parts drawn outside the object's box (a seated figure's shins below its seat), built as a
        # child object so the object's own box stays the layout's
        self.appendage: Parts | None = None

    # -- low level -----------------------------------------------------------------------
    def add(self, verts: np.ndarray, faces: Sequence[Sequence[int]], look: Look, smooth: bool = False) -> None:
        """Add raw geometry; ``faces`` index into ``verts`` (counter-clockwise seen from outside)."""
        if look not in self._looks:
            self._looks.append(look)
        slot = self._looks.index(look)
        base = self._count
        self._verts.append(np.asarray(verts, dtype=np.float64).reshape(-1, 3))
        self._count += len(self._verts[-1])
        self._faces.extend(tuple(base + i for i in f) for f in faces)
        self._face_look.extend([slot] * len(faces))
        self._face_smooth.extend([smooth] * len(faces))

    # -- primitives ----------------------------------------------------------------------
    def box(self, x0: float, y0: float, z0: float, x1: float, y1: float, z1: float, look: Look) -> None:
        """An axis-aligned box between two corners."""
        xa, xb, ya, yb, za, zb = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1), min(z0, z1), max(z0, z1)
        verts = [(xa, ya, za), (xb, ya, za), (xb, yb, za), (xa, yb, za),
                 (xa, ya, zb), (xb, ya, zb), (xb, yb, zb), (xa, yb, zb)]
        self.add(np.array(verts), _BOX_FACES, look)

    def cbox(self, cx: float, cy: float, z0: float, sx: float, sy: float, sz: float, look: Look,
             rot: Vec3 = (0.0, 0.0, 0.0)) -> None:
        """A box of size (sx, sy, sz) centred on (cx, cy) standing on z0, optionally rotated
        (radians, about its own centre)."""
        hx, hy, hz = sx / 2, sy / 2, sz / 2
        verts = np.array([(-hx, -hy, -hz), (hx, -hy, -hz), (hx, hy, -hz), (-hx, hy, -hz),
                          (-hx, -hy, hz), (hx, -hy, hz), (hx, hy, hz), (-hx, hy, hz)])
        if any(rot):
            verts = verts @ _rot_matrix(*rot).T
        self.add(verts + (cx, cy, z0 + hz), _BOX_FACES, look)

    def lathe(self, profile: Sequence[tuple[float, float]], look: Look, cx: float = 0.0, cy: float = 0.0,
              segments: int = 20, scale_y: float = 1.0, smooth: bool = True, axis: str = "z",
              base: Vec3 | None = None) -> None:
        """A surface of revolution of (radius, height) points, bottom to top; a point of
        radius 0 closes the end, otherwise ends are capped. ``axis`` "x"/"y" lays it down
        (heights then run along that axis from ``base``)."""
        ring = [(math.cos(2 * math.pi * k / segments), math.sin(2 * math.pi * k / segments)) for k in range(segments)]
        verts: list[tuple[float, float, float]] = []
        for r, z in profile:
            verts.extend((r * c, r * s * scale_y, z) for c, s in ring)
        n, faces = segments, []
        for i in range(len(profile) - 1):
            a, b = i * n, (i + 1) * n
            faces.extend((a + k, a + (k + 1) % n, b + (k + 1) % n, b + k) for k in range(n))
        faces.append(tuple(range(n - 1, -1, -1)))
        top = (len(profile) - 1) * n
        faces.append(tuple(range(top, top + n)))
        arr = np.array(verts)
        if axis == "x":  # (a, b, h) -> (h, a, b): a cyclic swap keeps the winding
            arr = arr[:, [2, 0, 1]]
        elif axis == "y":  # (a, b, h) -> (a, h, b): an odd swap, so the winding flips back
            arr = arr[:, [0, 2, 1]]
            faces = [tuple(reversed(f)) for f in faces]
        offset = base if base is not None else (cx, cy, 0.0)
        self.add(arr + offset, faces, look, smooth=smooth)

    def cylinder(self, cx: float, cy: float, z0: float, z1: float, radius: float, look: Look,
                 segments: int = 16, radius_top: float | None = None, scale_y: float = 1.0) -> None:
        """A vertical cylinder (or frustum when ``radius_top`` differs)."""
        top = radius if radius_top is None else radius_top
        self.lathe([(radius, z0), (top, z1)], look, cx, cy, segments, scale_y=scale_y, smooth=segments > 8)

    def rod(self, start: Vec3, end: Vec3, radius: float, look: Look, segments: int = 8) -> None:
        """A round bar from ``start`` to ``end`` (legs, poles, branches)."""
        p0, p1 = np.asarray(start, float), np.asarray(end, float)
        axis = p1 - p0
        length = float(np.linalg.norm(axis))
        if length < 1e-9:
            return
        z = axis / length
        helper = np.array([1.0, 0, 0]) if abs(z[0]) < 0.9 else np.array([0, 1.0, 0])
        x = np.cross(helper, z)
        x /= np.linalg.norm(x)
        y = np.cross(z, x)
        ang = np.linspace(0, 2 * math.pi, segments, endpoint=False)
        circle = np.outer(np.cos(ang), x) * radius + np.outer(np.sin(ang), y) * radius
        verts = np.vstack([circle + p0, circle + p1])
        n = segments
        faces = [(k, (k + 1) % n, n + (k + 1) % n, n + k) for k in range(n)]
        faces += [tuple(range(n - 1, -1, -1)), tuple(range(n, 2 * n))]
        self.add(verts, faces, look, smooth=True)

    def sphere(self, cx: float, cy: float, cz: float, rx: float, ry: float, rz: float, look: Look,
               segments: int = 16, rings: int = 8) -> None:
        """An ellipsoid centred on (cx, cy, cz)."""
        profile = [(math.sin(math.pi * i / rings), -math.cos(math.pi * i / rings)) for i in range(rings + 1)]
        profile[0], profile[-1] = (0.0, -1.0), (0.0, 1.0)
        self.lathe([(r * rx, cz + z * rz) for r, z in profile], look, cx, cy, segments,
                   scale_y=ry / rx if rx else 1.0)

    def prism(self, polygon: Sequence[tuple[float, float]], a0: float, a1: float, look: Look,
              axis: str = "y") -> None:
        """Extrude a convex-or-simple polygon along ``axis`` from a0 to a1. For axis "y" the
        polygon is in (x, z); for axis "x" it is in (y, z); for axis "z" in (x, y). Points counter-clockwise."""
        n = len(polygon)
        if axis == "z":  # (x, y) seen from +Z, counter-clockwise: a flat plate from z = a0 to a1
            ring = [(u, v, a0) for u, v in polygon] + [(u, v, a1) for u, v in polygon]
            sides = [(k, (k + 1) % n, n + (k + 1) % n, n + k) for k in range(n)]
            self.add(np.array(ring), sides + [tuple(range(n - 1, -1, -1)), tuple(range(n, 2 * n))], look)
            return
        if axis == "y":
            ring0 = [(u, a0, v) for u, v in polygon]
            ring1 = [(u, a1, v) for u, v in polygon]
        else:
            ring0 = [(a0, u, v) for u, v in polygon]
            ring1 = [(a1, u, v) for u, v in polygon]
        sides = [(k, (k + 1) % n, n + (k + 1) % n, n + k) for k in range(n)]
        cap0, cap1 = tuple(range(n)), tuple(range(2 * n - 1, n - 1, -1))
        if axis == "y":  # (x, z) is seen from -Y, the caps face out already, the sides do not
            faces = [tuple(reversed(f)) for f in sides] + [cap0, cap1]
        else:  # (y, z) is seen from +X: the sides face out, the caps do not
            faces = sides + [tuple(reversed(cap0)), tuple(reversed(cap1))]
        self.add(np.array(ring0 + ring1), faces, look)

    def swap_xy(self) -> None:
        """Mirror everything added so far across the x = y plane (a thing drawn along Y now lies
        along X); the faces are turned back so they still face out."""
        self._verts = [v[:, [1, 0, 2]] for v in self._verts]
        self._faces = [tuple(reversed(f)) for f in self._faces]

    # -- output --------------------------------------------------------------------------
    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Current (min, max) corners of everything added."""
        allv = np.vstack(self._verts)
        return allv.min(axis=0), allv.max(axis=0)

    def fit(self, dimensions: Vec3) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The map (lo, scale, offset) that fits everything added into ``dimensions``, origin at the
        bottom-centre: ``(v - lo) * scale + offset``."""
        allv = np.vstack(self._verts)
        lo, hi = allv.min(axis=0), allv.max(axis=0)
        target = np.asarray(dimensions, dtype=np.float64)
        return lo, target / np.maximum(hi - lo, 1e-9), np.array([-target[0] / 2, -target[1] / 2, 0.0])

    def to_mesh(self, name: str, dimensions: Vec3, materials: Sequence[bpy.types.Material],
                transform: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> bpy.types.Mesh:
        """One mesh fitted exactly to ``dimensions`` with its origin at the bottom-centre
        (parts that overhang a little are scaled in, so the box is exact to float error); with
        ``transform`` (another Parts' :meth:`fit`), mapped like that one instead (an appendage)."""
        allv = np.vstack(self._verts)
        lo, scale, offset = transform if transform is not None else self.fit(dimensions)
        fitted = (allv - lo) * scale + offset
        mesh = bpy.data.meshes.new(name)
        mesh.from_pydata(fitted.tolist(), [], self._faces)
        for material in materials:
            mesh.materials.append(material)
        mesh.polygons.foreach_set("material_index", self._face_look)
        mesh.polygons.foreach_set("use_smooth", self._face_smooth)
        mesh.update()
        return mesh

    @property
    def looks(self) -> list[Look]:
        """The distinct looks, in material-slot order."""
        return list(self._looks)
