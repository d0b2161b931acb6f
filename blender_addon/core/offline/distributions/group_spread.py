"""How a group spreads about one anchor (issue 14): a ring ("six chairs around the table";
"spaced evenly around it" -- the ring is even already, so the evenness word makes no row of
the same members) or a scatter ("rocks scattered around the fire", "stools dotted about the
bar", "scatter cushions round the table"): each member near the anchor, none in a ring or a
line, where the solver's seeded search puts it -- irregular, and the same for the same seed.

:func:`scatter_tokens` reads the words: a scatter word of the lexicon (``scatter_words``)
earlier in the clause turns its "around" into "scattered"; "round" before an article or a
pronoun is "around" ("round the table"; "a round table" stays a shape).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..reading.tokentype import Token
from ..referents.world import Group, World

if TYPE_CHECKING:
    from ..reading.lexicon import Lexicon

RING_DEFAULT = 4  # objects in a ring when the text gives no count
SCATTER_DEFAULT = 5  # objects scattered when the text gives no count ("rocks scattered around")
SCATTER_REACH = 0.3  # m: a scattered object's largest gap to its anchor, for one object ...
SCATTER_PER = 0.1  # m: ... and this much more per object scattered (room for the rest)
CLAUSE_ENDS = frozenset({"SEP", "AND", "WITH"})


def ring_around(world: World, params: dict[str, Any], subject: Group, center: Group, source: str) -> bool:
    """"Chairs around the table": the members ring the anchor (one member: near it, facing it)."""
    from ..relations.pairing import pairs
    from ..relations.pairwise import has_front
    from .seating import faces_in

    sides = int(params.get("sides") or 0)  # "a chair on each of its four sides": four
    if subject.fresh and subject.np is not None and subject.np.count is None and (subject.np.plural or sides):
        world.grow(subject, sides or RING_DEFAULT)  # "chairs around the table": four, one per side
    for members, anchor in pairs(world, subject, center):
        if len(members) >= 2:
            _no_row(world, members)
            world.relate("around", [*members, anchor], {"facing": faces_in(world, members)}, source)
            continue
        for a in members:  # one thing "around" another is just near it (around needs two or more)
            world.relate("proximity", [a, anchor], {"max_distance": 1.0}, source)
            if has_front(world, [a]):
                world.relate("facing", [a, anchor], {}, source)
    return True


def scattered_around(world: World, params: dict[str, Any], subject: Group, center: Group, source: str) -> bool:
    """"Rocks scattered around the fire": each member near the anchor, at no set angle or distance."""
    from ..relations.pairing import pairs

    if subject.fresh and subject.np is not None and subject.np.count is None and subject.np.plural:
        world.grow(subject, SCATTER_DEFAULT)
    for members, anchor in pairs(world, subject, center):
        _no_row(world, members)
        reach = round(SCATTER_REACH + SCATTER_PER * len(members), 4)
        for a in members:
            world.relate("proximity", [a, anchor], {"max_distance": reach}, source)
    return True


def _no_row(world: World, members: list[str]) -> None:
    """A ring or a scatter is no row: drop a stated row of these members ("spaced evenly
    around it" read the evenness word as a row before the anchor was named)."""
    gone = set(members)
    world.relations[:] = [r for r in world.relations
                          if r.relation != "row" or r.inferred or not set(r.args) <= gone]


def scatter_tokens(tokens: list[Token], lex: Lexicon) -> list[Token]:
    """``tokens`` with "round" before an article or pronoun read as "around", and each "around"
    after a scatter word of its clause read as "scattered" (see the module)."""
    around = lex.relation_phrases.get("around")
    out: list[Token] = []
    said: list[int] = []  # the clause's scatter words so far (their indexes in ``out``)
    for i, token in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        before = out[-1] if out else None
        if (around is not None and token.kind == "WORD" and token.text == "round" and after is not None
                and after.kind in ("DET", "PRON") and (before is None or before.kind not in ("DET", "COUNT"))):
            token = Token("REL", token.text, around[0], dict(around[1]))
        said = [] if token.kind in CLAUSE_ENDS else said
        if any(w in lex.scatter_words for w in (token.text, *token.text.split())):
            said.append(len(out))
        if said and token.kind == "REL" and around is not None and token.value == around[0]:
            token = Token("REL", token.text, "scattered", dict(token.params))
            for k in said:  # "randomly": read, it says how they stand round it
                out[k] = Token("FILL", out[k].text) if out[k].kind == "WORD" else out[k]
        out.append(token)
    return out
