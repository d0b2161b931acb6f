"""The four side relations share one parameter list, one rule and (the two hands) one phrase table."""

from __future__ import annotations

import numpy as np

from setdresser.skill_library.base import Poses
from setdresser.skill_library.builtin import behind, in_front_of, left_of, right_of
from setdresser.skill_library.side_relations import HAND_PHRASES, hand_phrases


def test_the_hands_say_one_table() -> None:
    left, right = hand_phrases("left")["phrases"], hand_phrases("right")["phrases"]
    assert len(left) == len(right) == len(HAND_PHRASES)
    assert {k.replace("left", "right"): v[1] for k, v in left.items()} == {k: v[1] for k, v in right.items()}
    assert left_of.PHRASES == hand_phrases("left") and right_of.PHRASES == hand_phrases("right")
    assert left["to its left"] == ["left", {"implicit": True, "max_distance": 0.5}]


def test_side_relations_share_their_parameters_but_the_margin() -> None:
    names = [[p.name for p in m.SPEC.params] for m in (left_of, right_of, behind, in_front_of)]
    assert all(n == names[0] for n in names)
    margins = {m.SPEC.name: next(p.default for p in m.SPEC.params if p.name == "lateral_margin")
               for m in (left_of, right_of, behind, in_front_of)}
    assert margins == {"left_of": None, "right_of": None, "behind": 0.0, "in_front_of": 0.0}


def test_each_side_holds_only_on_its_own_side() -> None:
    # b at the origin facing -Y (front), a 1 m off on each side
    at = {"left_of": (-1.0, 0.0), "right_of": (1.0, 0.0), "behind": (0.0, 1.0), "in_front_of": (0.0, -1.0)}
    pos = np.array([[[*xy, 0.0], [0.0, 0.0, 0.0]] for xy in at.values()])
    poses = Poses(pos=pos, yaw=np.zeros((4, 2)), size=np.full((4, 2, 3), 0.5))
    for module in (left_of, right_of, behind, in_front_of):
        params = {p.name: p.default for p in module.SPEC.params}
        held = module.check(poses, (0, 1), params)
        assert list(held) == [name == module.SPEC.name for name in at], module.SPEC.name
