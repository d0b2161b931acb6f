"""Render open-ended room requests (room archetypes, issue 14) and write docs/archetypes.md.

    python scripts/archetype_gallery.py [--out /tmp/archetypes] [--seed 0] [--resolution 384]

Each prompt goes through the real CLI (``python -m setdresser generate``, offline, Workbench);
the page shows each render with its object counts, how many relations hold and what the
planner did not understand, plus the list of archetypes in the data file.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes

ROOT = Path(__file__).resolve().parents[1]
PROMPTS = ("a cozy living room", "a kitchen", "a classroom", "a cafe terrace with people", "a bathroom",
           "a conference room for 8 people", "a bedroom for a teenager who likes music", "a home office",
           "a small Italian restaurant", "a campsite", "a small chapel", "a kids' playroom")


def run(prompt: str, out: Path, seed: int, resolution: int) -> dict:
    """Generate one scene; its report's figures."""
    cmd = [sys.executable, "-m", "setdresser", "generate", prompt, "--out", str(out), "--force",
           "--seed", str(seed), "--resolution", str(resolution)]
    subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT)
    layout = json.loads((out / "layout.json").read_text(encoding="utf-8"))
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    results = layout.get("constraints", [])
    held = sum(bool(r.get("satisfied")) for r in results)
    kinds = Counter(o["category"] for o in layout["objects"])
    return {"objects": ", ".join(f"{n} {k}" if n > 1 else k for k, n in kinds.items()),
            "held": f"{held}/{len(results)}", "unparsed": report.get("unparsed", [])}


def page(rows: list[tuple[str, str, dict]], seed: int) -> str:
    """The markdown of docs/archetypes.md."""
    book = load_archetypes()
    lines = ["# Room archetypes: open-ended room requests", "",
             "A prompt that names a room or scene type is furnished from its archetype "
             "(`blender_addon/core/knowledge/archetypes/archetypes.json`, schema in docs/contracts.md); "
             "objects the prompt names replace or add to it, `--no-complete` keeps only them. "
             f"Renders: offline planner, seed {seed}, `python scripts/archetype_gallery.py`.", ""]
    for prompt, image, row in rows:
        lines += [f"## \"{prompt}\"", "", f"![{prompt}]({image})", "",
                  f"Objects: {row['objects']}. Relations holding: {row['held']}. "
                  f"Not understood: {'; '.join(row['unparsed']) or 'nothing'}.", ""]
    lines += [f"## The {len(book.archetypes)} archetypes", "", "| id | setting | names | capacity |",
              "|---|---|---|---|"]
    lines += [f"| {a.id} | {a.setting} | {', '.join(a.names[:4])} | {a.capacity} |" for a in book.archetypes]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/archetypes"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--resolution", type=int, default=384)
    args = parser.parse_args(argv)
    images = ROOT / "docs" / "archetypes"
    images.mkdir(parents=True, exist_ok=True)
    rows = []
    for prompt in PROMPTS:
        slug = "".join(c if c.isalnum() else "_" for c in prompt).strip("_")
        row = run(prompt, args.out / slug, args.seed, args.resolution)
        shutil.copyfile(args.out / slug / "render.png", images / f"{slug}.png")
        rows.append((prompt, f"archetypes/{slug}.png", row))
        print(f"{prompt}: {row['held']} relations hold; {row['objects']}")
    (ROOT / "docs" / "archetypes.md").write_text(page(rows, args.seed), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
