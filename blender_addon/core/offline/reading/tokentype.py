"""The typed chunk of a sentence that the tokenizer makes and the grammar reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Token:
    """One chunk of a sentence.

    kind: WORD NOUN DET COUNT ORD COLLECT MEASURE SIZE REL MOD WITH AND SEP PRON FILL OF
    """

    kind: str
    text: str
    value: Any = None
    params: dict[str, Any] = field(default_factory=dict, compare=False)
