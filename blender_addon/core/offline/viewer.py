"""Sides said as the person entering sees them (issue 14, long instructions): "Seen from the
door, the bed is on the left", "As you walk in (the door is on the east wall), the sofa is on
your left and the TV on the wall straight ahead". Once the text takes the door's point of view,
left, right, ahead and behind are compass sides: standing in the door on wall W and looking
into the room, "ahead" is the wall opposite W, "left" and "right" the walls to either hand.
The viewpoint clause itself becomes "The door is on the W wall." (the south wall, the usual
view, when the text names none), so the door stands where the sides were judged from.
"""

from __future__ import annotations

import re

CLOCKWISE = ("north", "east", "south", "west")
_DOOR = r"(?:front\s+)?(?:door|doorway|entrance|entry)"
_WALL = r"(north|south|east|west)(?:ern)?\s+wall"
# "seen from the door", "as you walk in through the door", "when you come in", "from the entrance"
_VIEWPOINT = re.compile(
    rf"\b(?:(?:as\s+)?(?:seen|viewed|looking|looked\s+at)\s+(?:in\s+)?from\s+the\s+{_DOOR}"
    rf"|(?:as|when|once)\s+you\s+(?:walk|come|step|go|get)\s+in(?:side|to\s+the\s+room)?(?:\s+(?:through|by|at)\s+the\s+{_DOOR})?"
    rf"|(?:as|when|once)\s+you\s+enter(?:\s+the\s+room)?(?:\s+(?:through|by)\s+the\s+{_DOOR})?"
    rf"|(?:up)?on\s+entering(?:\s+the\s+room)?|from\s+the\s+{_DOOR}(?=\s*[,:]))", re.IGNORECASE)
# the rest of the viewpoint clause: "in the south wall", ", which is on the east wall", ", it's in the middle of
# the south wall"
_CLAUSE_REST = re.compile(r"(?:\s+(?:in|on|at)\s+the\s+[^,:;.]*?wall)?"  # "from the door in the south wall"
                          r"(?:\s*,?\s*(?:which|that|it)(?:'s|\u2019s|\s+is)\s+[^,:;.]*)?\s*[,:]?\s*", re.IGNORECASE)
_DOOR_WALL = (re.compile(rf"\b{_DOOR}\b[^.;!?]{{0,60}}?\b{_WALL}", re.IGNORECASE),
              re.compile(rf"\b{_WALL}\b[^.;!?]{{0,30}}?\b{_DOOR}\b", re.IGNORECASE))
_NOT_OF = r"(?!\s+(?:of|hand\s+of|side\s+of)\b)"


def from_the_door(text: str) -> str:
    """The text with sides said from the door's point of view put as compass sides; unchanged
    when it takes no such point of view."""
    view = _VIEWPOINT.search(text)
    if view is None:
        return text
    rest = _CLAUSE_REST.match(text, view.end())
    end = rest.end() if rest is not None else view.end()
    clause = text[view.start():end]
    door = _door_wall(clause) or _door_wall(text) or "south"
    said = _door_wall(clause) is not None or _door_wall(text) is None
    lead = f"The door is on the {door} wall. " if said else ""
    body = text[:view.start()] + lead + _capital(text[end:])
    return _sides(body, door)


def _door_wall(text: str) -> str | None:
    for pattern in _DOOR_WALL:
        found = pattern.search(text)
        if found:
            return found.group(1).lower()
    return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sides(text: str, door: str) -> str:
    """Left, right, ahead and behind as compass sides for a viewer in the door on wall ``door``."""
    facing = CLOCKWISE[(CLOCKWISE.index(door) + 2) % 4]
    left, right = CLOCKWISE[(CLOCKWISE.index(facing) - 1) % 4], CLOCKWISE[(CLOCKWISE.index(facing) + 1) % 4]
    hand = {"left": left, "right": right}
    text = re.sub(r"\bthe\s+(left|right)(?:[ -]hand)?\s+wall\b", lambda m: f"the {hand[m.group(1).lower()]} wall",
                  text, flags=re.IGNORECASE)
    text = re.sub(r"\bthe\s+wall\s+(?:on|to)\s+(?:your|the)\s+(left|right)\b",
                  lambda m: f"the {hand[m.group(1).lower()]} wall", text, flags=re.IGNORECASE)
    text = re.sub(rf"\b(?:on|to)\s+(?:your|the)\s+(left|right)(?:[ -]hand)?(?:\s+side)?{_NOT_OF}",
                  lambda m: f"on the {hand[m.group(1).lower()]} side of the room", text, flags=re.IGNORECASE)
    ahead = (r"(?:straight|right|directly|dead)\s+ahead(?:\s+of\s+you)?|ahead\s+of\s+you|in\s+front\s+of\s+you"
             r"|facing\s+you")
    text = re.sub(rf"\bthe\s+(?:far|facing)\s+wall\b|\bthe\s+wall\s+(?:{ahead})", f"the {facing} wall", text,
                  flags=re.IGNORECASE)
    text = re.sub(rf"\b(?:{ahead})\b", f"on the {facing} side of the room", text, flags=re.IGNORECASE)
    return re.sub(r"\bbehind\s+you\b", f"on the {door} side of the room", text, flags=re.IGNORECASE)
