"""The scene Q&A benchmark (issue 16): the 60+ questions of ``tests/fixtures/scene_qa/qa.jsonl``
over seven generated scenes, asked of a model through the scene query tool, answers checked
with the typed-answer comparison rules of the 3D-scene-graph Cypher paper.

    python scripts/benchmark_qa.py --base-url URL --model NAME        # a real model (key: $OPENAI_API_KEY)
    python scripts/benchmark_qa.py --scripted                         # the tests' scripted model (a self-check)
    python scripts/benchmark_qa.py --base-url URL --model NAME --out docs/benchmark_qa.md

Prints (and with ``--out`` writes) success per question kind and per scene, queries per answer,
prompt/completion tokens as the endpoint reports them, and every failure with the model's answer.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the Q&A set and its scripted model live with the tests

from support.scene_qa import load_questions, scripted_model  # noqa: E402
from support.scenes import documents  # noqa: E402

from setdresser.blender_addon.core.scene_db.answers import answers_equal, parse_answer  # noqa: E402
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents  # noqa: E402
from setdresser.blender_addon.core.scene_db.rows import build_rows  # noqa: E402
from setdresser.blender_addon.core.stages.ask import ask_question  # noqa: E402
from setdresser.blender_addon.core.stages.base import LLMError  # noqa: E402
from setdresser.blender_addon.core.stages.scene_tool import SceneToolConfig  # noqa: E402
from setdresser.blender_addon.services.llm import LLMClient  # noqa: E402
from setdresser.blender_addon.services.llm_config import LLMConfig  # noqa: E402
from setdresser.blender_addon.services.scene_store import SceneStore  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 0 (1 when the scripted self-check misses a question)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL"), help="OpenAI-compatible endpoint")
    parser.add_argument("--model", default="gpt-4.1", help="model name (default gpt-4.1, the paper's)")
    parser.add_argument("--scripted", action="store_true", help="use the tests' scripted model on a local server")
    parser.add_argument("--max-queries", type=int, default=5, help="queries per answer (default 5)")
    parser.add_argument("--scene", action="append", help="only these scenes (repeatable)")
    parser.add_argument("--out", type=Path, help="write the result table (markdown) here")
    args = parser.parse_args(argv)
    if not args.scripted and not args.base_url:
        parser.error("give --base-url (or OPENAI_BASE_URL), or --scripted")
    questions = [q for q in load_questions() if not args.scene or q["scene"] in args.scene]
    with ExitStack() as stack:
        results = run_all(questions, args, stack)
    table = report(results, "scripted model" if args.scripted else f"{args.model} at {args.base_url}")
    print(table)
    if args.out:
        args.out.write_text(table + "\n", encoding="utf-8")
    return 1 if args.scripted and not all(r["ok"] for r in results) else 0


def run_all(questions: list[dict[str, Any]], args: argparse.Namespace, stack: ExitStack) -> list[dict[str, Any]]:
    """Ask every question; one database per scene, one client for the run."""
    server = None
    if args.scripted:
        from support.openai_server import OpenAIServer

        server = stack.enter_context(OpenAIServer())
    client = LLMClient(LLMConfig(base_url=server.url if server else args.base_url, model=args.model,
                                 api_key=os.environ.get("OPENAI_API_KEY", "") or "no-key", max_attempts=3))
    results = []
    for scene in sorted({q["scene"] for q in questions}):
        rows = build_rows(facts_from_documents(*documents(scene)))
        with SceneStore.in_memory(rows) as store:
            for entry in (q for q in questions if q["scene"] == scene):
                if server is not None:
                    server.script(*scripted_model(entry))
                results.append(ask_one(client, rows, store, entry, args.max_queries))
                verdict = "ok" if results[-1]["ok"] else "WRONG"
                print(f"{entry['id']}: {verdict} ({results[-1]['given']})", file=sys.stderr)
    return results


def ask_one(client: LLMClient, rows: Any, store: SceneStore, entry: dict[str, Any], max_queries: int) -> dict[str, Any]:
    """One question: the answer, whether it equals the gold, queries and tokens spent."""
    before = len(client.calls)
    try:
        answer, trace = ask_question(client, rows, store.query, entry["question"],
                                     config=SceneToolConfig(max_queries=max_queries))
        given, ok, queries = answer.text, answers_equal(answer.value, parse_answer(entry["answer"])), len(trace.queries)
    except LLMError as exc:
        given, ok, queries = f"(no answer: {exc})", False, 0
    calls = client.calls[before:]
    return {"id": entry["id"], "scene": entry["scene"], "kind": entry["kind"], "ok": ok, "given": given,
            "gold": entry["answer"], "queries": queries, "prompt_tokens": sum(c.prompt_tokens for c in calls),
            "completion_tokens": sum(c.completion_tokens for c in calls)}


def report(results: list[dict[str, Any]], who: str) -> str:
    """The markdown table: success per kind and per scene, averages, the failures."""
    lines = [f"# Scene Q&A benchmark ({who})", "", f"{sum(r['ok'] for r in results)}/{len(results)} correct.", "",
             "| group | questions | correct | success | queries/answer | prompt tokens/answer |",
             "|---|---|---|---|---|---|"]
    for key in ("kind", "scene"):
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for result in results:
            groups[result[key]].append(result)
        for name, group in sorted(groups.items()):
            n = len(group)
            ok, queries = sum(r["ok"] for r in group), sum(r["queries"] for r in group)
            lines.append(f"| {key} {name} | {n} | {ok} | {ok / n:.2f} | {queries / n:.1f} | "
                         f"{sum(r['prompt_tokens'] for r in group) / n:.0f} |")
    wrong = [r for r in results if not r["ok"]]
    if wrong:
        lines += ["", "Failures:", ""] + [f"- {r['id']}: gave `{r['given']}`, gold `{r['gold']}`" for r in wrong]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
