"""Assets stage (SceneCraft §2.1): the objects a scene needs, with a detailed visual
description and a real-world height each."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..prompts import load_template
from .base import ChatMessage, ReplyParseError, build_messages, extract_json
from .schema import validate

STAGE = "assets"
# Heights outside this range are unit mix-ups (centimetres, feet) rather than real objects:
# a coin is ~2 mm thick, a ten-storey building ~30 m; 0.005..100 m leaves generous margins.
MIN_HEIGHT_M, MAX_HEIGHT_M = 0.005, 100.0
MAX_COUNT = 200

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "assets": {
            "type": "array", "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "description": {"type": "string", "minLength": 1},
                    "height": {"type": "number", "exclusiveMinimum": 0},
                    "count": {"type": "integer", "minimum": 1},
                },
                "required": ["name", "description", "height", "count"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["assets"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class AssetRecord:
    """One kind of object: a plain lower-case name, its look, its height and how many."""

    name: str
    description: str
    height_m: float
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "height": self.height_m, "count": self.count}


def build_request_messages(description: str) -> list[ChatMessage]:
    """The assets prompt for one scene description."""
    return build_messages(load_template(STAGE), {"description": description, "schema": json.dumps(SCHEMA)})


def parse_reply(text: str) -> list[AssetRecord]:
    """Strictly parse the reply into asset records; errors are phrased for the model."""
    data = extract_json(text)
    validate(data, SCHEMA)
    records: list[AssetRecord] = []
    seen: set[str] = set()
    for index, item in enumerate(data["assets"]):
        where = f"$.assets[{index}]"
        name = " ".join(item["name"].lower().split())
        if name in seen:
            raise ReplyParseError(f"{where}: the name '{name}' appears twice; merge them and use 'count'")
        seen.add(name)
        height = float(item["height"])
        if not MIN_HEIGHT_M <= height <= MAX_HEIGHT_M:
            raise ReplyParseError(f"{where}: height {height} m for '{name}' is not plausible; give metres "
                                  f"between {MIN_HEIGHT_M} and {MAX_HEIGHT_M}")
        if item["count"] > MAX_COUNT:
            raise ReplyParseError(f"{where}: count {item['count']} is more than {MAX_COUNT}")
        records.append(AssetRecord(name=name, description=item["description"].strip(), height_m=height,
                                   count=int(item["count"])))
    return records


def assets_text(records: list[AssetRecord], *, with_details: bool) -> str:
    """The asset list as later prompts show it, one line per kind of object."""
    if not with_details:
        return "\n".join(f"- {r.name}: {r.count}" for r in records)
    return "\n".join(f"- {r.name} (x{r.count}, {r.height_m:g} m): {r.description}" for r in records)
