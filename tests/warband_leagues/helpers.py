"""Warbands, warband leagues and their entries for the warband league tests. Warbands are stored as
the builder stores them (the rules' plain values without prices); entries go through the league
app's service like a player's."""

from __future__ import annotations

from typing import Any

from campaigns.models import Entry, Fixture, League
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_create, league_enter_copy
from tests.factories import UserFactory
from warbands.models import Warband
from warbands.rules.army_list import army_figure, sample_warband
from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_file import warband_to_dict

SEED = 20261206


def stored(warband: RulesWarband) -> list[dict[str, Any]]:
    """The figures as the builder stores them: the file's objects without prices."""
    figures = []
    for figure in warband_to_dict(warband)["figures"]:  # type: ignore[union-attr]
        figure = dict(figure)
        figure.pop("price", None)
        figure["minions"] = [{k: v for k, v in m.items() if k != "price"} for m in figure["minions"]]
        figures.append(figure)
    return figures


def make_warband(owner, rules: RulesWarband | None = None, *, name: str = "", ready: bool = True) -> Warband:  # type: ignore[no-untyped-def]
    rules = rules or sample_warband()
    return Warband.objects.create(
        owner=owner,
        name=name or rules.name,
        points=rules.points,
        status=Warband.Status.READY if ready else Warband.Status.DRAFT,
        figures=stored(rules),
        pools=[],
        illusions=[],
    )


def warriors(count: int, prefix: str = "Warrior") -> RulesWarband:
    """A plain warband of ``count`` Warriors (Q4 C3, 23 points each, WB-6)."""
    return RulesWarband(
        name=f"{count} {prefix}s", figures=tuple(army_figure("warrior", f"{prefix} {i + 1}") for i in range(count))
    )


def warband_league(organiser=None, **settings: Any) -> League:  # type: ignore[no-untyped-def]
    game_settings = {key: settings.pop(key) for key in ("points", "result", "incompatible") if key in settings}
    league = league_create(
        organiser=organiser or UserFactory(),
        name=settings.pop("name", "Warband league"),
        season="Winter",
        format=settings.pop("format", League.Format.ROUND_ROBIN),
        sign_up_open=True,
        game="warband",
        game_settings=game_settings,
        **settings,
    )
    League.objects.filter(pk=league.pk).update(dice_seed=SEED)
    league.dice_seed = SEED
    return league


def enter(league: League, rules: RulesWarband | None = None, *, player=None, name: str = "") -> Entry:  # type: ignore[no-untyped-def]
    player = player or UserFactory()
    warband = make_warband(player, rules, name=name)
    return league_enter_copy(league=league, player=player, source_ref=warband.pk)


def first_fixture(league: League) -> Fixture:
    if not league.fixtures.exists():
        fixtures_generate(league=league, actor=league.organiser)
    return league.fixtures.exclude(away=None).order_by("round", "position").first()
