"""Our own collection in the user's scene, and a clean scene for headless runs.

Everything Set Dresser creates lives in one collection named ``SetDresser: <prompt>``
and is tagged with custom properties, so re-running replaces only our own objects and
never the user's (an object is removed only when it carries our tag *and* lies in our
collection).
"""

from __future__ import annotations

import logging

import bpy

log = logging.getLogger(__name__)

COLLECTION_PREFIX = "SetDresser: "
TAG = "setdresser_role"  # custom property on every object/collection we create
MAX_TITLE = 40  # collection names are capped at 63 bytes by Blender; keep prompts readable


def collection_name(prompt: str) -> str:
    """``SetDresser: <first words of the prompt>``, short enough for Blender's name limit."""
    words = " ".join(prompt.split())
    title = words if len(words) <= MAX_TITLE else words[: MAX_TITLE - 1].rstrip() + "…"
    return COLLECTION_PREFIX + (title or "scene")


def empty_scene() -> bpy.types.Scene:
    """Start from Blender's factory settings with nothing in the scene (headless runs only:
    the CLI's session holds no user data)."""
    bpy.ops.wm.read_factory_settings(use_empty=True)
    return bpy.context.scene


def our_collection(scene: bpy.types.Scene, prompt: str) -> bpy.types.Collection:
    """A fresh collection for this run, replacing a previous one of ours with the same name."""
    name = collection_name(prompt)
    old = bpy.data.collections.get(name)
    if old is not None and old.get(TAG) == "root":
        clear_collection(old)
        return old
    collection = bpy.data.collections.new(name)
    collection[TAG] = "root"
    scene.collection.children.link(collection)
    return collection


def clear_collection(collection: bpy.types.Collection) -> None:
    """Delete the objects we created in ``collection`` (and their now-unused data)."""
    for obj in list(collection.all_objects):
        if obj.get(TAG) is None:
            # a user dropped their own object into our collection: keep it, move it out
            log.warning("keeping '%s': it is in our collection but we did not create it", obj.name)
            if len(obj.users_collection) <= 1:
                bpy.context.scene.collection.objects.link(obj)
            if obj.name in collection.objects:
                collection.objects.unlink(obj)
            continue
        data = obj.data
        bpy.data.objects.remove(obj, do_unlink=True)
        if data is not None and data.users == 0:
            _remove_data(data)


def _remove_data(data: bpy.types.ID) -> None:
    kind = {bpy.types.Mesh: bpy.data.meshes, bpy.types.Curve: bpy.data.curves, bpy.types.TextCurve: bpy.data.curves,
            bpy.types.Camera: bpy.data.cameras, bpy.types.Light: bpy.data.lights}
    for data_type, store in kind.items():
        if isinstance(data, data_type):
            store.remove(data)
            return


def tag(obj: bpy.types.Object, role: str, collection: bpy.types.Collection) -> bpy.types.Object:
    """Mark ``obj`` as ours with ``role`` and link it into our collection."""
    obj[TAG] = role
    if obj.name not in collection.objects:
        collection.objects.link(obj)
    return obj


def new_object(name: str, data: bpy.types.ID | None, role: str, collection: bpy.types.Collection) -> bpy.types.Object:
    """Create an object of ours in ``collection``."""
    return tag(bpy.data.objects.new(name, data), role, collection)
