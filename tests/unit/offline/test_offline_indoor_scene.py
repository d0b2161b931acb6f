"""One test says whether a scene noun is indoor (setting/indoor_scene.py): the clause reader's
bare "at the back" on a scene, the room places ("the back of the hall"), the room's size and shape
words and the exterior reader all ask it."""

from __future__ import annotations

from setdresser.blender_addon.core.offline.reading.lexicon import load_lexicon
from setdresser.blender_addon.core.offline.setting.indoor_scene import is_indoor_scene


def test_indoor_scene_nouns() -> None:
    lex = load_lexicon()
    assert is_indoor_scene(lex, "hall") and is_indoor_scene(lex, "bedroom")
    assert not is_indoor_scene(lex, "street") and not is_indoor_scene(lex, None)
    assert not is_indoor_scene(lex, "chair")  # no scene noun at all


def test_the_readers_share_it() -> None:
    from setdresser.blender_addon.core.offline.reading import clause, roomsize
    from setdresser.blender_addon.core.offline.relations import places
    from setdresser.blender_addon.core.offline.setting import exterior

    for module in (clause, roomsize, places, exterior):
        assert module.is_indoor_scene is is_indoor_scene, module.__name__
