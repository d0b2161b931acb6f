"""Set Dresser: text to a laid-out 3D scene in Blender.

This file is the Blender extension entry point *and* the root of the Python package
``setdresser``. It stays tiny: nothing here imports bpy, so ``import setdresser`` works in
plain Python (the CLI, the solver, the tests) as well as inside Blender.
"""

__version__ = "0.1.0"


def register() -> None:
    """Register the add-on's classes (called by Blender)."""
    from .blender_addon import registration

    registration.register()


def unregister() -> None:
    """Unregister everything :func:`register` added (called by Blender)."""
    from .blender_addon import registration

    registration.unregister()
