"""A group shared out by "one ... and the other": "Two sofas in the middle, one facing the TV and
the other facing the fireplace", "two lamps, one on the desk and another by the bed". The bare
"one" answered later in the sentence by "the other" or "another" is one of the objects named
before (a part of them, as "one of them" is), not all of them; "another" is the next part, not
one more object.
"""

from __future__ import annotations

from .items import Item


def parted_ones(items: list[Item]) -> list[Item]:
    """Mark each bare "one" that a later "the other" / "another" of the sentence answers as a
    part of the group named before (``partitive``), and that "another" as its next part."""
    for i, item in enumerate(items):
        np = item.np
        if item.kind != "NP" or np is None or np.kind != "ellipsis" or np.count != 1 or np.more \
                or np.partitive or np.hints or np.shares:
            continue
        answer = next((later for later in items[i + 1:] if _answers(later)), None)
        if answer is None:
            continue
        np.partitive = True
        if answer.np is not None and answer.np.kind == "ellipsis":
            answer.np.more = False  # "another by the bed": the second of the two, not a third
    return items


def _answers(item: Item) -> bool:
    """Whether ``item`` is "the other (one)" (the determiner "other") or a bare "another" (an ellipsis
    phrase: "another chair" names one more thing and answers nothing)."""
    np = item.np
    if item.kind != "NP" or np is None:
        return False
    return np.determiner == "other" or (np.kind == "ellipsis" and item.text.split()[:1] == ["another"])
