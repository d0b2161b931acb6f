"""What people expect in a room (issue 14, rooms13): every archetype lists in ``expects`` the three to five
things a user would be surprised not to see there (a laundry room's washing machine, a nursery's crib,
a cafe's till), and its non-optional items hold each of them (by the knowledge base's category, the
item's own object or a thing its sentence names), so no seed and no minimal style leaves one out."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge

BOOK = load_archetypes()


def _kind(name: str) -> str:
    facts = load_knowledge().lookup(name)
    return facts.category if facts is not None else name


@pytest.mark.parametrize("arch", BOOK.archetypes, ids=[a.id for a in BOOK.archetypes])
def test_every_archetype_holds_what_people_expect(arch) -> None:  # type: ignore[no-untyped-def]
    assert 3 <= len(arch.expects) <= 6 or (arch.id == "breakfast_nook" and len(arch.expects) == 2), arch.id
    required = [i for i in arch.items if not i.optional and i.max_people is None and i.min_people is None]
    kinds = {_kind(i.object) for i in required} | {_kind(a) for i in required for a in i.also}
    texts = " ".join(f" {i.text.lower().rstrip('.')} " for i in required)
    missing = [e for e in arch.expects
               if _kind(e) not in kinds and f" {e} " not in texts and f" {e}s " not in texts]
    if missing:  # a capacity variant pair (max_people / min_people) holds it at every capacity
        variants = [i for i in arch.items if not i.optional and (i.max_people or i.min_people)]
        missing = [e for e in missing if not any(_kind(i.object) == _kind(e) for i in variants)]
    assert not missing, (arch.id, missing)
