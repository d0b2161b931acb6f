"""--out safety by content (issue 12 item 5): a file changed since the manifest recorded it, or a
link, is never overwritten without --force; a second run into the same folder is refused."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from setdresser.blender_addon.cli.generate import check_out_dir
from setdresser.blender_addon.cli.out_folder import changed_files, run_lock
from setdresser.blender_addon.core.errors import BadInput


def _written(out: Path) -> Path:
    """A folder as a run leaves it: files and a manifest with their hashes."""
    out.mkdir()
    (out / "layout.json").write_text("{}")
    (out / "report.json").write_text("{}")
    (out / "iterations" / "01").mkdir(parents=True)
    (out / "iterations" / "01" / "program.py").write_text("x = 1\n")
    files = [{"path": p.relative_to(out).as_posix(), "sha256": hashlib.sha256(p.read_bytes()).hexdigest()}
             for p in sorted(out.rglob("*")) if p.is_file()]
    (out / "manifest.json").write_text(json.dumps({"files": files}))
    return out


def test_an_untouched_folder_may_be_overwritten(tmp_path: Path) -> None:
    out = _written(tmp_path / "scene")
    assert changed_files(out) == []
    check_out_dir(out, force=False)


def test_a_changed_file_or_a_link_is_refused(tmp_path: Path) -> None:
    out = _written(tmp_path / "scene")
    (out / "iterations" / "01" / "program.py").write_text("my edits\n")
    with pytest.raises(BadInput, match=r"iterations/01/program.py \(changed since Set Dresser wrote it\)"):
        check_out_dir(out, force=False)
    check_out_dir(out, force=True)
    (out / "iterations" / "01" / "program.py").write_text("x = 1\n")
    (out / "layout.json").unlink()
    (out / "layout.json").symlink_to(tmp_path / "elsewhere.json")
    assert changed_files(out) == ["layout.json (a link)"]


def test_a_second_run_into_the_same_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "scene"
    with run_lock(out):
        with pytest.raises(BadInput, match="another Set Dresser run is writing into this folder"):
            with run_lock(out):
                pass
    with run_lock(out):  # released when the first run ended
        pass
    check_out_dir(out, force=False)  # the lock file is the tool's own


def test_index_assets_out_gets_the_same_rule(tmp_path: Path) -> None:
    import argparse

    from setdresser.blender_addon.cli.index_assets import check_args

    models = tmp_path / "models"
    models.mkdir()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.docx").write_text("precious")
    args = argparse.Namespace(dirs=[models], max_mb=50.0, clip_pretrained=None, clip_model=None, out=mine,
                              force=False)
    with pytest.raises(BadInput, match="not an asset index"):
        check_args(args)
    args.force = True
    check_args(args)
    args.force, args.out = False, tmp_path / "empty"
    check_args(args)  # a missing or empty folder is fine
