"""The LLM stages as callables with the same shapes as the offline ones:

``plan(prompt) -> SceneGraph``, ``code(graph) -> script source``,
``review(images, description, audit, script) -> Review``; plus the single steps
(``assets``, ``decompose``, ``plan_subscene``). Each call builds the prompt, asks the
backend, parses strictly and feeds parse errors back (bounded); a stage that still gets no
usable reply raises :class:`LLMError` naming the stage and the endpoint.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Callable, Mapping, Optional, Sequence, TypeVar

from ..errors import BadInput
from ..prompts import load_template
from ..model import ObjectSpec, Program
from ..scene_graph import AssetNode, Edge, RelationNode, SceneGraph
from . import assets as assets_stage
from . import coder as coder_stage
from . import decomposer as decomposer_stage
from . import planner as planner_stage
from . import planner_scene
from . import reviewer as reviewer_stage
from . import reviewer_tool
from .assets import AssetRecord
from .base import ChatBackend, ChatMessage, ImageInput, ReplyParseError, ask_stage
from .catalog import RelationCatalog
from .compact import placed_objects_text, scene_so_far_text
from .decomposer import SubScene
from .reviewer import Review
from .scene_tool import DEFAULT_SCENE_TOOL, SceneAccess, SceneToolConfig, ask_with_scene_tool, scene_tool_text

T = TypeVar("T")
R = TypeVar("R")
# Applies a review's critiques: (the review, its revised script's program or None) -> the next program.
Critic = Callable[[Review, Optional[R]], R]
log = logging.getLogger(__name__)

# SceneCraft decomposes scenes of up to a hundred assets; one planner call handles a dozen
# objects well, so larger scenes are planned sub-scene by sub-scene.
DECOMPOSE_ABOVE_OBJECTS = 12


class LLMStages:
    """The SceneCraft stages over one chat backend (openai client, replay client or a fake)."""

    def __init__(self, backend: ChatBackend, catalog: RelationCatalog, *, max_retries: int = 2,
                 decompose_above: int = DECOMPOSE_ABOVE_OBJECTS,
                 scene_tool: SceneToolConfig = DEFAULT_SCENE_TOOL) -> None:
        if max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        self.backend = backend
        self.catalog = catalog
        self.max_retries = max_retries
        self.decompose_above = decompose_above
        self.scene_tool = scene_tool

    def assets(self, description: str) -> list[AssetRecord]:
        """The objects the scene needs, with looks and real heights."""
        messages = assets_stage.build_request_messages(description)
        return self._ask(assets_stage.STAGE, messages, assets_stage.parse_reply, assets_stage.SCHEMA)

    def decompose(self, description: str, assets: Sequence[AssetRecord]) -> list[SubScene]:
        """The scene as ordered sub-scenes (a kind's count may be split across them)."""
        names = [a.name for a in assets]
        messages = decomposer_stage.build_request_messages(description, assets)
        return self._ask(decomposer_stage.STAGE, messages,
                         lambda text: decomposer_stage.parse_reply(text, names, [a.count for a in assets]),
                         decomposer_stage.SCHEMA)

    def plan_subscene(self, description: str, assets: Sequence[AssetRecord], prompt: str = "",
                      earlier: SceneGraph | None = None, number: int = 0, remaining: Sequence[str] = (),
                      placed: Sequence[ObjectSpec] = ()) -> SceneGraph:
        """The relational graph of one (sub-)scene; with ``earlier`` (sub-scene ``number`` > 1 of a
        decomposition) the planner sees the scene so far and the result is the scene so far plus this part.
        ``placed``: the user's objects already in the scene (posed): the planner reads where they stand
        and may name them by id (an asset with that id and category is that object)."""
        users = {o.id: o.category for o in placed if o.location is not None}
        names = [a.name for a in assets] + sorted(set(users.values()) - {a.name for a in assets})
        context = (scene_so_far_text(earlier, remaining, placed) if number and earlier is not None
                   else placed_objects_text(placed) if users else "")
        # The library in full once per run's planners; a later sub-scene planner gets the short table
        # with the relations planned so far in full (issue 15: fewer tokens)
        used = sorted({r.relation for r in earlier.relations}) if number > 1 and earlier is not None else None
        messages = planner_stage.build_request_messages(description, assets, self.catalog, context, used)
        return self._ask(planner_stage.STAGE, messages,
                         lambda text: planner_scene.checked_existing(planner_stage.parse_reply(
                             text, self.catalog, prompt=prompt or description, asset_names=names, records=assets,
                             earlier=earlier, prefix=f"s{number}_" if number else ""), users),
                         planner_stage.SCHEMA)

    def plan(self, prompt: str, placed: Sequence[ObjectSpec] = ()) -> SceneGraph:
        """Assets, then one planner call, or a decomposition and one call per sub-scene, each seeing
        the scene planned before it (ids, sizes, relations) and what later ones add; ``placed``: the
        user's objects already in the scene, which every planner call reads (where they stand)."""
        return self._plan_records(prompt, self.assets(prompt), placed)

    def _plan_records(self, prompt: str, records: Sequence[AssetRecord],
                      placed: Sequence[ObjectSpec] = ()) -> SceneGraph:
        if sum(r.count for r in records) <= self.decompose_above:
            return self.plan_subscene(prompt, records, prompt, placed=placed)
        by_name = {r.name: r for r in records}
        parts = self.decompose(prompt, records)
        graph = SceneGraph(assets=[], relations=[], edges=[], prompt=prompt)
        for number, part in enumerate(parts, start=1):
            shares = [replace(by_name[name], count=count) for name, count in part.shares()]
            if not shares:
                continue  # a step that only names objects already placed adds nothing
            later = [f"{name} x{count}" for step in parts[number:] for name, count in step.shares()]
            graph = self.plan_subscene(part.description, shares, prompt, graph, number, later, placed)
        return graph

    def plan_existing(self, prompt: str, existing: Mapping[str, str], scene: SceneAccess,
                      placed: Sequence[ObjectSpec] = ()) -> SceneGraph:
        """The plan of ``prompt`` in a scene that exists (``existing``: the user's objects, id ->
        category, in ``scene``'s database): assets, then one planner call with the scene query
        tool; the graph names the objects it refers to by their ids (issue 16). A scene large
        enough to decompose is planned sub-scene by sub-scene without the tool: each sub-scene
        planner reads where ``placed`` (the user's posed objects) stand and may name them by id."""
        from ..scene_db.labels import label_space
        from ..scene_db.schema import schema_text

        records = self.assets(prompt)
        if sum(r.count for r in records) > self.decompose_above:
            graph = self._plan_records(prompt, records, placed)
            return planner_scene.without_existing_ids(graph, {k: v for k, v in existing.items()
                                                              if k not in {o.id for o in placed}})
        tool_text = scene_tool_text(schema_text(), label_space(scene.rows), self.scene_tool)
        messages = planner_scene.build_request_messages(prompt, records, self.catalog, existing, tool_text)
        parse = planner_scene.parser(self.catalog, prompt, [r.name for r in records], existing)
        graph, _ = ask_with_scene_tool(self.backend, planner_stage.STAGE, messages, parse, scene.run_query,
                                       config=self.scene_tool, max_retries=self.max_retries,
                                       prompt_id=planner_scene.prompt_id())
        return graph

    def code(self, graph: SceneGraph, description: str | None = None) -> str:
        """A statically checked constraint script for the graph."""
        messages = coder_stage.build_request_messages(graph, description or graph.prompt, self.catalog)
        return self._ask(coder_stage.STAGE, messages, lambda text: coder_stage.parse_reply(text, self.catalog))

    def code_and_run(self, graph: SceneGraph, run: Callable[[str], R], description: str | None = None) -> tuple[str, R]:
        """Like :meth:`code`, and ``run(script)`` (the interpreter) must succeed too: a :class:`BadInput`
        it raises (unknown object id, a crash in the script) goes back to the model like a parse error."""
        messages = coder_stage.build_request_messages(graph, description or graph.prompt, self.catalog)

        def parse(text: str) -> tuple[str, R]:
            script = coder_stage.parse_reply(text, self.catalog)
            return script, _run_as_reply_check(run, script)

        return self._ask(coder_stage.STAGE, messages, parse)

    def review(self, images: Sequence[ImageInput], description: str, audit: str, script: str) -> Review:
        """The vision reviewer's verdict on the current layout."""
        messages = reviewer_stage.build_request_messages(images, description, audit, script, self.catalog)
        return self._ask(reviewer_stage.STAGE, messages, lambda text: reviewer_stage.parse_reply(text, self.catalog),
                         reviewer_stage.SCHEMA)

    def review_and_run(self, images: Sequence[ImageInput], description: str, audit: str, script: str,
                       run: Callable[[str], R], critic: Critic[R] | None = None) -> tuple[Review, R | None]:
        """Like :meth:`review`; a revised script must also pass ``run``, and critiques ``critic``
        (given the review and the revised script's program, it returns the next program); their
        errors go back to the model."""
        messages = reviewer_stage.build_request_messages(images, description, audit, script, self.catalog)

        def parse(text: str) -> tuple[Review, R | None]:
            review = reviewer_stage.parse_reply(text, self.catalog)
            return review, _checked(review, run, critic, "$.revised_script: ")

        return self._ask(reviewer_stage.STAGE, messages, parse, reviewer_stage.SCHEMA)

    def review_with_tool(self, images: Sequence[ImageInput], description: str, audit: Any, program: Program,
                         scene: SceneAccess, run: Callable[[str], R],
                         critic: Critic[R] | None = None, preface: str = "") -> tuple[Review, R | None]:
        """The reviewer through the scene query tool (large scenes): a summary of ``audit`` in the
        prompt (after ``preface``: what went wrong or was done since), the constraints in the
        database, edits to ``program`` (and critiques) in the reply; the revised script rendered
        from them must pass ``run``, the critiques ``critic`` (errors go back to the model)."""
        from ..scene_db.labels import label_space
        from ..scene_db.schema import schema_text

        tool_text = scene_tool_text(schema_text(), label_space(scene.rows), self.scene_tool)
        summary = preface + reviewer_tool.audit_summary(audit.results, audit.checks, program)
        messages = reviewer_tool.build_request_messages(images, description, summary, tool_text, self.catalog,
                                                        sorted({c.relation for c in program.constraints}))

        def parse(text: str) -> tuple[Review, R | None]:
            review = reviewer_tool.parse_reply(text, self.catalog, program)
            return review, _checked(review, run, critic, "$.edits: ")

        result, _ = ask_with_scene_tool(self.backend, reviewer_tool.STAGE, messages, parse, scene.run_query,
                                        config=self.scene_tool, max_retries=self.max_retries,
                                        prompt_id=load_template(reviewer_tool.PROMPT).id)
        return result

    def _ask(self, stage: str, messages: list[ChatMessage], parse: Callable[[str], T],
             schema: Mapping[str, Any] | None = None) -> T:
        return ask_stage(self.backend, stage, messages, parse, schema=schema, max_retries=self.max_retries)


def _checked(review: Review, run: Callable[[str], R], critic: Critic[R] | None, prefix: str) -> R | None:
    """The program a rejecting review asks for: its revised script run, then its critiques applied."""
    program = None if review.revised_script is None else _run_as_reply_check(run, review.revised_script, prefix)
    if not review.critiques:
        return program
    if critic is None:
        raise ReplyParseError("$.critiques: critiques cannot be applied here; give the revised script instead")
    try:
        return critic(review, program)
    except BadInput as exc:
        raise ReplyParseError(str(exc)) from exc


def _run_as_reply_check(run: Callable[[str], R], script: str, prefix: str = "") -> R:
    """``run(script)``, with bad input (the script's own fault) turned into a reply error."""
    try:
        return run(script)
    except BadInput as exc:
        raise ReplyParseError(f"{prefix}running the script failed: {exc}") from exc


def merge_graphs(graphs: Sequence[SceneGraph], prompt: str) -> SceneGraph:
    """One graph from the sub-scene graphs: an asset id seen again is the same object (the first
    definition wins); relation ids get the sub-scene number so they stay unique."""
    assets: dict[str, AssetNode] = {}
    relations: list[RelationNode] = []
    edges: list[Edge] = []
    for index, graph in enumerate(graphs, start=1):
        for asset in graph.assets:
            assets.setdefault(asset.id, asset)
        for relation in graph.relations:
            new_id = f"s{index}_{relation.id}"
            relations.append(RelationNode(id=new_id, relation=relation.relation, params=dict(relation.params),
                                          source=relation.source))
            edges.extend(Edge(relation=new_id, asset=e.asset, role=e.role)
                         for e in graph.edges if e.relation == relation.id)
    return SceneGraph(assets=list(assets.values()), relations=relations, edges=edges, prompt=prompt)
