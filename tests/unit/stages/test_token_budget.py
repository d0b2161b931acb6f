"""--token-budget (issue 15): a request that would pass the budget is not sent."""
from __future__ import annotations

import pytest

from setdresser.blender_addon.core.stages.base import ChatMessage, ChatReply, ChatRequest, ImageInput
from setdresser.blender_addon.core.stages.budget import (IMAGE_TOKENS, BudgetedBackend, TokenBudgetExhausted,
                                                         estimate_prompt_tokens)


class Counting:
    endpoint = "scripted://budget"

    def __init__(self) -> None:
        self.sent: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> ChatReply:
        self.sent.append(request)
        return ChatReply(text="{}", prompt_tokens=100, completion_tokens=50)


def _request(chars: int, images: int = 0) -> ChatRequest:
    image = ImageInput(b"png", "image/png", "view")
    return ChatRequest(stage="reviewer", messages=(ChatMessage("user", "x" * chars, images=(image,) * images),))


def test_the_estimate_counts_text_and_images() -> None:
    assert estimate_prompt_tokens(_request(400)) == 100
    assert estimate_prompt_tokens(_request(400, images=2)) == 100 + 2 * IMAGE_TOKENS


def test_a_request_that_would_pass_the_budget_is_not_sent_and_named() -> None:
    inner, used = Counting(), [0]
    backend = BudgetedBackend(inner, budget=1000, used=lambda: used[0])
    backend.complete(_request(400))
    used[0] = 950
    with pytest.raises(TokenBudgetExhausted, match=r"^token budget 1000 exhausted: 950 tokens used, the reviewer "
                                                   r"request needs about 100 more \(raise --token-budget\)$"):
        backend.complete(_request(400))
    assert len(inner.sent) == 1 and backend.endpoint == "scripted://budget"
