"""The relation registry: loads ``builtin/`` and ``learned/``, pinned by ``manifest.json``.

Each relation is a module exposing ``SPEC`` (:class:`~.base.RelationSpec`), ``score`` and
``check`` (and optionally ``validate(params, n_args) -> str | None`` and ``PLACEMENT``, its
proposal moves and discrete role for the solver, :class:`~.base.Placement`). Built-ins live in
``builtin/<name>.py``; versions admitted by the outer loop in ``learned/<name>/v<N>/relation.json``:
*data* (the score in the script language), turned into a Relation by the loader the core
installs with :func:`set_learned_loader` (the script interpreter; nothing generated is imported).
``manifest.json`` lists every relation version with its file and sha256. A version is never
overwritten: a file whose hash differs from its recorded hash is refused (:class:`ManifestError`),
and so is a built-in file the manifest does not list. The highest listed version is active.

``python -m setdresser.skill_library.registry --update-manifest`` records new files/versions.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import functools
import hashlib
import importlib
import importlib.util
import json
import logging
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Mapping, Protocol, Sequence

from .errors import ManifestError, ProgramError
from .base import Placement, Relation, RelationSpec
from .binding import bind_params
from .phrases import PhraseBook, RelationPhrases, collect, parse_phrases
from .user_library import LIBRARY_DIR_ENV, library_root, writable_library_root  # noqa: F401 - re-exported

log = logging.getLogger(__name__)


class ConstraintLike(Protocol):
    """What :meth:`Registry.bind` reads of a constraint (``core.model.Constraint`` is one)."""

    relation: str
    args: tuple[str, ...]
    params: dict[str, Any]

    def label(self) -> str: ...

ROOT = Path(__file__).resolve().parent
MANIFEST_SCHEMA = "setdresser.skill_manifest/1"
_PACKAGE = __package__ or "setdresser.skill_library"


def active_version(name: str, entry: Mapping[str, Any]) -> int:
    """The version of ``name`` in use: the entry's ``"active"`` pointer, else the highest listed."""
    versions = [int(v) for v in entry["versions"]]
    active = entry.get("active")
    if active is None:
        return max(versions)
    if isinstance(active, bool) or not isinstance(active, int) or active not in versions:
        raise ManifestError(f"{name}: active version {active!r} is not a listed version {sorted(versions)}")
    return active


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes, line endings normalised to LF (a CRLF checkout is not tampering)."""
    return hashlib.sha256(path.read_bytes().replace(b"\r\n", b"\n")).hexdigest()


# ---------------------------------------------------------------- loading


def _module_name(rel_file: str) -> str:
    """Dotted module name of a library file, e.g. ``builtin/on_top_of.py`` -> ``<pkg>.builtin.on_top_of``."""
    return f"{_PACKAGE}." + rel_file[: -len(".py")].replace("/", ".")


def _load_module(root: Path, rel_file: str) -> ModuleType:
    """Import a relation file; files of this package import normally, others by path (unregistered)."""
    name = _module_name(rel_file)
    path = root / rel_file
    if root == ROOT and rel_file.startswith("builtin/"):
        return importlib.import_module(name)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ManifestError(f"cannot load relation file {path}")
    module = importlib.util.module_from_spec(spec)
    if root == ROOT:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _relation_from_module(module: ModuleType, rel_file: str) -> Relation:
    spec = getattr(module, "SPEC", None)
    score, check = getattr(module, "score", None), getattr(module, "check", None)
    if not isinstance(spec, RelationSpec) or not callable(score) or not callable(check):
        raise ManifestError(f"{rel_file} must define SPEC (RelationSpec), score() and check()")
    validate = getattr(module, "validate", None)
    placement = getattr(module, "PLACEMENT", None) or Placement()
    if not isinstance(placement, Placement):
        raise ManifestError(f"{rel_file}: PLACEMENT must be a Placement")
    declared = getattr(module, "PHRASES", None)
    phrases = parse_phrases(declared, rel_file) if declared is not None else RelationPhrases()
    return Relation(spec=spec, score=score, check=check, source=rel_file,
                    validate=validate if callable(validate) else None, placement=placement, phrases=phrases)


def _builtin_module(name: str) -> ModuleType | None:
    """The package's built-in module of relation ``name``, or None when there is no such built-in."""
    if importlib.util.find_spec(f"{_PACKAGE}.builtin.{name}") is None:
        return None
    return importlib.import_module(f"{_PACKAGE}.builtin.{name}")


def _builtin_placement(name: str) -> Placement:
    """The PLACEMENT of the built-in relation ``name`` (a default one when there is no such built-in)."""
    return getattr(_builtin_module(name), "PLACEMENT", None) or Placement()


def _builtin_phrases(name: str) -> RelationPhrases:
    """The PHRASES of the built-in relation ``name`` (none when there is no such built-in)."""
    declared = getattr(_builtin_module(name), "PHRASES", None)
    return parse_phrases(declared, f"builtin/{name}.py") if declared is not None else RelationPhrases()


def _read_manifest(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"schema": MANIFEST_SCHEMA, "relations": {}}
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("schema") != MANIFEST_SCHEMA:
        raise ManifestError(f"{path}: expected schema {MANIFEST_SCHEMA!r}")
    return data


def _builtin_files(root: Path) -> list[str]:
    return sorted(f"builtin/{p.name}" for p in (root / "builtin").glob("*.py") if not p.name.startswith("_"))


LEARNED_FILE = "relation.json"
LearnedLoader = Callable[[Path, str], Relation]
_LEARNED_LOADER: list[LearnedLoader] = []


def set_learned_loader(loader: LearnedLoader) -> None:
    """Install the function that turns a learned ``relation.json`` (path, rel_file) into a Relation
    (``blender_addon.core`` installs the script interpreter's; the library never imports it)."""
    _LEARNED_LOADER[:] = [loader]


def _learned_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in (root / "learned").glob(f"*/v*/{LEARNED_FILE}"))


def _relation_from_file(root: Path, rel_file: str) -> Relation:
    """A built-in module's relation, or a learned version's (data, read by the learned loader)."""
    if not rel_file.startswith("learned/"):
        return _relation_from_module(_load_module(root, rel_file), rel_file)
    if not rel_file.endswith("/" + LEARNED_FILE):
        raise ManifestError(f"{rel_file}: learned versions are data files ({LEARNED_FILE}); generated Python "
                            "is never imported (re-learn it with `setdresser learn`)")
    if not _LEARNED_LOADER:
        raise ManifestError(f"{rel_file}: learned relations need the script interpreter "
                            "(import setdresser.blender_addon.core first)")
    relation = _LEARNED_LOADER[0](root / rel_file, rel_file)
    if relation.placement == Placement():  # a learned score keeps its built-in's moves and discrete role
        relation = dataclasses.replace(relation, placement=_builtin_placement(relation.spec.name))
    if not relation.phrases:  # and its built-in's words, unless its file declares its own
        relation = dataclasses.replace(relation, phrases=_builtin_phrases(relation.spec.name))
    return relation


def _verify(root: Path, name: str, version: int, info: Mapping[str, Any]) -> None:
    """Raise :class:`ManifestError` unless the version's file exists with its recorded hash."""
    path = root / info["file"]
    if not path.exists():
        raise ManifestError(f"{name} v{version}: file {info['file']} is missing")
    if file_sha256(path) != info["sha256"]:
        raise ManifestError(f"{name} v{version}: {info['file']} differs from the recorded sha256; "
                            f"a version is never overwritten, add a new version instead")


def load_relations(root: Path = ROOT, manifest_path: Path | None = None) -> dict[str, Relation]:
    """Load the active version of every manifest relation, verifying every listed file's hash."""
    manifest = _read_manifest(manifest_path or root / "manifest.json")
    listed: set[str] = set()
    relations: dict[str, Relation] = {}
    for name, entry in sorted(manifest["relations"].items()):
        versions = {int(v): info for v, info in entry["versions"].items()}
        for version, info in sorted(versions.items()):
            listed.add(info["file"])
            if not (info.get("origin") == "builtin" and "superseded_by" in info):  # file = newest only
                _verify(root, name, version, info)
        active = active_version(name, entry)
        relation = _relation_from_file(root, versions[active]["file"])
        if relation.spec.name != name or relation.spec.version != active:
            raise ManifestError(f"{versions[active]['file']} declares {relation.spec.name} "
                                f"v{relation.spec.version}, manifest says {name} v{active}")
        relations[name] = relation
    unlisted = [f for f in _builtin_files(root) if f not in listed]
    if unlisted:
        raise ManifestError(f"built-in relation files not in the manifest: {unlisted} (run --update-manifest)")
    for rel_file in _learned_files(root):
        if rel_file not in listed:
            log.warning("skipping %s: not admitted in the manifest", rel_file)
    return relations


# ---------------------------------------------------------------- manifest update


def _record(entry: dict[str, Any], spec: RelationSpec, rel_file: str, origin: str, digest: str,
            allow_rehash_builtin: bool) -> None:
    """Add one file's version to a manifest entry, refusing to overwrite a recorded version."""
    versions = entry["versions"]
    recorded = versions.get(str(spec.version))
    if recorded is not None and recorded["sha256"] != digest and not (origin == "builtin" and allow_rehash_builtin):
        raise ManifestError(f"{spec.name} v{spec.version} is already recorded with another hash; "
                            f"bump SPEC.version instead of overwriting it")
    same_file = {int(v): info for v, info in versions.items() if info["file"] == rel_file}
    if same_file and max(same_file) > spec.version:
        raise ManifestError(f"{rel_file} declares {spec.name} v{spec.version} but v{max(same_file)} is recorded")
    for version, info in same_file.items():  # an edited built-in: its older versions live in git history
        if version < spec.version:
            info["superseded_by"] = spec.version
    versions[str(spec.version)] = {"file": rel_file, "sha256": digest, "origin": origin,
                                   "description": spec.description}


def update_manifest(root: Path = ROOT, manifest_path: Path | None = None, *,
                    allow_rehash_builtin: bool = False) -> dict:
    """Record every built-in and learned relation file in the manifest and write it.

    New (name, version) pairs are added; a recorded version whose file changed is refused
    (:class:`ManifestError`) unless it is a built-in and ``allow_rehash_builtin`` is set
    (for development before a release); learned versions can never be rehashed. A built-in
    edited under a bumped ``SPEC.version`` marks its older versions ``superseded_by``.
    """
    manifest_path = manifest_path or root / "manifest.json"
    manifest = _read_manifest(manifest_path)
    for rel_file in _builtin_files(root) + _learned_files(root):
        spec = _relation_from_file(root, rel_file).spec
        origin = "builtin" if rel_file.startswith("builtin/") else "learned"
        if origin == "learned" and rel_file != f"learned/{spec.name}/v{spec.version}/{LEARNED_FILE}":
            raise ManifestError(f"{rel_file} declares {spec.name} v{spec.version}; it must live in "
                                f"learned/{spec.name}/v{spec.version}/{LEARNED_FILE}")
        entry = manifest["relations"].setdefault(spec.name, {"versions": {}})
        _record(entry, spec, rel_file, origin, file_sha256(root / rel_file), allow_rehash_builtin)
    manifest["relations"] = {k: manifest["relations"][k] for k in sorted(manifest["relations"])}
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    return manifest


class Registry:
    """Relations by name: lookup, prompt descriptions and constraint binding."""

    def __init__(self, relations: Mapping[str, Relation]) -> None:
        self._relations = dict(relations)
        self._phrase_book: PhraseBook | None = None

    @classmethod
    def load(cls, root: Path = ROOT, manifest_path: Path | None = None) -> "Registry":
        """Load ``builtin/`` and ``learned/`` under ``root``, validated against the manifest."""
        return cls(load_relations(root, manifest_path))

    def names(self) -> list[str]:
        """Every relation name, sorted."""
        return sorted(self._relations)

    def __contains__(self, name: object) -> bool:
        return name in self._relations

    def get(self, name: str, where: str | None = None) -> Relation:
        """The active relation called ``name``; unknown names raise :class:`ProgramError` naming it."""
        relation = self._relations.get(name)
        if relation is None:
            close = difflib.get_close_matches(name, self.names(), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ProgramError(f"unknown relation '{name}'{hint}", where)
        return relation

    def describe(self) -> list[dict[str, Any]]:
        """Every relation's spec as a dict (name, arity, params, description, version), for prompts."""
        return [self._relations[name].spec.to_dict() for name in self.names()]

    def bind(self, constraint: ConstraintLike, where: str) -> tuple[Relation, dict[str, Any]]:
        """The relation of ``constraint`` and its params with defaults filled, after checking
        arity and params; problems raise :class:`ProgramError` naming ``where`` and the constraint."""
        label = f"{where} {constraint.label()}" if where else constraint.label()
        relation = self.get(constraint.relation, label)
        return relation, bind_params(relation, len(constraint.args), constraint.params, label)

    def phrase_book(self) -> PhraseBook:
        """Every relation's words joined (:func:`.phrases.collect`), for the offline coder (cached)."""
        if self._phrase_book is None:
            self._phrase_book = collect((name, rel.phrases) for name, rel in self._relations.items())
        return self._phrase_book

    def with_extra(self, extra: Mapping[str, Relation]) -> "Registry":
        """A registry that also knows ``extra`` (e.g. ``custom:NAME`` relations, interpreted)."""
        clash = sorted(set(extra) & set(self._relations))
        if clash:
            raise ProgramError(f"custom relation(s) {clash} would shadow library relations")
        return Registry({**self._relations, **extra})


@functools.lru_cache(maxsize=1)
def default_registry() -> Registry:
    """The library in use, :func:`library_root` (loaded once per process; ``cache_clear()`` reloads)."""
    return Registry.load(library_root())


def main(argv: Sequence[str] | None = None) -> int:
    """``--update-manifest``: record new relation files/versions in manifest.json."""
    parser = argparse.ArgumentParser(prog="python -m setdresser.skill_library.registry")
    parser.add_argument("--update-manifest", action="store_true", help="record new files/versions")
    parser.add_argument("--allow-rehash-builtin", action="store_true",
                        help="development only: accept edited built-ins under their current version")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        if args.update_manifest:
            manifest = update_manifest(allow_rehash_builtin=args.allow_rehash_builtin)
            log.info("manifest: %d relations", len(manifest["relations"]))
        registry = Registry.load()
    except (ManifestError, ProgramError) as exc:
        log.error("%s", exc)
        return 2
    log.info("%d relations: %s", len(registry.names()), ", ".join(registry.names()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
