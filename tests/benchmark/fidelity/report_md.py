"""docs/benchmark.md for the fidelity benchmark: pass rate and mean score per half and style
next to a saved baseline, failure classes, the public half prompt by prompt (the held-out
half only in aggregate), and the method."""

from __future__ import annotations

from typing import Any

from .prompt_sets import STYLE_TITLES
from .runner import failure_classes, summarise

HALF_ORDER = ("tuned", "heldout", "dev", "legacy")


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f}%"


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def summary_table(rows: list[dict[str, Any]], baseline: dict[str, Any] | None) -> list[str]:
    """Half x style: prompts, passed, pass rate, mean score, and the baseline's two figures."""
    base = (baseline or {}).get("summary", {})
    label = (baseline or {}).get("label", "baseline")
    lines = [f"| half | style | prompts | passed | pass rate | mean score | {label}: pass rate | {label}: mean score |",
             "|---|---|---|---|---|---|---|---|"]
    current = summarise(rows)
    for half in [h for h in HALF_ORDER if h in current]:
        styles = [s for s in STYLE_TITLES if s in current[half] and s != "all"]
        for style in [*styles, "all"] if len(styles) > 1 else styles:
            fig, old = current[half][style], base.get(half, {}).get(style)
            name = "**all styles**" if style == "all" else STYLE_TITLES[style]
            lines.append(f"| {half} | {name} | {fig['prompts']} | {fig['passed']} | {_pct(fig['pass_rate'])} | "
                         f"{_num(fig['mean_score'])} | {_pct(old['pass_rate']) if old else '–'} | "
                         f"{_num(old['mean_score']) if old else '–'} |")
    return lines


def failure_table(rows: list[dict[str, Any]]) -> list[str]:
    """Failing required checks by kind (the failure classes), per half."""
    classes = failure_classes(rows)
    halves = [h for h in HALF_ORDER if h in classes and h != "legacy"]
    kinds = sorted({k for h in halves for k in classes[h]}, key=lambda k: -sum(classes[h][k] for h in halves))
    lines = ["| check kind | " + " | ".join(f"failing in {h}" for h in halves) + " |",
             "|---|" + "---|" * len(halves)]
    lines += [f"| {k} | " + " | ".join(str(classes[h][k]) for h in halves) + " |" for k in kinds]
    return lines


def tuned_table(rows: list[dict[str, Any]], baseline: dict[str, Any] | None) -> list[str]:
    """Every public prompt: verdict, score, its failing checks (with details), the baseline verdict."""
    old = (baseline or {}).get("prompts", {})
    lines = ["| id | style | pass, score | previous | failing checks | not understood |", "|---|---|---|---|---|---|"]
    for r in rows:
        if r["half"] not in ("tuned", "dev"):
            continue
        failing = "; ".join(f"{c['name']} ({c['detail']})" if c["required"] else f"*{c['name']}*"
                            for c in r["checks"] if not c["ok"])
        if r["status"]:
            failing = f"generate failed: {r['error']}"
        lines.append(f"| {r['id']} | {r['style']} | {_verdict(r)} | {_verdict(old.get(r['id']))} | "
                     f"{_cell(failing) or '–'} | {_cell('; '.join(r['not_understood'])) or '–'} |")
    return lines


def _verdict(row: dict[str, Any] | None) -> str:
    return "–" if row is None else f"{'yes' if row['passed'] else 'no'} {row['score']:.2f}"


def _cell(text: str, limit: int = 600) -> str:
    text = text.replace("|", "/").replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + " …"


METHOD = [
    "## How the numbers are made", "",
    "- **Prompts** (`tests/benchmark/tuned/prompts.json`, `tests/benchmark/heldout/prompts.json`): 176 prompts in four "
    "styles, 44 each, written the way people type them (not the way the offline parser reads): (a) explicit spatial "
    "sentences; (b) the SceneCraft paper's own queries, its peers' (Holodeck, LayoutGPT, Infinigen, SetItUp) and "
    "queries in their spirit; (c) open-ended room requests; (d) LEGO-Bench-style instructions of 3-6 sentences. "
    "They cover architecture (doors, windows, wall-hung things), named surfaces, size words, colours and materials, "
    "counts and distributions, group shapes, orientation, negation, people/creatures/animals/vehicles/buildings and "
    "outdoor scenes. Halves are assigned by a seeded shuffle stratified by style (`tests/benchmark/split.json`).",
    "- **Scoring**: each prompt carries its own list of named checks (its scoring function, written from the prompt's "
    "text), run by `tests/benchmark/fidelity/` over the output folder's `layout.json` (v1 or v2). "
    "`scene_graph.json` is never read (it is the tool's own reading); `report.json` only for labelled boxes and the "
    "not-understood parts (shown, not scored). Every prompt also gets five universal checks measured by the benchmark "
    "itself: no big overlaps (oriented boxes interpenetrating over 5 cm and 5% of the smaller volume; rugs, declared "
    "supports and a chair tucked under a table up to 35 cm exempt), nothing floating (on the ground, on a top or "
    "declared inner surface, on a wall indoors, or at the ceiling), inside the room, no labelled grey box, and no "
    "phantom object (a category that names a place, part, shape or direction: \"headboard\", \"l shape\").",
    "- **Verdicts**: a prompt **passes** when all its required checks pass (checks marked optional are the extras "
    "people would like but do not demand, e.g. a rug in a cozy living room); its **score** is the share of all its "
    "checks that pass. A prompt whose `generate` fails scores 0.",
    "- **Vocabulary** (`tests/benchmark/fidelity/vocabulary.json`): the benchmark's own object concepts with the names "
    "people use (sofa/couch/settee, TV/telly, bookcase/bookshelf, fridge/refrigerator ...), concept groups for "
    "open-ended expectations (seating, focal point, kitchen worktop ...), colour and material words, and the "
    "non-object words. Nothing is imported from the product's knowledge base, skill library or evaluator.",
    "- **Geometry**: oriented footprints from `location`, `rotation_euler` and `dimensions` (front = local -Y); left, "
    "right, in front and behind read in the target's frame as seen by someone facing it; walls are the sides of "
    "the room's bounds (north = +Y); doors and windows are v2 `room.openings` (or door/window objects flush with a "
    "wall). Tolerances are per check and written in the prompt files.",
    "- The held-out half is reported here only in aggregate: do not tune on it (see `tests/benchmark/heldout/README.md`).",
    "",
]


def markdown(rows: list[dict[str, Any]], info: dict[str, str], baseline: dict[str, Any] | None) -> str:
    """The whole page."""
    lines = ["# Set Dresser benchmark: does the scene say what the text said?", "",
             "Each prompt is run through the real CLI and judged by its own checks over the output files, as an "
             "outsider would: the product's own audit reads the program it wrote, this reads the text the user wrote.",
             "", f"Run: {info['date']}, commit `{info['commit']}`, backend `{info['llm']}`, render `{info['render']}`, "
             f"seed {info['seed']}. Reproduce: `{info['command']}`.", "",
             "## Pass rate per half and style", "", *summary_table(rows, baseline), ""]
    if baseline:
        lines += [f"Baseline: {baseline.get('label')} (commit `{baseline.get('commit')}`), from "
                  f"`{info.get('baseline_path', 'docs/benchmark_baseline.json')}`.", ""]
    lines += ["## Failure classes", "", "Failing required checks by kind (a prompt can fail several):", "",
              *failure_table(rows), ""]
    if any(r["half"] == "tuned" for r in rows):
        lines += ["## Public (tuned) half, prompt by prompt", "",
                  "Failing checks show the benchmark's measurement in brackets; optional checks are in italics.", "",
                  *tuned_table(rows, baseline), ""]
    if any(r["half"] == "legacy" for r in rows):
        lines += ["The legacy 49-prompt set's detailed table (with the `evaluate` metrics) is in "
                  "[benchmark_legacy.md](benchmark_legacy.md).", ""]
    return "\n".join(lines + METHOD)
