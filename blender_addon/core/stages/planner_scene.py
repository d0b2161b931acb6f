"""The planner over a scene that exists (issue 16 item 2): the user's locked objects are in a
scene database the planner queries with the scene query tool, instead of being described to it;
it names the objects the description refers to ("my desk", "the sofa by the window") by their
ids, as assets of the graph, and every other asset is new.

The planner's own prompt is unchanged; the part about the existing scene is a fragment
(``prompts/planner_scene.md``) added to its system turn, and the request's prompt id names both.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Mapping, Sequence

from ..prompts import load_template
from ..scene_graph import SceneGraph
from .assets import AssetRecord
from .base import ChatMessage, ReplyParseError
from .catalog import RelationCatalog
from . import planner as planner_stage

FRAGMENT = "planner_scene"


def prompt_id() -> str:
    """``planner/vN+planner_scene/vM``: what the transcript records for these requests."""
    return f"{load_template(planner_stage.STAGE).id}+{load_template(FRAGMENT).id}"


def build_request_messages(description: str, assets: Sequence[AssetRecord], catalog: RelationCatalog,
                           existing: Mapping[str, str], tool_text: str) -> list[ChatMessage]:
    """The planner prompt, its system turn extended by the existing scene and the tool."""
    messages = planner_stage.build_request_messages(description, assets, catalog)
    (_, fragment), = load_template(FRAGMENT).render({"count": str(len(existing)), "scene_tool": tool_text})
    first = messages[0]
    messages[0] = ChatMessage(role=first.role, text=f"{first.text.rstrip()}\n\n{fragment.strip()}\n")
    return messages


def parser(catalog: RelationCatalog, prompt: str, asset_names: Sequence[str],
           existing: Mapping[str, str]) -> Callable[[str], SceneGraph]:
    """The planner's parse, with the existing objects' categories allowed, and each asset that
    takes an existing object's id checked to be that object (its category)."""
    names = [*asset_names, *sorted(set(existing.values()))]

    def parse(text: str) -> SceneGraph:
        return checked_existing(planner_stage.parse_reply(text, catalog, prompt=prompt, asset_names=names), existing)
    return parse


def checked_existing(graph: SceneGraph, existing: Mapping[str, str]) -> SceneGraph:
    """``graph`` if each asset that takes one of the user's object ids has that object's category
    (it is that object); otherwise a reply error naming the asset."""
    for index, asset in enumerate(graph.assets):
        if asset.id in existing and asset.category != existing[asset.id].lower():
            raise ReplyParseError(f"$.assets[{index}]: '{asset.id}' is the user's {existing[asset.id]}; give "
                                  f"its category '{existing[asset.id]}', or another id for a new object")
    return graph


def named_existing(graph: SceneGraph, existing: Mapping[str, str]) -> set[str]:
    """The user's objects the plan names by id."""
    return {a.id for a in graph.assets if a.id in existing}


def without_existing_ids(graph: SceneGraph, existing: Mapping[str, str]) -> SceneGraph:
    """A graph planned without seeing the scene, its assets that happen to share a user object's
    id renamed (``desk_1`` -> ``desk_1_2``): only a planner that queried the scene names them."""
    taken = set(existing) | {a.id for a in graph.assets}
    renamed: dict[str, str] = {}
    for asset in graph.assets:
        if asset.id in existing:
            n = 2
            while f"{asset.id}_{n}" in taken:
                n += 1
            renamed[asset.id] = f"{asset.id}_{n}"
            taken.add(renamed[asset.id])
    if not renamed:
        return graph
    return dataclasses.replace(
        graph, assets=[dataclasses.replace(a, id=renamed.get(a.id, a.id)) for a in graph.assets],
        edges=[dataclasses.replace(e, asset=renamed.get(e.asset, e.asset)) for e in graph.edges])
