"""Which perspective views show the prompt's subjects: a visibility test over boxes.

The subjects are the objects the prompt names (their category words appear in it); each is
sampled at a few points inside its box, and a point is visible from a camera when the segment
between them crosses no other box (objects, walls). Cameras are scored by the mean visible
fraction of the subjects; the first view keeps its usual direction unless it hides the
subjects, the second is the best view from another side. Pure numpy; ``bl/camera.py``
builds the cameras. Deterministic: ties keep the earlier candidate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from .framing import CameraPose, far_sides, frame_points

Box = tuple[tuple[float, float, float], tuple[float, float, float]]  # (min xyz, max xyz)

# The usual view is kept unless it shows less than KEEP_VISIBLE of the subjects (a desk's feet
# behind its chair are no reason to look at its back) and another shows KEEP_SLACK more.
KEEP_VISIBLE = 0.6
KEEP_SLACK = 0.15
# The second view: the subjects first (scores within SCORE_STEP are equal), then as different from
# the first as possible; never the first's own direction and height (MIN_APART_DEG).
SCORE_STEP = 0.1
OTHER_HEIGHT_BONUS = 15.0  # degrees of "difference" another camera height is worth
MIN_APART_DEG = 10.0
SECOND_ELEVATIONS = (30.0, 50.0)
SHRINK = 0.8  # sample points span this fraction of a box (off its faces: no grazing hits)


@dataclass(frozen=True)
class View:
    """A candidate camera: direction (degrees) and pose."""

    azimuth: float
    elevation: float
    pose: CameraPose


def named_subjects(prompt: str, objects: Sequence[tuple[str, str]]) -> list[str]:
    """Ids of the objects (``(id, category)``) the prompt names, through the same synonym and family
    resolution as the objects themselves: the category's head noun is a word of the prompt ("24 desks"
    names desk; "girl hunter" names girl hunter), or a noun of the prompt is the same knowledge-base
    category ("a couch" names the sofa), or a generic noun of the prompt is a kind that the family
    drawing the object belongs to (families.json ``kinds``: "fantasy creatures" names the goblin, the
    dragon and the horned beast; "people" the waiter). None when the prompt names none."""
    from .assets.families import load_families  # (core/assets: data read once)
    from .assets.phrase import singular
    from .knowledge.objects import load_knowledge

    words = re.findall(r"[a-z]+", prompt.lower())
    stems = set(words) | {w[:-2] for w in words if w.endswith("es")} | {w[:-1] for w in words if w.endswith("s")}
    nouns = set(words) | {singular(w) for w in words}
    knowledge, families = load_knowledge(), load_families()
    named = {facts.category for noun in nouns if (facts := knowledge.lookup(noun)) is not None}
    kinds = {family for noun in nouns for family in families.kinds_of(noun)}

    def names(category: str) -> bool:
        plain = category.lower().replace("_", " ")
        if plain.split() and plain.split()[-1] in stems:
            return True
        facts = knowledge.lookup(plain)
        if facts is not None and facts.category in named:
            return True
        family = families.for_object(plain) if kinds else None
        return family is not None and family.name in kinds
    return [oid for oid, category in objects if category and names(category)]


def prompt_subjects(prompt: str, objects: Sequence[tuple[str, str]]) -> list[str]:
    """:func:`named_subjects`, or all of the objects when the prompt names none."""
    return named_subjects(prompt, objects) or [oid for oid, _ in objects]


def sample_points(box: Box) -> np.ndarray:
    """[9, 3] points inside a box: its centre and the corners of a box ``SHRINK`` its size."""
    lo, hi = np.asarray(box[0], float), np.asarray(box[1], float)
    centre, half = (lo + hi) / 2, (hi - lo) / 2 * SHRINK
    corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], float)
    return np.vstack([centre, centre + corners * half])


def segment_hits(start: np.ndarray, end: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Whether each segment ``start`` -> ``end`` crosses the axis-aligned box ``lo``..``hi`` short of
    its end (slab test; the arrays broadcast, xyz on the last axis, which the result drops); a box
    that holds the end point itself (a sofa around its sitter) is no hit."""
    d = end - start
    with np.errstate(divide="ignore", invalid="ignore"):
        t1, t2 = (lo - start) / d, (hi - start) / d
    t1 = np.where(d == 0, np.where((start >= lo) & (start <= hi), -np.inf, np.inf), t1)
    t2 = np.where(d == 0, np.inf, t2)  # parallel to a slab: inside it always, outside it never (near = inf)
    near = np.minimum(t1, t2).max(axis=-1)
    far = np.maximum(t1, t2).min(axis=-1)
    hit = (near <= far) & (far > 0.0) & (near < 1.0 - 1e-6)
    inside = ((end >= lo) & (end <= hi)).all(axis=-1)
    return hit & ~inside


def visible(camera: Sequence[float], points: np.ndarray, occluders: Sequence[Box]) -> np.ndarray:
    """[P] whether each point is seen from ``camera``: the segment to it crosses no occluder
    (an occluder that holds the point itself, such as a sofa around its sitter, is ignored)."""
    pts = np.asarray(points, float).reshape(-1, 3)
    if not occluders:
        return np.ones(len(pts), dtype=bool)
    lo = np.array([b[0] for b in occluders], float)[None, :, :]
    hi = np.array([b[1] for b in occluders], float)[None, :, :]
    return ~segment_hits(np.asarray(camera, float), pts[:, None, :], lo, hi).any(axis=1)


def subject_visibility(camera: Sequence[float], subjects: Sequence[Box], others: Sequence[Sequence[Box]]) -> float:
    """Mean visible fraction of the subjects; ``others[i]``: the occluders for subject i (every
    box but its own)."""
    if not subjects:
        return 1.0
    fractions = [float(visible(camera, sample_points(box), occ).mean()) for box, occ in zip(subjects, others)]
    return float(np.mean(fractions))


def _scores(views: Sequence[View], subjects: Sequence[str], boxes: dict[str, Box],
            extra: Sequence[Box], occluding: Mapping[str, Sequence[Box]] | None = None) -> list[float]:
    """Each view's mean visible fraction of the subjects; every other object hides with its
    ``occluding`` boxes (a table's top slab: core/visibility.occluder_boxes), else its box."""
    hiding = occluding if occluding is not None else {oid: [b] for oid, b in boxes.items()}
    targets = [boxes[s] for s in subjects if s in boxes]
    others = [[b for oid, parts in hiding.items() if oid != s for b in parts] + list(extra)
              for s in subjects if s in boxes]
    return [subject_visibility(v.pose.location, targets, others) for v in views]


def candidate_views(points: np.ndarray, h_fov: float, v_fov: float, azimuths: Sequence[float],
                    elevations: Sequence[float]) -> list[View]:
    """Framed cameras for every azimuth x elevation, in that order."""
    return [View(az, el, frame_points(points, h_fov, v_fov, azimuth_deg=az, elevation_deg=el))
            for az in azimuths for el in elevations]


def choose_first(views: Sequence[View], subjects: Sequence[str], boxes: dict[str, Box],
                 occluding: Mapping[str, Sequence[Box]] | None = None) -> tuple[int, float]:
    """The first view: ``views[0]`` (the usual choice) unless it hides the subjects (less than
    :data:`KEEP_VISIBLE` seen) and another shows :data:`KEEP_SLACK` more (walls are cut away on
    the camera's side: only objects occlude).
    Returns the index and its visibility."""
    scores = _scores(views, subjects, boxes, (), occluding)
    best = max(range(len(views)), key=lambda k: (scores[k], -k))
    pick = best if scores[0] < KEEP_VISIBLE and scores[best] > scores[0] + KEEP_SLACK else 0
    return pick, scores[pick]


def hung_on_cut_walls(azimuth_deg: float, hung_on: Sequence[str]) -> int:
    """How many wall-hung things (``hung_on``: the wall of each) a view at ``azimuth_deg`` would
    show floating: its own near walls are cut away, only its two far walls stand whole."""
    north, west = far_sides(azimuth_deg)
    standing = {"north" if north else "south", "west" if west else "east"}
    return sum(1 for wall in hung_on if wall not in standing)


def choose_second(views: Sequence[View], first: View, subjects: Sequence[str], boxes: dict[str, Box],
                  walls: Sequence[Box], hung_on: Sequence[str] = (),
                  occluding: Mapping[str, Sequence[Box]] | None = None) -> tuple[int, float]:
    """The second view: among those that cut away the fewest walls carrying hung things (``hung_on``:
    a painting on a cut wall floats in the picture), the one showing most of the subjects (walls as
    built occlude too; scores within :data:`SCORE_STEP` count as equal), then the most different
    from ``first`` (degrees round the scene, plus :data:`OTHER_HEIGHT_BONUS` for another height),
    never ``first``'s own direction. Returns the index and its score."""
    def apart(v: View) -> float:
        diff = abs(v.azimuth - first.azimuth) % 360.0
        return min(diff, 360.0 - diff) + (OTHER_HEIGHT_BONUS if abs(v.elevation - first.elevation) > 1e-6 else 0.0)

    pool = [k for k, v in enumerate(views) if apart(v) >= MIN_APART_DEG - 1e-9] or list(range(len(views)))
    least = min(hung_on_cut_walls(views[k].azimuth, hung_on) for k in pool)
    pool = [k for k in pool if hung_on_cut_walls(views[k].azimuth, hung_on) == least]
    scores = _scores([views[k] for k in pool], subjects, boxes, walls, occluding)
    best = max(range(len(pool)), key=lambda j: (round(scores[j] / SCORE_STEP), apart(views[pool[j]]), -j))
    return pool[best], scores[best]
