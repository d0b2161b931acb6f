"""The add-on proper: a pure core, services, and the Blender shell (``bl``, UI modules)."""
