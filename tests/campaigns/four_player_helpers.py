"""Four-seat results for the league tests: facts by team name, and a table played to a final result."""

from __future__ import annotations

from arena.engine.campaign.facts import SideFacts
from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.results import ResultKind, opposite
from arena.engine.match.words import ArenaMode
from campaigns.models import ArenaResult, Entry, Fixture
from campaigns.selectors.arena import seat_entries
from campaigns.services.arena_results import arena_fixture_confirm_result, arena_fixture_report_result


def seats_of(fixture: Fixture) -> list[Entry]:
    return seat_entries(Fixture.objects.prefetch_related("seats__entry__player").get(pk=fixture.pk))


def names(fixture: Fixture) -> list[str]:
    return [entry.name for entry in seats_of(fixture)]


def ffa_facts(fixture: Fixture, rounds: int, **teams: tuple[int, int | None, int, int]) -> ArenaFacts:
    """``Team_A=(place, fell_in_round or None, arena score, gladiators destroyed)`` per team; seats
    given one place share it."""
    order = [teams[name.replace(" ", "_")] for name in names(fixture)]
    shared = [sum(1 for other in order if other[0] == place) for place, *_ in order]
    placings = tuple(
        SeatPlacing(
            seat,
            place,
            shared[seat],
            arena_score=score,
            gladiators_destroyed=destroyed,
            gladiator_ep_percent=100 if fell is None else 0,
            eliminated_round=fell,
        )
        for seat, (place, fell, score, destroyed) in enumerate(order)
    )
    return ArenaFacts(ArenaMode.FFA, rounds, placings, (SideFacts(),) * 4)  # type: ignore[arg-type]


def pairs_facts(fixture: Fixture, rounds: int, first_side: ResultKind, **scores: int) -> ArenaFacts:
    """Seats 0+1 have ``first_side``; ``Team_A=12`` gives each team's arena score."""
    order = [scores[name.replace(" ", "_")] for name in names(fixture)]
    places = {ResultKind.DRAW: (1, 1)}.get(first_side) or (
        (1, 3) if first_side in (ResultKind.VICTORY, ResultKind.POINTS_VICTORY) else (3, 1)
    )
    shared = 4 if first_side is ResultKind.DRAW else 2
    placings = tuple(
        SeatPlacing(
            seat,
            places[seat // 2],
            shared,
            first_side if seat < 2 else opposite(first_side),
            arena_score=order[seat],
        )
        for seat in range(4)
    )
    return ArenaFacts(ArenaMode.PAIRS, rounds, placings, (SideFacts(),) * 4)  # type: ignore[arg-type]


def play_table(fixture: Fixture, facts: ArenaFacts, rolls: tuple[int, ...] = ()) -> ArenaResult:
    """Seat 0's player reports; the other three confirm (the last confirmation runs the sequence)."""
    seats = seats_of(fixture)
    arena_fixture_report_result(fixture=fixture, actor=seats[0].player, facts=facts)
    result = None
    for entry in seats[1:]:
        result = arena_fixture_confirm_result(fixture=fixture, actor=entry.player, dice=RecordedDice.fixed(rolls))
    assert result is not None
    return result
