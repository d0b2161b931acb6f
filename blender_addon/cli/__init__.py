"""``python -m setdresser``: the command line (CONTRACTS §2).

Each sub-command lives in its own module and is imported only when used, so ``solve``
never imports Blender. Exit status: 0 done, 2 bad input (one line on stderr naming what
and where), 1 internal failure.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import math
import sys
from typing import Sequence

from ..core.errors import BadInput, SetDresserError
from ..core.script.errors import printable
from ..core.solve_record import EXIT_CUT_SHORT, Budget

__all__ = ["EXIT_CUT_SHORT", "Budget", "add_budget_arguments", "budget_from_args", "main"]

# sub-command -> module (relative to this package) defining add_arguments(parser) and run(args) -> int
COMMANDS: dict[str, tuple[str, str]] = {
    "generate": (".generate", "text to a Blender scene (files per CONTRACTS §2)"),
    "solve": (".solve", "solve a constraint program into a layout (no Blender, no LLM)"),
    "evaluate": (".evaluate", "scene-quality metrics and verdicts of generated output directories"),
    "index-assets": (".index_assets", "index folders of your own 3D models for retrieval"),
    "learn": (".learn", "learn the skill library from a batch of scenes (SceneCraft's outer loop)"),
    "library": (".library", "list, show, diff and roll back skill-library versions"),
    "query": (".query", "a read-only Cypher query over the scene database of an output folder"),
    "edit": (".edit", "edit a generated scene by instruction (move, add, remove, replace, swap, turn, resize, colour)"),
    "ask": (".ask", "ask an LLM a question about a generated scene (it queries the scene database)"),
    "check-physics": (".check_physics", "settle a generated scene under rigid-body physics; report what moves"),
    "export": (".export", "export a generated scene to glTF, USD, FBX or OBJ with a node sidecar"),
    "batch": (".batch", "many scenes from a prompts file, on Ray workers, resumable"),
}

log = logging.getLogger("setdresser")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only``, just that sub-command's module is imported.

    Importing one module per run keeps a command working where another command's optional
    dependency is missing (Blender's own Python has no ``rich``, for instance).
    """
    parser = argparse.ArgumentParser(prog="setdresser", description="Set Dresser: text to a laid-out 3D scene.")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            module = importlib.import_module(module_name, __package__)
            module.add_arguments(command_parser)
            command_parser.set_defaults(_module=module)
    return parser


def _requested_command(argv: Sequence[str]) -> str | None:
    """The sub-command named on the command line, if it is a known one."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


# optional packages -> the pip extra that installs them (pyproject.toml)
OPTIONAL_EXTRAS = {"openai": "llm", "bpy": "blender", "ladybug": "graph", "ray": "batch", "open_clip": "clip",
                   "torch": "clip"}


# numeric flags shared by the commands: (flag, lowest, highest); checked for every command that has them
NUMERIC_FLAGS = {"time_budget": ("--time-budget", 0.01, 3600.0), "effort": ("--effort", 0.01, 100.0),
                 "seed": ("--seed", 0, 2**32 - 1),
                 "llm_timeout": ("--llm-timeout", 0.1, 3600.0), "resolution": ("--resolution", 16, 8192)}


def add_budget_arguments(parser: argparse.ArgumentParser, *, effort: float = 1.0) -> None:
    """``--effort`` (the solver's counted work) and ``--time-budget`` (an optional wall-clock cap)."""
    parser.add_argument("--effort", type=float, default=effort,
                        help=f"the solver's work per solve, counted in steps (default {effort:g}; 0.25 quick, 4 "
                             "thorough): same prompt + seed + effort = same scene on any machine, under any load")
    parser.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                        help="wall-clock cap per solve (default: none but a generous safety cap); a solve it cuts "
                             "short is reported and the command exits 3, as that scene may differ elsewhere")


def budget_from_args(args: argparse.Namespace) -> Budget:
    """The ``Budget`` of ``--effort`` and ``--time-budget`` (checked by ``check_numeric_flags``)."""
    return Budget(effort=args.effort, time_cap=args.time_budget)


def check_numeric_flags(args: argparse.Namespace) -> None:
    """A NaN, infinite, negative or absurd number in a shared flag is bad input naming the flag."""
    for attr, (flag, low, high) in NUMERIC_FLAGS.items():
        value = getattr(args, attr, None)
        if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if not math.isfinite(value) or not low <= value <= high:
            raise BadInput(f"must be a number from {low:,} to {high:,}, got {value!r}"[:120], flag)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_requested_command(argv))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        check_numeric_flags(args)
        return int(args._module.run(args))
    except BadInput as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 2
    except SetDresserError as exc:  # a known failure outside the input (an LLM endpoint that fails): one line
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except ModuleNotFoundError as exc:
        extra = OPTIONAL_EXTRAS.get((exc.name or "").split(".")[0])
        if extra is not None:
            print(f"error: this needs the optional package {exc.name!r}: pip install 'setdresser[{extra}]'",
                  file=sys.stderr)
        else:
            print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # internal failure: one line, details only with --verbose
        if args.verbose:
            log.exception("internal failure")
        print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
