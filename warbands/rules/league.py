"""League maths of WB-7: the match report and its check (WB-16), victory points, the result,
league points and the standings with WB-7.3's tie-breakers.

A match is played at the table and **reported**: for every warband figure that was on the table
(``fielded``: figures and minions not dead or absent, and hirelings), exactly one
:class:`EndState`, optionally the enemy figure who took it out, and whether the side conceded.
:func:`check_report` names every problem of a report (WB-16); :func:`victory_points` sums the prices
of the enemy figures not ``in`` (summons and illusions are never listed, S4 l.99, l.123);
:func:`match_result` decides Win / Draw / Loss under ``WB_RESULT`` (``vp``, the default, or
``table``); :func:`league_points` gives 3 / 1 / 0.

:func:`standings` ranks a league's entries from its :class:`LeagueMatch` es by the chain of its
format (``TIE_BREAKERS``): round robin — points, head-to-head, Wins, VP difference, VP for, fewer
own figures taken out, lots; Swiss — points, Buchholz (a bye counts 0), Wins, VP difference,
head-to-head, lots. Head-to-head is a mini-league of exactly the tied entries, computed again among
a tied subgroup it leaves. Lots are drawn with recorded dice, and every roll is returned.
:func:`knockout_winner` decides a knockout match: more VP, fewer figures taken out, lots.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from warbands.rules.bilingual import Text, same
from warbands.rules.figure_prices import figure_price, is_personality
from warbands.rules.messages import who
from warbands.rules.model import Figure, Warband
from warbands.rules.warband_checks import Violation
from warbands.rules.warband_content import ARTIFICIAL, UNDEAD
from warbands.rules.warband_dice import Dice, Roll

# --- WB-7.1 The report ---------------------------------------------------------------------------------


class EndState(enum.StrEnum):
    """A figure's state at the end of a match (WB-7.1); fallen or bound figures are ``in``."""

    IN = "in"
    KILLED = "killed"
    GRUESOME = "gruesome"  # S4 l.23: «Ужасной смертью»
    FLED = "fled"
    ILLUSION = "illusion"  # S4 l.125: killed by an illusion; it only believes it died


END_STATE_NAMES: Final[Mapping[EndState, Text]] = MappingProxyType(
    {
        EndState.IN: Text("in play", "játékban"),
        EndState.KILLED: Text("killed", "megölve"),
        EndState.GRUESOME: Text("gruesome death", "szörnyű halál"),
        EndState.FLED: Text("fled", "elmenekült"),
        EndState.ILLUSION: Text("killed by an illusion", "illúzió ölte meg"),
    }
)
END_STATE_RUSSIAN: Final[Mapping[EndState, str]] = MappingProxyType(
    {EndState.GRUESOME: "Ужасная смерть", EndState.ILLUSION: "убит Иллюзией"}
)
NO_ILLUSION_VICTIMS: Final = frozenset({UNDEAD, ARTIFICIAL})  # S4 l.129: an illusion cannot attack them


@dataclass(frozen=True)
class Fielded:
    """A warband figure on the table: its name, price (WB-2, for VP), whether it is a personality
    (XP), a minion or a hireling, and its rules (who may be an illusion's victim)."""

    name: str
    price: int
    personality: bool = False
    minion: bool = False
    hireling: bool = False
    rules: tuple[str, ...] = ()


def fielded_figures(
    warband: Warband, hirelings: Iterable[Figure] = (), absent: Iterable[str] = ()
) -> tuple[Fielded, ...]:
    """Every figure a side puts on the table (WB-8.1): its figures and minions except the ``absent``
    (and dead) ones by name, a minion absent with its master, then the hirelings (WB-8.6)."""
    away = {name.strip().casefold() for name in absent}
    found: list[Fielded] = []
    for figure in warband.figures:
        if figure.name.strip().casefold() in away:
            continue
        found.append(_fielded(figure))
        found.extend(
            _fielded(m.figure, minion=True) for m in figure.minions if m.figure.name.strip().casefold() not in away
        )
    found.extend(_fielded(h, hireling=True) for h in hirelings)
    return tuple(found)


def _fielded(figure: Figure, *, minion: bool = False, hireling: bool = False) -> Fielded:
    return Fielded(figure.name, figure_price(figure), is_personality(figure), minion, hireling, figure.rules)


@dataclass(frozen=True)
class FigureEnd:
    """One line of the report: a figure, its end state and (optionally) who took it out."""

    name: str
    state: str
    taken_out_by: str | None = None


@dataclass(frozen=True)
class SideReport:
    """One side's part of the report: an end state for each fielded figure, and a concession."""

    ends: tuple[FigureEnd, ...]
    conceded: bool = False

    def state_of(self, name: str) -> str | None:
        key = name.strip().casefold()
        return next((e.state for e in self.ends if e.name.strip().casefold() == key), None)


def _problem(name: object, problem: Text) -> Text:
    return Text("Report: {name} {problem}.", "Jelentés: {name} – {problem}.").format(name=who(name), problem=problem)


def check_report(
    fielded: Sequence[Fielded], report: SideReport, enemy: Sequence[Fielded] = ()
) -> tuple[Violation, ...]:
    """WB-16: every fielded figure has exactly one known end state, no other figure is listed, an
    illusion's victim is not Undead or Artificial (S4 l.129), and ``taken_out_by`` names an enemy
    figure on the table (when ``enemy`` is given). Fields are ``ends[i]…`` of the side's report."""
    problems: list[Violation] = []
    on_table = {f.name.strip().casefold(): f for f in fielded}
    enemies = {f.name.strip().casefold() for f in enemy}
    seen: set[str] = set()
    for i, end in enumerate(report.ends):
        key = end.name.strip().casefold()
        path = f"ends[{i}]"
        if key not in on_table:
            problems.append(
                Violation(
                    "WB-16", f"{path}.name", _problem(end.name, Text("was not on the table", "nem volt az asztalon"))
                )
            )
            continue
        if key in seen:
            problems.append(
                Violation(
                    "WB-16", f"{path}.name", _problem(end.name, Text("has two end states", "két végállapotot kapott"))
                )
            )
            continue
        seen.add(key)
        if end.state not in tuple(EndState):
            states = ", ".join(EndState)
            problem = Text(
                "has an unknown end state {s} (one of {all})", "ismeretlen végállapot: {s} (ezek egyike kell: {all})"
            )
            problems.append(
                Violation("WB-16", f"{path}.state", _problem(end.name, problem.format(s=repr(end.state), all=states)))
            )
        elif end.state == EndState.ILLUSION and NO_ILLUSION_VICTIMS & set(on_table[key].rules):
            problem = Text(
                "cannot be killed by an illusion (Undead and Artificial)",
                "illúzió nem ölheti meg (Élőhalott és Mesterséges)",
            )
            problems.append(Violation("WB-16", f"{path}.state", _problem(end.name, problem)))
        if end.taken_out_by is not None:
            if end.state == EndState.IN:
                problem = Text("is in play, so nobody took it out", "játékban maradt, így senki sem ejtette ki")
                problems.append(Violation("WB-16", f"{path}.taken_out_by", _problem(end.name, problem)))
            elif enemy and end.taken_out_by.strip().casefold() not in enemies:
                problem = Text(
                    "was taken out by {who}, who was not an enemy on the table",
                    "kiejtője ({who}) nem volt ellenfélként az asztalon",
                )
                problems.append(
                    Violation(
                        "WB-16", f"{path}.taken_out_by", _problem(end.name, problem.format(who=same(end.taken_out_by)))
                    )
                )
    listed = {e.name.strip().casefold() for e in report.ends}
    for f in fielded:
        if f.name.strip().casefold() not in listed:
            problem = Text("is missing from the report", "hiányzik a jelentésből")
            problems.append(Violation("WB-16", "ends", _problem(f.name, problem)))
    return tuple(problems)


# --- WB-7.2 Victory points and result -----------------------------------------------------------------


def taken_out(fielded: Sequence[Fielded], report: SideReport) -> tuple[Fielded, ...]:
    """The side's figures whose end state is not ``in``."""
    return tuple(f for f in fielded if report.state_of(f.name) not in (None, EndState.IN))


def victory_points(enemy: Sequence[Fielded], enemy_report: SideReport) -> int:
    """A side's VP: the prices of the enemy figures not ``in``, minions and hirelings included."""
    return sum(f.price for f in taken_out(enemy, enemy_report))


def all_out(fielded: Sequence[Fielded], report: SideReport) -> bool:
    return bool(fielded) and len(taken_out(fielded, report)) == len(fielded)


class Outcome(enum.StrEnum):
    """A side's result of one league match (WB-7.2, WB-8.5)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT = "forfeit"  # this side forfeited: 0 points, 0 gold
    BYE = "bye"  # a Swiss bye: a Win with VP 0–0


OUTCOME_NAMES: Final[Mapping[Outcome, Text]] = MappingProxyType(
    {
        Outcome.WIN: Text("Win", "Győzelem"),
        Outcome.DRAW: Text("Draw", "Döntetlen"),
        Outcome.LOSS: Text("Loss", "Vereség"),
        Outcome.FORFEIT: Text("Forfeit", "Feladott (meg nem jelent)"),
        Outcome.BYE: Text("Bye", "Erőnyerés"),
    }
)
LEAGUE_POINTS: Final[Mapping[Outcome, int]] = MappingProxyType(
    {Outcome.WIN: 3, Outcome.DRAW: 1, Outcome.LOSS: 0, Outcome.FORFEIT: 0, Outcome.BYE: 3}
)
OPPOSITE: Final[Mapping[Outcome, Outcome]] = MappingProxyType(
    {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW, Outcome.FORFEIT: Outcome.WIN}
)


class ResultMode(enum.StrEnum):
    """The league switch ``WB_RESULT``."""

    VP = "vp"
    TABLE = "table"


def league_points(outcome: Outcome) -> int:
    """Win 3, Draw 1, Loss 0; a forfeit 0; a Swiss bye is a Win (WB-7.2)."""
    return LEAGUE_POINTS[outcome]


def winning_margin(points: int) -> int:
    """⌊L/10⌋: the VP lead that wins under ``vp`` (15 at L 150, 20 at 200, 30 at 300)."""
    return points // 10


@dataclass(frozen=True)
class MatchOutcome:
    """What a reported match gives each side (``a`` then ``b``): the outcome, VP and how many of its
    own figures were taken out (the standings' "killed" counts)."""

    a: Outcome
    b: Outcome
    vp_a: int
    vp_b: int
    out_a: int
    out_b: int


def match_result(
    points: int,
    fielded_a: Sequence[Fielded],
    report_a: SideReport,
    fielded_b: Sequence[Fielded],
    report_b: SideReport,
    mode: ResultMode = ResultMode.VP,
    table_result: Outcome | None = None,
) -> MatchOutcome:
    """The result of a reported match (WB-7.2). Under ``vp``: a side that conceded or has every
    figure out loses (both: a draw); otherwise a VP lead ≥ ⌊L/10⌋ wins and a smaller one is a
    draw. Under ``table``, ``table_result`` is side A's result as the players entered it."""
    vp_a, vp_b = victory_points(fielded_b, report_b), victory_points(fielded_a, report_a)
    out_a, out_b = len(taken_out(fielded_a, report_a)), len(taken_out(fielded_b, report_b))
    if mode == ResultMode.TABLE:
        if table_result not in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS):
            raise ValueError("a table result must be win, draw or loss for side A")
        a = table_result
    else:
        a = _vp_result(
            points,
            vp_a,
            vp_b,
            report_a.conceded or all_out(fielded_a, report_a),
            report_b.conceded or all_out(fielded_b, report_b),
        )
    return MatchOutcome(a, OPPOSITE[a], vp_a, vp_b, out_a, out_b)


def _vp_result(points: int, vp_a: int, vp_b: int, a_lost: bool, b_lost: bool) -> Outcome:
    if a_lost or b_lost:
        return Outcome.DRAW if a_lost and b_lost else (Outcome.LOSS if a_lost else Outcome.WIN)
    lead = vp_a - vp_b
    if abs(lead) >= winning_margin(points):
        return Outcome.WIN if lead > 0 else Outcome.LOSS
    return Outcome.DRAW


# --- WB-7.3 Standings and tie-breakers -----------------------------------------------------------------


class Format(enum.StrEnum):
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    KNOCKOUT = "knockout"


class TieBreaker(enum.StrEnum):
    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    BUCHHOLZ = "buchholz"
    WINS = "wins"
    VP_DIFFERENCE = "vp_difference"
    VP_FOR = "vp_for"
    FEWER_TAKEN_OUT = "fewer_taken_out"
    LOTS = "lots"


TIE_BREAKERS: Final[Mapping[Format, tuple[TieBreaker, ...]]] = MappingProxyType(
    {
        Format.ROUND_ROBIN: (
            TieBreaker.POINTS,
            TieBreaker.HEAD_TO_HEAD,
            TieBreaker.WINS,
            TieBreaker.VP_DIFFERENCE,
            TieBreaker.VP_FOR,
            TieBreaker.FEWER_TAKEN_OUT,
            TieBreaker.LOTS,
        ),
        Format.SWISS: (
            TieBreaker.POINTS,
            TieBreaker.BUCHHOLZ,
            TieBreaker.WINS,
            TieBreaker.VP_DIFFERENCE,
            TieBreaker.HEAD_TO_HEAD,
            TieBreaker.LOTS,
        ),
        Format.KNOCKOUT: (TieBreaker.VP_FOR, TieBreaker.FEWER_TAKEN_OUT, TieBreaker.LOTS),
    }
)
TIE_BREAKER_NAMES: Final[Mapping[TieBreaker, Text]] = MappingProxyType(
    {
        TieBreaker.POINTS: Text("League points", "Ligapont"),
        TieBreaker.HEAD_TO_HEAD: Text("Head-to-head", "Egymás elleni eredmény"),
        TieBreaker.BUCHHOLZ: Text("Buchholz", "Buchholz"),
        TieBreaker.WINS: Text("Wins", "Győzelmek"),
        TieBreaker.VP_DIFFERENCE: Text("VP difference", "GyP-különbség"),
        TieBreaker.VP_FOR: Text("VP for", "Szerzett GyP"),
        TieBreaker.FEWER_TAKEN_OUT: Text("Fewer figures taken out", "Kevesebb kiesett alak"),
        TieBreaker.LOTS: Text("Lots", "Sorsolás"),
    }
)


@dataclass(frozen=True)
class LeagueMatch:
    """One league match from side ``a``'s view; ``b`` None for a bye. Outcomes as
    :class:`MatchOutcome`; a forfeit is ``a`` FORFEIT (or ``b``), the other a Win with VP 0–0."""

    a: str
    b: str | None
    outcome_a: Outcome
    outcome_b: Outcome | None = None
    vp_a: int = 0
    vp_b: int = 0
    out_a: int = 0
    out_b: int = 0

    @classmethod
    def played(cls, a: str, b: str, result: MatchOutcome) -> LeagueMatch:
        return cls(a, b, result.a, result.b, result.vp_a, result.vp_b, result.out_a, result.out_b)

    @classmethod
    def forfeit(cls, winner: str, loser: str) -> LeagueMatch:
        """The loser forfeited: 0 points; the winner gets a Win with VP 0–0 (WB-7.2)."""
        return cls(winner, loser, Outcome.WIN, Outcome.FORFEIT)

    @classmethod
    def bye(cls, entry: str, league_format: Format) -> LeagueMatch:
        """A Swiss bye is a Win with VP 0–0; a round-robin bye gives nothing (WB-7.2)."""
        return cls(entry, None, Outcome.BYE if league_format == Format.SWISS else Outcome.DRAW)

    def sides(self) -> tuple[tuple[str, str | None, Outcome, int, int, int], ...]:
        """(entry, opponent, outcome, VP for, VP against, own taken out) for each side that scores."""
        if self.b is None:
            return ((self.a, None, self.outcome_a, 0, 0, 0),) if self.outcome_a == Outcome.BYE else ()
        other = self.outcome_b if self.outcome_b is not None else OPPOSITE[self.outcome_a]
        return (
            (self.a, self.b, self.outcome_a, self.vp_a, self.vp_b, self.out_a),
            (self.b, self.a, other, self.vp_b, self.vp_a, self.out_b),
        )


@dataclass(frozen=True)
class Standing:
    """One row of the table: totals, its place (``rank``, 1 first), and which tie-breaker put it
    above the next row (``decided_by``; None for the last row)."""

    entry: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    byes: int = 0
    points: int = 0
    vp_for: int = 0
    vp_against: int = 0
    taken_out: int = 0
    buchholz: int = 0
    rank: int = 0
    decided_by: TieBreaker | None = None
    opponents: tuple[str, ...] = field(default=(), compare=False)

    @property
    def vp_difference(self) -> int:
        return self.vp_for - self.vp_against


def _totals(entries: Sequence[str], matches: Iterable[LeagueMatch]) -> dict[str, Standing]:
    rows = {e: Standing(e) for e in entries}
    for match in matches:
        for entry, opponent, outcome, vp_for, vp_against, out in match.sides():
            if entry not in rows:
                raise ValueError(f"a match names {entry!r}, who is not in the league")
            r = rows[entry]
            rows[entry] = Standing(
                entry,
                played=r.played + (outcome != Outcome.BYE),
                wins=r.wins + (outcome in (Outcome.WIN, Outcome.BYE)),
                draws=r.draws + (outcome == Outcome.DRAW),
                losses=r.losses + (outcome == Outcome.LOSS),
                forfeits=r.forfeits + (outcome == Outcome.FORFEIT),
                byes=r.byes + (outcome == Outcome.BYE),
                points=r.points + league_points(outcome),
                vp_for=r.vp_for + vp_for,
                vp_against=r.vp_against + vp_against,
                taken_out=r.taken_out + out,
                opponents=r.opponents + ((opponent,) if opponent is not None else ()),
            )
    return {
        e: Standing(**{**r.__dict__, "buchholz": sum(rows[o].points for o in r.opponents if o in rows)})
        for e, r in rows.items()
    }


def _head_to_head(group: Sequence[str], matches: Sequence[LeagueMatch]) -> dict[str, int]:
    inside = set(group)
    points = dict.fromkeys(group, 0)
    for match in matches:
        for entry, opponent, outcome, *_ in match.sides():
            if entry in inside and opponent in inside:
                points[entry] += league_points(outcome)
    return points


def standings(
    entries: Sequence[str], matches: Sequence[LeagueMatch], league_format: Format, dice: Dice
) -> tuple[tuple[Standing, ...], tuple[Roll, ...]]:
    """The table of a round-robin or Swiss league (WB-7.3), best first, and the rolls of any lots.
    Lots draw among entries still tied at the end of the chain, one d``k`` per place."""
    if league_format == Format.KNOCKOUT:
        raise ValueError("a knockout has no table: each match is decided by knockout_winner")
    if len(set(entries)) != len(entries):
        raise ValueError("an entry is listed twice")
    rows = _totals(entries, matches)
    chain = TIE_BREAKERS[league_format]
    rolls: list[Roll] = []

    def key(breaker: TieBreaker, group: Sequence[str]) -> Callable[[str], int]:
        if breaker == TieBreaker.HEAD_TO_HEAD:
            h2h = _head_to_head(group, matches)
            return lambda e: h2h[e]
        own: Mapping[TieBreaker, Callable[[Standing], int]] = {
            TieBreaker.POINTS: lambda r: r.points,
            TieBreaker.BUCHHOLZ: lambda r: r.buchholz,
            TieBreaker.WINS: lambda r: r.wins,
            TieBreaker.VP_DIFFERENCE: lambda r: r.vp_difference,
            TieBreaker.VP_FOR: lambda r: r.vp_for,
            TieBreaker.FEWER_TAKEN_OUT: lambda r: -r.taken_out,
        }
        return lambda e: own[breaker](rows[e])

    def order(group: list[str], step: int) -> list[tuple[str, TieBreaker | None]]:
        """The group ranked from chain link ``step`` on; each entry with the link that put it above
        the next one in the group (None for the group's last)."""
        if len(group) == 1:
            return [(group[0], None)]
        breaker = chain[step]
        if breaker == TieBreaker.LOTS:
            drawn = draw_lots(group, dice, Text("lots for a tied place", "sorsolás holtversenyben"))
            rolls.extend(drawn[1])
            return [(e, TieBreaker.LOTS) for e in drawn[0][:-1]] + [(drawn[0][-1], None)]
        value = key(breaker, group)
        levels = sorted({value(e) for e in group}, reverse=True)
        if len(levels) == 1:
            return order(group, step + 1)
        ranked: list[tuple[str, TieBreaker | None]] = []
        for level in levels:
            tied = [e for e in group if value(e) == level]
            # head-to-head again among a tied subgroup it leaves; other links are own totals
            again = step if breaker == TieBreaker.HEAD_TO_HEAD and len(tied) > 1 else step + 1
            inner = order(tied, again) if len(tied) > 1 else [(tied[0], None)]
            ranked.extend(inner[:-1])
            ranked.append((inner[-1][0], breaker))
        ranked[-1] = (ranked[-1][0], None)
        return ranked

    ranked = order(list(entries), 0)
    table = tuple(
        Standing(**{**rows[e].__dict__, "rank": place, "decided_by": decided})
        for place, (e, decided) in enumerate(ranked, start=1)
    )
    return table, tuple(rolls)


def draw_lots(items: Sequence[str], dice: Dice, purpose: Text) -> tuple[list[str], tuple[Roll, ...]]:
    """``items`` in the order drawn by lots: a d``k`` picks among the ``k`` still in the hat, in the
    given order, so ``n`` items take ``n − 1`` rolls."""
    hat = list(items)
    drawn: list[str] = []
    rolls: list[Roll] = []
    while len(hat) > 1:
        roll = dice.roll(purpose, len(hat))
        rolls.append(roll)
        drawn.append(hat.pop(roll.result - 1))
    drawn.extend(hat)
    return drawn, tuple(rolls)


def knockout_winner(match: MatchOutcome, dice: Dice) -> tuple[str, TieBreaker | None, tuple[Roll, ...]]:
    """A knockout match's winner, ``"a"`` or ``"b"`` (WB-7.3, no draws), the tie-breaker that decided
    it (None when the result had a winner) and the rolls: a drawn match goes to more VP, then fewer
    figures taken out, then lots (one d2)."""
    if match.a != Outcome.DRAW:
        return ("a" if match.a in (Outcome.WIN, Outcome.BYE) else "b"), None, ()
    if match.vp_a != match.vp_b:
        return ("a" if match.vp_a > match.vp_b else "b"), TieBreaker.VP_FOR, ()
    if match.out_a != match.out_b:
        return ("a" if match.out_a < match.out_b else "b"), TieBreaker.FEWER_TAKEN_OUT, ()
    roll = dice.roll(Text("lots for a knockout match", "sorsolás kieséses mérkőzésen"), 2)
    return ("a" if roll.result == 1 else "b"), TieBreaker.LOTS, (roll,)
