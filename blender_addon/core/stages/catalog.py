"""The relations the model may use, as the prompts show them and the parsers check them.

Built from the skill library's ``default_registry().describe()`` (a list of
``RelationSpec.to_dict()``): name, arity, parameters and a one-line description.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ....skill_library.base import CUSTOM_PREFIX
from .base import ReplyParseError



@dataclass(frozen=True)
class RelationInfo:
    """What the stages need to know about one library relation."""

    name: str
    min_args: int
    max_args: int | None
    params: tuple[str, ...]
    description: str
    arg_names: tuple[str, ...] = ()
    param_lines: tuple[str, ...] = ()
    param_defaults: tuple[str, ...] = ()

    def signature(self) -> str:
        """``on_top_of(a, b)`` or ``row(objs...)``."""
        if self.arg_names:
            args = ", ".join(self.arg_names)
        else:
            args = ", ".join(f"x{i}" for i in range(self.min_args)) + (", ..." if self.max_args is None else "")
        return f"{self.name}({args})"


class RelationCatalog:
    """Relations by name, with the arity/parameter checks the parsers apply."""

    def __init__(self, relations: Sequence[RelationInfo]) -> None:
        self._by_name = {r.name: r for r in relations}

    @classmethod
    def from_describe(cls, described: Sequence[Mapping[str, Any]]) -> "RelationCatalog":
        """From ``Registry.describe()`` output (``RelationSpec.to_dict()`` per relation)."""
        relations = []
        for spec in described:
            params = [p for p in spec.get("params", [])]
            relations.append(RelationInfo(
                name=str(spec["name"]), min_args=int(spec["min_args"]),
                max_args=None if spec.get("max_args") is None else int(spec["max_args"]),
                params=tuple(str(p["name"]) for p in params), description=str(spec.get("description", "")),
                arg_names=tuple(str(a) for a in spec.get("arg_names", ())),
                param_lines=tuple(_param_line(p) for p in params if not p.get("internal")),
                param_defaults=tuple(_param_default(p) for p in params if not p.get("internal"))))
        return cls(relations)

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def check_use(self, name: str, arg_count: int | None, params: Mapping[str, Any], where: str,
                  custom_names: frozenset[str] = frozenset()) -> None:
        """Raise :class:`ReplyParseError` if ``name`` is unknown, or has the wrong arity or params
        (``arg_count=None``: the count is not known statically, skip that check)."""
        if name.startswith(CUSTOM_PREFIX):
            if name[len(CUSTOM_PREFIX):] not in custom_names:
                raise ReplyParseError(f"{where}: '{name}' is used but no @custom_relation(\"{name[7:]}\") "
                                      f"defines it")
            return
        info = self._by_name.get(name)
        if info is None:
            raise ReplyParseError(f"{where}: unknown relation '{name}'; use one of: {', '.join(self.names())}")
        if arg_count is not None and (arg_count < info.min_args
                                      or (info.max_args is not None and arg_count > info.max_args)):
            wanted = f"{info.min_args}" if info.max_args == info.min_args else (
                f"at least {info.min_args}" if info.max_args is None else f"{info.min_args} to {info.max_args}")
            raise ReplyParseError(f"{where}: {info.signature()} takes {wanted} object(s), got {arg_count}")
        unknown = sorted(set(params) - set(info.params))
        if unknown:
            raise ReplyParseError(f"{where}: {name} has no parameter(s) {unknown}; "
                                  f"its parameters: {list(info.params) or 'none'}")

    def prompt_text(self, names: Sequence[str] | None = None) -> str:
        """The relation list as the prompts show it: one entry per relation (all, or ``names``),
        what it means and its parameters (defaults, bounds, meaning) indented. A parameter text
        that several of the listed relations share is written once, in a block before the list,
        and each of them names it on its ``shared:`` line (the table's tokens, issue 14)."""
        chosen = sorted(self._by_name) if names is None else sorted(set(names) & set(self._by_name))
        infos = [self._by_name[name] for name in chosen]
        shared = _shared_lines(infos)
        lines = [LEGEND] if any(info.param_lines for info in infos) else []
        if shared:
            lines.append(f"{SHARED_HEADER}\n" + "\n".join(f"    {line}" for line in shared))
        for info in infos:
            lines.append(f"- {info.signature()}: {info.description}")
            lines.extend(f"    {line}" for line in info.param_lines if line not in shared)
            named = [shared[line] for line in info.param_lines if line in shared]
            if named:
                lines.append("    shared: " + ", ".join(named))
        return "\n".join(lines)

    def table_text(self, used: Sequence[str] = ()) -> str:
        """The library in short (issue 15: the full text is not resent to every stage): the relations
        in ``used`` in full (:meth:`prompt_text`), every other one as a one-line signature with its
        parameters' defaults, to be named in a revision; relations with the same defaults share a line."""
        full = self.prompt_text([n for n in used if n in self._by_name])
        alike: dict[tuple[str, ...], list[str]] = {}  # the same defaults -> the relations (one without: itself)
        for name, info in sorted(self._by_name.items()):
            if name not in set(used):
                alike.setdefault(info.param_defaults or ("", name), []).append(info.signature())
        short = [f"- {', '.join(names)}" + (f" [{', '.join(key)}]" if key[0] else "") for key, names in alike.items()]
        parts = [f"Used in this scene:\n{full}"] if full else []
        parts.append("Others (name(args) [parameter=default]):\n" + "\n".join(short))
        return "\n".join(parts)


LEGEND = "(parameters: name=default, or name (type, optional|required); allowed values: meaning)"
SHARED_HEADER = ("Shared parameters (a relation below names those it takes on its \"shared:\" line; "
                 "name=default or name? where a name repeats):")


def _line_name(line: str) -> str:
    """The parameter a line documents: ``max_distance`` of ``max_distance=2.0 >= 0: ...``."""
    return line.split("=", 1)[0].split(" ", 1)[0]


def _line_head(line: str) -> str:
    """``max_distance=2.0``, ``radius?`` (optional) or ``ratio!`` (required): a line's name with its
    default or kind, as the short table writes it."""
    first = line.split(" ", 1)[0]
    return first if "=" in first else first + ("!" if line.startswith(f"{first} (") and ", required)" in line else "?")


def _shared_lines(infos: Sequence[RelationInfo]) -> dict[str, str]:
    """Parameter line -> the key it is named by on a ``shared:`` line, for each line (same name,
    default, bounds and meaning) that at least two of ``infos`` carry, in the order first met. The
    key is the parameter's name, or its head (``name=default``, ``name?``, ``name!``) where
    several shared lines have that name; a
    line that cannot be named apart (same name and default as another shared line) stays inline."""
    uses: dict[str, int] = {}
    for info in infos:
        for line in info.param_lines:
            uses[line] = uses.get(line, 0) + 1
    shared = [line for line, count in uses.items() if count >= 2]
    names = [_line_name(line) for line in shared]
    heads = [_line_head(line) for line in shared]
    keys = {line: name if names.count(name) == 1 else head for line, name, head in zip(shared, names, heads)}
    return {line: key for line, key in keys.items() if list(keys.values()).count(key) == 1}


def _number(value: float) -> str:
    return f"{value:g}"


def _default_text(param: Mapping[str, Any]) -> str | None:
    """The default as the model writes it (JSON; a float parameter's default as a float), else None."""
    default = param.get("default")
    if default is None or param.get("required"):
        return None
    if param.get("type") == "float" and isinstance(default, (int, float)) and not isinstance(default, bool):
        default = float(default)
    return json.dumps(default)


def _param_default(param: Mapping[str, Any]) -> str:
    """``max_distance=2.0``; ``radius?`` (optional, no default) or ``ratio!`` (required)."""
    default = _default_text(param)
    if default is not None:
        return f"{param['name']}={default}"
    return f"{param['name']}" + ("!" if param.get("required") else "?")


def _param_line(param: Mapping[str, Any]) -> str:
    """``max_distance=2.0 >= 0: largest XY gap ...``: name=default (the default's JSON tells its
    type), or ``name (type, optional|required)`` without one; then choices, bounds and meaning."""
    default = _default_text(param)
    if default is not None:
        text = f"{param['name']}={default}"
    else:
        text = f"{param['name']} ({param.get('type', 'any')}, {'required' if param.get('required') else 'optional'})"
    if param.get("choices"):
        text += f" one of {json.dumps(list(param['choices']))}"
    low, high = param.get("minimum"), param.get("maximum")
    if high is not None:
        text += f" in [{_number(low if low is not None else float('-inf'))}, {_number(high)}]"
    elif low is not None:
        text += f" >= {_number(low)}"
    if param.get("description"):
        text += f": {param['description']}"
    return text


def default_catalog() -> RelationCatalog:
    """The catalog of the installed skill library (imported lazily: the registry loads files)."""
    from ....skill_library.registry import default_registry  # the skill library sits beside blender_addon

    return RelationCatalog.from_describe(default_registry().describe())
