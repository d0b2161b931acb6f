"""Groups: many like objects as ONE scene-graph node ("24 desks in a 4 x 6 grid facing the board").

A planner (LLM or offline) may write a group instead of one asset node per instance and one
relation node per instance relation. :func:`expand_group` turns it into those nodes
deterministically, so everything downstream (coder, solver, audit, report) sees ordinary
assets and relations, while the prompts show the one compact node (:func:`group_prompt_dict`).

- members: ``{id}_{first}`` ... ``{id}_{first + count - 1}`` (``first`` defaults to 1; a later
  sub-scene that adds more of a category starts after the ids already used);
- ``arrangement``: one relation over all members in order (grid, row, stacked, alignment, ...),
  with ``arrangement_args`` appended after them (``around``'s centre);
- ``each``: relations stated once per member; in their args ``@`` is the member itself and
  ``@G`` the member of group ``G`` with the same index (a chair at each desk); any other arg is
  an ordinary object id. A member relation whose args would name one object twice is skipped
  for that member (``parallel(student_desk_1, @)`` for desk 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

SELF = "@"


@dataclass(frozen=True)
class MemberRelation:
    """A relation every member of a group states (args may use ``@`` / ``@G``)."""

    relation: str
    args: tuple[str, ...]
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"relation": self.relation, "args": list(self.args), "params": dict(self.params)}


@dataclass(frozen=True)
class GroupNode:
    """``count`` objects of one category sharing a description, an arrangement and member relations."""

    id: str
    category: str
    count: int
    description: str = ""
    height: float | None = None
    first: int = 1
    arrangement: str | None = None
    arrangement_params: Mapping[str, Any] = field(default_factory=dict)
    arrangement_args: tuple[str, ...] = ()
    each: tuple[MemberRelation, ...] = ()
    source: str = ""

    @property
    def members(self) -> tuple[str, ...]:
        """The member ids, in order."""
        return tuple(f"{self.id}_{k}" for k in range(self.first, self.first + self.count))

    def members_text(self) -> str:
        """``student_desk_1..student_desk_24`` (or the single id)."""
        ids = self.members
        return ids[0] if len(ids) == 1 else f"{ids[0]}..{ids[-1]}"

    def layout_fields(self) -> dict[str, Any]:
        """``arrangement`` and ``each`` as both dict forms write them (absent when empty)."""
        out: dict[str, Any] = {}
        if self.arrangement:
            out["arrangement"] = {"relation": self.arrangement, "params": dict(self.arrangement_params)}
            if self.arrangement_args:
                out["arrangement"]["args"] = list(self.arrangement_args)
        if self.each:
            out["each"] = [m.to_dict() for m in self.each]
        return out

    def to_dict(self) -> dict[str, Any]:
        """The scene_graph.json form (``setdresser.scene_graph/1`` ``groups[]``)."""
        out: dict[str, Any] = {"id": self.id, "category": self.category, "count": self.count}
        if self.first != 1:
            out["first"] = self.first
        if self.description:
            out["description"] = self.description
        if self.height is not None:
            out["height"] = self.height
        out.update(self.layout_fields())
        if self.source:
            out["source"] = self.source
        return out


def group_from_dict(data: Mapping[str, Any]) -> GroupNode:
    """A group from its dict form (scene_graph.json or a planner reply, already schema-checked)."""
    arrangement = data.get("arrangement") or {}
    return GroupNode(
        id=str(data["id"]), category=str(data["category"]), count=int(data["count"]),
        description=str(data.get("description", "")),
        height=float(data["height"]) if data.get("height") is not None else None,
        first=int(data.get("first", 1)),
        arrangement=str(arrangement["relation"]) if arrangement.get("relation") else None,
        arrangement_params=dict(arrangement.get("params") or {}),
        arrangement_args=tuple(str(a) for a in arrangement.get("args", ())),
        each=tuple(MemberRelation(relation=str(m["relation"]), args=tuple(str(a) for a in m["args"]),
                                  params=dict(m.get("params") or {})) for m in data.get("each", ())),
        source=str(data.get("source", "")))


def resolve_member_args(args: Sequence[str], index: int, member: str,
                        groups: Mapping[str, GroupNode]) -> tuple[str, ...]:
    """``args`` of a member relation for member number ``index`` (0-based): ``@`` is ``member``,
    ``@G`` is member ``index`` of group ``G``; a ValueError names what does not resolve."""
    resolved = []
    for arg in args:
        if arg == SELF:
            resolved.append(member)
        elif arg.startswith(SELF):
            other = groups.get(arg[1:])
            if other is None:
                raise ValueError(f"'{arg}': there is no group '{arg[1:]}' (groups: {sorted(groups)})")
            if index >= other.count:
                raise ValueError(f"'{arg}': group '{other.id}' has {other.count} member(s), "
                                 f"member {index + 1} has no partner there")
            resolved.append(other.members[index])
        else:
            resolved.append(arg)
    return tuple(resolved)


@dataclass(frozen=True)
class ExpandedRelation:
    """One relation node a group stands for: its id, name, args and params."""

    id: str
    relation: str
    args: tuple[str, ...]
    params: Mapping[str, Any]


def expand_relations(group: GroupNode, groups: Mapping[str, GroupNode]) -> list[ExpandedRelation]:
    """The relation nodes of one group, deterministically: the arrangement (id ``{id}.arrangement``),
    then each member relation per member (``{id}.each{j}.{k}``)."""
    out: list[ExpandedRelation] = []
    if group.arrangement:
        out.append(ExpandedRelation(f"{group.id}.arrangement", group.arrangement,
                                    group.members + group.arrangement_args, dict(group.arrangement_params)))
    for j, member_relation in enumerate(group.each, start=1):
        for index, member in enumerate(group.members):
            args = resolve_member_args(member_relation.args, index, member, groups)
            if len(set(args)) != len(args):
                continue  # parallel(desk_1, @) for desk_1 itself
            out.append(ExpandedRelation(f"{group.id}.each{j}.{group.first + index}", member_relation.relation,
                                        args, dict(member_relation.params)))
    return out


def group_prompt_dict(group: GroupNode, shared: bool) -> dict[str, Any]:
    """The compact form the coder and reviewer read: members as a range, the description left out
    when the category table carries it (``shared``)."""
    out: dict[str, Any] = {"id": group.id, "category": group.category, "count": group.count,
                           "members": group.members_text()}
    if not shared and group.description:
        out["description"] = group.description
    return out | group.layout_fields()
