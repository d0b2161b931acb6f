"""The reviewer's ``--scene-tool auto`` threshold is the measured crossover (issue 16 item 4):
the token counts of scripts/benchmark_tokens.py at the two sizes around it (100 and 300 objects),
recomputed from today's prompts. A prompt change that moves the crossover fails here until the
benchmark is rerun and ``TOOL_ABOVE_CHARS`` follows it (docs/scene_db.md)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("ladybug")

from setdresser.blender_addon.core.stages.catalog import default_catalog  # noqa: E402
from setdresser.blender_addon.core.stages.reviewer_tool import TOOL_ABOVE_CHARS  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
TOLERANCE = 0.2  # the interpolation between two sizes is itself a ~10 % estimate


def _benchmark():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("benchmark_tokens", ROOT / "scripts" / "benchmark_tokens.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmark_tokens"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_threshold_is_where_the_tool_gets_cheaper_than_the_dump() -> None:
    bench = _benchmark()
    try:
        _, count = bench.counter()
    except ImportError:
        pytest.skip("no tokenizer (tiktoken or open_clip) installed")
    catalog = default_catalog()
    measured = [bench.measure(copies, count, catalog) for copies in (30, 100)]
    assert measured[0]["tool_total"] > measured[0]["dump"] and measured[1]["tool_total"] <= measured[1]["dump"]
    crossover = bench.crossover_chars(measured)
    assert crossover is not None
    assert abs(TOOL_ABOVE_CHARS - crossover) <= TOLERANCE * crossover, (
        f"the measured crossover is {crossover:,} characters, TOOL_ABOVE_CHARS {TOOL_ABOVE_CHARS:,}: rerun "
        "scripts/benchmark_tokens.py --out docs/benchmark_tokens.md and set TOOL_ABOVE_CHARS to its crossover")
