"""``python -m setdresser generate "PROMPT" --out DIR``: text to a Blender scene (CONTRACTS §2).

Writes scene.blend, render.png, layout.json, report.json, scene_graph.json, program.py,
program.json and transcript.jsonl into DIR; progress per stage goes to stderr with rich.
bpy is imported only inside :func:`run`, so ``--help`` and the dispatcher stay light.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import re
import shutil
import signal
import threading
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator, Mapping

from ..core.errors import BadInput, SetDresserError
from . import EXIT_CUT_SHORT, add_budget_arguments
from .console import make_console, safe_text as _safe, show_event, show_summary
from .out_folder import changed_files, run_lock
from ..core.export.formats import EXPORT_DIR, foreign_export_entries, parse_formats
from ..core.pipeline import GenerateRequest, GenerateResult, drive, run as run_pipeline
from ..core.report import RunInfo, build_report, build_timings, foreign_entries, iteration_dict

log = logging.getLogger(__name__)

RENDER_CHOICES = ("none", "workbench", "eevee", "cycles")
LLM_CHOICES = ("offline", "openai")
MIN_RESOLUTION, MAX_RESOLUTION = 16, 8192


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of CONTRACTS §2."""
    parser.add_argument("prompt", help="the scene description, in plain English")
    parser.add_argument("--out", required=True, type=Path, help="output directory (created if missing)")
    parser.add_argument("--llm", choices=LLM_CHOICES, default=None,
                        help="planner/coder backend (default: openai when OPENAI_BASE_URL or OPENAI_API_KEY "
                             "is set, else offline: no network, no key)")
    parser.add_argument("--seed", type=int, default=0, help="random seed: same prompt + seed = same scene")
    parser.add_argument("--max-iterations", type=int, default=3, help="solve/build/audit rounds at most (default 3)")
    add_budget_arguments(parser)
    parser.add_argument("--render", choices=RENDER_CHOICES, default="workbench",
                        help="render engine (default workbench)")
    parser.add_argument("--resolution", type=int, default=512, help="image width in pixels (4:3; default 512)")
    parser.add_argument("--assets", type=Path, nargs="+", default=None,
                        help="folders of your own 3D models, or indexes made by index-assets (docs/user_assets.md)")
    parser.add_argument("--force", action="store_true", help="write into a directory that holds other files")
    parser.add_argument("--no-complete", dest="complete", action="store_false",
                        help="offline planner: place only what the prompt names (no room archetype completion)")
    parser.add_argument("--no-settle", dest="settle", action="store_false",
                        help="skip the rigid-body settle check of each build (objects that move or topple)")
    parser.add_argument("--top-view", action="store_true",
                        help="also write the review views: review_top.png (the labelled top-down view) and "
                             "review_view2.png (a second perspective); always written when an LLM reviewer reads them")
    # the old loop for A/B timing (scripts/benchmark_generate.py): a revision equal to its round is solved again
    parser.add_argument("--resolve-unchanged", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--export", default=None, help="also export to these formats (comma-separated: glb, gltf, "
                        "usd, fbx, obj) into DIR/export with nodes.json")
    from ..services.llm_config import add_llm_arguments  # flags only: no openai import

    add_llm_arguments(parser)


def check_args(args: argparse.Namespace) -> None:
    """Reject bad flags before Blender starts (BadInput names the flag); settle the --llm default."""
    if args.llm is None:
        args.llm = default_llm()
        if args.llm == "openai":
            log.warning("using --llm openai because OPENAI_BASE_URL/OPENAI_API_KEY is set; "
                        "pass --llm offline to stay offline")
    if not args.prompt.strip():
        raise BadInput("the description is empty", "PROMPT")
    for path in args.assets or ():
        if not path.exists():
            raise BadInput("no such folder or asset index", f"--assets {path}")
    if args.max_iterations < 1:
        raise BadInput(f"must be at least 1, got {args.max_iterations}", "--max-iterations")
    if not MIN_RESOLUTION <= args.resolution <= MAX_RESOLUTION:
        raise BadInput(f"must be between {MIN_RESOLUTION} and {MAX_RESOLUTION}, got {args.resolution}", "--resolution")
    check_out_dir(args.out, force=args.force)
    args.export = parse_formats(args.export) if args.export else ()
    exports = args.out / EXPORT_DIR
    if args.export and exports.is_dir() and not args.force and foreign_export_entries(os.listdir(exports)):
        raise BadInput("holds files an export did not write; choose another directory or pass --force",
                       f"--out {exports}")


def check_out_dir(out: Path, *, force: bool) -> None:
    """Refuse a directory holding files a run did not write, unless ``force``."""
    if out.exists() and not out.is_dir():
        raise BadInput("exists and is not a directory", f"--out {out}")
    if not out.exists() or force:
        return
    foreign = foreign_entries([p.name for p in out.iterdir()])
    if foreign:
        shown = ", ".join(foreign[:5]) + (" ..." if len(foreign) > 5 else "")
        raise BadInput(f"holds files Set Dresser did not write ({shown}); choose another directory or pass --force",
                       f"--out {out}")
    changed = changed_files(out)
    if changed:
        shown = ", ".join(changed[:3]) + (" ..." if len(changed) > 3 else "")
        raise BadInput(f"{shown}; choose another directory or pass --force", f"--out {out}")
    blend, report = out / "scene.blend", out / "report.json"
    if blend.exists() and (not report.exists() or blend.stat().st_mtime > report.stat().st_mtime + 1.0):
        # the .blend was saved after our run wrote its report: the user edited it; do not lose that work
        raise BadInput("scene.blend was changed after Set Dresser wrote it; choose another directory or pass --force",
                       f"--out {out}")


@contextlib.contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Hold a Ctrl-C (SIGINT) that arrives inside the block and raise it after: Blender's start-up
    catches KeyboardInterrupt itself (it printed a traceback and the run went on to exit 0). A
    process started with SIGINT ignored (a background job) keeps ignoring it."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    """Generate the scene and write every output file; returns the exit status. A Ctrl-C at any
    moment ends it with KeyboardInterrupt (the CLI: exit 130, one line); a folder this run
    created is removed then, so an interrupted first run leaves no partial files."""
    check_args(args)
    existed = args.out.exists()
    try:
        with deferred_interrupt():
            _start_blender()
        with run_lock(args.out):
            return _generate(args)
    except KeyboardInterrupt:
        if not existed:
            shutil.rmtree(args.out, ignore_errors=True)
        raise


def _start_blender() -> None:
    from ..bl import driver, scene_setup  # noqa: F401  (imports bpy: Blender starts here)


def _generate(args: argparse.Namespace) -> int:
    from ..bl.driver import BlenderDriver
    from ..bl.scene_setup import empty_scene
    from ..core.stages.base import LLMError

    console = make_console()
    if not args.verbose:
        # unknown nouns and the like reach the user as notices below; their log lines would repeat them
        logging.getLogger(__package__.split(".")[0]).setLevel(logging.ERROR)
    use_llm = uses_llm(args)
    request = _request(args, use_llm)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    session = _open_llm(args, out) if use_llm else None
    try:
        with deferred_interrupt():
            scene = empty_scene()  # before indexing: it starts from factory settings
        stages, builder, user_assets = _stages(session, args), None, None
        if args.assets:
            user_assets = open_user_assets(args.assets, console)
            stages, builder = user_assets.stages(stages), user_assets.builder(args.seed)
        driver = BlenderDriver(stages, request, out, builder=builder, scene=scene)
        try:
            result = drive(run_pipeline(request), driver.fulfil, lambda event: show_event(console, event))
        except LLMError as exc:  # names the stage and the endpoint; the transcript keeps the details
            console.print(f"[bold red]  error[/] {_safe(str(exc))}", markup=True)
            return 1
    finally:
        if session is not None:
            session.close()
    info = _run_info(session, driver, user_assets, time.perf_counter() - started)
    _finish_run(out, result, info, session, user_assets, args.export, console)
    return EXIT_CUT_SHORT if any(r.cut_short for r in result.iterations) else 0


def _request(args: argparse.Namespace, use_llm: bool) -> GenerateRequest:
    """The pipeline request the command line asks for."""
    return GenerateRequest(prompt=args.prompt.strip(), seed=args.seed, max_iterations=args.max_iterations,
                           time_budget=args.time_budget, effort=args.effort, render=args.render,
                           resolution=args.resolution,
                           # the vision reviewer looks at every iteration, even one the audit passes
                           review_renders=use_llm and args.render != "none", always_review=use_llm,
                           settle=args.settle, top_view=args.top_view, resolve_unchanged=args.resolve_unchanged)


def _run_info(session: Any, driver: Any, user_assets: Any, total_seconds: float) -> RunInfo:
    """What report.json says about the run: backend, timings, model usage, asset choices."""
    from ..bl.driver import asset_fallbacks, versions

    return RunInfo(backend=session.name if session else "offline", timings=dict(driver.timings),
                   stage_calls=dict(driver.calls), total_seconds=total_seconds, versions=versions(),
                   llm_calls=session.call_count() if session else 0,
                   llm_tokens=session.token_totals() if session else {"prompt": 0, "completion": 0},
                   llm_stages=session.usage_by_stage() if session else {},
                   asset_retrieval=user_assets.report() if user_assets else [],
                   asset_fallbacks=asset_fallbacks(driver.collection))


def _finish_run(out: Path, result: GenerateResult, info: RunInfo, session: Any, user_assets: Any,
                formats: tuple[str, ...], console: Any) -> None:
    """Every output file of a finished run, then the summary on the console."""
    if user_assets:
        show_asset_choices(console, info.asset_retrieval)
    for placed in result.layout.objects:  # layout v2: which objects a family shape or a box stands in for
        placed.asset_fallback = info.asset_fallbacks.get(placed.id) or None
    write_outputs(out, result, info, transcript_written=session is not None)
    from ..core.learning.edits import FunctionEditLog, write_function_edits

    # which library functions the scripts modified or added and why, and the versions used
    edits = session.edits if session is not None else FunctionEditLog()
    edits.record(result.program, "coder" if session is None else "final", 0)
    write_function_edits(out, edits, result.request.prompt)
    finish_files(out, result, formats, console)
    show_summary(console, result, out)


def finish_files(out: Path, result: GenerateResult, formats: tuple[str, ...], console: Any) -> None:
    """The exports asked for (from the scene still in memory), then manifest.json, written last
    so that it lists every file of the run."""
    from ..core.export.manifest import write_manifest

    if formats:
        from ..bl.export import export_scene

        target = export_scene(out, formats, result.layout.to_dict(), force=True)
        console.print(f"[bold cyan] export[/] {_safe(', '.join(sorted(p.name for p in target.iterdir())))}",
                      markup=True)
    write_manifest(out)


def default_llm(environ: Mapping[str, str] = os.environ) -> str:
    """CONTRACTS §2: offline is the default when no LLM endpoint is configured."""
    return "openai" if environ.get("OPENAI_BASE_URL") or environ.get("OPENAI_API_KEY") else "offline"


def uses_llm(args: argparse.Namespace) -> bool:
    """``--llm openai``, or a recorded transcript to replay (which needs no network)."""
    return args.llm == "openai" or bool(getattr(args, "replay", None))


def _open_llm(args: argparse.Namespace, out: Path) -> Any:
    from ..services.llm_pipeline import open_session  # imports openai: only for LLM runs

    return open_session(args, out)


def _stages(session: Any, args: argparse.Namespace) -> Any:
    if session is None:
        from ..core.stage_set import offline_stages

        return offline_stages(complete=args.complete, seed=args.seed)
    from ..services.llm_pipeline import llm_stage_set

    return llm_stage_set(session)


def open_user_assets(paths: list[Path], console: Any) -> Any:
    """Load (or first index) every ``--assets`` path; returns a ``bl.asset_import.UserAssets``."""
    from ..bl.asset_import import UserAssets
    from ..bl.asset_index_build import open_asset_indexes

    def on_file(done: int, total: int, path: str) -> None:
        if path:
            console.print(f"[bold cyan]  index[/] {done + 1}/{total} {_safe(Path(path).name)}", markup=True)

    user_assets = UserAssets.from_indexes(open_asset_indexes(paths, progress=on_file))
    console.print(f"[bold cyan] assets[/] {len(user_assets.records)} user assets", markup=True)
    for note in user_assets.notes:
        console.print(f"[bold yellow]   note[/] {_safe(note)}", markup=True)
    return user_assets


def show_asset_choices(console: Any, choices: Any) -> None:
    """One line per object: the user model it got (and how), or why the procedural one."""
    for choice in choices:
        got = (f"{Path(choice['file']).name} ({choice['method']})" if choice["asset"]
               else f"procedural ({choice['reason']})")
        console.print(f"[bold cyan] assets[/] {_safe(choice['object'])}: {_safe(got)}", markup=True)


def write_outputs(out: Path, result: GenerateResult, info: RunInfo, *, transcript_written: bool = False) -> None:
    """Every text file of CONTRACTS §2 (scene.blend and the renders are already written),
    plus each iteration's script and audit in ``iterations/NN/``."""
    _write_json(out / "layout.json", result.layout.to_dict())
    _write_json(out / "scene_graph.json", result.graph.to_dict())
    _write_json(out / "program.json", result.program.to_dict())
    write_whole(out / "program.py", result.script)
    if not transcript_written:  # offline: no LLM request was made
        write_whole(out / "transcript.jsonl", "")
    remove_stale_iterations(out, {record.iteration for record in result.iterations})
    remove_stale_renders(out, result.renders)
    for record in result.iterations:
        folder = out / "iterations" / f"{record.iteration:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        write_whole(folder / "program.py", record.script)
        _write_json(folder / "audit.json", iteration_dict(record, str(out)))
    _write_json(out / "report.json", build_report(result, replace(info, out_dir=str(out))))
    _write_json(out / "timings.json", build_timings(info))  # the wall clock: the one text file that never repeats
    from ..services.scene_folder import write_scene_documents  # skipped (logged) without the graph extra

    write_scene_documents(out, result.layout.to_dict(), result.program.to_dict(), result.graph.to_dict())


ITERATION_FILE = re.compile(r"^[a-z0-9_]+\.(png|json|py)$")  # program.py, audit.json, the renders


# as bl/driver.py RENDER_FILES
RENDER_NAMES = {"final": "render.png", "second": "review_view2.png", "top": "review_top.png"}


def remove_stale_renders(out: Path, written: Mapping[str, str]) -> None:
    """Delete the final renders an earlier run into ``out`` left and this run did not write
    (review_top.png offline without --top-view, render.png with --render none): a picture of
    another scene must not sit next to this one's layout."""
    for view, name in RENDER_NAMES.items():
        path = out / name
        if view not in written and path.is_file() and not path.is_symlink():
            path.unlink()


def remove_stale_iterations(out: Path, kept: set[int]) -> None:
    """Delete ``iterations/NN`` folders an earlier run into ``out`` left (numbers not in ``kept``);
    a folder holding anything Set Dresser does not write there is left alone (and logged)."""
    root = out / "iterations"
    if not root.is_dir():
        return
    for folder in sorted(root.iterdir()):
        if not (folder.is_dir() and re.fullmatch(r"\d{2,}", folder.name)) or int(folder.name) in kept:
            continue
        entries = list(folder.iterdir())
        if any(not (e.is_file() and not e.is_symlink() and ITERATION_FILE.match(e.name)) for e in entries):
            log.warning("kept %s from an earlier run: it holds files Set Dresser did not write", folder)
            continue
        for entry in entries:
            entry.unlink()
        folder.rmdir()


def _write_json(path: Path, data: Any) -> None:
    write_whole(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def write_whole(path: Path, text: str) -> None:
    """Write ``path`` under a temporary name and rename it: a full disk or a kill never leaves a
    half-written file, and the previous one stays whole; a failure names the file (exit 1)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise SetDresserError(f"{path}: cannot write: {exc.strerror or exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
