"""Sets of relations the offline coder treats alike come from the roles the relations declare
(skill_library/roles.py), not from lists of names: the built-ins give the sets the coder used to
spell out, and a new plugin declaring a role joins its set."""

from __future__ import annotations

import dataclasses

from setdresser.skill_library.base import Placement
from setdresser.skill_library.registry import Registry, default_registry
from setdresser.skill_library.roles import roles


def test_the_builtins_roles_are_the_sets_the_coder_used_to_list() -> None:
    found = roles()
    assert found.sides == ("in_front_of", "behind", "left_of", "right_of")
    assert (found.front_back, found.left_right) == (("in_front_of", "behind"), ("left_of", "right_of"))
    assert found.supporting == {"on_top_of", "inside"} and found.stacking == {"stacked"}
    assert found.carrying == {"on_top_of", "inside", "stacked"} and found.floating == {"above"}
    assert found.groups == {"row", "grid", "around", "circular"}
    assert found.walls == {"against_wall", "on_wall", "in_corner"}
    assert found.quantified == {"none_of", "count_of"}
    assert found.apart == {"far_from", "proximity"}


def test_a_new_relation_declaring_a_role_joins_its_set() -> None:
    base = default_registry()
    behind = base.get("behind")
    renamed = dataclasses.replace(behind, spec=dataclasses.replace(behind.spec, name="custom:behind_far"))
    shelf = dataclasses.replace(base.get("on_top_of"), spec=dataclasses.replace(base.get("on_top_of").spec,
                                                                                 name="custom:on_shelf"))
    ring = dataclasses.replace(base.get("facing"), spec=dataclasses.replace(base.get("facing").spec,
                                                                            name="custom:ring"),
                               placement=Placement(group="ring"))
    extended = base.with_extra({r.name: r for r in (renamed, shelf, ring)})
    found = roles(extended)
    assert found.front_back == ("in_front_of", "behind", "custom:behind_far")
    assert "custom:on_shelf" in found.supporting and "custom:ring" in found.groups
    assert "custom:ring" not in roles(Registry({n: base.get(n) for n in base.names()})).groups
