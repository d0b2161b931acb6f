"""The scene store on LadybugDB: file and in-memory databases, the read-only gate, the timeout,
sync after a changed layout, and the ``query`` command."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("ladybug")

from setdresser.blender_addon.cli import main  # noqa: E402
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents  # noqa: E402
from setdresser.blender_addon.core.scene_db.rows import build_rows  # noqa: E402
from setdresser.blender_addon.services.scene_folder import open_folder, write_scene_documents  # noqa: E402
from setdresser.blender_addon.services.scene_store import (QueryError, QueryRefused, SceneStore,  # noqa: E402
                                                           write_scene_db)
from support.scenes import SCENES_DIR, documents  # noqa: E402

SLOW_QUERY = ("UNWIND range(1, 5000) AS i UNWIND range(1, 5000) AS j UNWIND range(1, 50) AS k "
              "WITH i, j, k WHERE (i * j + k) % 7 = 3 RETURN count(*)")


@pytest.fixture(scope="module")
def dining_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db") / "scene.db"
    return write_scene_db(build_rows(facts_from_documents(*documents("dining_room"))), path)


@pytest.fixture(params=["file", "memory"])
def store(request: pytest.FixtureRequest, dining_file: Path):
    made = SceneStore.open(dining_file) if request.param == "file" else \
        SceneStore.in_memory(build_rows(facts_from_documents(*documents("dining_room"))))
    yield made
    made.close()


def test_queries_answer_from_the_generated_scene(store: SceneStore) -> None:
    counts = dict(store.run("MATCH (o:Object) RETURN o.category, count(*) ORDER BY o.category").rows)
    assert counts == {"chair": 6, "lamp": 2, "sideboard": 1, "table": 1}
    dining = store.run("MATCH (:Zone {kind: 'dining'})-[:CONTAINS*]->(o:Object) RETURN o.id ORDER BY o.id").rows
    assert [r[0] for r in dining] == sorted(["table_1"] + [f"chair_{i}" for i in range(1, 7)])
    lamps = store.run("MATCH (s:Object {id: 'sideboard_1'})-[:CONTAINS]->(:Surface)-[:CONTAINS]->(o) "
                      "RETURN o.id ORDER BY o.id").rows
    assert lamps == (("lamp_1",), ("lamp_2",))
    nearest = store.run("MATCH (t:Object {id: 'table_1'}), (c:Object {category: 'chair'}) "
                        "RETURN c.id, dist(t, c) AS d ORDER BY d LIMIT 1").rows
    assert nearest[0][1] > 0


@pytest.mark.parametrize("query", [
    "CREATE (:Object {id: 'x', category: 'ghost'})", "MATCH (o:Object) SET o.x = 0.0",
    "MATCH (o:Object) DETACH DELETE o", "MERGE (o:Object {id: 'x'})", "CREATE MACRO evil(a) AS a",
    "DROP TABLE NEAR"])
def test_writes_are_refused_by_the_database(store: SceneStore, query: str) -> None:
    with pytest.raises(QueryRefused, match="read-only"):
        store.run(query)
    assert store.run("MATCH (o:Object) RETURN count(*)").rows == ((10,),)


@pytest.mark.parametrize("query", [
    "COPY (MATCH (o:Object) RETURN o.id) TO '{out}/leak.csv'", "LOAD FROM '{out}/../x.csv' (file_format='csv') RETURN *",
    "INSTALL json", "CALL threads=1", "CALL current_setting('threads') RETURN *"])
def test_files_extensions_and_settings_are_refused(store: SceneStore, query: str, tmp_path: Path) -> None:
    (tmp_path.parent / "x.csv").write_text("a,b\n1,2\n")
    with pytest.raises(QueryRefused, match="not allowed"):
        store.run(query.format(out=tmp_path))
    assert not (tmp_path / "leak.csv").exists()


def test_errors_are_one_line_and_name_the_known_labels(store: SceneStore) -> None:
    for query, expected in [("MATC (o) RETURN o", "Parser exception"), ("MATCH (o:Objekt) RETURN o", "node labels:"),
                            ("MATCH (o:Object) RETURN o.colour", "Cannot find property colour"),
                            ("RETURN 1; RETURN 2", "multiple statements"), ("  ", "empty")]:
        outcome = store.query(query)
        assert not outcome.ok and expected in outcome.error and "\n" not in outcome.error


def test_the_database_stops_a_query_past_its_timeout(store: SceneStore) -> None:
    with pytest.raises(QueryError, match="longer than 0.1 s"):
        store.run(SLOW_QUERY, timeout_s=0.1)
    assert store.run("RETURN 1").rows == ((1,),)  # the connection is still usable


def test_fetch_limit_reports_more_rows(store: SceneStore) -> None:
    rows = store.run("MATCH (a:Object), (b:Object) RETURN a.id, b.id", fetch=7)
    assert len(rows.rows) == 7 and rows.more


def test_sync_after_a_changed_layout(tmp_path: Path) -> None:
    layout, program, graph = documents("dining_room")
    path = write_scene_documents(tmp_path, layout, program, graph)
    assert path == tmp_path / "scene.db"
    with SceneStore.open(path) as store, SceneStore.in_memory(build_rows(facts_from_documents(layout, program, graph))) as memory:
        for target in (store, memory):
            assert target.run("MATCH (o:Object {id: 'sideboard_1'}) RETURN o.x").rows[0][0] != 1.5
        moved = json.loads(json.dumps(layout))
        sideboard = next(o for o in moved["objects"] if o["id"] == "sideboard_1")
        sideboard["location"] = [1.5, 0.0, 0.0]
        moved["objects"] = [o for o in moved["objects"] if o["id"] != "chair_6"]
        for target in (store, memory):
            target.replace(build_rows(facts_from_documents(moved, program, graph)))
            assert target.run("MATCH (o:Object {id: 'sideboard_1'}) RETURN o.x").rows == ((1.5,),)
            assert target.run("MATCH (o:Object {category: 'chair'}) RETURN count(*)").rows == ((5,),)
            assert target.run("MATCH (:Object {id: 'lamp_1'})-[:RESTS_ON]->(s) RETURN s.object").rows == (("sideboard_1",),)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scene.db"]  # no temporary file left behind


def test_a_failed_build_keeps_the_old_database(tmp_path: Path) -> None:
    rows = build_rows(facts_from_documents(*documents("bedroom")))
    path = write_scene_db(rows, tmp_path / "scene.db")
    before = path.read_bytes()
    rows.nodes["Object"].append(dict(rows.nodes["Object"][0]))  # a duplicate primary key: the build fails
    with pytest.raises(RuntimeError):
        write_scene_db(rows, path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["scene.db"]


def test_a_stale_or_missing_database_is_rebuilt_from_the_documents(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    shutil.copytree(SCENES_DIR / "office", folder)
    store, _, note = open_folder(folder)
    with store:
        assert "no scene.db" in note and store.run("MATCH (o:Object) RETURN count(*)").rows == ((10,),)
    write_scene_documents(folder, *documents("office"))
    store, _, note = open_folder(folder)
    with store:
        assert note == "" and store.path == folder / "scene.db"


def test_query_command_table_json_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "out"
    shutil.copytree(SCENES_DIR / "living_room", folder)
    write_scene_documents(folder, *documents("living_room"))
    assert main(["query", str(folder), "MATCH (o:Object {category: 'armchair'}) RETURN o.id ORDER BY o.id"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].strip() == "o.id" and "armchair_1" in out and "(2 rows)" in out
    assert main(["query", str(folder), "MATCH (o:Object) RETURN count(*) AS n", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"columns": ["n"], "rows": [[6]], "more": False}
    assert main(["query", str(folder), "MATCH (o:Object RETURN o"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: query: Parser exception") and err.count("\n") == 1
    assert main(["query", str(folder), "MATCH (o:Object) DETACH DELETE o"]) == 2
    assert "read-only" in capsys.readouterr().err
    assert main(["query", str(folder), "MATCH (o:Object) RETURN count(*)"]) == 0  # nothing was deleted
    assert "6" in capsys.readouterr().out
