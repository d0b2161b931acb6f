"""Configuration of the LLM backend: flags, environment, and the endpoint as errors name it.

Flags (``add_llm_arguments``): ``--base-url``, ``--api-key``, ``--model``, ``--planner-model``,
``--coder-model``, ``--reviewer-model``, ``--temperature``, ``--llm-timeout``,
``--llm-retries``, ``--no-structured-output``, ``--replay``, ``--token-budget``. Environment: ``OPENAI_BASE_URL``,
``OPENAI_API_KEY``. The key is held in a field hidden from ``repr`` and never logged.
"""

from __future__ import annotations

import argparse
import logging
import os
from dataclasses import dataclass, field
from typing import Mapping
from urllib.parse import urlsplit, urlunsplit

from ..core.errors import BadInput

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_MODEL = "gpt-4o"
# Local servers (Ollama, vLLM, LM Studio, llama.cpp) ignore the key, but the openai client
# insists on one; this stands in when the endpoint is not OpenAI's and no key was given.
PLACEHOLDER_KEY = "no-key"
# Which configurable model answers each stage: assets and decomposer are planning work.
STAGE_ROLE = {"assets": "planner", "decomposer": "planner", "planner": "planner", "coder": "coder",
              "reviewer": "reviewer"}


@dataclass(frozen=True)
class LLMConfig:
    """Everything the openai client needs; ``stage_models`` overrides ``model`` per role."""

    base_url: str = DEFAULT_BASE_URL
    api_key: str = field(default="", repr=False)
    model: str = DEFAULT_MODEL
    stage_models: Mapping[str, str] = field(default_factory=dict)
    temperature: float = 0.2
    timeout_s: float = 120.0
    max_attempts: int = 3
    backoff_s: float = 1.0
    backoff_max_s: float = 20.0
    structured_output: bool = True

    def __post_init__(self) -> None:
        if self.timeout_s <= 0:
            raise BadInput(f"must be > 0, got {self.timeout_s}", "--llm-timeout")
        if not 1 <= self.max_attempts <= 10:
            raise BadInput(f"must be 1..10, got {self.max_attempts}", "--llm-retries")
        if not 0.0 <= self.temperature <= 2.0:
            raise BadInput(f"must be in [0, 2], got {self.temperature}", "--temperature")
        if urlsplit(self.base_url).scheme not in ("http", "https"):
            raise BadInput(f"must be an http(s) URL, got {redact_url(self.base_url)!r}", "--base-url")

    def model_for(self, stage: str) -> str:
        """The model that answers ``stage`` (planner/coder/reviewer overrides, else ``model``)."""
        return self.stage_models.get(STAGE_ROLE.get(stage, stage)) or self.model

    @property
    def endpoint(self) -> str:
        """The base URL as errors and transcripts show it: no user, password or query."""
        return redact_url(self.base_url)


def redact_url(url: str) -> str:
    """``url`` without credentials (``user:pass@``) or query string (``?key=...``)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path.rstrip("/"), "", ""))


def add_llm_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the LLM flags on a sub-command parser (used by ``generate``)."""
    group = parser.add_argument_group("LLM backend (--llm openai)")
    group.add_argument("--base-url",
                       help=f"OpenAI-compatible endpoint (default: $OPENAI_BASE_URL or {DEFAULT_BASE_URL})")
    group.add_argument("--api-key", help="API key (default: $OPENAI_API_KEY; prefer the variable: flags show in ps)")
    group.add_argument("--model", help=f"model for every stage (default {DEFAULT_MODEL})")
    group.add_argument("--planner-model", help="model for the assets, decomposer and planner stages")
    group.add_argument("--coder-model", help="model for the coder stage")
    group.add_argument("--reviewer-model", help="vision model for the reviewer stage")
    group.add_argument("--temperature", type=float, default=0.2, help="sampling temperature (default 0.2)")
    group.add_argument("--llm-timeout", type=float, default=120.0, metavar="S",
                       help="seconds per request (default 120)")
    group.add_argument("--llm-retries", type=int, default=3, metavar="N",
                       help="attempts per request on 429/5xx/timeouts/connection errors (default 3)")
    group.add_argument("--no-structured-output", action="store_true",
                       help="never send response_format json_schema (for servers that mishandle it)")
    group.add_argument("--replay", metavar="TRANSCRIPT",
                       help="answer every LLM request from a recorded transcript.jsonl")
    group.add_argument("--token-budget", type=int, default=0, metavar="N",
                       help="stop asking the model once the run's prompt + completion tokens would pass N: the "
                            "reviewer accepts the best round so far; before a first round the run ends (default: none)")
    group.add_argument("--scene-tool", choices=("auto", "on", "off"), default="auto",
                       help="the reviewer queries the scene database instead of reading the whole scene: "
                            "auto (scenes too large to paste, measured), on, off (default auto)")


@dataclass(frozen=True)
class LLMSettings:
    """The LLM options as typed values, read from CLI flags (:meth:`from_args`) and from the
    add-on preferences (``prefs.llm_settings``) alike; ``None`` = the environment or the default."""

    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    model: str | None = None
    planner_model: str | None = None
    coder_model: str | None = None
    reviewer_model: str | None = None
    temperature: float = 0.2
    timeout_s: float = 120.0
    retries: int = 3
    structured_output: bool = True
    replay: str | None = None  # answer every request from this recorded transcript.jsonl
    scene_tool: str = "auto"  # the reviewer queries the scene database: auto, on, off
    token_budget: int = 0  # prompt + completion tokens the run may spend (0: no limit)
    key_from_flag: bool = field(default=False, repr=False)  # the key came from --api-key (visible in ps)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> "LLMSettings":
        """The settings of parsed flags (``add_llm_arguments``); flags a command lacks take defaults."""
        return cls(base_url=getattr(args, "base_url", None), api_key=getattr(args, "api_key", None),
                   model=getattr(args, "model", None), planner_model=getattr(args, "planner_model", None),
                   coder_model=getattr(args, "coder_model", None), reviewer_model=getattr(args, "reviewer_model", None),
                   temperature=float(getattr(args, "temperature", 0.2)),
                   timeout_s=float(getattr(args, "llm_timeout", 120.0)), retries=int(getattr(args, "llm_retries", 3)),
                   structured_output=not getattr(args, "no_structured_output", False),
                   replay=getattr(args, "replay", None), scene_tool=getattr(args, "scene_tool", None) or "auto",
                   token_budget=_budget(getattr(args, "token_budget", 0)),
                   key_from_flag=bool(getattr(args, "api_key", None)))

    def config(self, environ: Mapping[str, str] | None = None) -> LLMConfig:
        """The client configuration: these settings over the environment (settings win)."""
        env = os.environ if environ is None else environ
        base_url = self.base_url or env.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL
        api_key = self.api_key or env.get("OPENAI_API_KEY") or ""
        if self.key_from_flag:
            log.warning("--api-key is visible to other users in ps and in shell history; prefer OPENAI_API_KEY")
        if not api_key:
            if redact_url(base_url) == DEFAULT_BASE_URL:
                raise BadInput("no API key: set OPENAI_API_KEY (or pass --api-key)", "--llm openai")
            api_key = PLACEHOLDER_KEY
        roles = {"planner": self.planner_model, "coder": self.coder_model, "reviewer": self.reviewer_model}
        return LLMConfig(base_url=base_url, api_key=api_key, model=self.model or DEFAULT_MODEL,
                         stage_models={role: model for role, model in roles.items() if model},
                         temperature=float(self.temperature), timeout_s=float(self.timeout_s),
                         max_attempts=int(self.retries), structured_output=self.structured_output)


def _budget(value: object) -> int:
    """``--token-budget``: a whole number >= 0 (0: no limit)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadInput(f"must be a whole number of tokens >= 0, got {value!r}", "--token-budget")
    return value


def settings_of(source: "LLMSettings | argparse.Namespace") -> LLMSettings:
    """Typed settings from either typed settings or parsed CLI flags."""
    return source if isinstance(source, LLMSettings) else LLMSettings.from_args(source)


def config_from_args(args: "argparse.Namespace | LLMSettings", environ: Mapping[str, str] | None = None) -> LLMConfig:
    """An :class:`LLMConfig` from parsed flags (or :class:`LLMSettings`) and the environment (flags win)."""
    return settings_of(args).config(environ)
