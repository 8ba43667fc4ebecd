"""No import cycle in the project: none between modules, none between apps (docs/architecture.md,
"Layers"). The packages are found, not listed: every top-level package of the repository, so an app
added later is checked from its first commit. The root URLconf includes apps by name (a string, not an
import), and settings import no app, so ``viadal_site`` stands above every app like any other package.

A pure rules package under an app (``arena/engine/``, ``<app>/rules/``) counts as a package of its own:
every app may use the engine, which is not the same as using ``arena``'s hosted play."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import grimp
import pytest
from django.conf import settings

from tests.engine.test_import_graph import _cycles

ROOT = Path(__file__).resolve().parents[2]
NOT_APPS = {"tests", "bench", "scripts"}
PURE = ("engine", "rules")  # a pure rules package directly under an app


def project_packages() -> list[str]:
    return sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file() and p.name not in NOT_APPS)


def app_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in PURE:
        return ".".join(parts[:2])
    return parts[0]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*project_packages(), cache_dir=None)


def app_edges(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if app_of(module) != app_of(imported):
                edges[app_of(module)].add(app_of(imported))
    return edges


class _AppGraph:
    """The apps as a graph, for the same cycle finder as the modules'."""

    def __init__(self, edges: dict[str, set[str]]) -> None:
        self.edges = edges
        self.modules = set(edges) | {b for targets in edges.values() for b in targets}

    def find_modules_directly_imported_by(self, module: str) -> set[str]:
        return self.edges.get(module, set())


def test_every_app_of_the_project_is_checked():
    packages = set(project_packages())
    local = {app.split(".")[0] for app in settings.INSTALLED_APPS if (ROOT / app.split(".")[0]).is_dir()}
    assert local and local <= packages
    assert {"viadal_site", "arena", "teams", "campaigns", "common"} <= packages


def test_no_module_imports_itself_through_others(graph):
    assert _cycles(graph, sorted(graph.modules)) == []


def test_no_two_apps_import_each_other(graph):
    apps = _AppGraph(app_edges(graph))
    assert _cycles(apps, sorted(apps.modules)) == []  # type: ignore[arg-type]


def test_the_apps_graph_is_read_as_described(graph):
    """The cycle check above sees the imports that matter: teams uses the engine and the common
    helpers, arena's hosted play reaches the leagues, and no app but the project imports viadal_site."""
    edges = app_edges(graph)
    assert {"arena.engine", "common"} <= edges["teams"]
    assert "campaigns" in edges["arena"]
    assert "arena" not in edges["teams"] | edges["campaigns"] | edges["reference"]
    assert all("viadal_site" not in targets for app, targets in edges.items() if app != "viadal_site")


def test_a_cycle_between_apps_is_found():
    apps = _AppGraph({"teams": {"arena"}, "arena": {"campaigns"}, "campaigns": {"teams"}, "common": set()})
    assert _cycles(apps, sorted(apps.modules)) == [["arena", "campaigns", "teams"]]  # type: ignore[arg-type]
