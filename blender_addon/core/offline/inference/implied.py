"""Things a noun or a verb implies without naming them (issue 14, the SceneCraft paper's queries).

"A cowboy riding through a desert town" has a horse under the cowboy; "rows of computer desks"
have a computer on each desk. :func:`add_mounts` rewrites the text before it is read (a rider's
verb with no mount after it gets "on a horse"); :func:`add_contents` reads one more sentence per
compound whose first word names what it holds ("A computer on each computer desk.") unless the
text names such things itself. The words are data (``implied.json``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...datafiles import read_document, read_only_cache
from ..reading.grammar import SentenceReader
from ..reading.lexicon import Vocabulary, load_lexicon
from ..reading.tokens import Tokenizer
from ..referents.world import INFERRED, World

ANIMAL_FAMILIES = frozenset({"quadruped", "bird", "fish"})  # the living families that are no riders
IMPLIED_PATH = Path(__file__).with_name("implied.json")
IMPLIED_SCHEMA = "setdresser.implied_things/1"


@dataclass(frozen=True)
class Implied:
    """The data of ``implied.json``."""

    verbs: tuple[str, ...]
    mount: str
    named_after: frozenset[str]
    contents: dict[str, tuple[str, frozenset[str]]]  # compound -> (thing, words that name it already)
    groups: dict[str, str]  # "family" -> "four people"
    group_kept_before: frozenset[str] = frozenset({"of"})  # "a couple more chairs": a count, not people


@read_only_cache(maxsize=1)
def load_implied() -> Implied:
    """The bundled table (cached); a bad file names what is wrong."""
    data = read_document(IMPLIED_PATH, IMPLIED_SCHEMA)
    mounts = data["mounts"]
    contents = {k.lower(): (str(v["thing"]), frozenset(w.lower() for w in v.get("unless", ())))
                for k, v in data["contents"].items()}
    return Implied(verbs=tuple(sorted((v.lower() for v in mounts["verbs"]), key=len, reverse=True)),
                   mount=str(mounts["mount"]), named_after=frozenset(w.lower() for w in mounts["named_after"]),
                   contents=contents, groups={k.lower(): str(v) for k, v in data.get("groups", {}).items()},
                   group_kept_before=frozenset(w.lower() for w in data.get("group_kept_before", ["of"])))


def add_mounts(text: str, implied: Implied | None = None) -> str:
    """"a cowboy riding through town" -> "a cowboy riding on a horse through town"; the text
    is unchanged where a mount follows the verb ("riding a bike", "riding on a camel")."""
    implied = implied or load_implied()
    verbs = "|".join(re.escape(v).replace(r"\ ", r"\s+") for v in implied.verbs)
    lists = load_lexicon().word_lists
    owners = (*lists["articles"], *lists["possessives"])  # "riding his horse"

    def insert(match: re.Match[str]) -> str:
        before = re.findall(r"[a-z]+", text[:match.start()].lower())[-1:]
        if before and _animal(before[0]):
            return match.group(0)  # "his collie trotting at his heels", "ponies galloping": no rider
        following = [re.sub(r"[^a-z]", "", w.lower()) for w in text[match.end():].split(maxsplit=2)[:2]]
        word = following[0] if following else ""
        if word in owners and len(following) > 1 and following[1] in implied.named_after:
            return f"{match.group(0)} on"  # "riding his horse": on it, as "riding on his horse"
        return match.group(0) if word in implied.named_after else f"{match.group(0)} on {implied.mount}"
    return re.sub(rf"\b(?:{verbs})\b", insert, text, flags=re.IGNORECASE)


def _animal(word: str) -> bool:
    """Whether the word names an animal (a rider's verb after it is what the animal does itself)."""
    from ...assets.families import load_families  # (the asset families read the knowledge base)

    family = load_families().for_noun(word)
    return family is not None and family.name in ANIMAL_FAMILIES


def add_groups(text: str, vocab: Vocabulary, implied: Implied | None = None) -> str:
    """"a family relaxing at the seaside" -> "four people relaxing at the seaside"; a group noun
    that a noun or a count word follows modifies it and stays ("a family dinner", "a
    couple of chairs", "a couple more chairs")."""
    implied = implied or load_implied()
    nouns = sorted(implied.groups, key=len, reverse=True)
    pattern = rf"\b(?:a|an|the|this|that|his|her|their|our|my|young|happy)\s+({'|'.join(map(re.escape, nouns))})\b"

    def swap(match: re.Match[str]) -> str:
        following = text[match.end():].split(maxsplit=1)
        word = re.sub(r"[^a-z]", "", following[0].lower()) if following else ""
        if word in implied.group_kept_before or (word and vocab.is_noun(word)):
            return match.group(0)
        return implied.groups[match.group(1).lower()]
    return re.sub(pattern, swap, text, flags=re.IGNORECASE)


def add_contents(world: World, vocab: Vocabulary, text: str, implied: Implied | None = None) -> list[str]:
    """"rows of computer desks": a computer on each computer desk the text named, unless the
    text names computers (or monitors, laptops...) itself; returns the things added."""
    implied = implied or load_implied()
    added = []
    for compound, (thing, unless) in implied.contents.items():
        rest = re.sub(rf"\b{re.escape(compound)}s?\b", " ", text.lower())
        named = any(e.category == compound for e in world.entities.values())
        if set(re.findall(r"[a-z]+", rest)) & unless or not named:
            continue
        before = len(world.relations)
        world.sentence += 1
        SentenceReader(world, vocab).read(Tokenizer(vocab).tokenize(f"A {thing} on each {compound}."))
        for rel in world.relations[before:]:
            rel.source = INFERRED + f"a {compound} holds a {thing}: " + rel.source
            rel.inferred = True
        added.append(thing)
    return added
