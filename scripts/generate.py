"""Generate a scene from inside Blender (or with the ``bpy`` module).

    blender --background --python scripts/generate.py -- "PROMPT" --out DIR [flags]
    python scripts/generate.py -- "PROMPT" --out DIR [flags]

The flags are those of ``python -m setdresser generate`` (CONTRACTS §2). Blender's own
Python does not have Set Dresser installed, so this script imports the checkout it lives
in as the package ``setdresser`` (the repository root is the package root).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def import_checkout(root: Path = ROOT) -> ModuleType:
    """Import ``root`` as the package ``setdresser`` (reusing it if that is already loaded)."""
    loaded = sys.modules.get("setdresser")
    if loaded is not None and Path(getattr(loaded, "__file__", "") or "").resolve() == root / "__init__.py":
        return loaded
    spec = importlib.util.spec_from_file_location("setdresser", root / "__init__.py",
                                                  submodule_search_locations=[str(root)])
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import Set Dresser from {root}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["setdresser"] = module
    spec.loader.exec_module(module)
    return module


def script_args(argv: list[str]) -> list[str]:
    """The arguments meant for us: everything after ``--`` (Blender keeps the ones before)."""
    if "--" in argv:
        return argv[argv.index("--") + 1:]
    return argv[1:]


def main(argv: list[str] | None = None) -> int:
    """Run ``generate`` with the script's arguments; returns the exit status."""
    import_checkout()
    from setdresser.blender_addon.cli import main as cli_main

    return cli_main(["generate", *script_args(sys.argv if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
