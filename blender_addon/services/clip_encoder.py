"""CLIP through open-clip-torch: the only module that imports torch/open_clip (lazily).

An optional extra (``pip install 'setdresser[clip]'``, open-clip-torch; torch with its CUDA wheels is ~5 GB
and took 145 s to install from PyPI here). Weights come only from a local file or the
user's existing cache: a pretrained *tag* ("openai", "laion2b_s34b_b79k") is looked up in
the Hugging Face cache with ``local_files_only`` (or the OpenAI URL's file in
``~/.cache/clip``); nothing is downloaded unless ``allow_download=True``.
``pretrained=None`` gives a randomly initialised model (tests only: its scores mean nothing).
"""

from __future__ import annotations

import functools
import importlib.util
import logging
import os
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..core.errors import BadInput

log = logging.getLogger(__name__)

DEFAULT_MODEL = "ViT-B-32"
DEFAULT_PRETRAINED = "laion2b_s34b_b79k"
BATCH = 16  # thumbnails per forward pass: 16 x 3 x 224 x 224 floats stay under 10 MB


def clip_available() -> bool:
    """True when open_clip and torch can be imported (without importing them)."""
    return importlib.util.find_spec("open_clip") is not None and importlib.util.find_spec("torch") is not None


def _require_open_clip() -> Any:
    if not clip_available():
        raise BadInput("CLIP needs the optional extra: pip install 'setdresser[clip]' (open-clip-torch)",
                       "--clip-model")
    import open_clip

    return open_clip


def resolve_weights(model: str, pretrained: str, *, allow_download: bool = False,
                    cache_dir: str | None = None) -> str:
    """A local weights file for ``model``/``pretrained`` (a path, or a tag found in the cache).

    BadInput names the model and says how to get the weights when they are not on disk.
    """
    if Path(pretrained).expanduser().is_file():
        return str(Path(pretrained).expanduser())
    open_clip = _require_open_clip()
    cfg = open_clip.get_pretrained_cfg(model, pretrained)
    if not cfg:
        tags = ", ".join(open_clip.list_pretrained_tags_by_model(model)) or "none"
        raise BadInput(f"no weights file and no pretrained tag {pretrained!r} for {model} (tags: {tags})",
                       "--clip-pretrained")
    found = _from_hf_cache(cfg.get("hf_hub", ""), allow_download, cache_dir) or \
        _from_url_cache(cfg.get("url", ""), allow_download, cache_dir)
    if not found:
        raise BadInput(f"the weights of {model}/{pretrained} are not in the local cache; pass --allow-download "
                       "once, or --clip-pretrained /path/to/weights", "--clip-pretrained")
    return found


def _from_hf_cache(hf_hub: str, allow_download: bool, cache_dir: str | None) -> str | None:
    if not hf_hub:
        return None
    from huggingface_hub import hf_hub_download
    from open_clip import pretrained as op

    model_id, filename = os.path.split(hf_hub)
    filename = filename or op.HF_WEIGHTS_NAME
    for name in [*op._get_safe_alternatives(filename), filename]:
        try:
            return str(hf_hub_download(repo_id=model_id, filename=name, cache_dir=cache_dir,
                                       local_files_only=not allow_download))
        except Exception as exc:  # noqa: BLE001 - not cached / not on the hub: try the next name
            log.debug("%s/%s: %s", model_id, name, exc)
    return None


def _from_url_cache(url: str, allow_download: bool, cache_dir: str | None) -> str | None:
    if not url:
        return None
    target = Path(cache_dir or Path.home() / ".cache" / "clip") / os.path.basename(url)
    if target.is_file():
        return str(target)
    if allow_download:
        from open_clip import pretrained as op

        return str(op.download_pretrained_from_url(url, cache_dir=str(target.parent)))
    return None


class ClipEncoder:
    """Image and text embeddings (unit rows, float32) from one open_clip model on the CPU."""

    def __init__(self, model: str = DEFAULT_MODEL, pretrained: str | None = DEFAULT_PRETRAINED, *,
                 allow_download: bool = False, cache_dir: str | None = None, seed: int = 0) -> None:
        open_clip = _require_open_clip()
        import torch

        torch.manual_seed(seed)  # a random (pretrained=None) model is the same every time
        weights = None if pretrained is None else resolve_weights(model, pretrained, allow_download=allow_download,
                                                                  cache_dir=cache_dir)
        try:
            self.model, _, self.preprocess = open_clip.create_model_and_transforms(model, pretrained=weights)
        except RuntimeError as exc:
            raise BadInput(f"cannot build CLIP model {model!r}: {exc}", "--clip-model") from exc
        self.model.eval()
        self.tokenizer = open_clip.get_tokenizer(model)
        self.name = model
        self.pretrained = pretrained or "random-init"
        self._torch = torch

    def describe(self) -> dict[str, Any]:
        """What ``index.json`` records about the model."""
        return {"name": self.name, "pretrained": self.pretrained, "dim": self.dim}

    @functools.cached_property
    def dim(self) -> int:
        """The embedding width."""
        return int(self.encode_texts(["x"]).shape[1])

    def encode_texts(self, texts: Sequence[str]) -> np.ndarray:
        """[N, D] unit-length text embeddings."""
        with self._torch.no_grad():
            features = self.model.encode_text(self.tokenizer(list(texts)))
        return _unit_rows(features.float().cpu().numpy())

    def encode_images(self, paths: Sequence[Path]) -> np.ndarray:
        """[N, D] unit-length image embeddings of image files (BadInput naming an unreadable one)."""
        from PIL import Image

        rows = []
        for start in range(0, len(paths), BATCH):
            batch = []
            for path in paths[start:start + BATCH]:
                try:
                    with Image.open(path) as image:
                        batch.append(self.preprocess(image.convert("RGB")))
                except OSError as exc:
                    raise BadInput(f"cannot read image: {exc}", str(path)) from exc
            with self._torch.no_grad():
                rows.append(self.model.encode_image(self._torch.stack(batch)).float().cpu().numpy())
        if not rows:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _unit_rows(np.concatenate(rows))


def _unit_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.maximum(norms, 1e-12)).astype(np.float32)


_ENCODERS: dict[tuple[str, str], ClipEncoder] = {}


def text_encoder_for(model: dict[str, Any] | None, *, allow_download: bool = False) -> tuple[Any, str]:
    """``(encode_texts, "")`` for the model an index was embedded with, or ``(None, why not)``
    (no embeddings, open_clip missing, weights not cached). Encoders are shared per model."""
    if not model:
        return None, "the index has no CLIP embeddings (index-assets --clip-model M)"
    if not clip_available():
        return None, "open-clip-torch is not installed (pip install 'setdresser[clip]')"
    key = (str(model.get("name")), str(model.get("pretrained")))
    if key not in _ENCODERS:
        pretrained = None if key[1] == "random-init" else key[1]
        try:
            _ENCODERS[key] = ClipEncoder(key[0], pretrained, allow_download=allow_download)
        except BadInput as exc:
            return None, str(exc)
    return _ENCODERS[key].encode_texts, ""
