"""Safety of an output folder by content (issue 12 item 5): what a run may overwrite, and one run
at a time.

- :func:`changed_files`: against the folder's ``manifest.json`` (every file the last run wrote,
  with its SHA-256), the files changed since, and any link; names the run does not write are
  refused by ``core.report.foreign_entries``.
- :func:`run_lock`: an exclusive lock file in the folder for the whole run; a second run into the
  same folder is refused at once instead of interleaving its files.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

from ..core.errors import BadInput
from ..core.report import LEFTOVER_TEMPORARY

LOCK_FILE = ".setdresser.lock"
MANIFEST_FILE = "manifest.json"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def changed_files(out: Path) -> list[str]:
    """Files of ``out`` that must not be overwritten: links, and files changed since the manifest
    recorded their SHA-256 (sorted)."""
    links = [p.relative_to(out).as_posix() + " (a link)" for p in out.rglob("*") if p.is_symlink()]
    manifest = out / MANIFEST_FILE
    if not manifest.is_file() or manifest.is_symlink():
        return sorted(links)
    try:
        listed = {str(f["path"]): str(f["sha256"]) for f in json.loads(manifest.read_text(encoding="utf-8"))["files"]}
    except (OSError, ValueError, KeyError, TypeError):
        return sorted([*links, f"{MANIFEST_FILE} (unreadable)"])
    problems = list(links)
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if path.is_symlink() or not path.is_file() or rel in (MANIFEST_FILE, LOCK_FILE) \
                or LEFTOVER_TEMPORARY.match(path.name):
            continue
        digest = listed.get(rel)  # unlisted files are judged by name (foreign_entries)
        if digest is not None and _sha256(path) != digest:
            problems.append(f"{rel} (changed since Set Dresser wrote it)")
    return sorted(problems)


@contextlib.contextmanager
def run_lock(out: Path) -> Iterator[None]:
    """Hold ``out/.setdresser.lock`` exclusively for the block (POSIX); BadInput if another run holds it."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; the content check still applies
        yield
        return
    out.mkdir(parents=True, exist_ok=True)
    fd = os.open(out / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise BadInput("another Set Dresser run is writing into this folder; wait for it or choose another",
                           f"--out {out}") from None
        yield
    finally:
        os.close(fd)  # closing releases the lock
