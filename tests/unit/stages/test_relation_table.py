"""The relation table the LLM stages read (catalog.prompt_text): compact (a parameter text that
several listed relations share is written once) without losing anything: reading the table back
gives every relation exactly its own parameter lines (issue 14: the table's repeated texts)."""

from __future__ import annotations

from setdresser.blender_addon.core.stages.catalog import (LEGEND, SHARED_HEADER, RelationCatalog, RelationInfo,
                                                          default_catalog)


def _head(line: str) -> str:
    """``name=default``, or ``name?`` / ``name!`` for a line without a default (optional / required)."""
    first = line.split(" ", 1)[0]
    return first if "=" in first else first + ("!" if ", required)" in line.split(":")[0] else "?")


def _read_back(text: str) -> dict[str, list[str]]:
    """Relation name -> its parameter lines, the shared ones looked up in the block before the list."""
    shared: dict[str, str] = {}
    entries: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("- "):
            current = entries.setdefault(line[2:].split("(", 1)[0], [])
        elif line.startswith("    shared: "):
            assert current is not None
            current.extend(shared[name] for name in line[len("    shared: "):].split(", "))
        elif line.startswith("    "):
            if current is None:  # named by its name, or by name=default where two share a name
                shared[line[4:].split("=", 1)[0].split(" ", 1)[0]] = line[4:]
                shared[_head(line[4:])] = line[4:]
            else:
                current.append(line[4:])
        else:
            assert line in (LEGEND, SHARED_HEADER), line
    return entries


def test_the_whole_table_reads_back_to_every_relations_own_parameter_lines() -> None:
    catalog = default_catalog()
    entries = _read_back(catalog.prompt_text())
    assert set(entries) == set(catalog.names())
    for name in catalog.names():
        info = catalog._by_name[name]  # noqa: SLF001 - the catalog's own record is the reference
        assert sorted(entries[name]) == sorted(info.param_lines), name


def test_no_parameter_text_is_written_twice_and_the_table_is_shorter_than_its_entries() -> None:
    catalog = default_catalog()
    text = catalog.prompt_text()
    param_lines = [line for line in text.splitlines() if line.startswith("    ") and "shared: " not in line]
    assert len(param_lines) == len(set(param_lines))
    alone = sum(len(catalog.prompt_text([name])) for name in catalog.names())
    assert len(text) < alone * 0.9, (len(text), alone)


def _info(name: str, *lines: str) -> RelationInfo:
    return RelationInfo(name=name, min_args=2, max_args=2, params=tuple(line.split("=")[0] for line in lines),
                        description=f"{name} means this", param_lines=lines)


def test_only_a_text_two_listed_relations_share_goes_to_the_shared_block() -> None:
    gap = "max_distance=2.0 >= 0: largest XY gap (m) between the boxes"
    catalog = RelationCatalog([_info("near_a", gap, "tolerance=0.1 >= 0: one meaning"),
                               _info("near_b", gap, "tolerance=0.5 >= 0: another meaning"),
                               _info("lone", "max_distance=1.0 >= 0: its own distance")])
    text = catalog.prompt_text()
    assert text.count(gap) == 1 and text.count("    shared: max_distance") == 2
    assert "tolerance=0.1 >= 0: one meaning" in text and "tolerance=0.5 >= 0: another meaning" in text
    assert "max_distance=1.0 >= 0: its own distance" in text  # same name, other text: its own line
    twice = RelationCatalog([_info(f"r{k}", gap, f"tolerance={t} >= 0: meaning {t}")
                             for k, t in enumerate((0.1, 0.1, 0.5, 0.5))]).prompt_text()
    assert "    shared: max_distance, tolerance=0.1" in twice and "    shared: max_distance, tolerance=0.5" in twice
    optional = RelationCatalog([_info(f"o{k}", gap, line) for k, line in enumerate(
        ("tolerance=0.1 >= 0: meaning", "tolerance=0.1 >= 0: meaning", "tolerance (float, optional): free",
         "tolerance (float, optional): free"))]).prompt_text()
    assert "    shared: max_distance, tolerance?" in optional and "    shared: max_distance, tolerance=0.1" in optional
    alone = catalog.prompt_text(["near_a"])
    assert SHARED_HEADER not in alone and f"    {gap}" in alone and "shared:" not in alone


def test_parameter_lines_say_default_type_bounds_and_choices() -> None:
    text = default_catalog().prompt_text(["against_wall", "grid", "scaling", "around"])
    assert 'wall="any" one of ["any", "north", "south", "east", "west"]: which side' in text
    assert "tolerance_deg=30.0 in [0, 180]:" in text  # a float default written as a float
    assert "rows (int, optional) >= 1: number of rows" in text
    assert "ratio (float, required) >= 0:" in text
    assert "facing=true: each object faces the center" in text
    assert text.startswith(LEGEND)


def test_the_short_table_names_every_other_relation_once_with_its_own_defaults() -> None:
    catalog = default_catalog()
    text = catalog.table_text(["row", "behind"])
    others = text.split("Others (name(args) [parameter=default]):\n", 1)[1].splitlines()
    named: list[str] = []
    for line in others:
        signatures, _, defaults = line[2:].partition(" [")
        names = [part.split("(")[0] for part in signatures.split("), ")]
        named += names
        for name in names:  # relations sharing a line have exactly these defaults
            assert ", ".join(catalog._by_name[name].param_defaults) == defaults.rstrip("]"), line  # noqa: SLF001
    assert sorted(named) == sorted(set(catalog.names()) - {"row", "behind"})
    assert "- left_of(a, b), right_of(a, b) [max_distance=2.0" in text
