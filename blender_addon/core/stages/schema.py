"""A small JSON-schema checker for the subset the stage schemas use.

Supported keywords: ``type`` (object, array, string, number, integer, boolean, null, or a
list of them), ``properties``, ``required``, ``additionalProperties`` (false or a schema),
``items``, ``minItems``, ``maxItems``, ``enum``, ``minimum``, ``maximum``, ``exclusiveMinimum``,
``minLength``. Errors name the JSON path (``$.relations[2].args``) so the message can go
back to the model. No dependency on the ``jsonschema`` package (not a project dependency).
"""

from __future__ import annotations

from typing import Any, Mapping

from .base import ReplyParseError

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,),
    "number": (int, float), "integer": (int,), "null": (type(None),),
}
SUPPORTED = {"type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
             "enum", "minimum", "maximum", "exclusiveMinimum", "minLength", "description", "title"}


def validate(value: Any, schema: Mapping[str, Any], path: str = "$") -> None:
    """Raise :class:`ReplyParseError` naming the first place ``value`` breaks ``schema``."""
    unknown = set(schema) - SUPPORTED
    if unknown:
        raise ValueError(f"schema at {path} uses unsupported keywords {sorted(unknown)}")
    _check_type(value, schema, path)
    if "enum" in schema and value not in schema["enum"]:
        raise ReplyParseError(f"{path}: {value!r} is not one of {list(schema['enum'])}")
    if isinstance(value, dict):
        _check_object(value, schema, path)
    elif isinstance(value, list):
        _check_array(value, schema, path)
    elif isinstance(value, str) and len(value) < schema.get("minLength", 0):
        raise ReplyParseError(f"{path}: text must not be empty")
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        _check_number(value, schema, path)


def _check_type(value: Any, schema: Mapping[str, Any], path: str) -> None:
    wanted = schema.get("type")
    if wanted is None:
        return
    names = [wanted] if isinstance(wanted, str) else list(wanted)
    for name in names:
        if isinstance(value, _TYPES[name]) and not (isinstance(value, bool) and name in ("number", "integer")):
            return
    got = "null" if value is None else type(value).__name__.replace("dict", "object").replace("list", "array")
    raise ReplyParseError(f"{path}: expected {' or '.join(names)}, got {got}")


def _check_object(value: dict, schema: Mapping[str, Any], path: str) -> None:
    for key in schema.get("required", ()):
        if key not in value:
            raise ReplyParseError(f"{path}: missing required key '{key}'")
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            validate(item, properties[key], f"{path}.{key}")
        elif extra is False:
            raise ReplyParseError(f"{path}: unexpected key '{key}' (allowed: {sorted(properties)})")
        elif isinstance(extra, Mapping):
            validate(item, extra, f"{path}.{key}")


def _check_array(value: list, schema: Mapping[str, Any], path: str) -> None:
    if len(value) < schema.get("minItems", 0):
        raise ReplyParseError(f"{path}: needs at least {schema['minItems']} item(s), got {len(value)}")
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        raise ReplyParseError(f"{path}: at most {schema['maxItems']} item(s) allowed, got {len(value)}")
    if "items" in schema:
        for index, item in enumerate(value):
            validate(item, schema["items"], f"{path}[{index}]")


def _check_number(value: float, schema: Mapping[str, Any], path: str) -> None:
    if "minimum" in schema and value < schema["minimum"]:
        raise ReplyParseError(f"{path}: {value} is below the minimum {schema['minimum']}")
    if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
        raise ReplyParseError(f"{path}: {value} must be greater than {schema['exclusiveMinimum']}")
    if "maximum" in schema and value > schema["maximum"]:
        raise ReplyParseError(f"{path}: {value} is above the maximum {schema['maximum']}")
