""""the other side" / "the opposite side" / "the other end" said without "of": the side across
the anchor from the one the text used last. "Place a sofa on the rug's south side. Then put two
armchairs on the other side, facing the sofa." -- the armchairs stand on the rug's north side;
"a lamp at one end of the couch and a side table at the other end": the couch's other end.
"""

from __future__ import annotations

from typing import Any

from ..distributions.anchor_ends import at_ends
from ..referents.world import Group, World

ACROSS = {"in_front_of": "behind", "behind": "in_front_of", "left_of": "right_of", "right_of": "left_of",
          "at_end": "at_end"}
OTHER_END = {"negative": "positive", "positive": "negative", "any": "positive"}  # at_end's end param
SIDE_ENDS = {"left_of": "positive", "right_of": "negative"}  # a seat at a table's end sits beside it: the other end
KIND = "other_side"  # the phrase kind (lexicon relation_phrases)


def other_side(world: World, kind: str, params: dict[str, Any], subject: Group, objects: list[Group],
               source: str) -> bool:
    """Put each subject object on the side across the anchor of the latest side relation the
    text stated for something else (``apply_relation``'s signature: the phrase ``kind``, its
    ``params`` and implicit ``objects`` are not needed, the mirrored relation carries reach and
    frame); False when it stated none."""
    del kind, objects
    last = next((r for r in reversed(world.relations) if r.relation in ACROSS and len(r.args) == 2
                 and not r.inferred and r.args[0] not in subject.ids and r.args[1] not in subject.ids), None)
    if last is None or not subject.ids:
        return False
    kept = {k: v for k, v in last.params.items() if k in ("frame", "max_distance")}
    if last.relation == "at_end":  # "a lamp at one end of the couch and a side table at the other end"
        end = str(last.params.get("end", "any"))
        last.params["end"] = "negative" if end == "any" else end
        kept["end"] = OTHER_END[end]
    if params.get("end") and last.relation in SIDE_ENDS and not all("seat" in world.entities[a].roles
                                                                    for a in subject.ids):
        # "a chair at the head of the table and candlesticks at the other end": its other end, not its side
        return at_ends(world, {}, [], subject.ids, last.args[1], source, SIDE_ENDS[last.relation])
    for a in subject.ids:
        world.relate(ACROSS[last.relation], [a, last.args[1]], dict(kept), source)
    return True
