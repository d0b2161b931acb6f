"""The restricted namespace generated code runs in (inside the sandbox child only).

Generated code gets: a builtins dict without files, code or introspection; ``getattr`` /
``hasattr`` that refuse private and frame/file attributes; a one-argument ``type``; an
``__import__`` that only hands out the allow-listed modules; and ``numpy``/``math`` as
*fresh* module objects holding copies of the safe public names (so ``np.__dict__`` or a
private attribute of the proxy leads nowhere, and numpy's file, ctypes and loader
functions are simply absent). ``np`` and ``math`` are predefined, as LLM-written code
often forgets the import.
"""

from __future__ import annotations

import builtins
import functools
import math
import sys
import types
from typing import Any, Callable, Iterable, Mapping

import numpy as np

from .sandbox_policy import ALLOWED_NUMPY_SUBMODULES, FORBIDDEN_ATTRIBUTES, import_allowed

SAFE_BUILTIN_NAMES = (
    "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "callable", "chr", "complex",
    "dict", "divmod", "enumerate", "filter", "float", "format", "frozenset", "hash", "hex", "id", "int",
    "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min", "next", "oct", "ord", "pow",
    "print", "range", "repr", "reversed", "round", "set", "slice", "sorted", "str", "sum", "tuple", "zip",
    "True", "False", "None", "NotImplemented", "Ellipsis",
)

GUARDED_BUILTIN_NAMES = ("getattr", "hasattr", "type", "__import__")  # provided as the safe_* versions below

# numpy names that read or write files, load code or print to arbitrary streams.
NUMPY_DENIED = FORBIDDEN_ATTRIBUTES | frozenset({
    "savez", "savez_compressed", "genfromtxt", "loadtxt", "savetxt", "fromregex", "recfromtxt",
    "recfromcsv", "info", "lookfor", "source", "show_config", "show_runtime", "get_include", "deprecate",
    "deprecate_with_doc", "add_newdoc", "add_docstring", "add_newdoc_ufunc", "who", "byte_bounds",
    "set_string_function", "safe_eval", "disp", "test", "setbufsize", "seterrcall", "geterrcall",
})


def _refuse(name: object) -> bool:
    return not isinstance(name, str) or name.startswith("_") or name in FORBIDDEN_ATTRIBUTES


def safe_getattr(obj: Any, name: str, *default: Any) -> Any:
    """``getattr`` that refuses private (``_x``, ``__x__``) and frame/code/file attributes."""
    if _refuse(name):
        raise AttributeError(f"the attribute {name!r} is not allowed in the sandbox")
    return getattr(obj, name, *default)


def safe_hasattr(obj: Any, name: str) -> bool:
    """``hasattr`` that answers False for refused attributes instead of revealing them."""
    return not _refuse(name) and hasattr(obj, name)


class _GuardedArrayClass(type):
    """Stands in for ``np.ndarray`` / ``np.recarray``: the same, minus raw-buffer construction.

    ``np.ndarray(shape, dtype=object, buffer=some_bytes)`` reads the bytes as object
    *pointers*, which forges arbitrary objects (measured: numpy 1.26 accepts it, while
    ``frombuffer``/``view`` refuse object dtypes). ``isinstance``/``issubclass`` and class
    attributes behave as for the real class.
    """

    _real: type
    _buffer_keyword: str

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if len(args) > 2 or kwargs.get(cls._buffer_keyword) is not None:
            raise TypeError(f"np.{cls._real.__name__}(...) over a raw buffer is not allowed in the sandbox; "
                            "use np.array or np.frombuffer")
        return cls._real(*args, **kwargs)

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, cls._real)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub._real if isinstance(sub, _GuardedArrayClass) else sub, cls._real)

    def __getattr__(cls, name: str) -> Any:
        return safe_getattr(cls._real, name)


def _guarded(real: type, buffer_keyword: str) -> type:
    return _GuardedArrayClass(real.__name__, (), {"_real": real, "_buffer_keyword": buffer_keyword})


GUARDED_ARRAY_CLASSES: dict[type, type] = {np.ndarray: _guarded(np.ndarray, "buffer"),
                                           np.recarray: _guarded(np.recarray, "buf")}


def safe_type(*args: Any) -> Any:
    """``type(x)`` only; array classes come guarded, and the type of a class is this function.

    Handing out ``type`` itself (``type(int)``) or a metaclass would bring back the
    three-argument form, which builds classes with arbitrary dunder methods.
    """
    if len(args) != 1:
        raise TypeError("type() takes exactly one argument in the sandbox (classes cannot be built)")
    kind = type(args[0])
    if issubclass(kind, type):
        return safe_type
    return GUARDED_ARRAY_CLASSES.get(kind, kind)


def _public_names(module: types.ModuleType, denied: frozenset[str]) -> Iterable[str]:
    return (name for name in dir(module) if not name.startswith("_") and name not in denied)


def module_proxy(module: types.ModuleType, submodules: Iterable[str] = (),
                 denied: frozenset[str] = FORBIDDEN_ATTRIBUTES) -> types.ModuleType:
    """A fresh module holding copies of ``module``'s safe public names.

    Sub-modules are left out unless named in ``submodules`` (then proxied the same way).
    """
    # A name no real module has: ``from numpy import x`` falls back to sys.modules["numpy.x"]
    # when the attribute is missing, which would hand out the real sub-module.
    proxy = types.ModuleType(f"{module.__name__} (sandboxed)")
    wanted = set(submodules)
    names = []
    for name in _public_names(module, denied):
        try:
            value = getattr(module, name)
        except AttributeError:  # a lazily deprecated alias that no longer resolves
            continue
        if isinstance(value, types.ModuleType):
            if name not in wanted:
                continue
            value = module_proxy(value, (), denied)
        setattr(proxy, name, value)
        names.append(name)
    proxy.__all__ = names  # type: ignore[attr-defined]
    return proxy


@functools.lru_cache(maxsize=1)
def numpy_proxy() -> types.ModuleType:
    """numpy without its file, ctypes, loader and printing entry points, array classes guarded."""
    proxy = module_proxy(np, ALLOWED_NUMPY_SUBMODULES, NUMPY_DENIED)
    for real, guard in GUARDED_ARRAY_CLASSES.items():
        setattr(proxy, real.__name__, guard)
    return proxy


@functools.lru_cache(maxsize=1)
def math_proxy() -> types.ModuleType:
    """``math`` as a fresh module (nothing dangerous in it, but no loader/spec either)."""
    return module_proxy(math)


def script_module(names: Mapping[str, Any]) -> types.ModuleType:
    """The module ``from setdresser.script import *`` imports: the recorder's functions."""
    module = types.ModuleType("setdresser.script")
    for name, value in names.items():
        setattr(module, name, value)
    module.__all__ = list(names)  # type: ignore[attr-defined]
    return module


def restricted_import(script_names: Mapping[str, Any]) -> Callable[..., Any]:
    """An ``__import__`` that hands out only the proxies of the allow-listed modules."""
    script = script_module(script_names)
    package = types.ModuleType("setdresser")
    package.script = script  # type: ignore[attr-defined]
    placeholder = types.ModuleType("already imported")

    def _import(name: str, globals: Any = None, locals: Any = None,  # noqa: A002
                fromlist: Any = (), level: int = 0) -> types.ModuleType:
        if isinstance(fromlist, list) and not fromlist and name in sys.modules:
            # C code (numpy's array repr, ndarray.mean...) calls PyImport_Import, which runs
            # *this* __import__ for its side effect and then reads sys.modules itself; import
            # statements never pass a list. Nothing real is handed out either way.
            return placeholder
        if level != 0 or not isinstance(name, str) or not import_allowed(name):
            raise ImportError(f"import of {name!r} is not allowed in the sandbox (allowed: math, numpy, "
                              "setdresser.script)")
        if name == "setdresser.script":
            return script if fromlist else package
        if name == "math":
            return math_proxy()
        top = numpy_proxy()
        if "." in name and fromlist:
            return getattr(top, name.split(".", 1)[1])
        return top

    return _import


def safe_builtins(script_names: Mapping[str, Any]) -> dict[str, Any]:
    """The builtins dict of generated code: safe functions, all exception types, guarded helpers."""
    table: dict[str, Any] = {name: getattr(builtins, name) for name in SAFE_BUILTIN_NAMES}
    for name in dir(builtins):
        value = getattr(builtins, name)
        if isinstance(value, type) and issubclass(value, BaseException) and not name.startswith("_"):
            table[name] = value
    table.update(getattr=safe_getattr, hasattr=safe_hasattr, type=safe_type,
                 __import__=restricted_import(script_names))
    return table


def restricted_globals(script_names: Mapping[str, Any], filename: str) -> dict[str, Any]:
    """A fresh globals dict for one script or custom function: ``np``/``math`` predefined."""
    return {
        "__builtins__": safe_builtins(script_names),
        "__name__": filename,
        "np": numpy_proxy(),
        "math": math_proxy(),
    }
