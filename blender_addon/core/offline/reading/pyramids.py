"""A pyramid's layers as the text gives them: "four on the bottom row", "three on the bottom,
two in the middle and one on top", "with three boxes on the floor", "three layers high".

Read before the sentence reader (like :mod:`.guests`): the layer phrases say how many things
go in each layer, not that one thing stands on another, so they leave the text; the width of
the bottom layer is kept for the pyramid's builder (:attr:`Vocabulary.pyramid_base`), and a
pyramid whose count the text does not give ("a pyramid of boxes, four on the bottom") gets the
count its layers add up to.
"""

from __future__ import annotations

import re

from .closed_words import word_pattern
from .lexicon import Vocabulary
from .numbers import number_of
from .sentences import sentence_spans

_LAYER = rf"(?:\s+{word_pattern('pyramid_layer_nouns')})?"  # "four on the bottom row"
_BOTTOM = word_pattern("pyramid_bottom_words")
_UPPER = word_pattern("pyramid_upper_words")
_ON = word_pattern("pyramid_layer_links", r"\s+")  # "three making up the base"
_HEIGHT = word_pattern("pyramid_height_nouns")  # "three layers high"
_NOUN = r"(?:\s+(?:of\s+them|[a-z]+))?"  # "three boxes on the floor", "four of them at the base"
_PYRAMID = re.compile(r"\bpyramid\b", re.IGNORECASE)
_COUNT_OF = re.compile(r"\bpyramid\s+(?:made\s+)?(?:out\s+)?(?:of|from)\s+(?=[a-z])", re.IGNORECASE)


def _spec(where: str, num: str) -> re.Pattern[str]:
    return re.compile(rf"(?:,\s*|\s+)(?:and\s+|with\s+|then\s+)?(?P<n>{num}){_NOUN}\s+{_ON}\s+(?:the\s+)?"
                      rf"(?:very\s+)?{where}{_LAYER}\b", re.IGNORECASE)


def _patterns(vocab: Vocabulary) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    num = r"\d+|" + "|".join(sorted(vocab.lexicon.numbers, key=len, reverse=True))
    high = re.compile(rf"(?:,\s*|\s+)(?P<n>{num})\s+{_HEIGHT}\s+"
                      rf"(?:high|tall)\b", re.IGNORECASE)
    return _spec(_BOTTOM, num), _spec(_UPPER, num), high


def read_layers(text: str, vocab: Vocabulary) -> str:
    """The text without the layer phrases of its pyramid (if it names one); sets
    ``vocab.pyramid_base`` to the bottom layer's width the text gives (else None) and puts the
    count the layers add up to into "a pyramid of boxes" when the text gives none."""
    vocab.pyramid_base = None
    found = next(((start, stop) for start, stop in sentence_spans(text) if _PYRAMID.search(text, start, stop)), None)
    if found is None:
        return text
    start, stop = found
    sentence = text[start:stop]
    bottom, upper, high = _patterns(vocab)
    base = [number_of(m.group("n"), vocab.lexicon) for m in bottom.finditer(sentence)]
    layers = [number_of(m.group("n"), vocab.lexicon) for m in upper.finditer(sentence)]
    height = [number_of(m.group("n"), vocab.lexicon) for m in high.finditer(sentence)]
    if not (base or height):
        return text
    width = base[0] if base and base[0] else (height[0] or 0)
    vocab.pyramid_base = width or None
    total = width + sum(n or 0 for n in layers) if layers else width * (width + 1) // 2
    for pattern in (bottom, upper, high):
        sentence = pattern.sub("", sentence)
    sentence = re.sub(r"\s*:\s*$|\s*,\s*$", "", sentence)
    if total and not _counted(sentence, vocab):
        sentence = _COUNT_OF.sub(lambda m: f"{m.group(0)}{total} ", sentence, count=1)
    return text[:start] + sentence + text[stop:]


def _counted(sentence: str, vocab: Vocabulary) -> bool:
    """Whether the sentence gives its pyramid's count ("ten boxes", "a pyramid of 6 crates")."""
    return any(number_of(w, vocab.lexicon) is not None for w in re.findall(r"[a-z]+|\d+", sentence.lower()))
