"""Pure Python + numpy: the data model, pipeline, stages, offline planner, solver, sandbox.

Nothing under this package may import bpy, openai or torch (tests/architecture enforces it).
"""
