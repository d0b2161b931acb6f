"""Coder stage (SceneCraft §2.3): the scene graph as a constraint script.

The reply's Python block is extracted and checked without running it (syntax, the script
header, relation names/arity/params of literal ``relate(...)`` calls, ``custom:NAME``
relations defined by ``@custom_relation("NAME")``). It is interpreted later (core/script).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from ..prompts import load_template
from ..scene_graph import SceneGraph
from ..script import ScriptError
from ..script import check_script as parse_script
from ..script_api import SCRIPT_HEADER
from .base import ChatMessage, ReplyParseError, build_messages, fenced_blocks
from .catalog import RelationCatalog
from .compact import graph_prompt_json

STAGE = "coder"
_PYTHON_LANGS = ("python", "py", "python3", "")
_RELATE_OPTIONS = ("weight", "hard")


def build_request_messages(graph: SceneGraph, description: str, catalog: RelationCatalog) -> list[ChatMessage]:
    """The coder prompt for a planned graph."""
    return build_messages(load_template(STAGE), {
        "description": description, "graph": graph_prompt_json(graph),
        "relations": catalog.table_text(sorted({r.relation for r in graph.relations})),
        "header": SCRIPT_HEADER})


def script_relations(script: str) -> list[str]:
    """The library relations a script names in ``relate("NAME", ...)`` (literal names; sorted)."""
    return sorted(set(re.findall(r"""relate\(\s*["']([A-Za-z_]+)["']""", script)))


def parse_reply(text: str, catalog: RelationCatalog) -> str:
    """The checked script source from a reply (one ```python block, or a bare script)."""
    return check_script(extract_script(text), catalog)


def extract_script(text: str) -> str:
    """The script in a reply: the one fenced Python block holding the header, else the bare reply."""
    blocks = [body for lang, body in fenced_blocks(text) if lang in _PYTHON_LANGS]
    with_header = [body for body in blocks if SCRIPT_HEADER in body]
    if len(with_header) > 1:
        raise ReplyParseError("the reply has several ```python blocks with the script header; "
                              "give the complete script in exactly one block")
    if with_header:
        return with_header[0].strip() + "\n"
    if not blocks and text.strip().startswith(("#", SCRIPT_HEADER)):
        return text.strip() + "\n"
    raise ReplyParseError(f"no ```python code block containing the line '{SCRIPT_HEADER}' was found; "
                          "answer with the complete script in one ```python block")


def check_script(source: str, catalog: RelationCatalog) -> str:
    """Static checks of a constraint script; returns it unchanged when it passes."""
    first_code = next((line.strip() for line in source.splitlines()
                       if line.strip() and not line.strip().startswith("#")), "")
    if first_code != SCRIPT_HEADER:
        raise ReplyParseError(f"the script must start with the line '{SCRIPT_HEADER}' (comments may come first)")
    try:
        tree = parse_script(source, "program.py")  # the script language: a construct outside it names its line
    except ScriptError as exc:
        raise ReplyParseError(str(exc)) from None
    calls = [(node, node.func.id) for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    if not any(name == "add_object" for _, name in calls):
        raise ReplyParseError("the script declares no objects; call add_object(...) once per asset node")
    custom = _custom_names(tree)
    for call, name in calls:
        if name == "relate":
            _check_relate(call, catalog, custom)
    return source


def _custom_names(tree: ast.AST) -> frozenset[str]:
    """Names given to ``@custom_relation("NAME")`` decorators."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Name)
                        and deco.func.id == "custom_relation" and deco.args
                        and isinstance(deco.args[0], ast.Constant) and isinstance(deco.args[0].value, str)):
                    names.add(deco.args[0].value)
    return frozenset(names)


def _check_relate(call: ast.Call, catalog: RelationCatalog, custom: frozenset[str]) -> None:
    """Check a ``relate("name", ...)`` call whose relation name is a literal."""
    where = f"line {call.lineno}"
    if not call.args:
        raise ReplyParseError(f"{where}: relate() needs the relation name and object ids")
    name_node = call.args[0]
    if not (isinstance(name_node, ast.Constant) and isinstance(name_node.value, str)):
        return  # a computed name: the registry checks it when the script is interpreted
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords):
        arg_count = None
    else:
        arg_count = len(call.args) - 1
    params: dict[str, Any] = {k.arg: None for k in call.keywords if k.arg and k.arg not in _RELATE_OPTIONS}
    name = name_node.value
    catalog.check_use(name, arg_count, params, f"{where} relate({name!r}, ...)", custom)
