"""Match results, arena score and league points (HR-10.1), and the knockout decision (HR-10.2).

A result is seen from one side: :class:`ResultKind` (``victory`` … ``bye``); :func:`opposite` gives
the other side's. League points::

    victory 3 · points_victory 2 · draw 1 · points_defeat 0 · defeat 0
    forfeit_win 3 (a Victory, arena score 0–0) · forfeit_loss 0
    bye: 2 in a Swiss league (a points victory, 0–0), 0 in a round robin

The **arena score** of a side is counted from what the *enemy* lost (:class:`Losses`): the enemy
gladiator's Ép lost (at most his starting Ép), +3 per enemy witch-master, crossbowman or
dagger-thrower killed (zombies do not count) and +5 if the enemy strategist was killed.
:func:`result_at_round_limit` turns two arena scores into results: a lead of 5 or more is a points
victory, less is a draw.

A knockout match has no draw (HR-10.2). :func:`knockout_at_round_limit` applies the chain: higher
arena score, then higher remaining gladiator Ép %, then one more round at a time (at most 5; the
answer says ``play_extra_round``), then lots. :func:`knockout_double_destruction` decides a match
whose gladiators fell in one damage event: arena score, then lots. The winner of a knockout match
decided this way is recorded as a points victory (the loser a points defeat).

Sides are numbered 0 (home, the first team of a pairing) and 1 (away).

:func:`check_reported_result` refuses a reported result the rules cannot produce (a points
victory before the round limit, a draw in a knockout …). Result kinds and formats are named in
both languages: :data:`RESULT_NAMES`, :data:`FORMAT_NAMES`, :func:`round_robin_name`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.league_dice import CampaignDice, DieRoll
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.campaign.texts import Pair
from arena.engine.content.profiles import CROSSBOWMAN, DEASTA, GLADIATOR, LAEVA, STRATEGIST, WITCH_MASTER


class Format(enum.StrEnum):
    """The league formats of HR-10.2."""

    ROUND_ROBIN = "round_robin"  # körmérkőzés
    SWISS = "swiss"  # svájci
    KNOCKOUT = "knockout"  # kieséses
    GROUPS_KNOCKOUT = "groups_knockout"  # round-robin groups, then a knockout


class ResultKind(enum.StrEnum):
    """One side's result (HR-10.1). The first three values are the match engine's ``kind``."""

    VICTORY = "victory"
    POINTS_VICTORY = "points_victory"
    DRAW = "draw"
    POINTS_DEFEAT = "points_defeat"
    DEFEAT = "defeat"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    BYE = "bye"


# (hungarian, english): the names the tables, reports and the Krónika print
RESULT_NAMES: Final[Mapping[ResultKind, Pair]] = MappingProxyType(
    {
        ResultKind.VICTORY: ("Győzelem", "Victory"),
        ResultKind.POINTS_VICTORY: ("Pontgyőzelem", "Points victory"),
        ResultKind.DRAW: ("Döntetlen", "Draw"),
        ResultKind.POINTS_DEFEAT: ("Pontvereség", "Points defeat"),
        ResultKind.DEFEAT: ("Vereség", "Defeat"),
        ResultKind.FORFEIT_WIN: ("Játék nélküli győzelem", "Won by forfeit"),
        ResultKind.FORFEIT_LOSS: ("Feladás", "Forfeit"),
        ResultKind.BYE: ("Erőnyerő", "Bye"),
    }
)
FORMAT_NAMES: Final[Mapping[Format, Pair]] = MappingProxyType(
    {
        Format.ROUND_ROBIN: ("Körmérkőzés", "Round robin"),
        Format.SWISS: ("Svájci rendszer", "Swiss"),
        Format.KNOCKOUT: ("Kieséses rendszer", "Knockout"),
        Format.GROUPS_KNOCKOUT: ("Csoportkör, majd kieséses szakasz", "Groups, then knockout"),
    }
)
ROUND_ROBIN_LEGS: Final[Mapping[bool, Pair]] = MappingProxyType(
    {False: ("egyfordulós", "single"), True: ("kétfordulós", "double")}  # keyed by ``double``
)


def round_robin_name(double: bool) -> Pair:
    """``("Körmérkőzés (egyfordulós)", "Round robin (single)")``, or the double round robin's."""
    legs = ROUND_ROBIN_LEGS[double]
    hungarian, english = FORMAT_NAMES[Format.ROUND_ROBIN]
    return f"{hungarian} ({legs[0]})", f"{english} ({legs[1]})"


OPPOSITE: Final[Mapping[ResultKind, ResultKind]] = MappingProxyType(
    {
        ResultKind.VICTORY: ResultKind.DEFEAT,
        ResultKind.POINTS_VICTORY: ResultKind.POINTS_DEFEAT,
        ResultKind.DRAW: ResultKind.DRAW,
        ResultKind.POINTS_DEFEAT: ResultKind.POINTS_VICTORY,
        ResultKind.DEFEAT: ResultKind.VICTORY,
        ResultKind.FORFEIT_WIN: ResultKind.FORFEIT_LOSS,
        ResultKind.FORFEIT_LOSS: ResultKind.FORFEIT_WIN,
    }
)

LEAGUE_POINTS: Final[Mapping[ResultKind, int]] = MappingProxyType(
    {
        ResultKind.VICTORY: 3,
        ResultKind.POINTS_VICTORY: 2,
        ResultKind.DRAW: 1,
        ResultKind.POINTS_DEFEAT: 0,
        ResultKind.DEFEAT: 0,
        ResultKind.FORFEIT_WIN: 3,  # the opponent "gets a Victory"
        ResultKind.FORFEIT_LOSS: 0,
    }
)
SWISS_BYE_POINTS: Final = 2  # HR-10.2: a points victory, arena score 0–0
ROUND_ROBIN_BYE_POINTS: Final = 0  # HR-10.2: "a bye gives no points"

POINTS_VICTORY_MARGIN: Final = 5  # HR-10.1
KILL_SCORE: Final = 3  # per enemy witch-master, crossbowman or dagger-thrower killed
STRATEGIST_SCORE: Final = 5  # the enemy strategist killed (instead of the 3)
FIGHTER_SLOTS: Final = frozenset({WITCH_MASTER, CROSSBOWMAN, DEASTA, LAEVA})
ZOMBIE: Final = "zombie"  # a killed zombie is named so in ``Losses.killed`` and scores nothing
KNOCKOUT_EXTRA_ROUNDS: Final = 5  # HR-10.2: "one more round at a time (at most 5)"


def opposite(kind: ResultKind) -> ResultKind:
    """The other side's result (a bye has none)."""
    try:
        return OPPOSITE[kind]
    except KeyError:
        raise CampaignRuleError(
            "a bye has no opponent and so no opposite result",
            "HR-10.2",
            "az erőnyerőnek nincs ellenfele, így ellentétes eredménye sincs",
        ) from None


def league_points(kind: ResultKind, league_format: Format = Format.ROUND_ROBIN) -> int:
    """League points of one result (HR-10.1); a bye is worth 2 only in a Swiss league (HR-10.2).
    Plain strings (``"victory"``, ``"swiss"``) are accepted as well as the enums."""
    kind, league_format = ResultKind(kind), Format(league_format)
    if kind is ResultKind.BYE:
        return SWISS_BYE_POINTS if league_format is Format.SWISS else ROUND_ROBIN_BYE_POINTS
    return LEAGUE_POINTS[kind]


def is_victory(kind: ResultKind) -> bool:
    """A Victory for the "number of Victories" tie-breaker (HR-10.3): a win by destruction,
    concession or the opponent's forfeit. Points victories and byes are not Victories."""
    return kind in (ResultKind.VICTORY, ResultKind.FORFEIT_WIN)


def is_win(kind: ResultKind) -> bool:
    """ "His team won" for injuries (HR-10.5) and experience (HR-10.6): a Victory or a points
    victory on the board (a forfeit or a bye is not a match played)."""
    return kind in (ResultKind.VICTORY, ResultKind.POINTS_VICTORY)


@dataclass(frozen=True)
class Losses:
    """What one side lost in a match; the *other* side's arena score is counted from it.

    ``gladiator_start_ep``: his Ép at the start of the match; ``gladiator_end_ep``: at the end
    (0 or less when destroyed). ``killed``: the slots of the other members killed (``zombie`` for a
    destroyed zombie, which scores nothing; the gladiator, if listed, scores by his Ép alone).
    """

    gladiator_start_ep: int
    gladiator_end_ep: int
    killed: tuple[str, ...] = ()

    @property
    def gladiator_ep_lost(self) -> int:
        """Ép lost, at most his starting Ép (HR-10.1)."""
        return min(self.gladiator_start_ep, max(0, self.gladiator_start_ep - self.gladiator_end_ep))


def arena_score(enemy: Losses) -> int:
    """A side's arena score from the enemy's losses (HR-10.1).

    >>> arena_score(Losses(20, -2, ("crossbowman", "zombie", "strategist")))
    28
    """
    score = enemy.gladiator_ep_lost
    for slot in enemy.killed:
        if slot == STRATEGIST:
            score += STRATEGIST_SCORE
        elif slot in FIGHTER_SLOTS:
            score += KILL_SCORE
        elif slot not in (GLADIATOR, ZOMBIE):
            raise ValueError(f"unknown member slot {slot!r} among the killed")
    return score


def result_at_round_limit(score_a: int, score_b: int) -> tuple[ResultKind, ResultKind]:
    """Both sides' results when the round limit ends the match (HR-10.1): a lead of 5 or more is a
    points victory, anything less a draw."""
    if score_a - score_b >= POINTS_VICTORY_MARGIN:
        return ResultKind.POINTS_VICTORY, ResultKind.POINTS_DEFEAT
    if score_b - score_a >= POINTS_VICTORY_MARGIN:
        return ResultKind.POINTS_DEFEAT, ResultKind.POINTS_VICTORY
    return ResultKind.DRAW, ResultKind.DRAW


# --- knockout: no draws (HR-10.2) -----------------------------------------------------------------


class KnockoutStep(enum.StrEnum):
    """The link of HR-10.2's chain that decided a knockout match."""

    ARENA_SCORE = "arena_score"
    GLADIATOR_EP = "gladiator_ep_percent"
    EXTRA_ROUND = "extra_round"  # not decided yet: play one more round
    LOTS = "lots"


@dataclass(frozen=True)
class KnockoutSide:
    """One side at the round limit: its arena score and its gladiator's Ép now and at the start."""

    arena_score: int
    gladiator_ep: int
    gladiator_start_ep: int


@dataclass(frozen=True)
class KnockoutDecision:
    """The chain's answer. ``winner`` is 0 or 1, or None while ``play_extra_round`` is True;
    ``results`` are both sides' result kinds once decided (points victory / points defeat)."""

    winner: int | None
    decided_by: KnockoutStep
    play_extra_round: bool = False
    roll: DieRoll | None = None

    @property
    def results(self) -> tuple[ResultKind, ResultKind] | None:
        if self.winner is None:
            return None
        won, lost = ResultKind.POINTS_VICTORY, ResultKind.POINTS_DEFEAT
        return (won, lost) if self.winner == 0 else (lost, won)


def _draw_lots(dice: CampaignDice | None, purpose: str, purpose_hu: str) -> KnockoutDecision:
    if dice is None:
        raise ValueError("drawing lots needs dice")
    roll = dice.roll(2, purpose, purpose_hu)  # 1: the home side (0), 2: the away side (1)
    return KnockoutDecision(roll.result - 1, KnockoutStep.LOTS, roll=roll)


def knockout_at_round_limit(
    home: KnockoutSide,
    away: KnockoutSide,
    *,
    extra_rounds_played: int = 0,
    dice: CampaignDice | None = None,
) -> KnockoutDecision:
    """Decide a knockout match standing at the round limit (HR-10.2).

    Higher arena score wins; if equal, the higher remaining gladiator Ép % (exact fractions); if
    still equal and fewer than 5 extra rounds were played, the answer is ``play_extra_round`` (ask
    again after it with ``extra_rounds_played + 1``); after the 5th, lots (one d2 of ``dice``).
    """
    if not 0 <= extra_rounds_played <= KNOCKOUT_EXTRA_ROUNDS:
        raise CampaignRuleError(
            f"a knockout match plays at most {KNOCKOUT_EXTRA_ROUNDS} extra rounds, not {extra_rounds_played}",
            "HR-10.2",
            f"egy kieséses mérkőzésben legfeljebb {KNOCKOUT_EXTRA_ROUNDS} ráadáskör jár, nem {extra_rounds_played}",
        )
    if home.arena_score != away.arena_score:
        return KnockoutDecision(0 if home.arena_score > away.arena_score else 1, KnockoutStep.ARENA_SCORE)
    for side in (home, away):
        if side.gladiator_start_ep <= 0:
            raise ValueError(f"a gladiator's starting Ép must be positive: {side.gladiator_start_ep}")
    # a/b against c/d without floats: a·d against c·b
    left = max(0, home.gladiator_ep) * away.gladiator_start_ep
    right = max(0, away.gladiator_ep) * home.gladiator_start_ep
    if left != right:
        return KnockoutDecision(0 if left > right else 1, KnockoutStep.GLADIATOR_EP)
    if extra_rounds_played < KNOCKOUT_EXTRA_ROUNDS:
        return KnockoutDecision(None, KnockoutStep.EXTRA_ROUND, play_extra_round=True)
    return _draw_lots(
        dice,
        "knockout lots after 5 extra rounds (HR-10.2)",
        "kieséses sorsolás 5 ráadáskör után (HR-10.2)",
    )


def knockout_double_destruction(
    home_score: int, away_score: int, *, dice: CampaignDice | None = None
) -> KnockoutDecision:
    """Both gladiators destroyed by one damage event in a knockout match (HR-10.2): the higher
    arena score wins, then lots."""
    if home_score != away_score:
        return KnockoutDecision(0 if home_score > away_score else 1, KnockoutStep.ARENA_SCORE)
    return _draw_lots(
        dice,
        "knockout lots after a double destruction (HR-10.2)",
        "kieséses sorsolás kettős pusztulás után (HR-10.2)",
    )


# --- a reported result (HR-10.1, HR-10.2) --------------------------------------------------------

PLAYED_RESULTS: Final = (
    ResultKind.VICTORY,
    ResultKind.POINTS_VICTORY,
    ResultKind.DRAW,
    ResultKind.POINTS_DEFEAT,
    ResultKind.DEFEAT,
)
AT_ROUND_LIMIT: Final = (ResultKind.POINTS_VICTORY, ResultKind.DRAW, ResultKind.POINTS_DEFEAT)


def check_reported_result(
    kind: ResultKind,
    rounds_played: int,
    home_score: int,
    away_score: int,
    *,
    round_limit: int,
    knockout: bool = False,
) -> None:
    """Refuse a played match's result (from the home side) that HR-10.1–10.2 cannot produce: a
    match lasts 1 to the round limit (+5 extra rounds in a knockout); a knockout has no draw; at
    the round limit the arena scores decide between a points victory and a draw; a points
    victory needs the round limit.

    >>> check_reported_result(ResultKind.DRAW, 20, 12, 9, round_limit=20)
    >>> try:
    ...     check_reported_result(ResultKind.POINTS_VICTORY, 20, 12, 9, round_limit=20)
    ... except CampaignRuleError as error:
    ...     print(error)
    ...     print(error.text("hu"))
    arena scores 12–9 at the round limit give Draw, not Points victory (HR-10.1)
    a körhatárnál 12–9 arénapont eredménye döntetlen, nem pontgyőzelem (HR-10.1)
    """
    kind = ResultKind(kind)
    hungarian, english = RESULT_NAMES[kind]
    if kind not in PLAYED_RESULTS:
        raise CampaignRuleError(
            f"{english} is not a result a match reports",
            "HR-10.1",
            f"„{hungarian}” nem lejátszott mérkőzés eredménye",
        )
    most = round_limit + (KNOCKOUT_EXTRA_ROUNDS if knockout else 0)
    if not 1 <= rounds_played <= most:
        raise CampaignRuleError(
            f"a match of this league lasts 1 to {most} rounds, not {rounds_played}",
            "HR-10.1",
            f"ebben a ligában egy mérkőzés 1–{most} körig tart, nem {rounds_played} körig",
        )
    if knockout:
        if kind is ResultKind.DRAW:
            raise CampaignRuleError(
                "a knockout match has no draw; report who went through",
                "HR-10.2",
                "kieséses mérkőzés nem végződhet döntetlenre; azt jelentsd, ki jutott tovább",
            )
        return
    if kind in AT_ROUND_LIMIT and rounds_played == round_limit:
        expected = result_at_round_limit(home_score, away_score)[0]
        if expected is not kind:
            right_hu, right_en = RESULT_NAMES[expected]
            raise CampaignRuleError(
                f"arena scores {home_score}–{away_score} at the round limit give {right_en}, not {english}",
                "HR-10.1",
                f"a körhatárnál {home_score}–{away_score} arénapont eredménye "
                f"{right_hu.lower()}, nem {hungarian.lower()}",
            )
    elif kind in (ResultKind.POINTS_VICTORY, ResultKind.POINTS_DEFEAT):
        raise CampaignRuleError(
            "a points victory needs the round limit reached",
            "HR-10.1",
            "pontgyőzelem csak a körhatár elérésekor lehetséges",
        )
