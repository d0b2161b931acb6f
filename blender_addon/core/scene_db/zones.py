"""Functional zones (dining zone, seating area, ...) derived from the scene: the rules are in
``zones.json`` (anchor categories per kind, the words users say for each kind).

A zone grows around each anchor object; anchors of one kind joined by a constraint share a
zone (a grid of desks is one work zone); every other object on the floor or on a wall joins
the zone it is related to in the fewest constraint hops (ties: the nearer anchor), and an
object with no constraint at all (the user's own, say) joins the nearest anchor within reach
of a kind it is a companion of (a nightstand joins the bed, a rug the sofa).
Objects resting on a surface are not zone members: the zone contains them through the
surface.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..errors import BadInput
from .facts import ConstraintFact, ObjectFact
from .geometry import Box, center_distance, footprint_gap

ZONES_FILE = Path(__file__).with_name("zones.json")
ZONES_SCHEMA = "setdresser.zones/1"


@dataclass(frozen=True)
class ZoneKind:
    """One kind of zone: its name, the categories it grows around, the words for it."""

    kind: str
    name: str
    anchors: tuple[str, ...]
    synonyms: tuple[str, ...]
    companions: tuple[str, ...] = ()  # categories an unrelated object may have to join by proximity


@dataclass(frozen=True)
class ZoneRules:
    """The rules of ``zones.json``."""

    kinds: tuple[ZoneKind, ...]
    reach_m: float
    ungrouping: frozenset[str]

    def kind_of(self, category: str) -> ZoneKind | None:
        """The first kind listing ``category`` as an anchor."""
        return next((k for k in self.kinds if category in k.anchors), None)


@dataclass(frozen=True)
class ZoneFact:
    """A derived zone: id, kind, display name, anchor object, members and box."""

    id: str
    kind: str
    name: str
    anchor: str
    members: tuple[str, ...]
    box: Box


def parse_rules(data: Any, source: str = "zones.json") -> ZoneRules:
    """Check and read a zones document (bad input names the file and field)."""
    if not isinstance(data, Mapping) or data.get("schema") != ZONES_SCHEMA:
        raise BadInput(f"not a {ZONES_SCHEMA} document", f"{source}: schema")
    kinds = []
    for index, item in enumerate(data.get("kinds") or ()):
        if not isinstance(item, Mapping) or not item.get("kind") or not item.get("anchors"):
            raise BadInput("a kind needs 'kind' and 'anchors'", f"{source}: kinds[{index}]")
        kinds.append(ZoneKind(str(item["kind"]), str(item.get("name", f"{item['kind']} zone")),
                              tuple(str(a) for a in item["anchors"]), tuple(str(s) for s in item.get("synonyms", ())),
                              tuple(str(c) for c in item.get("companions", ()))))
    return ZoneRules(tuple(kinds), float(data.get("reach_m", 0.8)),
                     frozenset(str(r) for r in data.get("ungrouping_relations", ())))


@lru_cache(maxsize=1)
def default_rules() -> ZoneRules:
    """The rules shipped in ``zones.json``."""
    return parse_rules(json.loads(ZONES_FILE.read_text(encoding="utf-8")), str(ZONES_FILE.name))


def derive_zones(objects: Sequence[ObjectFact], constraints: Sequence[ConstraintFact],
                 rules: ZoneRules | None = None) -> tuple[ZoneFact, ...]:
    """The zones of a scene (deterministic: ordered by kind, then anchor id)."""
    rules = rules or default_rules()
    ids = {o.id for o in objects}  # a member rests on no object: it stands on the floor or hangs (layout/4)
    members = {o.id: o for o in objects if o.mount != "surface" and o.support not in ids}
    links = _links(members, constraints, rules)
    anchors = sorted((o for o in members.values() if rules.kind_of(o.category)), key=lambda o: o.id)
    owner = _merge_anchors(anchors, links, rules)
    assigned = _spread(owner, links, members)
    _reach_unrelated(assigned, owner, links, members, rules)
    return _zones(owner, assigned, members, rules)


def _links(members: Mapping[str, ObjectFact], constraints: Sequence[ConstraintFact],
           rules: ZoneRules) -> dict[str, set[str]]:
    """Undirected object-object adjacency through the grouping constraints."""
    links: dict[str, set[str]] = {oid: set() for oid in members}
    for constraint in constraints:
        if constraint.relation in rules.ungrouping:
            continue
        ids = [a for a in constraint.args if a in members]
        for other in ids[1:]:
            links[ids[0]].add(other)
            links[other].add(ids[0])
    return links


def _merge_anchors(anchors: Sequence[ObjectFact], links: Mapping[str, set[str]], rules: ZoneRules) -> dict[str, str]:
    """anchor id -> the id of the first anchor of its group (same kind, joined by constraints)."""
    owner: dict[str, str] = {}
    kinds = {a.id: rules.kind_of(a.category).kind for a in anchors}  # type: ignore[union-attr]
    for anchor in anchors:
        if anchor.id in owner:
            continue
        owner[anchor.id] = anchor.id
        queue = deque([anchor.id])
        while queue:
            for other in sorted(links[queue.popleft()]):
                if other in kinds and other not in owner and kinds[other] == kinds[anchor.id]:
                    owner[other] = anchor.id
                    queue.append(other)
    return owner


def _spread(owner: Mapping[str, str], links: Mapping[str, set[str]],
            members: Mapping[str, ObjectFact]) -> dict[str, str]:
    """object id -> zone (first anchor id): fewest hops from an anchor, ties to the nearer one."""
    best: dict[str, tuple[int, float, str]] = {a: (0, 0.0, z) for a, z in owner.items()}
    queue = deque(sorted(owner))
    while queue:
        current = queue.popleft()
        hops, _, zone = best[current]
        for other in sorted(links[current]):
            if other in owner:
                continue
            candidate = (hops + 1, center_distance(members[other].box.center, members[zone].box.center), zone)
            if other not in best or candidate < best[other]:
                if other not in best:
                    queue.append(other)
                best[other] = candidate
    return {oid: entry[2] for oid, entry in best.items()}


def _reach_unrelated(assigned: dict[str, str], owner: Mapping[str, str], links: Mapping[str, set[str]],
                     members: Mapping[str, ObjectFact], rules: ZoneRules) -> None:
    """Objects with no constraint at all join the nearest anchor within reach whose kind lists
    their category as a companion (a nightstand by the bed, not by the desk)."""
    for oid in sorted(members):
        if oid in assigned or links[oid]:
            continue
        category = members[oid].category
        fitting = [a for a in sorted(owner) if category in rules.kind_of(members[a].category).companions]  # type: ignore[union-attr]
        if not fitting:
            continue
        gap, anchor = min((footprint_gap(members[oid].box, members[a].box), a) for a in fitting)
        if gap <= rules.reach_m:
            assigned[oid] = owner[anchor]


def _zones(owner: Mapping[str, str], assigned: Mapping[str, str], members: Mapping[str, ObjectFact],
           rules: ZoneRules) -> tuple[ZoneFact, ...]:
    """Number the zones per kind, in the kinds' order and then by anchor id."""
    zones = []
    for kind in rules.kinds:
        heads = sorted(z for z in set(owner.values()) if rules.kind_of(members[z].category) is kind)
        for number, head in enumerate(heads, start=1):
            ids = tuple(sorted(o for o, z in assigned.items() if z == head))
            box = members[ids[0]].box
            for oid in ids[1:]:
                box = box.union(members[oid].box)
            zones.append(ZoneFact(f"{kind.kind}_zone_{number}", kind.kind, kind.name, head, ids, box))
    return tuple(zones)
