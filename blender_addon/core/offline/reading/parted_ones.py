"""A group shared out by "one ... and the other": "Two sofas in the middle, one facing the TV and
the other facing the fireplace", "two lamps, one on the desk and another by the bed". The bare
"one" answered later in the sentence by "the other" or "another" is one of the objects named
before (a part of them, as "one of them" is), not all of them; "another" is the next part, not
one more object. So is "a ... one" right after a counted plural: "two tables: a long one in the
middle and a smaller one by the window" -- the two tables, described, not two tables more.
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


def described_ones(items: list[Item]) -> list[Item]:
    """Make each "a <describing words> one" that follows a counted plural of the sentence (as many as
    it counts, no other thing named between) a described part of it: an ellipsis of one with the
    describing words as hints ("two tables: a long one ... and a smaller one")."""
    group, left = None, 0
    for item in items:
        np = item.np
        if item.kind != "NP" or np is None:
            continue
        if np.kind == "asset" and np.head == "one" and np.determiner == "indefinite" and np.count is None \
                and np.hints and group is not None and left > 0:
            np.kind, np.count = "ellipsis", 1
            left -= 1
        elif np.kind == "asset":
            counted = np.count is not None and np.count >= 2 and not np.more and not np.partitive
            group, left = (np, np.count or 0) if counted else (None, 0)
    return items
