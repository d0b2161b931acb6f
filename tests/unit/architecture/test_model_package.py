"""core/model is a package by responsibility: the typed records and how they write their schema
(model/records.py), strict parsing (model/parsing.py); ``from ..model import X`` names both. The wall
side nearest an unnamed opening is skill_library.compass.wall_gaps' smallest gap."""

from __future__ import annotations

from setdresser.blender_addon.core import model
from setdresser.blender_addon.core.architecture.named import _nearest_side
from setdresser.blender_addon.core.model import parsing, records


def test_records_and_parsing_are_one_model() -> None:
    assert model.Program is records.Program and model.program_from_dict is parsing.program_from_dict
    data = {"bounds": {"min": [0, 0, 0], "max": [4, 3, 2.5]},
            "objects": [{"id": "desk_1", "category": "desk", "dimensions": [1.2, 0.6, 0.75]}],
            "constraints": [{"relation": "against_wall", "args": ["desk_1"], "params": {"wall": "north"}}]}
    program = parsing.program_from_dict(data)
    assert parsing.program_from_dict(program.to_dict()).to_dict() == program.to_dict()


def test_an_opening_takes_the_nearest_wall_side() -> None:
    bounds = records.Bounds((0.0, 0.0, 0.0), (4.0, 3.0, 2.5))
    assert _nearest_side((3.9, 1.5, 1.0), bounds) == "east"
    assert _nearest_side((2.0, 0.05, 1.0), bounds) == "south"
    assert _nearest_side(None, bounds) is None
