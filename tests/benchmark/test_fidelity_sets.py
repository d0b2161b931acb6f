"""The fidelity benchmark's prompt sets and vocabulary are well-formed, the split is the
recorded seeded shuffle, and nothing outside the benchmark reads the held-out half."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from setdresser.tests.benchmark.fidelity import prompt_sets
from setdresser.tests.benchmark.fidelity.scoring import problems
from setdresser.tests.benchmark.fidelity.vocab import Vocabulary, load

ROOT = Path(__file__).resolve().parents[2]
# The tuned half is read whole; of the held-out half the tests know only that the file exists
# and its ids (count, uniqueness, style prefix, the recorded split): never a prompt or a check.
TUNED = prompt_sets.load_half("tuned")
HELDOUT_IDS = prompt_sets.load_ids("heldout")
ALL_IDS = [p["id"] for p in TUNED] + HELDOUT_IDS


def test_at_least_170_prompts_in_four_balanced_styles_and_two_balanced_halves() -> None:
    assert prompt_sets.set_path("heldout").is_file() and len(ALL_IDS) >= 170
    per_style = Counter(prompt_sets.style_of(i) for i in ALL_IDS)
    assert set(per_style) == set(prompt_sets.STYLES) and max(per_style.values()) - min(per_style.values()) <= 2
    tuned = Counter(p["style"] for p in TUNED)
    held = Counter(prompt_sets.style_of(i) for i in HELDOUT_IDS)
    for style in prompt_sets.STYLES:
        assert abs(tuned[style] - held[style]) <= 1


def test_ids_are_unique_across_halves_and_tuned_texts_are_unique() -> None:
    assert len(set(ALL_IDS)) == len(ALL_IDS)
    assert len({p["prompt"].lower() for p in TUNED}) == len(TUNED)
    assert all(prompt_sets.style_of(p["id"]) == p["style"] for p in TUNED), "an id's prefix names its style"


@pytest.mark.parametrize("prompt", TUNED, ids=[p["id"] for p in TUNED])
def test_every_prompt_has_a_well_formed_scoring_function(prompt: dict) -> None:
    assert problems(prompt, load()) == []
    assert prompt["setting"] in ("indoor", "outdoor")
    assert len(prompt["checks"]) >= 3, "a prompt is judged on at least three checks of its own"
    names = [c["name"] for c in prompt["checks"]]
    assert len(set(names)) == len(names), "check names are unique within a prompt"
    assert any(c.get("required", True) for c in prompt["checks"])


def test_multi_sentence_instructions_have_two_to_six_sentences() -> None:
    for p in TUNED:
        if p["style"] == "instruction":
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", p["prompt"].strip()) if s]
            assert 2 <= len(sentences) <= 6, p["id"]


def test_the_split_is_the_recorded_seeded_shuffle() -> None:
    record = json.loads(prompt_sets.SPLIT_PATH.read_text(encoding="utf-8"))
    by_id = [{"id": i, "style": prompt_sets.style_of(i)} for i in ALL_IDS]
    assert prompt_sets.split_ids(by_id, record["seed"]) == {"tuned": record["tuned"], "heldout": record["heldout"]}
    assert sorted(p["id"] for p in TUNED) == sorted(record["tuned"])
    assert sorted(HELDOUT_IDS) == sorted(record["heldout"])


def test_write_split_round_trips(tmp_path: Path) -> None:
    plain = [{k: v for k, v in p.items() if k != "half"} for p in TUNED]
    halves = prompt_sets.write_split(plain, 14, tmp_path)
    assert sorted(halves["tuned"] + halves["heldout"]) == sorted(p["id"] for p in TUNED)
    assert json.loads((tmp_path / "split.json").read_text())["tuned"] == halves["tuned"]
    again = prompt_sets.load_half("tuned", tmp_path) + prompt_sets.load_half("heldout", tmp_path)
    assert all(p["id"] in halves[p["half"]] for p in again)
    strip = [{k: v for k, v in p.items() if k != "half"} for p in again]
    assert sorted(strip, key=lambda p: p["id"]) == sorted(plain, key=lambda p: p["id"])


HELD_OUT_READS = re.compile(r"benchmark[/\\]heldout|heldout[/\\]prompts\.json|prompt_sets|load_half")


def test_nothing_outside_the_benchmark_reads_the_held_out_half() -> None:
    """The planner's tests and the product never name the held-out folder nor load a half."""
    offenders = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("tests/benchmark/", "scripts/benchmark", ".venv/", "build/")) or "/." in f"/{rel}":
            continue
        if HELD_OUT_READS.search(path.read_text(encoding="utf-8", errors="replace")):
            offenders.append(rel)
    assert offenders == []


def test_vocabulary_names_belong_to_one_concept_and_groups_name_concepts() -> None:
    words = load()
    assert isinstance(words, Vocabulary) and len(words.concepts) >= 150
    for group, members in words.groups.items():
        assert set(members) <= words.concepts, group
    assert not (set(words.not_objects) & set(words.names)), "a non-object word is also an object name"


@pytest.mark.parametrize("category, concept", [
    ("couch", "sofa"), ("Telly", "tv"), ("bookcases", "bookshelf"), ("refrigerator", "fridge"),
    ("red office chair", "chair"), ("coffee table", "coffee_table"), ("round table", "table"),
    ("teacher's desk", "desk"), ("king-size bed", "bed"), ("girl hunter", "person"), ("fantasy creatures", "creature"),
    ("bedside table", "nightstand"), ("string lights", "string_lights"), ("wall clock", "clock"), ("shelves", "wall_shelf"),
])
def test_categories_map_to_concepts_by_their_trailing_words(category: str, concept: str) -> None:
    assert load().concept_of(category) == concept


@pytest.mark.parametrize("category, phantom", [
    ("headboard", True), ("l shape", True), ("chair diagonally", True), ("south wall clear", True), ("front", True),
    ("side table", False), ("corner sofa", False), ("wall shelf", False), ("spaceship", False),
])
def test_phantom_objects_are_words_that_name_no_thing(category: str, phantom: bool) -> None:
    assert load().is_phantom(category) is phantom


DEV_FILES = sorted((prompt_sets.BENCHMARK_DIR / "dev").glob("*.json"))


@pytest.mark.parametrize("path", DEV_FILES, ids=[p.stem for p in DEV_FILES])
def test_dev_sets_are_well_formed_and_copy_no_public_prompt(path: Path) -> None:
    """A dev set (prompts written for tuning) loads, is scored by well-formed checks and repeats
    no prompt of the public half."""
    tuned_texts = {p["prompt"].lower() for p in TUNED}
    prompts = prompt_sets.load_file(path)
    assert prompts and all(p["half"] == "dev" for p in prompts)
    for prompt in prompts:
        assert problems(prompt, load()) == [], prompt["id"]
        assert prompt["style"] in prompt_sets.STYLES and prompt["setting"] in ("indoor", "outdoor")
        assert prompt["prompt"].lower() not in tuned_texts, prompt["id"]


def test_a_prompts_file_of_a_tuned_or_heldout_half_is_not_a_dev_set(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps({"schema": prompt_sets.SCHEMA, "half": "tuned", "prompts": []}), encoding="utf-8")
    with pytest.raises(ValueError, match="x.json"):
        prompt_sets.load_file(bad)
