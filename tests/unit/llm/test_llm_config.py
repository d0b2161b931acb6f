"""LLM configuration from flags and environment; the endpoint as errors show it; the test server itself."""
from __future__ import annotations

import argparse

import openai
import pytest
from support.openai_server import OpenAIServer

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.transcript import REDACTED, scrub
from setdresser.blender_addon.services.llm_config import (DEFAULT_BASE_URL, PLACEHOLDER_KEY, LLMConfig,
                                                          add_llm_arguments, config_from_args, redact_url)


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_llm_arguments(parser)
    return parser.parse_args(list(argv))


def test_flags_win_over_the_environment_and_models_are_per_stage() -> None:
    env = {"OPENAI_BASE_URL": "http://env-host:8000/v1", "OPENAI_API_KEY": "env-key"}
    config = config_from_args(_args("--model", "big", "--reviewer-model", "vision", "--coder-model", "coder",
                                    "--llm-timeout", "7", "--llm-retries", "5", "--temperature", "0"), env)
    assert (config.base_url, config.api_key, config.timeout_s, config.max_attempts) == (
        "http://env-host:8000/v1", "env-key", 7.0, 5)
    assert [config.model_for(s) for s in ("assets", "decomposer", "planner", "coder", "reviewer")] == [
        "big", "big", "big", "coder", "vision"]
    flagged = config_from_args(_args("--base-url", "http://flag:1/v1", "--api-key", "flag-key",
                                     "--no-structured-output"), env)
    assert (flagged.base_url, flagged.api_key, flagged.structured_output) == ("http://flag:1/v1", "flag-key", False)


def test_missing_key_is_bad_input_for_openai_and_a_placeholder_for_local_servers() -> None:
    with pytest.raises(BadInput, match="no API key: set OPENAI_API_KEY"):
        config_from_args(_args(), {})
    local = config_from_args(_args("--base-url", "http://localhost:11434/v1"), {})
    assert local.api_key == PLACEHOLDER_KEY and DEFAULT_BASE_URL.startswith("https://")


@pytest.mark.parametrize("argv, where", [
    (("--llm-timeout", "0"), "--llm-timeout"), (("--llm-retries", "0"), "--llm-retries"),
    (("--temperature", "3"), "--temperature"), (("--base-url", "ftp://x"), "--base-url"),
])
def test_bad_settings_are_bad_input_naming_the_flag(argv: tuple[str, ...], where: str) -> None:
    with pytest.raises(BadInput, match=f"^{where}: "):
        config_from_args(_args(*argv), {"OPENAI_API_KEY": "k"})


def test_endpoint_and_repr_hide_credentials() -> None:
    config = LLMConfig(base_url="https://user:pw@example.com:8443/v1/?api-key=secret", api_key="sk-hidden")
    assert config.endpoint == "https://example.com:8443/v1"
    assert "sk-hidden" not in repr(config) and "pw" not in config.endpoint
    assert redact_url("http://127.0.0.1:5/v1") == "http://127.0.0.1:5/v1"


def test_scrub_removes_known_secrets_and_key_shaped_strings_everywhere() -> None:
    value = {"a": ["my-secret here", {"Bearer abcdefgh1234567890abcd": "sk-" + "x" * 24}], "n": 3,
             "sk-learn": "a flag bearer standing by sk-learn"}
    assert scrub(value, ["my-secret"]) == {"a": [f"{REDACTED} here", {REDACTED: REDACTED}], "n": 3,
                                           "sk-learn": "a flag bearer standing by sk-learn"}


def test_the_test_server_lists_models_and_records_requests() -> None:
    with OpenAIServer() as server:
        client = openai.OpenAI(base_url=server.url, api_key="k", max_retries=0, timeout=2)
        assert [m.id for m in client.models.list()] == ["test-model"]
        with pytest.raises(openai.InternalServerError, match="no reply left"):
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
        assert server.requests[0].body["model"] == "m" and server.requests[0].message_texts() == ["hi"]
        assert [r.method for r in server.state.requests] == ["GET", "POST"]


def test_the_test_server_loads_scripted_replies_from_a_jsonl_file(tmp_path) -> None:
    from support.openai_server import load_script

    path = tmp_path / "replies.jsonl"
    path.write_text('{"json": {"a": 1}}\n\n{"status": 503}\n{"hang": 60}\n{"content": "hi"}\n{"raw": "<p>"}\n')
    replies = load_script(str(path))
    assert [(r.content, r.status, r.delay_s) for r in replies] == [
        ('{"a": 1}', 200, 0.0), ("", 503, 0.0), ("(late reply)", 200, 10.0), ("hi", 200, 0.0), ("", 200, 0.0)]
    assert replies[4].raw == b"<p>"
    path.write_text('{"sleep": 1}\n')
    with pytest.raises(ValueError, match="replies.jsonl:1: expected one of"):
        load_script(str(path))


def test_typed_settings_from_flags_make_the_same_config() -> None:
    from setdresser.blender_addon.services.llm_config import LLMSettings

    args = _args("--base-url", "http://h:1/v1", "--model", "m", "--coder-model", "c", "--llm-timeout", "9",
                 "--llm-retries", "2", "--no-structured-output", "--scene-tool", "on")
    settings = LLMSettings.from_args(args)
    assert settings == LLMSettings(base_url="http://h:1/v1", model="m", coder_model="c", timeout_s=9.0, retries=2,
                                   structured_output=False, scene_tool="on")
    assert settings.config(environ={}) == config_from_args(args, environ={})
    assert config_from_args(settings, environ={}).model_for("coder") == "c"
