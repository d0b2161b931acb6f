"""Selecting objects for the user: exactly the ones an answer, a constraint or a check names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def select_only(view_layer: Any, chosen: Sequence[Any]) -> int:
    """Select exactly ``chosen`` in ``view_layer`` (every other object deselected), the first one
    active; how many were selected."""
    for obj in view_layer.objects:
        obj.select_set(False)
    for obj in chosen:
        obj.select_set(True)
    if chosen:
        view_layer.objects.active = chosen[0]
    return len(chosen)
