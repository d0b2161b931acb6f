"""Reasons in a sentence (issue 14): "so everyone on the sofas can see it", "because it is dark",
"for the band" say why or for whom, not where, and are not read for placements (reported as not
understood: a phrase after "for" is no thing of its own, :func:`_for_whom`); a "so (that)"
clause that goes on about the things just named is read ("so that it faces the window", "so the
headboard is against the east wall", "so the head of the bed touches the wall", "so the sofa
faces the TV"): it starts with a pronoun, a part of a thing ("the headboard") or a thing named
before it ("the sofa").
"""

from __future__ import annotations

from collections.abc import Collection

from .chunks import Item

# "so that it faces the window", "so its back touches the wall": still about the subject
PURPOSE_GOES_ON = frozenset({"it", "they", "them", "its", "their"})


def purpose_spans(items: list[Item], known: Collection[str] = ()) -> set[int]:
    """The indices of the items of reasons, to the next comma or the sentence's end; ``known``
    are the categories of the things named in earlier sentences."""
    skip: set[int] = set()
    inside = False
    for index, item in enumerate(items):
        if item.token is not None and item.token.value == "purpose":
            nxt = items[index + 1] if index + 1 < len(items) else None
            inside = not item.text.startswith("so") or not _about_named(nxt, items[:index], known)
            item.kind = "REASON" if inside else item.kind  # reported with its reason, not cut off like a comma
        elif item.kind == "SEP":
            inside = False
        if inside or (index and item.kind == "NP" and _for_whom(items[index - 1])):
            skip.add(index)
    return skip


def _for_whom(before: Item) -> bool:
    """Whether a noun phrase comes right after "for" that ended the phrase before it: whom or what a
    place or thing is for ("in front of the west wall for the model", "along the east wall for the
    band"), never a thing of its own: reported, as after a thing's name ("a sofa for the band")."""
    return before.np is not None and before.np.leftover[-1:] == ["for"]


def _about_named(nxt: Item | None, before: list[Item], known: Collection[str]) -> bool:
    """Whether a "so" clause starting with ``nxt`` is about things already named: a pronoun, a
    part ("the headboard") or a definite re-mention ("the bed") of a thing named before."""
    if nxt is None:
        return False
    if nxt.text.split()[0] in PURPOSE_GOES_ON:
        return True
    np = nxt.np
    if np is None or not np.definite:
        return False
    named = {b.np.head for b in before if b.np is not None and b.np.kind == "asset"}
    return np.kind == "part" or (np.kind == "asset" and (np.head in named or np.head in known))
