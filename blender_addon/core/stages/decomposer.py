"""Decomposer stage (SceneCraft §2.1): a large scene as an ordered list of sub-scenes, each
with a title, its objects and a description of how it looks once laid out."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from ..prompts import load_template
from .assets import AssetRecord, assets_text
from .base import ChatMessage, ReplyParseError, build_messages, extract_json
from .schema import validate

STAGE = "decomposer"

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "subscenes": {
            "type": "array", "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string", "minLength": 1},
                    "description": {"type": "string", "minLength": 1},
                    "assets": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
                },
                "required": ["title", "description", "assets"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["subscenes"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class SubScene:
    """One step of the layout plan: its title, description and the object names it adds."""

    title: str
    description: str
    assets: tuple[str, ...]
    counts: tuple[int, ...] = ()  # how many of each name this step adds (a count may be split across steps)

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "description": self.description, "assets": list(self.assets),
                **({"counts": list(self.counts)} if self.counts else {})}

    def shares(self) -> list[tuple[str, int]]:
        """``(name, count)`` per object name this step adds (names it only mentions again are left out)."""
        return [(n, c) for n, c in zip(self.assets, self.counts or [0] * len(self.assets)) if c > 0]


def build_request_messages(description: str, assets: Sequence[AssetRecord]) -> list[ChatMessage]:
    """The decomposer prompt for a description and its asset list."""
    return build_messages(load_template(STAGE), {
        "description": description, "assets": assets_text(list(assets), with_details=False),
        "schema": json.dumps(SCHEMA)})


def parse_reply(text: str, asset_names: Sequence[str], counts: Sequence[int] = ()) -> list[SubScene]:
    """Parse the sub-scenes. An entry is a listed name (all of that kind not given to another step)
    or ``"name: N"`` (N of them: a count split across steps); every object must be in a step."""
    data = extract_json(text)
    validate(data, SCHEMA)
    known = {name.lower(): name for name in asset_names}
    total = {name.lower(): int(n) for name, n in zip(asset_names, counts or [1] * len(asset_names))}
    entries = [[_entry(raw, known, f"$.subscenes[{i}].assets") for raw in item["assets"]]
               for i, item in enumerate(data["subscenes"])]
    explicit: dict[str, int] = {}
    for step in entries:
        for key, share in step:
            explicit[key] = explicit.get(key, 0) + (share or 0)
    for key, share in sorted(explicit.items()):
        if share > total[key]:
            raise ReplyParseError(f"$.subscenes: {share} '{known[key]}' in the steps, but the list has {total[key]}")
    left = {key: total[key] - explicit.get(key, 0) for key in total}
    subscenes = []
    for item, step in zip(data["subscenes"], entries):
        shares = []
        for key, share in step:
            if share is None:  # a bare name: the rest of that kind, once
                share, left[key] = left[key], 0
            shares.append(share)
        subscenes.append(SubScene(title=item["title"].strip(), description=item["description"].strip(),
                                  assets=tuple(known[k] for k, _ in step), counts=tuple(shares)))
    missing = sorted(known[k] if n == total[k] else f"{known[k]} ({n} more)" for k, n in left.items() if n > 0)
    if missing:
        raise ReplyParseError(f"$.subscenes: these objects are in no sub-scene: {missing}")
    return subscenes


def _entry(raw: str, known: dict[str, str], where: str) -> tuple[str, int | None]:
    """``(name key, count or None)`` of one ``assets`` entry (``"chair"`` or ``"chair: 4"``)."""
    name, _, number = raw.rpartition(":") if raw.rstrip()[-1:].isdigit() and ":" in raw else (raw, "", "")
    key = " ".join(name.lower().split())
    if key not in known:
        raise ReplyParseError(f"{where}: '{raw}' is not in the object list; use these names exactly "
                              f"(or \"name: N\" for N of them): {sorted(known.values())}")
    if number and int(number) < 1:
        raise ReplyParseError(f"{where}: '{raw}': a count must be at least 1")
    return key, int(number) if number else None
