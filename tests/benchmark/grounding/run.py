"""Run the grounding benchmark: solve each scene offline, generate cases, ground them."""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from setdresser.blender_addon.core.edit.ground import ground
from setdresser.blender_addon.core.edit.parse import parse_reference
from setdresser.blender_addon.core.edit.scene import scene_from_layout, view_azimuth
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.model import Layout
from setdresser.blender_addon.core.stage_set import numpy_solve, offline_code, offline_plan
from setdresser.blender_addon.core.solve_record import Budget

from .oracle import Case, Oracle

SCENES = Path(__file__).with_name("scenes.json")
BUCKETS = ("plain", "relation", "negation", "counting", "minmax", "comparator", "view")


@dataclass
class Tally:
    """Right/total per bucket, and the misses for the report."""

    right: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    total: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    misses: list[str] = field(default_factory=list)

    def add(self, case: Case, got: tuple[str, ...], scene: str) -> None:
        self.total[case.bucket] += 1
        if got == (case.gold,):
            self.right[case.bucket] += 1
        else:
            self.misses.append(f"{scene}: '{case.text}' -> {list(got)} (gold {case.gold})")

    def accuracy(self, bucket: str | None = None) -> float:
        keys = [bucket] if bucket else list(self.total)
        total = sum(self.total[k] for k in keys)
        return sum(self.right[k] for k in keys) / total if total else float("nan")

    def count(self) -> int:
        return sum(self.total.values())


def scenes(split: str) -> list[dict[str, str]]:
    """The scenes of one half ("tuned" or "heldout")."""
    data = json.loads(SCENES.read_text(encoding="utf-8"))
    return [s for s in data["scenes"] if s["split"] == split]


def solve_scene(prompt: str, seed: int = 0) -> Layout:
    """The offline plan -> code -> solve of ``prompt``."""
    return numpy_solve(offline_code(offline_plan(prompt)).program, seed, Budget(), prompt)


def variants(layout: Layout) -> list[Layout]:
    """The scene, and the scene after "remove" edits of the first supported object of each
    category that holds up things (so some tables carry things and some do not: negation and
    counting cases), as a user's edited scene would be."""
    out = [layout]
    seen: set[str] = set()
    ids = {o.id for o in layout.objects}  # what rests on an object (not the ground, a wall, the ceiling)
    for o in layout.objects:
        if o.support in ids and o.support not in seen:
            seen.add(o.support)
            out.append(dataclasses.replace(layout, objects=[p for p in layout.objects if p.id != o.id]))
    return out[:3]


def run_split(split: str, limit: int | None = None) -> Tally:
    """Ground every case of the split's scenes and their variants (the first ``limit`` scenes)."""
    tally = Tally()
    for entry in scenes(split)[:limit]:
        for k, layout in enumerate(variants(solve_scene(entry["prompt"]))):
            _ground_all(tally, layout, f"{entry['id']}.{k}")
    return tally


def _ground_all(tally: Tally, layout: Layout, name: str) -> None:
    azimuth = view_azimuth(layout)
    scene = scene_from_layout(layout, azimuth_deg=azimuth)
    for case in Oracle(layout, azimuth).cases():
        try:
            got = ground(scene, parse_reference(case.text, scene)).ids
        except BadInput:
            got = ()
        tally.add(case, got, name)
