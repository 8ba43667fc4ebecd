"""Fixtures for each format (HR-10.2), stored round by round, and rescheduling.

A round robin is generated whole. A Swiss league and a knockout are generated a round at a time:
each next round needs the previous one finished, since its pairings follow from the results.
Groups, then knockout: the first call draws the groups and generates every group's round robin
(the group stage); once every group match is final, the next call starts the knockout stage,
seeded from the group tables, and each later call its next round.
Every draw by lots (a Swiss first round, a knockout seeding, the seeds of the group draw) is rolled
with the league's seed and stored in the league's log.

Locks (``services.locks``): generating locks the league, then every entry of it in ascending pk (the
group draw writes their groups, a bye pays its income) before it reads the entries and the rounds
so far; so a second click of the button waits and is then refused as the round is out. Rescheduling
locks the league, the fixture's entries and the fixture.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from arena.engine.campaign.fixture_formats import (
    GROUP_QUALIFIERS,
    KnockoutRound,
    Pairing,
    Round,
    Tie,
    check_group_count,
    default_group_count,
    draw_groups,
    groups_knockout_seeds,
    knockout_bracket,
    knockout_next_round,
    round_robin,
    swiss_round,
    swiss_round_count,
)
from arena.engine.campaign.four_player_schedule import TableRound, table_rounds
from arena.engine.campaign.league_dice import RecordedDice, derive_seed, draw_order
from arena.engine.campaign.pairing import TeamId
from games.league_protocol import league_game

from ..league_errors import LeagueError
from ..models import CampaignEvent, Entry, Fixture, FixtureSeat, League
from ..permissions import require_organiser
from ..selectors.fixtures import winner_id
from ..selectors.league_tables import group_tables, standing_rows
from .locks import lock_fixture, lock_league, lock_league_entries
from .log import EventLog

MIN_ENTRIES = 2
FOUR = 4  # entries at a four-player table (HR-8)


@transaction.atomic
def fixtures_generate(
    *, league: League, actor: User, start: datetime.date | None = None, interval_days: int = 7
) -> list[Fixture]:
    """Generate the league's fixtures (round robin, a league's group stage) or its next round
    (Swiss, knockout, the knockout stage after the groups).

    ``start`` dates the first new round; each later round is ``interval_days`` after it.
    Locks: the league, then all its entries in ascending pk.
    """
    league = lock_league(league.pk)
    require_organiser(league, actor)
    entries = lock_league_entries(league)
    if len(entries) < MIN_ENTRIES:
        raise LeagueError(
            (
                _("A league needs at least %(least)s teams to play; it has %(count)s.")
                if league.is_viadal
                else _("A league needs at least %(least)s entries to play; it has %(count)s.")
            )
            % {"least": MIN_ENTRIES, "count": len(entries)}
        )
    last_round = league.fixtures.aggregate(last=Max("round"))["last"] or 0
    round_robin_format = league.format in (League.Format.ROUND_ROBIN, League.Format.DOUBLE_ROUND_ROBIN)
    if round_robin_format and last_round:
        raise LeagueError(_("The round robin's fixtures are out already."))
    group_stage = league.has_groups and bool(last_round) and _in_group_stage(league, last_round)
    if group_stage:
        if league.fixtures.exclude(status__in=Fixture.DONE).exists():
            raise LeagueError(
                _("The group stage is not finished; every group match must be final before the knockout stage starts.")
            )
    elif last_round and league.fixtures.filter(round=last_round).exclude(status__in=Fixture.DONE).exists():
        raise LeagueError(
            _("Round %(round)s is not finished; every result must be final first.") % {"round": last_round}
        )
    log = EventLog(league)
    if league.is_four_player:
        fixtures = _four_player_season(league, entries, start, interval_days)
        _pay_byes(fixtures, entries, log)
        log.save()
        return fixtures
    if league.has_groups and not last_round:
        return _group_stage(league, entries, log, start, interval_days)
    rounds: list[Round] | list[KnockoutRound]
    if group_stage:
        rounds = [_knockout_from_groups(league, entries, last_round)]
    elif round_robin_format:
        rounds = round_robin([e.pk for e in entries], double=league.format == League.Format.DOUBLE_ROUND_ROBIN)
    elif league.format == League.Format.SWISS:
        rounds = [_swiss_round(league, entries, last_round + 1, log)]
    else:
        rounds = [_knockout_round(league, entries, last_round, log)]
    fixtures = _store(league, rounds, start, interval_days)
    _pay_byes(fixtures, entries, log)
    log.save()
    return fixtures


def _four_player_season(
    league: League, entries: list[Entry], start: datetime.date | None, interval_days: int
) -> list[Fixture]:
    """A four-player league's whole season of tables (HR-8, ``four_player_schedule.table_rounds``): a
    fixture per table with its four seats, a bye fixture per entry sitting a round out."""
    if not league.is_round_robin:
        raise LeagueError(_("A four-player league is played as a round robin of tables."))
    if len(entries) < FOUR:
        raise LeagueError(
            _("A four-player league needs at least %(least)s teams to play; it has %(count)s.")
            % {"least": FOUR, "count": len(entries)}
        )
    double = league.format == League.Format.DOUBLE_ROUND_ROBIN
    rounds = table_rounds([e.pk for e in entries], league.mode, double=double)
    fixtures: list[Fixture] = []
    seats: list[FixtureSeat] = []
    for index, rnd in enumerate(rounds):
        fixtures += _store_tables(league, rnd, _date(start, index, interval_days), seats)
    FixtureSeat.objects.bulk_create(seats)
    return fixtures


def _store_tables(
    league: League, rnd: TableRound, when: datetime.date | None, seats: list[FixtureSeat]
) -> list[Fixture]:
    common = {"league": league, "round": rnd.number, "scheduled_for": when}
    tables = [Fixture(**common, position=i, home_id=t.seats[0], seat_count=FOUR) for i, t in enumerate(rnd.tables)]
    byes = [
        Fixture(**common, position=len(tables) + i, home_id=team, status=Fixture.Status.BYE)
        for i, team in enumerate(rnd.byes)
    ]
    created = Fixture.objects.bulk_create(tables + byes)
    for fixture, table in zip(created, rnd.tables, strict=False):
        seats += [FixtureSeat(fixture=fixture, seat=seat, entry_id=team) for seat, team in enumerate(table.seats)]
    return created


def _pay_byes(fixtures: list[Fixture], entries: list[Entry], log: EventLog) -> None:
    """The campaign sequence of each new bye (its income), on the locked entry rows."""
    by_pk = {entry.pk: entry for entry in entries}
    for fixture in fixtures:
        if fixture.is_bye:
            fixture.home = by_pk[fixture.home_id]
            league_game(fixture.league.game).run_campaign(fixture=fixture, report=None, dice=None, log=log)


def _in_group_stage(league: League, last_round: int) -> bool:
    """The league of groups has not started its knockout stage: its last round is a group round."""
    return league.fixtures.filter(round=last_round, group__isnull=False).exists()


def _group_stage(
    league: League, entries: list[Entry], log: EventLog, start: datetime.date | None, interval_days: int
) -> list[Fixture]:
    """Draw the groups (snake order of the seeds) and store every group's round robin, the groups'
    rounds side by side: round 1 of every group is the league's round 1."""
    count = league.group_count or default_group_count(len(entries))
    check_group_count(len(entries), count)
    groups = draw_groups(_knockout_seeds(league, entries, log, draw="groups"), count)
    by_pk: dict[TeamId, Entry] = {entry.pk: entry for entry in entries}
    for group, members in enumerate(groups):
        for pk in members:
            by_pk[pk].group = group
    Entry.objects.bulk_update(entries, ["group"])
    places: dict[int, list[tuple[int, TeamId, TeamId | None]]] = {}
    for group, members in enumerate(groups):
        for rnd in round_robin(members):
            listed: list[tuple[int, TeamId, TeamId | None]] = [(group, p.home, p.away) for p in rnd.pairings]
            if rnd.bye is not None:
                listed.append((group, rnd.bye, None))
            places.setdefault(rnd.number, []).extend(listed)
    fixtures = [
        Fixture(
            league=league,
            round=number,
            position=position,
            home_id=home,
            away_id=away,
            group=group,
            scheduled_for=_date(start, number - 1, interval_days),
            status=Fixture.Status.SCHEDULED if away else Fixture.Status.BYE,
        )
        for number, listed in sorted(places.items())
        for position, (group, home, away) in enumerate(listed)
    ]
    fixtures = Fixture.objects.bulk_create(fixtures)
    _pay_byes(fixtures, entries, log)
    log.save()
    return fixtures


def _knockout_from_groups(league: League, entries: list[Entry], last_round: int) -> KnockoutRound:
    """The knockout stage's first round, numbered after the group stage: the top two of each group
    table (HR-10.3's round-robin chain) seeded by ``groups_knockout_seeds`` (HR-10.2)."""
    tables = [[line.entry.pk for line in table.lines][:GROUP_QUALIFIERS] for table in group_tables(league, entries)]
    first = knockout_bracket(groups_knockout_seeds(tables)).first_round
    return dataclasses.replace(first, number=last_round + 1)


def _date(start: datetime.date | None, index: int, interval_days: int) -> datetime.date | None:
    return start + datetime.timedelta(days=index * interval_days) if start else None


def _store(
    league: League, rounds: Sequence[Round | KnockoutRound], start: datetime.date | None, interval_days: int
) -> list[Fixture]:
    fixtures: list[Fixture] = []
    for index, rnd in enumerate(rounds):
        when = _date(start, index, interval_days)
        places: list[tuple[TeamId, TeamId | None, int | None, int | None]]
        if isinstance(rnd, KnockoutRound):
            places = [(t.home, t.away, t.home_seed, t.away_seed) for t in rnd.ties]
        else:
            places = [(p.home, p.away, None, None) for p in rnd.pairings]
            places += [(rnd.bye, None, None, None)] if rnd.bye is not None else []
        for position, (home, away, home_seed, away_seed) in enumerate(places):
            status = Fixture.Status.BYE if away is None else Fixture.Status.SCHEDULED
            fixtures.append(
                Fixture(
                    league=league,
                    round=rnd.number,
                    position=position,
                    home_id=home,
                    away_id=away,
                    home_seed=home_seed,
                    away_seed=away_seed,
                    scheduled_for=when,
                    status=status,
                )
            )
    return Fixture.objects.bulk_create(fixtures)


def _history(league: League) -> list[Round]:
    """The rounds played so far, as the pairing functions read them."""
    rounds: dict[int, list[Fixture]] = {}
    for fixture in league.fixtures.order_by("round", "position"):
        rounds.setdefault(fixture.round, []).append(fixture)
    history = []
    for number, fixtures in sorted(rounds.items()):
        pairings = tuple(Pairing(f.home_id, f.away_id) for f in fixtures if f.away_id is not None)
        bye = next((f.home_id for f in fixtures if f.is_bye), None)
        history.append(Round(number, pairings, bye))
    return history


def _swiss_round(league: League, entries: list[Entry], number: int, log: EventLog) -> Round:
    rounds = swiss_round_count(len(entries))
    if number > rounds:
        raise LeagueError(
            _("A Swiss league of %(count)s teams plays %(rounds)s rounds (HR-10.2); all are out.")
            % {"count": len(entries), "rounds": rounds}
        )
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
    winners = {w for f in previous if not f.is_bye and (w := winner_id(f)) is not None}  # every one is final
    return knockout_next_round(KnockoutRound(last_round, ties), winners)


def _knockout_seeds(league: League, entries: list[Entry], log: EventLog, draw: str = "knockout") -> list[int]:
    """Seeds by rating when every entry has one, else a seeded draw (HR-10.2). ``draw="groups"``:
    the seeds a league of groups deals into its groups."""
    if all(e.seed is not None for e in entries):
        return [e.pk for e in sorted(entries, key=lambda e: (e.seed, e.pk))]
    dice = RecordedDice.seeded(derive_seed(league.dice_seed, draw, "seeds"))
    if draw == "groups":
        purpose = ("group draw seeding (HR-10.2)", "a csoportsorsolás kiemelése (HR-10.2)")
    else:
        purpose = ("knockout seeding draw (HR-10.2)", "a kieséses kiemelés sorsolása (HR-10.2)")
    order, rolls = draw_order([e.pk for e in entries], dice, *purpose)
    log.rolls(rolls)
    log.add(CampaignEvent.Kind.DRAW, data={"draw": f"{draw}_seeds", "seeds": order})
    return order


@transaction.atomic
def fixture_reschedule(*, fixture: Fixture, actor: User, scheduled_for: datetime.date | None) -> Fixture:
    """Set the fixture's date (organiser only). Locks: the league, both entries, the fixture."""
    fixture = lock_fixture(fixture)
    require_organiser(fixture.league, actor)
    fixture.scheduled_for = scheduled_for
    fixture.save(update_fields=["scheduled_for"])
    return fixture
