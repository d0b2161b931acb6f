"""More of the things just named, said by a bare count and what they do (dev set
tests/benchmark/dev/counts12.json, issue 14, class "count"): "three fishermen sit on the shore, and another
two stand on the jetty" is five fishermen (was three, and two objects called "stand"); "another three sleep
on the rug" five dogs (not "sleep" boxes); "another one sits on the windowsill" after "two cats sleep on the
sofa" a third cat (was a second sofa): "another" is more of the last clause's subject."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, expected, never", [
    ("Three fishermen sit on the shore, and another two stand on the jetty.", {"fisherman": 5}, "stand"),
    ("Two dogs lie by the fire and another three sleep on the rug.", {"dog": 5, "rug": 1}, "sleep"),
    ("Five chairs face the stage and another two wait by the door.", {"chair": 7}, "wait"),
    ("Three boats are moored at the dock and another two float in the bay.", {"boat": 5}, "float"),
    ("Two cats sleep on the sofa. Another one sits on the windowsill.", {"cat": 3, "sofa": 1}, "windowsill"),
    ("Put three chairs by the window and another two by the door.", {"chair": 5}, "door"),
])
def test_another_count_that_acts_is_more_of_them(prompt: str, expected: dict[str, int], never: str) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected
    assert found[never] == 0
