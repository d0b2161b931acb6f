"""The effects and events of the generate flow (core/pipeline.py): what the flow asks the
outside world to do (``Need*``), and what it tells the user. Re-exported by ``pipeline``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from .audit import Audit
from .model import Layout, ObjectSpec, PlacedObject, Program
from .scene_graph import SceneGraph
from .solve_record import Budget

if TYPE_CHECKING:
    from .iteration import IterationRecord

# ------------------------------------------------------------------ effects


@dataclass(frozen=True)
class NeedPlan:
    """Plan the prompt into a scene graph. Reply: :class:`SceneGraph`. ``existing``: the user's
    locked objects; an asset of the reply that stands for one of them has that object's id
    (``stage_set.bind_existing``)."""

    prompt: str
    existing: tuple[ObjectSpec, ...] = ()
    stage: str = "plan"


@dataclass(frozen=True)
class NeedProgram:
    """Write the constraint program for a graph. Reply: :class:`ProgramDraft`."""

    graph: SceneGraph
    stage: str = "code"


@dataclass(frozen=True)
class NeedSolve:
    """Solve a program. Reply: :class:`Layout`."""

    program: Program
    seed: int
    iteration: int
    budget: Budget  # counted work (effort) and the optional wall-clock cap
    prompt: str
    stage: str = "solve"


@dataclass(frozen=True)
class NeedBuild:
    """Build a layout into the scene (replacing the previous build). Reply: :class:`BuildOutcome`."""

    layout: Layout
    iteration: int
    stage: str = "build"


@dataclass(frozen=True)
class NeedEvaluate:
    """Check a program on placed objects. Reply: ``(list[ConstraintResult], PhysicsChecks)``."""

    program: Program
    placed: tuple[PlacedObject, ...]
    stage: str = "audit"


@dataclass(frozen=True)
class NeedRender:
    """Render the current build. ``views``: "final" (perspective), "top" (labelled top-down).
    ``tag`` names the round ("final" or "iter_01"). Reply: ``dict[view, path]``."""

    views: tuple[str, ...]
    tag: str
    stage: str = "render"


@dataclass(frozen=True)
class NeedReview:
    """Judge an iteration and maybe revise its program. Reply: :class:`ReviewOutcome`."""

    prompt: str
    program: Program
    script: str
    layout: Layout
    audit: Audit
    iteration: int
    renders: dict[str, str]
    feedback: str = ""  # what went wrong since this round (a revision that could not be solved)
    stage: str = "review"
    seed: int = 0  # the next round's solver seed and budget: a reviewer whose critiques leave
    budget: Budget = field(default_factory=Budget)  # a choice (which of two chairs to move) tries each with the solver
    protected: tuple[str, ...] = ()  # the user's locked objects: no critique may change them
    unseen: str = ""  # the prompt's subjects no perspective view shows, one line (core/visibility.unseen_text)


@dataclass(frozen=True)
class NeedSave:
    """Save the scene. Reply: the saved path (or ``None``)."""

    stage: str = "save"


Effect = Union[NeedPlan, NeedProgram, NeedSolve, NeedBuild, NeedEvaluate, NeedRender, NeedReview, NeedSave]
STAGE_EFFECTS = (NeedPlan, NeedProgram, NeedSolve, NeedEvaluate, NeedReview)  # answered by the stages, no bpy


def answer_with_stages(stages: Any, effect: Effect) -> Any:
    """The stages' reply to an effect of ``STAGE_EFFECTS`` (plan, code, solve, evaluate, review):
    the one dispatch the CLI driver, the panel's worker thread and the scripts share. ``TypeError``
    for an effect that needs Blender (build, render, save): its fulfiller answers those itself."""
    if isinstance(effect, NeedPlan):
        return stages.plan(effect.prompt)
    if isinstance(effect, NeedProgram):
        return stages.code(effect.graph)
    if isinstance(effect, NeedSolve):
        return stages.solve(effect.program, effect.seed, effect.budget, effect.prompt)
    if isinstance(effect, NeedEvaluate):
        return stages.evaluate(effect.program, list(effect.placed))
    if isinstance(effect, NeedReview):
        return stages.review(effect)
    raise TypeError(f"{type(effect).__name__} is not a stage's effect")

# ------------------------------------------------------------------ events


@dataclass(frozen=True)
class Progress:
    """A stage finished something worth a line on the terminal."""

    stage: str
    message: str


@dataclass(frozen=True)
class Notice:
    """Something the user must see: ``kind`` is "unparsed" or "warning"."""

    kind: str
    message: str


@dataclass(frozen=True)
class IterationScored:
    """An iteration was built and audited."""

    record: IterationRecord


Event = Union[Progress, Notice, IterationScored]
