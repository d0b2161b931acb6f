"""Per scene: which library functions the inner loop modified or added, and why.

A coder or reviewer script may define ``@custom_relation("NAME")``: when NAME is a library
relation (``parallel``) the scene *modified* it; otherwise it *added* a relation. Each edit
is kept with its source, a unified diff against the library version in use, the stage and
iteration that wrote it and the reviewer's reason (its issue on that relation). ``generate``
writes the log to ``function_edits.json`` and a summary into ``report.json``; ``learn`` reads
them back.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ....skill_library.base import CUSTOM_PREFIX
from ....skill_library.registry import default_registry, library_root
from ....skill_library.user_library import PACKAGE_ROOT
from ..model import Program

EDITS_FILE = "function_edits.json"
EDITS_SCHEMA = "setdresser.function_edits/1"
BUILTIN_LIBRARY = "builtin"  # function_edits.json "library" for the package's own library


@dataclass(frozen=True)
class FunctionEdit:
    """One scoring function a scene's script defined, against the library it ran with."""

    relation: str
    kind: str  # "modified" (redefines a library relation) or "added" (a new name)
    stage: str  # "coder" or "reviewer"
    iteration: int  # 0: the coder's script; k: the reviewer's revision after iteration k
    source: str
    library_version: int | None
    diff: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def edit_from_dict(data: Mapping[str, Any]) -> FunctionEdit:
    """A :class:`FunctionEdit` from its ``function_edits.json`` form."""
    return FunctionEdit(relation=str(data["relation"]), kind=str(data["kind"]), stage=str(data["stage"]),
                        iteration=int(data["iteration"]), source=str(data["source"]),
                        library_version=data.get("library_version"), diff=str(data.get("diff", "")),
                        reason=str(data.get("reason", "")))


def library_source(name: str, registry: Any = None) -> tuple[int | None, str]:
    """``(version, scoring source)`` of the active library relation ``name``, or ``(None, "")``."""
    registry = registry or default_registry()
    if name not in registry:
        return None, ""
    relation = registry.get(name)
    if relation.source.startswith("learned/"):
        from .runtime import declared_source

        return relation.spec.version, declared_source(name, relation.spec.version) or ""
    path = library_root() / relation.source
    return relation.spec.version, path.read_text(encoding="utf-8") if path.is_file() else ""


def _reason(name: str, issues: Iterable[Any]) -> str:
    """The reviewer's issues on relation ``name`` (or ``custom:name``), as one line."""
    lines = [f"{issue.problem} -> {issue.fix}" for issue in issues
             if issue.relation in (name, CUSTOM_PREFIX + name)]
    return "; ".join(lines)


@dataclass
class FunctionEditLog:
    """The edits of one scene, in the order the scripts defined them (a repeated source is kept once)."""

    edits: list[FunctionEdit] = field(default_factory=list)
    library_versions: dict[str, int] = field(default_factory=dict)
    registry: Any = None

    def record(self, program: Program, stage: str, iteration: int, issues: Sequence[Any] = ()) -> None:
        """Note every custom function of ``program`` whose source is new, and the library versions it uses."""
        registry = self.registry or default_registry()
        for constraint in program.constraints:
            if not constraint.relation.startswith(CUSTOM_PREFIX) and constraint.relation in registry:
                self.library_versions[constraint.relation] = registry.get(constraint.relation).spec.version
        for name, source in sorted(program.custom_functions.items()):
            if any(e.relation == name and e.source == source for e in self.edits):
                continue
            version, base = library_source(name, registry)
            diff = "".join(difflib.unified_diff(base.splitlines(keepends=True), source.splitlines(keepends=True),
                                                fromfile=f"library {name} v{version}" if version else "/dev/null",
                                                tofile=f"{stage} {name}"))
            reason = _reason(name, issues) or f"written by the {stage}" + (f" after iteration {iteration}"
                                                                            if iteration else "")
            self.edits.append(FunctionEdit(relation=name, kind="modified" if version is not None else "added",
                                           stage=stage, iteration=iteration, source=source,
                                           library_version=version, diff=diff, reason=reason))

    def to_dict(self, prompt: str) -> dict[str, Any]:
        """The ``function_edits.json`` document."""
        return {"schema": EDITS_SCHEMA, "prompt": prompt, "library": library_name(),
                "library_versions": dict(sorted(self.library_versions.items())),
                "edits": [e.to_dict() for e in self.edits]}

    def summary(self) -> dict[str, Any]:
        """What ``report.json`` holds: the versions used and one line per edit."""
        return {"library_versions": dict(sorted(self.library_versions.items())),
                "edits": [{"relation": e.relation, "kind": e.kind, "stage": e.stage, "iteration": e.iteration,
                           "reason": e.reason} for e in self.edits]}


def library_name() -> str:
    """The library in use as ``function_edits.json`` names it: ``builtin`` for the package's own
    (so the file does not depend on where the package is installed), else its folder."""
    root = library_root()
    return BUILTIN_LIBRARY if root.resolve() == PACKAGE_ROOT.resolve() else str(root)


def write_function_edits(out: Path, log: FunctionEditLog, prompt: str) -> None:
    """Write ``function_edits.json`` and add the summary to the run's ``report.json``."""
    (out / EDITS_FILE).write_text(json.dumps(log.to_dict(prompt), indent=2, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
    report_path = out / "report.json"
    if report_path.is_file():
        report = json.loads(report_path.read_text(encoding="utf-8"))
        report["function_edits"] = log.summary()
        report_path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def read_function_edits(out: Path) -> tuple[str, list[FunctionEdit], dict[str, int]]:
    """``(prompt, edits, library_versions)`` from a scene folder's ``function_edits.json``."""
    data = json.loads((out / EDITS_FILE).read_text(encoding="utf-8"))
    if data.get("schema") != EDITS_SCHEMA:
        raise ValueError(f"{out / EDITS_FILE}: expected schema {EDITS_SCHEMA!r}")
    return str(data.get("prompt", "")), [edit_from_dict(e) for e in data["edits"]], dict(data["library_versions"])
