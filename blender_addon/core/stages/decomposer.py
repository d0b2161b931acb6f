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

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "description": self.description, "assets": list(self.assets)}


def build_request_messages(description: str, assets: Sequence[AssetRecord]) -> list[ChatMessage]:
    """The decomposer prompt for a description and its asset list."""
    return build_messages(load_template(STAGE), {
        "description": description, "assets": assets_text(list(assets), with_details=False),
        "schema": json.dumps(SCHEMA)})


def parse_reply(text: str, asset_names: Sequence[str]) -> list[SubScene]:
    """Parse the sub-scenes; every name must be a known asset and every asset must be used."""
    data = extract_json(text)
    validate(data, SCHEMA)
    known = {name.lower(): name for name in asset_names}
    used: set[str] = set()
    subscenes = []
    for index, item in enumerate(data["subscenes"]):
        names = []
        for name in item["assets"]:
            key = " ".join(name.lower().split())
            if key not in known:
                raise ReplyParseError(f"$.subscenes[{index}].assets: '{name}' is not in the object list; "
                                      f"use these names exactly: {sorted(known.values())}")
            names.append(known[key])
            used.add(key)
        subscenes.append(SubScene(title=item["title"].strip(), description=item["description"].strip(),
                                  assets=tuple(names)))
    missing = sorted(known[k] for k in set(known) - used)
    if missing:
        raise ReplyParseError(f"$.subscenes: these objects are in no sub-scene: {missing}")
    return subscenes
