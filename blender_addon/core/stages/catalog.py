"""The relations the model may use, as the prompts show them and the parsers check them.

Built from the skill library's ``default_registry().describe()`` (a list of
``RelationSpec.to_dict()``): name, arity, parameters and a one-line description.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .base import ReplyParseError

CUSTOM_PREFIX = "custom:"


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
                param_lines=tuple(_param_line(p) for p in params if not p.get("internal"))))
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
        what it means and its parameters (defaults, tolerances) indented."""
        lines: list[str] = []
        shown: dict[tuple[str, ...], str] = {}
        for name in sorted(self._by_name) if names is None else sorted(set(names) & set(self._by_name)):
            info = self._by_name[name]
            lines.append(f"- {info.signature()}: {info.description}")
            same = _listed_before(shown, name, info.param_lines)
            if same is not None:  # the side relations share their parameters: listed once (tokens)
                lines.append(f"    parameters as {same}")
                continue
            lines.extend(f"    {line}" for line in info.param_lines)
        return "\n".join(lines)

    def table_text(self, used: Sequence[str] = ()) -> str:
        """The library in short (issue 15: the full text is not resent to every stage): the relations
        in ``used`` in full (:meth:`prompt_text`), every other one as a one-line signature with its
        parameters' defaults, to be named in a revision."""
        full = self.prompt_text([n for n in used if n in self._by_name])
        short: list[str] = []
        shown: dict[tuple[str, ...], str] = {}
        for name, info in sorted(self._by_name.items()):
            if name in set(used):
                continue
            same = _listed_before(shown, name, info.param_lines)
            params = f"as {same}" if same else ", ".join(_param_default(p) for p in info.param_lines)
            short.append(f"- {info.signature()}" + (f" [{params}]" if params else ""))
        parts = [f"Used in this scene:\n{full}"] if full else []
        parts.append("Others (name(args) [parameter=default]):\n" + "\n".join(short))
        return "\n".join(parts)


def _listed_before(shown: dict[tuple[str, ...], str], name: str, param_lines: Sequence[str]) -> str | None:
    """The relation already listed with these same parameter lines (more than one line: the side
    relations share theirs), else None; ``shown`` (parameter lines -> first relation) records ``name``."""
    key = tuple(param_lines)
    same = shown.get(key) if len(key) > 1 else None
    shown.setdefault(key, name)
    return same


def _param_default(line: str) -> str:
    """``max_distance=2.0`` from a parameter line (``max_distance (float, default 2.0): ...``)."""
    name, _, rest = line.partition(" (")
    kind = rest.split(")", 1)[0]
    if "default " in kind:
        return f"{name}={kind.split('default ', 1)[1]}"
    return f"{name}" + ("!" if "required" in kind else "?")


def _number(value: float) -> str:
    return f"{value:g}"


def _param_line(param: Mapping[str, Any]) -> str:
    text = f"{param['name']} ({param.get('type', 'any')}"
    if param.get("required"):
        text += ", required"
    elif param.get("default") is not None:
        text += f", default {json.dumps(param['default'])}"
    else:
        text += ", optional"
    text += ")"
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
