"""``python -m setdresser library list|show|diff|rollback``: the versioned skill library.

- ``list``: every relation and its versions (the active one marked);
- ``show NAME [--version V]``: a version's scoring source and provenance (JSON with ``--json``);
- ``diff NAME V1 V2``: a unified diff of two versions' scoring sources;
- ``rollback NAME [--to V]``: make an earlier version active (default: the one before the
  active one). Nothing is deleted; a later ``rollback --to`` can return to any listed version.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.errors import BadInput


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sub-actions and their arguments."""
    parser.add_argument("--library", type=Path, default=None,
                        help="skill library folder (default $SETDRESSER_LIBRARY_DIR or your user library)")
    actions = parser.add_subparsers(dest="action", required=True)
    listing = actions.add_parser("list", help="relations and their versions")
    listing.add_argument("--learned", action="store_true", help="only relations with learned versions")
    show = actions.add_parser("show", help="a version's source and provenance")
    show.add_argument("name")
    show.add_argument("--version", type=int, default=None, help="default: the active version")
    show.add_argument("--json", action="store_true", help="provenance as JSON only")
    diff = actions.add_parser("diff", help="diff two versions")
    diff.add_argument("name")
    diff.add_argument("v1", type=int)
    diff.add_argument("v2", type=int)
    rollback = actions.add_parser("rollback", help="make an earlier version active")
    rollback.add_argument("name")
    rollback.add_argument("--to", type=int, default=None, help="default: the version before the active one")


def _root(args: argparse.Namespace) -> Path:
    """The library to read, or (rollback) to write: the user library, never the installed package."""
    from ...skill_library.registry import library_root, writable_library_root

    return (args.library or (writable_library_root() if args.action == "rollback" else library_root())).resolve()


def run(args: argparse.Namespace) -> int:
    """Do the action; output on stdout, exit 0 (bad names and versions: exit 2)."""
    from ..core.learning import library

    root = _root(args)
    if args.action == "list":
        rows = library.versions(root)
        learned = {v.name for v in rows if v.origin == "learned"}
        for v in rows:
            if args.learned and v.name not in learned:
                continue
            mark = "*" if v.active else " "
            sys.stdout.write(f"{mark} {v.name:<14} v{v.version:<3} {v.origin:<8} {v.file}\n")
        return 0
    if args.action == "show":
        info = library.version_info(root, args.name, args.version)
        record = library.provenance(root, info)
        if args.json:
            sys.stdout.write(json.dumps(record or {"relation": info.name, "version": info.version,
                                                   "origin": info.origin}, indent=2) + "\n")
            return 0
        sys.stdout.write(f"{info.name} v{info.version} ({info.origin}{', active' if info.active else ''}) "
                         f"{info.file}\n{info.description}\n\n{library.version_text(root, info)}")
        if record:
            tests = record.get("tests", {})
            sys.stdout.write(f"\nmodel: {record.get('model')}  prompt: {record.get('prompt_id')}\n"
                             f"rationale: {record.get('rationale')}\ngates: {tests.get('reason')}\n"
                             f"from {len(record.get('scenes', []))} scene(s): "
                             + "; ".join(repr(s.get("prompt")) for s in record.get("scenes", [])) + "\n")
        return 0
    if args.action == "diff":
        sys.stdout.write(library.diff_versions(root, args.name, args.v1, args.v2) or "(no difference)\n")
        return 0
    return _rollback(root, args.name, args.to)


def _rollback(root: Path, name: str, to: int | None) -> int:
    from ..core.learning import library

    listed = [v.version for v in library.versions(root, name)]
    current = library.version_info(root, name).version
    if to is None:
        earlier = [v for v in listed if v < current]
        if not earlier:
            raise BadInput(f"{name} v{current} is the oldest version; nothing to roll back to", "NAME")
        to = max(earlier)
    previous = library.set_active(root, name, to)
    sys.stdout.write(f"{name}: active version v{previous} -> v{to} (no version was deleted)\n")
    return 0
