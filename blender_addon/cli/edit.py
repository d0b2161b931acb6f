"""``python -m setdresser edit SCENE_DIR "instruction" [--out DIR | --in-place]`` (issue 17).

Reads a generated scene folder (program.json, layout.json, scene_graph.json), turns the
instruction into a program delta (move, add, remove, replace, swap, rotate/turn to face,
resize, restyle; references grounded by the CSP of ``core/edit``), locks every untouched
object, re-solves only what changed and writes a NEW folder (default ``SCENE_DIR-edit``,
``-edit2``...) with the same files plus ``edit.json``. The source is never overwritten
unless ``--in-place``; then every file is written beside it first and moved in at the end.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from ..core.errors import BadInput
from . import EXIT_CUT_SHORT, add_budget_arguments, budget_from_args

log = logging.getLogger(__name__)
RENDERS = ("workbench", "cycles", "none")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the ``edit`` arguments."""
    parser.add_argument("scene", type=Path, help="a folder written by generate (or by an earlier edit)")
    parser.add_argument("instruction", help='what to change, e.g. "move the lamp from the left nightstand to the desk"')
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", type=Path, default=None, help="new output folder (default: SCENE-edit, -edit2, ...)")
    where.add_argument("--in-place", action="store_true", help="replace the scene folder's files (atomically)")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the re-solve")
    add_budget_arguments(parser)
    parser.add_argument("--ask", action="store_true",
                        help="stop with the candidates when a reference is ambiguous (default: the solver chooses)")
    parser.add_argument("--render", choices=RENDERS, default="workbench", help="render engine, or none")
    parser.add_argument("--resolution", type=int, default=512, help="image width in pixels")
    parser.add_argument("--llm", choices=("offline", "openai"), default="offline",
                        help="offline: the edit grammar and the grounding solver (default); openai: the model reads "
                             "the instruction and queries the scene database for the ids it means")
    parser.add_argument("--max-queries", type=int, default=5, help="database queries the model may run (--llm openai)")
    from ..services.llm_config import add_llm_arguments  # flags only: no openai import

    add_llm_arguments(parser)


def _read(folder: Path, name: str, *, required: bool = True) -> Any:
    path = folder / name
    if not path.is_file():
        if required:
            raise BadInput(f"no {name}: not a folder written by generate", str(folder))
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"malformed {name}: {exc}", str(path)) from None


def default_out(scene: Path) -> Path:
    """``SCENE-edit``, else ``SCENE-edit2``... : the first that does not exist."""
    base = scene.resolve()
    for n in range(1, 10_000):
        candidate = base.with_name(f"{base.name}-edit" + (str(n) if n > 1 else ""))
        if not candidate.exists():
            return candidate
    raise BadInput("too many edit folders", str(scene))


def _target(args: argparse.Namespace) -> Path:
    if args.in_place:
        return args.scene
    out = args.out or default_out(args.scene)
    if out.exists() and any(out.iterdir()):
        raise BadInput("exists and is not empty; choose another folder or use --in-place on the scene itself",
                       f"--out {out}")
    return out


def run(args: argparse.Namespace) -> int:
    """Edit the scene; returns the exit status."""
    from ..core.edit.run import plan_edit, restyled_graph
    from ..core.stage_set import numpy_solve

    program, layout, graph = _load_scene(args)
    out = _target(args)
    print(f"   edit {args.instruction!r} on {args.scene}")
    ops, transcript = _llm_ops(args, layout) if args.llm == "openai" or args.replay else (None, None)
    solved: list[Any] = []  # every re-solve, to tell whether the time cap cut one short
    budget = budget_from_args(args)

    def resolve(p: Any, seed: int) -> Any:
        solved.append(numpy_solve(p, seed, budget, layout.prompt))
        return solved[-1]

    result = plan_edit(program, layout, args.instruction, resolve, seed=args.seed, ask=args.ask, ops=ops)
    result.transcript = transcript
    new_graph = restyled_graph(graph, result.outcome)
    _show_changes(result)
    _write_all(args, out, result, new_graph)
    doc = result.to_dict(str(args.scene))["result"]
    physics = "physics ok" if doc["physics_valid"] else "physics INVALID"
    print(f"   done {doc['relations_held']}/{doc['relations']} relations hold; {physics}; "
          f"re-solved {len(result.outcome.affected)} object(s)")
    print(f"  files {out}")
    if any(s.solve is not None and s.solve.cut_short for s in solved):
        print(f"warning: {budget.cut_short_warning('the re-solve', 'edit')}")
        return EXIT_CUT_SHORT if doc["physics_valid"] else 1
    return 0 if doc["physics_valid"] else 1


def _load_scene(args: argparse.Namespace) -> tuple[Any, Any, Any]:
    """The scene folder's program, layout and scene graph (None when it has none); a missing
    folder or an empty instruction is bad input."""
    from ..core.model import layout_from_dict, program_from_dict
    from ..core.scene_graph import scene_graph_from_dict

    if not args.scene.is_dir():
        raise BadInput("no such scene folder", str(args.scene))
    if not args.instruction.strip():
        raise BadInput("the instruction is empty", "INSTRUCTION")
    program = program_from_dict(_read(args.scene, "program.json"))
    layout = layout_from_dict(_read(args.scene, "layout.json"))
    raw_graph = _read(args.scene, "scene_graph.json", required=False)
    graph = scene_graph_from_dict(raw_graph) if raw_graph is not None else None
    return program, layout, graph


def _show_changes(result: Any) -> None:
    """The solver's choices among candidate assets and every change the edit made."""
    for what, choice in result.choices.items():
        print(f" choice {what}: could be {', '.join(choice['candidates'])}; the solver chose {choice['chosen']}")
    for line in result.outcome.changes:
        print(f" change {line}")


def _llm_ops(args: argparse.Namespace, layout: Any) -> tuple[Any, Path]:
    """The model's operations (through the scene query tool) and the transcript it wrote."""
    from .ask import _backend
    from ..core.stages.edit import edit_operations
    from ..core.stages.scene_tool import SceneToolConfig
    from ..core.transcript import TranscriptWriter
    from ..services.scene_folder import open_folder

    if args.max_queries < 1:
        raise BadInput(f"must be at least 1, got {args.max_queries}", "--max-queries")
    store, rows, _ = open_folder(args.scene)
    path = Path(tempfile.mkdtemp(prefix="setdresser-edit-")) / "transcript.jsonl"
    transcript = TranscriptWriter(path)
    try:
        ops, trace = edit_operations(_backend(args, transcript), rows, store.query, args.instruction,
                                     known=[o.id for o in layout.objects],
                                     config=SceneToolConfig(max_queries=args.max_queries))
    finally:
        transcript.close()
        store.close()
    queries = len(trace.queries)
    print(f"    llm {len(ops)} operation(s) after {queries} database quer{'y' if queries == 1 else 'ies'}")
    return ops, path


def _write_all(args: argparse.Namespace, out: Path, result: Any, graph: Any) -> None:
    """Every file into a fresh sibling folder, then moved into ``out`` (atomic per file)."""
    from ..core.script_api import render_script

    out.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        docs = {"layout.json": result.layout.to_dict(), "program.json": result.outcome.program.to_dict(),
                "edit.json": result.to_dict(str(args.scene))}
        if graph is not None:
            docs["scene_graph.json"] = graph.to_dict()
        for name, data in docs.items():
            (stage / name).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        if getattr(result, "transcript", None) is not None:
            shutil.move(str(result.transcript), stage / "transcript.jsonl")
            shutil.rmtree(result.transcript.parent, ignore_errors=True)
        (stage / "program.py").write_text(render_script(result.outcome.program, f"edited: {result.instruction}"),
                                          encoding="utf-8")
        _build(args, stage, result, graph)
        from ..services.scene_folder import write_scene_documents

        write_scene_documents(stage, docs["layout.json"], docs["program.json"], docs.get("scene_graph.json"))
        out.mkdir(parents=True, exist_ok=True)
        for path in sorted(stage.iterdir()):
            os.replace(path, out / path.name)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _build(args: argparse.Namespace, stage: Path, result: Any, graph: Any) -> None:
    from ..bl.edit_build import build_edited

    hints = {a.id: list(a.hints) for a in graph.assets} if graph is not None else {}
    for oid, colour in result.outcome.colors.items():
        hints[oid] = [h for h in hints.get(oid, []) if h != colour] + [colour]
    build_edited(result.layout, hints, stage, seed=args.seed, prompt=result.layout.prompt,
                 render=args.render, resolution=args.resolution)
