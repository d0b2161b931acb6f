"""The optional CLIP encoder (open-clip-torch), tested with a tiny randomly initialised model.

Skipped when open_clip is not installed, except the check that says how to install it.
A random model's scores mean nothing; these tests check the plumbing: shapes, unit rows,
determinism, the retriever's CLIP path, and that no weights are ever downloaded unasked.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from retrieval_kit import make_index, record

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.services.clip_encoder import clip_available

TINY = {"embed_dim": 32, "vision_cfg": {"image_size": 32, "layers": 1, "width": 32, "patch_size": 16, "head_width": 16},
        "text_cfg": {"context_length": 77, "vocab_size": 49408, "width": 32, "heads": 2, "layers": 1}}
needs_clip = pytest.mark.skipif(not clip_available(), reason="open-clip-torch is not installed")


@pytest.mark.skipif(clip_available(), reason="open-clip-torch is installed")
def test_missing_extra_is_bad_input_saying_how_to_install() -> None:
    from setdresser.blender_addon.services.clip_encoder import ClipEncoder, text_encoder_for

    with pytest.raises(BadInput, match=r"pip install 'setdresser\[clip\]'"):
        ClipEncoder("ViT-B-32", None)
    assert text_encoder_for({"name": "ViT-B-32", "pretrained": "openai"}) == (
        None, "open-clip-torch is not installed (pip install 'setdresser[clip]')")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Registers ``SDTiny`` (embed dim 32, one layer each) with open_clip."""
    import open_clip

    folder = tmp_path_factory.mktemp("clip_config")
    (folder / "SDTiny.json").write_text(json.dumps(TINY))
    open_clip.add_model_config(folder)
    return "SDTiny"


def _images(folder: Path, colours: list[tuple[int, int, int]]) -> list[Path]:
    from PIL import Image

    paths = []
    for number, colour in enumerate(colours):
        path = folder / f"thumb_{number}.png"
        Image.new("RGB", (40, 40), colour).save(path)
        paths.append(path)
    return paths


@needs_clip
def test_embeddings_have_the_right_shape_and_unit_rows(tiny: str, tmp_path: Path) -> None:
    from setdresser.blender_addon.services.clip_encoder import ClipEncoder

    encoder = ClipEncoder(tiny, None)
    texts = encoder.encode_texts(["a chair", "a lamp"])
    images = encoder.encode_images(_images(tmp_path, [(200, 0, 0), (0, 200, 0), (0, 0, 200)]))
    assert texts.shape == (2, 32) and images.shape == (3, 32) and images.dtype == np.float32
    assert np.allclose(np.linalg.norm(images, axis=1), 1.0, atol=1e-5)
    assert encoder.describe() == {"name": tiny, "pretrained": "random-init", "dim": 32}
    with pytest.raises(BadInput, match="missing.png"):
        encoder.encode_images([tmp_path / "missing.png"])


@needs_clip
def test_same_seed_same_model(tiny: str) -> None:
    from setdresser.blender_addon.services.clip_encoder import ClipEncoder

    first = ClipEncoder(tiny, None, seed=0).encode_texts(["a red chair"])
    again = ClipEncoder(tiny, None, seed=0).encode_texts(["a red chair"])
    other = ClipEncoder(tiny, None, seed=1).encode_texts(["a red chair"])
    assert np.array_equal(first, again) and not np.allclose(first, other)


@needs_clip
def test_retriever_clip_path_ranks_deterministically(tiny: str, tmp_path: Path) -> None:
    from setdresser.blender_addon.core.retrieval.select import METHOD_CLIP, AssetQuery, Retriever
    from setdresser.blender_addon.services.clip_encoder import ClipEncoder

    encoder = ClipEncoder(tiny, None)
    models = [record("mesh_a", (0.5, 0.5, 0.9)), record("chair", (0.5, 0.5, 0.9)), record("mesh_c", (1, 1, 1))]
    rows = encoder.encode_images(_images(tmp_path, [(200, 0, 0), (0, 200, 0), (0, 0, 200)]))
    query = AssetQuery("chair_1", "chair", "a red wooden chair", dimensions=(0.5, 0.5, 0.9))
    first = Retriever(make_index(models, embeddings=rows), encoder.encode_texts).choose(query)
    second = Retriever(make_index(models, embeddings=rows), ClipEncoder(tiny, None).encode_texts).choose(query)
    assert first.method == METHOD_CLIP and first == second
    assert len(first.candidates) == 3 and all(c.clip is not None for c in first.candidates)
    totals = [c.total for c in first.candidates]
    assert totals == sorted(totals, reverse=True)


@needs_clip
def test_weights_are_never_downloaded_unasked(tmp_path: Path) -> None:
    from setdresser.blender_addon.services.clip_encoder import resolve_weights

    with pytest.raises(BadInput, match="--allow-download"):
        resolve_weights("ViT-B-32", "laion2b_s34b_b79k", cache_dir=str(tmp_path))
    with pytest.raises(BadInput, match="--allow-download"):
        resolve_weights("RN50", "openai", cache_dir=str(tmp_path))
    assert not [p for p in tmp_path.rglob("*") if p.is_file() and p.stat().st_size > 1_000_000]
    with pytest.raises(BadInput, match="no weights file and no pretrained tag"):
        resolve_weights("ViT-B-32", "no-such-tag", cache_dir=str(tmp_path))
    weights = tmp_path / "my_weights.safetensors"
    weights.write_bytes(b"x")
    assert resolve_weights("ViT-B-32", str(weights)) == str(weights)


@needs_clip
def test_text_encoder_for_an_index_model(tiny: str) -> None:
    from setdresser.blender_addon.services.clip_encoder import text_encoder_for

    assert text_encoder_for(None)[0] is None
    encode, why_not = text_encoder_for({"name": tiny, "pretrained": "random-init", "dim": 32})
    assert why_not == "" and encode(["a lamp"]).shape == (1, 32)
    missing, why_not = text_encoder_for({"name": tiny, "pretrained": "no-such-tag"})
    assert missing is None and "no-such-tag" in why_not
