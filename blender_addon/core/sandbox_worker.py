"""The sandbox child process's entry script: ``python -I .../sandbox_worker.py``.

It is run by *path*, not with ``-m``, because inside Blender the add-on package is named
``bl_ext.<repo>.setdresser`` and cannot be imported by a plain interpreter. The script
loads the package from its own location under the name ``setdresser`` (so the child runs
exactly the parent's code even if another ``setdresser`` is installed) and hands over to
:mod:`.sandbox_child`. ``-I`` (isolated mode) ignores ``PYTHON*`` variables, the user
site-packages and the current directory.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

PACKAGE_NAME = "setdresser"


def load_package(root: Path) -> None:
    """Import the package rooted at ``root`` as ``setdresser``."""
    spec = importlib.util.spec_from_file_location(PACKAGE_NAME, root / "__init__.py",
                                                  submodule_search_locations=[str(root)])
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the setdresser package from {root}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE_NAME] = module
    spec.loader.exec_module(module)


if __name__ == "__main__":
    ROOT = Path(__file__).resolve().parents[2]
    load_package(ROOT)
    importlib.import_module(f"{PACKAGE_NAME}.blender_addon.core.sandbox_child").main(ROOT)
