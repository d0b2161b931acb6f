"""``python -m setdresser solve PROGRAM.json --out LAYOUT.json [--seed N] [--effort E] [--time-budget S]``.

Pure Python + numpy (CONTRACTS §2): reads a ``setdresser.program/2`` document, writes the
``setdresser.layout/4`` layout with every constraint's score and ``satisfied`` and the
physics checks, and prints a one-line summary. Bad input exits 2 naming the item.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from ..core.errors import BadInput, ProgramError, SetDresserError
from ..core.model import program_from_dict
from ..core.script.errors import printable
from . import EXIT_CUT_SHORT, add_budget_arguments, budget_from_args

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the ``solve`` arguments."""
    parser.add_argument("program", type=Path, help="constraint program (setdresser.program/1 JSON)")
    parser.add_argument("--out", type=Path, required=True, help="where to write the layout JSON")
    parser.add_argument("--seed", type=int, default=0, help="random seed (same seed, same layout)")
    add_budget_arguments(parser)


def read_program_json(path: Path) -> Any:
    """The parsed JSON of a program file; a missing or malformed file is bad input naming it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput("no such file", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read: {exc}", str(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", str(path)) from None
    except RecursionError:
        raise BadInput("malformed JSON: nested too deeply", str(path)) from None
    except ValueError:  # an integer of thousands of digits
        raise BadInput("malformed JSON: a number has too many digits", str(path)) from None


def run(args: argparse.Namespace) -> int:
    """Solve the program and write the layout; returns the exit status (0 when a layout was written)."""
    from ..core.stage_set import numpy_solve  # learned scores and custom functions interpreted

    if args.out.is_dir():
        raise BadInput("is a directory; --out names the layout JSON file to write", f"--out {args.out}")
    program = program_from_dict(read_program_json(args.program))
    if not program.objects:
        raise ProgramError("the program has no objects", "objects")
    started = time.monotonic()
    budget = budget_from_args(args)
    layout = numpy_solve(program, args.seed, budget, "")
    elapsed = time.monotonic() - started
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_name(f".{args.out.name}.{os.getpid()}.tmp")  # written whole, then renamed
    try:
        tmp.write_text(json.dumps(layout.to_dict(), indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, args.out)
    except OSError as exc:
        raise SetDresserError(f"{args.out}: cannot write the layout: {exc.strerror or exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
    held = sum(c.satisfied for c in layout.constraints)
    checks = layout.checks
    physics = "physics valid" if checks.valid else (
        f"physics INVALID: {len(checks.collisions)} collisions, {len(checks.unsupported)} unsupported, "
        f"{len(checks.out_of_bounds)} out of bounds, {len(checks.unstable)} unstable")
    print(f"{held}/{len(layout.constraints)} constraints hold, {physics}, "
          f"{len(layout.objects)} objects in {elapsed:.2f}s -> {args.out}")
    for result in layout.constraints:
        if not result.satisfied:
            print(printable(f"  not held: {result.relation}({', '.join(result.args)}) score {result.score:.2f}"))
    if layout.solve is not None and layout.solve.cut_short:
        print(f"warning: {budget.cut_short_warning('the solve', 'layout')}", file=sys.stderr)
        return EXIT_CUT_SHORT
    return 0
