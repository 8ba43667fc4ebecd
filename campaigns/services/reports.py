"""Results: reported at the table and confirmed by the opponent, or disputed and settled by the
organiser, or recorded by a hosted match (already confirmed; a match hosted at the table on one
device is reported, and waits for the opponent like a hand report); forfeits; corrections.

Every write of a ``Result`` is kept by django-simple-history with who made it and why ("Reported",
"Confirmed", "Disputed", "Settled", "Corrected", "Hosted match", "Forfeit"). The first time a
fixture's result becomes final, the campaign sequence runs (``services.campaign_sequence``); a later
correction changes the standings at once, while the rolls already made stay as they were recorded.

What a result holds and what runs after it are the league's game's (``games.league_protocol``: its report's
check, how it is stored and read back, its campaign steps); the life of a result is the same in
every game.

Locks (``services.locks``): every service here locks the fixture's league, then both its entries in
ascending pk, then the fixture (``lock_fixture``), before it reads the fixture, its result or a
roster; the campaign sequence then writes those locked entries, never a copy read before.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arena.engine.campaign.broken import break_items
from arena.engine.campaign.league_dice import CampaignDice
from arena.engine.campaign.results import ResultKind, check_reported_result
from games.league_protocol import VIADAL, LeagueGame, league_game

from ..league_errors import LeagueError
from ..models import Entry, Fixture, Result
from ..permissions import require_opponent_of_reporter, require_organiser, require_player_in
from ..result_facts import MatchFacts, broken_to_json, out_of_bounds, sides_to_json
from ..rosters import entry_roster
from .locks import lock_fixture
from .log import EventLog

Status = Fixture.Status


def _locked(fixture: Fixture) -> Fixture:
    """The league, both entries and the fixture locked in that order (``services.locks``); the
    fixture as it stands, with its league and entries the locked rows. A four-seat fixture has its
    own services (``services.arena_results``)."""
    if fixture.is_four_seat:
        raise LeagueError(_("This fixture seats four teams; its result is reported on its table page."))
    return lock_fixture(fixture)


def check_facts(fixture: Fixture, facts: MatchFacts) -> None:
    """Refuse a result the rules of HR-10.1–10.2 cannot produce: numbers beyond their bounds
    (``campaigns.league_bounds``), then the engine's check; a knockout match, the knockout stage of a
    league of groups included, has no draw."""
    refusal = out_of_bounds(facts)
    if refusal is not None:
        raise LeagueError(refusal)
    check_reported_result(
        facts.home_result,
        facts.rounds_played,
        facts.home_score,
        facts.away_score,
        round_limit=fixture.league.round_limit,
        knockout=fixture.is_knockout,
    )


def check_broken(fixture: Fixture, facts: MatchFacts) -> None:
    """Refuse broken weapons a side's pile does not hold (the engine's check, HR-10.7): the campaign
    sequence will move them out of the pile when the result becomes final."""
    for index, entry in enumerate((fixture.home, fixture.away)):
        if entry is not None and facts.side(index).broken:
            break_items(entry_roster(entry), facts.side(index).broken, broken=entry.broken)


def _game(fixture: Fixture) -> LeagueGame:
    return league_game(fixture.league.game)


def check_viadal_report(fixture: Fixture, facts: MatchFacts, *, correction: bool = False) -> None:
    """A Viadal report's checks: the facts, then (unless it corrects a final result, whose campaign
    sequence has run) the broken weapons."""
    check_facts(fixture, facts)
    if not correction:
        check_broken(fixture, facts)


def fill_viadal_result(result: Result, facts: MatchFacts) -> None:
    result.home_result = facts.home_result.value
    result.rounds_played = facts.rounds_played
    result.home_score = facts.home_score
    result.away_score = facts.away_score
    result.members = sides_to_json(facts)
    result.broken = broken_to_json(facts)
    result.thumbs = facts.thumbs.value if facts.thumbs else ""
    result.notes = facts.notes


def _save(result: Result, actor: User | None, reason: str) -> None:
    # django-simple-history reads who made this change and why from these (untyped) attributes.
    result._history_user = actor  # type: ignore[attr-defined]
    result._change_reason = reason  # type: ignore[attr-defined]
    result.save()


def _finish(fixture: Fixture, status: str, dice: Any | None) -> None:
    """Make the fixture final and run the game's campaign sequence the first time."""
    fixture.status = status
    fixture.save(update_fields=["status"])
    game = _game(fixture)
    log = EventLog(fixture.league)
    report = None if status == Status.FORFEIT else game.report_of(fixture.result)
    game.run_campaign(fixture=fixture, report=report, dice=dice or game.dice_for(fixture), log=log)
    log.save()


@transaction.atomic
def fixture_report_result(*, fixture: Fixture, actor: User, facts: Any) -> Result:
    """A player of the fixture reports a table result; it waits for the opponent. Locks: the
    league, both entries, the fixture."""
    fixture = _locked(fixture)
    require_player_in(fixture, actor)
    if fixture.status != Status.SCHEDULED:
        raise LeagueError(_("This fixture has a result already."))
    if fixture.hosted_matches.exclude(status="withdrawn").exists():  # arena.Match: the result comes from it
        raise LeagueError(_("This fixture is played as a hosted match: its result comes from the match."))
    game = _game(fixture)
    game.check_report(fixture, facts)
    result = Result(fixture=fixture, reported_by=actor)
    game.fill_result(result, facts)
    _save(result, actor, "Reported")
    fixture.status = Status.REPORTED
    fixture.save(update_fields=["status"])
    return result


@transaction.atomic
def fixture_confirm_result(*, fixture: Fixture, actor: User, dice: Any | None = None) -> Result:
    """The reporter's opponent confirms: the result is final and the campaign sequence runs. Locks:
    the league, both entries, the fixture."""
    fixture = _locked(fixture)
    require_opponent_of_reporter(fixture, actor)
    if fixture.status != Status.REPORTED:
        raise LeagueError(_("Only a reported result waiting for confirmation can be confirmed."))
    result = fixture.result
    result.confirmed_by, result.confirmed_at = actor, timezone.now()
    _save(result, actor, "Confirmed")
    _finish(fixture, Status.CONFIRMED, dice)
    return result


@transaction.atomic
def fixture_dispute_result(*, fixture: Fixture, actor: User, reason: str) -> Result:
    """The reporter's opponent disputes the result; the organiser settles it. Locks: the league,
    both entries, the fixture."""
    fixture = _locked(fixture)
    require_opponent_of_reporter(fixture, actor)
    if fixture.status != Status.REPORTED:
        raise LeagueError(_("Only a reported result waiting for confirmation can be disputed."))
    if not reason.strip():
        raise LeagueError(_("Say what is wrong with the result."))
    result = fixture.result
    result.dispute_reason = reason.strip()
    _save(result, actor, "Disputed")
    fixture.status = Status.DISPUTED
    fixture.save(update_fields=["status"])
    return result


@transaction.atomic
def fixture_settle_result(*, fixture: Fixture, actor: User, facts: Any, dice: Any | None = None) -> Result:
    """The organiser decides the result of any played fixture: settles a dispute, confirms a report,
    enters a result, or corrects a final one (the standings follow at once). Locks: the league,
    both entries, the fixture."""
    fixture = _locked(fixture)
    require_organiser(fixture.league, actor)
    if fixture.is_bye:
        raise LeagueError(_("A bye has no result to settle."))
    was_final = fixture.is_final
    game = _game(fixture)
    # a correction changes the record only: the campaign sequence has run
    game.check_report(fixture, facts, correction=was_final)
    existing = Result.objects.filter(fixture=fixture).first()
    result = existing or Result(fixture=fixture, reported_by=actor)
    game.fill_result(result, facts)
    result.confirmed_by, result.confirmed_at = actor, timezone.now()
    _save(result, actor, "Corrected" if was_final else "Settled")
    fixture.result = result
    _finish(fixture, Status.SETTLED, dice)
    return result


@transaction.atomic
def fixture_record_forfeit(*, fixture: Fixture, actor: User, forfeiting: Entry) -> Result:
    """The organiser records that ``forfeiting`` did not play by the deadline (HR-10.1): the other
    team has a Victory, arena score 0–0. Locks: the league, both entries, the fixture."""
    fixture = _locked(fixture)
    require_organiser(fixture.league, actor)
    side = fixture.side_of(forfeiting.pk)
    if side is None or fixture.is_bye:
        raise LeagueError(_("%(team)s does not play in this fixture.") % {"team": forfeiting.name})
    if fixture.is_final:
        raise LeagueError(_("This fixture's result is final; correct it instead."))
    result = Result.objects.filter(fixture=fixture).first() or Result(fixture=fixture, reported_by=actor)
    result.home_result = (ResultKind.FORFEIT_LOSS if side == 0 else ResultKind.FORFEIT_WIN).value
    result.rounds_played = result.home_score = result.away_score = 0
    result.members, result.broken, result.thumbs, result.report = {}, {}, "", {}
    result.confirmed_by, result.confirmed_at = actor, timezone.now()
    _save(result, actor, f"Forfeit by {forfeiting.name}")
    fixture.result = result
    _finish(fixture, Status.FORFEIT, None)
    return result


@transaction.atomic
def fixture_record_hosted_result(
    *, fixture: Fixture, match_facts: MatchFacts, dice: CampaignDice | None = None
) -> Result:
    """A match hosted in the app reports itself: the result is confirmed as it is recorded. A hosted
    match fields ``selectors.fixture_items.fixture_fielded_roster(fixture, side)`` for each side (the
    one-match items bought on it), and its ``match_facts`` name each side's broken weapons
    (``SideFacts.broken``) like a table report. Locks: the league, both entries, the fixture."""
    fixture = _locked(fixture)
    if fixture.status != Status.SCHEDULED:
        raise LeagueError(_("This fixture has a result already."))
    if fixture.league.game != VIADAL:
        raise LeagueError(_("Only Shuluri Viadal's matches are hosted on the site."))
    check_viadal_report(fixture, match_facts)
    result = Result(fixture=fixture, hosted=True, confirmed_at=timezone.now())
    fill_viadal_result(result, match_facts)
    _save(result, None, "Hosted match")
    fixture.result = result
    _finish(fixture, Status.CONFIRMED, dice)
    return result


@transaction.atomic
def fixture_report_table_result(*, fixture: Fixture, reporter: User, match_facts: MatchFacts) -> Result:
    """A fixture's match played at the table on ``reporter``'s device (arena's table mode: one device
    acted for both seats and entered every die) reports itself as *reported* by him: it waits for the
    opponent's confirmation or dispute (``fixture_confirm_result``, ``fixture_dispute_result``) like
    a hand report. Locks: the league, both entries, the fixture."""
    fixture = _locked(fixture)
    require_player_in(fixture, reporter)
    if fixture.status != Status.SCHEDULED:
        raise LeagueError(_("This fixture has a result already."))
    if fixture.league.game != VIADAL:
        raise LeagueError(_("Only Shuluri Viadal's matches are hosted on the site."))
    check_viadal_report(fixture, match_facts)
    result = Result(fixture=fixture, reported_by=reporter, hosted=True)
    fill_viadal_result(result, match_facts)
    _save(result, reporter, "Reported by the match at the table")
    fixture.status = Status.REPORTED
    fixture.save(update_fields=["status"])
    return result
