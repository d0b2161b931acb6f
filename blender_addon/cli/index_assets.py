"""``python -m setdresser index-assets DIR...``: index folders of your own 3D models.

Writes INDEX/index.json, assets.jsonl, thumbnails/ and (with CLIP) embeddings.npy; see
``docs/user_assets.md``. bpy (and torch, with ``--clip-model``) are imported only inside
:func:`run`.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

from ..core.errors import BadInput
from ..core.retrieval.index import DEFAULT_INDEX_DIR, default_index_dir, is_index_folder
from ..core.retrieval.scan import DEFAULT_MAX_MB

log = logging.getLogger(__name__)



def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``index-assets``."""
    parser.add_argument("dirs", type=Path, nargs="+", metavar="DIR", help="folders (or files) of 3D models")
    parser.add_argument("--out", type=Path, default=None,
                        help=f"index folder (default: FIRST_DIR/{DEFAULT_INDEX_DIR})")
    parser.add_argument("--resume", action="store_true",
                        help="keep the index and skip files already in it (by SHA-256)")
    parser.add_argument("--max-mb", type=float, default=DEFAULT_MAX_MB,
                        help=f"skip files larger than this many MB (default {DEFAULT_MAX_MB:g})")
    parser.add_argument("--clip-model", default=None,
                        help="also store CLIP image embeddings with this open_clip model (e.g. ViT-B-32; "
                             "needs pip install 'setdresser[clip]')")
    parser.add_argument("--clip-pretrained", default=None,
                        help="weights: a file path or an open_clip tag found in your local cache")
    parser.add_argument("--allow-download", action="store_true", help="let open_clip download missing CLIP weights")
    parser.add_argument("--force", action="store_true", help="write into a folder that holds other files")


def check_args(args: argparse.Namespace) -> None:
    """Reject bad flags before Blender starts."""
    for folder in args.dirs:
        if not folder.exists():
            raise BadInput("no such file or folder", str(folder))
    if not args.max_mb > 0:
        raise BadInput(f"must be positive, got {args.max_mb}", "--max-mb")
    if args.clip_pretrained and not args.clip_model:
        raise BadInput("needs --clip-model", "--clip-pretrained")
    out = args.out or default_index_dir(args.dirs)
    if out.exists() and not out.is_dir():
        raise BadInput("exists and is not a folder", f"--out {out}")
    if out.is_symlink() and not args.force:
        raise BadInput("is a link; name the folder itself or pass --force", f"--out {out}")
    if out.is_dir() and any(out.iterdir()) and not is_index_folder(out) and not args.force:
        raise BadInput("holds files that are not an asset index; choose another folder or pass --force",
                       f"--out {out}")


def run(args: argparse.Namespace) -> int:
    """Index the folders; 0 when the index was written (even if some files were skipped)."""
    check_args(args)
    from ..bl.asset_index_build import IndexSettings, build_index

    encoder = None
    if args.clip_model:
        from ..services.clip_encoder import DEFAULT_PRETRAINED, ClipEncoder

        encoder = ClipEncoder(args.clip_model, args.clip_pretrained or DEFAULT_PRETRAINED,
                              allow_download=args.allow_download)
    out = args.out or default_index_dir(args.dirs)
    settings = IndexSettings(roots=tuple(args.dirs), out=out, max_mb=args.max_mb, resume=args.resume)
    try:
        from rich.console import Console
    except ImportError:  # Blender's bundled Python has no rich: plain lines
        from .console import PlainConsole

        console: Any = PlainConsole()
        index = build_index(settings, encoder=encoder, progress=lambda done, total, path: console.print(
            f"  index {done + 1}/{total} {_safe(Path(path).name)}") if path else None)
    else:
        console = Console(stderr=True, highlight=False, soft_wrap=True)
        index = _with_progress_bar(console, settings, encoder)
    counts = index.manifest.counts
    console.print(f"[bold green]   done[/] {counts['assets']} assets from {counts['files_indexed']} new file(s), "
                  f"{counts['files_already_indexed']} already indexed, {counts['files_skipped']} skipped; "
                  f"index: {_safe(str(out))}", markup=True)
    for item in index.manifest.skipped:
        console.print(f"[yellow]skipped[/] {_safe(item.file)}: {_safe(item.reason)}", markup=True)
    return 0


def _safe(text: str) -> str:
    """Escape rich markup in file names and importer messages ("chair[v2].glb")."""
    return text.replace("[", "\\[")


def _with_progress_bar(console: Any, settings: Any, encoder: Any) -> Any:
    """build_index under a rich progress bar (files done / to do, current file name)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..bl.asset_index_build import build_index

    columns = (TextColumn("[bold cyan]  index[/]"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("{task.description}"))
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=None)

        def on_file(done: int, total: int, path: str) -> None:
            bar.update(task, completed=done, total=total, description=_safe(Path(path).name))

        return build_index(settings, encoder=encoder, progress=on_file)
