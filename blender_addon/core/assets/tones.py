"""Colour words with their modifiers: "pale green", "light grey", "dark wood" (issue 14).

A *tone* word ("pale", "light", "dark", "muted") directly before a colour or material word
changes that colour: it mixes the colour ``by`` a share toward its ``towards`` RGB (white for
"pale", black for "dark"). The tones are data (``colour_tones`` in ``assets_index/procedural.json``).
A tone word that is itself a colour ("dark") is that colour only when no colour or material
word follows it ("a dark sofa"). Without tones the pick is the catalog's old one: the first colour
word for the colour, the first material word for the gloss (and the colour when no colour is said).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from .entries import Finish, Vec3, parse_vec3


@dataclass(frozen=True)
class Tone:
    """What a tone word does to the colour after it: a mix of ``by`` toward ``towards``."""

    towards: Vec3
    by: float

    def apply(self, colour: Vec3) -> Vec3:
        """``colour`` mixed toward this tone's colour."""
        return tuple(round(c + (t - c) * self.by, 4) for c, t in zip(colour, self.towards, strict=True))  # type: ignore[return-value]


def parse_tones(raw: Any, source: str) -> dict[str, Tone]:
    """The ``colour_tones`` table: word -> {"towards": [r, g, b], "by": 0..1}."""
    if not isinstance(raw, Mapping):
        raise BadInput("'colour_tones' must be an object", source)
    out = {}
    for word, spec in raw.items():
        where = f"{source}: colour_tones.{word}"
        by = spec.get("by") if isinstance(spec, Mapping) else None
        if isinstance(by, bool) or not isinstance(by, (int, float)) or not 0.0 < by <= 1.0:
            raise BadInput("'by' must be a number in (0, 1]", where)
        out[str(word)] = Tone(towards=parse_vec3(spec.get("towards"), where), by=float(by))
    return out


def pick_finish(words: Sequence[str], colours: Mapping[str, Finish], materials: Mapping[str, Finish],
                tones: Mapping[str, Tone]) -> Finish | None:
    """The look ``words`` ask for (see the module), or None when they name no colour or material."""
    toning = _toning(words, colours, materials, tones)
    at_colour = next((i for i, w in enumerate(words) if w in colours and i not in toning), None)
    at_material = next((i for i, w in enumerate(words) if w in materials), None)
    material = materials[words[at_material]] if at_material is not None else None
    if at_colour is None:
        if material is None:
            return None
        return Finish(_toned(material.color, words, at_material, toning, tones), material.roughness,  # type: ignore[arg-type]
                      material.metallic)
    colour = _toned(colours[words[at_colour]].color, words, at_colour, toning, tones)
    if material is not None:
        return Finish(colour, material.roughness, material.metallic)
    return Finish(colour)


def _toning(words: Sequence[str], colours: Mapping[str, Finish], materials: Mapping[str, Finish],
            tones: Mapping[str, Tone]) -> set[int]:
    """The indexes of the tone words that modify a colour or material word after them (a run of
    tones, "pale dusty pink", modifies the same word)."""
    out: set[int] = set()
    for i in range(len(words) - 2, -1, -1):
        after = words[i + 1]
        if words[i] in tones and (after in colours or after in materials or (i + 1) in out):
            out.add(i)
    return out


def _toned(colour: Vec3, words: Sequence[str], at: int, toning: set[int], tones: Mapping[str, Tone]) -> Vec3:
    """``colour`` (of ``words[at]``) changed by the run of tone words right before it, nearest last."""
    start = at
    while start - 1 in toning:
        start -= 1
    for word in words[start:at][::-1]:
        colour = tones[word].apply(colour)
    return colour


def last_colour(words: Sequence[str], colours: Mapping[str, Finish], materials: Mapping[str, Finish],
                tones: Mapping[str, Tone]) -> Finish | None:
    """The last colour word of ``words`` with the tones right before it ("dark green" of "walls in
    white and dark green": a darker green), or None when they hold no colour word."""
    toning = _toning(words, colours, materials, tones)
    at = next((i for i in range(len(words) - 1, -1, -1) if words[i] in colours and i not in toning), None)
    return None if at is None else Finish(_toned(colours[words[at]].color, words, at, toning, tones))
