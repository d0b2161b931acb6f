"""The learned library lives in the user's data folder, not in the installed package: learning
writes there, it survives an extension update (the built-ins are refreshed from the package, the
learned versions and active choices kept), and a learned relation loads from there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from learn_replies import PARALLEL_FUNCTION
from setdresser.blender_addon.core.learning import library as lib
from setdresser.skill_library import user_library
from setdresser.skill_library.registry import LIBRARY_DIR_ENV, ROOT, default_registry, load_relations


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No library override; the platform data folder in tmp."""
    monkeypatch.delenv(LIBRARY_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(user_library, "_USER_DIR", [])
    default_registry.cache_clear()
    yield tmp_path / "data"
    default_registry.cache_clear()


def test_learning_writes_into_the_user_data_folder_never_the_package(data_home: Path) -> None:
    package_manifest = (ROOT / "manifest.json").read_bytes()
    assert user_library.library_root() == ROOT  # nothing learned yet: the package's own library, read only
    root = user_library.writable_library_root()
    assert root == data_home / "setdresser" / "skill_library" and (root / "builtin" / "facing.py").is_file()
    assert lib.write_version(root, "parallel", PARALLEL_FUNCTION, {"model": "m"}, "learned") == 2
    assert user_library.library_root() == root
    assert default_registry().get("parallel").source == "learned/parallel/v2/relation.json"
    assert (ROOT / "manifest.json").read_bytes() == package_manifest and not (ROOT / "learned" / "parallel").exists()


def test_an_extension_update_keeps_the_learned_versions(data_home: Path) -> None:
    root = user_library.writable_library_root()
    lib.write_version(root, "parallel", PARALLEL_FUNCTION, {})
    lib.write_version(root, "parallel", PARALLEL_FUNCTION.replace("0.3", "0.4"), {})
    lib.set_active(root, "parallel", 2)
    # an older install's built-ins: a different file and hash than the package now has
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["relations"]["facing"]["versions"]["1"]["sha256"] = "0" * 64
    (root / "manifest.json").write_text(json.dumps(manifest))
    (root / "builtin" / "facing.py").write_text("# the old version\n")
    assert user_library.library_root() == root  # refreshed on use
    assert (root / "builtin" / "facing.py").read_bytes() == (ROOT / "builtin" / "facing.py").read_bytes()
    relations = load_relations(root)
    assert relations["parallel"].spec.version == 2 and relations["facing"].source == "builtin/facing.py"
    assert [v.version for v in lib.versions(root, "parallel")] == [1, 2, 3]


def test_the_add_on_can_point_at_its_extension_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LIBRARY_DIR_ENV, raising=False)
    monkeypatch.setattr(user_library, "_USER_DIR", [])
    user_library.set_user_library_dir(tmp_path / "extension_user" / "skill_library")
    assert user_library.writable_library_root() == tmp_path / "extension_user" / "skill_library"
