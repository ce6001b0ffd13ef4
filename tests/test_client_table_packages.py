"""Import structure of the table packages (``game/client/tables/<game>/``).

Each package has a ``scene`` module (the TableScene) that wires its side modules together;
the side modules (layout, render, hud, input, present, help, …) must never import the
scene, and the modules of one package must not import each other in a circle. The test
reads the source (``ast``), so an import hidden inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TABLES = Path(__file__).resolve().parent.parent / "game" / "client" / "tables"
PACKAGES = sorted(p for p in TABLES.iterdir() if (p / "__init__.py").is_file()
                  and p.name != "common")


def imported_siblings(path: Path, package: str) -> set[str]:
    """Names of the modules of ``package`` that the module at ``path`` imports."""
    prefix = f"game.client.tables.{package}"
    siblings = {p.stem for p in path.parent.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix + "."):
                    found.add(alias.name[len(prefix) + 1:].split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: from . import x / from .x import y
                base = module.split(".")[0] if module else ""
                if base:
                    found.add(base)
                else:
                    found.update(a.name for a in node.names if a.name in siblings)
            elif module == prefix:
                found.update(a.name if a.name in siblings else "__init__" for a in node.names)
            elif module.startswith(prefix + "."):
                found.add(module[len(prefix) + 1:].split(".")[0])
    return found


def test_there_is_at_least_the_cesta_package():
    assert "cesta" in [p.name for p in PACKAGES]
    assert not list(TABLES.glob("cesta_*.py")), "the flat cesta_*.py files are gone"


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_side_modules_never_import_the_scene(package: Path):
    for path in sorted(package.glob("*.py")):
        if path.stem in ("scene", "__init__"):
            continue
        imports = imported_siblings(path, package.name)
        assert "scene" not in imports, f"{path.name} imports the scene module"
        assert "__init__" not in imports, f"{path.name} imports the package's TABLE"


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_import_circle_inside_a_table_package(package: Path):
    graph = {path.stem: imported_siblings(path, package.name) - {"__init__"}
             for path in package.glob("*.py") if path.stem != "__init__"}
    state: dict[str, str] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                raise AssertionError(f"import circle: {' -> '.join([*trail, node, nxt])}")
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert "scene" in graph, "every table package has a scene module"


def test_the_reader_sees_imports_in_every_form(tmp_path: Path):
    """The checker itself: absolute, package-level, relative and in-function imports."""
    package = tmp_path / "demo"
    package.mkdir()
    for name in ("scene", "render", "hud"):
        (package / f"{name}.py").write_text("")
    (package / "render.py").write_text(
        "from game.client.tables.demo import hud\n"
        "def f():\n    from .scene import X\n"
        "import game.client.tables.demo.layout\n")
    assert imported_siblings(package / "render.py", "demo") == {"hud", "scene", "layout"}
