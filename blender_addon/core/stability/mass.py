"""Masses for the static stability rule: a bulk density per category (data) times box volume."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import BadInput

DENSITY_SCHEMA = "setdresser.density/1"
DENSITY_FILE = Path(__file__).with_name("density.json")


class Densities:
    """Bulk densities (kg/m^3 of bounding box) by category, last word or keyword."""

    def __init__(self, data: Mapping[str, Any], source: str = "<memory>") -> None:
        if data.get("schema") != DENSITY_SCHEMA:
            raise BadInput(f"schema must be {DENSITY_SCHEMA!r}", source)
        try:
            self.default = float(data["default"])
            self.categories = {str(k).lower(): float(v) for k, v in data.get("categories", {}).items()}
            self.keywords = {str(k).lower(): float(v) for k, v in data.get("keywords", {}).items()}
        except (KeyError, TypeError, ValueError) as exc:
            raise BadInput(f"bad density table: {exc}", source) from exc
        if self.default <= 0 or any(v <= 0 for v in (*self.categories.values(), *self.keywords.values())):
            raise BadInput("densities must be positive", source)

    def of(self, category: str) -> float:
        """The density of ``category`` ("cardboard box", "book_3" -> its words)."""
        words = [w for w in str(category).lower().replace("-", " ").replace("_", " ").split() if not w.isdigit()]
        if not words:
            return self.default
        joined = "_".join(words)
        if joined in self.categories:
            return self.categories[joined]
        if words[-1] in self.categories:
            return self.categories[words[-1]]
        for word in words:
            if word in self.keywords:
                return self.keywords[word]
        return self.default


@functools.lru_cache(maxsize=1)
def load_densities() -> Densities:
    """The packaged density table, read once."""
    return Densities(json.loads(DENSITY_FILE.read_text(encoding="utf-8")), str(DENSITY_FILE))


def densities_of(categories: Sequence[str]) -> np.ndarray:
    """[N] densities of the categories."""
    table = load_densities()
    return np.array([table.of(c) for c in categories], dtype=float)


def masses(categories: Sequence[str], size: np.ndarray) -> np.ndarray:
    """[..., N] masses (kg) of boxes ``size`` [..., N, 3] of the given categories."""
    size = np.asarray(size, dtype=float)
    return densities_of(categories) * np.prod(size, axis=-1)
