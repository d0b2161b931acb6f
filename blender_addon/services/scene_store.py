"""The scene store: the scene graph in an embedded LadybugDB database (Kùzu's maintained
successor; in-process, Cypher, no server), as a file next to the scene (``scene.db``) or in
memory.

Building: the rows of :mod:`..core.scene_db.rows` are inserted table by table (one ``UNWIND``
per node label and per edge group); a file is built under a temporary name and renamed over
``scene.db`` only when complete, so a reader never sees half a database.

Reading (:meth:`SceneStore.query`): every query, whoever wrote it, goes through the same gate:

1. the database prepares it: one statement only, and syntax errors or unknown labels and
   properties come back as the database's own one-line message;
2. the database plans it (``EXPLAIN``) and every operator of the plan must be one that only
   reads the graph (:data:`READ_OPERATORS`), so file access (``LOAD FROM``, ``COPY ... TO``,
   ``EXPORT DATABASE``), extensions and settings are refused; graph writes are let through to
   step 3 so that the database itself refuses them;
3. it runs in a read-only transaction, on a database opened read-only when it is a file, with a
   timeout the database enforces (it interrupts the query), and only the first rows are fetched.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
import warnings
from pathlib import Path
from typing import Any, Iterator

from ..core.errors import BadInput, SetDresserError
from ..core.scene_db.results import QueryOutcome, QueryRows, columns_rows
from ..core.scene_db.rows import GraphRows
from ..core.scene_db.schema import NODES, RELS, ddl



class MissingGraphExtra(SetDresserError):
    """The optional ``graph`` extra (ladybug) is not installed."""


try:
    import ladybug
except ImportError as exc:  # an optional extra: say which
    raise MissingGraphExtra("the scene database needs the graph extra: pip install 'setdresser[graph]' "
                            "(LadybugDB, the 'ladybug' package)") from exc

log = logging.getLogger(__name__)

DB_FILE = "scene.db"
QUERY_TIMEOUT_S = 5.0
FETCH_ROWS = 1000  # rows fetched from the database at most per query
BUFFER_POOL_BYTES = 256 * 1024 * 1024  # LadybugDB's default is 80% of the machine's memory
THREADS = 2
# Address space reserved per database (LadybugDB's default is 8 TB of virtual memory, which a
# process under a memory limit, like the script sandbox, cannot map); scenes need a few MB.
MAX_DB_BYTES = 1 << 30

# Physical-plan operators that only read the graph.
READ_OPERATORS = frozenset({
    "RESULT_COLLECTOR", "PROJECTION", "SCAN_NODE_TABLE", "SCAN_REL_TABLE", "FILTER", "FLATTEN", "HASH_JOIN",
    "INTERSECT", "EXTEND", "RECURSIVE_EXTEND", "PATH_PROPERTY_PROBE", "CROSS_PRODUCT", "AGGREGATE",
    "AGGREGATE_SCAN", "AGGREGATE_FINALIZE", "HASH_AGGREGATE", "HASH_AGGREGATE_SCAN", "HASH_AGGREGATE_FINALIZE",
    "SIMPLE_AGGREGATE", "SIMPLE_AGGREGATE_SCAN", "SIMPLE_AGGREGATE_FINALIZE", "ORDER_BY", "ORDER_BY_MERGE",
    "ORDER_BY_SCAN", "TOP_K", "TOP_K_SCAN", "LIMIT", "SKIP", "UNWIND", "UNION_ALL_SCAN", "EMPTY_RESULT",
    "SEMI_MASKER", "MULTIPLICITY_REDUCER", "OFFSET_SCAN_NODE_TABLE", "PRIMARY_KEY_SCAN_NODE_TABLE",
    "DUMMY_SINK", "DUMMY_SIMPLE_SINK", "INDEX_LOOKUP", "PARTITIONER", "FACTORIZED_TABLE_SCAN",
    "TABLE_FUNCTION_CALL", "MARK_ACCUMULATE", "DISTINCT", "COUNT_REL_TABLE", "SCAN_MULTI_REL_TABLES",
    "ACCUMULATE", "UNION_ALL", "HASH_JOIN_BUILD", "HASH_JOIN_PROBE", "QUERY_PRIMARY_KEY_LOOKUP",
})
# Graph writes: planned normally, then refused by the read-only database / transaction itself.
WRITE_OPERATORS = frozenset({"INSERT", "SET_PROPERTY", "SET_NODE_PROPERTY", "SET_REL_PROPERTY", "DELETE",
                             "DELETE_NODE", "DELETE_REL", "MERGE", "CREATE_MACRO", "CREATE_TABLE", "DROP"})
# Table functions a read may call: internal scans and the catalog (schema questions).
READ_FUNCTIONS = frozenset({"READ_FTABLE", "SHOW_TABLES", "TABLE_INFO", "SHOW_CONNECTION", "SHOW_FUNCTIONS",
                            "SHOW_MACROS"})
_OPERATOR = re.compile(r"│\s*([A-Z][A-Z0-9_]+)\[\d+\]\s*│")
_FUNCTION = re.compile(r"Function:\s*([A-Za-z0-9_]+)")
_EXPECTING = re.compile(r"expecting \{[^}]{40,}\}")  # the parser's list of every clause keyword


class QueryError(BadInput):
    """The database could not run a query (syntax, unknown label or property, timeout)."""


class QueryRefused(QueryError):
    """A query that would write the graph, touch files, load extensions or change settings."""


class SceneStore:
    """One scene database, open for queries; thread-safe (one query or sync at a time)."""

    def __init__(self, database: "ladybug.Database", path: Path | None) -> None:
        self.path = path
        self._db = database
        self._lock = threading.RLock()
        self._reader = ladybug.Connection(database, num_threads=THREADS)

    @classmethod
    def in_memory(cls, rows: GraphRows) -> "SceneStore":
        """A store in memory (tests, the live Blender scene)."""
        database = _database(":memory:")
        _fill(database, rows)
        return cls(database, None)

    @classmethod
    def open(cls, path: str | Path) -> "SceneStore":
        """Open a ``scene.db`` file read-only."""
        path = Path(path)
        if not path.is_file():
            raise BadInput("no scene database here (generate writes scene.db next to the scene)", str(path))
        try:
            database = _database(str(path), read_only=True)
        except RuntimeError as exc:
            raise BadInput(f"cannot open the scene database: {_one_line(exc)}", str(path)) from None
        return cls(database, path)

    def query(self, text: str, *, timeout_s: float = QUERY_TIMEOUT_S, fetch: int = FETCH_ROWS) -> QueryOutcome:
        """Run one read-only query; never raises for the query's own faults (the outcome says)."""
        try:
            return QueryOutcome(query=text, result=self.run(text, timeout_s=timeout_s, fetch=fetch))
        except QueryError as exc:
            return QueryOutcome(query=text, error=str(exc))

    def run(self, text: str, *, timeout_s: float = QUERY_TIMEOUT_S, fetch: int = FETCH_ROWS) -> QueryRows:
        """Run one read-only query; :class:`QueryError` / :class:`QueryRefused` on failure."""
        if not text.strip():
            raise QueryError("the query is empty")
        with self._lock:
            _check_plan(self._reader, text)
            with _read_only(self._reader):
                self._reader.set_query_timeout(max(1, int(timeout_s * 1000)))
                try:
                    result = self._reader.execute(text)
                except RuntimeError as exc:
                    raise _failure(str(exc), timeout_s) from None
                if isinstance(result, list):  # the plan check lets one statement through: never happens
                    raise QueryRefused("one statement per query")
                try:
                    return _fetch(result, fetch)
                finally:
                    result.close()

    def replace(self, rows: GraphRows) -> None:
        """Sync: the store now holds ``rows`` (a file is rebuilt and swapped in atomically)."""
        with self._lock:
            self._reader.close()
            self._db.close()
            if self.path is None:
                self._db = _database(":memory:")
                _fill(self._db, rows)
            else:
                write_scene_db(rows, self.path)
                self._db = _database(str(self.path), read_only=True)
            self._reader = ladybug.Connection(self._db, num_threads=THREADS)

    def close(self) -> None:
        with self._lock:
            self._reader.close()
            self._db.close()

    def __enter__(self) -> "SceneStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_scene_db(rows: GraphRows, path: str | Path) -> Path:
    """Build the database file at ``path`` atomically: a temporary file in the same folder,
    renamed over ``path`` once complete (an old ``scene.db`` stays intact until then)."""
    path = Path(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    _remove(temp)
    try:
        database = _database(str(temp))
        try:
            _fill(database, rows)
        finally:
            database.close()
        os.replace(temp, path)
    finally:
        _remove(temp)
    return path


def _database(path: str, read_only: bool = False) -> "ladybug.Database":
    return ladybug.Database(path, read_only=read_only, buffer_pool_size=BUFFER_POOL_BYTES, max_num_threads=THREADS,
                            max_db_size=MAX_DB_BYTES)


def _remove(path: Path) -> None:
    for leftover in (path, path.with_name(path.name + ".wal"), path.with_name(path.name + ".lock")):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()


def _typed(expression: str, kind: str) -> str:
    """The value cast to its column type: a column whose values are all null would otherwise be
    inferred as STRING and refused (a layout without constraint scores, say)."""
    return f"CAST({expression} AS {kind})" if kind in {"DOUBLE", "INT64", "BOOLEAN"} else expression


def _fill(database: "ladybug.Database", rows: GraphRows) -> None:
    """Create the schema and insert every row (one UNWIND per node label and edge group)."""
    connection = ladybug.Connection(database, num_threads=THREADS)
    try:
        for statement in ddl():
            connection.execute(statement)
        for table in NODES:
            if rows.nodes.get(table.label):
                fields = ", ".join(f"{p.name}: {_typed('r.' + p.name, p.type)}" for p in table.props)
                connection.execute(f"UNWIND $rows AS r CREATE (:{table.label} {{{fields}}})",
                                   {"rows": rows.nodes[table.label]})
        for (rel, src, dst), edges in rows.edge_groups():
            props = next(r for r in RELS if r.name == rel).props
            fields = ", ".join(f"{p.name}: {_typed('e.p_' + p.name, p.type)}" for p in props)
            data = [{"a": e.src, "b": e.dst, **{f"p_{p.name}": e.props.get(p.name) for p in props}} for e in edges]
            connection.execute(f"UNWIND $edges AS e MATCH (a:{src} {{id: e.a}}), (b:{dst} {{id: e.b}}) "
                               f"CREATE (a)-[:{rel} {{{fields}}}]->(b)", {"edges": data})
    finally:
        connection.close()


def _check_plan(connection: "ladybug.Connection", text: str) -> None:
    """Steps 1 and 2 of the gate (module doc): prepared as one statement, planned as a read."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # prepare() alone is deprecated, still supported
        prepared = connection.prepare(text)
    if not prepared.is_success():
        raise _failure(prepared.get_error_message())
    try:
        explained = connection.execute("EXPLAIN " + text)
    except RuntimeError as exc:
        raise _failure(str(exc)) from None
    if isinstance(explained, list):
        raise QueryRefused("one statement per query")
    first: Any = explained.get_next() if explained.has_next() else [""]
    plan = str(first[0])
    explained.close()
    operators = set(_OPERATOR.findall(plan))
    if not operators:
        raise QueryRefused("the database could not plan this as a query (the tool runs MATCH/RETURN reads only)")
    outside = sorted(operators - READ_OPERATORS - WRITE_OPERATORS)
    functions = sorted({f.upper() for f in _FUNCTION.findall(plan)} - READ_FUNCTIONS)
    if outside or ("TABLE_FUNCTION_CALL" in operators and functions):
        what = ", ".join(outside + functions)
        raise QueryRefused(f"read-only scene queries: {what} is not allowed (no files, extensions or settings)")


@contextlib.contextmanager
def _read_only(connection: "ladybug.Connection") -> Iterator[None]:
    """A read-only transaction around one query."""
    connection.execute("BEGIN TRANSACTION READ ONLY")
    try:
        yield
    finally:
        with contextlib.suppress(RuntimeError):  # an error may have ended the transaction already
            connection.execute("ROLLBACK")


def _fetch(result: Any, fetch: int) -> QueryRows:
    columns = result.get_column_names()
    rows: list[Any] = []
    while result.has_next() and len(rows) < fetch:
        rows.append(result.get_next())
    return columns_rows(columns, rows, more=result.has_next())


def _failure(message: str, timeout_s: float | None = None) -> QueryError:
    """The database's refusal or error as the query tool reports it."""
    text = " ".join(message.split())
    if timeout_s is not None and text.rstrip(".") == "Interrupted":
        return QueryError(f"the query ran longer than {timeout_s:g} s and was stopped; make it simpler")
    if "read-only" in text:  # the database's own refusal: a read-only file or transaction
        return QueryRefused(f"the scene database is read-only: {text}")
    return QueryError(_explain_error(text))


def _explain_error(message: str) -> str:
    """The database's message on one line, with the known labels when it names an unknown one."""
    text = _EXPECTING.sub("expecting a Cypher clause", " ".join(message.split()))
    if "does not exist" in text and "Table" in text:
        text += (f" (node labels: {', '.join(t.label for t in NODES)}; relationships: "
                 f"{', '.join(r.name for r in RELS)})")
    return text


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())
