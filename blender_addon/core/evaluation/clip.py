"""Whether a CLIP text-image similarity can be computed here, decided without importing
anything heavy: open_clip must be importable AND the weights must already be on disk.
The evaluator never downloads weights; otherwise the score is reported as unavailable."""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np

WEIGHTS_ENV = "SETDRESSER_CLIP_WEIGHTS"
DEFAULT_MODEL = "ViT-B-32"


@dataclass(frozen=True)
class ClipResult:
    """The CLIP similarity (100 × cosine of text and image embeddings) or why there is none."""

    available: bool
    score: float | None = None
    reason: str = ""
    model: str = ""

    def to_dict(self) -> dict[str, Any]:
        if not self.available:
            return {"available": False, "reason": self.reason}
        return {"available": True, "score": None if self.score is None else round(self.score, 2), "model": self.model}


@dataclass(frozen=True)
class ClipSetup:
    """A usable local CLIP: the open_clip model name and the weights file."""

    model: str
    weights: Path


def find_clip(weights: str | None, model: str = DEFAULT_MODEL,
              environ: Mapping[str, str] | None = None) -> ClipSetup | ClipResult:
    """A :class:`ClipSetup` when open_clip is importable and the weights file exists, else an
    unavailable :class:`ClipResult` saying which of the two is missing."""
    env = os.environ if environ is None else environ
    if importlib.util.find_spec("open_clip") is None:
        return ClipResult(False, reason="open_clip is not installed (pip install 'setdresser[clip]')")
    path_text = weights or env.get(WEIGHTS_ENV, "")
    if not path_text:
        return ClipResult(False, reason=f"no local CLIP weights (pass --clip-weights or set {WEIGHTS_ENV})")
    path = Path(path_text).expanduser()
    if not path.is_file():
        return ClipResult(False, reason=f"CLIP weights file not found: {path}")
    return ClipSetup(model=model, weights=path)


def similarity_from_embeddings(text: Any, image: Any) -> float:
    """100 × cosine similarity of two embedding vectors (any sequence of floats)."""
    t, i = np.asarray(text, dtype=float).ravel(), np.asarray(image, dtype=float).ravel()
    denom = float(np.linalg.norm(t) * np.linalg.norm(i))
    return 0.0 if denom == 0 else 100.0 * float(t @ i) / denom
