"""One solve -> build -> audit round of the generate flow as report.json records it (core/pipeline.py
re-exports it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .audit import AuditScore
from .visibility import unseen


@dataclass
class IterationRecord:
    """One solve -> build -> audit round, as reported in report.json."""

    iteration: int
    seed: int
    score: AuditScore
    failed: list[str]
    checks: dict[str, Any]
    max_drift: float
    renders: dict[str, str] = field(default_factory=dict)
    script: str = field(default="", repr=False)  # the constraint script this round solved
    plan_held: int = 0  # how many of the first program's relations (the user's intent) hold
    stated_held: int = 0  # how many of them the text stated (weights.STATED_WEIGHT): ranked before plan_held
    cut_short: bool = False  # the wall-clock cap stopped this round's solve before its counted work was done
    superseded: bool = False  # a later round made what the reviewer (critiques, or a revision it looked for) asked
    critiques: str = ""  # what the reviewer's critiques of this round did (the review's notes)
    accepted: bool = False  # the reviewer said this round looks right
    missing_subjects: list[str] = field(default_factory=list)  # subjects of the prompt the round lost
    visibility: dict[str, dict[str, float]] = field(default_factory=dict)  # subject -> view -> share seen
    cameras: dict[str, Any] = field(default_factory=dict)  # view -> its camera (ViewCamera.to_dict)

    def to_dict(self) -> dict[str, Any]:
        """The report.json form (the script is written to iterations/NN/program.py instead)."""
        return {"iteration": self.iteration, "seed": self.seed, "physics_valid": self.score.physics_valid,
                "satisfied": self.score.satisfied, "total": self.score.total,
                "mean_score": self.score.mean_score, "failed": list(self.failed), "checks": self.checks,
                "max_drift_m": round(self.max_drift, 5), "renders": dict(self.renders), "plan_held": self.plan_held,
                **({"hard_failed": list(self.score.hard_failed)} if self.score.hard_failed else {}),
                **({"cut_short": True} if self.cut_short else {}),
                **({"superseded": True} if self.superseded else {}),
                **({"critiques": self.critiques} if self.critiques else {}),
                **({"accepted": True} if self.accepted else {}),
                **({"missing_subjects": list(self.missing_subjects)} if self.missing_subjects else {}),
                **({"subject_visibility": self.visibility, "unseen_subjects": self.unseen()}
                   if self.visibility else {}),
                **({"cameras": self.cameras} if self.cameras else {})}

    def unseen(self) -> list[str]:
        """The prompt's subjects no perspective view of this round shows (core/visibility.py)."""
        return unseen(self.visibility)

    def lost(self) -> int:
        """How many of the prompt's subjects the round lost or does not show."""
        return len(set(self.missing_subjects) | set(self.unseen()))
