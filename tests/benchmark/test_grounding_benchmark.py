"""The grounding benchmark (issue 17) on part of its tuned half: the referring expressions the
oracle generates ground to their gold ids. The held-out half is run only by
scripts/benchmark_grounding.py; this file reads nothing of it but its size."""

from __future__ import annotations

import json

from setdresser.tests.benchmark.grounding.run import BUCKETS, SCENES, run_split, scenes


def test_the_split_has_two_halves_of_scenes() -> None:
    data = json.loads(SCENES.read_text())
    halves = [s["split"] for s in data["scenes"]]
    assert halves.count("tuned") >= 12 and halves.count("heldout") >= 12


def test_tuned_scenes_ground_to_gold() -> None:
    tally = run_split("tuned", limit=5)
    assert tally.count() >= 60
    assert tally.accuracy() >= 0.95, tally.misses
    for bucket in BUCKETS:
        if tally.total[bucket] >= 5:
            assert tally.accuracy(bucket) >= 0.9, (bucket, tally.misses)


def test_tuned_half_covers_every_bucket() -> None:
    names = {s["id"] for s in scenes("tuned")}
    assert len(names) >= 12
