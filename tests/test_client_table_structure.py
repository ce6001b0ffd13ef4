"""The shape of every table package ``game/client/tables/<game>/``, read from the code:
side modules never import the scene (nor the package root, which hands the scene out as
``TABLE``), the modules of a package import each other without a circle, no flat
``tables/<game>_*.py`` file is left beside the package, and no ``except Exception`` hides
a refused move."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TABLES = Path(__file__).resolve().parent.parent / "game" / "client" / "tables"
PACKAGES = sorted(p for p in TABLES.iterdir() if (p / "__init__.py").is_file()
                  and p.name not in ("common", "__pycache__"))


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module ``path`` imports, anywhere in it (top level, functions, TYPE_CHECKING),
    as absolute dotted names; ``from X import name`` also counts ``X.name`` (it may be a
    module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # every module of the package (and its __init__) sits in ``package``
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_there_is_at_least_the_royal_road_package():
    assert "royal_road" in {p.name for p in PACKAGES}


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_side_modules_do_not_import_the_scene(folder: Path):
    package = f"game.client.tables.{folder.name}"
    assert (folder / "scene.py").is_file(), "a table package has a scene module"
    for path in sorted(folder.glob("*.py")):
        if path.name in ("scene.py", "__init__.py"):
            continue
        imports = imported_modules(path, package)
        assert f"{package}.scene" not in imports, f"{path.name} imports the scene"
        assert package not in imports, \
            f"{path.name} imports the package root, which hands out the scene (name the module)"


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_modules_of_a_package_import_each_other_without_a_circle(folder: Path):
    package = f"game.client.tables.{folder.name}"
    names = {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}
    graph = {name: {m.rsplit(".", 1)[1] for m in imported_modules(folder / f"{name}.py",
                                                                   package)
                    if m.startswith(package + ".") and m.count(".") == package.count(".") + 1
                    and m.rsplit(".", 1)[1] in names} - {name}
             for name in names}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(name):]
                                                                 + [name]))
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, path + [name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_no_flat_files_left_beside_the_package(folder: Path):
    assert not sorted(TABLES.glob(f"{folder.name}_*.py"))
    assert not (TABLES / f"{folder.name}.py").exists()


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_no_bare_except_exception(folder: Path):
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ExceptHandler):
                caught = ast.unparse(node.type) if node.type is not None else "everything"
                assert caught not in ("Exception", "BaseException", "everything"), \
                    f"{path.name}:{node.lineno} catches {caught}"


def test_the_registry_reaches_the_package_table():
    pytest.importorskip("pygame")
    from game.client.tables import table_for
    from game.client.tables.royal_road.scene import RoyalRoadTable

    assert table_for("royal_road") is RoyalRoadTable
