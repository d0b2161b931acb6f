"""User asset files into Blender: import, merge, normalise, and the generate-time builder.

A file is imported into a throw-away *scratch scene* (so the user's scene, selection and
view layer are untouched), the unit's meshes are merged into one mesh in world space,
the recorded corrections turn it to origin bottom-centre / front -Y / metres, and
everything the importer created is removed again. The builder scales the merged mesh to
the dimensions the program planned (the asset's own aspect at the planned height), so the
object's bounding box is exactly what the solver placed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Mapping, Sequence

import bpy  # before bmesh: the bmesh module only exists once bpy is loaded
import bmesh  # noqa: I001
import numpy as np
from mathutils import Matrix

from ..core.errors import BadInput
from ..core.model import PlacedObject
from ..core.retrieval.apply import with_user_assets
from ..core.retrieval.index import USER_PREFIX, AssetIndex, AssetRecord
from ..core.retrieval.scan import FORMATS
from ..core.retrieval.select import AssetChoice, Retriever
from ..core.scene_graph import SceneGraph
from ..core.stage_set import StageSet
from .build import AssetBuilder, BuiltAsset
from .render import quiet_blender
from .scene_setup import new_object

log = logging.getLogger(__name__)

GEOMETRY_TYPES = frozenset({"MESH", "CURVE", "SURFACE", "META", "FONT"})
ID_STORES = ("objects", "meshes", "materials", "images", "textures", "node_groups", "collections", "actions",
             "armatures", "cameras", "lights", "curves", "worlds", "libraries", "cache_files", "lattices")
ANISOTROPY_WARN = 0.05  # warn when the planned box stretches the model's proportions by more than 5 %


@dataclass
class Unit:
    """One asset inside an imported file: its geometry objects and the metadata found."""

    kind: str  # "file" | "object" | "collection"
    name: str
    objects: list[bpy.types.Object]
    tags: tuple[str, ...] = ()
    description: str = ""
    license: str = ""
    author: str = ""


@dataclass
class Scratch:
    """A scratch scene with one file imported; ``keep`` lists ids to survive the clean-up."""

    scene: bpy.types.Scene
    units: list[Unit]
    keep: list[bpy.types.ID] = field(default_factory=list)

    def depsgraph(self) -> bpy.types.Depsgraph:
        """The scratch scene's evaluated dependency graph (updated first)."""
        layer = self.scene.view_layers[0]
        layer.update()
        return layer.depsgraph


def _snapshot() -> dict[str, set[int]]:
    return {store: {x.as_pointer() for x in getattr(bpy.data, store)} for store in ID_STORES}


def _created_since(before: Mapping[str, set[int]]) -> list[bpy.types.ID]:
    return [x for store in ID_STORES for x in getattr(bpy.data, store) if x.as_pointer() not in before[store]]


@contextlib.contextmanager
def scratch_import(path: Path, fmt: str) -> Iterator[Scratch]:
    """Import ``path`` into a new scene; on exit remove everything the import created
    (except ``Scratch.keep``). Raises BadInput naming the file when it cannot be read."""
    before = _snapshot()
    before_scenes = {s.as_pointer() for s in bpy.data.scenes}
    scene = bpy.data.scenes.new("setdresser_scratch")
    scratch = Scratch(scene=scene, units=[])
    try:
        scratch.units = _import(path, fmt, scene)
        yield scratch
    finally:
        keep = {k.as_pointer() for k in scratch.keep}
        doomed = [x for x in _created_since(before) if x.as_pointer() not in keep]
        doomed += [s for s in bpy.data.scenes if s.as_pointer() not in before_scenes]
        bpy.data.batch_remove(doomed)


def _import(path: Path, fmt: str, scene: bpy.types.Scene) -> list[Unit]:
    if fmt == "blend":
        return _blend_units(path, scene)
    before = {o.as_pointer() for o in bpy.data.objects}
    operators: dict[str, Callable[..., set[str]]] = {
        "gltf": lambda: bpy.ops.import_scene.gltf(filepath=str(path), loglevel=50),
        "obj": lambda: bpy.ops.wm.obj_import(filepath=str(path)),
        "fbx": lambda: bpy.ops.import_scene.fbx(filepath=str(path)),
        "usd": lambda: bpy.ops.wm.usd_import(filepath=str(path)),
    }
    if fmt not in operators:
        raise BadInput(f"unsupported format {fmt!r} (known: {', '.join(sorted(set(FORMATS.values())))})", str(path))
    try:
        with quiet_blender(), bpy.context.temp_override(scene=scene, view_layer=scene.view_layers[0]):
            status = operators[fmt]()
    except Exception as exc:  # importers raise RuntimeError (and worse) on broken files
        raise BadInput(f"the {fmt} importer failed: {_first_line(exc)}", str(path)) from exc
    if "FINISHED" not in status:
        raise BadInput(f"the {fmt} importer gave up ({', '.join(sorted(status))})", str(path))
    objects = [o for o in bpy.data.objects if o.as_pointer() not in before]
    return [Unit(kind="file", name=path.stem, objects=objects)]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[-1] if text else type(exc).__name__)[:200]


def _blend_units(path: Path, scene: bpy.types.Scene) -> list[Unit]:
    """Assets of a .blend: collections/objects marked as assets, else each top-level object.
    Units carry the names *in the file* (Blender renames an appended "Chair" to "Chair.001"
    when the session already has one)."""
    try:
        with bpy.data.libraries.load(str(path), link=False) as (source, target):
            object_names, collection_names = list(source.objects), list(source.collections)
            target.objects, target.collections = list(object_names), list(collection_names)
    except Exception as exc:  # corrupt or not a .blend
        raise BadInput(f"cannot read the .blend: {_first_line(exc)}", str(path)) from exc
    objects = [(n, o) for n, o in zip(object_names, target.objects) if o is not None]
    for _, obj in objects:
        scene.collection.objects.link(obj)
    units = [_marked(c, name, "collection", list(c.all_objects))
             for name, c in zip(collection_names, target.collections) if c is not None and c.asset_data is not None]
    units += [_marked(o, name, "object", [o, *o.children_recursive]) for name, o in objects if o.asset_data is not None]
    if not units:
        units = [Unit(kind="object", name=name, objects=[o, *o.children_recursive])
                 for name, o in objects if o.parent is None]
    return [u for u in units if any(o.type in GEOMETRY_TYPES for o in u.objects)]


def _marked(item: bpy.types.ID, name: str, kind: str, objects: list[bpy.types.Object]) -> Unit:
    meta = item.asset_data
    return Unit(kind=kind, name=name, objects=objects, tags=tuple(t.name for t in meta.tags),
                description=meta.description, license=meta.license, author=meta.author)


def find_unit(scratch: Scratch, record: AssetRecord) -> Unit:
    """The unit of ``scratch`` that ``record`` names (BadInput when the file changed)."""
    for unit in scratch.units:
        if unit.kind == record.unit_kind and (record.unit_kind == "file" or unit.name == record.unit_name):
            return unit
    raise BadInput(f"no {record.unit_kind} '{record.unit_name}' in the file any more; re-run index-assets",
                   record.file)


def merged_mesh(objects: Sequence[bpy.types.Object], depsgraph: bpy.types.Depsgraph, name: str) -> bpy.types.Mesh:
    """One mesh in world space from every geometry object (modifiers applied, materials kept)."""
    bm = bmesh.new()
    materials: list[bpy.types.Material | None] = []
    try:
        for obj in sorted((o for o in objects if o.type in GEOMETRY_TYPES), key=lambda o: o.name):
            evaluated = obj.evaluated_get(depsgraph)
            mesh = evaluated.to_mesh()
            try:
                first_vert, first_face = len(bm.verts), len(bm.faces)
                bm.from_mesh(mesh)
                bm.verts.ensure_lookup_table()
                bm.faces.ensure_lookup_table()
                bmesh.ops.transform(bm, matrix=evaluated.matrix_world, verts=bm.verts[first_vert:])
                for face in bm.faces[first_face:]:
                    face.material_index += len(materials)
                # the evaluated mesh lists evaluated copies; keeping one would dangle once the depsgraph frees it
                materials.extend(m.original if m is not None else None for m in mesh.materials)
            finally:
                evaluated.to_mesh_clear()
        merged = bpy.data.meshes.new(name)
        bm.to_mesh(merged)
    finally:
        bm.free()
    for material in materials:
        merged.materials.append(material)
    return merged


def mesh_points(mesh: bpy.types.Mesh) -> np.ndarray:
    """The mesh's vertex coordinates as a float64 [N, 3] array."""
    flat = np.empty(len(mesh.vertices) * 3, dtype=np.float64)
    mesh.vertices.foreach_get("co", flat)
    return flat.reshape(-1, 3)


def correction_matrix(rotation: np.ndarray, scale: float, offset: Sequence[float]) -> Matrix:
    """``p -> scale·R·p + offset`` as a 4x4 matrix."""
    m = Matrix.Identity(4)
    for i in range(3):
        for j in range(3):
            m[i][j] = float(rotation[i][j]) * scale
        m[i][3] = float(offset[i])
    return m


def normalised_asset_mesh(record: AssetRecord) -> bpy.types.Mesh:
    """The record's geometry as one mesh: origin bottom-centre, front -Y, metres (the
    recorded rotation and scale; the offset re-measured, so a re-saved file still sits right)."""
    from ..core.retrieval.axes import normalise_points

    path = Path(record.file)
    if not path.is_file():
        raise BadInput("the asset file is gone; re-run index-assets", record.file)
    with scratch_import(path, FORMATS.get(path.suffix.lower(), "")) as scratch:
        unit = find_unit(scratch, record)
        mesh = merged_mesh(unit.objects, scratch.depsgraph(), f"user_{record.id}")
        scratch.keep.append(mesh)
        scratch.keep.extend(m for m in mesh.materials if m is not None)
        keep_images(scratch)
    points = mesh_points(mesh)
    if len(points) == 0:
        raise BadInput("the asset has no vertices", record.file)
    rotation = np.array(record.corrections.rotation)
    _, offset = normalise_points(points, rotation, record.corrections.scale)
    mesh.transform(correction_matrix(rotation, record.corrections.scale, offset))
    return mesh


def keep_images(scratch: Scratch) -> None:
    """Keep the images and node groups the kept materials use (textures show in renders)."""
    for material in [k for k in scratch.keep if isinstance(k, bpy.types.Material)]:
        if material.node_tree is None:
            continue
        for node in material.node_tree.nodes:
            image = getattr(node, "image", None)
            tree = getattr(node, "node_tree", None)
            scratch.keep.extend(x for x in (image, tree) if x is not None)


def fit_mesh(master: bpy.types.Mesh, dimensions: Sequence[float], name: str) -> tuple[bpy.types.Mesh, list[str]]:
    """A copy of a normalised mesh scaled per axis to ``dimensions``; a warning when that
    stretches the model's proportions by more than :data:`ANISOTROPY_WARN`."""
    points = mesh_points(master)
    size = points.max(axis=0) - points.min(axis=0)
    factors = [float(d) / s if s > 1e-9 else 1.0 for d, s in zip(dimensions, size)]
    mesh = master.copy()
    mesh.name = name
    mesh.transform(Matrix.Diagonal((*factors, 1.0)))
    warnings = []
    if max(factors) / min(factors) > 1.0 + ANISOTROPY_WARN:
        warnings.append(f"'{name}' is stretched {max(factors) / min(factors):.2f}x to fit its planned box")
    return mesh, warnings


def user_asset_builder(records: Mapping[str, AssetRecord], fallback: Callable[[], AssetBuilder]) -> AssetBuilder:
    """An asset builder for ``user:<id>`` assets; anything else goes to ``fallback()`` (the
    procedural library, created on first need). Each asset file is imported once per run."""
    masters: dict[str, bpy.types.Mesh | BadInput] = {}
    other: list[AssetBuilder] = []

    def procedural(placed: PlacedObject, collection: bpy.types.Collection) -> BuiltAsset:
        if not other:
            other.append(fallback())
        return other[0](placed, collection)

    def build(placed: PlacedObject, collection: bpy.types.Collection) -> BuiltAsset:
        asset = placed.asset or ""
        record = records.get(asset[len(USER_PREFIX):]) if asset.startswith(USER_PREFIX) else None
        if record is None:
            return procedural(placed, collection)
        if record.id not in masters:
            try:
                masters[record.id] = normalised_asset_mesh(record)
            except BadInput as exc:  # the file moved or broke since indexing: the scene still gets built
                masters[record.id] = exc
        master = masters[record.id]
        if isinstance(master, BadInput):
            built = procedural(dataclasses.replace(placed, asset=None), collection)
            note = f"'{placed.id}': user asset {record.name} not loaded ({master}); built from the procedural library"
            return BuiltAsset(obj=built.obj, warnings=[note, *built.warnings])
        mesh, warnings = fit_mesh(master, placed.dimensions, placed.id)
        obj = new_object(placed.id, mesh, "object", collection)
        obj["setdresser_user_asset"] = record.file + (f" [{record.unit_name}]" if record.unit_name else "")
        return BuiltAsset(obj=obj, warnings=warnings)

    return build


@dataclass
class UserAssets:
    """The user's asset indexes wired into one generate run: the coder step picks assets
    (:meth:`stages`), the builder imports them (:meth:`builder`), :meth:`report` says what
    each object got, for report.json."""

    retrievers: list[Retriever]
    records: dict[str, AssetRecord]
    notes: list[str] = field(default_factory=list)  # why CLIP is not used, per index
    choices: list[AssetChoice] = field(default_factory=list)
    graphs: list[SceneGraph] = field(default_factory=list)

    @classmethod
    def from_indexes(cls, indexes: Sequence[AssetIndex], *, allow_download: bool = False) -> "UserAssets":
        """Retrievers over ``indexes``, each with CLIP when its embeddings' model can be loaded."""
        from ..services.clip_encoder import text_encoder_for

        retrievers, notes = [], []
        for index in indexes:
            encoder, why_not = text_encoder_for(index.manifest.model, allow_download=allow_download)
            if encoder is None and index.records:
                notes.append(f"{index.folder}: text retrieval only ({why_not})")
            retrievers.append(Retriever(index, encoder))
        records = {r.id: r for index in indexes for r in index.records}
        return cls(retrievers=retrievers, records=records, notes=notes)

    def stages(self, base: StageSet) -> StageSet:
        """``base`` whose coder step also chooses user assets."""
        return with_user_assets(base, self.retrievers, self.choices, self.graphs)

    def builder(self, seed: int) -> AssetBuilder:
        """User assets where chosen, the procedural library (with the planner's hints) otherwise."""

        def procedural() -> AssetBuilder:
            from .asset_bridge import catalog_builder

            hints = {a.id: a.hints for a in self.graphs[0].assets} if self.graphs else {}
            return catalog_builder(hints, seed=seed)

        return user_asset_builder(self.records, procedural)

    def report(self) -> list[dict]:
        """One entry per planned object: method (clip+text | text | procedural), asset, file, scores."""
        return [c.to_dict() for c in self.choices]
