"""Every reader of a JSON file the user names or edits words its errors one way (code review,
issue 14: the scene evaluation, the asset overrides and the scene database each had their own):
one line of bad input naming the file, with the line and column of bad JSON, through
``core/datafiles.read_json``; the CLI exits 2 with that line."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from setdresser.blender_addon.cli import main
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.evaluation.scene import load_scene
from setdresser.blender_addon.core.retrieval.overrides import FOLDER_FILE, override_for
from setdresser.blender_addon.core.retrieval.overrides import SIDECAR_SUFFIX as SIDECAR
from setdresser.blender_addon.core.scene_db.folder import folder_facts


def _scene_folder(root: Path) -> Path:
    (root / "layout.json").write_text("{}")
    return root


READERS: dict[str, tuple[Callable[[Path], Any], Callable[[Path], Path]]] = {
    # reader of a folder or asset, and the file in it that holds the bad JSON
    "evaluation": (load_scene, lambda root: _scene_folder(root) / "layout.json"),
    "scene database": (folder_facts, lambda root: _scene_folder(root) / "layout.json"),
    "override sidecar": (lambda root: override_for(root / "chair.glb"), lambda root: root / f"chair.glb{SIDECAR}"),
    "override folder": (lambda root: override_for(root / "chair.glb"), lambda root: root / FOLDER_FILE),
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_bad_json_is_one_line_naming_the_file_line_and_column(reader: str, tmp_path: Path) -> None:
    read, bad_file = READERS[reader]
    path = bad_file(tmp_path)
    path.write_text('{\n  "objects": [1, 2,,]\n}\n')
    with pytest.raises(BadInput) as caught:
        read(tmp_path)
    message = str(caught.value)
    what = "override file" if reader.startswith("override") else path.name
    assert "\n" not in message and message.startswith(f"{path}: {what} is not valid JSON: ")
    assert "is not valid JSON" in message and "(line 2, column" in message


@pytest.mark.parametrize("reader", sorted(READERS))
def test_an_unreadable_file_is_one_line_naming_it(reader: str, tmp_path: Path) -> None:
    read, bad_file = READERS[reader]
    path = bad_file(tmp_path)
    path.write_bytes(b'{"name": "caf\xe9"}')  # Latin-1, not UTF-8
    with pytest.raises(BadInput) as caught:
        read(tmp_path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: cannot read ")


def test_the_cli_exits_2_with_the_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "scene").mkdir()
    folder = _scene_folder(tmp_path / "scene")
    (folder / "layout.json").write_text(json.dumps({"schema": "x"})[:-1])
    commands = [["evaluate", str(folder)]]
    if importlib.util.find_spec("ladybug") is not None:  # the scene database's graph store
        commands.append(["query", str(folder), "MATCH (o:Object) RETURN o.id"])
    for command in commands:
        assert main(command) == 2, command
        err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
        assert len(err) == 1 and str(folder / "layout.json") in err[0] and "is not valid JSON" in err[0], err
