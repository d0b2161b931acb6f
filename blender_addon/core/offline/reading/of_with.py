"""Noun phrases joined by "of" or "with" read as one: "a vase with flowers", "a bowl of fruit" (a
holder with what it holds), "the middle of the room" (a place of a thing), "the arm of the chair"
(a part of it), "against the wall with the window" (a wall named by its opening), and a bare part
noun said right after the thing it is a part of ("a grand piano, keyboard towards the room").
"""

from __future__ import annotations

from collections.abc import Callable

from .closed_words import word_set
from .items import Item
from .lexicon import Vocabulary, load_lexicon
from .named_by import holder_named, wall_with_opening
from .phrases import NounPhrase

ANY_PARTS = word_set("any_thing_parts")  # "the handle of the spade": the spade

__all__ = ["bare_parts", "fold_of", "fold_with", "holds"]


def fold_with(items: list[Item], vocab: Vocabulary) -> list[Item]:
    """"a vase with flowers", "a bowl with fruit": a small thing with a bare noun is one object."""
    def folded(before: Item, word: Item, after: Item) -> Item | None:
        left, right = before.np, after.np
        if after.kind != "NP":
            return None
        assert left is not None and right is not None
        full = word.text in vocab.lexicon.word_lists.get("full_of", ())
        return Item("NP", f"{before.text} with {after.text}", np=left) \
            if _one_object_with(left, right, vocab, full) else None
    return _fold_pairs(items, "WITH", folded)


def _one_object_with(left: NounPhrase, right: NounPhrase, vocab: Vocabulary, full: bool = False) -> bool:
    """Whether "<left> with <right>" stays one object, recorded on ``left``: a wall named by its
    opening, a holder with its contents, a table-top thing with what it has ("a vase with flowers")."""
    if wall_with_opening(left, right):  # "against the wall with the window": the window wall
        return True
    bare = not right.determiner and right.count is None and not right.collective
    if bare and holds(left, right, vocab, of=full):  # "a bowl with apples"; "a bookcase full of books"
        left.contents = right
        return True
    ground = right.kind == "location" and right.location == "floor"  # "a wheelbarrow full of soil" (attach14)
    if full and bare and not right.plural and left.kind == "asset" and (ground or right.kind == "asset"
                                                                        and "tabletop" not in vocab.roles(right.head)):
        # "a crib full of hay": the crib's filling
        left.description = f"{left.description} full of {right.text}"
        return True
    if bare and left.kind == "asset" and "tabletop" in vocab.roles(left.head):
        left.description = f"{left.description} with {right.text}"
        return True
    return False


def holds(left: NounPhrase, right: NounPhrase, vocab: Vocabulary, of: bool = False) -> bool:
    """Whether "<left> of/with <right>" is a holder and a plural it holds, no article ("a plate of
    cookies"; "a bowl of fruit" is one object); with ``of`` furniture too (``of_holder``: "a bookcase of books")."""
    roles = vocab.roles(left.head) if left.kind == "asset" else frozenset()
    return (right.kind == "asset" and right.plural and not right.determiner and not right.collective
            and bool(roles & ({"holder", "of_holder"} if of else {"holder"})))


def fold_of(items: list[Item], vocab: Vocabulary) -> list[Item]:
    """"X of Y" as one noun phrase where :func:`_folded` reads it so ("a bowl of fruit", "the middle of
    the room", "the arm of the chair")."""
    return _fold_pairs(items, "OF", lambda before, _, after: _folded(before, after, vocab))


def _fold_pairs(items: list[Item], kind: str, folded: Callable[[Item, Item, Item], Item | None]) -> list[Item]:
    """The items with each noun phrase, a ``kind`` word ("of", "with") and the item after it made one
    item where ``folded(phrase, word, after)`` gives one; the others as they are."""
    out: list[Item] = []
    i = 0
    while i < len(items):
        item = items[i]
        if item.kind == kind and out and out[-1].kind == "NP" and i + 1 < len(items):
            joined = folded(out[-1], item, items[i + 1])
            if joined is not None:
                out[-1] = joined
                i += 2
                continue
        out.append(item)
        i += 1
    return out


def _folded(before: Item, after: Item, vocab: Vocabulary) -> Item | None:
    """``before`` "of" ``after`` as one noun phrase, or None when they stay apart."""
    if after.kind == "UNKNOWN" and before.np is not None and before.np.kind == "asset":
        owner = before.np  # "a cup of tea": an unknown bare noun only describes the cup
        owner.description = f"{owner.description} of {after.text}"
        return Item("NP", f"{before.text} of {after.text}", np=owner)
    if after.kind == "PRON" and before.np is not None and before.np.kind == "location":
        assert after.token is not None  # "in the middle of it", "at the far end of them": a place of what it refers to
        folded = Item("NP", f"{before.text} of {after.text}", np=before.np)
        folded.of = NounPhrase(text=after.text, head=str(after.token.value), kind="pronoun")
        return folded
    if after.kind == "NP":
        return _folded_phrases(before, after, vocab)
    return None


def _folded_phrases(before: Item, after: Item, vocab: Vocabulary) -> Item | None:
    """Two noun phrases joined by "of": contents ("a bowl of apples"), a place or part of a thing
    ("the middle of the table"), a member of a group ("two of the chairs"); None for others."""
    left, right = before.np, after.np
    assert left is not None and right is not None
    if holder_named(left, right, vocab):  # "a rack of clothes": the clothes rack
        return Item("NP", f"{before.text} of {after.text}", np=left)
    if holds(left, right, vocab, of=True):
        left.contents = right
        return Item("NP", f"{before.text} of {after.text}", np=left)
    if left.kind == "asset" and right.kind == "asset" and right.determiner and _part_of(left, right):
        return Item("NP", f"{before.text} of {after.text}", np=right)  # "the arm of the chair": the chair
    if _gathers(left, right, vocab):
        return Item("NP", f"{before.text} of {after.text}", np=right)  # "a bank of screens": the screens
    last = left.head.split()[-1] if left.head else ""  # "two of the chairs" has no head of its own
    surface = last in load_lexicon().surface_nouns and right.kind == "asset"
    if left.kind == "location" or surface or not (right.determiner or right.count is not None):
        folded = Item("NP", f"{before.text} of {after.text}", np=left)
        folded.of = right
        if left.kind == "asset" and not right.determiner and not surface:
            left.description = f"{left.description} of {right.text}"
        return folded
    return None


def _gathers(left: NounPhrase, right: NounPhrase, vocab: Vocabulary) -> bool:
    """Whether ``left`` only gathers the things ``right`` names ("a bank of screens", "a cluster of
    lanterns"): a thing no catalog model draws before a bare plural that one does."""
    if left.kind != "asset" or right.kind != "asset" or not right.plural or right.determiner or right.count:
        return False
    return left.count is None and not vocab.match(left.head).known and vocab.match(right.head).known


def _part_of(part: NounPhrase, whole: NounPhrase) -> bool:
    """Whether ``part`` names a part of ``whole``'s kind (the knowledge base's ``parts``: "the arm
    of the chair", "the keys of the piano", "the headboard of the bed") or of any thing
    (closed_words ``any_thing_parts``: "the handle of the spade", "the lid of the chest")."""
    from ...knowledge.objects import load_knowledge  # (offline reads the knowledge base; no cycle at import)

    return part.count is None and (load_knowledge().has_part(whole.head, part.head) or part.head in ANY_PARTS)


def bare_parts(items: list[Item]) -> list[Item]:
    """"a grand piano in the corner, keyboard towards the room": a bare part noun that says a side
    (lexicon ``part_nouns``) right before a relation, after a thing it is a part of (the knowledge
    base's ``parts``), is that thing (kind "part"), not a new object; in a list ("a piano,
    keyboard and drums") it stays a thing of its own."""
    lex, owner = load_lexicon(), None
    for i, item in enumerate(items):
        np = item.np
        if np is None or np.kind != "asset":
            continue
        related = i + 1 < len(items) and items[i + 1].kind == "REL"
        bare = not np.determiner and np.count is None and not np.plural and np.head in lex.part_nouns
        if bare and related and owner is not None and _part_of(np, owner):
            np.kind = "part"
        else:
            owner = np
    return items
