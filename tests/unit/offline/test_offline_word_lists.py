"""Small closed word classes are lexicon data (code review, issue 14): the possessives, articles,
people words, capacity leads... that planner steps test words against live in lexicon.json's
``word_lists``, one list per name, and every name a step reads is there."""

from __future__ import annotations

import json
import re
from pathlib import Path

from setdresser.blender_addon.core.offline.reading.lexicon import LEXICON_PATH, load_lexicon
from setdresser.blender_addon.core.offline.reading.phrases import NounPhrase
from setdresser.blender_addon.core.offline.referents.scene_roles import owned
from setdresser.blender_addon.core.offline.setting.indoor_outdoor import determiners

OFFLINE = Path(LEXICON_PATH).parent.parent
READ = re.compile(r"word_lists\[\"([a-z_]+)\"\]")


def test_every_list_a_step_reads_is_in_the_lexicon() -> None:
    lists = json.loads(LEXICON_PATH.read_text(encoding="utf-8"))["word_lists"]
    read = {name for path in OFFLINE.rglob("*.py") for name in READ.findall(path.read_text(encoding="utf-8"))}
    assert {"possessives", "people_words", "capacity_leads"} <= read
    assert read <= set(lists), sorted(read - set(lists))
    for name, words in lists.items():
        if name != "description":
            assert words and all(w == w.lower().strip() for w in words), name
            assert len(set(words)) == len(words), name


def test_the_lists_reach_the_steps_that_read_them() -> None:
    lists = load_lexicon().word_lists
    assert "their" in lists["possessives"] and "the" not in lists["possessives"]
    assert determiners() == {*lists["articles"], *lists["demonstratives"], *lists["possessives"]}
    assert owned(NounPhrase(text="his forge", head="forge")) and not owned(NounPhrase(text="a forge", head="forge"))
