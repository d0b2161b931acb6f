"""The offline coder's relation words and phrase-kind -> relation tables come from the relation
plugins (their ``PHRASES``, setdresser.relation_phrases/1): a new relation module, or a learned
version's relation.json, adds its words to the planner without a change to the offline code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.learning.runtime import learned_document
from setdresser.blender_addon.core.offline.reading.lexicon import LEXICON_PATH, load_lexicon
from setdresser.blender_addon.core.offline.reading.phrase_tables import relation_phrases as _relation_phrases
from setdresser.blender_addon.core.offline.relations.phrase_relations import TABLES, load_phrase_relations
from setdresser.blender_addon.core.offline.planner import plan
from setdresser.skill_library import registry as reg
from setdresser.skill_library.phrases import PHRASES_SCHEMA, RelationPhrases, collect, parse_phrases
from setdresser.skill_library.registry import LIBRARY_DIR_ENV, ManifestError, default_registry


def test_every_relation_named_is_in_the_library_and_every_kind_is_one_the_lexicon_makes() -> None:
    registry = default_registry()
    kinds = {kind for kind, _ in load_lexicon().relation_phrases.values()}
    tables = load_phrase_relations()
    for name in TABLES:
        for kind, relation in getattr(tables, name).items():
            assert relation in registry, (name, kind, relation)
            assert kind in kinds, (name, kind)


def test_a_kind_a_relation_declares_has_its_words_with_that_relation_only() -> None:
    """The words of a plugin's kinds live in its PHRASES, not in lexicon.json."""
    owned = {kind for name in default_registry().names() for kind in default_registry().get(name).phrases.kinds}
    in_lexicon = json.loads(LEXICON_PATH.read_text(encoding="utf-8"))["relation_phrases"]
    assert sorted(p for p, value in in_lexicon.items() if value[0] in owned) == []
    assert load_phrase_relations().directional["front"] == "in_front_of"
    assert load_lexicon().relation_phrases["in front of"] == ("front", {})  # in_front_of's PHRASES
    assert load_lexicon().relation_phrases["to its left"] == ("left", {"implicit": True, "max_distance": 0.5})
    assert default_registry().get("proximity").phrases.phrases["next to"] == ("near", {"max_distance": 0.5})
    assert load_phrase_relations().directional["far"] == "far_from"


@pytest.mark.parametrize("prompt, relation, params", [
    ("a lamp next to a sofa", "proximity", {"max_distance": 0.5}),
    ("a chair at least 2 m from a bed", "far_from", {"min_distance": 2.0}),
    ("a bin far from a bench", "far_from", {}),
    ("a stool 1 m from a counter", "proximity", {"min_distance": 0.7, "max_distance": 1.0}),  # about 1 m
])
def test_near_and_far_are_written_from_the_relations_tables(prompt: str, relation: str, params: dict) -> None:
    found = [r for r in plan(prompt, complete=False).relations if r.relation == relation]
    assert len(found) == 1 and found[0].params == params, plan(prompt, complete=False).relations


@pytest.mark.parametrize("prompt, relation", [
    ("a lamp in front of a sofa", "in_front_of"),
    ("a rug under a table", "under"),
    ("a chair to the left of a desk", "left_of"),
])
def test_the_coder_writes_the_relation_the_table_names(prompt: str, relation: str) -> None:
    assert relation in {r.relation for r in plan(prompt, complete=False).relations}


def _declaration(**change: Any) -> dict[str, Any]:
    return {"schema": PHRASES_SCHEMA, "kinds": {"diagonal": ["simple", "negated"]},
            "phrases": {"diagonally across from": ["diagonal"]}, **change}


@pytest.mark.parametrize("change, message", [
    ({"schema": "other/1"}, "builtin/x.py: phrases: schema"),
    ({"extra": {}}, "builtin/x.py: phrases: unknown key(s) extra"),
    ({"kinds": {"diagonal": ["sideways"]}}, "builtin/x.py: phrases: kinds: 'diagonal'"),
    ({"phrases": {"Diagonally  from": ["diagonal"]}}, "builtin/x.py: phrases: 'Diagonally  from'"),
    ({"phrases": {"diagonal to": ["other"]}}, "kind 'other' is not one of this relation's kinds"),
    ({"phrases": {"diagonal to": ["diagonal", {"gap": [1]}]}}, "builtin/x.py: phrases: 'diagonal to': parameters"),
])
def test_a_malformed_declaration_is_refused_naming_where(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ManifestError) as err:
        parse_phrases(_declaration(**change), "builtin/x.py")
    assert message in str(err.value)


def test_a_phrase_or_table_entry_claimed_twice_is_refused_naming_both() -> None:
    mine = parse_phrases(_declaration(), "builtin/a.py")
    with pytest.raises(ManifestError, match="phrase 'diagonally across from' is already declared by a_rel"):
        collect([("a_rel", mine), ("b_rel", parse_phrases(_declaration(kinds={"diagonal": []}), "b.py"))])
    with pytest.raises(ManifestError, match="'diagonal' of table 'simple' is already a_rel's"):
        collect([("a_rel", mine), ("b_rel", parse_phrases(_declaration(phrases={}), "b.py"))])
    book = collect([("a_rel", mine), ("b_rel", RelationPhrases())])
    with pytest.raises(BadInput, match="also declared by relation a_rel"):
        _relation_phrases({"relation_phrases": {"diagonally across from": ["near"]}}, book)


def test_a_plugin_phrase_the_lexicon_rereads_takes_the_lexicons_reading() -> None:
    """reread_phrases: "at one end" is an end of the anchor offline, not the plugin's front."""
    book = collect([("a_rel", parse_phrases(_declaration(), "builtin/a.py"))])
    data = {"relation_phrases": {}, "reread_phrases": {"phrases": {"diagonally across from": ["end", {"x": 1}]}}}
    assert _relation_phrases(data, book)["diagonally across from"] == ("end", {"x": 1})
    assert load_lexicon().relation_phrases["at one end"][0] == "end"


PLUGIN = '''"""diagonal_to(a, b): a module written for this test (its score is the built-in proximity's)."""

from __future__ import annotations

import dataclasses

from .proximity import SPEC as _NEAR, check, score  # noqa: F401

SPEC = dataclasses.replace(_NEAR, name="diagonal_to", version=1)
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"diagonal": ["simple", "negated"]},
    "phrases": {"diagonally across from": ["diagonal"], "kitty corner to": ["diagonal"]},
}
'''


def _library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "library"
    shutil.copytree(reg.ROOT / "builtin", root / "builtin", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "learned").mkdir()
    shutil.copy(reg.ROOT / "manifest.json", root / "manifest.json")
    monkeypatch.setenv(LIBRARY_DIR_ENV, str(root))
    return root


@pytest.fixture
def fresh_registry() -> Any:
    default_registry.cache_clear()
    yield
    default_registry.cache_clear()


def test_a_new_relation_module_adds_its_words_to_the_planner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            fresh_registry: Any) -> None:
    assert "diagonal_to" not in {r.relation for r in plan("a lamp diagonally across from a sofa",
                                                          complete=False).relations}
    root = _library(tmp_path, monkeypatch)
    (root / "builtin" / "diagonal_to.py").write_text(PLUGIN, encoding="utf-8")
    reg.update_manifest(root)
    default_registry.cache_clear()
    planned = plan("a lamp diagonally across from a sofa", complete=False)
    stated = [(r.relation, r.source) for r in planned.relations if not r.source.startswith("inferred")]
    assert stated == [("diagonal_to", "diagonally across from a sofa")]  # (the sofa's back to a wall is inferred)
    negated = plan("a sofa and a lamp. nothing kitty corner to the sofa", complete=False)
    assert {(r.relation, r.params.get("relation")) for r in negated.relations} >= {("none_of", "diagonal_to")}


def test_a_learned_version_keeps_its_builtins_words_or_declares_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: Any) -> None:
    root = _library(tmp_path, monkeypatch)
    default_registry.cache_clear()
    first = default_registry().get("parallel").spec.version + 1  # the next versions, learned
    body = '@custom_relation("parallel")\ndef parallel(poses, idx, params):\n    return poses.yaw[:, idx[0]] * 0 + 1\n'
    folder = root / "learned" / "parallel" / f"v{first}"
    folder.mkdir(parents=True)
    document = learned_document("parallel", first, body)
    (folder / "relation.json").write_text(json.dumps(document), encoding="utf-8")
    reg.update_manifest(root)
    default_registry.cache_clear()
    assert default_registry().get("parallel").source.startswith("learned/")
    assert default_registry().get("parallel").phrases.phrases["parallel to"] == ("parallel", {})
    folder = root / "learned" / "parallel" / f"v{first + 1}"
    folder.mkdir(parents=True)
    declared = {"schema": PHRASES_SCHEMA, "kinds": {"parallel": ["simple"]},
                "phrases": {"running alongside": ["parallel"]}}
    document = {**learned_document("parallel", first + 1, body), "phrases": declared}
    (folder / "relation.json").write_text(json.dumps(document), encoding="utf-8")
    reg.update_manifest(root)
    default_registry.cache_clear()
    planned = plan("a bench running alongside a sofa", complete=False)
    assert "parallel" in {r.relation for r in planned.relations}
    assert "parallel to" not in load_lexicon().relation_phrases  # its own words replace the built-in's
