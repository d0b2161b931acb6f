"""Helpers for the retrieval tests: records made in memory (no Blender)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from setdresser.blender_addon.core.retrieval.index import AssetIndex, AssetRecord, Corrections, Manifest, make_record_id

IDENTITY = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def record(name: str, dims: tuple[float, float, float], tags: tuple[str, ...] = (), description: str = "",
           file: str | None = None) -> AssetRecord:
    """A record of a whole-file asset named ``name``."""
    sha = f"{abs(hash((name, dims))):064x}"[-64:]
    return AssetRecord(id=make_record_id(name, sha), file=file or f"/models/{name}.glb", unit_kind="file",
                       unit_name="", name=name, tags=tags, description=description, dimensions=dims,
                       corrections=Corrections(1.0, "-Y", "+Z", IDENTITY, (0.0, 0.0, 0.0)), thumbnail="",
                       license="CC0", author="", sha256=sha, format="gltf")


def make_index(records: list[AssetRecord], folder: Path = Path("/nowhere"),
               embeddings: np.ndarray | None = None) -> AssetIndex:
    """An in-memory index of ``records``."""
    return AssetIndex(folder=folder, manifest=Manifest(created="t", updated="t", roots=[]), records=records,
                      embeddings=embeddings)
