"""Size words change the dimension the word means, within the category's real range.

"large desk" is wider and deeper, not 1.05 m high; "tall lamp" is taller within a lamp's
heights; "huge" goes past the range's end by the word's ``beyond`` factor. Words are read
from ``objects.json`` (``size_words``); words it does not list change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from .objects import ObjectFacts, ObjectKnowledge, SizeWord, Vec3


def word_axes(word: SizeWord, facts: ObjectFacts, dims: Sequence[float]) -> tuple[int, ...]:
    """The axes (0 = w, 1 = d, 2 = h) ``word`` changes on this category at size ``dims``."""
    if word.axes == "grow":
        return facts.grow
    if word.axes == "all":  # a tiny chair is a doll's chair: every axis
        return (0, 1, 2)
    if word.axes == "long":
        return (0,) if dims[0] >= dims[1] else (1,)
    if word.axes == "thin":
        return (min(range(3), key=lambda k: dims[k]),)
    return ({"w": 0, "d": 1, "h": 2}[word.axes],)


def sized_dimensions(knowledge: ObjectKnowledge, facts: ObjectFacts, words: Sequence[str],
                     base: Sequence[float] | None = None) -> Vec3:
    """``base`` (default: the typical size) after the size words in ``words``, in order.

    Each word moves the axes it means to the end of the category's range it points to,
    times its ``beyond`` factor; the other axes keep their value. A word that would shrink
    a "large" axis (or grow a "small" one) still applies: the last word wins.
    """
    dims = [float(v) for v in (base if base is not None else facts.typical)]
    for raw in words:
        word = knowledge.size_words.get(str(raw).lower())
        if word is None:
            continue
        ends = facts.dim_max if word.to == "max" else facts.dim_min
        for axis in word_axes(word, facts, dims):
            dims[axis] = ends[axis] * word.beyond
    return (round(dims[0], 4), round(dims[1], 4), round(dims[2], 4))


def is_size_word(knowledge: ObjectKnowledge, word: str) -> bool:
    """Whether the knowledge base reads ``word`` as a size word."""
    return str(word).lower() in knowledge.size_words
