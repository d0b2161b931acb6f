"""``--token-budget N``: the LLM stages stop asking once a run's tokens would pass N (issue 15).

:class:`BudgetedBackend` wraps any :class:`~.base.ChatBackend`: before each request it adds the
tokens used so far (prompt + completion, as the server counted them) and an estimate of this
request's prompt (its text's characters / 4, plus :data:`IMAGE_TOKENS` per image); when that
passes the budget the request is not sent and :class:`TokenBudgetExhausted` names the stage and
the numbers. The review step turns it into "accept the best round so far"; before any round
exists (assets, planner, coder) it ends the run with that one line. Deterministic: ``--replay``
replays the recorded usage, so the same request stops at the same place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import SetDresserError
from .base import ChatBackend, ChatReply, ChatRequest

CHARS_PER_TOKEN = 4
IMAGE_TOKENS = 800  # a 512-pixel render at high detail is billed about this much by vision models


class TokenBudgetExhausted(SetDresserError):
    """The next request would pass the run's token budget."""

    def __init__(self, stage: str, used: int, estimate: int, budget: int) -> None:
        self.stage, self.used, self.estimate, self.budget = stage, used, estimate, budget
        super().__init__(f"token budget {budget} exhausted: {used} tokens used, the {stage} request needs "
                         f"about {estimate} more (raise --token-budget)")


def estimate_prompt_tokens(request: ChatRequest) -> int:
    """About how many prompt tokens ``request`` costs: its text / 4 and a fixed amount per image."""
    chars = sum(len(m.text) for m in request.messages)
    images = sum(len(m.images) for m in request.messages)
    return chars // CHARS_PER_TOKEN + IMAGE_TOKENS * images


@dataclass
class BudgetedBackend:
    """``backend`` that refuses a request which would pass ``budget`` tokens (``used()`` so far)."""

    backend: ChatBackend
    budget: int
    used: Callable[[], int]

    @property
    def endpoint(self) -> str:
        return self.backend.endpoint

    def complete(self, request: ChatRequest) -> ChatReply:
        """Send ``request`` if the budget allows it, else raise :class:`TokenBudgetExhausted`."""
        used, estimate = self.used(), estimate_prompt_tokens(request)
        if used + estimate > self.budget:
            raise TokenBudgetExhausted(request.stage, used, estimate, self.budget)
        return self.backend.complete(request)
