"""One-word compounds whose last part names a thing (issue 14): a "narrowboat" is a boat, a
"snowshoe" a shoe, a "cheesecake" a cake, though no table lists the compound itself.

The rule is data (``assets_index/families.json``, ``compound_heads``): a word nobody knows splits
into a modifier and a head, the head the longest ending that the object knowledge base, the family
table or the catalog names as a thing, the modifier a word those names use (or a size, shape,
colour or material word, or one of the listed ``modifiers``), each at least as long as the listed
minimum. "constable" stays unknown ("cons" is no word of ours), so it still warns as a box. The
thing is drawn and sized as its head; its own name is kept and the report says what stood in.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .families import load_families
from .phrase import normalise, singular


@dataclass(frozen=True)
class CompoundRules:
    """The shortest head and modifier a split may leave, extra modifier words, heads never split off."""

    min_head: int = 3
    min_modifier: int = 3
    modifiers: frozenset[str] = frozenset()
    not_heads: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=1)
def compound_rules() -> CompoundRules:
    """The ``compound_heads`` table of the family file."""
    raw = load_families().compound_heads
    return CompoundRules(int(raw.get("min_head", 3)), int(raw.get("min_modifier", 3)),
                         frozenset(normalise(w) for w in raw.get("modifiers", ())),
                         frozenset(normalise(w) for w in raw.get("not_heads", ())))


@functools.lru_cache(maxsize=1)
def _vocabulary() -> tuple[frozenset[str], frozenset[str]]:
    """(one-word names of things, every word of every name) over the knowledge base, the family
    keywords and the catalog."""
    from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)
    from .catalog import load_catalog

    names = [n for f in load_knowledge().all_facts() for n in (f.category, *f.synonyms)]
    names += load_families().keywords()
    names += [n for e in load_catalog().entries() for n in (e.category, *e.synonyms)]
    normal = [normalise(n) for n in names]
    things = frozenset(n for n in normal if n and " " not in n)
    words = frozenset(w for n in normal for w in n.split())
    return things, words


def _is_modifier(word: str) -> bool:
    from .catalog import load_catalog

    return word in _vocabulary()[1] or word in compound_rules().modifiers or load_catalog().is_adjective(word)


@functools.lru_cache(maxsize=4096)
def compound_head(noun: str) -> str | None:
    """The thing the last word of ``noun`` ends with when that word is an unknown compound
    ("narrowboats" -> "boat", "a snowshoe" -> "shoe"); None for a known word or no such split."""
    words = normalise(noun).split()
    if not words:
        return None
    last = singular(words[-1])
    things, _ = _vocabulary()
    if last in things or words[-1] in things:
        return None
    rules = compound_rules()
    for cut in range(rules.min_modifier, len(last) - rules.min_head + 1):  # the longest head first
        modifier, head = last[:cut], last[cut:]
        if head in things and head not in rules.not_heads and _is_modifier(modifier):
            return head
    return None
