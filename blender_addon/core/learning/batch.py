"""Run the inner loop over a batch of prompts: one ``generate`` process per scene, K at a time.

Each scene is a separate ``python -m setdresser generate`` process (so each has its own Blender,
bpy being one scene per process), writing ``<out>/scenes/NN/``; the API key travels in the
environment, never on a command line.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from .edits import EDITS_FILE, FunctionEdit, read_function_edits

log = logging.getLogger(__name__)

ERROR_TAIL_CHARS = 400


@dataclass
class SceneRun:
    """One scene of the batch: where it went, whether generate succeeded, its function edits."""

    index: int
    prompt: str
    out_dir: Path
    ok: bool = False
    error: str = ""
    edits: list[FunctionEdit] = field(default_factory=list)
    library_versions: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {"index": self.index, "prompt": self.prompt, "out_dir": str(self.out_dir), "ok": self.ok,
                "error": self.error, "edits": [{"relation": e.relation, "kind": e.kind, "stage": e.stage,
                                                "reason": e.reason} for e in self.edits],
                "library_versions": dict(self.library_versions)}


def read_prompts(path: Path) -> list[str]:
    """One prompt per non-empty line; lines starting with ``#`` are comments."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def generate_command(prompt: str, out_dir: Path, seed: int, generate_args: Sequence[str]) -> list[str]:
    """The ``generate`` command line of one scene."""
    return [sys.executable, "-m", "setdresser", "generate", prompt, "--out", str(out_dir), "--force",
            "--seed", str(seed), *generate_args]


def run_scene(scene: SceneRun, seed: int, generate_args: Sequence[str], env: Mapping[str, str],
              timeout_s: float) -> SceneRun:
    """Generate one scene and read its function edits; failures are recorded, not raised."""
    scene.out_dir.mkdir(parents=True, exist_ok=True)
    command = generate_command(scene.prompt, scene.out_dir, seed, generate_args)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, env=dict(env), check=False)
    except subprocess.TimeoutExpired:
        scene.error = f"generate ran longer than {timeout_s:g} s"
        return scene
    (scene.out_dir / "generate.log").write_text(done.stderr, encoding="utf-8")
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
        scene.error = tail[0][-ERROR_TAIL_CHARS:]
        return scene
    if not (scene.out_dir / EDITS_FILE).is_file():
        scene.error = f"generate wrote no {EDITS_FILE}"
        return scene
    _, scene.edits, scene.library_versions = read_function_edits(scene.out_dir)
    scene.ok = True
    return scene


def run_batch(prompts: Sequence[str], out_dir: Path, *, workers: int, seed: int, generate_args: Sequence[str],
              env: Mapping[str, str] | None = None, timeout_s: float = 900.0) -> list[SceneRun]:
    """Generate every prompt (``workers`` at a time); scenes in prompt order."""
    scenes = [SceneRun(index=i, prompt=p, out_dir=out_dir / "scenes" / f"{i:02d}") for i, p in enumerate(prompts, 1)]
    environment = dict(os.environ if env is None else env)
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = [pool.submit(run_scene, scene, seed + scene.index, generate_args, environment, timeout_s)
                   for scene in scenes]
        done = [f.result() for f in futures]
    for scene in done:
        log.info("scene %d: %s", scene.index, "ok" if scene.ok else scene.error)
    return done
