"""Token benchmark of the reviewer stage (issue 16): the prompt with the scene pasted (the audit
lines and the constraint script) against the prompt with the scene query tool (schema, label
space, pitfalls, an audit summary) plus a typical review exchange of three queries, for scenes
of 10 to 1,000 objects.

    python scripts/benchmark_tokens.py [--out docs/benchmark_tokens.md]

The scenes are the generated dining room of the Q&A set tiled into a grid (1 to 100 copies, ids
suffixed), every 20th constraint marked failing; the relation list is the real library's. Tokens are counted with
tiktoken's o200k_base when it is installed with its data, else with the CLIP BPE tokenizer that
open-clip-torch ships (a real BPE vocabulary, available offline); the table says which.
"Tool, all input" is what the paper counts: every request of the exchange (the first prompt, then
the conversation again with each query and its result) summed. Images are the same in both modes
and are not counted. The crossover sets ``TOOL_ABOVE_CHARS`` (core/stages/reviewer_tool.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support.scenes import documents  # noqa: E402

from setdresser.blender_addon.core.model import ConstraintResult, PhysicsChecks, program_from_dict  # noqa: E402
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents  # noqa: E402
from setdresser.blender_addon.core.scene_db.labels import label_space  # noqa: E402
from setdresser.blender_addon.core.scene_db.results import for_model  # noqa: E402
from setdresser.blender_addon.core.scene_db.rows import build_rows  # noqa: E402
from setdresser.blender_addon.core.scene_db.schema import schema_text  # noqa: E402
from setdresser.blender_addon.core.script_api import render_script  # noqa: E402
from setdresser.blender_addon.core.stages import reviewer, reviewer_tool  # noqa: E402
from setdresser.blender_addon.core.stages.catalog import RelationCatalog, default_catalog  # noqa: E402
from setdresser.blender_addon.core.stages.scene_tool import scene_tool_text  # noqa: E402
from setdresser.blender_addon.services.scene_store import SceneStore  # noqa: E402

COPIES = (1, 2, 3, 5, 7, 10, 30, 100)
QUERIES = ("MATCH (a:Object)-[r:RELATION]->(b) WHERE r.holds = false RETURN a.id, r.name, b.id, r.score",
           "MATCH (o:Object) RETURN o.category, count(*)",
           "MATCH (a:Object {id: 'chair_1'})-[r:RELATION]->(b) RETURN r.name, b.id, r.params, r.holds")


def counter() -> tuple[str, Callable[[str], int]]:
    """The token counter: tiktoken o200k_base if usable here, else CLIP's BPE."""
    try:
        import tiktoken

        encoding = tiktoken.get_encoding("o200k_base")
        return "tiktoken o200k_base", lambda text: len(encoding.encode(text))
    except Exception:  # not installed, or its vocabulary cannot be downloaded here
        from open_clip.tokenizer import SimpleTokenizer

        bpe = SimpleTokenizer()
        return "CLIP BPE (open_clip)", lambda text: len(bpe.encode(text))


def tiled(copies: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The dining room tiled ``copies`` times in a square grid: (layout, program)."""
    layout, program, _ = documents("dining_room")
    side = layout["bounds"]["max"][0] - layout["bounds"]["min"][0]
    cols = max(1, round(copies ** 0.5))
    out_layout = {**layout, "objects": [], "constraints": []}
    out_program = {**program, "objects": [], "constraints": []}
    for k in range(copies):
        dx, dy = (k % cols) * side, (k // cols) * side
        rename = (lambda oid: oid) if k == 0 else (lambda oid, k=k: f"{oid}_{k}")
        for obj in layout["objects"]:
            moved = json.loads(json.dumps(obj))
            moved["id"] = rename(obj["id"])
            moved["location"] = [obj["location"][0] + dx, obj["location"][1] + dy, obj["location"][2]]
            ids = {o["id"] for o in layout["objects"]}  # a wall or the ceiling (layout/4) keeps its id
            moved["support"] = rename(obj["support"]) if obj["support"] in ids else obj["support"]
            out_layout["objects"].append(moved)
        out_program["objects"] += [{**o, "id": rename(o["id"])} for o in program["objects"]]
        for con in program["constraints"]:
            out_program["constraints"].append({**con, "args": [rename(a) for a in con["args"]]})
    rows = int((copies - 1) // cols) + 1
    lo = layout["bounds"]["min"]
    out_layout["bounds"] = out_program["bounds"] = {"min": lo, "max": [lo[0] + cols * side, lo[1] + rows * side, 3.0]}
    for index, con in enumerate(out_program["constraints"]):
        out_layout["constraints"].append({"relation": con["relation"], "args": con["args"], "params": con["params"],
                                          "score": 0.4 if index % 20 == 19 else 1.0, "satisfied": index % 20 != 19})
    return out_layout, out_program


def measure(copies: int, count: Callable[[str], int], catalog: RelationCatalog) -> dict[str, Any]:
    """Dump and tool prompt sizes for one tiled scene."""
    layout, program_doc = tiled(copies)
    program = program_from_dict(program_doc)
    results = [ConstraintResult(c["relation"], tuple(c["args"]), dict(c["params"]), c["score"], c["satisfied"])
               for c in layout["constraints"]]
    checks = PhysicsChecks([], [], [])
    prompt = "a dining room with a table and six chairs, a sideboard against the wall with two lamps on it"
    audit = reviewer.audit_text(results, checks)
    script = render_script(program)
    dump = reviewer.build_request_messages([], prompt, audit, script, catalog)
    rows = build_rows(facts_from_documents(layout, program_doc))
    tool_text = scene_tool_text(schema_text(), label_space(rows))
    first = reviewer_tool.build_request_messages([], prompt, reviewer_tool.audit_summary(results, checks, program),
                                                 tool_text, catalog)
    first_tokens = sum(count(m.text) for m in first)
    total, conversation = first_tokens, first_tokens
    with SceneStore.in_memory(rows) as store:
        for query in QUERIES:
            call = json.dumps({"reasoning": "what the audit summary does not say", "query": query})
            conversation += count(call) + count(for_model(store.query(query)))
            total += conversation
    return {"objects": len(layout["objects"]), "dump_chars": len(audit) + len(script),
            "dump": sum(count(m.text) for m in dump), "tool_first": first_tokens, "tool_total": total}


def crossover_chars(measured: list[dict[str, Any]]) -> int | None:
    """Dump characters where the tool's whole exchange and the dump cost the same (linear between
    the last size where the dump is cheaper and the first where it is not)."""
    for before, after in zip(measured, measured[1:]):
        gap_before, gap_after = before["tool_total"] - before["dump"], after["tool_total"] - after["dump"]
        if gap_before > 0 >= gap_after:
            share = gap_before / (gap_before - gap_after)
            return int(round(before["dump_chars"] + share * (after["dump_chars"] - before["dump_chars"]), -3))
    return None


def main(argv: list[str] | None = None) -> int:
    """Measure every size, print the table and the crossover (and write it with --out)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the markdown table here")
    args = parser.parse_args(argv)
    name, count = counter()
    catalog = default_catalog()
    measured = [measure(copies, count, catalog) for copies in COPIES]
    crossover = next((m for m in measured if m["tool_total"] <= m["dump"]), None)
    threshold = crossover_chars(measured)
    lines = [f"# Reviewer prompt tokens: scene dump vs scene query tool ({name})", "",
             "| objects | dump chars (audit + script) | dump prompt | tool, first prompt "
             "| tool, all input (4 requests) "
             "| all input / dump |", "|---|---|---|---|---|---|"]
    lines += [f"| {m['objects']} | {m['dump_chars']} | {m['dump']} | {m['tool_first']} | {m['tool_total']} | "
              f"{m['tool_total'] / m['dump']:.2f} |" for m in measured]
    lines += ["", f"Crossover: the tool's whole exchange costs less than the dump from {crossover['objects']} objects "
              f"on; interpolated between the two sizes around it, at about {threshold:,} characters of audit + script: "
              "`TOOL_ABOVE_CHARS` (the reviewer's `--scene-tool auto`). The tool's first prompt stays about flat "
              "(schema, pitfalls and label space; the label space grows with the categories, not the objects)."
              if crossover and threshold else "No crossover in the measured range."]
    table = "\n".join(lines)
    print(table)
    if args.out:
        args.out.write_text(table + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
