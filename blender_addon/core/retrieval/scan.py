"""Which files of the user's folders get indexed, and which are skipped and why.

Pure Python (file listing and hashing, no bpy). Model files are sorted by path so the
index is the same on every run; texture and sidecar files are counted but not listed as
skipped (an asset pack is full of them).
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Collection, Iterable

from ..errors import BadInput
from .index import SkippedFile
from .overrides import is_override_file

log = logging.getLogger(__name__)

FORMATS = {".blend": "blend", ".glb": "gltf", ".gltf": "gltf", ".obj": "obj", ".fbx": "fbx",
           ".usd": "usd", ".usda": "usd", ".usdc": "usd", ".usdz": "usd"}
# files that travel with models (textures, material libraries, glTF buffers, notes, backups)
COMPANIONS = frozenset({".png", ".jpg", ".jpeg", ".tga", ".tif", ".tiff", ".bmp", ".exr", ".hdr", ".webp",
                        ".ktx2", ".dds", ".mtl", ".bin", ".txt", ".md", ".json", ".blend1", ".blend2", ".pdf",
                        ".license", ".html"})
DEFAULT_MAX_MB = 200.0
_CHUNK = 1 << 20


@dataclass(frozen=True)
class ModelFile:
    """A file to index: path, format and content hash."""

    path: Path
    format: str
    sha256: str
    size: int


@dataclass
class ScanResult:
    """Files to index, files skipped (with reasons), and how many were seen otherwise."""

    todo: list[ModelFile] = field(default_factory=list)
    already: list[ModelFile] = field(default_factory=list)  # same hash already in the index (resume)
    skipped: list[SkippedFile] = field(default_factory=list)
    companions: int = 0


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file's bytes, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _walk(root: Path, exclude: Collection[Path]) -> Iterable[Path]:
    """Every file under ``root`` (or ``root`` itself), sorted, skipping hidden folders and ``exclude``."""
    if root.is_file():
        yield root
        return
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts[:-1]) or any(path.is_relative_to(e) for e in exclude):
            continue
        if path.is_file():
            yield path


def scan(roots: Iterable[Path], *, known_hashes: Collection[str] = (), max_mb: float = DEFAULT_MAX_MB,
         exclude: Collection[Path] = ()) -> ScanResult:
    """Classify every file under ``roots``; BadInput when a root does not exist."""
    result = ScanResult()
    seen: set[Path] = set()
    for root in roots:
        if not root.exists():
            raise BadInput("no such file or folder", str(root))
        for path in _walk(root.resolve(), [e.resolve() for e in exclude]):
            if path in seen or path.name.startswith("."):
                continue
            seen.add(path)
            _classify(path, result, known_hashes, max_mb)
    return result


def _classify(path: Path, result: ScanResult, known_hashes: Collection[str], max_mb: float) -> None:
    suffix = path.suffix.lower()
    if is_override_file(path) or (suffix in COMPANIONS and suffix not in FORMATS):
        result.companions += 1
        return
    if suffix not in FORMATS:
        result.skipped.append(SkippedFile(str(path), f"unsupported file type '{suffix or path.name}'"))
        return
    size = path.stat().st_size
    if size > max_mb * 1024 * 1024:
        result.skipped.append(SkippedFile(str(path), f"too large: {size / 1048576:.1f} MB > limit {max_mb:g} MB"))
        return
    try:
        sha = file_sha256(path)
    except OSError as exc:
        result.skipped.append(SkippedFile(str(path), f"cannot read: {exc.strerror or exc}"))
        return
    item = ModelFile(path=path, format=FORMATS[suffix], sha256=sha, size=size)
    (result.already if sha in known_hashes else result.todo).append(item)
