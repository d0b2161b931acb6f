"""Where someone is, said with "from" (issue 14, the paper's queries): "feeding pigeons from a park
bench" sits the man on the bench, "waving from the window" puts the girl by it, and "work from
home" is an idiom, no object; a plural-looking word after one thing is what it does ("a boy
watches from the steps": a boy, not three "boy watches")."""

from __future__ import annotations

from planned import planned, triples

from setdresser.blender_addon.core.offline import plan


def test_from_a_seat_is_on_it() -> None:
    found = triples(planned("an old man feeding pigeons from a park bench", complete=True))
    assert ("on_top_of", ("man_1", "park_bench_1")) in found
    assert ("on_top_of", ("boy_1", "jetty_1")) in triples(planned("a boy fishing from a wooden jetty", complete=True))


def test_from_anything_else_is_by_it() -> None:
    assert ("proximity", ("girl_1", "window_1")) in triples(planned("a girl waving from the window", complete=True))


def test_from_before_a_bare_noun_is_no_place() -> None:
    graph = plan("a home office for two people who work from home")
    assert "home" not in {a.category for a in graph.assets}


def test_a_plural_word_after_one_thing_is_a_verb() -> None:
    categories = [a.category for a in plan("a dog chasing a ball while a boy watches from the porch").assets]
    assert "boy" in categories and not any("watch" in c for c in categories)
