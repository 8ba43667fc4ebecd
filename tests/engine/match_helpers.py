"""Helpers for the match-engine tests: a started match, positions, naming, fixed dice."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from arena.engine import FixedDice, apply, legal_actions, new_match, seats_to_move
from arena.engine.board.grid import grid
from arena.engine.board.hexgrid import Hex
from arena.engine.match.actions import (
    Action,
    AssignAmulet,
    AssignMeToken,
    ChooseHalf,
    ChooseRole,
    Concede,
    Deploy,
    EndStep,
    Name,
    RecordGrip,
)
from arena.engine.match.events import Event
from arena.engine.match.state import MatchOptions, Phase, State
from arena.engine.roster import Roster, base_roster

G = grid()


def play_setup(
    state: State,
    starting: int = 0,
    home_half: str = "N",
    grips: tuple[tuple[str, ...], tuple[str, ...]] = (("shield", "short_sword"), ("shield", "short_sword")),
) -> State:
    """Run the set-up with the rosters' own amulets, the first token holders, the given starting
    player, halves and grips, and the first deployment hexes."""
    s = state
    while s.phase is Phase.SECRETS:
        for seat in seats_to_move(s):
            options = [a for a in legal_actions(s, seat) if isinstance(a, (AssignAmulet, AssignMeToken))]
            s, _ = apply(s, options[0])
    winner = s.roll_winner
    role = "first" if winner == starting else "side"
    s, _ = apply(s, ChooseRole(winner, role))
    chooser = s.chooser
    half = home_half if chooser == 0 else {"N": "S", "S": "N", "E": "W", "W": "E"}[home_half]
    s, _ = apply(s, ChooseHalf(chooser, half))
    for seat in (0, 1):
        s, _ = apply(s, RecordGrip(seat, grips[seat]))
    while s.phase is Phase.DEPLOY:
        seat = seats_to_move(s)[0]
        options = [a for a in legal_actions(s, seat) if isinstance(a, Deploy)]
        s, _ = apply(s, options[0])
    return s


def started(
    seed: int = 0,
    starting: int = 0,
    home_half: str = "N",
    teams: tuple[Roster, Roster] | None = None,
    options: MatchOptions | None = None,
    grips: tuple[tuple[str, ...], tuple[str, ...]] = (("shield", "short_sword"), ("shield", "short_sword")),
    traps: tuple[tuple[int, ...], tuple[int, ...]] | None = ((), ()),
) -> State:
    """A match at the start of round 1, step 1 (the starting player names).

    ``traps``: the trap cards each seat holds; by default none, so that no direct-trap window
    interrupts the worked examples of the core rules (None: the cards dealt by the seed)."""
    s = new_match(teams or (base_roster(), base_roster()), options, seed)
    if traps is not None:
        s = deal_traps(s, traps)
    return play_setup(s, starting, home_half, grips)


def deal_traps(state: State, cards: tuple[tuple[int, ...], tuple[int, ...]]) -> State:
    """A fresh match whose seats hold ``cards`` instead of the dealt ones; the log is rewritten to
    match, so it still replays."""
    from arena.engine.match.events import HandsDealt, TrapsDealt

    s = state.clone()
    hands = (tuple(sorted(cards[0])), tuple(sorted(cards[1])))
    s.traps = [hands[0], hands[1]]
    assert s.log is not None and s.log[0] is None, "deal_traps needs a match that has just been dealt"
    events = []
    for e in s.log[1]:
        if isinstance(e, TrapsDealt):
            e = e._replace(cards=hands[e.seat])
        elif isinstance(e, HandsDealt):
            e = e._replace(traps=(len(hands[0]), len(hands[1])))
        events.append(e)
    s.log = (None, tuple(events))
    return s


def place(state: State, where: Mapping[str, tuple[int, int]]) -> State:
    """A copy with characters moved (tests only; the log no longer replays)."""
    s = state.clone()
    for char, (q, r) in where.items():
        s.pos[s.index[char]] = G.index[Hex(q, r)]
    return s


def tweak(state: State, **changes: object) -> State:
    """A copy with per-character values changed: ``tweak(s, ep={"0.deasta": 3})``."""
    s = state.clone()
    for field, values in changes.items():
        if isinstance(values, Mapping):
            column = getattr(s, field)
            for char, value in values.items():
                column[s.index[char]] = value
        else:
            setattr(s, field, values)
    return s


def act(state: State, action: Action, dice: Iterable[int] | None = None) -> tuple[State, list[Event]]:
    """Apply with fixed dice (every roll must be given)."""
    if dice is None:
        return apply(state, action)
    fixed = FixedDice(dice)
    new, events = apply(state, action, fixed)
    assert fixed.remaining == 0, f"{fixed.remaining} fixed dice unused"
    return new, events


def name(state: State, seat: int, *chars: str) -> State:
    s, _ = apply(state, Name(seat, tuple(chars)))
    return s


def settle(state: State) -> State:
    """Answer any pending decision with "no" (no Kitérés, no shift)."""
    from arena.engine.match.actions import DeclineShift, Dodge
    from arena.engine.match.state import PendingDodge

    s = state
    while s.pending is not None:
        p = s.pending
        if isinstance(p, PendingDodge):
            s, _ = apply(s, Dodge(p.seat, s.sheets[p.defender].id, False))
        else:
            s, _ = apply(s, DeclineShift(p.seat, s.sheets[p.winner].id))
    return s


def to_step(state: State, step: int, round_: int | None = None) -> State:
    """End steps until ``step`` (of ``round_``) begins."""
    s = settle(state)
    target = round_ if round_ is not None else s.round
    while (s.round, s.step) != (target, step):
        seat = s.seat_to_act
        if s.phase is Phase.NAMING:
            names = [a for a in legal_actions(s, seat) if isinstance(a, Name)]
            s, _ = apply(s, names[0])
            if s.phase is not Phase.ACTING or (s.round, s.step) == (target, step):
                continue
        s, _ = apply(s, EndStep(seat))
    return s


def kinds(events: Iterable[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def of_kind(events: Iterable[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def legal(state: State, seat: int) -> list[Action]:
    return [a for a in legal_actions(state, seat) if not isinstance(a, Concede)]


def hexes(*qr: tuple[int, int]) -> tuple[Hex, ...]:
    return tuple(Hex(q, r) for q, r in qr)


# Everyone who would otherwise stand on the home-gate hexes (deployment, HR-1.7) goes to a quiet
# corner, so that nobody is on a line of fire or a gate hex by accident.
OUT_OF_THE_WAY = {
    "0.witch_master": (2, -10),
    "0.crossbowman": (2, -10),
    "0.deasta": (1, -10),
    "0.laeva": (1, -10),
    "1.witch_master": (-2, 10),
    "1.crossbowman": (-2, 10),
    "1.deasta": (-1, 10),
    "1.laeva": (-1, 10),
}
