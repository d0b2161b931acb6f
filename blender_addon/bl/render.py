"""Render settings, rendering views to PNG, and saving the .blend.

Workbench is the default (fast, no GPU needed headless): material colours, studio light,
shadows and cavity. Cycles renders on the CPU with 16 samples (denoised when this build has
OpenImageDenoise); EEVEE is only used on request (it needs a GPU context).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from pathlib import Path
from typing import Iterator

import bpy

from .architecture import walls_cut_for
from .ceiling import ceilings_hidden_from

from ..core.errors import BadInput, SetDresserError
from .camera import show_labels
from .top_view import TOP_PX_PROP

log = logging.getLogger(__name__)

ENGINES = ("none", "workbench", "eevee", "cycles")
CYCLES_SAMPLES = 16
TOP_VIEW_AA = "5"  # Workbench samples of the flat top view (the pictures use 8)


def eevee_engine_id() -> str:
    """'BLENDER_EEVEE_NEXT' on Blender 4.2-4.4, 'BLENDER_EEVEE' before and since 5.0."""
    items = {item.identifier for item in bpy.types.RenderSettings.bl_rna.properties["engine"].enum_items}
    return "BLENDER_EEVEE_NEXT" if "BLENDER_EEVEE_NEXT" in items else "BLENDER_EEVEE"


def image_size(resolution: int) -> tuple[int, int]:
    """``resolution`` is the image width; the height gives a 4:3 landscape frame."""
    if resolution < 16 or resolution > 8192:
        raise BadInput(f"must be between 16 and 8192 pixels, got {resolution}", "--resolution")
    return resolution, max(12, round(resolution * 3 / 4))


def configure(scene: bpy.types.Scene, engine: str, resolution: int) -> None:
    """Set the render engine and output format (PNG, RGB, 100 %)."""
    if engine not in ENGINES:
        raise BadInput(f"unknown render engine {engine!r} (choose from {', '.join(ENGINES)})", "--render")
    scene.render.resolution_x, scene.render.resolution_y = image_size(resolution)
    scene.render.resolution_percentage = 100
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 90
    scene.render.film_transparent = False
    no_metadata(scene)
    if engine in ("workbench", "none"):
        _workbench(scene)
    elif engine == "cycles":
        _cycles(scene)
    else:
        scene.render.engine = eevee_engine_id()
        _lit_colour_management(scene)


def no_metadata(scene: bpy.types.Scene) -> None:
    """Write no stamp metadata into the images: Blender's defaults put the date and the render
    time (and optionally the host, the memory use, the .blend's path) into PNG text chunks, so
    the same scene rendered twice gave different bytes. Same prompt, seed and replies must give
    the same render.png, byte for byte (README; tests/blender/test_render_bytes.py)."""
    render = scene.render
    for prop in render.bl_rna.properties:
        if prop.identifier.startswith("use_stamp") and not prop.is_readonly:
            setattr(render, prop.identifier, False)  # use_stamp itself: nothing burnt into the pixels


def _workbench(scene: bpy.types.Scene) -> None:
    scene.render.engine = "BLENDER_WORKBENCH"
    shading = scene.display.shading
    shading.light = "STUDIO"
    # the warm, soft studio light of Blender's set: walls and floor read light, not murky grey
    try:
        shading.studio_light = "paint.sl"
    except TypeError:  # a build without it keeps its default studio light
        log.info("studio light 'paint.sl' not available; using the default")
    shading.color_type = "MATERIAL"
    shading.show_shadows = True
    shading.shadow_intensity = 0.45
    shading.show_cavity = True
    shading.cavity_type = "BOTH"
    shading.show_specular_highlight = True
    # Workbench reads this in view space (y = screen up, z = toward the viewer): light from
    # above and a little behind the camera casts short shadows on the floor, not streaks up walls
    scene.display.light_direction = (0.3, 0.8, 0.5)
    scene.display.shadow_shift = 0.1
    scene.display.render_aa = "8"
    # Standard keeps Workbench's flat material colours as authored (AgX greys them out)
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.look = "None"
    scene.view_settings.exposure = 0.2  # paint.sl renders mid-grey materials ~15 % too dark


def _cycles(scene: bpy.types.Scene) -> None:
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = CYCLES_SAMPLES
    scene.cycles.use_denoising = _has_oidn()
    if scene.cycles.use_denoising:
        scene.cycles.denoiser = "OPENIMAGEDENOISE"
    scene.cycles.max_bounces = 4
    _lit_colour_management(scene)


# AgX keeps the sun-lit highlights from clipping; its base look is soft (the bedroom at 384 px
# spanned luminance 0.49-0.74 from p5 to p95), the medium-high-contrast look restores the
# shadows' weight without crushing them (0.33-0.79, like Workbench's 0.42-0.90).
LIT_LOOK = "AgX - Medium High Contrast"


def _lit_colour_management(scene: bpy.types.Scene) -> None:
    """Colour management for the engines that use our lights (Cycles, EEVEE)."""
    view = scene.view_settings
    view.view_transform = "AgX"
    view.exposure = 0.0
    view.gamma = 1.0
    try:
        view.look = LIT_LOOK
    except TypeError:  # an OCIO config without the look (a custom one): AgX's base look
        log.info("colour look %r not available; using AgX's base look", LIT_LOOK)
        view.look = "None"


def _has_oidn() -> bool:
    try:
        import _cycles  # Blender's compiled Cycles module

        return bool(getattr(_cycles, "with_openimagedenoise", False))
    except ImportError:
        return False


def render_view(scene: bpy.types.Scene, camera: bpy.types.Object, path: Path) -> Path:
    """Render through ``camera`` into ``path`` (PNG)."""
    previous = scene.camera
    scene.camera = camera
    scene.render.filepath = str(path)
    try:
        # a view from above sees in; a view from another side cuts the walls on its own side
        with quiet_blender(), ceilings_hidden_from(scene, camera), walls_cut_for(camera):
            bpy.ops.render.render(write_still=True)
    finally:
        scene.camera = previous
    if not path.is_file():
        raise RuntimeError(f"the renderer wrote no image at {path}")
    return path


def render_top_view(scene: bpy.types.Scene, camera: bpy.types.Object, collection: bpy.types.Collection,
                    path: Path, *, own_size: bool = True) -> Path:
    """The labelled top-down review view, always with Workbench (a fast, flat diagram: the
    reviewer needs ids and footprints, not light)."""
    view = scene.view_settings
    engine, transform, look, exposure = scene.render.engine, view.view_transform, view.look, view.exposure
    _workbench(scene)
    shading = scene.display.shading
    light, shadows, cavity, aa = shading.light, shading.show_shadows, shading.show_cavity, scene.display.render_aa
    # flat colours, no shadows or cavity: black ids stay black and footprints read exactly; a flat
    # diagram needs fewer anti-aliasing samples than a shaded picture
    shading.light, shading.show_shadows, shading.show_cavity = "FLAT", False, False
    scene.display.render_aa = TOP_VIEW_AA
    scene.view_settings.exposure = 0.0
    size = scene.render.resolution_x, scene.render.resolution_y
    width = int(camera.get(TOP_PX_PROP, 0)) if own_size else 0  # the size its labels were made for
    if width:
        scene.render.resolution_x, scene.render.resolution_y = width, round(width * 3 / 4)
    show_labels(collection, True)
    try:
        return render_view(scene, camera, path)
    finally:
        show_labels(collection, False)
        scene.render.resolution_x, scene.render.resolution_y = size
        shading.light, shading.show_shadows, shading.show_cavity = light, shadows, cavity
        scene.display.render_aa = aa
        scene.render.engine = engine
        view.view_transform, view.look, view.exposure = transform, look, exposure


def save_blend(path: Path) -> Path:
    """Save the session as ``path`` (our output dir; never a user's file): a copy is saved under a
    temporary name, checked, and renamed over ``path``, so a full disk or a kill leaves the previous
    scene.blend whole (issue 12); a failed save raises :class:`SetDresserError` naming the file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.tmp.blend")
    try:
        with quiet_blender():
            result = bpy.ops.wm.save_as_mainfile(filepath=str(tmp), copy=True, compress=True)
        if "FINISHED" not in result or not _looks_like_blend(tmp):
            raise SetDresserError(f"{path}: Blender could not save the scene (is the disk full?)")
        os.replace(tmp, path)
    except (RuntimeError, OSError) as exc:
        raise SetDresserError(f"{path}: cannot save the scene: {exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
    log.info("saved %s", path)
    return path


def _looks_like_blend(path: Path) -> bool:
    """A complete-looking .blend: Blender's header, or the zstd frame of a compressed one."""
    try:
        with path.open("rb") as handle:
            head = handle.read(7)
    except OSError:
        return False
    return head == b"BLENDER" or head[:4] == b"\x28\xb5\x2f\xfd"



@contextlib.contextmanager
def quiet_blender() -> Iterator[None]:
    """Silence Blender's C-level chatter ("Saved: ...", EGL probing errors) on fds 1 and 2 so
    the terminal shows our progress lines; kept when debug logging is on (``--verbose``)."""
    if log.isEnabledFor(logging.DEBUG):
        yield
        return
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, devnull):
            os.close(fd)
