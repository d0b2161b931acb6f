"""A batch's PROMPTS file (text and JSONL) into scene jobs: stable ids, variants, per-line
settings, and a clear error naming the file and line for a bad one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from setdresser.blender_addon.core.batch.jobs import SceneJob, SceneSettings, generate_argv, read_jobs, scene_id, slug
from setdresser.blender_addon.core.errors import BadInput

DEFAULTS = SceneSettings(render="none", resolution=256)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_text_file_one_prompt_a_line_with_variants(tmp_path: Path) -> None:
    path = write(tmp_path, "p.txt", "a desk by the wall\n\n# a comment\n  a bed  with a lamp \n")
    jobs = read_jobs(path, DEFAULTS, seed=5, variants=3)
    assert [(j.prompt, j.seed, j.line) for j in jobs] == [
        ("a desk by the wall", 5, 1), ("a desk by the wall", 6, 1), ("a desk by the wall", 7, 1),
        ("a bed with a lamp", 5, 4), ("a bed with a lamp", 6, 4), ("a bed with a lamp", 7, 4)]
    assert len({j.scene_id for j in jobs}) == 6 and all(j.settings == DEFAULTS for j in jobs)


def test_ids_are_stable_readable_and_change_with_prompt_seed_or_settings(tmp_path: Path) -> None:
    path = write(tmp_path, "p.txt", "A Desk, by the wall!\n")
    first, again = read_jobs(path, DEFAULTS), read_jobs(path, DEFAULTS)
    assert first == again and first[0].scene_id.startswith("a-desk-by-the-wall-s0-")
    ids = {scene_id("a desk", 0, DEFAULTS), scene_id("a desk", 1, DEFAULTS), scene_id("a bed", 0, DEFAULTS),
           scene_id("a desk", 0, SceneSettings(render="workbench"))}
    assert len(ids) == 4
    assert slug("!!! ???") == "scene" and len(slug("many words " * 10)) <= 32 and slug("Über-Sofa 2") == "ber-sofa-2"


def test_jsonl_lines_set_seed_variants_and_flags_and_duplicates_are_made_once(tmp_path: Path) -> None:
    lines = [{"prompt": "a desk", "seed": 2, "variants": 2, "llm": "offline", "render": "workbench",
              "resolution": 128, "time_budget": 1.5, "max_iterations": 2, "export": ["glb", "usd"]},
             {"prompt": "a desk", "seed": 3, "render": "workbench", "resolution": 128, "time_budget": 1.5,
              "max_iterations": 2, "export": "glb,usd"},
             {"prompt": "a bed"}]
    jobs = read_jobs(write(tmp_path, "p.jsonl", "\n".join(map(json.dumps, lines))), DEFAULTS)
    assert [(j.prompt, j.seed) for j in jobs] == [("a desk", 2), ("a desk", 3), ("a bed", 0)]
    desk = jobs[0].settings
    assert (desk.render, desk.resolution, desk.time_budget, desk.max_iterations, desk.export) == \
        ("workbench", 128, 1.5, 2, ("glb", "usd"))
    assert jobs[2].settings == DEFAULTS
    assert SceneJob.from_dict(json.loads(json.dumps(jobs[0].to_dict()))) == jobs[0]


@pytest.mark.parametrize("line, message", [
    ('{"prompt": "a desk", "colour": "red"}', "unknown key(s) 'colour'"),
    ('{"prompt": ""}', "'prompt' must be a non-empty string"),
    ('{"prompt": "a desk", "seed": "1"}', "'seed' must be an integer"),
    ('{"prompt": "a desk", "variants": 0}', "'variants' must be at least 1"),
    ('{"prompt": "a desk", "render": "pixar"}', "'render' must be one of"),
    ('{"prompt": "a desk", "time_budget": -1}', "'time_budget' must be a positive number"),
    ('{"prompt": "a desk", "export": "glb,stl"}', "unknown format(s) 'stl'"),
    ('{"prompt": "a desk"', "not JSON"),
    ('["a desk"]', "must be an object"),
])
def test_a_bad_jsonl_line_is_named_by_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = write(tmp_path, "p.jsonl", '{"prompt": "fine"}\n' + line + "\n")
    with pytest.raises(BadInput) as caught:
        read_jobs(path, DEFAULTS)
    assert message in str(caught.value) and "p.jsonl line 2" in str(caught.value)


def test_missing_or_empty_file_and_bad_variants(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no such file"):
        read_jobs(tmp_path / "absent.txt", DEFAULTS)
    with pytest.raises(BadInput, match="holds no prompt"):
        read_jobs(write(tmp_path, "e.txt", "# only a comment\n\n"), DEFAULTS)
    with pytest.raises(BadInput, match="--variants"):
        read_jobs(write(tmp_path, "p.txt", "a desk\n"), DEFAULTS, variants=0)


def test_generate_arguments_carry_every_setting(tmp_path: Path) -> None:
    job = read_jobs(write(tmp_path, "p.jsonl", json.dumps({"prompt": "a desk", "seed": 4, "export": "obj"})),
                    DEFAULTS)[0]
    argv = generate_argv(job, tmp_path / "o")
    assert argv[:2] == ["generate", "a desk"]
    pairs = dict(zip(argv[2::2], argv[3::2]))
    assert pairs == {"--out": str(tmp_path / "o"), "--seed": "4", "--llm": "offline", "--render": "none",
                     "--resolution": "256", "--effort": "1.0", "--max-iterations": "3", "--export": "obj"}
