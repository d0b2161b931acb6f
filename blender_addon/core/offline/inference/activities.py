"""What people doing something need around them (issue 14, the SceneCraft paper's queries).

"Two friends playing chess at a table" has a chessboard on the table; "a music teacher giving a
piano lesson" has a piano with the teacher at it; "a chef chopping vegetables" has a cutting
board with the vegetables on it. :func:`add_activities` reads each activity whose cue the text
holds (``activities.json``): the user's own things stand for its props where the text names
them (the user's nouns win), new ones are read where not, and the doers stand at the prop the
activity works at. An occasion the text names as a thing ("a piano lesson", "a tennis match")
is no object (:func:`drop_events`): its activity's props stand for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...datafiles import read_document, read_only_cache
from ...knowledge.objects import load_knowledge
from ..reading.grammar import SentenceReader
from ..reading.tokens import Tokenizer
from ..referents.world import CARRIED_BY, INFERRED, World

ACTIVITIES_PATH = Path(__file__).with_name("activities.json")
ACTIVITIES_SCHEMA = "setdresser.activities/1"
DOERS = ("one", "all")
AT_REACH = 0.5  # metres between a doer and the thing worked at
TOGETHER_REACH = 1.2  # metres between doers who spar, dance or talk
WORKTOP_FAMILIES = frozenset({"table", "desk"})  # what people work at ("building toys at long tables")
HANDHELD = 0.6  # metres: the largest side of a thing worked on at a table


@dataclass(frozen=True)
class Prop:
    """One thing an activity needs: ``thing`` (read when the text names none of ``named``),
    resting ``on`` the first of those in the scene; the user's things of ``holds`` families
    rest on it."""

    thing: str
    named: frozenset[str]
    on: tuple[str, ...] = ()
    holds: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Activity:
    """An activity of ``activities.json``."""

    cues: tuple[tuple[str, ...], ...]
    props: tuple[Prop, ...]
    at: str | None
    doers: str
    together: bool
    company: str | None


@dataclass(frozen=True)
class Activities:
    """The table: the activities and the event head nouns."""

    activities: tuple[Activity, ...]
    events: frozenset[str]
    nominal: frozenset[tuple[str, ...]] = frozenset()  # noun cues: "tennis" in "a tennis ball" is no activity


def _words(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[a-z0-9']+", text.lower()))


def _activity(raw: dict[str, Any], where: str) -> Activity:
    """One entry, checked (ValueError naming the entry)."""
    if not raw.get("cues") or raw.get("doers", "one") not in DOERS:
        raise ValueError(f"{where}: needs 'cues' and 'doers' among {DOERS}")
    props = tuple(Prop(thing=str(p["thing"]), named=frozenset({str(p["thing"]), *map(str, p.get("named", ()))}),
                       on=tuple(map(str, p.get("on", ()))), holds=frozenset(map(str, p.get("holds", ()))))
                  for p in raw.get("props", ()))
    return Activity(cues=tuple(_words(c) for c in raw["cues"]), props=props, at=raw.get("at"),
                    doers=str(raw.get("doers", "one")), together=bool(raw.get("together", False)),
                    company=raw.get("company"))


@read_only_cache(maxsize=1)
def load_activities(path: Path = ACTIVITIES_PATH) -> Activities:
    """The bundled table (cached); a bad file raises ValueError naming what is wrong."""
    data = read_document(path, ACTIVITIES_SCHEMA)
    entries = tuple(_activity(a, f"{path}: activity {i}") for i, a in enumerate(data["activities"]))
    return Activities(activities=entries, events=frozenset(w.lower() for w in data.get("events", ())),
                      nominal=frozenset(_words(c) for c in data.get("nominal_cues", ())))


def _never(word: str) -> bool:
    return False


def _names_thing(words: tuple[str, ...]) -> bool:
    """Whether the words name a thing of the knowledge base ("tennis ball", "chess pieces")."""
    return load_knowledge().names_exactly(" ".join(words))


def _has(words: tuple[str, ...], cue: tuple[str, ...], modified: Callable[[str], bool] = _never) -> bool:
    """Whether the text cues the activity: the cue's words, not as the modifier of a thing's name
    ("three tennis balls in a row" names balls, not a game of tennis) nor, for a noun cue, of any
    noun after it ("a chess clock"; ``modified``: whether a word is such a noun)."""
    n = len(cue)
    return any(words[i:i + n] == cue and not (i + n < len(words) and (
        _names_thing(words[i:i + n + 1]) or modified(words[i + n])))
               for i in range(len(words) - n + 1))


def _kinds(category: str) -> set[str]:
    """The names an object answers to: its category, the knowledge base's and its family."""
    facts = load_knowledge().lookup(category)
    return {category} | ({facts.category, facts.family} if facts is not None else set())


def _is(world: World, entity_id: str, names: frozenset[str] | tuple[str, ...]) -> bool:
    return bool(_kinds(world.entities[entity_id].category) & set(names))


def people(world: World, among: frozenset[str] | None = None) -> list[str]:
    """The people of the world (the knowledge base's person family), in the order read; only
    those ``among`` the given ids when given (the user's own, not an archetype's extras)."""
    return [i for i, e in world.entities.items() if (among is None or i in among) and (
            "person" in _kinds(e.category) or world.vocab.match(e.description, e.hints, e.category).asset
            == "procedural:person")]


def drop_events(world: World, table: Activities | None = None) -> list[str]:
    """Forget each planned object whose head noun names an occasion and that the knowledge base
    does not know ("a piano lesson", "a tennis match"; "a board game" is a thing), with the
    relations naming it; returns the categories dropped."""
    table = table or load_activities()
    dropped = []
    for entity_id, entity in list(world.entities.items()):
        words = entity.category.split()
        occasion = entity.category in world.vocab.occasions  # "a study session": the occasion's own things
        if words and words[-1] in table.events and not occasion and load_knowledge().lookup(entity.category) is None:
            world.relations = [r for r in world.relations if entity_id not in r.args]
            world.forget(entity_id)
            dropped.append(entity.category)
    return dropped


def add_activities(world: World, text: str, named: frozenset[str] | None = None,
                   table: Activities | None = None) -> set[str]:
    """Read every activity the text cues (see the module docstring); ``named``: the ids of the
    objects the text introduced (the doers are among them); returns the words used."""
    table = table or load_activities()
    words, used = _words(text), set()
    own = set(named if named is not None else world.entities)

    def modified(word: str) -> bool:  # "a tennis ball": the cue names the ball's kind; "a tennis match": an event
        return world.vocab.is_noun(word) and word not in table.events
    for activity in table.activities:
        cue = next((c for c in activity.cues if _has(words, c, modified if c in table.nominal else _never)), None)
        if cue is None:
            continue
        used |= set(cue)
        source = f"{INFERRED}{' '.join(cue)}: "
        if activity.company and not people(world, frozenset(own)):
            own.update(_read(world, activity.company))
        found = {p.thing: _prop(world, p, source) for p in activity.props}
        _place_doers(world, activity, found, source, people(world, frozenset(own)))
    return used


def _read(world: World, phrase: str) -> list[str]:
    """Read one phrase as a sentence of its own; the ids of the objects it made."""
    before = set(world.entities)
    world.sentence += 1
    SentenceReader(world, world.vocab).read(Tokenizer(world.vocab).tokenize(f"{phrase}."))
    return [i for i in world.entities if i not in before]


def _supported(world: World) -> set[str]:
    return {r.args[0] for r in world.relations if r.relation in CARRIED_BY and r.args}


def _prop(world: World, prop: Prop, source: str) -> list[str]:
    """The user's things that stand for the prop, else a new one; set on its support."""
    ids = [i for i in world.entities if _is(world, i, prop.named)] or _read(world, f"a {prop.thing}")
    for entity in (world.entities[i] for i in ids if load_knowledge().lookup(world.entities[i].category) is None):
        entity.category, entity.description = prop.thing, prop.thing  # "a potter at her wheel": the pottery wheel
        entity.roles = world.vocab.roles(prop.thing)
    if prop.on:
        hosts = [i for i in world.entities if i not in ids and _is(world, i, prop.on)]
        host = hosts[0] if hosts else next(iter(_read(world, f"a {prop.on[0]}")), None)
        carried = _supported(world)
        for i in ids:
            if host is not None and i not in carried:
                world.relate("on_top_of", [i, host], source=source + f"on the {prop.on[0]}", inferred=True)
    if prop.holds and ids:
        carried = _supported(world)
        for i in [i for i in world.entities if i not in carried and _is(world, i, prop.holds)]:
            world.relate("on_top_of", [i, ids[0]], source=source + f"on the {prop.thing}", inferred=True)
    return ids


def _place_doers(world: World, activity: Activity, found: dict[str, list[str]], source: str,
                 doers: list[str]) -> None:
    """The doers at the thing they work at, or close together."""
    doers = doers if activity.doers == "all" else doers[:1]
    carried = _supported(world)
    at = found.get(activity.at or "") or [i for i in world.entities if activity.at and _is(world, i, (activity.at,))]
    for doer in (d for d in doers if at and d not in carried):
        if not any(r.relation == "proximity" and r.args == (doer, at[0]) for r in world.relations):
            world.relate("proximity", [doer, at[0]], {"max_distance": AT_REACH},
                         source=source + f"at the {activity.at}", inferred=True)
    if activity.together and len(doers) > 1:  # "a robot serving coffee to two customers": at the first
        world.relate("proximity", doers[:2], {"max_distance": TOGETHER_REACH}, source=source + "together",
                     inferred=True)


def _worktop(world: World, entity_id: str) -> bool:
    """Whether people work at the thing's top (a table, desk, counter or bench: the knowledge base's
    table or desk families with a surface)."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    return facts is not None and facts.family in WORKTOP_FAMILIES and bool(facts.surfaces)


def _handheld(world: World, entity_id: str) -> bool:
    """Whether a thing is small enough to work on at a table (no living being)."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    if facts is None or "person" in _kinds(world.entities[entity_id].category) or facts.family == "animal":
        return False
    w, d, h = facts.typical
    return max(w, d) <= HANDHELD and h <= HANDHELD


def work_on_worktops(world: World) -> list[str]:
    """"elves building toys at long tables", "a watchmaker repairing a watch at his bench": what a
    person works on, when small and carried by nothing, lies on the worktop they are at; returns its ids."""
    near = [r for r in world.relations if r.relation == "proximity" and len(r.args) == 2]
    placed = []
    for doer in people(world):
        tops = [r.args[1] for r in near
                if r.args[0] == doer and r.source.startswith("at ") and _worktop(world, r.args[1])]
        things = [r.args[1] for r in near if r.args[0] == doer and not r.source.startswith(("at ", INFERRED))]
        for thing in (t for t in things if tops and t not in _supported(world) and _handheld(world, t)):
            where = world.entities[tops[0]].category
            world.relate("on_top_of", [thing, tops[0]], source=f"{INFERRED}worked on at the {where}", inferred=True)
            placed.append(thing)
    return placed
