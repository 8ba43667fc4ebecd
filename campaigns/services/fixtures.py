"""Fixtures for each format (HR-10.2), stored round by round, and rescheduling.

A round robin is generated whole. A Swiss league and a knockout are generated a round at a time:
each next round needs the previous one finished, since its pairings follow from the results.
Every draw by lots (a Swiss first round, a knockout seeding) is rolled with the league's seed and
stored in the league's log.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from arena.engine.campaign.dice import RecordedDice, derive_seed, draw_order
from arena.engine.campaign.fixtures import (
    KnockoutRound,
    Pairing,
    Round,
    Tie,
    knockout_bracket,
    knockout_next_round,
    round_robin,
    swiss_round,
    swiss_round_count,
)
from arena.engine.campaign.results import ResultKind, is_victory, is_win

from ..errors import LeagueError
from ..models import CampaignEvent, Entry, Fixture, League
from ..permissions import require_organiser
from ..selectors.standings import standing_rows
from .campaign import run_campaign_sequence
from .log import EventLog

MIN_ENTRIES = 2


@transaction.atomic
def fixtures_generate(
    *, league: League, actor: AbstractBaseUser, start: datetime.date | None = None, interval_days: int = 7
) -> list[Fixture]:
    """Generate the league's fixtures (round robin) or its next round (Swiss, knockout).

    ``start`` dates the first new round; each later round is ``interval_days`` after it.
    """
    require_organiser(league, actor)
    entries = list(league.entries.order_by("pk"))
    if len(entries) < MIN_ENTRIES:
        raise LeagueError(_("A league needs at least %(least)s teams to play; it has %(count)s.")
                          % {"least": MIN_ENTRIES, "count": len(entries)})
    last_round = league.fixtures.aggregate(last=Max("round"))["last"] or 0
    round_robin_format = league.format in (League.Format.ROUND_ROBIN, League.Format.DOUBLE_ROUND_ROBIN)
    if round_robin_format and last_round:
        raise LeagueError(_("The round robin's fixtures are out already."))
    if last_round and league.fixtures.filter(round=last_round).exclude(status__in=Fixture.DONE).exists():
        raise LeagueError(_("Round %(round)s is not finished; every result must be final first.")
                          % {"round": last_round})
    log = EventLog(league)
    if round_robin_format:
        rounds = round_robin([e.pk for e in entries], double=league.format == League.Format.DOUBLE_ROUND_ROBIN)
    elif league.format == League.Format.SWISS:
        rounds = [_swiss_round(league, entries, last_round + 1, log)]
    else:
        rounds = [_knockout_round(league, entries, last_round, log)]
    fixtures = _store(league, rounds, start, interval_days)
    for fixture in fixtures:
        if fixture.is_bye:
            run_campaign_sequence(fixture=fixture, facts=None, dice=None, log=log)
    log.save()
    return fixtures


def _date(start: datetime.date | None, index: int, interval_days: int) -> datetime.date | None:
    return start + datetime.timedelta(days=index * interval_days) if start else None


def _store(
    league: League, rounds: Sequence[Round | KnockoutRound], start: datetime.date | None, interval_days: int
) -> list[Fixture]:
    fixtures: list[Fixture] = []
    for index, rnd in enumerate(rounds):
        when = _date(start, index, interval_days)
        if isinstance(rnd, KnockoutRound):
            places = [(t.home, t.away, t.home_seed, t.away_seed) for t in rnd.ties]
        else:
            places = [(p.home, p.away, None, None) for p in rnd.pairings]
            places += [(rnd.bye, None, None, None)] if rnd.bye is not None else []
        for position, (home, away, home_seed, away_seed) in enumerate(places):
            status = Fixture.Status.BYE if away is None else Fixture.Status.SCHEDULED
            fixtures.append(Fixture(
                league=league, round=rnd.number, position=position, home_id=home, away_id=away,
                home_seed=home_seed, away_seed=away_seed, scheduled_for=when, status=status,
            ))
    return Fixture.objects.bulk_create(fixtures)


def _history(league: League) -> list[Round]:
    """The rounds played so far, as the pairing functions read them."""
    rounds: dict[int, list[Fixture]] = {}
    for fixture in league.fixtures.order_by("round", "position"):
        rounds.setdefault(fixture.round, []).append(fixture)
    history = []
    for number, fixtures in sorted(rounds.items()):
        pairings = tuple(Pairing(f.home_id, f.away_id) for f in fixtures if not f.is_bye)
        bye = next((f.home_id for f in fixtures if f.is_bye), None)
        history.append(Round(number, pairings, bye))
    return history


def _swiss_round(league: League, entries: list[Entry], number: int, log: EventLog) -> Round:
    rounds = swiss_round_count(len(entries))
    if number > rounds:
        raise LeagueError(_("A Swiss league of %(count)s teams plays %(rounds)s rounds (HR-10.2); all are out.")
                          % {"count": len(entries), "rounds": rounds})
    dice = RecordedDice.seeded(derive_seed(league.dice_seed, "swiss", number))
    pairing = swiss_round(standing_rows(league, entries), _history(league), number, dice=dice)
    log.rolls(pairing.rolls)
    if pairing.rolls:
        log.add(CampaignEvent.Kind.DRAW, data={"draw": "swiss", "round": number})
    return pairing.round


def _knockout_round(league: League, entries: list[Entry], last_round: int, log: EventLog) -> KnockoutRound:
    if last_round == 0:
        return knockout_bracket(_knockout_seeds(league, entries, log)).first_round
    previous = list(league.fixtures.filter(round=last_round).select_related("result").order_by("position"))
    ties = tuple(Tie(f.home_id, f.away_id, f.home_seed or 0, f.away_seed) for f in previous)
    winners = {_winner(f) for f in previous if not f.is_bye}
    return knockout_next_round(KnockoutRound(last_round, ties), winners)


def _winner(fixture: Fixture) -> int:
    kind = ResultKind(fixture.result.home_result)
    return fixture.home_id if is_win(kind) or is_victory(kind) else fixture.away_id


def _knockout_seeds(league: League, entries: list[Entry], log: EventLog) -> list[int]:
    """Seeds by rating when every entry has one, else a seeded draw (HR-10.2)."""
    if all(e.seed is not None for e in entries):
        return [e.pk for e in sorted(entries, key=lambda e: (e.seed, e.pk))]
    dice = RecordedDice.seeded(derive_seed(league.dice_seed, "knockout", "seeds"))
    order, rolls = draw_order([e.pk for e in entries], dice, "knockout seeding draw (HR-10.2)",
                              "a kieséses kiemelés sorsolása (HR-10.2)")
    log.rolls(rolls)
    log.add(CampaignEvent.Kind.DRAW, data={"draw": "knockout_seeds", "seeds": order})
    return order


@transaction.atomic
def fixture_reschedule(*, fixture: Fixture, actor: AbstractBaseUser, scheduled_for: datetime.date | None) -> Fixture:
    require_organiser(fixture.league, actor)
    fixture.scheduled_for = scheduled_for
    fixture.save(update_fields=["scheduled_for"])
    return fixture
