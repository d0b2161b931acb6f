"""A thing the object knowledge base knows by a name of two or more words keeps the knowledge base's
size, whatever catalog model draws it (issue 13 leftovers): an "alarm clock" was a 1.9 m longcase
clock and a "jewelry box", "tissue box" or "music box" a 0.5 m box, because the catalog matched their
head noun. A head-noun model that would read wrong at that size gives way to the thing's family
shape; one that scales keeps drawing it."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.assets import UNKNOWN_ASSET, load_catalog
from setdresser.blender_addon.core.assets.families import load_families, misshapen
from setdresser.blender_addon.core.assets.phrase import is_quantity
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.knowledge.sizing import is_size_word


def _multi_word_names() -> list[str]:
    """Every name (category or synonym) of two or more words of every knowledge-base category whose
    own name has two or more words; not "stack of books" and the like, which the phrase reader takes
    as a quantity of books, nor a synonym with a size word of its own ("long table" is a dining table
    made long: past the range, as size words go)."""
    knowledge, names = load_knowledge(), []
    for facts in knowledge.all_facts():
        if len(facts.category.split()) > 1:
            names += [n for n in (facts.category, *facts.synonyms) if len(n.split()) > 1
                      and not is_quantity(n.split()[0])
                      and not any(is_size_word(knowledge, w) for w in set(n.split()) - set(facts.category.split()))]
    return names


def test_every_multi_word_knowledge_base_name_resolves_within_its_size_range() -> None:
    catalog, knowledge = load_catalog(), load_knowledge()
    names = _multi_word_names()
    assert len(names) > 600
    wrong = []
    for name in names:
        facts = knowledge.lookup(name)  # (the knowledge base's own reading of the name)
        dims = catalog.resolve(name).dimensions
        if not all(lo * 0.999 <= v <= hi * 1.001 for v, lo, hi in zip(dims, facts.dim_min, facts.dim_max)):
            wrong.append((name, facts.category, dims, facts.dim_min, facts.dim_max))
    assert wrong == []


def test_a_one_word_other_name_of_a_multi_word_kind_has_the_kind_size() -> None:
    """"pew" (church pew) and "sectional" (sectional sofa) were drawn at the size of the model that
    lists them, a 1.4 m bench and a 2 m sofa; they keep the name the text used. A word that is a
    catalog model's own category ("kettle", "cone") is that model's thing, and one the catalog sizes
    itself with no model ("shower": a stall) keeps that size."""
    catalog, knowledge = load_catalog(), load_knowledge()
    wrong, checked = [], 0
    for facts in knowledge.all_facts():
        for name in (n for n in facts.synonyms if len(facts.category.split()) > 1 and len(n.split()) == 1):
            match = catalog.resolve(name)
            if knowledge.lookup(name) is not facts or match.asset in (UNKNOWN_ASSET, f"procedural:{name}"):
                continue
            checked += 1
            if not all(lo * 0.999 <= v <= hi * 1.001 for v, lo, hi in zip(match.dimensions, facts.dim_min, facts.dim_max)):
                wrong.append((name, facts.category, match.asset, match.dimensions))
    assert checked > 30 and wrong == []
    assert catalog.resolve("three pews").category == "pew" and catalog.resolve("sectional").dimensions[0] >= 2.6


@pytest.mark.parametrize("phrase, largest", [("alarm clock", 0.2), ("a small alarm clock", 0.2), ("jewelry box", 0.3),
                                             ("tissue box", 0.3), ("music box", 0.3), ("red jewelry boxes", 0.3),
                                             ("record player", 0.5), ("hair dryer", 0.4), ("rubber duck", 0.2)])
def test_the_quoted_things_have_their_own_size(phrase: str, largest: float) -> None:
    assert max(load_catalog().resolve(phrase).dimensions) <= largest


@pytest.mark.parametrize("phrase, asset", [("jewelry box", "procedural:box"), ("tissue box", "procedural:box"),
                                           ("filing cabinet", "procedural:cabinet"),
                                           ("coffee table", "procedural:coffee_table")])
def test_a_model_that_scales_keeps_drawing_it(phrase: str, asset: str) -> None:
    assert load_catalog().resolve(phrase).asset == asset


@pytest.mark.parametrize("phrase, not_asset", [
    ("record player", "procedural:person"), ("cat tree", "procedural:tree"), ("hair dryer", "procedural:microwave"),
    ("hot dog", "procedural:quadruped"), ("climbing frame", "procedural:painting"),
    ("alarm clock", "procedural:clock")])
def test_a_head_noun_model_of_another_thing_gives_way(phrase: str, not_asset: str) -> None:
    match = load_catalog().resolve(phrase)
    family = load_families().for_noun(match.category) if not match.known else None
    assert match.asset != not_asset and (family is None or family.asset != not_asset), (match, family)


def test_a_plain_word_keeps_the_catalog_model_and_name() -> None:
    match = load_catalog().resolve("red wooden chairs")
    assert (match.category, match.asset) == ("chair", "procedural:chair")


def test_misshapen_compares_proportions_not_sizes() -> None:
    assert not misshapen((0.5, 0.5, 0.5), (0.2, 0.12, 0.1))  # a box scaled down: still a box
    assert misshapen((0.5, 0.3, 1.9), (0.14, 0.07, 0.12))  # a longcase clock squeezed flat
    assert not misshapen((1.4, 0.8, 0.75), (0.75, 1.85, 0.72))  # a long table either way round
    assert not misshapen((2.0, 1.4, 0.01), (0.55, 0.85, 0.015))  # a rug as a bath mat: thin stays thin
    assert misshapen((1.8, 0.05, 1.2), (1.65, 0.6, 1.85))  # a board made a block
