"""``python -m setdresser``: the command line. A Ctrl-C at any moment, start-up included,
ends with one line and exit status 130."""
import sys

try:
    from .blender_addon.cli import main

    status = main()
except KeyboardInterrupt:
    print("interrupted", file=sys.stderr)
    status = 130
sys.exit(status)
