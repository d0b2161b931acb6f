"""An archetype sentence's other objects that the user named (room completion, :mod:`.furnish`):
"a balcony with a bistro table set for two" reads the balcony's "Two chairs around a small round
table." as "Two chairs around the bistro table." — the user's table is the room's table, not a
second one beside it (with bar stools of its own). Only a kind the user named once, said with
adjectives alone ("a small round table", never "a coffee table" for a dining table), and only
where people sit at both alike or at neither."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

from ..reading.lexicon import Vocabulary
from ..referents.world import World

Seated = Callable[[str, Vocabulary], bool]


def onto_users(text: str, world: World, own: Iterable[str], vocab: Vocabulary, sat_at: Seated) -> str:
    """``text`` with each later phrase naming one of the user's kinds ("a small round table")
    replaced by the user's object ("the bistro table"); the sentence's first phrase is its item's own."""
    kinds = Counter(world.entities[i].category for i in own if i in world.entities)
    for category in [c for c, n in kinds.items() if n == 1]:
        head = category.split()[-1]
        pattern = rf"\b(?:a|an|the) ((?:[a-z-]+ ){{0,3}}?){re.escape(head)}\b"
        for match in re.finditer(pattern, text, flags=re.IGNORECASE):
            said = f"{match.group(1)}{head}".strip()
            after = text[match.end():].split()[:1]
            if match.start() == 0 or (after and f"{head} {after[0].strip('.,;').lower()}" in vocab.names):
                continue  # the item itself; "a table lamp"
            if not _adjectives(match.group(1), vocab) or sat_at(said, vocab) != sat_at(category, vocab):
                continue
            text = f"{text[:match.start()]}the {category}{text[match.end():]}"
            break
    return text


def _adjectives(words: str, vocab: Vocabulary) -> bool:
    return all(vocab.looks_adjective(w) for w in words.split())
