"""Agents decide from what their seat may know (issue #33; RB p.7, HR-12 rulings 35-36).

The information-set test: a position reached by random play, and a twin of it that differs only in
what the deciding seat may not know (the other seats' trap cards, disc levels, amulet holders and
ME tokens not shown, the grip before it is revealed, the dice and the seed). The seat's view is the
same in both; every agent, handed either, makes the same decision. Two players and both four-seat
modes (HR-8), hundreds of positions.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import apply, legal_actions, new_match, seats_to_move, view
from arena.engine.agents import RandomAgent
from arena.engine.agents.seen import DECK, determinize, observe
from arena.engine.agents.tournament import make_agent
from arena.engine.content.amulets import can_hold_me_token
from arena.engine.content.discs import build_pool
from arena.engine.match.dice_sources import SeededDice
from arena.engine.match.events import TrapPlayed
from arena.engine.match.play import match_events
from arena.engine.match.rules.gladiators import grips_of
from arena.engine.match.state import MatchOptions, Phase, State
from arena.engine.match.words import ArenaMode
from arena.engine.roster import base_roster
from tests.budget import examples

LADDER = ("random", "uniform", "greedy", "tactical", "search", "search-tactical")
SEARCH_BUDGET = 6  # iterations: enough to search, cheap enough for hundreds of positions


def _position(players: int, mode: ArenaMode, seed: int, steps: int) -> State:
    teams = tuple(base_roster() for _ in range(players))
    options = MatchOptions() if players == 2 else MatchOptions(mode=mode)
    s = new_match(teams, options, seed)
    walkers = [RandomAgent(f"{seed}:{x}") for x in range(players)]
    for _ in range(steps):
        seat = seats_to_move(s)[0]
        nxt, _ = apply(s, walkers[seat].choose(s, seat, legal_actions(s, seat)))
        if nxt.phase is Phase.OVER:
            break
        s = nxt
    return s


def _twin(s: State, seat: int, rng: random.Random) -> State:
    """``s`` with every secret ``seat`` may not know drawn again (counts and shown ones kept)."""
    t = s.clone()
    t.dice = SeededDice(rng.getrandbits(32))
    t.setup = replace(s.setup, seed=f"other:{rng.getrandbits(32)}")
    played = {e.card for e in match_events(s) if type(e) is TrapPlayed}
    free = [c for c in DECK if c not in s.traps[seat] and c not in played]
    rng.shuffle(free)
    pool = build_pool()
    for x in range(s.seats):
        if x == seat:
            continue
        n = len(s.traps[x])
        t.traps[x] = tuple(sorted(free[:n]))
        del free[:n]
        t.discs[x] = tuple(sorted(rng.sample(pool, len(s.discs[x]))))
        chars = list(s.seat_chars(x))
        hidden = [c for c in chars if not s.amulet_shown[c]]
        worn = [s.amulet[c] for c in hidden]
        rng.shuffle(worn)
        for c, a in zip(hidden, worn, strict=True):
            t.amulet[c] = a
        shown = s.magic.tokens_shown if s.magic is not None else 0
        holders = [c for c in chars if can_hold_me_token(s.sheets[c].role) and not shown >> c & 1]
        tokens = [s.token[c] for c in holders]
        rng.shuffle(tokens)
        for c, v in zip(holders, tokens, strict=True):
            t.token[c] = v
        g = s.gladiator_of(x)
        if s.grips_done[x] and not s.revealed[x]:
            sheet = s.sheets[g]
            hand, main = rng.choice(grips_of(s, sheet.pile, sheet.gladiator_type))
            t.hand[g], t.main[g] = hand, main
            rest = list(sheet.pile)
            for item in hand:
                if item in rest:
                    rest.remove(item)
            t.pile[g] = tuple(rest)
    return t


def _same_decisions(s: State, rng: random.Random) -> None:
    seat = seats_to_move(s)[0]
    twin = _twin(s, seat, rng)
    assert view(twin, seat) == view(s, seat)  # the twin differs only in what the seat may not see
    actions = legal_actions(s, seat)
    assert legal_actions(twin, seat) == actions
    for name in LADDER:
        here = make_agent(name, "same", SEARCH_BUDGET).choose(s, seat, actions)
        there = make_agent(name, "same", SEARCH_BUDGET).choose(twin, seat, actions)
        assert here == there, f"{name} decided differently on hidden secrets it may not know"


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 400), salt=st.integers(0, 2**31))
def test_two_players_every_agent_decides_alike_whatever_the_opponents_secrets__rb_p7_hr12_36(
    seed: int, steps: int, salt: int
) -> None:
    _same_decisions(_position(2, ArenaMode.DUEL, seed, steps), random.Random(salt))


@pytest.mark.parametrize("mode", [ArenaMode.PAIRS, ArenaMode.FFA])
@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 600), salt=st.integers(0, 2**31))
def test_four_seats_every_agent_decides_alike_whatever_the_others_secrets__hr8_hr12_36(
    mode: ArenaMode, seed: int, steps: int, salt: int
) -> None:
    _same_decisions(_position(4, mode, seed, steps), random.Random(salt))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(60, 400), salt=st.integers(0, 2**31))
def test_a_determinization_agrees_with_everything_the_seat_has_seen__rb_p7(seed: int, steps: int, salt: int) -> None:
    """The sampled state shows the seat the very view it has, and play goes on from it."""
    s = _position(2, ArenaMode.DUEL, seed, steps)
    seat = seats_to_move(s)[0]
    obs = observe(s, seat)
    sample = determinize(obs, random.Random(salt))
    assert view(sample, seat) == view(s, seat)
    for x in range(s.seats):
        assert len(sample.traps[x]) == len(s.traps[x]) and len(sample.discs[x]) == len(s.discs[x])
    mine = set(s.traps[seat])
    assert all(not mine & set(sample.traps[x]) for x in range(s.seats) if x != seat)
    actions = legal_actions(sample, seat)
    assert actions == legal_actions(s, seat)
    apply(sample, actions[-1])  # the sample plays on with its own dice
