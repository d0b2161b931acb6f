"""Where a batch keeps its files under DIR, and when a scene folder counts as complete.

    DIR/scenes/<scene id>/   one generate output folder each (moved in whole when done)
    DIR/.work/               attempts in progress (removed when they end; stale ones on start)
    DIR/logs/<scene id>.log  generate's output of the scene's last attempt
    DIR/incomplete/          a scene folder found incomplete when its scene was made again
    DIR/index.jsonl          one line per scene: prompt, seed, status, metrics, timings, tokens
    DIR/summary.md           pass rates, a table and a chart (summary.png)
"""

from __future__ import annotations

from pathlib import Path

SCENES_DIR = "scenes"
WORK_DIR = ".work"
LOG_DIR = "logs"
INCOMPLETE_DIR = "incomplete"  # scene folders found incomplete (files removed by hand), kept, not deleted
INDEX_FILE = "index.jsonl"
SUMMARY_FILE = "summary.md"
CHART_FILE = "summary.png"
LOCK_FILE = ".batch.lock"
BATCH_RECORD = "batch.json"
# what generate writes last (manifest.json) and what every use of a scene needs
COMPLETE_FILES = ("layout.json", "report.json", "scene.blend", "manifest.json")


def is_complete(folder: Path, *, require_record: bool = True) -> bool:
    """Every file a finished scene has (and the batch's own record, unless not yet written)."""
    names = COMPLETE_FILES + ((BATCH_RECORD,) if require_record else ())
    return folder.is_dir() and all((folder / n).is_file() for n in names)
