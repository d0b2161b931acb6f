"""The headless driver: fulfils the pipeline's effects synchronously inside Blender.

Non-Blender effects (plan, code, solve, evaluate, review) go to a
:class:`~..core.stage_set.StageSet`; build, render and save are done here with bpy. Every
effect is timed under its stage name for ``report.json``. Used by ``python -m setdresser
generate`` and ``scripts/generate.py`` (no timers: they never fire in background mode).
"""

from __future__ import annotations

import logging
import shutil
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import bpy

from ..core import pipeline as pl
from ..core.effects import STAGE_EFFECTS, answer_with_stages
from ..core.model import PlacedObject
from ..core.scene_graph import SceneGraph
from ..core.stage_set import StageSet
from .build import AssetBuilder
from .compose import SceneBuild, build_scene
from .render import configure, render_top_view, render_view, save_blend
from .scene_setup import our_collection

log = logging.getLogger(__name__)

RENDER_FILES = {"final": "render.png", "second": "review_view2.png", "top": "review_top.png"}


class BlenderDriver:
    """Fulfils effects for one run; ``timings`` holds seconds per stage."""

    def __init__(self, stages: StageSet, request: pl.GenerateRequest, out_dir: Path,
                 builder: AssetBuilder | None = None, scene: bpy.types.Scene | None = None) -> None:
        self.stages = stages
        self.request = request
        self.out_dir = out_dir
        self.scene = scene or bpy.context.scene
        self.builder = builder
        self.graph: SceneGraph | None = None
        self.current: SceneBuild | None = None
        self.timings: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        configure(self.scene, request.render, request.resolution)
        self.collection = our_collection(self.scene, request.prompt)
        self._builds = 0  # builds so far: a render of the same build is the same picture
        self._rendered: tuple[tuple[Any, ...], dict[str, str]] = ((), {})  # the last render's key and files

    def fulfil(self, effect: pl.Effect) -> Any:
        """Do what ``effect`` asks and return the reply the pipeline expects."""
        start = time.perf_counter()
        try:
            return self._dispatch(effect)
        finally:
            self.timings[effect.stage] += time.perf_counter() - start
            self.calls[effect.stage] += 1

    def _dispatch(self, effect: pl.Effect) -> Any:
        if isinstance(effect, pl.NeedPlan):
            self.graph = answer_with_stages(self.stages, effect)
            return self.graph
        if isinstance(effect, STAGE_EFFECTS):
            return answer_with_stages(self.stages, effect)
        if isinstance(effect, pl.NeedBuild):
            return self._build(effect)
        if isinstance(effect, pl.NeedRender):
            return self._render(effect)
        if isinstance(effect, pl.NeedSave):
            return str(save_blend(self.out_dir / "scene.blend"))
        raise TypeError(f"no handler for effect {type(effect).__name__}")

    def _build(self, effect: pl.NeedBuild) -> pl.BuildOutcome:
        from .asset_bridge import is_outdoor

        builder = self.builder or self._catalog_builder()
        self._builds += 1
        self.current = build_scene(self.scene, self.collection, effect.layout, builder,
                                   outdoor=is_outdoor(effect.layout.objects))
        planned: list[PlacedObject] = list(effect.layout.objects)
        outcome = pl.BuildOutcome(placed=self.current.measure(planned), warnings=list(self.current.warnings),
                                  cameras=self.current.view_cameras(self.scene))
        if self.request.settle:
            outcome.unstable = self._settle(effect.layout.objects)
        return outcome

    def _settle(self, objects: list[PlacedObject]) -> list[str]:
        """The objects that move or topple when the build is settled (timed as its own stage)."""
        from .settle_scene import check_collection

        start = time.perf_counter()
        mounts = {o.id: str(getattr(o, "mount", None) or "floor") for o in objects}
        report, _ = check_collection(self.collection, mounts)
        self.timings["settle"] += time.perf_counter() - start
        if report.unstable:
            log.info("settled: %s", report.summary())
        return report.unstable

    def _catalog_builder(self) -> AssetBuilder:
        from .asset_bridge import catalog_builder  # imports the procedural library on first use

        assets = self.graph.assets if self.graph is not None else []
        self.builder = catalog_builder({a.id: a.hints for a in assets}, seed=self.request.seed,
                                       descriptions={a.id: a.description for a in assets})
        return self.builder

    def _render(self, effect: pl.NeedRender) -> dict[str, str]:
        if self.current is None:
            raise RuntimeError("render requested before anything was built")
        # per-iteration views go to iterations/NN/ (issue 4), next to that round's script and audit
        folder = (self.out_dir if effect.tag == "final"
                  else self.out_dir / "iterations" / effect.tag.removeprefix("iter_"))
        folder.mkdir(parents=True, exist_ok=True)
        paths: dict[str, str] = {}
        # the final views of the round the scene already shows were rendered for its review: copied
        # (same build, engine and size: the panel renders its reviews with another engine than the final)
        key = (self._builds, self.scene.render.engine, self.scene.render.resolution_x, self.scene.render.resolution_y)
        same = self._rendered[1] if self._rendered[0] == key else {}
        for view in effect.views:
            path = folder / RENDER_FILES[view]
            if view in same and Path(same[view]).is_file():
                shutil.copyfile(same[view], path)
            elif view == "top":
                render_top_view(self.scene, self.current.top_camera, self.collection, path)
            elif view == "second" and self.current.second_camera is not None:
                render_view(self.scene, self.current.second_camera, path)
            else:
                render_view(self.scene, self.current.camera, path)
            paths[view] = str(path)
        self._rendered = (key, paths)
        return paths


def asset_fallbacks(collection: bpy.types.Collection) -> dict[str, str]:
    """The built objects drawn by a family shape or as a labelled box: ``{id: "family:<name>" | "box"}``."""
    from .build import ID_PROP, our_objects

    return {str(o[ID_PROP]): str(o["setdresser_fallback"]) for o in our_objects(collection)
            if o.get("setdresser_fallback")}


def versions() -> dict[str, str]:
    """Versions of what produced the scene (for the report)."""
    import numpy

    from ... import __version__

    return {"setdresser": __version__, "blender": bpy.app.version_string, "numpy": numpy.__version__}
