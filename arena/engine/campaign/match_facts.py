"""What a finished match tells the league, read from the engine's log (HR-10.5-10.7).

``match_facts(state)`` gives the :class:`~arena.engine.campaign.facts.MatchFacts` of a match that is
over: the result from the home side, the rounds played, both arena scores (HR-10.1), and per member
his fate, his Ép when he fell, and his deeds for the experience table (HR-10.6): the enemy
non-gladiators and strategists he dealt the killing damage to, the enemy gladiators he dealt Ép to,
and those he destroyed (one of each at most in a duel, more in a four-seat match); per side the
gladiator's items that Fegyvertörés broke (HR-10.7). The campaign sequence reads exactly this, as
it reads a table report.

Who dealt a damage is the engine's one reading (:mod:`arena.engine.match.blame`), the one a
four-seat match's arena scores use (docs/decisions.md, "Deeds from a hosted match").

Every member of the match's rosters took part (HR-10.6: each is on the board or, the strategist,
beside it from the start); a forfeit, which the engine never plays, is the league's to record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType

from arena.engine.campaign.facts import Fate, MatchFacts, MemberFacts, SideFacts
from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.results import ResultKind, opposite
from arena.engine.content.common import Role
from arena.engine.match.blame import Blame, blame_damage, blame_death, blame_see, stands_as_zombie
from arena.engine.match.dice_sources import SeededDice
from arena.engine.match.events import Damaged, Died, Event, ItemBroken
from arena.engine.match.evolve import evolve
from arena.engine.match.play import match_events
from arena.engine.match.rules.damage import arena_scores, ep_percent, ranking
from arena.engine.match.state import State, initial_state
from arena.engine.match.words import ArenaMode


@dataclass
class _Deeds:
    fighters_killed: int = 0
    strategists_killed: int = 0
    gladiators_damaged: set[int] = field(default_factory=set)  # the enemy gladiators he dealt Ép to
    gladiators_destroyed: int = 0
    fell_at: int | None = None  # his Ép when he first fell


@dataclass
class _Fold:
    """The log replayed event by event beside who is dealing the damage now resolving (the engine's
    one reading, :mod:`arena.engine.match.blame`)."""

    live: State
    deeds: list[_Deeds]
    blame: Blame = field(default_factory=Blame)
    broken: tuple[list[str], ...] = field(default_factory=lambda: ([], [], [], []))

    def see(self, e: Event) -> None:
        s = self.live
        if isinstance(e, Damaged):
            victim = s.index[e.char]
            source, self.blame = blame_damage(s, self.blame, victim)
            if source >= 0 and e.ep_loss > 0 and s.sheets[victim].is_gladiator:
                self.deeds[source].gladiators_damaged.add(victim)
        elif isinstance(e, Died):
            self._died(s.index[e.char])
        else:
            self.blame = blame_see(s, self.blame, e)
            if isinstance(e, ItemBroken):
                c = s.index[e.char]
                if s.sheets[c].is_gladiator:
                    self.broken[s.sheets[c].seat].append(e.item)
        evolve(s, e)

    def _died(self, victim: int) -> None:
        s = self.live
        if stands_as_zombie(s, victim):
            return  # a zombie's end: nobody's kill, and he had fallen before (HR-10.1)
        self.deeds[victim].fell_at = s.ep[victim]
        source = blame_death(self.blame, victim)
        if source < 0:
            return
        role = s.sheets[victim].role
        if role is Role.GLADIATOR:
            self.deeds[source].gladiators_destroyed += 1
        elif role is Role.STRATEGIST:
            self.deeds[source].strategists_killed += 1
        else:
            self.deeds[source].fighters_killed += 1


def match_facts(state: State, *, thumbs: Thumbs | None = None, notes: str = "") -> MatchFacts:
    """The facts of a finished match for the campaign sequence (HR-10.5-10.7).

    ``thumbs`` is the winner's verdict over a fallen enemy gladiator (HR-10.5), a choice made after
    the match; ``notes`` free text. A match that is not over is refused with a ``ValueError``.
    """
    result = state.result
    if result is None:
        raise ValueError("the match is not over: it has no facts yet")
    if state.four is not None:
        raise ValueError("a four-seat match's facts are arena_facts(state) (HR-8)")
    fold = _folded(state)
    sides = tuple(_side(state, fold, seat) for seat in (0, 1))
    return MatchFacts(
        home_result=_home_result(result.kind, result.winner),
        rounds_played=result.round,
        home_score=result.scores[0],
        away_score=result.scores[1],
        home=sides[0],
        away=sides[1],
        thumbs=thumbs,
        notes=notes,
    )


def _folded(state: State) -> _Fold:
    fold = _Fold(initial_state(state.setup, SeededDice(state.setup.seed)), [_Deeds() for _ in state.sheets])
    _fold_all(fold, match_events(state))
    return fold


def arena_facts(state: State, *, notes: str = "") -> ArenaFacts:
    """The facts of a finished four-seat match (HR-8): a place per seat and every seat's members'
    fates and deeds, read from the log as :func:`match_facts` reads them (enemies: the other side
    in pairs, everyone else in free-for-all; a partner's loss is no deed).

    Pairs: the winning side's partners share 1st place, the others 3rd (a draw: all four share
    1st); ``result`` is the side's as in a two-player match. Free-for-all: the last gladiator
    standing is 1st; at the round limit the survivors by arena score, then by gladiator Ép %
    (HR-8); below them the eliminated seats, the later the better, those eliminated in the same
    step sharing their places. ``arena_score`` is always the seat's own (the losses it dealt,
    HR-10.1), as a reported result gives it: in pairs the league sums the partners' to check the
    side's result (HR-8), so a side's sum here would count it twice.
    """
    result = state.result
    four = state.four
    if result is None:
        raise ValueError("the match is not over: it has no facts yet")
    if four is None:
        raise ValueError("a duel's facts are match_facts(state), not arena_facts")
    fold = _folded(state)
    sides = tuple(_side(state, fold, seat) for seat in range(4))
    scores = arena_scores(state)
    fell = _fell_at(state)
    placings: list[SeatPlacing] = []
    if four.mode is ArenaMode.PAIRS:
        for seat in range(4):
            side_won = result.winner is not None and result.winner // 2 == seat // 2
            kind = _home_result(result.kind, None if result.winner is None else 0 if side_won else 1)
            place = 1 if result.winner is None or side_won else 3
            shared = 4 if result.winner is None else 2
            placings.append(_placing(state, seat, place, shared, kind, scores[seat], fell))
    else:
        for place, group in _ffa_groups(state, fell):
            for seat in group:
                placings.append(_placing(state, seat, place, len(group), None, scores[seat], fell))
    by_seat = sorted(placings, key=lambda p: p.seat)
    return ArenaFacts(
        mode=four.mode,
        rounds_played=result.round,
        placings=(by_seat[0], by_seat[1], by_seat[2], by_seat[3]),
        sides=(sides[0], sides[1], sides[2], sides[3]),
        notes=notes,
    )


def _fell_at(state: State) -> dict[int, int]:
    """Seat → the step stamp (round × 20 + step) at which its gladiator fell, or it conceded (a
    free-for-all seat leaves the match then), for the seats out at the end."""
    four = state.four
    assert four is not None
    found = {}
    for seat in range(4):
        if four.fell[seat] or four.out[seat]:
            found[seat] = four.fell[seat] or four.out[seat]
    return found


def _ffa_groups(state: State, fell: dict[int, int]) -> list[tuple[int, list[int]]]:
    """(place, seats) from 1st down: the survivors (the winner alone, or HR-8's ranking at the
    round limit), then the eliminated, the latest first, each step's together."""
    survivors = ranking(state)
    groups: list[list[int]] = [list(g) for g in survivors]
    for stamp in sorted(set(fell.values()), reverse=True):
        groups.append(sorted(x for x, at in fell.items() if at == stamp))
    out = []
    place = 1
    for group in groups:
        out.append((place, group))
        place += len(group)
    return out


def _placing(
    state: State, seat: int, place: int, shared: int, kind: ResultKind | None, score: int, fell: dict[int, int]
) -> SeatPlacing:
    four = state.four
    assert four is not None
    return SeatPlacing(
        seat=seat,
        place=place,
        shared=shared,
        result=kind,
        arena_score=score,
        gladiators_destroyed=four.destroyed[seat],
        gladiator_ep_percent=ep_percent(state, seat),
        eliminated_round=fell[seat] // 20 if seat in fell else None,
    )


def _fold_all(fold: _Fold, events: Iterable[Event]) -> None:
    for e in events:
        fold.see(e)


def _home_result(kind: str, winner: int | None) -> ResultKind:
    if winner is None:
        return ResultKind.DRAW
    won = ResultKind(kind)  # victory or points_victory: the engine's kinds are the league's
    return won if winner == 0 else opposite(won)


def _side(state: State, fold: _Fold, seat: int) -> SideFacts:
    members = {}
    for c, sheet in enumerate(state.sheets):
        if sheet.seat != seat:
            continue
        d = fold.deeds[c]
        if d.fell_at is not None:
            fate, final_ep = Fate.DEAD, d.fell_at
        else:
            fate, final_ep = (Fate.WOUNDED if state.ep[c] < sheet.ep else Fate.UNHURT), 0
        members[sheet.slot] = MemberFacts(
            fate=fate,
            final_ep=final_ep,
            fighters_killed=d.fighters_killed,
            strategists_killed=d.strategists_killed,
            gladiators_damaged=len(d.gladiators_damaged),
            gladiators_destroyed=d.gladiators_destroyed,
        )
    return SideFacts(MappingProxyType(members), tuple(fold.broken[seat]))
