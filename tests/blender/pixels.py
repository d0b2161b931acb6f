"""Reading a PNG's pixels in the Blender tests (with Blender's own image loader)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def load_pixels(path: Path) -> np.ndarray:
    """RGB float pixels [H, W, 3] of a PNG."""
    import bpy

    image = bpy.data.images.load(str(path), check_existing=False)
    try:
        width, height = image.size
        return np.array(image.pixels[:], dtype=np.float32).reshape(height, width, 4)[..., :3]
    finally:
        bpy.data.images.remove(image)
