"""A thing said by its use (issue 14, wording): "a place to sleep", "somewhere to sit while you
wait", "a comfy spot to read", "something to keep toys in", "plenty of things to read" name the
object that use needs (a bed, a chair, an armchair, a toy chest, books), and "areas with seats"
names the seats; read word by word they became objects called "place" or "sleep", drawn as
labelled boxes. :func:`functional_places` says the object instead, keeping the determiner, count
and describing words before the head ("a comfy spot to read": "a comfy armchair"). A use the data
does not list is left as it was. The heads and uses are data (``functional_places.json``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...datafiles import read_document, read_only_cache
from .lexicon import Vocabulary
from ...assets.phrase import plural
from .tokens import singular

_DATA = Path(__file__).with_name("functional_places.json")
MAX_USE_WORDS = 4  # "put your cup on": the longest use the data lists


@read_only_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return read_document(_DATA, "setdresser.offline_functional_places/1")


def _use_at(words: list[str], start: int, table: dict[str, str]) -> tuple[str, int] | None:
    """The object of the listed use starting at word ``start`` and how many words it takes, the
    longest listed first; a use said with its object's words in it ("keep toys in") is listed."""
    for size in range(min(MAX_USE_WORDS, len(words) - start), 0, -1):
        said = " ".join(words[start:start + size]).lower()
        if said in table:
            return table[said], size
    return None


def _said(words: list[str], i: int, vocab: Vocabulary) -> tuple[str, int] | None:
    """The object a head at ``i`` followed by "to" and a use names, and the words it spans (head
    included); None when the use is not listed."""
    d = _data()
    head = words[i].lower()
    if i + 2 >= len(words) or words[i + 1].lower() != "to":
        return None
    places = _use_at(words, i + 2, d["places"])
    things = _use_at(words, i + 2, d["things"])
    used: tuple[str, int] | None = places
    if head in d["thing_heads"] and things is not None and (places is None or places[1] <= things[1]):
        used = things  # "something to read": a book; "something to put your cup on": a side table
    if used is None or not vocab.is_noun(used[0].split()[-1]):
        return None
    noun, size = used
    many = head in d["plural_heads"] or words[i - 1:i] == ["plenty"] or (i > 1 and words[i - 2].lower() == "plenty")
    return (plural(noun) if many else noun), 2 + size


def functional_places(text: str, vocab: Vocabulary) -> str:
    """The text with each thing said by its use said by the object it needs ("a place to sleep":
    "a bed"; "somewhere to sit": "a chair"; "areas with seats": "seats")."""
    d = _data()
    spans = list(re.finditer(r"[A-Za-z][\w'-]*|\d+(?:\.\d+)?|[^\w\s]", text))
    words = [m.group() for m in spans]
    edits: list[tuple[int, int, str]] = []  # (start, end, new text) in the text
    i = 0
    while i < len(words):
        head = words[i].lower()
        found = _said(words, i, vocab) if head in d["place_heads"] or head in d["thing_heads"] else None
        if found is not None:
            noun, span = found
            bare = head in ("somewhere", "something", "anything") and not (i and words[i - 1].lower() in ("a", "an"))
            article = ("an " if noun[0] in "aeiou" else "a ") if bare and not noun.endswith("s") else ""
            edits.append((spans[i].start(), spans[i + span - 1].end(), article + noun))
            i += span
            continue
        if head in d["holder_heads"] and _holds(words, i, vocab):
            first = i - 1 if i and words[i - 1].lower() in vocab.lexicon.determiners else i
            edits.append((spans[first].start(), spans[i + 2].start(), ""))  # "areas with seats": the seats
            i += 2
            continue
        i += 1
    for start, end, new in reversed(edits):
        text = text[:start] + new + text[end:]
    return text


def _holds(words: list[str], i: int, vocab: Vocabulary) -> bool:
    """Whether the place head at ``i`` only says where the things after its "with" are: nothing
    describes it ("areas with seats", "an area with two sofas"; not "a seating area with sofas")."""
    before = words[i - 1].lower() if i else ""
    bare = not before or before in vocab.lexicon.determiners or before in ("with", "and", ",", "of") \
        or before in vocab.lexicon.numbers or before.isdigit()
    if not bare or i + 2 >= len(words) or words[i + 1].lower() != "with":
        return False
    nxt = words[i + 2].lower()
    return vocab.is_noun(singular(nxt)) or nxt in vocab.lexicon.numbers or nxt in vocab.lexicon.determiners
