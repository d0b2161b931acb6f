"""The registry: lookup, binding errors that name the constraint, manifest pinning and versions."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.model import Constraint
from setdresser.skill_library import registry as reg
from setdresser.skill_library.base import Poses, Relation, RelationSpec
from setdresser.skill_library.registry import ManifestError, Registry, default_registry, file_sha256, update_manifest

REGISTRY = default_registry()


def _bind(relation: str, args: tuple[str, ...], params: dict | None = None, where: str = "constraints[4]"):
    return REGISTRY.bind(Constraint(relation, args, params or {}), where)


def test_default_registry_is_cached_and_describes_every_relation() -> None:
    # compared within the test: other tests (library learning) clear the cache on purpose
    assert default_registry() is default_registry()
    described = REGISTRY.describe()
    assert [d["name"] for d in described] == REGISTRY.names()
    on_top = next(d for d in described if d["name"] == "on_top_of")
    assert on_top["signature"] == "on_top_of(a, b)" and on_top["description"]
    around = next(d for d in described if d["name"] == "around")
    assert around["signature"] == "around(objs..., center)" and around["max_args"] is None
    assert {p["name"] for p in around["params"]} == {"radius", "arc_deg", "facing", "radius_tolerance",
                                                     "gap_tolerance_deg", "tolerance_deg"}
    json.dumps(described)  # prompts serialise it


def test_bind_fills_defaults_and_converts_types() -> None:
    relation, params = _bind("proximity", ("a", "b"), {"max_distance": 2})
    assert relation.name == "proximity"
    assert params == {"min_distance": 0.0, "max_distance": 2.0} and isinstance(params["max_distance"], float)
    _, params = _bind("in_front_of", ("a", "b"))
    assert params == {"max_distance": 2.0, "frame": "local", "lateral_margin": 0.0, "face_tolerance": 0.01,
                      "cone_deg": 90.0}
    _, params = _bind("grid", tuple("abcdef"), {"rows": 2.0})
    assert params["rows"] == 2 and isinstance(params["rows"], int) and params["cols"] is None


def test_unknown_relation_names_it_and_the_constraint() -> None:
    with pytest.raises(ProgramError) as err:
        _bind("on_topof", ("a", "b"))
    text = str(err.value)
    assert "on_topof" in text and "constraints[4]" in text and "on_top_of" in text  # suggestion
    with pytest.raises(ProgramError, match="hover"):
        REGISTRY.get("hover")


@pytest.mark.parametrize("relation, args", [
    ("on_top_of", ("a",)), ("on_top_of", ("a", "b", "c")), ("between", ("a", "b")),
    ("stacked", ("a",)), ("around", ("a", "b")), ("against_wall", ("a", "b")),
])
def test_wrong_arity_names_the_constraint(relation: str, args: tuple[str, ...]) -> None:
    with pytest.raises(ProgramError) as err:
        _bind(relation, args)
    text = str(err.value)
    assert "constraints[4]" in text and f"{relation}({', '.join(args)})" in text and f"got {len(args)}" in text


@pytest.mark.parametrize("relation, args, params, fragment", [
    ("proximity", ("a", "b"), {"max_dist": 1.0}, "max_dist"),
    ("proximity", ("a", "b"), {"max_distance": "near"}, "max_distance"),
    ("proximity", ("a", "b"), {"max_distance": True}, "max_distance"),
    ("proximity", ("a", "b"), {"max_distance": float("nan")}, "max_distance"),
    ("proximity", ("a", "b"), {"min_distance": -1.0}, "min_distance"),
    ("proximity", ("a", "b"), {"min_distance": 2.0, "max_distance": 1.0}, "exceeds"),
    ("against_wall", ("a",), {"wall": "up"}, "wall"),
    ("around", ("a", "b", "c"), {"facing": "yes"}, "facing"),
    ("grid", tuple("abcde"), {"rows": 2.5}, "rows"),
    ("grid", tuple("abcde"), {"rows": 2, "cols": 2}, "2 x 2"),
    ("grid", tuple("abc"), {"rows": 3, "cols": 3}, "3 x 3"),
    ("scaling", ("a", "b"), {}, "ratio"),
    ("scaling", ("a", "b"), {"ratio": 0}, "ratio"),
    ("overlap", ("a", "b"), {"min_fraction": 1.5}, "min_fraction"),
    ("on_top_of", ("a", "b"), {"gap": 0.1}, "gap"),
    ("row", ("a", "b", "c"), {"spacing": 0}, "spacing"),
    ("grid", tuple("abcd"), {"spacing": 0.0}, "spacing"),
    ("around", ("a", "b", "c"), {"radius": 0}, "radius"),
])
def test_bad_params_name_the_constraint_and_param(relation: str, args: tuple[str, ...], params: dict,
                                                  fragment: str) -> None:
    with pytest.raises(ProgramError) as err:
        _bind(relation, args, params)
    text = str(err.value)
    assert "constraints[4]" in text and relation in text and fragment in text


def _custom(name: str = "custom:near_window") -> Relation:
    spec = RelationSpec(name=name, min_args=1, max_args=1, params=(), description="custom")

    def score(poses: Poses, idx: tuple[int, ...], params: dict) -> np.ndarray:
        return np.ones(poses.batch)

    def check(poses: Poses, idx: tuple[int, ...], params: dict) -> np.ndarray:
        return np.ones(poses.batch, dtype=bool)

    return Relation(spec=spec, score=score, check=check)


def test_with_extra_adds_custom_relations_without_touching_the_default() -> None:
    extended = REGISTRY.with_extra({"custom:near_window": _custom()})
    relation, params = extended.bind(Constraint("custom:near_window", ("a",), {"side": "left"}), "c[0]")
    assert relation.name == "custom:near_window" and params == {"side": "left"}  # custom params pass through
    assert "custom:near_window" not in REGISTRY
    with pytest.raises(ProgramError, match="custom:near_window"):
        _bind("custom:near_window", ("a",))
    with pytest.raises(ProgramError, match="shadow"):
        REGISTRY.with_extra({"on_top_of": _custom("on_top_of")})


# ---------------------------------------------------------------- manifest


@pytest.fixture()
def library(tmp_path: Path) -> Path:
    """A copy of the library's relation files and manifest, to tamper with."""
    shutil.copytree(reg.ROOT / "builtin", tmp_path / "builtin", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "learned").mkdir()
    shutil.copy(reg.ROOT / "manifest.json", tmp_path / "manifest.json")
    return tmp_path


def test_committed_manifest_matches_the_files() -> None:
    manifest = json.loads((reg.ROOT / "manifest.json").read_text())
    for name, entry in manifest["relations"].items():
        for version, info in entry["versions"].items():
            if info["origin"] == "builtin" and "superseded_by" in info:
                continue  # an edited built-in's older version lives in git history, not on disk
            assert reg.file_sha256(reg.ROOT / info["file"]) == info["sha256"], f"{name} v{version}"
        assert REGISTRY.get(name).spec.version == reg.active_version(name, entry)
    assert set(manifest["relations"]) == set(REGISTRY.names())


def test_copy_loads_and_tampering_is_detected(library: Path) -> None:
    assert Registry.load(library).names() == REGISTRY.names()
    target = library / "builtin" / "facing.py"
    target.write_text(target.read_text() + "\n# changed\n")
    with pytest.raises(ManifestError, match=r"facing v\d+: builtin/facing.py differs"):
        Registry.load(library)


def test_line_endings_do_not_count_as_tampering(library: Path) -> None:
    target = library / "builtin" / "facing.py"
    target.write_bytes(target.read_bytes().replace(b"\n", b"\r\n"))
    assert "facing" in Registry.load(library)


def test_unlisted_and_missing_files_are_refused(library: Path) -> None:
    shutil.copy(library / "builtin" / "facing.py", library / "builtin" / "facing_copy.py")
    with pytest.raises(ManifestError, match="facing_copy"):
        Registry.load(library)
    (library / "builtin" / "facing_copy.py").unlink()
    (library / "builtin" / "row.py").unlink()
    with pytest.raises(ManifestError, match="row"):
        Registry.load(library)


NEAR_ORIGIN = ('@custom_relation("proximity")\ndef proximity(poses, idx, params):\n'
               '    d = np.linalg.norm(poses.pos[:, idx[0], :2] - poses.pos[:, idx[1], :2], axis=-1)\n'
               '    return np.exp(-SCALE * d)\n')


def _learned_json(version: int, scale: float = 1.0) -> str:
    from setdresser.blender_addon.core.learning.runtime import learned_document

    return json.dumps(learned_document("proximity", version, NEAR_ORIGIN.replace("SCALE", str(scale))))


def test_learned_versions_are_admitted_and_never_overwritten(library: Path) -> None:
    """Learned versions are data (relation.json, interpreted); admitted by the manifest, never rewritten."""
    built_in = REGISTRY.get("proximity").spec.version
    nxt = built_in + 1
    v2 = library / "learned" / "proximity" / f"v{nxt}" / "relation.json"
    v2.parent.mkdir(parents=True)
    v2.write_text(_learned_json(nxt))
    assert Registry.load(library).get("proximity").spec.version == built_in  # not admitted yet: skipped
    update_manifest(library)
    loaded = Registry.load(library).get("proximity")
    poses = Poses(pos=np.array([[[0.0, 0.0, 0.0], [0.5, 0.0, 0.0]]]), yaw=np.zeros((1, 2)), size=np.ones((1, 2, 3)))
    assert loaded.spec.version == nxt and loaded.score(poses, (0, 1), {"max_distance": 1.0})[0] == \
        pytest.approx(np.exp(-0.5))
    v2.write_text(_learned_json(nxt, scale=2.0))
    with pytest.raises(ManifestError, match=f"proximity v{nxt}"):
        Registry.load(library)
    with pytest.raises(ManifestError, match="bump"):
        update_manifest(library, allow_rehash_builtin=True)
    v2.write_text(_learned_json(nxt))
    v3 = library / "learned" / "proximity" / f"v{nxt + 1}" / "relation.json"
    v3.parent.mkdir(parents=True)
    v3.write_text(_learned_json(nxt + 1, scale=2.0))
    update_manifest(library)
    manifest = json.loads((library / "manifest.json").read_text())
    assert {str(nxt), str(nxt + 1)} <= set(manifest["relations"]["proximity"]["versions"])
    assert Registry.load(library).get("proximity").spec.version == nxt + 1


def test_a_python_file_under_learned_is_never_imported(library: Path, tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    nxt = REGISTRY.get("proximity").spec.version + 1
    code = library / "learned" / "proximity" / f"v{nxt}" / "relation.py"
    code.parent.mkdir(parents=True)
    code.write_text(f"open({str(marker)!r}, 'w').close()\n")
    update_manifest(library)  # not a learned file: not even read
    manifest = json.loads((library / "manifest.json").read_text())
    manifest["relations"]["proximity"]["versions"][str(nxt)] = {"file": f"learned/proximity/v{nxt}/relation.py",
                                                                "sha256": file_sha256(code), "origin": "learned"}
    (library / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ManifestError, match="learned versions are data files"):
        Registry.load(library)
    assert not marker.exists()


def test_builtin_edit_needs_a_new_version(library: Path) -> None:
    target = library / "builtin" / "facing.py"
    target.write_text(target.read_text() + "\n# changed\n")
    with pytest.raises(ManifestError, match="bump"):
        update_manifest(library)
    update_manifest(library, allow_rehash_builtin=True)
    assert "facing" in Registry.load(library)


def test_builtin_bumped_version_supersedes_the_old_one(library: Path) -> None:
    target = library / "builtin" / "facing.py"
    target.write_text(target.read_text().replace('name="facing",', 'name="facing", version=2,'))
    update_manifest(library)
    versions = json.loads((library / "manifest.json").read_text())["relations"]["facing"]["versions"]
    assert versions["1"]["superseded_by"] == 2 and "superseded_by" not in versions["2"]
    assert Registry.load(library).get("facing").spec.version == 2
    target.write_text(target.read_text().replace("version=2,", "version=1,"))
    with pytest.raises(ManifestError):
        update_manifest(library)


def test_update_manifest_cli_reports_and_exits_zero() -> None:
    done = subprocess.run([sys.executable, "-m", "setdresser.skill_library.registry"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "on_top_of" in done.stderr and "relations" in done.stderr
