"""Helpers for the four-seat tests (HR-8): a started match of four base teams in either mode."""

from __future__ import annotations

from arena.engine import apply, legal_actions, new_match, seats_to_move
from arena.engine.match.actions import (
    AssignAmulet,
    AssignMeToken,
    ChooseHalf,
    ChooseQuarter,
    ChooseRole,
    Deploy,
    EndStep,
    Name,
    RecordGrip,
)
from arena.engine.match.events import HandsDealt, TrapsDealt
from arena.engine.match.state import MatchOptions, Phase, State
from arena.engine.match.words import ArenaMode
from arena.engine.roster import base_roster

TEAMS = (base_roster(),) * 4
GRIP = ("shield", "short_sword")


def four_match(
    mode: ArenaMode, seed: int | str = 0, traps: tuple[tuple[int, ...], ...] | None = ((),) * 4, **options: object
) -> State:
    """A freshly dealt four-seat match; ``traps``: each seat's cards (None: the dealt ones)."""
    s = new_match(TEAMS, MatchOptions(mode=mode, **options), seed)  # type: ignore[arg-type]
    return s if traps is None else deal_four(s, traps)


def deal_four(state: State, cards: tuple[tuple[int, ...], ...]) -> State:
    """The match with these trap hands instead of the dealt ones; the log still replays."""
    s = state.clone()
    hands = tuple(tuple(sorted(h)) for h in cards)
    s.traps = list(hands)
    assert s.log is not None and s.log[0] is None
    events = []
    for e in s.log[1]:
        if isinstance(e, TrapsDealt):
            e = e._replace(cards=hands[e.seat])
        elif isinstance(e, HandsDealt):
            e = e._replace(traps=tuple(len(h) for h in hands))
        events.append(e)
    s.log = (None, tuple(events))
    return s


def secrets(state: State) -> State:
    """Every seat hands out its amulets and tokens to the first characters offered."""
    s = state
    while s.phase is Phase.SECRETS:
        for seat in seats_to_move(s):
            options = [a for a in legal_actions(s, seat) if isinstance(a, (AssignAmulet, AssignMeToken))]
            s, _ = apply(s, options[0])
    return s


def places(state: State, role: str = "first", half: str = "N", quarters: tuple[str, ...] = ()) -> State:
    """Pairs: the roll winner takes ``role``, the chooser ``half``; then each pick takes the next of
    ``quarters`` when it may (else the first quarter offered)."""
    s = state
    if s.phase is Phase.ROLE:
        s, _ = apply(s, ChooseRole(s.roll_winner, role))
        s, _ = apply(s, ChooseHalf(s.chooser, half))
    wanted = list(quarters)
    while s.phase is Phase.HALF:
        seat = seats_to_move(s)[0]
        options = [a for a in legal_actions(s, seat) if isinstance(a, ChooseQuarter)]
        picked = [a for a in options if wanted and a.quarter == wanted[0]]
        if wanted:
            wanted.pop(0)
        s, _ = apply(s, (picked or options)[0])
    return s


def grips_and_deploy(state: State) -> State:
    s = state
    while s.phase is Phase.GRIPS:
        for seat in seats_to_move(s):
            s, _ = apply(s, RecordGrip(seat, GRIP))
    while s.phase is Phase.DEPLOY:
        seat = seats_to_move(s)[0]
        s, _ = apply(s, next(a for a in legal_actions(s, seat) if isinstance(a, Deploy)))
    return s


def four_started(mode: ArenaMode, seed: int | str = 0, **kwargs: object) -> State:
    """Round 1, step 1 of a four-seat match (see :func:`four_match` and :func:`places`)."""
    traps = kwargs.pop("traps", ((),) * 4)
    place_kw = {k: kwargs.pop(k) for k in ("role", "half", "quarters") if k in kwargs}
    s = four_match(mode, seed, traps, **kwargs)  # type: ignore[arg-type]
    return grips_and_deploy(places(secrets(s), **place_kw))  # type: ignore[arg-type]


def step_to(state: State, step: int, round_: int | None = None) -> State:
    """End steps (naming the first pair offered) until ``step`` of ``round_`` begins."""
    s = state
    target = round_ if round_ is not None else s.round
    while (s.round, s.step) != (target, step):
        seat = s.seat_to_act
        if s.phase is Phase.NAMING:
            s, _ = apply(s, next(a for a in legal_actions(s, seat) if isinstance(a, Name)))
            continue
        s, _ = apply(s, EndStep(seat))
    return s
