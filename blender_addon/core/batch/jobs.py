"""A batch's scenes from its PROMPTS file: one prompt a line (text), or one JSON object a line
(JSONL: ``prompt`` plus optional ``seed``, ``variants``, ``llm``, ``render``, ``resolution``,
``effort``, ``time_budget``, ``max_iterations``, ``export``).

Each (prompt, seed, settings) is one :class:`SceneJob` whose ``scene_id`` is derived from its
content, so the same file gives the same ids on every run (what makes a batch resumable) and
editing one line changes only that line's scenes.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..export.formats import parse_formats

LLM_CHOICES = ("offline", "openai")
RENDER_CHOICES = ("none", "workbench", "eevee", "cycles")
LINE_KEYS = ("prompt", "seed", "variants", "llm", "render", "resolution", "effort", "time_budget", "max_iterations",
             "export")


@dataclass(frozen=True)
class SceneSettings:
    """The generate flags of a scene (the batch's defaults, overridden per line)."""

    llm: str = "offline"
    render: str = "workbench"
    resolution: int = 512
    time_budget: float | None = None  # wall-clock cap per solve (None: the generous default)
    max_iterations: int = 3
    effort: float = 1.0  # the solver's counted work per solve
    export: tuple[str, ...] = ()


@dataclass(frozen=True)
class SceneJob:
    """One scene to make: what generate is asked, where it came from, and its stable id."""

    scene_id: str
    prompt: str
    seed: int
    settings: SceneSettings
    line: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (what a Ray task receives and index.jsonl records)."""
        out = asdict(self)
        out["settings"]["export"] = list(self.settings.export)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SceneJob:
        """The inverse of :meth:`to_dict`."""
        settings = dict(data["settings"])
        settings["export"] = tuple(settings.get("export", ()))
        return cls(scene_id=str(data["scene_id"]), prompt=str(data["prompt"]), seed=int(data["seed"]),
                   settings=SceneSettings(**settings), line=int(data["line"]))


def generate_argv(job: SceneJob, out: Path) -> list[str]:
    """The ``setdresser generate`` arguments that make ``job`` into ``out``."""
    s = job.settings
    argv = ["generate", job.prompt, "--out", str(out), "--seed", str(job.seed), "--llm", s.llm,
            "--render", s.render, "--resolution", str(s.resolution), "--effort", repr(s.effort),
            "--max-iterations", str(s.max_iterations)]
    if s.time_budget is not None:
        argv += ["--time-budget", repr(s.time_budget)]
    if s.export:
        argv += ["--export", ",".join(s.export)]
    return argv


def slug(text: str, limit: int = 32) -> str:
    """Lower-case words joined by '-', at most ``limit`` characters (never empty)."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    out = ""
    for word in words:
        if len(out) + len(word) + (1 if out else 0) > limit:
            break
        out = f"{out}-{word}" if out else word
    return out or "scene"


def scene_id(prompt: str, seed: int, settings: SceneSettings) -> str:
    """``<slug>-s<seed>-<hash>``: readable, and the same for the same prompt, seed and settings."""
    key = json.dumps({"prompt": prompt, "seed": seed, "settings": asdict(settings)}, sort_keys=True)
    return f"{slug(prompt)}-s{seed}-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:8]}"


def read_jobs(path: Path, defaults: SceneSettings, *, seed: int = 0, variants: int = 1) -> list[SceneJob]:
    """Every scene of the PROMPTS file (BadInput naming the file and line for a bad one).

    A line's ``variants`` (else ``variants``) makes that many scenes with seeds ``seed``,
    ``seed + 1``, ...; a scene listed twice is made once."""
    if not path.is_file():
        raise BadInput("no such file", f"PROMPTS {path}")
    if variants < 1:
        raise BadInput(f"must be at least 1, got {variants}", "--variants")
    text = path.read_text(encoding="utf-8")
    jsonl = path.suffix.lower() == ".jsonl" or text.lstrip().startswith("{")
    jobs: dict[str, SceneJob] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{path.name} line {number}"
        entry = _json_line(line, where) if jsonl else {"prompt": line}
        for job in _line_jobs(entry, defaults, seed, variants, number, where):
            jobs.setdefault(job.scene_id, job)
    if not jobs:
        raise BadInput("holds no prompt", f"PROMPTS {path}")
    return list(jobs.values())


def _json_line(line: str, where: str) -> dict[str, Any]:
    try:
        entry = json.loads(line)
    except json.JSONDecodeError as exc:
        raise BadInput(f"not JSON ({exc.msg} at column {exc.colno})", where) from None
    if not isinstance(entry, dict):
        raise BadInput("a JSONL line must be an object with a 'prompt'", where)
    unknown = sorted(set(entry) - set(LINE_KEYS))
    if unknown:
        raise BadInput(f"unknown key(s) {', '.join(map(repr, unknown))} (known: {', '.join(LINE_KEYS)})", where)
    return entry


def _line_jobs(entry: Mapping[str, Any], defaults: SceneSettings, seed: int, variants: int, number: int,
               where: str) -> list[SceneJob]:
    prompt = entry.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        raise BadInput("'prompt' must be a non-empty string", where)
    first = _integer(entry.get("seed", seed), "seed", where)
    count = _integer(entry.get("variants", variants), "variants", where)
    if count < 1:
        raise BadInput(f"'variants' must be at least 1, got {count}", where)
    settings = _settings(entry, defaults, where)
    text = " ".join(prompt.split())
    return [SceneJob(scene_id(text, s, settings), text, s, settings, number) for s in range(first, first + count)]


def _settings(entry: Mapping[str, Any], defaults: SceneSettings, where: str) -> SceneSettings:
    out = defaults
    if "llm" in entry:
        out = replace(out, llm=_choice(entry["llm"], LLM_CHOICES, "llm", where))
    if "render" in entry:
        out = replace(out, render=_choice(entry["render"], RENDER_CHOICES, "render", where))
    if "resolution" in entry:
        out = replace(out, resolution=_integer(entry["resolution"], "resolution", where))
    if "max_iterations" in entry:
        out = replace(out, max_iterations=_integer(entry["max_iterations"], "max_iterations", where))
    if "time_budget" in entry:
        out = replace(out, time_budget=_positive(entry["time_budget"], "time_budget", where))
    if "effort" in entry:
        out = replace(out, effort=_positive(entry["effort"], "effort", where))
    if "export" in entry:
        value = entry["export"]
        text = ",".join(value) if isinstance(value, list) else value
        if not isinstance(text, str):
            raise BadInput(f"'export' must be a list or a comma-separated string, got {value!r}", where)
        out = replace(out, export=parse_formats(text, where=where))
    return out


def _integer(value: Any, key: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"'{key}' must be an integer, got {value!r}", where)
    return value


def _positive(value: Any, key: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < float("inf"):
        raise BadInput(f"'{key}' must be a positive number, got {value!r}", where)
    return float(value)


def _choice(value: Any, choices: tuple[str, ...], key: str, where: str) -> str:
    if value not in choices:
        raise BadInput(f"'{key}' must be one of {', '.join(choices)}, got {value!r}", where)
    return str(value)
