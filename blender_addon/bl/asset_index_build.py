"""``index-assets`` in Blender: scan folders, import each model in a scratch scene, measure
and normalise it, render a 128 px Workbench thumbnail, and write the index.

A broken, unsupported or too large file is skipped and listed in ``index.json`` with the
reason; indexing goes on. With ``resume``, files whose SHA-256 is already indexed are not
imported again (their records, thumbnails and embeddings are kept).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

import bpy
import numpy as np
from mathutils import Vector

from ..core.errors import BadInput
from ..core.retrieval.axes import axis_rotation, normalise_points
from ..core.retrieval.index import (THUMBNAIL_DIR, AssetIndex, AssetRecord, Corrections, Manifest, SkippedFile,
                                    default_index_dir, is_index_folder, load_index, make_record_id, write_index)
from ..core.retrieval.overrides import Override, override_for
from ..core.retrieval.scan import DEFAULT_MAX_MB, ModelFile, scan
from .asset_import import Unit, correction_matrix, merged_mesh, mesh_points, scratch_import
from .render import quiet_blender

log = logging.getLogger(__name__)

THUMBNAIL_PX = 128
MIN_SIZE = 1e-3  # m: a flat model (a rug, a poster) still gets a positive thickness
VIEW_DIRECTION = (0.55, -1.0, 0.6)  # thumbnail camera: front-right, above (front = -Y)
FRAME_MARGIN = 1.15
CHECKPOINT_FILES = 10  # write the index every 10 new files, so --resume after a crash loses little


class ImageEncoder(Protocol):
    """What indexing needs from CLIP (services.clip_encoder.ClipEncoder fits)."""

    def encode_images(self, paths: Sequence[Path]) -> np.ndarray: ...

    def describe(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class IndexSettings:
    """What to index, where to, and how."""

    roots: tuple[Path, ...]
    out: Path
    max_mb: float = DEFAULT_MAX_MB
    resume: bool = False
    thumbnail_px: int = THUMBNAIL_PX


Progress = Callable[[int, int, str], None]  # (files done, files to do, current file)


def build_index(settings: IndexSettings, encoder: ImageEncoder | None = None,
                progress: Progress | None = None) -> AssetIndex:
    """Index ``settings.roots`` into ``settings.out`` and return the written index."""
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    previous = load_index(settings.out) if settings.resume and is_index_folder(settings.out) else None
    records = list(previous.records) if previous else []
    found = scan(settings.roots, known_hashes={r.sha256 for r in records}, max_mb=settings.max_mb,
                 exclude=[settings.out])
    skipped = list(found.skipped)

    def checkpoint() -> None:
        write_index(AssetIndex(settings.out, _manifest(settings, previous, now, skipped), records), checkpoint=True)

    indexed = _index_files(found.todo, settings, records, skipped, checkpoint, progress)
    manifest = _manifest(settings, previous, now, skipped)
    index = AssetIndex(folder=settings.out, manifest=manifest, records=records)
    if encoder is not None:
        index.embeddings, manifest.model = embed(index, encoder, previous)
    elif previous is not None and previous.embeddings is not None and len(records) == len(previous.records):
        index.embeddings, manifest.model = previous.embeddings, previous.manifest.model  # nothing new to embed
    else:
        manifest.model = None
    manifest.counts = {"assets": len(records), "files_indexed": indexed,
                       "files_already_indexed": len(found.already), "files_skipped": len(skipped),
                       "companion_files": found.companions}
    write_index(index)
    return index


def _index_files(todo: Sequence[ModelFile], settings: IndexSettings, records: list[AssetRecord],
                 skipped: list[SkippedFile], checkpoint: Callable[[], None], progress: Progress | None) -> int:
    """Index each file into ``records`` (or ``skipped`` with the reason); returns how many worked."""
    (settings.out / THUMBNAIL_DIR).mkdir(parents=True, exist_ok=True)
    thumbs = ThumbnailStage(settings.thumbnail_px)
    indexed = 0
    try:
        for done, item in enumerate(todo):
            if progress:
                progress(done, len(todo), str(item.path))
            try:
                records += index_file(item, settings.out, thumbs)
                indexed += 1
                if indexed % CHECKPOINT_FILES == 0:  # a crash in an importer keeps what was done
                    checkpoint()
            except BadInput as exc:
                skipped.append(SkippedFile(str(item.path), str(exc).removeprefix(f"{item.path}: ")))
            except Exception as exc:  # noqa: BLE001 - one bad file must never end indexing
                log.debug("indexing %s failed", item.path, exc_info=True)
                skipped.append(SkippedFile(str(item.path), f"{type(exc).__name__}: {exc}"))
        if progress:
            progress(len(todo), len(todo), "")
    finally:
        thumbs.close()
    return indexed


def _manifest(settings: IndexSettings, previous: AssetIndex | None, now: str,
              skipped: list[SkippedFile]) -> Manifest:
    return Manifest(created=previous.manifest.created if previous else now, updated=now,
                    model=previous.manifest.model if previous else None,
                    roots=sorted({str(r.resolve()) for r in settings.roots}
                                 | set(previous.manifest.roots if previous else ())),
                    skipped=list(skipped), settings={"max_mb": settings.max_mb, "thumbnail_px": settings.thumbnail_px})


def embed(index: AssetIndex, encoder: ImageEncoder,
          previous: AssetIndex | None) -> tuple[np.ndarray, dict[str, Any]]:
    """CLIP image embeddings of every thumbnail, reusing rows of an earlier run of the same
    model (a record without a thumbnail gets a zero row: it never wins on CLIP)."""
    model = encoder.describe()
    reuse: dict[str, np.ndarray] = {}
    if previous is not None and previous.embeddings is not None and previous.manifest.model == model:
        reuse = {r.id: row for r, row in zip(previous.records, previous.embeddings)}
    todo = [r for r in index.records if r.id not in reuse and r.thumbnail]
    fresh = encoder.encode_images([index.folder / r.thumbnail for r in todo]) if todo else None
    rows = {r.id: fresh[i] for i, r in enumerate(todo)} if fresh is not None else {}
    dim = int(model["dim"])
    matrix = np.stack([reuse.get(r.id, rows.get(r.id, np.zeros(dim, np.float32))) for r in index.records]) \
        if index.records else np.zeros((0, dim), np.float32)
    return matrix.astype(np.float32), model


def index_file(item: ModelFile, out: Path, thumbs: "ThumbnailStage") -> list[AssetRecord]:
    """Records for every asset in one file (BadInput when the file or its override is bad)."""
    override = override_for(item.path)
    rotation = axis_rotation(override.front, override.up)
    records = []
    with scratch_import(item.path, item.format) as scratch:
        if not scratch.units:
            raise BadInput("no mesh geometry found", str(item.path))
        for unit in scratch.units:
            mesh = merged_mesh(unit.objects, scratch.depsgraph(), f"index_{unit.name}")
            points = mesh_points(mesh)
            if len(points) == 0:
                continue
            normalised, offset = normalise_points(points, rotation, override.scale)
            mesh.transform(correction_matrix(rotation, override.scale, offset))
            dims = tuple(max(MIN_SIZE, float(v)) for v in np.ptp(normalised, axis=0))
            corrections = Corrections(scale=override.scale, front=override.front, up=override.up,
                                      rotation=tuple(tuple(float(v) for v in row) for row in rotation),  # type: ignore[arg-type]
                                      offset=tuple(float(v) for v in offset))  # type: ignore[arg-type]
            record = _record(item, unit, override, dims, corrections)  # type: ignore[arg-type]
            thumbnail = f"{THUMBNAIL_DIR}/{record.id}.png"
            if thumbs.render(mesh, dims, out / thumbnail):  # type: ignore[arg-type]
                record = dataclasses.replace(record, thumbnail=thumbnail)
            records.append(record)
    if not records:
        raise BadInput("no mesh geometry found", str(item.path))
    return records


def _record(item: ModelFile, unit: Unit, override: Override, dims: tuple[float, float, float],
            corrections: Corrections) -> AssetRecord:
    whole = unit.kind == "file"
    name = override.name if (override.name and whole) else unit.name
    return AssetRecord(
        id=make_record_id(name, item.sha256, "" if whole else f"{unit.kind}:{unit.name}"), file=str(item.path),
        unit_kind=unit.kind, unit_name="" if whole else unit.name, name=name,
        tags=tuple(dict.fromkeys((*unit.tags, *override.tags))), description=override.description or unit.description,
        dimensions=dims, corrections=corrections, thumbnail="", license=override.license or unit.license,
        author=override.author or unit.author, sha256=item.sha256, format=item.format)


class ThumbnailStage:
    """A private scene with an orthographic camera for 128 px Workbench thumbnails."""

    def __init__(self, px: int) -> None:
        self.scene = bpy.data.scenes.new("setdresser_thumbnails")
        render = self.scene.render
        render.engine = "BLENDER_WORKBENCH"
        render.resolution_x = render.resolution_y = px
        render.resolution_percentage = 100
        render.image_settings.file_format = "PNG"
        render.image_settings.color_mode = "RGB"
        shading = self.scene.display.shading
        shading.light, shading.color_type, shading.show_cavity = "STUDIO", "TEXTURE", True
        self.scene.view_settings.view_transform = "Standard"
        self.world = bpy.data.worlds.new("setdresser_thumbnails")
        self.world.color = (0.85, 0.85, 0.85)
        self.scene.world = self.world
        self.camera = bpy.data.objects.new("thumbnail_camera", bpy.data.cameras.new("thumbnail_camera"))
        self.camera.data.type = "ORTHO"
        self.scene.collection.objects.link(self.camera)
        self.scene.camera = self.camera

    def render(self, mesh: bpy.types.Mesh, dims: tuple[float, float, float], path: Path) -> bool:
        """Render ``mesh`` (normalised) to ``path``; False (logged) when the renderer fails."""
        obj = bpy.data.objects.new("thumbnail_subject", mesh)
        self.scene.collection.objects.link(obj)
        try:
            self._frame(dims)
            self.scene.render.filepath = str(path)
            with quiet_blender():
                bpy.ops.render.render(write_still=True, scene=self.scene.name)
            return path.is_file()
        except RuntimeError as exc:
            log.warning("no thumbnail for %s: %s", path.name, exc)
            return False
        finally:
            bpy.data.objects.remove(obj)

    def _frame(self, dims: tuple[float, float, float]) -> None:
        w, d, h = dims
        centre = Vector((0.0, 0.0, h / 2))
        direction = Vector(VIEW_DIRECTION).normalized()
        rotation = (-direction).to_track_quat("-Z", "Y")
        distance = 2.0 * math.sqrt(w * w + d * d + h * h) + 1.0
        self.camera.location = centre + direction * distance
        self.camera.rotation_mode = "QUATERNION"
        self.camera.rotation_quaternion = rotation
        inverse = rotation.inverted()
        corners = [inverse @ (Vector((x, y, z)) - self.camera.location)
                   for x in (-w / 2, w / 2) for y in (-d / 2, d / 2) for z in (0.0, h)]
        xs, ys = [c.x for c in corners], [c.y for c in corners]
        scale = FRAME_MARGIN * max(max(xs) - min(xs), max(ys) - min(ys))
        camera = self.camera.data
        camera.ortho_scale = scale
        camera.shift_x = (max(xs) + min(xs)) / 2 / scale
        camera.shift_y = (max(ys) + min(ys)) / 2 / scale
        camera.clip_end = distance * 3

    def close(self) -> None:
        """Remove the stage's scene, camera and world."""
        data = self.camera.data
        bpy.data.objects.remove(self.camera)
        bpy.data.cameras.remove(data)
        bpy.data.scenes.remove(self.scene)
        bpy.data.worlds.remove(self.world)


def open_asset_indexes(paths: Sequence[Path], progress: Progress | None = None) -> list[AssetIndex]:
    """An index per ``--assets`` path: an index folder is loaded as it is; a folder of models
    is indexed (resuming) into ``PATH/.setdresser_index`` first. BadInput names a bad path."""
    indexes = []
    for path in paths:
        if is_index_folder(path):
            indexes.append(load_index(path))
        elif path.is_dir():
            out = default_index_dir([path])
            try:
                indexes.append(build_index(IndexSettings(roots=(path,), out=out, resume=True), progress=progress))
            except OSError as exc:  # a read-only library: the index must live elsewhere
                raise BadInput(f"cannot write its index ({exc.strerror or exc}); run index-assets {path} --out "
                               "SOMEWHERE and pass that folder instead", f"--assets {path}") from exc
        else:
            raise BadInput("is neither a folder of models nor an asset index (index.json)", f"--assets {path}")
    return indexes
