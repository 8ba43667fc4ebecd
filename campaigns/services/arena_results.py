"""Results of four-seat fixtures (HR-8): reported at the table and confirmed by every other seated
player, or disputed and settled by the organiser, or recorded by a hosted match
(:func:`record_arena_result`, already confirmed).

As with two-player results (``services.reports``) every write of an ``ArenaResult`` is kept by
django-simple-history with who and why, and the first time the fixture becomes final the campaign
sequence runs for all four teams (``services.campaign_sequence.run_arena_campaign_sequence``).

Locks (``services.locks.lock_seated_fixture``): the league, the four entries in ascending pk, then
the fixture, before anything is read or written.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arena.engine.campaign.broken import break_items
from arena.engine.campaign.four_player_facts import ArenaFacts
from arena.engine.campaign.four_player_results import check_arena_facts
from arena.engine.campaign.league_dice import CampaignDice, RecordedDice, derive_seed

from ..arena_facts import arena_facts_of, arena_out_of_bounds, arena_result_fill
from ..league_errors import LeagueError
from ..models import ArenaResult, Entry, Fixture
from ..permissions import require_arena_confirmer, require_organiser, require_seated_player
from ..rosters import entry_roster
from .campaign_sequence import run_arena_campaign_sequence
from .locks import lock_seated_fixture
from .log import EventLog

Status = Fixture.Status


def _locked(fixture: Fixture) -> tuple[Fixture, list[Entry]]:
    if not fixture.is_four_seat:
        raise LeagueError(_("This is a two-player fixture; report it with the two-player form."))
    return lock_seated_fixture(fixture)


def check_arena_result(fixture: Fixture, seats: list[Entry], facts: ArenaFacts) -> None:
    """Refuse facts of another mode, numbers beyond their bounds, a result HR-8 cannot produce
    (the engine's check) and broken weapons a seat's pile does not hold (HR-10.7)."""
    _check_numbers(fixture, facts)
    for entry, side in zip(seats, facts.sides, strict=True):
        if side.broken:
            break_items(entry_roster(entry), side.broken, broken=entry.broken)


def _check_numbers(fixture: Fixture, facts: ArenaFacts) -> None:
    if facts.mode is not fixture.league.mode:
        raise LeagueError(_("This result is of another arena mode than the league's."))
    refusal = arena_out_of_bounds(facts)
    if refusal is not None:
        raise LeagueError(refusal)
    check_arena_facts(facts, round_limit=fixture.league.round_limit)


def _save(result: ArenaResult, actor: User | None, reason: str) -> None:
    # django-simple-history reads who made this change and why from these (untyped) attributes.
    result._history_user = actor  # type: ignore[attr-defined]
    result._change_reason = reason  # type: ignore[attr-defined]
    result.save()


def _finish(fixture: Fixture, seats: list[Entry], status: str, dice: CampaignDice | None) -> None:
    fixture.status = status
    fixture.save(update_fields=["status"])
    log = EventLog(fixture.league)
    facts = arena_facts_of(fixture.arena_result, fixture.league.mode)
    dice = dice or RecordedDice.seeded(derive_seed(fixture.league.dice_seed, "fixture", fixture.pk))
    run_arena_campaign_sequence(fixture=fixture, seats=seats, facts=facts, dice=dice, log=log)
    log.save()


@transaction.atomic
def arena_fixture_report_result(*, fixture: Fixture, actor: User, facts: ArenaFacts) -> ArenaResult:
    """A seated player reports a table result; it waits for the other three. Locks: see the module."""
    fixture, seats = _locked(fixture)
    require_seated_player(seats, actor)
    if fixture.status != Status.SCHEDULED:
        raise LeagueError(_("This fixture has a result already."))
    if fixture.hosted_matches.exclude(status="withdrawn").exists():  # arena.Match: the result comes from it
        raise LeagueError(_("This fixture is played as a hosted match: its result comes from the match."))
    check_arena_result(fixture, seats, facts)
    result = ArenaResult(fixture=fixture, reported_by=actor)
    arena_result_fill(result, facts)
    _save(result, actor, "Reported")
    fixture.status = Status.REPORTED
    fixture.save(update_fields=["status"])
    return result


@transaction.atomic
def arena_fixture_confirm_result(*, fixture: Fixture, actor: User, dice: CampaignDice | None = None) -> ArenaResult:
    """A seated player other than the reporter confirms; when all three have, the result is final
    and the campaign sequence runs for every seat. Locks: see the module."""
    fixture, seats = _locked(fixture)
    require_arena_confirmer(fixture, seats, actor)
    result = fixture.arena_result
    result.confirmations = [*result.confirmations, actor.pk]
    waiting = {e.player_id for e in seats} - {result.reported_by_id, *result.confirmations}
    if waiting:
        _save(result, actor, "Confirmed by one player")
        return result
    result.confirmed_by, result.confirmed_at = actor, timezone.now()
    _save(result, actor, "Confirmed")
    _finish(fixture, seats, Status.CONFIRMED, dice)
    return result


@transaction.atomic
def arena_fixture_dispute_result(*, fixture: Fixture, actor: User, reason: str) -> ArenaResult:
    """A seated player other than the reporter disputes; the organiser settles. Locks: see the module."""
    fixture, seats = _locked(fixture)
    require_arena_confirmer(fixture, seats, actor)
    if not reason.strip():
        raise LeagueError(_("Say what is wrong with the result."))
    result = fixture.arena_result
    result.dispute_reason = reason.strip()
    _save(result, actor, "Disputed")
    fixture.status = Status.DISPUTED
    fixture.save(update_fields=["status"])
    return result


@transaction.atomic
def arena_fixture_settle_result(
    *, fixture: Fixture, actor: User, facts: ArenaFacts, dice: CampaignDice | None = None
) -> ArenaResult:
    """The organiser decides a four-seat fixture's result: settles a dispute, confirms a report,
    enters a result, or corrects a final one (the standings follow; the rolls made stay). Locks: see
    the module."""
    fixture, seats = _locked(fixture)
    require_organiser(fixture.league, actor)
    was_final = fixture.is_final
    if was_final:  # a correction changes the record only: the piles were settled when it became final
        _check_numbers(fixture, facts)
    else:
        check_arena_result(fixture, seats, facts)
    result = ArenaResult.objects.filter(fixture=fixture).first() or ArenaResult(fixture=fixture, reported_by=actor)
    arena_result_fill(result, facts)
    result.confirmed_by, result.confirmed_at = actor, timezone.now()
    _save(result, actor, "Corrected" if was_final else "Settled")
    fixture.arena_result = result
    _finish(fixture, seats, Status.SETTLED, dice)
    return result


@transaction.atomic
def record_arena_result(*, fixture: Fixture, facts: ArenaFacts, dice: CampaignDice | None = None) -> ArenaResult:
    """A four-seat match hosted in the app reports itself (``arena_facts(state)``): the result is
    confirmed as it is recorded and the campaign sequence runs for all four teams. Locks: see the
    module."""
    fixture, seats = _locked(fixture)
    if fixture.status != Status.SCHEDULED:
        raise LeagueError(_("This fixture has a result already."))
    check_arena_result(fixture, seats, facts)
    result = ArenaResult(fixture=fixture, hosted=True, confirmed_at=timezone.now())
    arena_result_fill(result, facts)
    _save(result, None, "Hosted match")
    fixture.arena_result = result
    _finish(fixture, seats, Status.CONFIRMED, dice)
    return result
