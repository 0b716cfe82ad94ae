"""The package's floors import one way, down the path of a ruleset: no module imports a floor above its own.

Ground (errors, limits, resources, cards, seating...) -> expr -> ruleset -> engine -> players, record ->
book, tools -> session -> web, cli, and the package's public API on top. A new import that runs back up fails
here, naming both modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "framework" / "trickbook"

FLOORS = {
    "expr": 1,
    "ruleset": 2,
    "engine": 3,
    "players": 4,
    "record": 4,
    "book": 5,
    "tools": 5,
    "session": 6,
    "web": 7,
    "cli": 7,
}
"""Each folder's floor; a module outside these folders is on the ground floor (0)."""

ALLOWED_UP: set[tuple[str, str]] = set()
"""Imports that run up a floor on purpose, as (module, imported module): none."""


def _floor(module: str) -> int:
    """A module's floor: its folder's; the package's own `__init__` (the public API) stands above them all."""
    parts = module.split(".")
    return FLOORS.get(parts[1], 0) if len(parts) > 1 else max(FLOORS.values()) + 1


def _imports() -> list[tuple[str, str]]:
    """Every (module, imported trickbook module) of the package, from relative imports."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        package = parts[:-1]
        module = ".".join(package if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - (node.level - 1)]
                if node.module:
                    found.append((module, ".".join([*base, node.module])))
                else:
                    found += [(module, ".".join([*base, alias.name])) for alias in node.names]
    return found


def test_every_folder_has_a_floor() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders <= set(FLOORS), "a new folder needs its floor in FLOORS"


def test_no_import_runs_back_up() -> None:
    upward = [
        f"{module} (floor {_floor(module)}) imports {imported} (floor {_floor(imported)})"
        for module, imported in _imports()
        if _floor(imported) > _floor(module) and (module, imported) not in ALLOWED_UP
    ]
    assert upward == []


def test_the_scan_sees_the_imports_it_judges() -> None:
    """The scan finds the engine's import of the compiled rules and the expressions' import of the cards."""
    found = set(_imports())
    assert ("trickbook.engine.game", "trickbook.ruleset.rules") in found
    assert ("trickbook.expr.facts", "trickbook.cards") in found


def test_the_phases_know_the_game_only_through_its_host_protocol() -> None:
    """`engine/phases/` sits below the state machine: it imports neither the game, its state nor the specialiser,
    so a phase can use only what `PhaseHost` lists and the engine's imports do not run in a circle."""
    above = {"trickbook.engine.game", "trickbook.engine.state", "trickbook.engine.specialise"}
    reaches = [
        (module, imported)
        for module, imported in _imports()
        if module.startswith("trickbook.engine.phases") and imported in above
    ]
    assert reaches == []
    assert ("trickbook.engine.phases.base", "trickbook.engine.host") in set(_imports())


def test_the_engine_modules_import_each_other_one_way() -> None:
    """No circle among the engine's modules, counting imports made only for type checking."""
    graph: dict[str, set[str]] = {}
    for module, imported in _imports():
        if module.startswith("trickbook.engine") and imported.startswith("trickbook.engine"):
            graph.setdefault(module, set()).add(imported)
    circles = []

    def visit(module: str, path: list[str]) -> None:
        for imported in sorted(graph.get(module, ())):
            if imported in path:
                circles.append(" -> ".join([*path[path.index(imported) :], imported]))
            elif len(path) < len(graph) + 1:
                visit(imported, [*path, imported])

    for start in sorted(graph):
        visit(start, [start])
    assert circles == []
