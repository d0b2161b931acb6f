"""Same prompt + seed = same scene graph bytes, also inside one long-lived process (the Blender
panel and the batch runner plan many prompts in one process) and across processes whose string
hashing differs (PYTHONHASHSEED): nothing one plan does may leak into the next, and no plan may
depend on a set's iteration order (issue 14: archetype stand-ins iterated the user's objects as
a set, so "a washer and a dryer" swapped roles from one process to the next)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from types import MappingProxyType

import pytest

from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.memo import frozen
from setdresser.blender_addon.core.offline.reading.tokens import Tokenizer
from setdresser.blender_addon.core.stage_set import offline_plan

# prompts whose graphs differed with the process's hash seed or with what was planned before
PROMPTS = (
    "a laundry room with a washer and a dryer",
    "A utility room: washing machine, tumble dryer stacked beside it, an airer and a mop bucket.",
    "In the hallway: a coat rack by the front door, a shoe rack next to it, and a mirror on the wall above a "
    "narrow console table. Also a bench. The front door is on the west wall.",
    "a bakery, a butcher and a tea room along a cobbled high street",
    "A small tutoring room. Five students sit at their desks, facing a whiteboard on the north wall. "
    "The tutor's desk is next to the whiteboard.",
)
SCRIPT = """
import json, sys
from setdresser.blender_addon.core.stage_set import offline_plan
prompts = json.loads(sys.argv[1])
print(json.dumps([json.dumps(offline_plan(p, complete=True, seed=0).to_dict(), sort_keys=True) for p in prompts]))
"""


def _graph(prompt: str) -> str:
    return json.dumps(offline_plan(prompt, complete=True, seed=0).to_dict(), sort_keys=True)


def _in_fresh_process(prompts: list[str], hash_seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(prompts)], env=env, check=True,
                          capture_output=True, text=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_plans_do_not_depend_on_order_or_hash_seed() -> None:
    forward = {p: _graph(p) for p in PROMPTS}
    backward = {p: _graph(p) for p in reversed(PROMPTS)}
    assert backward == forward
    # a fresh process per hash seed, in both orders: 0 and 2 gave different graphs before the fix
    first = dict(zip(PROMPTS, _in_fresh_process(list(PROMPTS), "0")))
    last = dict(zip(reversed(PROMPTS), _in_fresh_process(list(reversed(PROMPTS)), "2")))
    for prompt in PROMPTS:
        assert first[prompt] == forward[prompt], prompt
        assert last[prompt] == forward[prompt], prompt


def test_shared_tables_are_read_only() -> None:
    vocab = Vocabulary()
    table = Tokenizer(vocab).table
    assert isinstance(table, MappingProxyType)
    with pytest.raises(TypeError):
        table[("sofa",)] = next(iter(table.values()))  # type: ignore[index]
    with_params = next(t for t in table.values() if t.params)
    with pytest.raises(TypeError):
        with_params.params["leak"] = 1
    assert isinstance(vocab.names, frozenset)
    assert isinstance(vocab.multiword_nouns(), list)  # the caller's own copy
    assert vocab.multiword_nouns() == sorted(vocab.multiword_nouns())


def test_frozen_freezes_all_the_way_down() -> None:
    value = frozen({"a": [{"b": {1, 2}}], "c": ({"d": []},)})
    assert isinstance(value, MappingProxyType)
    assert isinstance(value["a"], tuple) and isinstance(value["a"][0], MappingProxyType)
    assert value["a"][0]["b"] == frozenset({1, 2}) and value["c"][0]["d"] == ()
