"""A revision that grows a planned row over more members restates it (the LLM trial's defect B):
the old row is not audited again as the plan's intent, and the grown row holding counts for it."""

from __future__ import annotations

from setdresser.blender_addon.core.model import Constraint, ConstraintResult, ObjectSpec, Program
from setdresser.blender_addon.core.revision import audited_program, plan_held, restates

BOOKS = [f"book_{i}" for i in range(1, 9)]


def _program(row: list[str]) -> Program:
    objects = [ObjectSpec(b, "book", (0.03, 0.2, 0.25)) for b in BOOKS] + [ObjectSpec("shelf_1", "bookshelf", (1, .3, 2))]
    return Program(objects=objects, constraints=[Constraint("row", tuple(row)),
                                                 Constraint("on_top_of", ("book_1", "shelf_1"))])


def test_a_grown_row_restates_the_planned_one_and_others_do_not() -> None:
    assert restates(("row", ("a", "b", "c")), ("row", ("a", "x", "b", "c", "d")))
    assert not restates(("row", ("a", "b", "c")), ("row", ("c", "b", "a", "d")))  # another order
    assert not restates(("row", ("a", "b")), ("grid", ("a", "b", "c")))
    assert not restates(("on_top_of", ("a", "b")), ("on_top_of", ("a", "c")))
    assert restates(("on_top_of", ("a", "b")), ("on_top_of", ("a", "b")))


def test_the_audit_and_plan_held_follow_the_grown_row() -> None:
    intent, revised = _program(BOOKS[:5]), _program(BOOKS)
    audited = audited_program(intent, revised)
    assert [c.args for c in audited.constraints if c.relation == "row"] == [tuple(BOOKS)]  # the old row is gone
    results = [ConstraintResult("row", tuple(BOOKS), {}, 1.0, True),
               ConstraintResult("on_top_of", ("book_1", "shelf_1"), {}, 1.0, True)]
    assert plan_held(intent, results) == 2
    dropped = audited_program(intent, _program(BOOKS[5:]))  # a row over other books does not restate it
    assert tuple(BOOKS[:5]) in [c.args for c in dropped.constraints]


def test_a_relation_said_in_other_words_restates_the_planned_one() -> None:
    """Another spelling of the same statement (each relation's SPEC says which): objects whose order
    says nothing, the converse with its objects swapped, a synonym; parameters never count."""
    assert restates(("proximity", ("a", "b")), ("proximity", ("b", "a")))
    assert restates(("above", ("lamp", "table")), ("under", ("table", "lamp")))
    assert restates(("under", ("rug", "table")), ("above", ("table", "rug")))
    assert restates(("against_wall", ("tv",)), ("on_wall", ("tv",)))
    assert restates(("between", ("a", "b", "c")), ("between", ("a", "c", "b")))
    assert restates(("none_of", ("x", "y", "desk")), ("none_of", ("y", "x", "desk")))
    assert not restates(("between", ("a", "b", "c")), ("between", ("b", "a", "c")))  # a is the one between
    assert not restates(("none_of", ("x", "y", "desk")), ("none_of", ("desk", "y", "x")))  # the anchor is last
    assert not restates(("left_of", ("a", "b")), ("right_of", ("b", "a")))  # each in its own object's frame
    assert not restates(("in_front_of", ("a", "b")), ("behind", ("b", "a")))
    assert not restates(("above", ("a", "b")), ("under", ("a", "b")))


def test_a_restatement_in_other_words_supersedes_the_plan_and_is_not_audited_twice() -> None:
    from dataclasses import replace

    from setdresser.blender_addon.core.audit import make_audit
    from setdresser.blender_addon.core.model import Layout, PhysicsChecks
    from setdresser.blender_addon.core.revision import changed_constraints, supersedes

    objects = [ObjectSpec("lamp_1", "lamp", (.3, .3, .5)), ObjectSpec("table_1", "table", (1, 1, .7)),
               ObjectSpec("chair_1", "chair", (.5, .5, .9))]
    planned = [Constraint("above", ("lamp_1", "table_1")),
               Constraint("proximity", ("chair_1", "table_1"), {"max_distance": .5})]
    intent = Program(objects=objects, constraints=planned)
    revised = replace(intent, constraints=[Constraint("under", ("table_1", "lamp_1"), {}, weight=2.0),
                                           Constraint("proximity", ("table_1", "chair_1"), {"max_distance": .3})])
    assert audited_program(intent, revised).constraints == revised.constraints  # nothing planned added again
    held = [ConstraintResult(c.relation, c.args, dict(c.params), 1.0, True) for c in revised.constraints]
    assert plan_held(intent, held) == 2

    def audit(constraints: list[Constraint]) -> "object":
        results = [ConstraintResult(c.relation, c.args, dict(c.params), 1.0, True) for c in constraints]
        return make_audit(results, PhysicsChecks(), Layout([], [], PhysicsChecks()), [])
    assert supersedes(intent, audit(intent.constraints), audit(revised.constraints), set())
    assert not supersedes(intent, audit(intent.constraints), audit(revised.constraints[:1]), set())
    same = replace(intent, constraints=[Constraint("proximity", ("chair_1", "table_1"), {"max_distance": .5}),
                                        Constraint("under", ("table_1", "lamp_1"))])
    assert changed_constraints(intent, same) == []  # the same statements, reordered and respelled


def test_the_declared_order_free_objects_really_are_order_free() -> None:
    """The SPEC data behind restates: swapping objects inside a relation's ``unordered`` slice never
    changes its check (random layouts), so a revision restating it that way means the same."""
    import numpy as np
    from setdresser.skill_library.base import Poses
    from setdresser.skill_library.registry import default_registry

    rng = np.random.default_rng(7)
    registry = default_registry()
    declared = [registry.get(n) for n in registry.names() if registry.get(n).spec.unordered is not None]
    assert {"proximity", "parallel", "between", "alignment"} <= {r.name for r in declared}
    for relation in declared:
        spec = relation.spec
        if "zone" in spec.arg_names:
            continue  # clear: its zone is an opening (no box here)
        n = spec.max_args or max(spec.min_args, 4)
        poses = Poses(rng.uniform(-2, 2, (64, n, 3)) * [1, 1, 0], rng.uniform(-np.pi, np.pi, (64, n)),
                      rng.uniform(0.2, 1.0, (64, n, 3)), np.array([-3.0, -3.0, 0.0]), np.array([3.0, 3.0, 3.0]))
        params = {p.name: p.default for p in spec.params} | ({"ratio": 1.0} if spec.name == "scaling" else {})
        order = list(range(n))
        swapped = order.copy()
        part = list(range(n))[slice(*spec.unordered)]
        swapped[part[0]], swapped[part[-1]] = order[part[-1]], order[part[0]]
        same = relation.check(poses, tuple(order), params) == relation.check(poses, tuple(swapped), params)
        assert same.all(), f"{spec.name}: swapping objects {part[0]} and {part[-1]} changes its check"
