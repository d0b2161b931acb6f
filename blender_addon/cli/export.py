"""``python -m setdresser export SCENE_DIR --to glb,usd,fbx,obj``: a generated scene's
``scene.blend`` through Blender's own exporters into ``SCENE_DIR/export/`` (or ``--out``),
with ``nodes.json`` mapping each node to its layout id, category, support and relations.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..core.errors import BadInput
from ..core.export.formats import FORMATS, parse_formats


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The export flags."""
    parser.add_argument("scene_dir", type=Path, help="an output folder of generate (holds scene.blend, layout.json)")
    parser.add_argument("--to", required=True, help=f"comma-separated formats: {', '.join(FORMATS)}")
    parser.add_argument("--out", type=Path, default=None, help="where the files go (default SCENE_DIR/export)")
    parser.add_argument("--force", action="store_true", help="replace a folder that holds other files")


def run(args: argparse.Namespace) -> int:
    """Open the scene, export it, write the manifest; prints one line per file."""
    formats = parse_formats(args.to, where="--to")
    folder: Path = args.scene_dir
    for name in ("scene.blend", "layout.json"):
        if not (folder / name).is_file():
            raise BadInput(f"has no {name} (not an output folder of generate)", f"SCENE_DIR {folder}")
    try:
        layout = json.loads((folder / "layout.json").read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise BadInput(f"layout.json is not JSON ({exc.msg}, line {exc.lineno})", f"SCENE_DIR {folder}") from None
    from ..bl.export import export_scene, open_scene

    target = export_scene(folder, formats, layout, open_scene(folder / "scene.blend"), target=args.out,
                          force=args.force)
    if args.out is None and (folder / "report.json").is_file():
        from ..core.export.manifest import write_manifest

        write_manifest(folder)  # the manifest lists the new files
    for path in sorted(target.iterdir()):
        print(path)
    return 0
