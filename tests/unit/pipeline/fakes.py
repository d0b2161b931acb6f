"""Fake stages for pipeline tests: a tiny deterministic 'solver' whose quality depends on
the seed and on the weights, so re-solving and keeping the best can be observed."""

from __future__ import annotations

from typing import Sequence

from setdresser.blender_addon.core import pipeline as pl
from setdresser.blender_addon.core.model import (Constraint, ConstraintResult, Layout, ObjectSpec, PhysicsChecks,
                                                 PlacedObject, Program)
from setdresser.blender_addon.core.scene_graph import AssetNode, Edge, RelationNode, SceneGraph


def graph(unparsed: Sequence[str] = ()) -> SceneGraph:
    return SceneGraph(
        assets=[AssetNode("desk_1", "desk"), AssetNode("lamp_1", "lamp"), AssetNode("chair_1", "chair")],
        relations=[RelationNode("r1", "on_top_of"), RelationNode("r2", "in_front_of")],
        edges=[Edge("r1", "lamp_1", 0), Edge("r1", "desk_1", 1), Edge("r2", "chair_1", 0), Edge("r2", "desk_1", 1)],
        prompt="a lamp on a desk, a chair in front of the desk", unparsed=list(unparsed))


def program() -> Program:
    return Program(
        objects=[ObjectSpec("desk_1", "desk", (1.4, 0.7, 0.75)), ObjectSpec("lamp_1", "lamp", (0.2, 0.2, 0.4)),
                 ObjectSpec("chair_1", "chair", (0.5, 0.5, 0.9))],
        constraints=[Constraint("on_top_of", ("lamp_1", "desk_1")), Constraint("in_front_of", ("chair_1", "desk_1"))])


def placed(oid: str, x: float, support: str | None = "ground", z: float = 0.0) -> PlacedObject:
    return PlacedObject(oid, oid.split("_")[0], None, (x, 0.0, z), (0.0, 0.0, 0.0), (0.5, 0.5, 0.5),
                        (x - 0.25, -0.25, z), (x + 0.25, 0.25, z + 0.5), support)


class FakeWorld:
    """Solve puts objects at x = seed % 10; evaluate says in_front_of holds only when its weight
    was raised (a revision happened) or for the seeds listed in ``good_seeds``."""

    def __init__(self, good_seeds: Sequence[int] = (), physics_bad_seeds: Sequence[int] = ()) -> None:
        self.good_seeds = set(good_seeds)
        self.physics_bad_seeds = set(physics_bad_seeds)
        self.solved: list[tuple[int, Program]] = []
        self.built: list[int] = []
        self.last_seed = 0

    def solve(self, prog: Program, seed: int) -> Layout:
        self.solved.append((seed, prog))
        self.last_seed = seed
        x = float(seed % 10)
        objects = [placed("desk_1", x), placed("lamp_1", x, "desk_1", 0.75), placed("chair_1", x + 2)]
        return Layout(objects=objects, constraints=[], checks=PhysicsChecks(), prompt="p", seed=seed)

    def evaluate(self, prog: Program) -> tuple[list[ConstraintResult], PhysicsChecks]:
        seed = self.last_seed
        front_ok = seed in self.good_seeds or any(c.weight > 1 for c in self.solved[-1][1].constraints
                                                  if c.relation == "in_front_of")
        results = [ConstraintResult("on_top_of", ("lamp_1", "desk_1"), {}, 1.0, True),
                   ConstraintResult("in_front_of", ("chair_1", "desk_1"), {}, 1.0 if front_ok else 0.4, front_ok)]
        checks = PhysicsChecks(collisions=[("desk_1", "chair_1", 0.1)]) if seed in self.physics_bad_seeds else PhysicsChecks()
        return results, checks


def restless(need: pl.NeedReview, notes: str = "same again") -> pl.ReviewOutcome:
    """A reviewer that never re-weights the failing relation but changes the program a little
    each round (the lamp's on_top_of weight), so each round is solved again with its own seed
    (a revision equal to its round is not solved again, issue 11)."""
    import dataclasses

    constraints = [dataclasses.replace(c, weight=c.weight + 0.01) if c.relation == "on_top_of" else c
                   for c in need.program.constraints]
    return pl.ReviewOutcome(accepted=False, program=dataclasses.replace(need.program, constraints=constraints),
                            script=need.script, notes=notes)


def run_fake(request: pl.GenerateRequest, world: FakeWorld, review=None, graph_=None):  # type: ignore[no-untyped-def]
    """Drive the real pipeline with fake stages; returns (result, effects seen, events seen)."""
    from setdresser.blender_addon.core.stage_set import geometric_review

    effects: list[object] = []
    events: list[object] = []

    def fulfil(effect: object) -> object:
        effects.append(effect)
        if isinstance(effect, pl.NeedPlan):
            return graph_ or graph()
        if isinstance(effect, pl.NeedProgram):
            return pl.ProgramDraft(program(), "from setdresser.script import *\n", warnings=["unknown noun 'gizmo'"])
        if isinstance(effect, pl.NeedSolve):
            return world.solve(effect.program, effect.seed)
        if isinstance(effect, pl.NeedBuild):
            world.built.append(effect.iteration)
            return pl.BuildOutcome(placed=list(effect.layout.objects), warnings=["unknown noun 'gizmo'"],
                                   cameras=tuple(getattr(world, "cameras", ())))  # the views as a shell records them
        if isinstance(effect, pl.NeedEvaluate):
            return world.evaluate(effect.program)
        if isinstance(effect, pl.NeedReview):
            return (review or geometric_review)(effect)
        if isinstance(effect, pl.NeedRender):
            return {v: f"/out/{effect.tag}/{v}.png" for v in effect.views}
        if isinstance(effect, pl.NeedSave):
            return "/out/scene.blend"
        raise AssertionError(f"unexpected effect {effect!r}")

    result = pl.drive(pl.run(request), fulfil, events.append)
    return result, effects, events
