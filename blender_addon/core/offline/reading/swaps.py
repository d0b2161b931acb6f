"""Swaps of two things named before (issue 14, dev set multi12): "Put the sofa against the south wall
and the piano against the north wall. On second thought, swap them." -- the piano goes against the
south wall and the sofa against the north wall. A swap sentence ("swap them", "switch the desk and the
bed around", "swap the lamp with the plant") is folded into the latest sentence that names both things:
each takes the other's words there, and the swap sentence goes. "Them" is the last two things named as
subjects (not the places they were put at: "a lamp on the desk and a plant on the shelf. Swap them." swaps
the lamp and the plant). Pure text in, text out; a swap whose things are not found is left to the reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .closed_words import word_pattern, word_set
from .sentences import with_separators

_CUE = rf"(?:(?:{word_pattern('correction_cues')})\b[\s,]*)*"
_VERB = word_pattern("swap_verbs")
_TAIL = rf"(?:\s+(?:{word_pattern('swap_tails')}))*"
_SWAP_THEM = re.compile(rf"^\s*{_CUE}(?:{_VERB})\s+(?:{word_pattern('swap_pronouns')}){_TAIL}\s*$", re.IGNORECASE)
_SWAP_NAMED = re.compile(rf"^\s*{_CUE}(?:{_VERB})\s+(?:the\s+)?([a-z][a-z ]*?)\s+(?:and|with|for)\s+(?:the\s+)?"
                         rf"([a-z][a-z ]*?){_TAIL}\s*$", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
DETERMINERS = frozenset({"the", "a", "an"})
PLACE_WORDS = word_set("verb_split_places") | {"of", "with", "from", "into", "onto", "for"}  # "a lamp *on* the desk"


def fold_swaps(text: str, names: Callable[[str], bool]) -> str:
    """The text with each swap sentence folded into the sentence that placed its two things."""
    pieces = with_separators(text)
    for k, (sentence, _) in enumerate(pieces):
        pair = _swapped(sentence, pieces[:k], names)
        if pair is None:
            continue
        for j in range(k - 1, -1, -1):
            swapped = _exchange(pieces[j][0], *pair, names)
            if swapped is not None:
                pieces[j] = (swapped, pieces[j][1])
                pieces[k] = ("", "")
                break
    return "".join(s + e for s, e in pieces).strip()


def _swapped(sentence: str, before: list[tuple[str, str]], names: Callable[[str], bool]) -> tuple[str, str] | None:
    """The two nouns a swap sentence names (or means by "them"), or None when it is no swap."""
    named = _SWAP_NAMED.match(sentence)
    if named is not None and not _SWAP_THEM.match(sentence):
        return named.group(1).split()[-1].lower(), named.group(2).split()[-1].lower()
    if not _SWAP_THEM.match(sentence):
        return None
    for earlier, _ in reversed(before):
        subjects = _subjects(earlier, names)
        if len(subjects) >= 2:
            return subjects[-2], subjects[-1]
    return None


def _phrases(sentence: str, names: Callable[[str], bool]) -> list[tuple[str, int, int, bool]]:
    """Each noun phrase naming a thing: (its noun, where the phrase starts and ends, whether it is the
    place of something -- a place word before it, "on the desk")."""
    words = list(_WORD.finditer(sentence))
    low = [w.group(0).lower() for w in words]
    out = []
    for i, noun in enumerate(low):
        if not names(noun) or (i + 1 < len(low) and names(low[i + 1])):  # "coffee table": the last word
            continue
        det = next((j for j in range(i - 1, max(-1, i - 5), -1) if low[j] in DETERMINERS), None)
        if det is not None:
            out.append((noun, words[det].start(), words[i].end(), det > 0 and low[det - 1] in PLACE_WORDS))
    return out


def _subjects(sentence: str, names: Callable[[str], bool]) -> list[str]:
    """The things a sentence names other than as the place of something ("Put the sofa against the
    wall and the piano by the door": sofa, piano), each once, in order."""
    return list(dict.fromkeys(noun for noun, _, _, place in _phrases(sentence, names) if not place))


def _exchange(sentence: str, first: str, second: str, names: Callable[[str], bool]) -> str | None:
    """The sentence with the phrases naming ``first`` and ``second`` in each other's places, or None
    when it does not name both."""
    spans: dict[str, tuple[int, int]] = {}
    for noun, start, end, _ in _phrases(sentence, names):
        for wanted in (first, second):
            if noun.rstrip("s") == wanted.rstrip("s") and wanted not in spans:
                spans[wanted] = (start, end)
    if len(spans) != 2:
        return None
    (a0, a1), (b0, b1) = sorted(spans.values())
    return sentence[:a0] + sentence[b0:b1] + sentence[a1:b0] + sentence[a0:a1] + sentence[b1:]
