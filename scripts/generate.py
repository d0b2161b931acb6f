"""Generate a scene from inside Blender (or with the ``bpy`` module).

    blender --background --python scripts/generate.py -- "PROMPT" --out DIR [flags]
    python scripts/generate.py -- "PROMPT" --out DIR [flags]

The flags are those of ``python -m setdresser generate`` (CONTRACTS §2). Blender's own
Python does not have Set Dresser installed, so this script imports the checkout it lives
in as the package ``setdresser`` (the repository root is the package root).
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
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
    """Run ``generate`` with the script's arguments; returns the exit status (CONTRACTS §2).

    Only the generate command is loaded (not the whole CLI), so optional dependencies of
    other sub-commands (rich tables, CLIP) need not exist in Blender's bundled Python.
    """
    import_checkout()
    from setdresser.blender_addon.cli import generate as cli_generate
    from setdresser.blender_addon.core.errors import BadInput

    parser = argparse.ArgumentParser(prog="blender --background --python scripts/generate.py --",
                                     description="Set Dresser: text to a Blender scene.")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    cli_generate.add_arguments(parser)
    args = parser.parse_args(script_args(sys.argv if argv is None else argv))
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return int(cli_generate.run(args))
    except BadInput as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    except Exception as exc:  # internal failure: one line, the traceback only with --verbose
        if args.verbose:
            logging.getLogger("setdresser").exception("internal failure")
        sys.stderr.write(f"internal error: {type(exc).__name__}: {exc}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
