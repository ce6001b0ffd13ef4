"""The shape of every table package ``game/client/tables/<game>/``, read from the code.

Side modules (everything but ``scene.py`` and ``__init__.py``) must not import the scene:
the scene owns the state and hands each collaborator what it needs, so the imports inside
a package run one way and form no circle. A refused move is ``IllegalMove`` only, so no
table catches ``Exception``. Tables that are still flat files are checked once they
become packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TABLES = Path(__file__).resolve().parents[1] / "game" / "client" / "tables"
PACKAGES = sorted(p for p in TABLES.iterdir() if (p / "__init__.py").is_file())
TOP_LEVEL = "game.client.tables"


def imported_modules(path: Path, package: str) -> set[str]:
    """Full names of the modules ``path`` imports (``from X import name`` may name a
    submodule ``X.name``, so both are listed), at module level or inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:   # relative: resolve against this package
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def side_modules(package: Path) -> list[Path]:
    return sorted(p for p in package.glob("*.py") if p.name not in ("scene.py", "__init__.py"))


def test_the_cut_the_rope_table_is_a_package_and_its_flat_files_are_gone():
    assert (TABLES / "cut_the_rope" / "scene.py").is_file()
    assert not list(TABLES.glob("cut_the_rope_*.py"))
    assert not (TABLES / "cut_the_rope.py").exists()


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_side_modules_never_import_the_scene(package: Path):
    name = f"{TOP_LEVEL}.{package.name}"
    scene = f"{name}.scene"
    submodules = {f"{name}.{p.stem}" for p in package.glob("*.py")}
    offenders = {}
    for path in side_modules(package):
        imports = imported_modules(path, name)
        # ``from <package> import hud`` names a submodule; ``import TABLE`` would be the scene
        bad = sorted(m for m in imports if m == scene or m.startswith(scene + ".")
                     or (m.startswith(name + ".") and m.count(".") == name.count(".") + 1
                         and m not in submodules))
        if bad:
            offenders[path.name] = bad
    assert not offenders, f"side modules importing the scene: {offenders}"


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_imports_inside_a_package_form_no_circle(package: Path):
    name = f"{TOP_LEVEL}.{package.name}"
    modules = {p.stem: p for p in package.glob("*.py") if p.name != "__init__.py"}
    graph = {
        stem: {m[len(name) + 1:].split(".")[0] for m in imported_modules(path, name)
               if m.startswith(name + ".")} & set(modules)
        for stem, path in modules.items()
    }
    done: set[str] = set()

    def visit(stem: str, trail: list[str]) -> None:
        if stem in trail:
            raise AssertionError("import circle: " + " -> ".join([*trail, stem]))
        if stem in done:
            return
        for other in sorted(graph[stem]):
            visit(other, [*trail, stem])
        done.add(stem)

    for stem in sorted(graph):
        visit(stem, [])
    assert "scene" in graph, "every table package has its scene module"


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_table_module_catches_every_exception(package: Path):
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ExceptHandler):
                caught = ast.unparse(node.type) if node.type is not None else "everything"
                assert caught not in ("Exception", "BaseException", "everything"), \
                    f"{path.name}:{node.lineno} catches {caught}"


def test_the_registry_and_the_hooks_find_the_package():
    pytest.importorskip("pygame")
    from game.client.i18n import STRINGS, has
    from game.client.scenes.rules_help import pages_for
    from game.client.tables import table_for
    from game.client.tables.cut_the_rope.scene import CutTheRopeTable
    from game.client.tables.cut_the_rope.strings import STRINGS as TABLE_STRINGS

    assert table_for("cut_the_rope") is CutTheRopeTable
    assert has("ctr.draw_pile")
    assert STRINGS["en"]["ctr.draw_pile"] == TABLE_STRINGS["en"]["ctr.draw_pile"]
    book = pages_for("cut_the_rope")
    assert len(book) >= 5 and "still being written" not in book[0].body["en"]
