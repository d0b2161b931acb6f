"""The room archetype data file and its loader: schema, validation, coverage, and every
item sentence read by the offline planner without a word left over."""

from __future__ import annotations

import copy
import json

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import (
    ARCHETYPES_PATH,
    load_archetypes,
    parse_archetypes,
)
from setdresser.blender_addon.core.offline.completion.furnish import fill
from setdresser.blender_addon.core.offline.reading.grammar import SentenceReader
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.tokens import Tokenizer
from setdresser.blender_addon.core.offline.referents.world import World

REQUIRED = ("living room", "bedroom", "kids bedroom", "teenager bedroom", "guest bedroom", "kitchen",
            "dining room", "bathroom", "home office", "office", "open plan office", "conference room",
            "classroom", "lecture hall", "library", "cafe", "restaurant", "bar", "shop", "reception",
            "waiting room", "gym", "studio", "garage", "workshop", "theater", "chapel", "hospital room",
            "playroom", "laundry", "hallway", "balcony", "patio", "garden", "park", "street", "market",
            "campsite", "beach", "playground", "parking lot")


def raw() -> dict:
    return json.loads(ARCHETYPES_PATH.read_text(encoding="utf-8"))


def test_at_least_forty_archetypes_cover_the_issue_list() -> None:
    book = load_archetypes()
    assert len(book.archetypes) >= 40
    missing = [name for name in REQUIRED if book.by_name.get(name) is None]
    assert not missing, missing
    for arch in book.archetypes:
        assert arch.size_min[0] <= arch.size_max[0] and arch.size_min[1] <= arch.size_max[1], arch.id
        assert len([i for i in arch.items if not i.optional]) >= 3, arch.id


def test_outdoor_scenes_are_outdoor() -> None:
    book = load_archetypes()
    for name in ("campsite", "beach", "park", "market", "playground", "cafe terrace"):
        assert book.by_name[name].setting == "outdoor", name
    assert book.by_name["kitchen"].setting == "indoor"


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(schema="setdresser.archetypes/0"), "schema"),
    (lambda d: d["archetypes"][0].update(setting="underwater"), "setting"),
    (lambda d: d["archetypes"][0]["zones"]["media"][0].update(text="A {people} sofa."), "placeholder"),
    (lambda d: d["archetypes"][1].update(names=["living room"]), "both"),
    (lambda d: d["archetypes"][0].update(capacity=0), "capacity"),
    (lambda d: d["archetypes"][0]["zones"]["media"][0].update(colour="red"), "unknown keys"),
    (lambda d: d["archetypes"][0].update(styles={"gothic": []}), "unknown style"),
    (lambda d: d["archetypes"][0]["size"].update(min=[0, 3]), "size.min"),
    (lambda d: d["archetypes"][0].update(refines={"names": ["bedroom"], "when": ["teen"]}), "refines"),
    (lambda d: d.update(capacity_words={"twins": 0}), "capacity_words"),
    (lambda d: d.update(room_heads={"parlour": "no_such_room"}), "room_heads"),
])
def test_bad_data_is_refused_with_where(mutate, message: str) -> None:
    data = copy.deepcopy(raw())
    mutate(data)
    with pytest.raises(ValueError, match=message):
        parse_archetypes(data, "archetypes.json")


def test_names_are_normalised_like_the_planner_reads_them() -> None:
    book = load_archetypes()
    assert book.by_name["dentist waiting room"].id == "waiting_room"  # "dentist's" loses its 's
    assert book.by_name["kids playroom"].id == "playroom"              # "kids'" loses its apostrophe
    assert book.find("a small dentist waiting room".split()).id == "waiting_room"  # longest name wins
    assert book.find("a kitchen in a restaurant".split()).id == "kitchen"           # then the earliest


def test_capacity_placeholders_scale() -> None:
    arch = load_archetypes().by_name["lecture hall"]
    counts = arch.counts(30)
    assert counts["rows"] * counts["per_row"] >= 30 and counts["half"] == 15
    assert fill("{rows} rows of {per_row} chairs", counts) == f"{counts['rows']} rows of {counts['per_row']} chairs"


def test_every_item_sentence_is_read_whole_and_makes_its_object() -> None:
    """Each sentence (every optional and style item too) read alone: nothing left over, and
    the object it introduces is among the objects it makes (or the openings it cuts)."""
    book = load_archetypes()
    vocab = Vocabulary()
    tokenizer = Tokenizer(vocab)
    problems = []
    items = [(a.id, a.counts(max(a.capacity, i.min_people or 1)), i) for a in book.archetypes  # (read from min_people)
             for i in list(a.items) + [i for extra in a.styles.values() for i in extra]]
    items += [(s.id, {"n": 4, "half": 2, "quarter": 1, "rows": 2, "per_row": 2}, i)
              for s in book.styles for i in s.items]
    for owner, counts, item in items:
        world = World(vocab=vocab)
        text = fill(item.text, counts)
        missed = SentenceReader(world, vocab).read(tokenizer.tokenize(text))
        made = {e.category for e in world.entities.values()} | {o.kind for o in world.openings}  # a door: cut
        heads = {c.split()[-1] for c in made}
        if missed or not (item.object in made or item.object.split()[-1] in heads):
            problems.append((owner, text, missed, sorted(made)))
    assert not problems, problems


def test_a_room_name_gives_the_archetype_that_refines_it_for_the_prompts_words() -> None:
    book = load_archetypes()
    bedroom = book.by_name["bedroom"]
    assert book.refined(bedroom, "bedroom", "a bedroom for a teenage girl".split()).id == "teen_bedroom"
    assert book.refined(bedroom, "bedroom", "my kids bedroom".split()).id == "child_bedroom"
    assert book.refined(bedroom, "bedroom", "a cozy bedroom".split()) is bedroom
    assert book.capacity_words["twins"] == 2
