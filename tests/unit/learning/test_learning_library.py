"""The versioned learned library: write, list, diff, rollback pointer, never overwrite."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from learn_replies import PARALLEL_FUNCTION
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.learning import library as lib
from setdresser.blender_addon.core.learning.runtime import declared_source
from setdresser.skill_library.registry import ManifestError, load_relations


def test_a_written_version_is_listed_active_and_loads(library: Path) -> None:
    version = lib.write_version(library, "parallel", PARALLEL_FUNCTION, {"model": "m"}, "learned parallel")
    assert version == 2
    listed = [(v.version, v.origin, v.active) for v in lib.versions(library, "parallel")]
    assert listed == [(1, "builtin", False), (2, "learned", True)]
    relation = load_relations(library)["parallel"]
    assert relation.source == "learned/parallel/v2/relation.json" and relation.spec.version == 2
    assert declared_source("parallel", 2) == PARALLEL_FUNCTION
    provenance = json.loads((library / "learned/parallel/v2/provenance.json").read_text())
    assert provenance["model"] == "m" and provenance["version"] == 2
    assert "-\"\"\"parallel(a, b)" in lib.diff_versions(library, "parallel", 1, 2)
    assert lib.write_version(library, "parallel", PARALLEL_FUNCTION.replace("0.3", "0.4"), {}) == 3


def test_learned_files_keep_the_builtin_contract(library: Path) -> None:
    lib.write_version(library, "parallel", PARALLEL_FUNCTION, {})
    learned, builtin = load_relations(library)["parallel"], load_relations()["parallel"]
    assert learned.check is builtin.check
    assert learned.spec.params == builtin.spec.params and learned.spec.physics == builtin.spec.physics


def test_rollback_moves_the_pointer_and_deletes_nothing(library: Path) -> None:
    lib.write_version(library, "parallel", PARALLEL_FUNCTION, {})
    assert lib.set_active(library, "parallel", 1) == 2
    assert load_relations(library)["parallel"].spec.version == 1
    assert (library / "learned/parallel/v2/relation.json").is_file()
    assert lib.set_active(library, "parallel", 2) == 1
    assert load_relations(library)["parallel"].spec.version == 2
    with pytest.raises(BadInput, match="no version 7"):
        lib.set_active(library, "parallel", 7)
    with pytest.raises(BadInput, match="no relation 'nope'"):
        lib.set_active(library, "nope", 1)


def test_a_new_version_after_a_rollback_becomes_active(library: Path) -> None:
    lib.write_version(library, "parallel", PARALLEL_FUNCTION, {})
    lib.set_active(library, "parallel", 1)
    assert lib.write_version(library, "parallel", PARALLEL_FUNCTION.replace("0.3", "0.35"), {}) == 3
    assert load_relations(library)["parallel"].spec.version == 3


def test_versions_are_never_overwritten(library: Path) -> None:
    lib.write_version(library, "parallel", PARALLEL_FUNCTION, {})
    (library / "learned/parallel/v3").mkdir()
    with pytest.raises(ManifestError, match="never overwritten"):
        lib.write_version(library, "parallel", PARALLEL_FUNCTION, {})
    (library / "learned/parallel/v3").rmdir()
    path = library / "learned/parallel/v2/relation.json"
    path.write_text(path.read_text().replace("0.3", "0.9"))
    with pytest.raises(ManifestError, match="differs from the recorded sha256"):
        load_relations(library)


def test_a_version_that_does_not_load_leaves_no_trace(library: Path) -> None:
    before = (library / "manifest.json").read_text()
    with pytest.raises(Exception):
        lib.write_version(library, "no_such_builtin", PARALLEL_FUNCTION, {})
    assert (library / "manifest.json").read_text() == before
    assert not (library / "learned/no_such_builtin/v1").exists()


def test_a_bad_active_pointer_is_refused(library: Path) -> None:
    manifest = json.loads((library / "manifest.json").read_text())
    manifest["relations"]["parallel"]["active"] = 5
    (library / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ManifestError, match="active version 5"):
        load_relations(library)


def test_awkward_sources_survive_the_relation_file(library: Path) -> None:
    source = PARALLEL_FUNCTION.replace("# ", "") + "    # ''' and a backslash \\\n"
    lib.write_version(library, "parallel", source, {})
    load_relations(library)
    assert declared_source("parallel", 2) == source


def test_a_rollback_that_would_break_the_library_changes_nothing(library: Path) -> None:
    """against_wall v1 is a superseded built-in (its file now declares a later version): rolling
    back to it is refused with one line, the manifest byte-identical and the library still loading."""
    from setdresser.blender_addon.core.errors import BadInput

    before = (library / "manifest.json").read_bytes()
    active = load_relations(library)["against_wall"].spec.version
    with pytest.raises(BadInput, match="cannot make against_wall v1 active"):
        lib.set_active(library, "against_wall", 1)
    assert (library / "manifest.json").read_bytes() == before
    assert load_relations(library)["against_wall"].spec.version == active > 1
    assert not list(library.glob(".manifest.json.*"))
