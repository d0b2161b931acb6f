"""Register and unregister the add-on, the Blender way (see Blender's bundled node_wrangler).

One ``CLASSES`` tuple registered in order and unregistered in reverse; one PointerProperty on
the Scene (settings, saved) and one on the WindowManager (run state, not saved); the panel
driver's persistent timer and its app handlers. Both functions are idempotent, and
:func:`unregister` removes everything :func:`register` added.
"""

from __future__ import annotations

import logging
from pathlib import Path

import bpy

from . import ask_panel, edit_panel, ops, physics_panel, prefs, props, ui
from .bl import panel_driver
from .bl.scene_live import close_stores

log = logging.getLogger(__name__)

# Property groups first (pointers need them), then preferences, operators, lists, panels.
CLASSES = (props.CLASSES + prefs.CLASSES + ops.CLASSES + physics_panel.CLASSES + ui.CLASSES + ask_panel.CLASSES
           + edit_panel.CLASSES)


def register() -> None:
    """Register every class, the properties, the previews, the handlers and the pump."""
    for cls in CLASSES:
        if not cls.is_registered:
            bpy.utils.register_class(cls)
    props.add_pointers()
    ask_panel.add_pointers()
    edit_panel.add_pointers()
    ui.open_previews()
    panel_driver.install_handlers()
    panel_driver.register_pump()
    _use_extension_user_folder()
    log.debug("Set Dresser registered (%d classes)", len(CLASSES))


def _use_extension_user_folder() -> None:
    """Learned relations go to the extension's user folder, which survives extension updates."""
    from ..skill_library.user_library import set_user_library_dir

    extension = (__package__ or "").rpartition(".")[0]  # <extension>.blender_addon -> <extension>
    try:
        folder = bpy.utils.extension_path_user(extension, path="skill_library", create=False)
    except ValueError:  # loaded as a plain module (tests, the CLI's bpy): the platform data folder
        return
    set_user_library_dir(Path(folder))


def unregister() -> None:
    """Stop any run and remove everything :func:`register` added, in reverse order."""
    panel_driver.unregister_pump()
    panel_driver.remove_handlers()
    ui.close_previews()
    edit_panel.remove_pointers()
    ask_panel.remove_pointers()
    close_stores()
    props.remove_pointers()
    for cls in reversed(CLASSES):
        if cls.is_registered:
            bpy.utils.unregister_class(cls)
    log.debug("Set Dresser unregistered")


def registered_names() -> list[str]:
    """The names of this add-on's classes that are registered now (for tests and diagnostics)."""
    return [cls.__name__ for cls in CLASSES if cls.is_registered]
