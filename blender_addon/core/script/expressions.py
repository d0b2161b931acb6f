"""Expression nodes of the script language: one handler per accepted ``ast`` node type."""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import EvalFailure
from .functions import (
    ARRAY_METHODS,
    CONSTANTS,
    NAMESPACES,
    TABLE,
    TableFunction,
    array_attribute,
)
from .operators import binary, compare, format_value, subscript, truth, unary
from .values import Namespace, Params, PosesView, admit, type_name

if TYPE_CHECKING:
    from .evaluator import Evaluator, Scope


def _constant(ev: Evaluator, node: ast.Constant, scope: Scope) -> Any:
    if isinstance(node.value, float) or node.value is None or node.value is True or node.value is False:
        return node.value  # nothing to check
    return ev.at(node, lambda: admit(node.value, limits=ev.budget.limits))


def _name(ev: Evaluator, node: ast.Name, scope: Scope) -> Any:
    try:
        return scope.lookup(node.id)
    except EvalFailure as exc:
        raise ev._error(node, str(exc), exc.kind) from None


def _binop(ev: Evaluator, node: ast.BinOp, scope: Scope) -> Any:
    left, right = ev.value_of(node.left, scope), ev.value_of(node.right, scope)
    return ev.at(node, lambda: admit(binary(node.op, left, right, ev.budget), limits=ev.budget.limits, shallow=True))


def _unaryop(ev: Evaluator, node: ast.UnaryOp, scope: Scope) -> Any:
    operand = ev.value_of(node.operand, scope)
    return ev.at(node, lambda: admit(unary(node.op, operand, ev.budget)))


def _boolop(ev: Evaluator, node: ast.BoolOp, scope: Scope) -> Any:
    value: Any = None
    for operand in node.values:
        value = ev.value_of(operand, scope)
        decided = ev.at(operand, partial(truth, value))
        if decided == isinstance(node.op, ast.Or):
            return value
    return value


def _compare(ev: Evaluator, node: ast.Compare, scope: Scope) -> Any:
    left = ev.value_of(node.left, scope)
    result: Any = True
    for op, right_node in zip(node.ops, node.comparators):
        right = ev.value_of(right_node, scope)
        result = ev.at(node, partial(_admitted_compare, op, left, right, ev))
        if len(node.ops) > 1 and not ev.at(node, partial(truth, result)):
            return False
        left = right
    return result


def _admitted_compare(op: ast.cmpop, left: Any, right: Any, ev: Evaluator) -> Any:
    return admit(compare(op, left, right, ev.budget))


def _ifexp(ev: Evaluator, node: ast.IfExp, scope: Scope) -> Any:
    test = ev.value_of(node.test, scope)
    return ev.value_of(node.body if ev.at(node.test, lambda: truth(test)) else node.orelse, scope)


def _attribute(ev: Evaluator, node: ast.Attribute, scope: Scope) -> Any:
    base = ev.value_of(node.value, scope)
    return ev.at(node, lambda: attribute(base, node.attr))


def attribute(base: Any, name: str) -> Any:
    """``base.name`` for the language's three dotted forms: namespaces, poses fields, array facts."""
    if isinstance(base, Namespace):
        qualname = f"{base.name}.{name}"
        if qualname in TABLE:
            return TABLE[qualname]
        if qualname in CONSTANTS:
            return CONSTANTS[qualname]
        if qualname in NAMESPACES:
            return Namespace(qualname)
        raise EvalFailure(f"{qualname} is not in the function table (docs/script_language.md)", "name")
    if isinstance(base, PosesView):
        return base.field(name)
    if isinstance(base, np.ndarray):
        return array_attribute(base, name)
    raise EvalFailure(f"a {type_name(base)} has no attribute {name!r}", "name")


def _call(ev: Evaluator, node: ast.Call, scope: Scope) -> Any:
    function, args = _callee(ev, node, scope)
    for arg in node.args:
        if isinstance(arg, ast.Starred):
            spread = ev.value_of(arg.value, scope)
            if not isinstance(spread, (list, tuple, range)):
                raise ev._error(arg, f"*{type_name(spread)}: only lists and tuples can be spread", "type")
            if len(spread) > ev.budget.limits.sequence_length:
                raise ev._error(arg, f"*: {len(spread):,} arguments are over the limit", "limit")
            args.extend(spread)
        else:
            args.append(ev.value_of(arg, scope))
    kwargs = {kw.arg: ev.value_of(kw.value, scope) for kw in node.keywords if kw.arg is not None}
    ev.budget.step()
    return ev.at(node, lambda: ev.call_value(function, args, kwargs))


def _callee(ev: Evaluator, node: ast.Call, scope: Scope) -> tuple[Any, list[Any]]:
    """The function a call calls, and the arguments it starts with (a method's own array)."""
    func = node.func
    if isinstance(func, ast.Attribute):
        base = ev.value_of(func.value, scope)
        if isinstance(base, Params) and func.attr == "get":
            return _PARAMS_GET, [base]
        if isinstance(base, np.ndarray) and func.attr in ARRAY_METHODS:
            return TABLE[ARRAY_METHODS[func.attr]], [base]
        return ev.at(func, lambda: attribute(base, func.attr)), []
    return ev.value_of(func, scope), []


def _params_get(params: Params, key: Any, default: Any = None) -> Any:
    return params.get(key, default)


_PARAMS_GET = TableFunction("params.get", _params_get, frozenset(), None)


def _subscript(ev: Evaluator, node: ast.Subscript, scope: Scope) -> Any:
    value = ev.value_of(node.value, scope)
    index = _index(ev, node.slice, scope)
    return ev.at(node, lambda: admit(subscript(value, index, ev.budget), limits=ev.budget.limits, shallow=True))


def _index(ev: Evaluator, node: ast.expr, scope: Scope) -> Any:
    if isinstance(node, ast.Slice):
        parts = [ev.value_of(p, scope) if p is not None else None for p in (node.lower, node.upper, node.step)]
        if any(p is not None and not (isinstance(p, int) or isinstance(p, np.ndarray) and p.size == 1)
               for p in parts):
            raise ev._error(node, "slice bounds must be integers", "type")
        return slice(*parts)
    if isinstance(node, ast.Tuple):
        return tuple(_index(ev, e, scope) for e in node.elts)
    if isinstance(node, ast.Constant) and node.value is Ellipsis:
        return Ellipsis
    return ev.value_of(node, scope)


def _sequence(ev: Evaluator, node: ast.Tuple | ast.List, scope: Scope) -> Any:
    items: list[Any] = []
    for element in node.elts:
        if isinstance(element, ast.Starred):
            spread = ev.value_of(element.value, scope)
            if not isinstance(spread, (list, tuple, range)):
                raise ev._error(element, "only lists and tuples can be spread with *", "type")
            if len(spread) + len(items) > ev.budget.limits.sequence_length:
                raise ev._error(element, "the list is longer than the limit", "limit")
            items.extend(spread)
        else:
            items.append(ev.value_of(element, scope))
    value = items if isinstance(node, ast.List) else tuple(items)
    return ev.at(node, lambda: admit(value, limits=ev.budget.limits, shallow=True))


def _dict(ev: Evaluator, node: ast.Dict, scope: Scope) -> Any:
    pairs = [(ev.value_of(k, scope), ev.value_of(v, scope)) for k, v in zip(node.keys, node.values) if k is not None]
    return ev.at(node, lambda: admit(dict(pairs), limits=ev.budget.limits))


def _comprehension(ev: Evaluator, node: ast.ListComp | ast.GeneratorExp, scope: Scope) -> Any:
    from .evaluator import Scope, iterate

    inner = Scope(scope)
    out: list[Any] = []

    def loop(level: int) -> None:
        if level == len(node.generators):
            out.append(ev.value_of(node.elt, inner))
            if len(out) > ev.budget.limits.sequence_length:
                raise ev._error(node, "the comprehension makes too many items", "limit")
            return
        gen = node.generators[level]
        iterable = ev.value_of(gen.iter, inner)
        for item in ev.at(gen.iter, lambda: iterate(iterable, ev.budget)):
            ev.budget.step()
            ev.bind(gen.target, item, inner)
            if all(ev.at(cond, partial(truth, ev.value_of(cond, inner))) for cond in gen.ifs):
                loop(level + 1)

    loop(0)
    return out


def _joined(ev: Evaluator, node: ast.JoinedStr, scope: Scope) -> Any:
    parts = [ev.value_of(value, scope) for value in node.values]
    return ev.at(node, lambda: admit("".join(str(p) for p in parts), limits=ev.budget.limits))


def _formatted(ev: Evaluator, node: ast.FormattedValue, scope: Scope) -> Any:
    value = ev.value_of(node.value, scope)
    spec = "".join(str(getattr(p, "value", "")) for p in node.format_spec.values) \
        if isinstance(node.format_spec, ast.JoinedStr) else ""
    return ev.at(node, lambda: format_value(value, node.conversion, spec))


EXPRESSIONS: dict[type, Callable[..., Any]] = {
    ast.Constant: _constant, ast.Name: _name, ast.BinOp: _binop, ast.UnaryOp: _unaryop, ast.BoolOp: _boolop,
    ast.Compare: _compare, ast.IfExp: _ifexp, ast.Attribute: _attribute, ast.Call: _call,
    ast.Subscript: _subscript, ast.Tuple: _sequence, ast.List: _sequence, ast.Dict: _dict,
    ast.ListComp: _comprehension, ast.GeneratorExp: _comprehension, ast.JoinedStr: _joined,
    ast.FormattedValue: _formatted}
