"""A sentence that opens with a bare part word — "one", "another (one)", "the other (one)" — goes
on with the sentence before it: "Add two lamps. Put one on the desk. Put the other on the floor
next to the bed." reads as "Add two lamps and put one on the desk and put the other ...", "Place
three chairs on each side. Place one at each end." as one instruction (two more chairs), "Add a
chair on the north side of the table. Add another one on the south side." (a second chair, not a
second table). Within one sentence the reader already shares a group out ("one ... and the
other": :mod:`.parted_ones`) and gives "one" the kind of the clause before
(:func:`..referents.proforms.antecedent`); across a full stop both were lost. ("the former" /
"the latter" are named before sentences are read: :mod:`.corrections`.)

Only an instruction ("Put one ...", "Then add another one ...") is joined: a statement about a part
("Two sofas. One faces the TV.") stays a sentence of its own, where "one" is one of them; but a
statement that opens with "the other" answers the part said before it ("Put two lamps in the room.
One goes by the bed. The other goes on the desk.": the second lamp, not a second bed) (multi15). Only a
part word standing alone opens such a sentence: "one chair", "another desk", "one of the
chairs" and "the one by the window" name their own noun and stay sentences of their own.
"""

from __future__ import annotations

from .closed_words import word_set, word_tuple
from .tokens import Tokenizer, words_of

PART_WORDS = word_tuple("elliptic_part_words")  # "the other", "another", "one"
VERBS = word_set("placing_verbs")  # "put", "place", "add" ...: the sentence is an instruction
LEADS = word_set("placing_leads") | VERBS  # "then", "put", ... before the part word
ALONE_AFTER = word_set("elliptic_part_followers")  # "one", "ones": "another one", "the other one"
ANSWERS = word_set("elliptic_answers")  # "the other": a statement it opens answers a "one" said before


def join_elliptic(parts: list[tuple[str, bool]], tokenizer: Tokenizer) -> list[tuple[str, bool]]:
    """``parts`` (sentence, ended by a colon) with each sentence that opens with a bare part word
    joined to the one before by "and" (not after a colon: what a colon lists is read apart)."""
    out: list[tuple[str, bool]] = []
    for sentence, colon in parts:
        if out and not out[-1][1] and _opens_elliptic(sentence, tokenizer):
            before = out[-1][0].rstrip().rstrip(".!;")
            out[-1] = (f"{before} and {sentence[:1].lower()}{sentence[1:]}", colon)
        else:
            out.append((sentence, colon))
    return out


def _opens_elliptic(sentence: str, tokenizer: Tokenizer) -> bool:
    """Whether the sentence is an instruction ("Put", "then add") whose first noun phrase is a bare
    part word: the word after it is no noun or adjective and not "of" ("one of the chairs")."""
    words = words_of(sentence)
    at = 0
    while at < len(words) and words[at] in LEADS:
        at += 1
    answering = at == 0 and " ".join(words[:2]) in ANSWERS  # "One goes by the bed. The other goes on the desk."
    if not set(words[:at]) & VERBS and not answering:
        return False  # "Two sofas. One faces the TV.": a statement about one of them, no instruction
    for part in PART_WORDS:
        size = len(part.split())
        if " ".join(words[at:at + size]) != part:
            continue
        rest = words[at + size:]
        if rest[:1] and rest[0] in ALONE_AFTER:
            rest = rest[1:]
        return not rest or not (rest[0] == "of" or tokenizer.vocab.is_noun(rest[0])
                                or tokenizer.vocab.looks_adjective(rest[0]))
    return False
