"""Items: the sentence's tokens with noun-phrase runs merged into parsed noun phrases.

"X of Y" is folded into X ("the middle of the room", "a bowl of fruit") and a small
thing "with" a bare noun is one object ("a vase with flowers"): :mod:`.of_with`. The folds here
read counts and pronouns together ("both of them", "two of the chairs", "a monitor for each desk",
"two on each side and one at each end").
"""

from __future__ import annotations

from .closed_words import EVERY_ONE, REFERENCE_DETERMINERS, word_map, word_set
from .items import Item
from .lexicon import Vocabulary
from .of_with import bare_parts, fold_of, fold_with
from .parted_ones import described_ones, parted_ones
from .phrases import NP_KINDS, NounPhrase, parse_noun_phrase, starts_new_phrase
from .tokens import Token

TRAILING_EACH = word_set("trailing_each_words")  # "with two monitors each", "with four chairs apiece"

PROFORMS = frozenset({"one", "ones"})
DEMONSTRATIVES = word_map("demonstrative_pronouns")  # "next to that": "it"
ONE_OF = "one of"  # the determiner of "one of the chairs" (lexicon determiners)
ROW_NOUNS = word_set("grid_row_nouns")  # "in the front row": a row, which "the second" then is too
COPULAS = frozenset({"is", "are", "was", "were"})  # "four are white and two are blue": never a participle
TOUCHING = frozenset({"touching", "touches", "touch"})  # "its headboard touching the wall": against it


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
        if np is None and [t.kind for t in run] == ["DET", "ORD"] and run[0].value == "definite" \
                and not any(i.np is not None and i.np.head in ROW_NOUNS for i in items):
            np = parse_noun_phrase([*run, Token("WORD", "one")], vocab)  # "on the second, a lamp" (multi15; "four in
            # the front row and six in the second" is the second row, read as before)
        if np is None and len(run) == 1 and run[0].kind == "DET" and run[0].value == "another":
            np = NounPhrase(text=text, head="", kind="ellipsis", count=1, more=True)  # "three plants and another"
        pronoun = (_pronoun(run, text) or _demonstrative(run, text, items)) if np is None else None
        items.append(pronoun or (Item("NP", text, np=np) if np is not None else Item("UNKNOWN", text)))
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
    folded = fold_with(fold_of(_of_them(_scene_subject(items)), vocab), vocab)
    parts = parted_ones(described_ones(_partitives(bare_parts(folded))))
    return _possessed_places(_shares(_touching(_fold_each(parts))))


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
    """"both of them", "each of these", "all of them", "the two of them": one pronoun, that of its first
    words."""
    out: list[Item] = []
    for item in items:
        if (item.kind == "PRON" and len(out) > 1 and out[-1].kind == "OF" and out[-2].kind == "PRON"
                and (out[-2].text in ("both", "each", "all", "every one") or _counted_back(out[-2].text))
                and item.text in ("them", "these", "those")):
            out[-2].text = f"{out[-2].text} of {item.text}"
            out.pop()
            continue
        if item.kind == "PRON" and item.text in ("them", "these", "those") and out and out[-1].kind == "UNKNOWN" \
                and out[-1].text == ONE_OF:  # "a campfire in front of one of them", "One of them faces the window"
            text = f"{ONE_OF} {item.text}"  # one of the things named before, as "two of them" is two (multi15)
            out[-1] = Item("NP", text, np=NounPhrase(text=text, head="", kind="ellipsis", count=1, partitive=True))
            continue
        out.append(item)
    return out


def _partitives(items: list[Item]) -> list[Item]:
    """"N of them": "books, about a dozen of them" says how many books an uncounted plural of the
    same sentence is (the count moves to it); "nine books ..., three of them stacked" is a part of
    the counted ones (an ellipsis phrase marked ``partitive``: :meth:`.referring.PhraseReferents._resolve`)."""
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
        if item.kind == "PRON" and item.text in TRAILING_EACH and (nxt is None or nxt.kind in ("SEP", "AND")):
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


def _pronoun(run: list[Token], text: str) -> Item | None:
    """A run with no noun that stands for things said before: "Both are against the wall.", "an armchair
    in front of each" (one per object), "The two go against the west wall.", "These go by the door."."""
    if len(run) == 1 and run[0].kind == "DET" and run[0].value in EVERY_ONE:
        each = run[0].value in ("each", "both")  # "a lamp on both": one on each
        return Item("PRON", text, token=Token("PRON", text, "each" if each else "them"))
    if refers_back(run):
        return Item("PRON", text, token=Token("PRON", text, "them"))
    return None


def _demonstrative(run: list[Token], text: str, items: list[Item]) -> Item | None:
    """"Next to that, a lamp.", "a cabinet; on top of that, three boxes", "Under this, put a rug.": a
    demonstrative with no noun after a place word stands for the thing named before, as "it" does
    (closed_words.json ``demonstrative_pronouns``; "the wall that faces ..." is no such place's object)."""
    if len(run) != 1 or run[0].kind != "DET" or not items or items[-1].kind != "REL":
        return None
    kind = DEMONSTRATIVES.get(run[0].text)
    return Item("PRON", text, token=Token("PRON", text, kind)) if kind else None


def _counted_back(text: str) -> bool:
    """Whether a pronoun's words are a determiner and a count ("the two", "all three": :func:`refers_back`)."""
    words = text.split()
    return len(words) == 2 and words[0] in REFERENCE_DETERMINERS


def refers_back(run: list[Token]) -> bool:
    """Whether a run of a determiner and a count with no noun names things said before: "the two",
    "all three", "those two", "these" (not "the" alone, not a bare count: "two go by the window" are
    two more of the same)."""
    if not run or run[0].kind != "DET" or run[0].text not in REFERENCE_DETERMINERS:
        return False
    rest = run[1:]
    if not rest:
        return run[0].text in ("these", "those")
    return len(rest) == 1 and rest[0].kind == "COUNT" and isinstance(rest[0].value, (int, float)) \
        and rest[0].value >= 2
