"""The offline planner's relation phrase tables, built from ``lexicon.json``: its own phrases, the
compass phrases made from templates, the side phrases made from prepositions, quantifiers and side
nouns, every relation plugin's ``PHRASES`` (skill_library), and the plugin phrases the offline
planner reads its own way (``reread_phrases``: "at one end" is an end of the anchor, where the
plugin's coder words read the foot of a bed).
"""

from __future__ import annotations

from typing import Any

from .....skill_library.phrases import PhraseBook
from ...errors import BadInput

LEXICON_FILE = "lexicon.json"


def phrase_table(raw: dict[str, list[Any]]) -> dict[str, tuple[str, dict[str, Any]]]:
    """A table of phrase -> [kind] or [kind, {params}] as (kind, params)."""
    return {key: (str(value[0]), dict(value[1]) if len(value) > 1 else {}) for key, value in raw.items()}


def compass_phrases(data: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """"east of", "to the north of", "to its west": the compass side of an object (kind
    ``compass``), each template filled with each direction word."""
    block = data.get("compass_phrases", {})
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for word, direction in block.get("directions", {}).items():
        for template in block.get("templates", []):
            out[template.format(d=word)] = ("compass", {"direction": direction})
        for template in block.get("implicit_templates", []):
            out[template.format(d=word)] = ("compass", {"direction": direction, "implicit": True})
    return out


def side_phrases(raw: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """"on each side", "down both long sides of", "at either end": every preposition,
    quantifier and side noun of the lexicon's ``side_phrases``, with and without "of", and
    with no preposition at all ("a lamp either side of the bed", "chairs both ends")."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    on_top = set(raw.get("on_top_prepositions", []))  # "on each end of the sofa": on it, at its ends
    for quantifier, (plural, count_params) in raw.get("quantifiers", {}).items():
        for noun, (side_params, plural_noun) in raw.get("sides", {}).items():
            params = {**count_params, **side_params}
            for preposition in [*raw.get("prepositions", []), ""]:
                phrase = f"{preposition} {quantifier} {plural_noun if plural else noun}".strip()
                on = {"on": True} if preposition in on_top and side_params.get("ends") else {}
                out[phrase] = out[phrase + " of"] = ("each_side", {**params, **on})
    return out


def span_phrases(data: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """"on the opposite side of the yard from", "at the other end of the barn from", "across the
    field from": the whole place between the object and its anchor, made as prefix + determiner +
    place (every scene noun and the listed place words) + "from", each ``readings`` entry's prefixes
    read as its reading (the lexicon's ``span_phrases``: far from the anchor, or across from it)."""
    raw = data.get("span_phrases", {})
    places = [*data.get("scene_nouns", {}), *raw.get("places", [])]
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for entry in raw.get("readings", []):
        kind, params = phrase_table({"reading": entry["reading"]})["reading"]
        out |= {f"{prefix} {det} {place} {after}": (kind, dict(params)) for prefix in entry["prefixes"]
                for det in raw["determiners"] for place in places for after in raw["after"]}
    return out


def relation_phrases(data: dict[str, Any], book: PhraseBook) -> dict[str, tuple[str, dict[str, Any]]]:
    """The lexicon's own relation phrases (the coder's grammar words: "near", "between"...) plus
    every relation plugin's (its ``PHRASES``); a phrase in both is bad input naming its plugin. A plugin
    phrase the lexicon lists under ``reread_phrases`` takes the lexicon's reading instead."""
    own = phrase_table(data["relation_phrases"])
    clash = sorted(set(own) & set(book.phrases))
    if clash:
        raise BadInput(f"{clash[0]!r} is also declared by relation {book.owners[clash[0]]} (keep it in one place)",
                       f"{LEXICON_FILE}: relation_phrases")
    made = side_phrases(data.get("side_phrases", {}))  # "down each long side of": made, not listed
    own |= {phrase: made[phrase] for phrase in made if phrase not in book.phrases}
    spans = span_phrases(data)  # "on the opposite side of the yard from": a listed phrase keeps its reading
    own |= {phrase: spans[phrase] for phrase in spans if phrase not in book.phrases and phrase not in own}
    reread = phrase_table(data.get("reread_phrases", {}).get("phrases", {}))
    plugins = {phrase: (kind, dict(params)) for phrase, (kind, params) in book.phrases.items()}
    return {**own, **plugins, **reread}
