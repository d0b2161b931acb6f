"""What a learned relation version (``skill_library/learned/<name>/v<N>/relation.json``) is made of.

A learned version keeps its base relation's contract: the same name, arguments, parameters,
physics role and crisp ``check`` (the built-in's, CONTRACTS §5 tolerances). What the outer
loop learns is the smooth ``score`` the solver climbs. The file is data: the score's source
in the script language (docs/script_language.md) with the relation's name, version and
description, and optionally its own words (``"phrases"``, a ``setdresser.relation_phrases/1``
document; without it the built-in's). :func:`load_learned_file` reads it and the score is *interpreted*
(:class:`~..script.ScoreFunction`), in this process like any library score: nothing generated
is imported or executed. ``blender_addon.core`` installs it as the registry's learned loader.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path
from typing import Any

from ....skill_library.base import Relation
from ....skill_library.phrases import RelationPhrases, parse_phrases
from ....skill_library.registry import ManifestError
from ..script import ScriptError, compile_score

LEARNED_SCHEMA = "setdresser.learned_relation/1"
_SKILL_PACKAGE = __package__.rsplit(".", 3)[0] + ".skill_library"  # <root>.blender_addon.core.learning

# (name, version) -> learned source, filled as learned relation files are read.
_DECLARED: dict[tuple[str, int], str] = {}


def builtin_module(name: str) -> Any:
    """The built-in module of relation ``name`` (its contract: spec, check, reference score)."""
    return importlib.import_module(f"{_SKILL_PACKAGE}.builtin.{name}")


def learned_document(name: str, version: int, source: str, description: str = "") -> dict[str, Any]:
    """The content of a learned ``relation.json``."""
    return {"schema": LEARNED_SCHEMA, "relation": name, "version": int(version), "description": description,
            "source": source}


def learned_relation(name: str, version: int, source: str, description: str = "", rel_file: str = "",
                     phrases: RelationPhrases | None = None) -> Relation:
    """The Relation of a learned version: the built-in's contract, the interpreted learned score
    (and the words its file declares; without them the registry gives it its built-in's)."""
    base = builtin_module(name)
    spec = dataclasses.replace(base.SPEC, version=int(version), description=description or base.SPEC.description)
    score = compile_score(name, source)
    _DECLARED[(name, int(version))] = source
    return Relation(spec=spec, score=score, check=base.check, source=rel_file or f"learned/{name}/v{version}",
                    validate=getattr(base, "validate", None), phrases=phrases or RelationPhrases())


def load_learned_file(path: Path, rel_file: str) -> Relation:
    """The registry's learned loader: read ``relation.json`` (data) and interpret its score."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("schema") != LEARNED_SCHEMA:
            raise ValueError(f"expected schema {LEARNED_SCHEMA!r}")
        name, version = str(data["relation"]), int(data["version"])
        phrases = parse_phrases(data["phrases"], rel_file) if "phrases" in data else None  # optional words
        return learned_relation(name, version, str(data["source"]), str(data.get("description", "")), rel_file,
                                phrases)
    except ScriptError as exc:
        raise ManifestError(f"{rel_file}: the learned score is not valid: {exc}") from None
    except (OSError, ValueError, KeyError, TypeError, ImportError) as exc:
        raise ManifestError(f"{rel_file}: not a learned relation file: {exc}") from None


def declared_source(name: str, version: int) -> str | None:
    """The learned source of ``name`` v``version`` once its file was read, else None."""
    return _DECLARED.get((name, int(version)))


def is_learned(relation: Relation) -> bool:
    """Whether a registry relation was loaded from ``learned/``."""
    return relation.source.startswith("learned/")


def learned_versions(registry: Any) -> dict[str, int]:
    """``{name: version}`` of every active learned relation in a :class:`Registry`."""
    out = {}
    for name in registry.names():
        relation = registry.get(name)
        if is_learned(relation):
            out[name] = relation.spec.version
    return out


def has_learned(registry: Any = None) -> bool:
    """Whether the library in use (default: ``default_registry()``) has an active learned version."""
    if registry is None:
        from ....skill_library.registry import default_registry

        registry = default_registry()
    return bool(learned_versions(registry))
