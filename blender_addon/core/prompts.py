"""Prompt templates: one versioned file per LLM stage in ``prompts/``, rendered strictly.

A template file looks like::

    <!-- setdresser prompt: planner v1 -->
    @@ system
    You are ...
    @@ user
    Scene: {{description}}

Placeholders are ``{{name}}`` (letters, digits, underscore). Rendering is strict: a
placeholder without a value, a value without a placeholder, or a malformed ``{{`` is a
:class:`PromptError`, so a template and the code that fills it cannot drift apart silently.
Single braces are literal, so JSON examples need no escaping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from .errors import SetDresserError

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"
ROLES = ("system", "user")

_HEADER = re.compile(r"^<!-- setdresser prompt: (?P<name>[a-z_]+) v(?P<version>\d+) -->$")
_SECTION = re.compile(r"^@@ (?P<role>[a-z]+)\s*$")
_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_OPENING = re.compile(r"\{\{")


class PromptError(SetDresserError):
    """A template file is malformed or was rendered with the wrong variables."""


@dataclass(frozen=True)
class PromptTemplate:
    """A parsed template: its stage name, version and text per role (system, user)."""

    name: str
    version: int
    sections: tuple[tuple[str, str], ...]
    source: str = ""

    @property
    def id(self) -> str:
        """``planner/v1``: recorded with every request so transcripts say which prompt was used."""
        return f"{self.name}/v{self.version}"

    def placeholders(self) -> set[str]:
        """Every variable name the template uses."""
        return {m.group(1) for _, text in self.sections for m in _PLACEHOLDER.finditer(text)}

    def render(self, variables: Mapping[str, str]) -> list[tuple[str, str]]:
        """``[(role, text), ...]`` with every placeholder filled; strict (see module doc)."""
        wanted = self.placeholders()
        missing = sorted(wanted - set(variables))
        unused = sorted(set(variables) - wanted)
        if missing:
            raise PromptError(f"prompt {self.id}: no value for placeholder(s) {missing}")
        if unused:
            raise PromptError(f"prompt {self.id}: unknown variable(s) {unused} (the template does not use them)")
        for key, value in variables.items():
            if not isinstance(value, str):
                raise PromptError(f"prompt {self.id}: variable '{key}' must be text, got {type(value).__name__}")
        return [(role, _PLACEHOLDER.sub(lambda m: variables[m.group(1)], text)) for role, text in self.sections]


def parse_template(text: str, source: str = "<string>") -> PromptTemplate:
    """Parse a template file's text; errors name the file and line."""
    lines = text.splitlines()
    header = _HEADER.match(lines[0].strip()) if lines else None
    if header is None:
        raise PromptError(f"{source}:1: first line must be '<!-- setdresser prompt: NAME vN -->'")
    sections: list[tuple[str, list[str]]] = []
    for number, line in enumerate(lines[1:], start=2):
        section = _SECTION.match(line)
        if section:
            role = section.group("role")
            if role not in ROLES or any(r == role for r, _ in sections):
                raise PromptError(f"{source}:{number}: section '{role}' is unknown or repeated (roles: {ROLES})")
            sections.append((role, []))
        elif sections:
            sections[-1][1].append(line)
        elif line.strip():
            raise PromptError(f"{source}:{number}: text before the first '@@ ROLE' section")
        _check_braces(line, f"{source}:{number}")
    if not any(role == "user" for role, _ in sections):
        raise PromptError(f"{source}: a template needs an '@@ user' section")
    return PromptTemplate(name=header.group("name"), version=int(header.group("version")),
                          sections=tuple((role, "\n".join(body).strip() + "\n") for role, body in sections),
                          source=source)


def _check_braces(line: str, where: str) -> None:
    """Every ``{{`` must open a well-formed placeholder."""
    placeholders = {m.start() for m in _PLACEHOLDER.finditer(line)}
    for opening in _OPENING.finditer(line):
        if opening.start() not in placeholders:
            raise PromptError(f"{where}: '{{{{' must open a placeholder like {{{{name}}}}")


def load_template(name: str, directory: Path | None = None) -> PromptTemplate:
    """Load ``prompts/<name>.md``; the header's name must match the file name."""
    path = (directory or PROMPTS_DIR) / f"{name}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PromptError(f"cannot read prompt template {path}: {exc.strerror}") from exc
    template = parse_template(text, source=str(path))
    if template.name != name:
        raise PromptError(f"{path}:1: header names prompt '{template.name}', expected '{name}'")
    return template
