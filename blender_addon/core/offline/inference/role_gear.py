"""People by what they do (issue 14: paper-style scenes full of people, ``roles.json``).

A role noun names a person *and* the thing that person has at hand: "two guitarists" play a
guitar each, "a drummer" sits at a drum kit, "a fisherman" holds his rod. :func:`add_role_gear`
gives each person of such a role that thing (at hand: :func:`.supports.at_hand`), the user's own
thing standing for it where the text names one ("a fisherman with his rod": that rod is his fishing
rod; "a pianist at an upright piano": that piano) and a thing a room's archetype added standing for
it too (the recording studio's guitar is the guitarist's). :func:`read_ensembles` rewrites a group
noun of people into its members before the text is read: "a folk duo" is two musicians, "a brass
band of six" six brass players (who then hold trumpets), "a yoga class of eight" eight people.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...datafiles import read_document, read_only_cache
from ...knowledge.objects import load_knowledge
from ..reading.closed_words import word_tuple
from ..reading.lexicon import Vocabulary, load_lexicon
from ..reading.phrases import NounPhrase
from ..referents.world import INFERRED, World
from .activities import load_activities
from .figures import held_by, is_person

ROLES_PATH = Path(__file__).with_name("roles.json")
ROLES_SCHEMA = "setdresser.roles/1"
AT_GEAR = 0.5  # metres: a person at a thing they play but do not hold (a piano, a drum kit)
ARCHETYPE = "archetype "  # the source prefix of an archetype's relations (completion.furnish)
DETERMINERS = word_tuple("ensemble_determiners")  # "a string quartet": the group becomes its members


@dataclass(frozen=True)
class Roles:
    """The data of ``roles.json``."""

    gear: dict[str, str]
    stem_suffixes: tuple[str, ...]
    stem_endings: tuple[str, ...]
    gear_families: frozenset[str]
    not_gear: frozenset[str]
    section_words: dict[str, str]
    ensembles: dict[str, int]
    counted_only: frozenset[str]
    members: dict[str, str]
    default_member: str
    things_before: frozenset[str] = frozenset()
    general_people: dict[str, str] | None = None  # a general name of people -> its plural


@read_only_cache(maxsize=1)
def load_roles(path: Path = ROLES_PATH) -> Roles:
    """The bundled table (cached); a bad file raises ValueError naming what is wrong."""
    data: dict[str, Any] = read_document(path, ROLES_SCHEMA)
    try:
        return Roles(gear={k.lower(): str(v) for k, v in data["gear"].items()},
                     stem_suffixes=tuple(data["stem_suffixes"]), stem_endings=tuple(data["stem_endings"]),
                     gear_families=frozenset(data["gear_families"]), not_gear=frozenset(data.get("not_gear", ())),
                     section_words={k.lower(): str(v) for k, v in data["section_words"].items()},
                     ensembles={k.lower(): int(v) for k, v in data["ensembles"].items()},
                     counted_only=frozenset(data.get("counted_only", ())),
                     members={k.lower(): str(v) for k, v in data.get("members", {}).items()},
                     default_member=str(data.get("default_member", "people")),
                     things_before=frozenset(w.lower() for w in data.get("things_before", ())),
                     general_people={k.lower(): str(v).lower() for k, v in data.get("general_people", {}).items()})
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: {exc}") from None


def gear_of(category: str, roles: Roles | None = None) -> str | None:
    """The thing a person of the role ``category`` has at hand ("violinist" -> "violin", "drummer"
    -> "drum kit", "string player" -> "violin"), or None: the table, else the role's stem."""
    roles = roles or load_roles()
    words = category.lower().split()
    for key in (" ".join(words), words[-1] if words else ""):
        if key in roles.gear:
            return roles.gear[key]
    name = " ".join(words)
    for suffix in roles.stem_suffixes:
        if not name.endswith(suffix) or len(name) <= len(suffix) + 2:
            continue
        stem = name[: -len(suffix)].strip()
        if stem in roles.section_words:
            return roles.section_words[stem]
        found = _instrument(stem, roles)
        if found is not None:
            return found
    return None


def _instrument(stem: str, roles: Roles) -> str | None:
    """The knowledge base's thing of a gear family that the stem names ("cell" + "o": a cello;
    "drumm": a drum), else None."""
    stems = [stem] + ([stem[:-1]] if len(stem) > 3 and stem[-1] == stem[-2] else [])
    for base in stems:
        for ending in roles.stem_endings:
            facts = load_knowledge().lookup(base + ending)
            if facts is not None and facts.family in roles.gear_families and facts.category not in roles.not_gear:
                return base + ending
    return None


def _kind(category: str) -> str:
    facts = load_knowledge().lookup(category)
    return facts.category if facts is not None else category


def _stands_for(world: World, thing_id: str, gear: str) -> bool:
    """Whether an object is (or may be) the gear: of the gear's kind, or a thing the knowledge base
    does not know whose name ends the gear's ("his rod": a fishing rod; "their boards": surfboards)."""
    category = world.entities[thing_id].category
    if _kind(category) == _kind(gear):
        return True
    last = category.split()[-1] if category.split() else ""
    return load_knowledge().lookup(category) is None and len(last) > 2 and gear.replace(" ", "").endswith(last)


def _own(world: World, person: str, gear: str) -> str | None:
    """The thing standing for the gear that the person already has: it came with them, or a relation
    ties the two; None when there is none."""
    hosted = [t for t, h in world.hosts.items() if h == person and t in world.entities and _stands_for(world, t, gear)]
    tied = [a for r in world.relations if person in r.args for a in r.args
            if a != person and a in world.entities and _stands_for(world, a, gear)]
    return next(iter(hosted + tied), None)


def _free(world: World, thing_id: str, claimed: set[str]) -> bool:
    """Whether a thing of the gear's kind may be this person's: not another's (the text may have
    placed it: "a fortune teller ... a crystal ball on the table" is hers; an archetype's placing is
    let go)."""
    return thing_id not in claimed and world.hosts.get(thing_id) not in world.entities


def _adopt(world: World, thing_id: str, gear: str) -> None:
    """The thing becomes the gear: an unknown name takes the gear's, an archetype's placing goes."""
    entity = world.entities[thing_id]
    if load_knowledge().lookup(entity.category) is None:
        entity.category, entity.description = gear, gear
        entity.roles = world.vocab.roles(gear)
    world.relations = [r for r in world.relations if not (r.args[:1] == (thing_id,) and r.source.startswith(ARCHETYPE))]


def add_role_gear(world: World) -> list[str]:
    """Give each person of a role with gear the thing they have at hand (see the module); returns
    the ids of the things added or taken over."""
    roles, claimed, out = load_roles(), set(), []
    for person in [i for i, e in world.entities.items() if is_person(e.category)]:
        gear = gear_of(world.entities[person].category, roles)
        if gear is None:
            continue
        owned = _own(world, person, gear)
        if owned is not None:
            if owned not in claimed:
                _adopt(world, owned, gear)  # "a fisherman with his rod": his fishing rod
                claimed.add(owned)
            continue
        pool = [i for i in world.entities if i != person and _stands_for(world, i, gear) and _free(world, i, claimed)]
        if pool:
            thing = pool[0]
            _adopt(world, thing, gear)
        else:
            thing = world.create(NounPhrase(text=gear, head=gear, description=gear), 1).ids[0]
            world.entities[thing].sentence = world.entities[person].sentence
        claimed.add(thing)
        out.append(thing)
        _tie(world, person, thing, gear)
    return out


def _tie(world: World, person: str, thing: str, gear: str) -> None:
    """A held thing comes with the person (placed at hand later); one played where it stands (a
    piano, a drum kit) has the person at it, or beside it when the text placed the person."""
    if held_by(world, thing, person) and not any(r.args[:1] == (thing,) for r in world.relations):
        world.hosts[thing] = person
        return
    who = world.entities[person].category
    world.relate("proximity", [person, thing], {"max_distance": AT_GEAR},
                 f"{INFERRED}a {who} is at the {gear}", inferred=True)


def read_ensembles(text: str, vocab: Vocabulary, roles: Roles | None = None) -> str:
    """"a folk duo playing" -> "two musicians playing"; "a brass band of six" -> "six brass
    players"; "a yoga class of eight" -> "eight people". A group noun a noun follows is kept ("a band
    stand", "a choir of twelve children": read as it stands), and so is a name the knowledge base
    knows ("a rubber band")."""
    roles = roles or load_roles()
    numbers = {n: w for w, n in load_lexicon().numbers.items() if isinstance(n, int)}
    groups = "|".join(sorted(map(re.escape, roles.ensembles), key=len, reverse=True))
    counts = "|".join(sorted(map(re.escape, load_lexicon().numbers), key=len, reverse=True))
    pattern = (rf"\b({'|'.join(DETERMINERS)})\s+((?:[a-z-]+\s+){{0,2}}?)({groups})\b"
               rf"(?:\s+of\s+(\d+|{counts})\b)?")

    def swap(match: re.Match[str]) -> str:
        det, mods, group, count = match.group(1).lower(), match.group(2).split(), match.group(3).lower(), match.group(4)
        following = text[match.end():].split(maxsplit=1)
        word = re.sub(r"[^a-z]", "", following[0].lower()) if following else ""
        def known(name: str) -> bool:  # a thing the knowledge base or the catalog names
            return load_knowledge().names_exactly(name) or vocab.match(name).known
        if (word and (vocab.is_noun(word) or word == "of" or known(f"{group} {word}") or known(group + word))) \
                or known(" ".join([*mods, group])):
            return match.group(0)  # "a band of musicians", "a band stand", "a rubber band"
        if count is None and (group in roles.counted_only or det not in ("a", "an")):
            return match.group(0)
        if any(m.lower() in roles.things_before for m in mods) or word in load_activities().events \
                or text[:match.start()].lower().split()[-1:] == ["for"]:
            return match.group(0)  # "a string quartet rehearsal", "a stage for a rock band": an occasion, a purpose
        section = next((roles.section_words[m.lower()] for m in mods if m.lower() in roles.section_words), None)
        member = f"{section} players" if section else roles.members.get(group, roles.default_member)
        number = count if count is not None else numbers.get(roles.ensembles[group], str(roles.ensembles[group]))
        return f"{number} {member}"
    return re.sub(pattern, swap, text, flags=re.IGNORECASE)


def apposed_members(world: World, text: str, roles: Roles | None = None) -> list[str]:
    """"Three buskers on a street corner, a violinist, an accordion player and a drummer": people named
    one by one right after a counted group of people of a general name (``general_people``), as many
    as the group, are those people: the group's objects go, their relations pass to the named ones;
    returns the ids dropped."""
    roles = roles or load_roles()
    general = roles.general_people or {}
    ordered = sorted(world.entities.values(), key=lambda e: e.mention)
    dropped: list[str] = []
    seen: set[str] = set()
    for start, first in enumerate(ordered):
        if first.id in seen or first.category not in general or not (first.counted and first.exact):
            continue
        group = [e for e in ordered[start:] if e.category == first.category and e.sentence == first.sentence]
        group = group[:next((k for k, e in enumerate(group) if e.mention != first.mention + k), len(group))]
        seen.update(e.id for e in group)
        later = [e for e in ordered[start + len(group):]
                 if e.sentence - first.sentence in (0, 1) and is_person(e.category)]
        after = later[:len(group)]
        if len(group) < 2 or len(after) != len(group) or not all(_named_one(e, first, general) for e in after):
            continue
        if not _listed_after(text, general[first.category], after[0].category):
            continue
        swap = {g.id: a.id for g, a in zip(group, after)}
        for rel in world.relations:
            rel.args = tuple(swap.get(a, a) for a in rel.args)
        for g in group:
            world.forget(g.id)
        dropped += list(swap)
    return dropped


def _named_one(entity: Any, first: Any, general: dict[str, str]) -> bool:
    """A person named alone (no count), of a name more particular than the group's, in its sentence
    or the one a colon starts."""
    return is_person(entity.category) and not entity.counted and entity.sentence - first.sentence in (0, 1) \
        and entity.category != first.category and entity.category not in general


def _listed_after(text: str, plural: str, member: str) -> bool:
    """Whether the text names the member right after the group and a comma, colon or dash ("three
    buskers on a corner, a violinist, ..."; not "two people at a table and a waiter")."""
    pattern = rf"\b{re.escape(plural)}\b([^.;]{{0,60}}?)\s*[,:\u2013\u2014-]\s*(?:an?|one)\s+(?:[a-z-]+\s+){{0,2}}?" \
              rf"{re.escape(member)}\b"
    found = re.search(pattern, text.lower())
    return found is not None and " and " not in f" {found.group(1)} "
