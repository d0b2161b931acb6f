"""Items: the sentence's tokens with noun-phrase runs merged into parsed noun phrases.

"X of Y" is folded into X ("the middle of the room", "a bowl of fruit") and a small
thing "with" a bare noun is one object ("a vase with flowers").
"""

from __future__ import annotations

from dataclasses import dataclass

from .lexicon import Vocabulary, load_lexicon
from .named_by import holder_named, wall_with_opening
from .parted_ones import parted_ones
from .phrases import NP_KINDS, NounPhrase, parse_noun_phrase, starts_new_phrase
from .tokens import Token

PROFORMS = frozenset({"one", "ones"})
COPULAS = frozenset({"is", "are", "was", "were"})  # "four are white and two are blue": never a participle
TOUCHING = frozenset({"touching", "touches", "touch"})  # "its headboard touching the wall": against it


@dataclass
class Item:
    """A noun phrase (several tokens) or one other token, with its text."""

    kind: str
    text: str
    token: Token | None = None
    np: NounPhrase | None = None
    used: bool = False
    of: NounPhrase | None = None  # "the middle *of the room*"


def group_items(tokens: list[Token], vocab: Vocabulary) -> list[Item]:
    """Merge runs of noun-phrase tokens into noun phrases; "X of Y" is folded into X."""
    items: list[Item] = []
    run: list[Token] = []

    def flush(before_phrase: bool = False) -> None:
        if not run:
            return
        np = parse_noun_phrase(run, vocab, verb_may_follow=before_phrase)
        text = " ".join(t.text for t in run)
        if np is None and len(run) == 1 and run[0].kind == "DET" and run[0].value == "other":
            np = parse_noun_phrase([*run, Token("WORD", "one")], vocab)  # "and the other to its right"
        if np is None and len(run) == 1 and run[0].kind == "DET" and run[0].value == "another":
            np = NounPhrase(text=text, head="", kind="ellipsis", count=1, more=True)  # "three plants and another"
        if np is None and len(run) == 1 and run[0].kind == "DET" and run[0].value in ("both", "all", "each"):
            # "Both are against the wall."; "an armchair in front of each": one per object
            each = run[0].value in ("each", "both")  # "a lamp on both": one on each
            items.append(Item("PRON", text, token=Token("PRON", text, "each" if each else "them")))
        else:
            items.append(Item("NP", text, np=np) if np is not None else Item("UNKNOWN", text))
        run.clear()

    for token in tokens:
        if token.text in PROFORMS and run and run[-1].kind == "WORD" and vocab.looks_adjective(run[-1].text):
            token = Token("WORD", token.text)  # "the small one", "two red ones": a noun standing in for another
        if token.text in PROFORMS and run and (run[-1].kind == "ORD" or _refers(run[-1])):
            token = Token("WORD", token.text)  # "each one", "another one", "the second one": (.proforms)
        if token.kind == "MOD" and " " not in token.text and run and run[-1].kind == "DET":
            token = Token("WORD", token.text)  # "next to the stack": after an article "stack" is a noun
        if token.kind == "FILL" and token.text not in COPULAS and run and all(
                t.kind != "NOUN" and (t.kind != "WORD" or vocab.looks_adjective(t.text)) for t in run):
            continue  # "a parked car", "a cozy reading corner": a participle before the noun
        if token.kind in NP_KINDS:
            if starts_new_phrase(token) and any(t.kind in ("WORD", "NOUN") for t in run):
                flush(before_phrase=True)
            run.append(token)
            continue
        flush()
        items.append(Item(token.kind, token.text, token=token))
    flush()
    return _folds(items, vocab)


def _folds(items: list[Item], vocab: Vocabulary) -> list[Item]:
    """The phrases read together: a scene's "it", "of", "with", partitives, "each", counts shared."""
    folded = _fold_with(_fold_of(_of_them(_scene_subject(items)), vocab), vocab)
    return _possessed_places(_shares(_touching(_fold_each(parted_ones(_partitives(_bare_parts(folded)))))))


_POSSESSIVE_OWNERS = {"its": "it", "their": "them"}


def _possessed_places(items: list[Item]) -> list[Item]:
    """"along its edge", "at their ends": a place of what the pronoun refers to, as "the edge of it"."""
    for item in items:
        first = item.np.text.split()[:1] if item.kind == "NP" and item.np is not None else []
        if item.np is not None and item.np.kind == "location" and item.of is None and first \
                and first[0] in _POSSESSIVE_OWNERS:
            item.of = NounPhrase(text=first[0], head=_POSSESSIVE_OWNERS[first[0]], kind="pronoun")
    return items


SCENE_SUBJECTS = frozenset({"it", "this", "that"})  # "It's a small bathroom", "This is the kitchen"
MODALS = frozenset({"will", "would", "could", "might", "shall"})


def _scene_subject(items: list[Item]) -> list[Item]:
    """"It's a small bathroom.", "This will be a kids' room.": a sentence that opens with "it" /
    "this" / "that" saying what the scene is: the word (and its verb) stands for the scene, read
    as filler, not for an object named before nor a part left not understood."""
    if not items or items[0].kind not in ("PRON", "UNKNOWN") or items[0].text not in SCENE_SUBJECTS:
        return items
    rest = 1
    while rest < len(items) and (items[rest].kind == "FILL" or items[rest].text in MODALS):
        rest += 1
    np = items[rest].np if rest < len(items) else None
    return items[rest:] if np is not None and np.kind == "scene" else items


def _shares(items: list[Item]) -> list[Item]:
    """Bare counts, each before its place, that share out a total: "two on each long side and
    one at each end" take four (two a side) and two (:attr:`NounPhrase.shares`). Only when two or
    more do: a single "one on each side" / "one in each corner" is as many as the places."""
    parts = [(item.np, after) for item, after in zip(items, items[1:]) if item.kind == "NP" and item.np is not None
             and item.np.kind == "ellipsis" and item.np.count and not item.np.more and after.kind == "REL"]
    for np, after in parts if len(parts) > 1 else ():
        per_side = after.token is not None and bool(after.token.params.get("per_side"))
        np.shares = (np.count or 1) * (2 if per_side else 1)
    return items


def _of_them(items: list[Item]) -> list[Item]:
    """"both of them", "each of these", "all of them": one pronoun, that of its first word."""
    out: list[Item] = []
    for item in items:
        if (item.kind == "PRON" and len(out) > 1 and out[-1].kind == "OF" and out[-2].kind == "PRON"
                and out[-2].text in ("both", "each", "all", "every one") and item.text in ("them", "these", "those")):
            out[-2].text = f"{out[-2].text} of {item.text}"
            out.pop()
            continue
        out.append(item)
    return out


def _partitives(items: list[Item]) -> list[Item]:
    """"N of them": "books, about a dozen of them" says how many books an uncounted plural of the
    same sentence is (the count moves to it); "nine books ..., three of them stacked" is a part of
    the counted ones (an ellipsis phrase marked ``partitive``: :meth:`.grammar.SentenceReader._resolve`)."""
    out: list[Item] = []
    i = 0
    while i < len(items):
        item, rest = items[i], items[i + 1:i + 3]
        np = item.np
        if np is not None and np.kind == "ellipsis" and np.count is not None and _of_named(rest):
            np.partitive = True  # "two of the chairs": a part of the chairs named before
            out.append(Item("NP", f"{item.text} of {rest[1].text}", np=np, of=rest[1].np))
            i += 3
            continue
        if (np is None or np.kind != "ellipsis" or np.count is None or [r.kind for r in rest] != ["OF", "PRON"]
                or rest[1].text not in ("them", "these", "those")):
            out.append(item)
            i += 1
            continue
        earlier = next((o.np for o in reversed(out) if o.np is not None and o.np.kind == "asset" and o.np.plural
                        and o.np.count is None and not o.np.determiner), None)
        if earlier is not None:
            earlier.count = np.count  # "Fill the bookcase with books, about a dozen of them."
            while out and out[-1].kind == "SEP":
                out[-1].used = True
                break
        else:
            np.partitive = True
            out.append(Item("NP", f"{item.text} of {rest[1].text}", np=np))
        i += 3
    return out


def _of_named(rest: list[Item]) -> bool:
    """Whether ``rest`` is "of" and a definite plural naming objects ("of the chairs", "of these mugs")."""
    np = rest[1].np if len(rest) == 2 and rest[0].kind == "OF" else None
    return np is not None and np.kind == "asset" and np.definite and np.plural


def _fold_each(items: list[Item]) -> list[Item]:
    """"three desks with two monitors each": a trailing "each" after a noun phrase says its count
    is per object of the host (:func:`.reading.attach_to_host`), not in all."""
    out: list[Item] = []
    for i, item in enumerate(items):
        nxt = items[i + 1] if i + 1 < len(items) else None
        prev = out[-1] if out else None
        if prev is not None and prev.np is not None and prev.np.kind == "ellipsis" and item.np is not None \
                and _for_each(prev.np, item.np):  # "six plates, one for each chair": one at each chair
            prev.np.leftover = prev.np.leftover[:-1]
            out.append(Item("REL", "for", token=Token("REL", "for", "at", {})))
        np = prev.np if prev is not None and prev.np is not None and prev.np.kind == "asset" else None
        if prev is None or np is None or (np.definite and np.determiner != "one"):  # "and one locker each"
            out.append(item)
            continue
        if item.kind == "PRON" and item.text == "each" and (nxt is None or nxt.kind in ("SEP", "AND")):
            for joined in [np, *_joined_before(out, None)]:  # "with a monitor and a chair each"
                joined.per_each = True
            prev.text = f"{prev.text} each"
            continue
        if item.np is not None and item.np.kind == "asset" and (item.text.startswith("per ") or _for_each(np, item.np)):
            for joined in [np, *_joined_before(out, item.np)]:  # "a monitor and a chair for each desk"
                joined.per_each, joined.per_host = True, item.np
            np.leftover = np.leftover[:-1] if not item.text.startswith("per ") else np.leftover
            prev.text = f"{prev.text} {item.text}"
            continue
        out.append(item)
    return out


def _joined_before(out: list[Item], owner: NounPhrase | None) -> list[NounPhrase]:
    """The indefinite noun phrases joined by "and" right before the last item of ``out``, things
    of another kind than the ``owner`` ("a monitor and a chair for each desk": the monitor too; "four
    tables and two chairs per table": not the tables), or, with no owner named, after "with" ("with a
    monitor and a chair each")."""
    found: list[NounPhrase] = []
    k = len(out) - 2
    while k >= 1 and out[k].kind == "AND" and (np := out[k - 1].np) is not None and np.kind == "asset" \
            and not np.definite and not np.per_each and (owner is None or np.head != owner.head):
        found.append(np)
        k -= 2
    hosted = owner is not None or (k >= 0 and out[k].kind == "WITH")
    return found if hosted else []


def _for_each(np: NounPhrase, owner: NounPhrase) -> bool:
    """"a chair for each desk", "a lamp for every bed": "for" ends the first phrase and an
    "each"/"every" phrase follows, so the first is one set per owner, as "per desk" says."""
    counted = owner.count is None or owner.text.startswith("each of the ")  # "for each of the four desks": those
    return np.leftover[-1:] == ["for"] and owner.determiner == "each" and counted and not owner.partitive


def _refers(token: Token) -> bool:
    """Whether a determiner makes a following "one" a noun, not a count ("each one", not "a one")."""
    return token.kind == "DET" and token.value in ("each", "another", "other", "definite", "all")


def _touching(items: list[Item]) -> list[Item]:
    """"touching" before an object is "against" it ("its headboard touching the wall"); alone it
    stays the modifier ("two desks touching")."""
    for item, nxt in zip(items, items[1:]):
        if item.kind == "MOD" and item.text in TOUCHING and nxt.kind in ("NP", "PRON"):
            item.kind, item.token = "REL", Token("REL", item.text, "against", {})
    return items


def _fold_with(items: list[Item], vocab: Vocabulary) -> list[Item]:
    """"a vase with flowers", "a bowl with fruit": a small thing with a bare noun is one object."""
    out: list[Item] = []
    i = 0
    while i < len(items):
        item = items[i]
        if (item.kind == "WITH" and out and out[-1].kind == "NP" and i + 1 < len(items)
                and items[i + 1].kind == "NP"):
            left, right = out[-1].np, items[i + 1].np
            assert left is not None and right is not None
            if _one_object_with(left, right, vocab):
                out[-1] = Item("NP", f"{out[-1].text} with {items[i + 1].text}", np=left)
                i += 2
                continue
        out.append(item)
        i += 1
    return out


def _one_object_with(left: NounPhrase, right: NounPhrase, vocab: Vocabulary) -> bool:
    """Whether "<left> with <right>" stays one object, recorded on ``left``: a wall named by its
    opening, a holder with its contents, a table-top thing with what it has ("a vase with flowers")."""
    if wall_with_opening(left, right):  # "against the wall with the window": the window wall
        return True
    bare = not right.determiner and right.count is None and not right.collective
    if bare and holds(left, right, vocab):  # "a bowl with apples": the apples, in the bowl
        left.contents = right
        return True
    if bare and left.kind == "asset" and "tabletop" in vocab.roles(left.head):
        left.description = f"{left.description} with {right.text}"
        return True
    return False


def holds(left: NounPhrase, right: NounPhrase, vocab: Vocabulary) -> bool:
    """Whether "<left> of/with <right>" is a holder and the things it holds, each an object ("a
    plate of cookies", "two baskets of apples", "a shelf of books"): a holder and a plural of
    things with no article ("a bowl of fruit", "a vase of flowers" stay one object)."""
    return (left.kind == "asset" and right.kind == "asset" and right.plural and not right.determiner
            and not right.collective and "holder" in vocab.roles(left.head))


def _fold_of(items: list[Item], vocab: Vocabulary) -> list[Item]:
    out: list[Item] = []
    i = 0
    while i < len(items):
        item = items[i]
        if item.kind == "OF" and out and out[-1].kind == "NP" and i + 1 < len(items):
            folded = _folded(out[-1], items[i + 1], vocab)
            if folded is not None:
                out[-1] = folded
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
    if holds(left, right, vocab):
        left.contents = right
        return Item("NP", f"{before.text} of {after.text}", np=left)
    if left.kind == "asset" and right.kind == "asset" and right.determiner and _part_of(left, right):
        return Item("NP", f"{before.text} of {after.text}", np=right)  # "the arm of the chair": the chair
    last = left.head.split()[-1] if left.head else ""  # "two of the chairs" has no head of its own
    surface = last in load_lexicon().surface_nouns and right.kind == "asset"
    if left.kind == "location" or surface or not (right.determiner or right.count is not None):
        folded = Item("NP", f"{before.text} of {after.text}", np=left)
        folded.of = right
        if left.kind == "asset" and not right.determiner and not surface:
            left.description = f"{left.description} of {right.text}"
        return folded
    return None


def relation_source(rel: Item, objects: list[Item]) -> str:
    """The words a relation came from ("next to the bed"), for the scene graph's ``source``."""
    return " ".join([rel.text] + [o.text for o in objects])


def unparsed_spans(items: list[Item]) -> list[str]:
    """The runs of items no rule used (with the fillers inside them: "because it is comfy"), and
    the words left over after the head of a used noun phrase."""
    out: list[str] = []
    span: list[str] = []
    neutral: list[str] = []
    for item in items + [Item("END", "", used=True)]:
        if not item.used and item.kind not in ("SEP", "AND"):
            span += neutral + [item.text]
            neutral = []
            continue
        if span and item.kind == "FILL":
            neutral.append(item.text)
            continue
        if span:
            out.append(" ".join(span))
        span, neutral = [], []
        if item.np is not None and item.np.leftover and item.used:
            out.append(" ".join(item.np.leftover))
    return out


def _part_of(part: NounPhrase, whole: NounPhrase) -> bool:
    """Whether ``part`` names a part of ``whole``'s kind (the knowledge base's ``parts``: "the arm
    of the chair", "the keys of the piano", "the headboard of the bed")."""
    from ...knowledge.objects import load_knowledge  # (offline reads the knowledge base; no cycle at import)

    return part.count is None and load_knowledge().has_part(whole.head, part.head)


def _bare_parts(items: list[Item]) -> list[Item]:
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
