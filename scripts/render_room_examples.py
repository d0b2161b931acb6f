"""Render the rooms issue 13 asks the docs to show, each made by the real command line (offline,
seed 0): docs/example_room_*.png.

    python scripts/render_room_examples.py [--out docs] [--work out/examples] [--resolution 640]
        [--only NAME ...]

Where the offline planner can say the room, the example is ``python -m setdresser generate PROMPT
--llm offline`` and its ``render.png``. Where it cannot yet (doors and windows in named walls, a TV
hung on a wall above its stand, books on a bookshelf's second and third shelves), the example is
a constraint program (``docs/examples/NAME.program.json``, the script API's program/2 document)
solved by ``python -m setdresser solve``, and its layout built and rendered by the same Blender side
``generate`` uses (procedural assets, room with real openings, Workbench).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES: dict[str, dict[str, object]] = {
    # a door and a window, a TV and a painting on walls, books on the bookshelf's shelves
    "living_room": {"program": ROOT / "docs" / "examples" / "living_room.program.json",
                    "hints": {"sofa_1": ("grey",), "armchair_1": ("red",), "rug_1": ("blue",)}},
    "classroom": {"prompt": "a classroom with a blackboard on the north wall, a teacher's desk in front of the "
                            "blackboard, six desks in two rows with a chair at each desk and a student sitting "
                            "on each chair", "flags": ("--no-complete",)},
    "dining_room": {"prompt": "a dining room with a dining table, six chairs around the dining table, a chandelier "
                              "above the dining table and a ceiling fan", "flags": ("--no-complete",)},
    "cafe": {"prompt": "a cafe with three round tables, two chairs at each table, people sitting on the chairs "
                       "and a waiter standing next to the counter"},
}


def _cli(*args: str) -> None:
    """Run ``python -m setdresser ARGS`` (the real command line); its failure stops the script."""
    command = [sys.executable, "-m", "setdresser", *args]
    print("$", " ".join(command[1:]))
    subprocess.run(command, check=True)


def _render_layout(layout_path: Path, hints: dict[str, tuple[str, ...]], image: Path, resolution: int) -> None:
    """Build a solved layout with generate's Blender side and render it (Workbench)."""
    import json

    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure, render_view
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import layout_from_dict

    layout = layout_from_dict(json.loads(layout_path.read_text(encoding="utf-8")))
    scene = empty_scene()
    configure(scene, "workbench", resolution)
    collection = our_collection(scene, layout_path.parent.name)
    build = build_scene(scene, collection, layout, catalog_builder(hints, seed=0))
    render_view(scene, build.camera, image)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--work", type=Path, default=ROOT / "out" / "examples")
    parser.add_argument("--resolution", type=int, default=640)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args(argv)
    for name, spec in EXAMPLES.items():
        if args.only and name not in args.only:
            continue
        work, image = args.work / name, args.out / f"example_room_{name}.png"
        work.mkdir(parents=True, exist_ok=True)
        if "prompt" in spec:
            _cli("generate", str(spec["prompt"]), "--llm", "offline", "--seed", "0", "--out", str(work),
                 "--resolution", str(args.resolution), "--force", *spec.get("flags", ()))  # type: ignore[misc]
            shutil.copyfile(work / "render.png", image)
        else:
            layout = work / "layout.json"
            _cli("solve", str(spec["program"]), "--out", str(layout), "--seed", "0", "--time-budget", "120")
            _render_layout(layout, dict(spec.get("hints", {})), image, args.resolution)  # type: ignore[arg-type]
        print(f"wrote {image}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
