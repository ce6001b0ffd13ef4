"""The shape of every table package ``game/client/tables/<game>/``, read from the code:
side modules never import the scene (nor the package root, which hands the scene out as
``TABLE``), the modules of a package import each other without a circle, no flat
``tables/<game>_*.py`` file is left beside the package, and no ``except Exception`` hides
a refused move."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TABLES = Path(__file__).resolve().parents[2] / "game" / "client" / "tables"
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
            submodules = [f"{module}.{alias.name}" for alias in node.names]
            found.update(submodules)
            # ``from package import describe`` names a sibling module, not the root's TABLE
            if not all((path.parent / f"{alias.name}.py").is_file() for alias in node.names) \
                    or module != package:
                found.add(module)
    return found


def test_every_game_has_a_table_package():
    from game.rules import GAME_NAMES

    assert {p.name for p in PACKAGES} == set(GAME_NAMES)


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


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_the_registry_and_the_hooks_find_the_package(folder: Path):
    """The registry hands out the package's scene class and the rules help finds its
    pages."""
    pytest.importorskip("pygame")
    from importlib import import_module

    from game.client.i18n import language, languages, set_language
    from game.client.scenes.rules_help import pages_for
    from game.client.tables import table_for

    game = folder.name
    scene = import_module(f"game.client.tables.{game}.scene")
    assert table_for(game) is scene.TABLE
    book = pages_for(game)
    assert len(book) >= 3
    before = language()
    try:
        set_language("en")
        english = [page.text() for page in book]
        for lang in languages():
            set_language(lang)
            assert all(page.heading() and page.text() for page in book)
            if lang != "en":
                assert all(page.text() != text for page, text in zip(book, english, strict=True))
    finally:
        set_language(before)


def test_your_turn_names_the_person_only_when_several_share_the_screen():
    from game.client.i18n import t
    from game.client.tables.common.plates import your_turn

    assert your_turn("Anna", 1) == t("Your turn")
    assert your_turn("Anna", 2) == t("Your turn, {name}", name="Anna")
