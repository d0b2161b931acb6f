"""The index files on disk and the folder scan (no Blender)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from retrieval_kit import make_index, record

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.retrieval.index import (EMBEDDINGS_FILE, INDEX_SCHEMA, RECORDS_FILE, SkippedFile,
                                                           default_index_dir, is_index_folder, load_index,
                                                           make_record_id, record_from_dict, write_index)
from setdresser.blender_addon.core.retrieval.scan import file_sha256, scan


def test_records_round_trip_through_the_folder(tmp_path: Path) -> None:
    records = [record("chair", (0.5, 0.5, 0.9), ("seat",)), record("lamp", (0.3, 0.3, 1.6))]
    index = make_index(records, tmp_path, embeddings=np.eye(2, 4, dtype=np.float32))
    index.manifest.skipped = [SkippedFile("/m/broken.glb", "bad")]
    write_index(index)
    assert is_index_folder(tmp_path)
    loaded = load_index(tmp_path)
    assert loaded.records == records
    assert loaded.manifest.skipped == index.manifest.skipped
    assert json.loads((tmp_path / "index.json").read_text())["schema"] == INDEX_SCHEMA
    assert np.array_equal(loaded.embeddings, np.eye(2, 4))


def test_embeddings_follow_the_records_order_and_stale_ones_go(tmp_path: Path) -> None:
    a, b = record("a", (1, 1, 1)), record("b", (1, 1, 1))
    write_index(make_index([a, b], tmp_path, embeddings=np.array([[1, 0], [0, 1]], np.float32)))
    (tmp_path / "embedding_ids.json").write_text(json.dumps([b.id, a.id]))  # rows now belong the other way round
    assert np.array_equal(load_index(tmp_path).embeddings, [[0, 1], [1, 0]])
    write_index(make_index([a, b], tmp_path))  # re-indexed without CLIP
    assert not (tmp_path / EMBEDDINGS_FILE).exists() and load_index(tmp_path).embeddings is None


def test_bad_records_and_manifests_name_file_and_line(tmp_path: Path) -> None:
    write_index(make_index([record("a", (1, 1, 1))], tmp_path))
    with (tmp_path / RECORDS_FILE).open("a") as handle:
        handle.write('{"id": "x"}\n')
    with pytest.raises(BadInput, match=r"assets.jsonl:2"):
        load_index(tmp_path)
    (tmp_path / "index.json").write_text(json.dumps({"schema": "other/9"}))
    with pytest.raises(BadInput, match="other/9"):
        load_index(tmp_path)
    data = record("a", (1, 1, 1)).to_dict()
    data["dimensions"] = [1, 0, 1]
    with pytest.raises(BadInput, match="positive"):
        record_from_dict(data, "line 3")


def test_record_ids_are_readable_and_stable() -> None:
    assert make_record_id("Wooden Chair!", "ab" * 32) == make_record_id("Wooden Chair!", "ab" * 32)
    assert make_record_id("Wooden Chair!", "ab" * 32).startswith("wooden-chair-")
    assert make_record_id("x", "ab" * 32, "object:A") != make_record_id("x", "ab" * 32, "object:B")


def test_default_index_lives_in_the_first_folder(tmp_path: Path) -> None:
    assert default_index_dir([tmp_path]) == tmp_path / ".setdresser_index"


def _folder(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    (root / "sub").mkdir(parents=True)
    (root / "chair.glb").write_bytes(b"glTF" + b"\0" * 100)
    (root / "sub" / "lamp.OBJ").write_text("v 0 0 0\n")
    (root / "sub" / "lamp.mtl").write_text("newmtl a\n")
    (root / "wood.png").write_bytes(b"\x89PNG")
    (root / "overrides.json").write_text("{}")
    (root / "readme.xyz").write_text("?")
    (root / "big.fbx").write_bytes(b"\0" * 3000)
    (root / ".hidden").mkdir()
    (root / ".hidden" / "x.glb").write_bytes(b"x")
    (root / ".setdresser_index").mkdir()
    return root


def test_scan_sorts_files_into_todo_skipped_and_companions(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    found = scan([root], max_mb=2000 / 1048576)
    assert [m.path.name for m in found.todo] == ["chair.glb", "lamp.OBJ"]
    assert [m.format for m in found.todo] == ["gltf", "obj"]
    reasons = {Path(s.file).name: s.reason for s in found.skipped}
    assert set(reasons) == {"readme.xyz", "big.fbx"}
    assert "unsupported" in reasons["readme.xyz"] and "too large" in reasons["big.fbx"]
    assert found.companions == 3  # lamp.mtl, wood.png, overrides.json
    assert found.todo[0].sha256 == file_sha256(root / "chair.glb")


def test_scan_resumes_by_hash_and_reports_missing_roots(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    found = scan([root], known_hashes={file_sha256(root / "chair.glb")})
    assert [m.path.name for m in found.already] == ["chair.glb"]
    assert [m.path.name for m in found.todo] == ["big.fbx", "lamp.OBJ"]
    with pytest.raises(BadInput, match="no such"):
        scan([tmp_path / "missing"])
