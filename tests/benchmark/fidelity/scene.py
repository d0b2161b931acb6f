"""What the checks read from a run's output folder: layout.json (v1 or v2) and, only for
labelled boxes, report.json. scene_graph.json is never read: it is the tool's own reading.

Walls are the sides of the room's bounds (north = max Y, east = max X); v2's ``room``
adds openings (doors, windows), floor and wall finishes and whether the scene is outdoor.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .geometry import Point, Thing, thing
from .vocab import Vocabulary, load

WALLS = ("north", "south", "east", "west")
INWARD = {"north": (0.0, -1.0), "south": (0.0, 1.0), "east": (-1.0, 0.0), "west": (1.0, 0.0)}
_BOX_WARNING = re.compile(r"using a (?:grey |gray )?box labell?ed '([^']+)'")


@dataclass
class View:
    """A layout as the checks see it."""

    things: list[Thing]
    bounds: tuple[float, float, float, float, float, float] | None
    room: dict[str, Any] | None
    indoor: bool
    vocab: Vocabulary
    box_labels: list[str] = field(default_factory=list)

    def select(self, selector: str | Sequence[str]) -> list[Thing]:
        """Objects whose concept is one the selector means (by id order)."""
        wanted = self.vocab.expand(selector)
        return sorted((t for t in self.things if t.concept in wanted), key=lambda t: t.id)

    def by_id(self, oid: str | None) -> Thing | None:
        return next((t for t in self.things if t.id == oid), None)

    @property
    def ground(self) -> float:
        return self.bounds[2] if self.bounds else 0.0

    @property
    def ceiling(self) -> float | None:
        if self.room and self.room.get("height"):
            return self.ground + float(self.room["height"])
        return self.bounds[5] if self.bounds and self.indoor else None

    @property
    def centre(self) -> Point:
        if not self.bounds:
            return (0.0, 0.0)
        return ((self.bounds[0] + self.bounds[3]) / 2, (self.bounds[1] + self.bounds[4]) / 2)

    def wall_plane(self, wall: str) -> float:
        """The coordinate of a wall's inner plane (Y for north/south, X for east/west)."""
        assert self.bounds is not None
        return {"north": self.bounds[4], "south": self.bounds[1], "east": self.bounds[3], "west": self.bounds[0]}[wall]

    def wall_gap(self, t: Thing, wall: str) -> float:
        """Distance from the object's footprint to a wall's inner plane (negative: through it)."""
        xs, ys = [p[0] for p in t.corners()], [p[1] for p in t.corners()]
        plane = self.wall_plane(wall)
        return {"north": plane - max(ys), "south": min(ys) - plane, "east": plane - max(xs),
                "west": min(xs) - plane}[wall]

    def openings(self, kind: str | None = None, wall: str | None = None) -> list[dict[str, Any]]:
        """Doors/windows of a v2 room (none for v1)."""
        found = (self.room or {}).get("openings") or []
        return [o for o in found if (kind is None or o.get("kind") == kind) and (wall is None or o.get("wall") == wall)]


def _bounds(layout: dict[str, Any]) -> tuple[float, float, float, float, float, float] | None:
    b = layout.get("bounds")
    if not b:
        return None
    return (float(b["min"][0]), float(b["min"][1]), float(b["min"][2]), float(b["max"][0]), float(b["max"][1]),
            float(b["max"][2]))


def box_labels(layout: dict[str, Any], report: dict[str, Any] | None) -> list[str]:
    """Categories shown as a labelled box: v2 ``asset_fallback == "box"``, v1's
    ``procedural:unknown`` asset, or report.json's "using a box labelled" warnings. A v2 object
    whose ``asset_fallback`` names a family shape ("family:person": a knight drawn as a figure)
    keeps the ``procedural:unknown`` asset of the catalog but is not a box."""
    labels = [str(o.get("category")) for o in layout.get("objects", [])
              if o.get("asset_fallback") == "box"
              or (o.get("asset") == "procedural:unknown" and not str(o.get("asset_fallback") or "").startswith("family:"))]
    for warning in (report or {}).get("warnings", []) or []:
        labels += _BOX_WARNING.findall(str(warning))
    return sorted(set(labels))


def view(layout: dict[str, Any], report: dict[str, Any] | None = None, *, setting: str = "indoor",
         vocab: Vocabulary | None = None) -> View:
    """The checks' view of a layout document (v1 or v2)."""
    words = vocab or load()
    room = layout.get("room") if isinstance(layout.get("room"), dict) else None
    indoor = (room.get("kind", "indoor") != "outdoor") if room else setting == "indoor"
    things = [thing(o, words.concept_of(str(o.get("category", "")))) for o in layout.get("objects", [])]
    return View(things=things, bounds=_bounds(layout), room=room, indoor=indoor, vocab=words,
                box_labels=box_labels(layout, report))


def read_run(out_dir: Path, *, setting: str = "indoor") -> View | None:
    """The view of a generate output folder, or None when it has no layout.json."""
    layout_path = out_dir / "layout.json"
    if not layout_path.is_file():
        return None
    report_path = out_dir / "report.json"
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.is_file() else None
    return view(json.loads(layout_path.read_text(encoding="utf-8")), report, setting=setting)
