"""``python -m setdresser check-physics OUT_DIR``: settle a generated scene under Blender's
rigid-body world and report what moves (issue 21).

Reads ``OUT_DIR/scene.blend`` (and ``layout.json`` for each object's mount), simulates
``--seconds`` of gravity headless (floor, walls, openings and wall-hung things fixed; fixed
substeps and frames, so the same scene gives the same numbers), writes ``physics.json`` and
prints one line per unstable object (moved more than 2 cm or turned more than 5 degrees).
The scene file is only rewritten with the settled poses when ``--apply`` is given.
Exit status: 0 done (whatever the verdict), 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from ..core.errors import BadInput


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The check-physics sub-command's flags."""
    parser.add_argument("folder", type=Path, metavar="OUT_DIR", help="an output folder of generate (has scene.blend)")
    parser.add_argument("--seconds", type=float, default=2.0, help="simulated seconds (default 2)")
    parser.add_argument("--apply", action="store_true",
                        help="save the settled poses into OUT_DIR/scene.blend (default: report only)")
    parser.add_argument("--json", action="store_true", help="print physics.json instead of the summary")


def _mounts(folder: Path) -> dict[str, str]:
    """Each object's mount from layout.json (v2), if there is one."""
    path = folder / "layout.json"
    if not path.is_file():
        return {}
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadInput(f"cannot read: {exc}", str(path)) from exc
    objects = data.get("objects", []) if isinstance(data, dict) else []
    return {str(o["id"]): str(o["mount"]) for o in objects if isinstance(o, dict) and o.get("id") and o.get("mount")}


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def run(args: argparse.Namespace) -> int:
    """Settle the scene and report; returns the exit status."""
    folder: Path = args.folder
    scene_path = folder / "scene.blend"
    if not scene_path.is_file():
        raise BadInput("no scene.blend in this folder (run generate first)", str(folder))
    if not 0 < args.seconds <= 60:
        raise BadInput(f"must be in (0, 60], got {args.seconds}", "--seconds")
    from ..bl.settle_scene import check_blend
    from ..core.stability.motion import SettleSettings

    started = time.perf_counter()
    report, moved = check_blend(scene_path, _mounts(folder), SettleSettings(seconds=float(args.seconds)),
                                apply=args.apply)
    elapsed = time.perf_counter() - started
    _write_atomic(folder / "physics.json", json.dumps(report.to_dict(), indent=2) + "\n")
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(f"{report.summary()} after {args.seconds:g} s simulated ({elapsed:.2f} s) -> {folder / 'physics.json'}")
        for motion in report.motions:
            if motion.unstable:
                print(f"  {motion.id}: moved {motion.moved:.3f} m, turned {motion.turned_deg:.1f} deg")
    if args.apply:
        print(f"applied the settled poses of {moved} objects to {scene_path}")
    return 0
