"""The package's import graph: no cycle (imports inside functions and under
``if TYPE_CHECKING:`` count too: a type-only link is still a circle in the design), each room
imports only the rooms below it, importing the package runs every module once, and
docs/package-map.md shows these rules and today's imports.

``python tests/test_import_graph.py`` redraws the map's diagram (docs/img/package-map.svg)."""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
from pathlib import Path

import manille_variants

PACKAGE = Path(manille_variants.__file__).resolve().parent
ROOT = PACKAGE.name

# room -> the rooms it may import (top-level modules are rooms of their own, the compiled core
# `_core` one too, read from its stub).  Dependencies point one way: cards/errors <- ruleset <-
# engine <- bots <- sim; records -> engine/ruleset; search -> records/engine (the search bot is
# registered in bots); table -> records/bots/engine; cli -> everything; the compiled core is
# reached by the engine, the bots, the search and the simulation only.
BASE = {"cards", "errors", "words", "messages"}
ALLOWED: dict[str, set[str]] = {
    "_version": set(),
    "_core": set(),
    "messages": set(),
    "errors": {"messages"},
    "cards": {"errors", "messages"},
    "words": {"cards", "errors", "messages"},
    "ruleset": BASE,
    "engine": BASE | {"ruleset", "_core"},
    "search": BASE | {"ruleset", "engine", "records", "_core"},
    "bots": BASE | {"ruleset", "engine", "search", "_core"},
    "records": BASE | {"_version", "ruleset", "engine"},
    "sim": BASE | {"ruleset", "engine", "bots", "records", "_core"},
    "table": BASE | {"_version", "ruleset", "engine", "bots", "records"},
    "web": BASE | {"", "_version", "ruleset", "engine", "bots", "records", "sim", "table", "search"},
    "cli": BASE | {"_version", "ruleset", "engine", "bots", "records", "sim", "table", "web", "search"},
    "": {"_version", "cards", "errors", "ruleset", "engine", "search"},  # manille_variants/__init__.py
}


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name); the compiled
    core by its stub."""
    found = {}
    for path in sorted([*PACKAGE.rglob("*.py"), PACKAGE / "_core.pyi"]):
        parts = [ROOT, *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = module_files()


def _imported_names(name: str, tree: ast.AST, is_package: bool) -> set[str]:
    """Dotted names imported anywhere in ``tree`` (also in functions and under
    ``if TYPE_CHECKING:``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            if base != ROOT:  # the package's own __init__ runs first anyway
                names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _module_of(dotted: str) -> str | None:
    """The package module a dotted name lies in (``a.b.func`` -> ``a.b``), or None."""
    while dotted and dotted not in MODULES:
        dotted = dotted.rpartition(".")[0]
    return dotted or None


def import_graph() -> dict[str, set[str]]:
    """module -> the package modules it imports, with the packages an import runs first
    (``import a.b.c`` runs ``a.b``); a module's own packages are left out, except the
    top-level package where its public API is used (``import manille_variants as mv``,
    ``from manille_variants import solve``)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets: set[str] = set()
        for dotted in _imported_names(name, tree, path.name == "__init__.py"):
            module = _module_of(dotted)
            if module is None:
                continue
            parts = module.split(".")
            targets.update(".".join(parts[:i]) for i in range(1 if module == ROOT else 2, len(parts) + 1))
        graph[name] = {t for t in targets if t != name and (t == ROOT or not name.startswith(t + "."))}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules in order, the first repeated at the end), or None."""
    cycles = find_cycles(graph)
    return cycles[0] if cycles else None


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import each other (a strongly connected
    component of more than one module), each as its modules in order, the first repeated."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for start in sorted(graph):
        if start not in index:
            visit(start)
    return sorted(_cycle_in(graph, group) for group in groups)


def _cycle_in(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A cycle through the smallest module of ``group`` (a breadth-first walk back to it)."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError("a strongly connected group without a cycle")


# Known circles, each as find_cycles reports it, to be removed by the work named beside it;
# the test fails on any other circle, and on one of these once it is gone (then drop it here).
KNOWN_CYCLES: list[list[str]] = []


def room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert len(graph) >= 40
    assert f"{ROOT}.engine.rules" in graph[f"{ROOT}.engine.compiled"]  # from a.b import c
    assert f"{ROOT}.sim.report" in graph[f"{ROOT}.cli.sim_cmds"]  # inside a function
    type_only = ast.parse("if TYPE_CHECKING:\n    from manille_variants.engine.deal import DealState\n")
    assert f"{ROOT}.engine.deal" in _imported_names(f"{ROOT}.engine.view", type_only, False)  # under TYPE_CHECKING
    assert f"{ROOT}.engine.state" in graph[f"{ROOT}.engine.view"]
    assert f"{ROOT}._core" in graph[f"{ROOT}.engine.crossing"]  # the compiled core, by its stub
    assert ROOT in graph[f"{ROOT}.web.engine_words"]  # import manille_variants as mv
    assert ROOT not in graph[f"{ROOT}.sim.runner"]  # from manille_variants import _core


def test_find_cycle_reports_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_find_cycles_reports_one_cycle_per_circle() -> None:
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}
    assert find_cycles(graph) == [["a", "b", "a"], ["c", "d", "e", "c"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_the_package_has_no_import_cycle() -> None:
    cycles = find_cycles(import_graph())
    new = [c for c in cycles if c not in KNOWN_CYCLES]
    assert not new, "import cycles:\n" + "\n".join(" -> ".join(c) for c in new)
    gone = [c for c in KNOWN_CYCLES if c not in cycles]
    assert not gone, "no longer a cycle (drop it from KNOWN_CYCLES):\n" + "\n".join(" -> ".join(c) for c in gone)


def test_each_room_imports_only_the_rooms_below_it() -> None:
    assert set(ALLOWED) == {room(m) for m in MODULES}, "a new room: say what it may import"
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        for target in targets
        if room(target) != room(module) and room(target) not in ALLOWED[room(module)]
    )
    assert not wrong, "\n".join(wrong)


# --- docs/package-map.md: the rules as a table, today's imports as a diagram ------------------

PAGE = PACKAGE.parent / "docs" / "package-map.md"
DIAGRAM = PACKAGE.parent / "docs" / "img" / "package-map.svg"


def room_graph() -> dict[str, set[str]]:
    """room -> the other rooms its modules import today."""
    graph: dict[str, set[str]] = {r: set() for r in ALLOWED}
    for module, targets in import_graph().items():
        graph[room(module)].update(room(t) for t in targets if room(t) != room(module))
    return graph


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def without_implied(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph less each arrow a -> b that a path a -> c -> ... -> b already shows."""
    return {
        a: {b for b in targets if not any(b in _reach(graph, c) for c in targets - {b})}
        for a, targets in graph.items()
    }


def label(name: str) -> str:
    """A room as the page names it (the top-level ``__init__`` by the package's name)."""
    return name or ROOT


def layers(arrows: dict[str, set[str]]) -> list[list[str]]:
    """The rooms in rows, top first: a room one row below the lowest room that imports it
    (the front doors on top), each row in the order of the rooms above it."""
    depth: dict[str, int] = {}

    def row(name: str) -> int:
        if name not in depth:
            importers = [a for a, targets in arrows.items() if name in targets]
            depth[name] = 1 + max((row(a) for a in importers), default=-1)
        return depth[name]

    rows: list[list[str]] = [[] for _ in range(1 + max(row(r) for r in arrows))]
    for name in sorted(arrows, key=label):
        rows[row(name)].append(name)
    for above, current in itertools.pairwise(rows):
        order = {r: i for i, r in enumerate(above)}
        current.sort(key=lambda r: min((order[a] for a in above if r in arrows[a]), default=len(above)))
    return rows


_BOX_H, _ROW_GAP, _COL_GAP, _CHAR_W, _PAD = 28, 30, 24, 8.5, 14


def svg_diagram() -> str:
    """The page's diagram (docs/img/package-map.svg, drawn without a script): every room in rows,
    the front doors on top, and today's imports between rooms as arrows, less those that a
    path of others already shows."""
    arrows = without_implied(room_graph())
    rows = layers(arrows)
    width_of = {r: round(len(label(r)) * _CHAR_W + 2 * _PAD) for r in arrows}
    row_width = [sum(width_of[r] for r in row) + _COL_GAP * (len(row) - 1) for row in rows]
    width = max(row_width) + 2 * _COL_GAP
    height = len(rows) * (_BOX_H + _ROW_GAP) - _ROW_GAP + 2 * _COL_GAP
    place: dict[str, tuple[int, int]] = {}  # room -> (centre x, top y)
    for i, row in enumerate(rows):
        x = (width - row_width[i]) // 2
        for name in row:
            place[name] = (x + width_of[name] // 2, _COL_GAP + i * (_BOX_H + _ROW_GAP))
            x += width_of[name] + _COL_GAP
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        'font-family="monospace" font-size="14" role="img" aria-label="the rooms of the package and their imports">',
        '<defs><marker id="head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" '
        'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
    ]
    for a in sorted(arrows, key=lambda r: place[r][::-1]):
        for b in sorted(arrows[a], key=lambda r: place[r][::-1]):
            (x1, y1), (x2, y2) = place[a], place[b]
            out.append(f'<line x1="{x1}" y1="{y1 + _BOX_H}" x2="{x2}" y2="{y2}" stroke="#555" '
                       'marker-end="url(#head)"/>')
    for name in sorted(arrows, key=lambda r: place[r][::-1]):
        x, y = place[name]
        w = width_of[name]
        out.append(f'<g><title>{label(name)}</title><rect x="{x - w // 2}" y="{y}" width="{w}" height="{_BOX_H}" '
                   'rx="6" fill="#e8f5e9" stroke="#2e7d32"/>'
                   f'<text x="{x}" y="{y + 19}" text-anchor="middle" fill="#1b1b1b">{label(name)}</text></g>')
    return "\n".join([*out, "</svg>", ""])


def page_rules() -> dict[str, set[str]]:
    """The page's table: room -> the rooms it may import (each named in backticks)."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("\n## What each room may import\n", 1)[1].split("\n## ", 1)[0]
    rules: dict[str, set[str]] = {}
    for row in re.findall(r"^\| `([^`]+)` \|.*\|(.*)\|$", section, re.M):
        name, may = row[0].rstrip("/"), re.findall(r"`([^`]+)`", row[1])
        rules[name.removeprefix(ROOT)] = {m.rstrip("/").removeprefix(ROOT) for m in may}
    return rules


def test_the_package_map_states_the_rules_of_this_test() -> None:
    assert page_rules() == ALLOWED, f"docs/package-map.md: the table differs from ALLOWED in {__file__}"


def test_the_package_map_draws_todays_imports() -> None:
    assert f"]({DIAGRAM.relative_to(PAGE.parent)})" in PAGE.read_text(encoding="utf-8")
    assert DIAGRAM.read_text(encoding="utf-8") == svg_diagram(), (
        f"{DIAGRAM.relative_to(PACKAGE.parent)} is stale: `python tests/test_import_graph.py` redraws it"
    )


def test_the_diagram_puts_each_room_below_every_room_that_imports_it() -> None:
    rows = layers({"top": {"mid", "low"}, "mid": {"low"}, "side": {"low"}, "low": set()})
    assert rows == [["side", "top"], ["mid"], ["low"]]


def test_without_implied_keeps_only_arrows_no_path_shows() -> None:
    graph = {"a": {"b", "c"}, "b": {"c"}, "c": set()}
    assert without_implied(graph) == {"a": {"b"}, "b": {"c"}, "c": set()}


# Run in a fresh interpreter: a finder that only watches sees every module the package's
# import machinery looks for; a module looked for twice would have been run twice.
_COUNT_IMPORTS = f"""
import sys
from collections import Counter

found = Counter()

class Watch:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == {ROOT!r} or name.startswith({ROOT!r} + "."):
            found[name] += 1
        return None

sys.meta_path.insert(0, Watch)
import {ROOT}
import {ROOT}.cli
twice = sorted(name for name, n in found.items() if n > 1)
print(len(found), " ".join(twice))
"""


def test_importing_the_package_runs_each_module_once() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _COUNT_IMPORTS], capture_output=True, text=True, check=True
    ).stdout.split()
    assert int(out[0]) >= 30
    assert out[1:] == [], f"imported twice: {out[1:]}"


if __name__ == "__main__":
    DIAGRAM.write_text(svg_diagram(), encoding="utf-8")
    print(f"wrote {DIAGRAM}")
