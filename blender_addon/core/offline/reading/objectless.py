"""Distance idioms said without their object: "a maple a short walk away", "the remote within arm's
reach", "a canoe a stone's throw away". The phrase tables hold these idioms with their object ("a short
walk away from", "within arm reach of"); said with none, each is the same nearness to what the clause
is about (an implicit relation, like "a few steps away"), read from the same table entry."""

from __future__ import annotations

from .tokentype import Token

DISTANCE_KINDS = frozenset({"near", "far"})
CLAUSE_ENDS = frozenset({"", ",", "and", "but", "while", "so", "facing", "with"})  # nothing named after the idiom


def objectless_distance(table: dict[tuple[str, ...], Token], longest: int, words: list[str], i: int
                        ) -> tuple[Token | None, int]:
    """The implicit near/far relation of a distance idiom at ``i`` said without its object: the words
    up to "away" where the table has them with "from" ("a short walk away" / "a short distance away":
    "a short walk away from" / "a short distance from"), or the words of a "... of" phrase ending the
    clause ("within arm reach" / "within arm reach of"); (None, 0) when none, or when the table has
    the words themselves."""
    for n in range(min(longest, len(words) - i), 1, -1):
        said = tuple(words[i:i + n])
        after = words[i + n] if i + n < len(words) else ""
        if said in table or after in ("from", "of"):
            continue
        if said[-1] == "away":
            found = table.get(said + ("from",)) or table.get(said[:-1] + ("from",))
        else:
            found = table.get(said + ("of",)) if after in CLAUSE_ENDS else None
        if found is not None and found.kind == "REL" and found.value in DISTANCE_KINDS:
            return Token("REL", " ".join(said), found.value, {**found.params, "implicit": True}), n
    return None, 0
