"""``python -m setdresser``: the command line. A Ctrl-C at any moment, start-up included,
ends with one line and exit status 130; once the command is over, the exit is not interrupted."""
import signal
import sys

try:
    from .blender_addon.cli import main

    status = main()
except KeyboardInterrupt:
    print("interrupted", file=sys.stderr)
    status = 130
signal.signal(signal.SIGINT, signal.SIG_IGN)  # shutdown (Blender's exit handlers included) runs to the end
sys.exit(status)
