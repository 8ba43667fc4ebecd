"""League points and the bounds of a four-seat match's result (HR-8, HR-10.1).

- :func:`seat_league_points`: pairs score as two-player for each partner (HR-8, HR-10.1: 3 for a
  Victory, 2 a points victory, 1 a draw); free-for-all scores the place, 1st 5, 2nd 3, 3rd 1,
  4th 0, plus 1 for each enemy gladiator the seat destroyed. Seats that share places get the
  average of the shared places' points, rounded down (HR-8): two sharing 2nd get (3 + 1) // 2 = 2.
- :func:`check_arena_facts`: refuse a result a four-seat match cannot produce (the report form's
  rules-bounded validation); every refusal is a :class:`CampaignRuleError` naming its rule.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Final

from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.results import (
    PLAYED_RESULTS,
    ResultKind,
    check_reported_result,
    is_victory,
    league_points,
    opposite,
)
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.match.words import ArenaMode

FFA_PLACE_POINTS: Final = (5, 3, 1, 0)  # HR-8: 1st, 2nd, 3rd, 4th
PAIRS_SIDES: Final = ((0, 1), (2, 3))


def ffa_place_points(place: int, shared: int = 1) -> int:
    """A free-for-all place's points (HR-8), shared places averaged and rounded down.

    >>> ffa_place_points(1), ffa_place_points(2, shared=2), ffa_place_points(1, shared=4)
    (5, 2, 2)
    """
    points = FFA_PLACE_POINTS[place - 1 : place - 1 + shared]
    return sum(points) // shared


def seat_league_points(facts: ArenaFacts, seat: int) -> int:
    """League points of one seat of a four-seat match (HR-8)."""
    placing = facts.placing(seat)
    if facts.mode is ArenaMode.PAIRS:
        assert placing.result is not None  # ArenaFacts checks it
        return league_points(placing.result)
    return ffa_place_points(placing.place, placing.shared) + placing.gladiators_destroyed


def seat_victory(facts: ArenaFacts, seat: int) -> bool:
    """A Victory for the "number of Victories" tie-breaker (HR-10.3): in pairs the side's Victory,
    in free-for-all first place alone."""
    placing = facts.placing(seat)
    if facts.mode is ArenaMode.PAIRS:
        return placing.result is not None and is_victory(placing.result)
    return placing.place == 1 and placing.shared == 1


def check_arena_facts(facts: ArenaFacts, *, round_limit: int) -> None:
    """Refuse a four-seat result HR-8 and HR-10.1 cannot produce.

    Both modes: 1 to ``round_limit`` rounds, the places a ranking of four (a place shared by ``k``
    seats is held by exactly ``k`` seats and the next place is ``k`` further on), no seat destroys
    more gladiators than there are enemies. Pairs: partners share their side's result and place,
    the sides' results are opposite, and the sums of the partners' arena scores decide a match at
    the round limit (HR-8). Free-for-all: see :func:`_check_ffa`.
    """
    if not 1 <= facts.rounds_played <= round_limit:
        raise CampaignRuleError(
            f"a match of this league lasts 1 to {round_limit} rounds, not {facts.rounds_played}",
            "HR-10.1",
            f"ebben a ligában egy mérkőzés 1–{round_limit} körig tart, nem {facts.rounds_played} körig",
        )
    _check_ranking(facts.placings)
    if facts.mode is ArenaMode.PAIRS:
        _check_pairs(facts, round_limit)
    else:
        _check_ffa(facts, round_limit)


def _check_ranking(placings: tuple[SeatPlacing, ...]) -> None:
    groups: dict[int, list[SeatPlacing]] = defaultdict(list)
    for p in placings:
        groups[p.place].append(p)
    expected = 1
    for place in sorted(groups):
        group = groups[place]
        if place != expected or any(p.shared != len(group) for p in group):
            raise CampaignRuleError(
                "the places are not a ranking of four: a place shared by k seats is held by exactly "
                "k seats, and the next place is k further on (two sharing 1st, then 3rd)",
                "HR-8",
                "a helyezések nem négy játékos sorrendje: a k játékos által megosztott helyen pontosan "
                "k játékos áll, és a következő hely k-val később jön (két közös első után a harmadik)",
            )
        expected = place + len(group)


def _check_pairs(facts: ArenaFacts, round_limit: int) -> None:
    sides = [[facts.placing(seat) for seat in side] for side in PAIRS_SIDES]
    for side in sides:
        first, second = side
        if (first.result, first.place) != (second.result, second.place):
            raise CampaignRuleError(
                "partners share their side's result and place",
                "HR-8",
                "a társak osztoznak az oldaluk eredményén és helyezésén",
            )
        if sum(p.gladiators_destroyed for p in side) > 2:
            raise CampaignRuleError(
                "a side can destroy at most the two enemy gladiators",
                "HR-8",
                "egy oldal legfeljebb a két ellenséges gladiátort pusztíthatja el",
            )
    kind_a, kind_b = sides[0][0].result, sides[1][0].result
    assert kind_a is not None and kind_b is not None  # ArenaFacts checks it
    if kind_a not in PLAYED_RESULTS or kind_b is not opposite(kind_a):
        raise CampaignRuleError(
            "the two sides' results must be opposite results of a played match",
            "HR-8",
            "a két oldal eredménye egy lejátszott mérkőzés két ellentétes eredménye kell legyen",
        )
    sums = [sum(p.arena_score for p in side) for side in sides]
    check_reported_result(kind_a, facts.rounds_played, sums[0], sums[1], round_limit=round_limit)
    places = {ResultKind.DRAW: (1, 1)}.get(kind_a, (1, 3) if kind_a in _WINS else (3, 1))
    if (sides[0][0].place, sides[1][0].place) != places:
        raise CampaignRuleError(
            "in pairs the winning side shares 1st place and the losing side 3rd; a draw puts all four 1st",
            "HR-8",
            "párosban a győztes oldal közösen első, a vesztes közösen harmadik; döntetlennél mind a négyen elsők",
        )


_WINS: Final = (ResultKind.VICTORY, ResultKind.POINTS_VICTORY)


def _check_ffa(facts: ArenaFacts, round_limit: int) -> None:
    """Free-for-all (HR-8): the last gladiator standing wins; at the round limit the survivors rank
    by arena score, then by remaining gladiator Ép %; players eliminated in the same step share
    their places (the report knows the round, so sharing needs the same round). So: the survivors
    rank above every eliminated seat, a later elimination above an earlier one; before the round
    limit at most one gladiator stands; the gladiators destroyed are at most the seats eliminated."""
    placings = facts.placings
    for p in placings:
        if p.gladiators_destroyed > 3 or not 0 <= p.gladiator_ep_percent <= 100:
            raise CampaignRuleError(
                f"seat {p.seat + 1}: at most 3 enemy gladiators destroyed and Ép 0–100 %",
                "HR-8",
                f"{p.seat + 1}. hely: legfeljebb 3 elpusztított ellenséges gladiátor és 0–100 % Ép",
            )
        if p.eliminated_round is not None and not 1 <= p.eliminated_round <= facts.rounds_played:
            raise CampaignRuleError(
                f"seat {p.seat + 1}: a gladiator falls in a round of the match (1–{facts.rounds_played})",
                "HR-8",
                f"{p.seat + 1}. hely: a gladiátor a mérkőzés egy körében esik el (1–{facts.rounds_played})",
            )
    survivors = [p for p in placings if p.eliminated_round is None]
    eliminated = len(placings) - len(survivors)
    if sum(p.gladiators_destroyed for p in placings) > eliminated:
        raise CampaignRuleError(
            "more gladiators destroyed than gladiators fell",
            "HR-8",
            "több elpusztított gladiátor, mint ahány elesett",
        )
    if facts.rounds_played < round_limit and len(survivors) > 1:
        raise CampaignRuleError(
            "before the round limit the match ends only when one gladiator (or none) stands",
            "HR-8",
            "a körhatár előtt csak akkor ér véget a mérkőzés, ha legfeljebb egy gladiátor áll",
        )
    if not survivors and max(p.eliminated_round or 0 for p in placings) != facts.rounds_played:
        raise CampaignRuleError(
            "with every gladiator fallen, the match ended in the round the last ones fell",
            "HR-8",
            "ha minden gladiátor elesett, a mérkőzés az utolsók elestének körében ért véget",
        )
    for a in placings:
        for b in placings:
            ahead, behind = _rank_key(a), _rank_key(b)
            if a.place < b.place and (ahead < behind or (ahead == behind and a.eliminated_round is None)):
                raise CampaignRuleError(
                    f"seat {a.seat + 1} placed above seat {b.seat + 1} though it fell earlier or, "
                    "standing at the round limit, has no more arena score (then Ép %)",
                    "HR-8",
                    f"a(z) {a.seat + 1}. hely a(z) {b.seat + 1}. elé került, pedig korábban esett ki, "
                    "vagy a körhatáron állva nincs több arénapontja (majd Ép %-a)",
                )
            if a.place == b.place and ahead != behind:
                raise CampaignRuleError(
                    f"seats {a.seat + 1} and {b.seat + 1} share a place only if they fell in the same "
                    "round, or stand at the round limit with equal arena score and Ép %",
                    "HR-8",
                    f"a(z) {a.seat + 1}. és {b.seat + 1}. hely csak akkor osztozik, ha ugyanabban a körben "
                    "estek ki, vagy a körhatáron egyenlő arénaponttal és Ép %-kal állnak",
                )


def _rank_key(p: SeatPlacing) -> tuple[int, int, int]:
    """Higher is better: standing beats fallen, a later fall beats an earlier one; survivors by arena
    score, then Ép % (HR-8). Fallen seats of one round compare equal (the step is not reported)."""
    if p.eliminated_round is None:
        return (1, p.arena_score, p.gladiator_ep_percent)
    return (0, p.eliminated_round, 0)


def seat_result_kind(facts: ArenaFacts, seat: int) -> ResultKind:
    """The seat's result for its income (HR-10.7) and its log line. Pairs: the side's result.
    Free-for-all (HR-8 gives places, not results; this reading maps them): first alone is a Victory,
    or a points victory when more than one gladiator stood at the round limit; a shared first a
    Draw; any other place a Defeat (a points defeat for a gladiator standing at the round limit).
    League points never come from here (:func:`seat_league_points`)."""
    placing = facts.placing(seat)
    if placing.result is not None:
        return placing.result
    standing = sum(1 for p in facts.placings if p.eliminated_round is None)
    if placing.place == 1:
        if placing.shared > 1:
            return ResultKind.DRAW
        return ResultKind.POINTS_VICTORY if standing > 1 else ResultKind.VICTORY
    return ResultKind.POINTS_DEFEAT if placing.eliminated_round is None else ResultKind.DEFEAT
