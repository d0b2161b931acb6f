"""The relation table of docs/relations.md, generated from each relation plugin's own ``SPEC``
(name, arguments, description, parameters with types, defaults and tolerances): the same text
the LLM prompts show (``RelationCatalog.prompt_text``), so the docs and the prompts cannot drift
from the code.

    python scripts/relation_table.py           # rewrite the table in docs/relations.md
    python scripts/relation_table.py --check   # exit 1 when it is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "relations.md"
BEGIN, END = "<!-- relations:begin (scripts/relation_table.py) -->", "<!-- relations:end -->"


def table() -> str:
    """The generated section: every active relation as the prompts list it."""
    from setdresser.blender_addon.core.stages.catalog import default_catalog

    return "\n".join([BEGIN, "```text", default_catalog().prompt_text(), "```", END])


def updated(text: str) -> str:
    """``text`` with the generated section replaced (appended under a heading when missing)."""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        return head + table() + rest.split(END, 1)[1]
    return text.rstrip("\n") + "\n\n## The relations (generated)\n\n" + table() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the table is current")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    new = updated(text)
    if args.check:
        if new != text:
            print(f"{DOC} is out of date: run python scripts/relation_table.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
