"""The fidelity benchmark's prompt sets: a public ``tuned`` half and a ``heldout`` half
(tests/benchmark/tuned/prompts.json, tests/benchmark/heldout/prompts.json), assigned by a
seeded shuffle stratified by style (recorded in tests/benchmark/split.json).

A prompt is ``{"id", "style", "setting", "prompt", "checks": [...], "physics"?: {...}}``;
its checks are its scoring function (see scoring.py for the kinds).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

BENCHMARK_DIR = Path(__file__).resolve().parents[1]
HALVES = ("tuned", "heldout")
STYLES = ("spatial", "paper", "room", "instruction")
STYLE_TITLES = {
    "spatial": "(a) explicit spatial sentences",
    "paper": "(b) SceneCraft's and peers' queries",
    "room": "(c) open-ended room requests",
    "instruction": "(d) multi-sentence instructions",
    "legacy": "legacy 49-prompt set",
}
# every prompt id starts with its style's prefix (so a half's split can be checked from its ids alone)
ID_PREFIXES = {"sp": "spatial", "pq": "paper", "rm": "room", "ms": "instruction"}
SCHEMA = "setdresser.benchmark-prompts/1"
SPLIT_PATH = BENCHMARK_DIR / "split.json"


def set_path(half: str, root: Path = BENCHMARK_DIR) -> Path:
    return root / half / "prompts.json"


def load_half(half: str, root: Path = BENCHMARK_DIR) -> list[dict[str, Any]]:
    """The prompts of one half, each with ``half`` set (ValueError naming a bad file)."""
    path = set_path(half, root)
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("schema") != SCHEMA or doc.get("half") != half:
        raise ValueError(f"{path}: not a {SCHEMA} document for the {half!r} half")
    return [{**p, "half": half} for p in doc["prompts"]]


def load_file(path: Path) -> list[dict[str, Any]]:
    """The prompts of any prompts file of this schema (a dev set written for tuning), each with
    ``half`` set from the file's ``half`` field (ValueError naming a bad file)."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    if doc.get("schema") != SCHEMA or not isinstance(doc.get("half"), str) or doc["half"] in HALVES:
        raise ValueError(f"{path}: not a {SCHEMA} document of a set other than {' or '.join(HALVES)}")
    return [{**p, "half": doc["half"]} for p in doc["prompts"]]


def load_ids(half: str, root: Path = BENCHMARK_DIR) -> list[str]:
    """Only the ids of one half's prompts: what the self-tests may know of the held-out half."""
    return [str(p["id"]) for p in load_half(half, root)]


def style_of(prompt_id: str) -> str:
    """A prompt's style, read from its id's prefix (KeyError for an id of no style)."""
    return ID_PREFIXES[prompt_id[:2]]


def split_ids(prompts: list[dict[str, Any]], seed: int) -> dict[str, list[str]]:
    """Assign prompt ids to halves: per style, the sorted ids shuffled with
    ``random.Random(f"{seed}:{style}")``; the first half (rounded up) is tuned."""
    out: dict[str, list[str]] = {"tuned": [], "heldout": []}
    for style in STYLES:
        ids = sorted(p["id"] for p in prompts if p["style"] == style)
        random.Random(f"{seed}:{style}").shuffle(ids)
        cut = (len(ids) + 1) // 2
        out["tuned"] += sorted(ids[:cut])
        out["heldout"] += sorted(ids[cut:])
    return out


def dumps(half: str, prompts: list[dict[str, Any]]) -> str:
    """A half's prompts.json text: one prompt block each, one check per line."""
    blocks = []
    for p in prompts:
        head = {k: v for k, v in p.items() if k not in ("checks", "half")}
        lines = [f'  {{{json.dumps(head, ensure_ascii=False)[1:-1]}, "checks": [']
        lines += [f"    {json.dumps(c, ensure_ascii=False)}," for c in p["checks"]]
        lines[-1] = lines[-1].rstrip(",")
        blocks.append("\n".join(lines) + "\n  ]}")
    return f'{{"schema": "{SCHEMA}", "half": "{half}", "prompts": [\n' + ",\n".join(blocks) + "\n]}\n"


def write_split(prompts: list[dict[str, Any]], seed: int, root: Path = BENCHMARK_DIR) -> dict[str, list[str]]:
    """Split the prompts, write both halves and the split record; returns the assignment."""
    halves = split_ids(prompts, seed)
    for half, ids in halves.items():
        ordered = sorted(prompts, key=lambda p: (STYLES.index(p["style"]), p["id"]))
        chosen = [p for p in ordered if p["id"] in set(ids)]
        set_path(half, root).parent.mkdir(parents=True, exist_ok=True)
        set_path(half, root).write_text(dumps(half, chosen), encoding="utf-8")
    record = {"seed": seed, "method": "per style, sorted ids shuffled by random.Random(f'{seed}:{style}'), "
              "first half (rounded up) tuned", **halves}
    (root / "split.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return halves
