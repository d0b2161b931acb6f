"""The asset index on disk (schema ``setdresser.asset_index/1``).

An index is a folder::

    INDEX/index.json        manifest: schema, model, created/updated, counts, skipped files
    INDEX/assets.jsonl      one :class:`AssetRecord` per line
    INDEX/embeddings.npy    float32 [N, D] CLIP image embeddings of the thumbnails (optional)
    INDEX/embedding_ids.json  the asset ids of those rows, in order
    INDEX/thumbnails/ID.png   128 px Workbench renders

Records hold *normalised* dimensions (origin bottom-centre, front -Y, metres) and the
corrections that produce them from the file as imported: ``p_norm = scale·R·p + offset``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from ..errors import BadInput

INDEX_SCHEMA = "setdresser.asset_index/1"
MANIFEST_FILE = "index.json"
RECORDS_FILE = "assets.jsonl"
EMBEDDINGS_FILE = "embeddings.npy"
EMBEDDING_IDS_FILE = "embedding_ids.json"
THUMBNAIL_DIR = "thumbnails"
USER_PREFIX = "user:"  # ObjectSpec.asset of a user asset: "user:<record id>"
DEFAULT_INDEX_DIR = ".setdresser_index"  # index of a folder when no other place is named

Vec3 = tuple[float, float, float]
Matrix3 = tuple[Vec3, Vec3, Vec3]


@dataclass(frozen=True)
class Corrections:
    """How the file's imported geometry becomes a normalised asset: ``scale·R·p + offset``."""

    scale: float
    front: str
    up: str
    rotation: Matrix3
    offset: Vec3

    def to_dict(self) -> dict[str, Any]:
        return {"scale": self.scale, "front": self.front, "up": self.up,
                "rotation": [list(row) for row in self.rotation], "offset": [round(v, 6) for v in self.offset]}


@dataclass(frozen=True)
class AssetRecord:
    """One indexed asset: a whole model file, or one object/collection of a .blend."""

    id: str
    file: str  # absolute path of the source file
    unit_kind: str  # "file" | "object" | "collection"
    unit_name: str  # object/collection name in a .blend ("" for a whole file)
    name: str
    tags: tuple[str, ...]
    description: str
    dimensions: Vec3  # normalised, metres
    corrections: Corrections
    thumbnail: str  # relative to the index folder ("" when none was rendered)
    license: str
    author: str
    sha256: str
    format: str

    @property
    def asset(self) -> str:
        """The ``ObjectSpec.asset`` value naming this record."""
        return USER_PREFIX + self.id

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "file": self.file, "unit": {"kind": self.unit_kind, "name": self.unit_name},
                "name": self.name, "tags": list(self.tags), "description": self.description,
                "dimensions": [round(v, 6) for v in self.dimensions], "corrections": self.corrections.to_dict(),
                "thumbnail": self.thumbnail, "license": self.license, "author": self.author,
                "sha256": self.sha256, "format": self.format}


def _vec3(value: Any, where: str, positive: bool = False) -> Vec3:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise BadInput("must be a list of 3 numbers", where)
    out = tuple(float(v) for v in value)
    if not all(math.isfinite(v) for v in out) or (positive and min(out) <= 0):
        raise BadInput(f"must be finite{' and positive' if positive else ''}, got {list(value)}", where)
    return out  # type: ignore[return-value]


def record_from_dict(data: Any, where: str) -> AssetRecord:
    """Parse one line of ``assets.jsonl`` (BadInput naming the line on any defect)."""
    if not isinstance(data, Mapping):
        raise BadInput("a record must be a JSON object", where)
    try:
        corr = data["corrections"]
        rotation = tuple(_vec3(row, f"{where}: corrections.rotation") for row in corr["rotation"])
        if len(rotation) != 3:
            raise BadInput("rotation must be 3x3", f"{where}: corrections.rotation")
        corrections = Corrections(scale=float(corr["scale"]), front=str(corr["front"]), up=str(corr["up"]),
                                  rotation=rotation,  # type: ignore[arg-type]
                                  offset=_vec3(corr["offset"], f"{where}: corrections.offset"))
        return AssetRecord(
            id=str(data["id"]), file=str(data["file"]), unit_kind=str(data["unit"]["kind"]),
            unit_name=str(data["unit"]["name"]), name=str(data["name"]),
            tags=tuple(str(t) for t in data.get("tags", ())), description=str(data.get("description", "")),
            dimensions=_vec3(data["dimensions"], f"{where}: dimensions", positive=True),
            corrections=corrections, thumbnail=str(data.get("thumbnail", "")),
            license=str(data.get("license", "")), author=str(data.get("author", "")),
            sha256=str(data["sha256"]), format=str(data.get("format", "")))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"malformed record: {exc!r}", where) from exc


@dataclass(frozen=True)
class SkippedFile:
    """A file the indexer did not take, and why (shown in ``index.json``)."""

    file: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"file": self.file, "reason": self.reason}


@dataclass
class Manifest:
    """``index.json``."""

    created: str
    updated: str
    roots: list[str]
    model: dict[str, Any] | None = None  # {"name", "pretrained", "dim"} when CLIP embeddings exist
    counts: dict[str, int] = field(default_factory=dict)
    skipped: list[SkippedFile] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"schema": INDEX_SCHEMA, "created": self.created, "updated": self.updated, "roots": list(self.roots),
                "model": self.model, "counts": dict(self.counts), "settings": dict(self.settings),
                "skipped": [s.to_dict() for s in self.skipped]}


def manifest_from_dict(data: Any, where: str) -> Manifest:
    """Parse ``index.json``; a different schema is bad input naming the file."""
    if not isinstance(data, Mapping) or data.get("schema") != INDEX_SCHEMA:
        found = data.get("schema") if isinstance(data, Mapping) else type(data).__name__
        raise BadInput(f"not a {INDEX_SCHEMA} manifest (schema {found!r})", where)
    skipped = [SkippedFile(str(s["file"]), str(s["reason"])) for s in data.get("skipped", [])]
    return Manifest(created=str(data.get("created", "")), updated=str(data.get("updated", "")),
                    roots=[str(r) for r in data.get("roots", [])], model=data.get("model"),
                    counts={str(k): int(v) for k, v in dict(data.get("counts", {})).items()}, skipped=skipped,
                    settings=dict(data.get("settings", {})))


@dataclass
class AssetIndex:
    """A loaded index: folder, manifest, records and (optionally) embeddings in record order."""

    folder: Path
    manifest: Manifest
    records: list[AssetRecord]
    embeddings: np.ndarray | None = None  # [len(records), D], rows unit length; None without CLIP

    def by_id(self) -> dict[str, AssetRecord]:
        """Records by id."""
        return {r.id: r for r in self.records}


def default_index_dir(paths: Sequence[Path]) -> Path:
    """Where the index of ``paths`` lives when none is named: in the first folder."""
    first = paths[0]
    return (first if first.is_dir() else first.parent) / DEFAULT_INDEX_DIR


def is_index_folder(path: Path) -> bool:
    """True when ``path`` holds an ``index.json``."""
    return (path / MANIFEST_FILE).is_file()


def load_index(folder: Path) -> AssetIndex:
    """Read an index folder (BadInput naming the file and line when something is off)."""
    manifest_path = folder / MANIFEST_FILE
    try:
        manifest = manifest_from_dict(json.loads(manifest_path.read_text(encoding="utf-8")), str(manifest_path))
        lines = (folder / RECORDS_FILE).read_text(encoding="utf-8").splitlines() \
            if (folder / RECORDS_FILE).exists() else []
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadInput(f"cannot read the asset index: {exc}", str(folder)) from exc
    records = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            where = f"{folder / RECORDS_FILE}:{number}"
            try:
                records.append(record_from_dict(json.loads(line), where))
            except json.JSONDecodeError as exc:
                raise BadInput(f"not JSON: {exc}", where) from exc
    return AssetIndex(folder=folder, manifest=manifest, records=records,
                      embeddings=_load_embeddings(folder, [r.id for r in records]))


def _load_embeddings(folder: Path, ids: Sequence[str]) -> np.ndarray | None:
    """Embeddings re-ordered to ``ids``; None when absent or when some record has no row."""
    matrix_path, ids_path = folder / EMBEDDINGS_FILE, folder / EMBEDDING_IDS_FILE
    if not matrix_path.exists() or not ids_path.exists():
        return None
    matrix = np.load(matrix_path, allow_pickle=False)
    row_of = {rid: row for row, rid in enumerate(json.loads(ids_path.read_text(encoding="utf-8")))}
    if matrix.ndim != 2 or len(row_of) != len(matrix):
        raise BadInput(f"embeddings {matrix.shape} do not match {len(row_of)} ids", str(matrix_path))
    if any(rid not in row_of for rid in ids):
        return None
    return matrix[[row_of[rid] for rid in ids]].astype(np.float32)


def write_index(index: AssetIndex, *, checkpoint: bool = False) -> None:
    """Write manifest, records and embeddings (each file replaced whole). A ``checkpoint``
    (mid-run) leaves the embedding files alone: the rows of a previous run stay usable."""
    folder = index.folder
    folder.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True) for r in index.records]
    _replace(folder / RECORDS_FILE, "".join(line + "\n" for line in lines))
    if checkpoint:
        pass
    elif index.embeddings is not None:
        np.save(folder / EMBEDDINGS_FILE, index.embeddings.astype(np.float32), allow_pickle=False)
        _replace(folder / EMBEDDING_IDS_FILE, json.dumps([r.id for r in index.records]) + "\n")
    else:  # stale rows of an earlier CLIP run must not pair with new records
        for stale in (EMBEDDINGS_FILE, EMBEDDING_IDS_FILE):
            (folder / stale).unlink(missing_ok=True)
    _replace(folder / MANIFEST_FILE, json.dumps(index.manifest.to_dict(), indent=2, ensure_ascii=False) + "\n")


def _replace(path: Path, text: str) -> None:
    """Write via a temporary file so an interrupted run never leaves half a file."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def make_record_id(name: str, sha256: str, unit_name: str = "") -> str:
    """A readable, stable id: ``slug-<8 hex>`` (the hex from the file hash and unit name)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "asset"
    digest = hashlib.sha256(f"{sha256}:{unit_name}".encode("utf-8")).hexdigest()[:8]
    return f"{slug}-{digest}"
