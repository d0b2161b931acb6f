"""``python -m setdresser``: the command line."""
import sys

from .blender_addon.cli import main

sys.exit(main())
