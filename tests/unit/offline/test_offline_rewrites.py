"""The whole-text rewrites before the sentence reader: one registry, in one order, each with its contract."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import planner, rewrites
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.tokens import Tokenizer
from setdresser.blender_addon.core.offline.rewrites import (READING_REWRITES, REWRITES, SENTENCE_JOINS, Draft, rewrite,
                                                            sentences)


@pytest.mark.parametrize("step", REWRITES + READING_REWRITES, ids=lambda s: s.__name__)
def test_each_rewrite_says_its_contract(step: rewrites.Rewrite) -> None:
    assert step.__doc__ and step.__doc__.strip()


def test_the_registry_names_each_rewrite_once() -> None:
    names = [s.__name__ for s in REWRITES + READING_REWRITES]
    assert len(names) == len(set(names))


def test_the_rewrites_run_in_the_registrys_order() -> None:
    seen: list[str] = []

    def step(name: str) -> rewrites.Rewrite:
        def run(d: Draft) -> str:
            seen.append(name)
            return d.text + name
        return run
    done = rewrite(Draft("", Vocabulary()), (step("a"), step("b"), step("c")))
    assert seen == ["a", "b", "c"] and done.text == "abc"


def test_a_rewrite_with_more_to_say_fills_the_draft() -> None:
    vocab = Vocabulary()
    assert rewrite(Draft("Use six crates to build a pyramid.", vocab)).text == "six crates in a pyramid."
    assert rewrite(Draft("just a bed and a wardrobe, nothing else", vocab)).only
    assert rewrite(Draft("a dinner for six", vocab)).people


def test_capacity_counts_wait_for_completion() -> None:
    vocab = Vocabulary()
    text = "a meeting room for 8 with chairs"
    assert rewrites.by_capacity(Draft(text, vocab, complete=False)) == text


def test_the_planner_reads_the_registrys_text(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(planner, "rewrite", lambda d, steps=REWRITES: ran.append(steps[0].__name__) or d)
    planner.plan("a chair", complete=False)
    assert ran == ["conversions", "ensembles"]


def test_the_reader_takes_the_sentences_the_joins_leave() -> None:
    tokenizer = Tokenizer(Vocabulary())
    assert [j.__name__ for j in SENTENCE_JOINS] == ["join_fronted", "join_elliptic"]
    assert sentences("Along the west wall: a sofa, a side table and a floor lamp.", tokenizer) == [
        ("Along the west wall, a sofa, a side table and a floor lamp", False)]
    assert sentences("Add two lamps. Put one on the desk. Put the other on the floor.", tokenizer) == [
        ("Add two lamps and put one on the desk and put the other on the floor", False)]
    assert sentences("A desk. A chair.", tokenizer, joins=()) == [("A desk", False), ("A chair", False)]
