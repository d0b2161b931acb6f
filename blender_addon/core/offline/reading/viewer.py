"""Sides said as the person entering sees them (issue 14, long instructions): "Seen from the
door, the bed is on the left", "As you walk in (the door is on the east wall), the sofa is on
your left and the TV on the wall straight ahead". Once the text takes the door's point of view,
left, right, ahead and behind are compass sides: standing in the door on wall W and looking
into the room, "ahead" is the wall opposite W, "left" and "right" the walls to either hand.
The viewpoint clause itself becomes "The door is on the W wall." (the south wall, the usual
view, when the text names none), so the door stands where the sides were judged from.

The words are lexicon data (``viewpoint`` in lexicon.json: phrases with ``{slot}`` words); this
module holds only how they are matched and what they are rewritten to.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .....skill_library.compass import OPPOSITE, SIDES, turned
from .lexicon import Lexicon, load_lexicon
from .memo import shared

_WALL = rf"({'|'.join(SIDES)})(?:ern)?\s+wall"
_SLOT = re.compile(r"\{(\w+)\}")
_CAPTURED = frozenset({"hand"})  # the slot whose words the rewrite reads
_WORD_END = r"(?![^\W_])"  # no letter or digit follows: the phrase ends at a word's end
# A bare "from the door" takes the door's view only where a clause starts (the text's start or a
# pause before it): "across from the door, ..." / "2 m from the door, ..." place a thing by the door.
_CLAUSE_START = r"(?:^|(?<=[,;:.!?(])|(?<=[,;:.!?(]\s))"


def phrase_regex(phrases: Iterable[str], slots: Mapping[str, Sequence[str]], *, whole: bool = True) -> str:
    """One regex alternative of ``phrases``, tried in their order: a space matches any white
    space, a hyphen a hyphen or one space, ``{name}`` any phrase of ``slots[name]`` (in their
    order; captured for the slots the rewrite reads). A phrase never ends inside a word: "door"
    does not match the start of "doorway" (the next phrase, "doorway", does), "on the left" not
    that of "on the lefty", "the wall in front of you" not that of "... of your desk" (a slot's
    phrase may: "{hand}hand", ``whole`` False)."""
    end = _WORD_END if whole else ""
    return "(?:" + "|".join(r"\s+".join(_word(w, slots) for w in p.split()) + end for p in phrases) + ")"


def _word(word: str, slots: Mapping[str, Sequence[str]]) -> str:
    out, at = [], 0
    for found in _SLOT.finditer(word):
        out.append(re.escape(word[at:found.start()]).replace(r"\-", "[ -]"))
        inner = phrase_regex(slots[found.group(1)], slots, whole=False)
        out.append(f"({inner})" if found.group(1) in _CAPTURED else inner)
        at = found.end()
    out.append(re.escape(word[at:]).replace(r"\-", "[ -]"))
    return "".join(out)


@dataclass(frozen=True)
class _Patterns:
    """The lexicon's viewpoint phrases, compiled."""

    view: re.Pattern[str]
    clause_rest: re.Pattern[str]
    door_wall: tuple[re.Pattern[str], re.Pattern[str]]
    hand_walls: re.Pattern[str]
    walls_to_hand: re.Pattern[str]
    hand_sides: re.Pattern[str]
    ahead_walls: re.Pattern[str]
    ahead: re.Pattern[str]
    behind: re.Pattern[str]
    hands: dict[str, int]


def _compile(words: Mapping[str, Any]) -> _Patterns:
    """The patterns of the lexicon's ``viewpoint`` block; which end at a word boundary is the
    mechanism's (a bare "from the door" only between pauses; a hand side not before "of")."""
    slots = words["slots"]

    def regex(key: str) -> str:
        return phrase_regex(words[key], slots)

    def pattern(body: str) -> re.Pattern[str]:
        return re.compile(body, re.IGNORECASE)

    door = phrase_regex(["{door}"], slots)
    rest = (rf"(?:\s+{phrase_regex(['{wall_at}'], slots)}\s+the\s+[^,:;.]*?wall)?"  # "from the door in the south wall"
            rf"(?:\s*,?\s*{phrase_regex(['{it_is}'], slots)}\s+[^,:;.]*)?\s*[,:]?\s*")  # ", which is on the east wall"
    return _Patterns(
        view=pattern(rf"\b(?:{regex('views')}|{_CLAUSE_START}{regex('views_before_a_pause')}(?=\s*[,:]))"),
        clause_rest=pattern(rest),
        door_wall=(pattern(rf"\b{door}\b[^.;!?]{{0,60}}?\b{_WALL}"),
                   pattern(rf"\b{_WALL}\b[^.;!?]{{0,30}}?\b{door}\b")),
        hand_walls=pattern(rf"\b{regex('hand_walls')}\b"), walls_to_hand=pattern(rf"\b{regex('walls_to_hand')}\b"),
        hand_sides=pattern(rf"\b{regex('hand_sides')}(?!\s+{regex('not_after_hand_sides')}\b)"),
        ahead_walls=pattern(rf"\b{regex('far_walls')}\b|\b{regex('walls_ahead')}"),
        ahead=pattern(rf"\b{regex('ahead')}\b"), behind=pattern(rf"\b{regex('behind')}\b"),
        hands={name: int(turn) for name, turn in words["hands"].items()})


def _patterns(lex: Lexicon) -> _Patterns:
    return shared(lex, None, "viewer", lambda: _compile(lex.viewpoint))  # type: ignore[no-any-return]


def from_the_door(text: str, lexicon: Lexicon | None = None) -> str:
    """The text with sides said from the door's point of view put as compass sides; unchanged
    when it takes no such point of view."""
    lex = lexicon if lexicon is not None else load_lexicon()
    if not lex.viewpoint:  # a lexicon without viewpoint words takes no point of view
        return text
    words = _patterns(lex)
    view = words.view.search(text)
    if view is None:
        return text
    rest = words.clause_rest.match(text, view.end())
    end = rest.end() if rest is not None else view.end()
    clause = text[view.start():end]
    door = _door_wall(clause, words) or _door_wall(text, words) or "south"
    said = _door_wall(clause, words) is not None or _door_wall(text, words) is None
    lead = f"The door is on the {door} wall. " if said else ""
    body = text[:view.start()] + lead + _capital(text[end:])
    return _sides(body, door, words)


def _door_wall(text: str, words: _Patterns) -> str | None:
    for pattern in words.door_wall:
        found = pattern.search(text)
        if found:
            return str(found.group(1)).lower()
    return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _hand(found: re.Match[str]) -> str:
    return next(str(g) for g in found.groups() if g is not None).lower()


def _sides(text: str, door: str, words: _Patterns) -> str:
    """Left, right, ahead and behind as compass sides for a viewer in the door on wall ``door``."""
    facing = OPPOSITE[door]
    hand = {name: turned(facing, turn) for name, turn in words.hands.items()}
    text = words.hand_walls.sub(lambda m: f"the {hand[_hand(m)]} wall", text)
    text = words.walls_to_hand.sub(lambda m: f"the {hand[_hand(m)]} wall", text)
    text = words.hand_sides.sub(lambda m: f"on the {hand[_hand(m)]} side of the room", text)
    text = words.ahead_walls.sub(f"the {facing} wall", text)
    text = words.ahead.sub(f"on the {facing} side of the room", text)
    return words.behind.sub(f"on the {door} side of the room", text)
