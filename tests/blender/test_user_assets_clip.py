"""Indexing and generate-time retrieval with CLIP, using a tiny randomly initialised
open_clip model (skipped when open-clip-torch is not installed)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_user_assets_kit import write_asset_folder  # noqa: E402

pytestmark = pytest.mark.blender
open_clip = pytest.importorskip("open_clip")

TINY = {"embed_dim": 32, "vision_cfg": {"image_size": 32, "layers": 1, "width": 32, "patch_size": 16, "head_width": 16},
        "text_cfg": {"context_length": 77, "vocab_size": 49408, "width": 32, "heads": 2, "layers": 1}}


@pytest.fixture(scope="module")
def clip_index(tmp_path_factory: pytest.TempPathFactory):
    from setdresser.blender_addon.bl.asset_index_build import IndexSettings, build_index
    from setdresser.blender_addon.services.clip_encoder import ClipEncoder

    config = tmp_path_factory.mktemp("clip_config")
    (config / "SDTinyIndex.json").write_text(json.dumps(TINY))
    open_clip.add_model_config(config)
    folder = write_asset_folder(tmp_path_factory.mktemp("assets"))
    settings = IndexSettings(roots=(folder,), out=folder / ".setdresser_index")
    return settings, build_index(settings, encoder=ClipEncoder("SDTinyIndex", None))


def test_index_stores_one_embedding_per_asset_and_names_the_model(clip_index) -> None:
    from setdresser.blender_addon.core.retrieval.index import load_index

    settings, index = clip_index
    loaded = load_index(settings.out)
    assert loaded.embeddings is not None and loaded.embeddings.shape == (3, 32)
    assert np.allclose(np.linalg.norm(loaded.embeddings, axis=1), 1.0, atol=1e-5)
    assert loaded.manifest.model == {"name": "SDTinyIndex", "pretrained": "random-init", "dim": 32}
    assert json.loads((settings.out / "embedding_ids.json").read_text()) == [r.id for r in loaded.records]


def test_resume_keeps_the_rows_of_the_same_model(clip_index) -> None:
    import dataclasses

    from setdresser.blender_addon.bl.asset_index_build import build_index

    settings, index = clip_index
    never = type("Never", (), {"describe": lambda self: index.manifest.model,
                               "encode_images": lambda self, paths: pytest.fail("re-embedded")})()
    again = build_index(dataclasses.replace(settings, resume=True), encoder=never)
    assert np.array_equal(again.embeddings, index.embeddings)


def test_generate_side_retrieval_uses_clip_deterministically(clip_index) -> None:
    from setdresser.blender_addon.bl.asset_import import UserAssets
    from setdresser.blender_addon.core.retrieval.index import load_index
    from setdresser.blender_addon.core.retrieval.select import METHOD_CLIP, AssetQuery

    settings, _ = clip_index
    runs = []
    for _ in range(2):
        assets = UserAssets.from_indexes([load_index(settings.out)])
        assert assets.notes == [] and assets.retrievers[0].uses_clip
        runs.append(assets.retrievers[0].choose(AssetQuery("lamp_1", "floor lamp", dimensions=(0.3, 0.3, 1.6))))
    assert runs[0].method == METHOD_CLIP and runs[0] == runs[1]
    assert [c.record_id for c in runs[0].candidates] == [c.record_id for c in runs[1].candidates]
    assert len(runs[0].candidates) == 3  # every asset is a CLIP candidate (top 10 of 3)
