"""``python -m setdresser learn PROMPTS.txt``: learn the skill library from a batch of scenes.

SceneCraft's outer loop: generate every prompt with the LLM inner loop (``--workers`` processes
at a time, ``--iterations`` review rounds each), collect the library functions the scenes
rewrote, ask the learner stage to merge each relation's rewrites into one function, gate each
candidate (interpreted: property tests, regression set) and admit the passing ones as new versions
(``--dry-run``: only say what would change). Writes ``learn_report.json``, the learner's
``transcript.jsonl`` and ``scenes/NN/`` into ``--out``; prints one row per candidate.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, Sequence

from ..core.errors import BadInput
from . import add_budget_arguments

log = logging.getLogger(__name__)

FORWARDED_VALUES = ("base_url", "model", "planner_model", "coder_model", "reviewer_model", "temperature",
                    "llm_timeout", "llm_retries")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The learn flags plus the usual LLM flags."""
    parser.add_argument("prompts", type=Path, help="text file: one scene description per line (# comments)")
    parser.add_argument("--iterations", type=int, default=3, help="inner-loop rounds per scene (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="scenes generated at once (default 2)")
    parser.add_argument("--dry-run", action="store_true", help="gate the candidates but change nothing")
    parser.add_argument("--out", type=Path, default=None, help="run folder (default learn-YYYYmmdd-HHMMSS)")
    parser.add_argument("--llm", choices=("offline", "openai"), default="openai",
                        help="the learner needs an LLM: openai (any OpenAI-compatible endpoint)")
    parser.add_argument("--render", choices=("none", "workbench"), default="none",
                        help="renders per scene (workbench lets a vision reviewer see them; default none)")
    add_budget_arguments(parser, effort=0.67)
    parser.add_argument("--seed", type=int, default=0, help="scene k uses seed + k")
    parser.add_argument("--min-support", type=int, default=2,
                        help="scenes that must rewrite a relation before it is learned (default 2)")
    parser.add_argument("--library", type=Path, default=None,
                        help="skill library folder (default $SETDRESSER_LIBRARY_DIR or your user library)")
    parser.add_argument("--regression-dir", type=Path, default=None,
                        help="folder of regression programs (default skill_library/regression)")
    parser.add_argument("--regression-seeds", type=int, default=2, help="solves per regression program (default 2)")
    parser.add_argument("--scene-timeout", type=float, default=900.0, help="seconds per scene at most")
    from ..services.llm_config import add_llm_arguments  # flags only: no openai import

    add_llm_arguments(parser)


def check_args(args: argparse.Namespace) -> None:
    """Bad flags are bad input (exit 2) before anything runs."""
    if args.llm == "offline" or getattr(args, "replay", None):
        raise BadInput("learning the library needs an LLM to merge the scenes' rewrites; "
                       "use --llm openai with --base-url/--model (any OpenAI-compatible endpoint)", "--llm")
    if not args.prompts.is_file():
        raise BadInput("no such file", str(args.prompts))
    for flag, value, least in (("--iterations", args.iterations, 1), ("--workers", args.workers, 1),
                               ("--min-support", args.min_support, 1),
                               ("--regression-seeds", args.regression_seeds, 1)):
        if value < least:
            raise BadInput(f"must be at least {least}, got {value}", flag)


def generate_args(args: argparse.Namespace) -> list[str]:
    """The flags each scene's ``generate`` gets (the key goes through the environment)."""
    out = ["--llm", "openai", "--render", args.render, "--resolution", "256", "--max-iterations",
           str(args.iterations), "--effort", repr(args.effort)]
    if args.time_budget is not None:
        out += ["--time-budget", repr(args.time_budget)]
    for name in FORWARDED_VALUES:
        value = getattr(args, name, None)
        if value is not None:
            out += ["--" + name.replace("_", "-"), str(value)]
    if getattr(args, "no_structured_output", False):
        out.append("--no-structured-output")
    return out


def run(args: argparse.Namespace) -> int:
    """Run the batch, learn, gate, write; 0 when it ran (rejections included), 1 when no scene was generated."""
    check_args(args)
    from ..core.learning import learn as learning
    from ..core.learning.batch import read_prompts, run_batch
    from ..services.llm_config import config_from_args

    config = config_from_args(args)  # bad LLM flags fail here, before any scene runs
    prompts = read_prompts(args.prompts)
    if not prompts:
        raise BadInput("holds no prompt (one scene description per line)", str(args.prompts))
    root = _library(args)
    out = args.out or Path(time.strftime("learn-%Y%m%d-%H%M%S"))
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SETDRESSER_LIBRARY_DIR=str(root))
    if config.api_key:
        env["OPENAI_API_KEY"] = config.api_key
    scenes = run_batch(prompts, out, workers=args.workers, seed=args.seed, generate_args=generate_args(args), env=env,
                       timeout_s=args.scene_timeout)
    settings, close = _settings(args, root, out, config, prompts)
    try:
        candidates = learning.learn_from_scenes(scenes, settings)
    finally:
        close()
    report = learning.learn_report(scenes, candidates, settings)
    (out / "learn_report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    show_table(scenes, candidates, out, args.dry_run)
    return 0 if any(scene.ok for scene in scenes) else 1  # no scene at all: the endpoint or setup failed


def _library(args: argparse.Namespace) -> Path:
    from ..core.learning.library import read_manifest
    from ...skill_library.registry import writable_library_root

    root = (args.library or writable_library_root()).resolve()  # the user library, never the installed package
    read_manifest(root)  # a folder without a manifest is bad input
    return root


def _settings(args: argparse.Namespace, root: Path, out: Path, config: Any, prompts: Sequence[str]) -> tuple[Any, Any]:
    """The merge step's settings over a live learner client; returns it and its closer."""
    from ..core.learning.candidates import check_properties_of_source, solve_with_library
    from ..core.learning.edits import library_source
    from ..core.learning.gate import GateSettings, gate_candidate
    from ..core.learning.learn import LearnSettings
    from ..core.prompts import load_template
    from ..core.stages import learner
    from ..core.transcript import TranscriptWriter
    from ..services.llm import LLMClient
    from ...skill_library.registry import Registry

    registry = Registry.load(root)
    transcript = TranscriptWriter(out / "transcript.jsonl")
    client = LLMClient(config, transcript)
    specs = {d["name"]: d for d in registry.describe()}
    gate_settings = GateSettings(seeds=tuple(range(args.regression_seeds)), effort=min(args.effort, 0.33))
    if args.regression_dir:
        gate_settings.regression_dir = args.regression_dir.resolve()

    def source_of(name: str) -> tuple[int, str]:
        version, text = library_source(name, registry)
        return int(version or 0), text

    settings = LearnSettings(
        root=root, min_support=args.min_support, dry_run=args.dry_run,
        learner=lambda name, edits: learner.learn(client, specs[name], source_of(name)[1], edits),
        gate=lambda name, source: gate_candidate(root, name, source, properties=check_properties_of_source,
                                                 solve=solve_with_library, settings=gate_settings),
        library_source=source_of,
        provenance={"model": config.model_for(learner.STAGE), "endpoint": config.endpoint,
                    "prompt_id": load_template(learner.STAGE).id, "prompts": list(prompts),
                    "iterations": args.iterations})
    return settings, transcript.close


def show_table(scenes: Sequence[Any], candidates: Sequence[Any], out: Path, dry_run: bool) -> None:
    """The terminal summary: scenes, then one row per candidate with its verdict and reason."""
    from .console import make_console

    console = make_console()
    ok = sum(s.ok for s in scenes)
    console.print(f"[bold cyan] scenes[/] {ok}/{len(scenes)} generated", markup=True)
    for scene in scenes:
        if not scene.ok:
            console.print(f"[yellow]        scene {scene.index} failed: {_safe(scene.error)}[/]", markup=True)
    try:
        from rich.table import Table
    except ImportError:
        Table = None
    if Table is not None and candidates:
        table = Table(title="learned candidates" + (" (dry run)" if dry_run else ""))
        for column in ("relation", "verdict", "version", "scenes", "reason"):
            table.add_column(column)
        for c in candidates:
            table.add_row(c.relation, c.verdict, f"v{c.version}" if c.version else "-",
                          ",".join(map(str, c.scenes)), _safe(c.reason))
        console.print(table)
    else:
        for c in candidates:
            console.print(f"  {c.relation}: {c.verdict} {_safe(c.reason)}", markup=False)
    if not candidates:
        console.print("[bold cyan]  learn[/] no scene rewrote a library function: nothing to learn", markup=True)
    console.print(f"[bold green] report[/] {_safe(str(out / 'learn_report.json'))}", markup=True)


def _safe(text: str) -> str:
    return text.replace("[", "\\[")
