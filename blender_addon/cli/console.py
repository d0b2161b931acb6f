"""The CLI's terminal: rich on stderr (or plain lines in a Blender without rich), one line per
pipeline event and the run's closing summary; text from users, models and paths is escaped."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from ..core.pipeline import Event, GenerateResult, IterationScored, Notice, Progress


class PlainConsole:
    """What the CLI needs of rich's Console, for a Blender whose Python has no rich."""

    MARKUP = re.compile(r"(?<!\\)\[/?[a-z ]*\]")

    def print(self, text: str, markup: bool = True) -> None:
        """Write one line to stderr, markup tags removed and escaped brackets restored."""
        if markup:
            text = self.MARKUP.sub("", text).replace("\\[", "[")
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


def make_console() -> Any:
    """rich on stderr when installed (it is a dependency), else plain lines."""
    try:
        from rich.console import Console
    except ImportError:  # Blender's bundled Python running scripts/generate.py
        return PlainConsole()
    return Console(stderr=True, highlight=False, soft_wrap=True)


def show_event(console: Any, event: Event) -> None:
    """One terminal line per pipeline event."""
    if isinstance(event, Progress):
        console.print(f"[bold cyan]{event.stage:>7}[/] {safe_text(event.message)}", markup=True)
    elif isinstance(event, Notice):
        colour = "yellow" if event.kind == "warning" else "magenta"
        console.print(f"[bold {colour}]{event.kind:>7}[/] {safe_text(event.message)}", markup=True)
    elif isinstance(event, IterationScored):
        record = event.record
        if record.failed:
            console.print(f"[dim]        failing: {safe_text(', '.join(record.failed))}[/]", markup=True)


def show_summary(console: Any, result: GenerateResult, out: Path) -> None:
    """The final lines: what holds, what was not understood, where the files are."""
    best = next(r for r in result.iterations if r.iteration == result.best_iteration)
    physics = "physics ok" if result.layout.checks.valid else "physics violated: " + safe_text(json.dumps(
        result.layout.checks.to_dict()))
    unparsed = result.graph.unparsed
    held = f"{best.score.satisfied}/{best.score.total} planned relations hold" + (
        f" (the prompt was only partly understood: {len(unparsed)} part(s) not)" if unparsed else "")
    console.print(f"[bold green]   done[/] {len(result.layout.objects)} objects; {held}; {physics} "
                  f"(best of {len(result.iterations)} iteration(s): {result.best_iteration})", markup=True)
    if unparsed:
        console.print(f"[bold magenta]   note[/] not understood: {safe_text('; '.join(unparsed))}", markup=True)
    archetypes = sorted({r.source.split(":", 1)[0].removeprefix("archetype ") for r in result.graph.relations
                         if r.source.startswith("archetype ")})
    if archetypes:
        console.print(f"[bold magenta]   note[/] furnished from the room archetype {safe_text(', '.join(archetypes))} "
                      "(--no-complete places only what you named)", markup=True)
    console.print(f"[bold green]  files[/] {safe_text(str(out))}", markup=True)


def safe_text(text: str) -> str:
    """Escape rich markup and drop terminal control characters in text that came from the user, a
    model or a file path."""
    from ..core.script.errors import printable

    return printable(text).replace("[", "\\[")
