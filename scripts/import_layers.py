"""Every import of the package as a layer edge, checked against the allowed table.

The scanner resolves relative imports (``from ..bl import build``), absolute ones,
``importlib.import_module(...)`` / ``__import__(...)`` (string constants, f-strings over
``__package__``/``__name__``, relative names with a package argument) and references to
``exec``/``eval`` (``builtins.exec``, ``getattr(builtins, "eval")``, ``from builtins import exec``)
into edges ``file -> layer``. ``tests/architecture`` checks the edges against :data:`ALLOWED`;
``python scripts/import_layers.py`` rewrites the layer picture in ``docs/ARCHITECTURE.md``.

A dynamic import whose target cannot be read from the code is its own edge (``dynamic``), and
is allowed only where :data:`DYNAMIC_ALLOWED` names the file and says why.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "setdresser"
SKIP_DIRS = {".venv", "build", "dist", ".git", "out", "__pycache__", "setdresser.egg-info"}

# internal layers by module prefix (longest prefix wins); the rest of blender_addon is the UI shell
INTERNAL = (
    ("setdresser.skill_library", "skill_library"),
    ("setdresser.blender_addon.core", "core"),
    ("setdresser.blender_addon.services", "services"),
    ("setdresser.blender_addon.bl", "bl"),
    ("setdresser.blender_addon.cli", "cli"),
    ("setdresser.blender_addon", "ui"),
    ("setdresser.tests", "tests"),
    ("setdresser.scripts", "scripts"),
    ("setdresser", "root"),
)
EXTERNAL = {
    "bpy": "bpy", "bmesh": "bpy", "mathutils": "bpy", "gpu": "bpy", "bl_ui": "bpy", "bpy_extras": "bpy",
    "idprop": "bpy", "openai": "openai", "ladybug": "graphdb", "ray": "ray", "torch": "torch",
    "open_clip": "torch", "numpy": "numpy", "rich": "rich",
}
BASE = {"stdlib", "numpy"}
# layer -> the layers it may import (itself always). Tests and scripts may import anything.
ALLOWED: dict[str, set[str]] = {
    "skill_library": BASE,
    "core": BASE | {"skill_library"},
    "services": BASE | {"core", "skill_library", "root", "openai", "graphdb", "ray", "torch", "rich", "third_party"},
    "bl": BASE | {"core", "skill_library", "services", "root", "bpy", "third_party"},
    # the CLI's optional CLIP metric (evaluate) loads torch itself
    "cli": BASE | {"core", "skill_library", "services", "bl", "root", "rich", "torch", "third_party"},
    "ui": BASE | {"core", "skill_library", "services", "bl", "cli", "root", "bpy"},
    "root": BASE | {"ui", "cli"},
}
# nothing may reach exec/eval: model output is interpreted by core/script, never executed (issue 12)
EXEC_ALLOWED: tuple[str, ...] = ()
# files whose import target is computed at run time, and what they load
DYNAMIC_ALLOWED = {
    "blender_addon/cli/__init__.py": "one sub-command module per run, from the COMMANDS table",
    "skill_library/registry.py": "built-in relation modules listed in the manifest (learned/ is data)",
    "blender_addon/core/learning/runtime.py": "the built-in relation module whose contract a learned version keeps",
}


@dataclass(frozen=True)
class Edge:
    """One import (or exec/eval reference) of a file, resolved to a layer."""

    file: str  # path relative to the repository root
    line: int
    source: str  # the importing file's layer
    target: str  # the imported module ('' when dynamic)
    layer: str  # the imported module's layer, 'exec' or 'dynamic'


def module_name(rel: str) -> str:
    """``blender_addon/core/model.py`` -> ``setdresser.blender_addon.core.model``."""
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PACKAGE, *parts])


def layer_of(module: str) -> str:
    """The layer of an imported module name."""
    for prefix, layer in INTERNAL:
        if module == prefix or module.startswith(prefix + "."):
            return layer
    top = module.split(".")[0]
    if top in EXTERNAL:
        return EXTERNAL[top]
    if top in sys.stdlib_module_names:
        return "stdlib"
    return "third_party"


def _package(rel: str) -> str:
    name = module_name(rel)
    return name if rel.endswith("__init__.py") else name.rpartition(".")[0]


def _resolve(rel: str, level: int, module: str | None) -> str:
    """The absolute module of ``from <level dots><module> import``."""
    base = _package(rel).split(".")
    if level - 1 > len(base) - 1:
        return "<beyond the package>"
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


class _Scanner(ast.NodeVisitor):
    """Collects ``(line, target module or marker)`` of one file."""

    def __init__(self, rel: str) -> None:
        self.rel = rel
        self.found: list[tuple[int, str]] = []
        self.import_aliases = {"import_module"}  # names bound to importlib.import_module

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.found.append((node.lineno, alias.name))
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _resolve(self.rel, node.level, node.module) if node.level else (node.module or "")
        if base == "builtins" and any(a.name in ("exec", "eval") for a in node.names):
            self.found.append((node.lineno, "<exec>"))
        for alias in node.names:  # `from pkg import sub` may import the submodule pkg.sub
            target = f"{base}.{alias.name}" if layer_of(base) != layer_of(f"{base}.{alias.name}") else base
            self.found.append((node.lineno, target if alias.name != "*" else base))
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in ("exec", "eval") and isinstance(node.ctx, ast.Load):
            self.found.append((node.lineno, "<exec>"))

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in ("exec", "eval") and isinstance(node.value, ast.Name) and \
                node.value.id in ("builtins", "__builtins__"):
            self.found.append((node.lineno, "<exec>"))
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        key = node.slice
        if isinstance(node.value, ast.Name) and node.value.id == "__builtins__" and \
                isinstance(key, ast.Constant) and key.value in ("exec", "eval"):
            self.found.append((node.lineno, "<exec>"))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and node.args[1].value in ("exec", "eval", "__import__", "import_module"):
            self.found.append((node.lineno, "<exec>" if node.args[1].value in ("exec", "eval") else "<dynamic>"))
        elif name in self.import_aliases or name == "__import__":
            self.found.append((node.lineno, self._dynamic_target(node)))
        self.generic_visit(node)

    def _dynamic_target(self, node: ast.Call) -> str:
        """The module an import_module/__import__ call loads, or '<dynamic>'."""
        if not node.args:
            return "<dynamic>"
        text = _static_text(node.args[0], module_name(self.rel), _package(self.rel))
        if text is None:
            return "<dynamic>"
        if text.startswith("."):
            package = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "package"), None)
            if not (isinstance(package, ast.Name) and package.id == "__package__"):
                return "<dynamic>"
            level = len(text) - len(text.lstrip("."))
            return _resolve(self.rel, level, text.lstrip(".") or None)
        return text


def _static_text(node: ast.expr, module: str, package: str) -> str | None:
    """A string constant, or the fixed prefix of an f-string over __package__/__name__.

    Only a prefix that ends at a dot is kept: ``f"{__package__}.{name}"`` is some module
    under the package, which is in the package's layer."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.JoinedStr):
        return None
    text = ""
    for part in node.values:
        if isinstance(part, ast.Constant):
            text += str(part.value)
        elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) and \
                part.value.id in ("__package__", "__name__"):
            text += package if part.value.id == "__package__" else module
        else:
            return text.rstrip(".") if text.endswith(".") and text.startswith(PACKAGE) else None
    return text


def file_layer(rel: str) -> str:
    """The layer of a repository file (``tests/...`` and ``scripts/...`` by their folder)."""
    top = rel.split("/")[0]
    if top in ("tests", "scripts"):
        return top
    if rel == "setup.py":
        return "scripts"  # the build script, not a module of the package
    return layer_of(module_name(rel))


def scan_source(source: str, rel: str) -> list[Edge]:
    """Every import edge of one file's source, as if it lived at ``rel``."""
    scanner = _Scanner(rel)
    scanner.visit(ast.parse(source, filename=rel))
    layer = file_layer(rel)
    edges = []
    for line, target in dict.fromkeys(scanner.found):
        if target == "<exec>":
            edges.append(Edge(rel, line, layer, "", "exec"))
        elif target == "<dynamic>":
            edges.append(Edge(rel, line, layer, "", "dynamic"))
        else:
            edges.append(Edge(rel, line, layer, target, layer_of(target)))
    return edges


def python_files(root: Path = ROOT) -> list[str]:
    """Every .py file of the repository (not virtual environments or build output)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.py")
                  if not SKIP_DIRS & set(p.relative_to(root).parts))


def scan(root: Path = ROOT) -> list[Edge]:
    """Every edge of every file under ``root``."""
    return [edge for rel in python_files(root)
            for edge in scan_source((root / rel).read_text(encoding="utf-8"), rel)]


def violation(edge: Edge) -> str | None:
    """Why an edge breaks the layering, or None when it is allowed."""
    if edge.layer == "exec":
        if edge.source == "tests" or edge.file.startswith(EXEC_ALLOWED):
            return None
        return f"{edge.file}:{edge.line} reaches exec/eval; model output is interpreted (core/script), never executed"
    if edge.layer == "dynamic":
        if edge.source == "tests" or edge.file in DYNAMIC_ALLOWED:
            return None
        return f"{edge.file}:{edge.line} imports a module computed at run time; list it in DYNAMIC_ALLOWED"
    if edge.source in ("tests", "scripts") or edge.layer == edge.source:
        return None
    if edge.layer not in ALLOWED.get(edge.source, set()):
        return f"{edge.file}:{edge.line} ({edge.source}) imports {edge.target} ({edge.layer})"
    return None


def violations(edges: list[Edge]) -> list[str]:
    """Every broken rule among ``edges``."""
    return [v for v in map(violation, edges) if v]


# modules every core package uses (errors, the typed documents): left out of the core picture
SHARED_CORE = ("errors", "model")


def _core_part(module_or_file: str) -> str:
    """``setdresser.blender_addon.core.solver.api`` -> ``solver`` (a module directly in core: its name)."""
    parts = module_or_file.replace("/", ".").removesuffix(".py").split(".")
    at = parts.index("core")
    return parts[at + 1] if len(parts) > at + 1 and parts[at + 1] != "__init__" else "core"


def mermaid(edges: list[Edge]) -> str:
    """Two mermaid pictures drawn from the edges: the layers, and the packages inside core."""
    layers = sorted({(e.source, e.layer) for e in edges
                     if e.source not in ("tests", "scripts") and e.source != e.layer
                     and e.layer not in ("stdlib", "dynamic")})
    lines = ["```mermaid", "flowchart TD"] + [f"    {a} --> {b}" for a, b in layers] + ["```", ""]
    inner = sorted({(_core_part(e.file), _core_part(e.target)) for e in edges
                    if e.source == "core" and e.layer == "core" and ".core." in e.target + "."}
                   )
    inner = [(a, b) for a, b in inner if b not in SHARED_CORE and a != "core"]
    lines += ["```mermaid", "flowchart LR"]
    lines += [f"    core_{a}[{a}] --> core_{b}[{b}]" for a, b in inner if a != b]
    lines.append("```")
    return "\n".join(lines)


BEGIN, END = "<!-- layers:begin (scripts/import_layers.py) -->", "<!-- layers:end -->"


def main(argv: list[str] | None = None) -> int:
    """Rewrite the layer picture between the markers of docs/ARCHITECTURE.md (or --check it)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the picture is out of date")
    args = parser.parse_args(argv)
    doc = ROOT / "docs" / "ARCHITECTURE.md"
    text = doc.read_text(encoding="utf-8") if doc.exists() else f"# Architecture\n\n{BEGIN}\n{END}\n"
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    new = f"{head}{BEGIN}\n{mermaid(scan())}\n{END}{tail}"
    if args.check:
        return 0 if new == text else 1
    doc.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
