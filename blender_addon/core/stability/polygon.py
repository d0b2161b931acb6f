"""Small convex-polygon geometry in XY for contact regions (numpy, counter-clockwise points)."""

from __future__ import annotations

import numpy as np

EPS = 1e-12


def _cross(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return float((a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]))


def clip(subject: np.ndarray, window: np.ndarray) -> np.ndarray:
    """Intersection of two convex counter-clockwise polygons (Sutherland-Hodgman), [K, 2]; K may be 0."""
    out = np.asarray(subject, dtype=float)
    window = np.asarray(window, dtype=float)
    for i in range(len(window)):
        if len(out) == 0:
            break
        a, b = window[i], window[(i + 1) % len(window)]
        edge = b - a
        side = edge[0] * (out[:, 1] - a[1]) - edge[1] * (out[:, 0] - a[0])  # >= 0: inside (left of edge)
        kept: list[np.ndarray] = []
        for j in range(len(out)):
            p, q = out[j], out[(j + 1) % len(out)]
            sp, sq = side[j], side[(j + 1) % len(out)]
            if sp >= 0:
                kept.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                kept.append(p + t * (q - p))
        out = np.array(kept).reshape(-1, 2)
    return out


def hull(points: np.ndarray) -> np.ndarray:
    """Convex hull, counter-clockwise (Andrew's monotone chain), [K, 2]."""
    pts = sorted({(round(float(x), 9), round(float(y), 9)) for x, y in np.asarray(points, dtype=float)})
    if len(pts) <= 2:
        return np.array(pts, dtype=float).reshape(-1, 2)
    arr = [np.array(p) for p in pts]
    lower: list[np.ndarray] = []
    for p in arr:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= EPS:
            lower.pop()
        lower.append(p)
    upper: list[np.ndarray] = []
    for p in reversed(arr):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= EPS:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


def area_centroid(poly: np.ndarray) -> tuple[float, np.ndarray]:
    """Area and centroid of a simple polygon; a degenerate one gets area 0 and its mean point."""
    poly = np.asarray(poly, dtype=float)
    if len(poly) < 3:
        return 0.0, poly.mean(axis=0) if len(poly) else np.zeros(2)
    x, y = poly[:, 0], poly[:, 1]
    xn, yn = np.roll(x, -1), np.roll(y, -1)
    cross = x * yn - xn * y
    area = cross.sum() / 2
    if abs(area) < EPS:
        return 0.0, poly.mean(axis=0)
    cx = ((x + xn) * cross).sum() / (6 * area)
    cy = ((y + yn) * cross).sum() / (6 * area)
    return float(abs(area)), np.array([cx, cy])


def inside_distance(point: np.ndarray, poly: np.ndarray) -> float:
    """Signed distance from ``point`` to the boundary of a convex counter-clockwise polygon:
    positive inside, negative outside (outside: minus the distance to the polygon)."""
    poly = np.asarray(poly, dtype=float)
    p = np.asarray(point, dtype=float)
    if len(poly) < 3:
        if len(poly) == 0:
            return -np.inf
        return -_segment_distance(p, poly[0], poly[-1])
    edges = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    sides = [_cross(a, b, p) / max(float(np.linalg.norm(b - a)), EPS) for a, b in edges]
    if min(sides) >= 0:
        return float(min(sides))
    return -min(_segment_distance(p, a, b) for a, b in edges)


def closest_point(point: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """The point of a convex counter-clockwise polygon nearest to ``point`` (itself when inside)."""
    p = np.asarray(point, dtype=float)
    poly = np.asarray(poly, dtype=float)
    if len(poly) >= 3 and inside_distance(p, poly) >= 0:
        return p
    if len(poly) == 1:
        return poly[0].copy()
    edges = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    return min((_segment_point(p, a, b) for a, b in edges), key=lambda q: float(np.linalg.norm(q - p)))


def _segment_point(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ab = b - a
    t = 0.0 if float(ab @ ab) < EPS else float(np.clip((p - a) @ ab / (ab @ ab), 0.0, 1.0))
    return a + t * ab


def _segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return float(np.linalg.norm(p - _segment_point(p, a, b)))
