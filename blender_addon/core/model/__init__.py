"""The typed data every stage passes on: programs, layouts, scene graphs.

Contracts (CONTRACTS.md, docs/contracts.md): ``program/2`` and ``layout/2`` are v1 plus room, mounts,
surfaces; ``layout/3`` adds ``solve``; ``layout/4``: a hung object's ``support`` is its wall or ``ceiling``;
older versions are read as ``/4``. ``*_from_dict`` parse strictly (:class:`ProgramError` naming the object
or constraint: :mod:`.parsing`), ``*_to_dict`` write the exact schema (:mod:`.records`).
Conventions: metres, radians, Z up, origin at the bottom-centre, front = local -Y.
"""

from __future__ import annotations

from .parsing import (MAX_EXTENT_M, MAX_PROGRAM_CONSTRAINTS, MAX_PROGRAM_OBJECTS, bounds_from_dict,
                      constraint_from_dict, layout_from_dict, object_from_dict, program_from_dict)
from .records import (LAYOUT_SCHEMA, LAYOUT_SCHEMAS, PROGRAM_SCHEMA, PROGRAM_SCHEMAS, SCENE_GRAPH_SCHEMA, Bounds,
                      Constraint, ConstraintResult, Layout, ObjectSpec, PhysicsChecks, PlacedObject, Program,
                      SolveInfo, Vec3)

__all__ = ["LAYOUT_SCHEMA", "LAYOUT_SCHEMAS", "MAX_EXTENT_M", "MAX_PROGRAM_CONSTRAINTS", "MAX_PROGRAM_OBJECTS",
           "PROGRAM_SCHEMA", "PROGRAM_SCHEMAS", "SCENE_GRAPH_SCHEMA", "Bounds", "Constraint", "ConstraintResult",
           "Layout", "ObjectSpec", "PhysicsChecks", "PlacedObject", "Program", "SolveInfo", "Vec3", "bounds_from_dict",
           "constraint_from_dict", "layout_from_dict", "object_from_dict", "program_from_dict"]
