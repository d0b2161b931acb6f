"""How step-by-step instructions phrase a placement (issue 14), read on a sentence's tokens
before the noun phrases are grouped:

* a verb that says a place ("Center a dining table in the room", "Line up three desks"): its
  place phrase right after the object's noun phrase (lexicon ``imperative_places``);
* a step's number ("First, ...") and a motion verb opening the sentence ("Then push the desk
  to the wall", "Move the sofa to the middle") are filler, and that verb's later "to" before
  an object names the place ("into"; never "turn it to face");
* a link word after a zone noun ("keep the way *to* the door free") is "in front of";
* a noun that opens a sentence or a clause before an article or a count is a verb ("Park a car",
  "..., and plant a tree behind every bench": lexicon ``imperative_nouns``), read before the counts;
  so is any word the tokenizer knows as nothing else ("Tie a rowboat alongside it", "Moor two boats
  by the quay", "Prop a rod against it": every-day instruction verbs no list can hold), except the
  closed words that may stand there (``opening_non_verbs``: "Half the chairs", "Beyond the fence").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .closed_words import word_set
from .tokens import Token

if TYPE_CHECKING:
    from .tokens import Tokenizer

CLAUSE_OPENERS = word_set("clause_openers")  # "..., then light a candle on it"
OPENING_NON_VERBS = word_set("opening_non_verbs")  # "Half the chairs ...": not a verb before the article
LINING_WORDS = word_set("lining_words")  # "the path is lined with lanterns": along it
LINING_VERBS = word_set("lining_verbs")  # "Line the back fence with potted plants"
NP_TOKENS = frozenset({"WORD", "NOUN", "DET", "COUNT", "ORD", "COLLECT", "SIZE"})  # a noun phrase's tokens


def instruction_steps(tokenizer: Tokenizer, tokens: list[Token]) -> list[Token]:
    """The sentence's tokens with the readings above applied."""
    return lining(tokenizer, zone_links(tokenizer, motion(tokenizer, imperative_place(tokenizer, tokens))))


def imperative_place(tokenizer: Tokenizer, tokens: list[Token]) -> list[Token]:
    """"Center a dining table in the room": "a dining table in the middle in the room"; the verb's
    particle may follow the object ("Line three barrels up on the dock": "line up")."""
    if len(tokens) < 2 or tokens[1].kind not in ("DET", "COUNT"):
        return tokens
    end = next((k for k in range(2, len(tokens)) if tokens[k].kind not in NP_TOKENS), len(tokens))
    places = tokenizer.lex.imperative_places
    split = places.get(f"{tokens[0].text} {tokens[end].text}") if end < len(tokens) \
        and tokens[end].text in tokenizer.lex.verb_words["particles"] else None
    place = split or places.get(tokens[0].text)
    if place is None:
        return tokens
    rest = tokens[end + 1:] if split else tokens[end:]  # the particle said after the object goes
    return [Token("FILL", tokens[0].text), *tokens[1:end], *tokenizer.tokenize(place), *rest]


def motion(tokenizer: Tokenizer, tokens: list[Token]) -> list[Token]:
    """"First, ..." and a motion verb opening the sentence are filler; its later "to" + object is "into"."""
    if len(tokens) > 1 and tokens[0].kind == "ORD" and tokens[1].kind == "SEP":
        tokens = [Token("FILL", tokens[0].text), *tokens[1:]]  # "First, ...", "Second, ...": a step's number
    k = next((k for k, t in enumerate(tokens) if t.kind not in ("FILL", "SEP")), None)
    into = tokenizer.table.get(("into",))
    if k is None or tokens[k].text not in tokenizer.lex.motion_verbs or into is None:
        return tokens
    out = [*tokens[:k], Token("FILL", tokens[k].text)]
    for j, token in enumerate(tokens[k + 1:], start=k + 1):
        following = tokens[j + 1].kind if j + 1 < len(tokens) else ""
        moved = token.kind == "FILL" and token.text == "to" and following in ("DET", "WORD", "NOUN", "PRON")
        out.append(Token("REL", token.text, into.value, dict(into.params)) if moved else token)
    return out


def zone_links(tokenizer: Tokenizer, tokens: list[Token]) -> list[Token]:
    """"keep the way to the door free": a link word after a zone noun is "in front of"."""
    front, lex = tokenizer.table.get(("in", "front", "of")), tokenizer.lex
    return [Token("REL", t.text, front.value, dict(front.params))
            if front is not None and t.kind == "FILL" and t.text in lex.zone_links and k
            and tokens[k - 1].text in lex.zone_nouns else t for k, t in enumerate(tokens)]


def noun_verbs(verbs: frozenset[str], tokens: list[Token]) -> list[Token]:
    """The tokens with each of ``verbs`` (or a plain word, not a closed one) that opens the sentence or a
    clause ("and", a comma, "then") right before an article or a count made a verb (filler): "Plant two
    trees", "and plant a tree", "Tie a rowboat"."""
    def is_verb(i: int) -> bool:
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        unknown = tokens[i].kind == "WORD" and tokens[i].text.isalpha() and tokens[i].text not in OPENING_NON_VERBS
        if not (tokens[i].text in verbs or unknown) or nxt is None or nxt.kind not in ("DET", "COUNT"):
            return False
        return i == 0 or tokens[i - 1].kind in ("AND", "SEP") or tokens[i - 1].text in CLAUSE_OPENERS
    return [Token("FILL", t.text) if is_verb(i) else t for i, t in enumerate(tokens)]


def lining(tokenizer: Tokenizer, tokens: list[Token]) -> list[Token]:
    """"The back fence is lined with potted plants", "Line the path with lanterns": the lining things
    stand in a row along the lined thing ("... with potted plants in a row along it") when nothing follows them in the
    sentence but a new clause; a lining verb's "with" is a lining word. Not for a wall or a place
    ("Line the back wall with cabinets": read at the wall) nor before a share (", four on each side")."""
    out = list(tokens)
    verb = bool(out) and out[0].text in LINING_VERBS
    for i, token in enumerate(out):
        if token.kind != "WITH" or not (token.text in LINING_WORDS or (verb and token.text == "with")):
            continue
        end = next((k for k in range(i + 1, len(out)) if out[k].kind not in NP_TOKENS), len(out))
        closes = end == len(out) or (out[end].kind == "SEP" and end + 1 < len(out) and out[end + 1].kind == "AND")
        if end > i + 1 and closes and not _lines_a_place(tokenizer, out[:i]):
            along = tokenizer.tokenize("in a row along it")
            return [*out[:i], Token("WITH", "with"), *out[i + 1:end], *along, *out[end:]]
    return out


def _lines_a_place(tokenizer: Tokenizer, before: list[Token]) -> bool:
    """Whether a phrase of the clause lined (the words before the lining word, back to the clause's start)
    ends on a wall, an edge, a place or a stretch of ground rather than a thing ("the back wall", "the
    opposite edge of the roof", "a park path": read as ground lined with things)."""
    lex, j = tokenizer.lex, len(before) - 1
    while j >= 0 and before[j].kind not in ("SEP", "AND"):
        last = j + 1 == len(before) or before[j + 1].kind not in ("WORD", "NOUN")
        head = before[j].kind in ("WORD", "NOUN") and last
        word = before[j].text.split()[-1]
        if head and (word in lex.location_nouns or before[j].text in lex.scene_nouns
                     or "flat" in tokenizer.vocab.roles(word)):  # a path or a road: its ground reading (seating.py)
            return True
        j -= 1
    return False
