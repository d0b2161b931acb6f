"""Knowledge-base synonyms must name the category's own kind, not a different object (a 'beaker'
filed under 'test tube rack' gave beakers the rack's size).

Three rules, each robust on its own; reviewed exceptions are data (``synonym_audit.json``):

* a synonym is never the name (or synonym) of another category;
* a *clipped* synonym (the category name without its head noun, 'test tube' for 'test tube rack')
  must not itself name another kind: its head noun looked up alone gives a different category;
* *cross-source*: a synonym sharing no word with its category that the procedural asset index
  (an independent source) files under a shape whose knowledge-base family differs (primitive
  stand-ins excepted) names a different object.
"""

from __future__ import annotations

import json
from pathlib import Path

from setdresser.blender_addon.core.assets.phrase import normalise, singular
from setdresser.blender_addon.core.knowledge.objects import KNOWLEDGE_PATH, ObjectKnowledge, load_knowledge

AUDIT_PATH = Path(__file__).with_name("synonym_audit.json")
INDEX_PATH = Path(__file__).resolve().parents[3] / "assets_index" / "procedural.json"


def _exceptions(rule: str) -> set[tuple[str, str]]:
    data = json.loads(AUDIT_PATH.read_text(encoding="utf-8"))
    return {(row["category"], row["synonym"]) for row in data[rule]}


def _index_names() -> dict[str, str]:
    entries = json.loads(INDEX_PATH.read_text(encoding="utf-8"))["entries"]
    names: dict[str, str] = {}
    for entry in entries:
        for name in (entry["category"], *entry["synonyms"]):
            names.setdefault(normalise(name), entry["category"])
    return names


def clipped_offenders(knowledge: ObjectKnowledge) -> set[tuple[str, str]]:
    """Synonyms that are the category's name minus its head and whose own head is another kind."""
    found = set()
    for facts in knowledge.all_facts():
        name = normalise(facts.category)
        for synonym in facts.synonyms:
            clipped = normalise(synonym)
            if not name.startswith(clipped + " "):
                continue
            other = knowledge.lookup(singular(clipped.split()[-1]))
            if other is not None and other.category != facts.category:
                found.add((facts.category, synonym))
    return found


def cross_source_offenders(knowledge: ObjectKnowledge, index: dict[str, str]) -> set[tuple[str, str]]:
    """Synonyms the asset index files under a differently-kinded, non-primitive category."""
    found = set()
    for facts in knowledge.all_facts():
        words = set(normalise(facts.category).split())
        for synonym in facts.synonyms:
            text = normalise(synonym)
            if words & set(text.split()):
                continue
            filed = index.get(text) or index.get(singular(text))
            other = knowledge.lookup(filed) if filed else None
            if other is None or other.category == facts.category or other.family == "primitive":
                continue
            if other.family != facts.family:
                found.add((facts.category, synonym))
    return found


def test_no_synonym_names_another_category() -> None:
    owner: dict[str, str] = {}
    for facts in load_knowledge().all_facts():
        for name in (facts.category, *facts.synonyms):
            key = normalise(name)
            assert owner.setdefault(key, facts.category) == facts.category, (name, facts.category, owner[key])


def test_clipped_synonyms_do_not_name_another_kind() -> None:
    assert clipped_offenders(load_knowledge()) <= _exceptions("clipped")


def test_cross_source_synonyms_keep_their_kind() -> None:
    assert cross_source_offenders(load_knowledge(), _index_names()) <= _exceptions("cross_source")


def test_exceptions_are_still_needed() -> None:
    """A listed exception that no rule flags any more is stale data: remove it."""
    knowledge = load_knowledge()
    assert _exceptions("clipped") <= clipped_offenders(knowledge)
    assert _exceptions("cross_source") <= cross_source_offenders(knowledge, _index_names())


def test_the_rules_catch_the_reported_case() -> None:
    """With the old entry (beaker, test tube under 'test tube rack') the rules flag both."""
    data = json.loads(KNOWLEDGE_PATH.read_text(encoding="utf-8"))
    data["categories"] = [c for c in data["categories"] if c["category"] not in ("beaker", "test tube")]
    rack = next(c for c in data["categories"] if c["category"] == "test tube rack")
    rack["synonyms"] = ["beaker", "flask lab", "test tube"]
    old = ObjectKnowledge(data)
    assert ("test tube rack", "test tube") in clipped_offenders(old)
    assert ("test tube rack", "beaker") in cross_source_offenders(old, _index_names())


def test_beaker_and_test_tube_have_their_own_sizes() -> None:
    knowledge = load_knowledge()
    beaker, tube = knowledge.lookup("beaker"), knowledge.lookup("test tubes")
    assert beaker is not None and beaker.category == "beaker" and beaker.typical[0] < 0.15
    assert tube is not None and tube.category == "test tube" and tube.typical[0] < 0.03
