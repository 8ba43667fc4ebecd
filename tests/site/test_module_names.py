"""No two modules of the project share a file name, so that a name says where a thing lives (issue 29,
"Names collide"; docs/architecture.md, "Layout"). ``dice.py`` three times, ``errors.py`` four times and
the engine's seat ``views.py`` beside Django's ``views/`` made a reader open each to learn which was which;
each now has a name that says what it is (``dice_sources``, ``league_dice``, ``hosted_dice``, ...).

Three kinds of sharing are by design and allowed:

- **Django's conventional names**, which every app has by the framework's rule (``models.py``,
  ``views.py``, ``urls.py`` …), a management command (its file name is the command's name), the settings
  modules, and the game registry's plug-in modules every game's app has (``game.py``, ``league_game.py``);
- **one feature through an app's layers**: ``campaigns/views/leagues.py``, ``campaigns/services/leagues.py``
  and ``campaigns/selectors/leagues.py`` are the same feature's page, writes and reads (the layers are
  import-linter's, pyproject.toml), so they count as one, as does a template tag library named after the
  app's module it puts in the templates (``teams/templatetags/builder_panels.py``);
- **an engine add-on's data modules**, which mirror the core's by design (docs/engine.md, "The hook
  table"): ``match/magic/state.py`` is the magic add-on's part of ``match/state.py``.

Beyond those, no two modules share a name: ``KNOWN`` (the names allowed to collide otherwise) is empty,
so a new collision fails here. A listed name that no longer collides fails too, so the list stays true."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_APPS = {"tests", "bench", "scripts"}

# Django's conventional module names (and the package marker).
CONVENTIONAL = {
    "__init__.py",
    "apps.py",
    "admin.py",
    "models.py",
    "views.py",
    "urls.py",
    "forms.py",
    "selectors.py",
    "services.py",
    "signals.py",
    "middleware.py",
    "context_processors.py",
    # the game registry's plug-in modules, one per game's app (docs/games.md), and the pages layer beside
    # ``views`` that pyproject.toml's layer contracts name
    "game.py",
    "league_game.py",
    "sheet_views.py",
}
# An app's layers (pyproject.toml's import-linter contracts): a feature keeps its name in each.
LAYERS = {"views", "screen", "services", "selectors", "runtime"}
# The engine's add-on packages, whose data modules mirror the core match's (``state``, ``actions`` …).
CORE = "arena/engine/match/"
ADDONS = (CORE + "magic/", CORE + "optional/", CORE + "traps/")

# Names still shared beyond the rules above: none; keep it so (never lengthen this).
KNOWN: dict[str, set[str]] = {}


def modules() -> list[str]:
    found = []
    for package in sorted(p for p in ROOT.iterdir() if (p / "__init__.py").is_file() and p.name not in NOT_APPS):
        for path in package.rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" not in relative and "/.venv/" not in relative:
                found.append(relative)
    return sorted(found)


def owner(module: str) -> str | None:
    """Who a module's name belongs to: None when the name is conventional, else one key per feature."""
    parts = module.split("/")
    name = parts[-1]
    if name in CONVENTIONAL or "/management/commands/" in module or module.startswith("viadal_site/settings/"):
        return None
    if module.startswith(ADDONS) and (ROOT / CORE / name).is_file():
        return CORE + name
    if len(parts) >= 3 and parts[-2] == "templatetags":
        return "/".join(parts[:-2] + [name])  # a tag library for the app's module of that name is that module's
    if len(parts) >= 3 and parts[-2] in LAYERS:
        return "/".join(parts[:-2]) + "/<layer>/" + name
    return module


def collisions() -> dict[str, set[str]]:
    owners: dict[str, set[str]] = defaultdict(set)
    for module in modules():
        key = owner(module)
        if key is not None:
            owners[module.rsplit("/", 1)[-1]].add(key)
    return {name: keys for name, keys in owners.items() if len(keys) > 1}


def test_the_collisions_issue_29_named_are_gone() -> None:
    names = {module.rsplit("/", 1)[-1] for module in modules()}
    assert not {"dice.py", "errors.py"} & names
    assert "arena/engine/match/views.py" not in modules()
    assert not [m for m in modules() if m.startswith("arena/engine/campaign/arena_")]


def test_no_two_modules_share_a_name_beyond_the_known_ones() -> None:
    found = collisions()
    new = {name: keys for name, keys in found.items() if keys != KNOWN.get(name)}
    gone = sorted(set(KNOWN) - set(found))
    assert not new, f"modules sharing a name (rename one, so its name says what it is): {new}"
    assert not gone, f"no longer shared, strike them from KNOWN: {gone}"


def test_the_rules_tell_a_collision_from_a_convention() -> None:
    """Worked examples of ``owner``: the same feature through layers is one; two packages' dice are two."""
    assert owner("campaigns/views/leagues.py") == owner("campaigns/services/leagues.py")
    assert owner("arena/views/hosted_play.py") == owner("arena/services/hosted_play.py")
    assert owner("arena/engine/match/magic/state.py") == owner("arena/engine/match/state.py")
    assert owner("arena/models.py") is None and owner("arena/management/commands/simulate.py") is None
    assert owner("teams/templatetags/builder_panels.py") == owner("teams/builder_panels.py")
    assert owner("quests/rules/dice.py") != owner("warbands/rules/dice.py")
    assert owner("campaigns/views/leagues.py") != owner("games/league_protocol.py")
