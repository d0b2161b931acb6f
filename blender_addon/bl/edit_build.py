"""Build, render and save an edited scene (the Blender shell of ``setdresser edit``)."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from ..core.model import Layout
from .asset_bridge import catalog_builder, is_outdoor
from .compose import build_scene
from .render import configure, render_view, save_blend
from .scene_setup import empty_scene, our_collection


def build_edited(layout: Layout, hints: Mapping[str, Sequence[str]], out: Path, *, seed: int, prompt: str,
                 render: str, resolution: int) -> dict[str, str]:
    """Build ``layout`` in a fresh scene, save ``out/scene.blend`` and render ``out/render.png``
    (unless ``render`` is "none"); returns the written paths."""
    scene = empty_scene()
    configure(scene, "workbench" if render == "none" else render, resolution)
    collection = our_collection(scene, prompt)
    built = build_scene(scene, collection, layout, catalog_builder(hints, seed=seed),
                        outdoor=is_outdoor(layout.objects))
    paths = {"blend": str(save_blend(out / "scene.blend"))}
    if render != "none":
        paths["render"] = str(render_view(scene, built.camera, out / "render.png"))
    return paths
