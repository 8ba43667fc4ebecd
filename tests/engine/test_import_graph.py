"""The engine's import graph: no cycle, no import inside a function, every match module in a layer,
and the hook table filled in by the modules that own its slots (docs/engine.md, "The hook table")."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import grimp
import pytest

import arena.engine
from arena.engine.match.addons import ADDONS
from arena.engine.match.hooks import HOOKS, PROVIDERS, HookMissingError, Hooks

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Path(arena.engine.__file__).parent


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("arena", cache_dir=None)


def _engine_modules(graph: grimp.ImportGraph) -> list[str]:
    return sorted(m for m in graph.modules if m == "arena.engine" or m.startswith("arena.engine."))


def _cycles(graph: grimp.ImportGraph, modules: list[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    inside = set(modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & inside) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            if i < len(edges[v]):
                work.append((v, i + 1))
                w = edges[v][i]
                if w not in index:
                    work.append((w, 0))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    class Fake:
        modules = {"a", "b", "c"}

        def find_modules_directly_imported_by(self, m: str) -> set[str]:
            return {"a": {"b"}, "b": {"c"}, "c": {"a"}}[m]

    assert _cycles(Fake(), ["a", "b", "c"]) == [["a", "b", "c"]]  # type: ignore[arg-type]


def test_no_import_cycle_among_the_engine_modules(graph: grimp.ImportGraph) -> None:
    modules = _engine_modules(graph)
    assert len(modules) > 90
    assert _cycles(graph, modules) == []


def _parse(path: Path) -> ast.Module:
    """The module's syntax tree. CPython 3.11.7's AST converter can lose count of its recursion depth
    in a threaded process (python/cpython#106905, fixed in later releases): rarely, with a live
    server's threads about, a parse fails with "AST constructor recursion depth mismatch". That is
    the interpreter's fault, not the file's: the parse is tried again."""
    source = path.read_text(encoding="utf-8")
    for _attempt in range(2):
        try:
            return ast.parse(source, str(path))
        except SystemError as error:
            if "recursion depth mismatch" not in str(error):
                raise
    return ast.parse(source, str(path))


def _nested_imports(path: Path) -> list[str]:
    tree = _parse(path)
    top = {id(node) for node in tree.body}
    return [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
    ]


def test_the_scan_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text("import os\n\n\ndef f():\n    from os import path\n    return path\n", encoding="utf-8")
    assert _nested_imports(path) == ["sample.py:5"]


def test_no_engine_module_imports_anywhere_but_at_its_top() -> None:
    found = [f"{path.parent}/{hit}" for path in sorted(ENGINE.rglob("*.py")) for hit in _nested_imports(path)]
    assert found == []


def _match_layers() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (match,) = [c for c in contracts if c.get("containers") == ["arena.engine.match"]]
    names: set[str] = set()
    for layer in match["layers"]:
        for part in layer.replace("|", ":").split(":"):
            names.add("arena.engine.match." + part.strip())
    return names


def test_every_match_module_is_in_a_layer(graph: grimp.ImportGraph) -> None:
    placed = _match_layers()
    packages = {"arena.engine.match." + p for p in ("rules", "magic", "traps", "optional")}
    unplaced = [
        m
        for m in _engine_modules(graph)
        if m.startswith("arena.engine.match.")
        and m not in packages
        and not any(m == p or m.startswith(p + ".") for p in placed)
    ]
    assert unplaced == []
    assert sorted(name for name in placed if name not in graph.modules) == []


def test_the_hook_table_is_filled_in_by_the_modules_that_own_the_slots() -> None:
    assert HOOKS.missing() == []
    for slot, provider in PROVIDERS.items():
        assert getattr(HOOKS, slot).__module__ == provider, slot
    assert {m.__name__ for m in ADDONS} == set(PROVIDERS.values())


def test_an_empty_slot_is_a_clear_error() -> None:
    table = Hooks()
    assert table.missing() == list(PROVIDERS)
    with pytest.raises(HookMissingError, match="'bleed' is empty: import arena.engine.match.magic.spell_effects"):
        table.bleed(None, 0)  # type: ignore[arg-type]


# Registries filled while the engine is imported (decorators at module level), never afterwards.
_FILLED_AT_IMPORT = {("rules/modifiers.py", "ATTACK_HOOKS"), ("rules/modifiers.py", "DEFENCE_HOOKS")}
_CHANGES = {"append", "extend", "clear", "setdefault", "update", "pop", "popitem", "add", "discard", "remove", "insert"}


def _targets(node: ast.AST, other: type[ast.AnnAssign] | type[ast.AugAssign]) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    return [node.target] if isinstance(node, other) else []


def _module_tables_changed_in_functions(path: Path) -> list[str]:
    """Module-level names a function changes in place (``NAME[k] = …``, ``NAME.append(…)``, …) and
    functions memoised by ``functools.cache`` / ``lru_cache``."""
    tree = _parse(path)
    names = set()
    for node in tree.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if any("cache" in ast.unparse(d) for d in fn.decorator_list):
            found.add(f"@cache {fn.name}")
        for node in ast.walk(fn):
            if isinstance(node, ast.Global):
                found.update(f"global {n}" for n in node.names)
            call = node.func if isinstance(node, ast.Call) else None
            if isinstance(call, ast.Attribute) and isinstance(call.value, ast.Name):
                if call.value.id in names and call.attr in _CHANGES:
                    found.add(call.value.id)
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AugAssign)
                else []
            )
            for target in targets:
                for part in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(part, ast.Subscript) and isinstance(part.value, ast.Name) and part.value.id in names:
                        found.add(part.value.id)
    return sorted(found)


def test_the_table_scan_sees_a_module_level_memo(tmp_path: Path) -> None:
    path = tmp_path / "sample.py"
    path.write_text("_SEEN = {}\n\n\ndef f(k):\n    _SEEN[k] = 1\n    return _SEEN\n", encoding="utf-8")
    assert _module_tables_changed_in_functions(path) == ["_SEEN"]


def test_no_engine_module_keeps_a_memo_table_of_its_own() -> None:
    """Every table that fills as matches are played is a match's (match.memo); the rest is built at import."""
    found = [
        (str(path.relative_to(ENGINE / "match")) if path.is_relative_to(ENGINE / "match") else str(path), name)
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _module_tables_changed_in_functions(path)
    ]
    assert sorted(set(found) - _FILLED_AT_IMPORT) == []
