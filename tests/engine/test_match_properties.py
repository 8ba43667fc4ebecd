"""Whole random playouts: invariants, replay, secrecy (issue #3 "done when").

Hypothesis draws the seeds (and, for secrecy, seat 0's secret choices); a plain loop adds many
more seeded playouts. Invariants checked after every decision: MAN never negative, never more
than three living characters on a hex, gladiators inside the central circle and nobody else in
it; every match ends (a win or the round limit); replaying the log gives the same state hash.
"""

from __future__ import annotations

import gc
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st

from arena.engine import (
    IllegalActionError,
    apply,
    events_for,
    legal_actions,
    match_events,
    new_match,
    replay,
    seats_to_move,
    state_hash,
    view,
)
from arena.engine.agents import GreedyAgent, RandomAgent
from arena.engine.agents.simulate import paused_gc, play_match, simulate
from arena.engine.match.actions import AssignAmulet, AssignMeToken, RecordGrip
from arena.engine.match.state import ON_BOARD, Phase, State
from arena.engine.match.traps import marks as trap_marks
from arena.engine.roster import base_roster
from tests.budget import examples, matches

from .magic_helpers import magic_at_stake
from .match_helpers import G

TEAMS = (base_roster(), base_roster())


def check_invariants(s: State) -> None:
    assert s.pool >= 0 and s.granted >= 0, (s.pool, s.granted)
    assert all(0 <= m <= 4 for m in s.strat_man)
    assert all(d >= 0 for d in s.debt)
    per_hex = Counter(s.pos[c] for c in range(12) if ON_BOARD[c] and s.alive[c] and s.pos[c] >= 0)
    assert max(per_hex.values(), default=0) <= 3
    for c in range(12):
        if ON_BOARD[c] and s.pos[c] >= 0:
            assert G.central[s.pos[c]] == s.sheets[c].is_gladiator, s.sheets[c].id
            assert not G.tower[s.pos[c]]
    # lapsed trap marks and the marks of the dead are dropped from the state (HR-5, ruling 23)
    assert all(trap_marks.active(s, m) and (m.char < 0 or s.alive[m.char]) for m in s.trap_marks)


def playout(seed: int, check_every: int = 1, probe: random.Random | None = None) -> State:
    s = new_match(TEAMS, seed=seed)
    agents = (RandomAgent(f"{seed}:0"), RandomAgent(f"{seed}:1"))
    n = 0
    while s.phase is not Phase.OVER:
        seat = seats_to_move(s)[0]
        options = legal_actions(s, seat)
        assert len(options) > 1, (seed, n)  # a seat that owes a decision has more than conceding
        if probe is not None and n % 25 == 0:
            for other in probe.sample(options, min(3, len(options))):
                apply(s, other)  # every listed action is applicable
        s, _ = apply(s, agents[seat].choose(s, seat, options))
        n += 1
        if n % check_every == 0:
            check_invariants(s)
        assert n < 5000
    return s


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_playouts_keep_the_invariants_end_and_replay(seed):
    s = playout(seed, probe=random.Random(seed))
    assert s.result is not None
    assert s.result.kind in ("victory", "points_victory", "draw")
    assert s.result.round <= 20
    if s.result.kind != "victory":
        assert s.result.round == 20
    assert state_hash(replay(s.setup, match_events(s))) == state_hash(s)


PLAYOUTS = matches(1000, 150)


def test_a_thousand_seeded_playouts_end_keep_the_invariants_and_replay():
    """A thousand in the thorough run (.ci/run), the first 150 seeds in `make test` (tests/budget.py)."""
    results = Counter()
    with paused_gc():
        for seed in range(PLAYOUTS):
            s = playout(10_000 + seed, check_every=40)
            results[s.result.kind] += 1
            if seed % 25 == 0:
                assert state_hash(replay(s.setup, match_events(s))) == state_hash(s)
    assert sum(results.values()) == PLAYOUTS


def test_greedy_matches_end_and_fight():
    wins = 0
    for seed in range(6):
        s, made = play_match(TEAMS, seed, (GreedyAgent(seed), GreedyAgent(seed + 1)))
        assert s.result is not None and made > 0
        wins += s.result.kind == "victory"
    assert wins >= 3  # greedy gladiators seek each other out


def test_greedy_beats_random_mostly():
    beaten = 0
    for seed in range(6):
        s, _ = play_match(TEAMS, seed, (GreedyAgent(seed), RandomAgent(seed)))
        beaten += s.result.winner == 0
    assert beaten >= 4


def test_simulate_plays_random_base_matches():
    """200 matches in the thorough run, 8 in `make test` (tests/budget.py): they are the matches
    (seeds ``ci:0``, ``ci:1``, ...) that test_magic_properties.py's 200-match test plays one by one with
    every check, its first 100 in `make test`."""
    count = matches(200, 8)
    result = simulate(base_roster(), base_roster(), count, seed="ci")
    assert result.matches == count
    assert result.home_wins + result.away_wins + result.draws == count
    assert 1 <= result.mean_rounds <= 20 and result.mean_decisions > 100


def test_a_batch_leaves_no_cyclic_garbage():
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for seed in range(3):
            playout(seed, check_every=1000)
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


# --- secrecy (RB p.7, HR-12 rulings 35-36) ---------------------------------------------------


def _secret_setup(s: State, rng: random.Random, seat: int, grip_choice: None) -> State:
    """Make seat ``seat``'s secret choices at random (the other seat takes the first option)."""
    while s.phase is Phase.SECRETS:
        for x in seats_to_move(s):
            options = [a for a in legal_actions(s, x) if isinstance(a, (AssignAmulet, AssignMeToken))]
            s, _ = apply(s, rng.choice(options) if x == seat else options[0])
    return s


def _amulet_at_stake(event: object) -> bool:
    """A trap's poison against one of seat 0's characters: the amulet decides it, in the open."""
    from arena.engine.match.events import AmuletRevealed, TrapPoisonResolved

    if isinstance(event, AmuletRevealed):
        return event.char.startswith("0.")
    return isinstance(event, TrapPoisonResolved) and event.target.startswith("0.")


def _public_play(s: State, seed: int, seat_grip: tuple[str, ...], until_reveal: bool) -> list[str]:
    """Play with the same public choices; returns what seat 1 and the spectators saw after each
    decision (views), and at the end (their logs, which only ever grow)."""
    rng = random.Random(seed)
    seen: list[str] = []
    while s.phase is not Phase.OVER:
        x = seats_to_move(s)[0]
        options = [a for a in legal_actions(s, x) if type(a).__name__ != "Concede"]
        if s.phase is Phase.GRIPS:
            action = RecordGrip(0, seat_grip) if x == 0 else options[0]
        else:
            action = options[rng.randrange(len(options))]
        after, events = apply(s, action)
        if until_reveal and after.revealed[0]:
            break
        if any(_amulet_at_stake(e) for e in events) or magic_at_stake(s, events):
            break  # a poison trap on seat 0: his amulet cancels it and is shown, or not (RB p.7)
        s = after
        seen.append((view(s, 1), view(s, None)))  # typed views compare field by field
    seen.append(json.dumps([events_for(match_events(s), 1), events_for(match_events(s), None)], default=str))
    return seen


@settings(
    max_examples=examples(10, 4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[HypothesisPhase.explicit, HypothesisPhase.reuse, HypothesisPhase.generate],
)
@given(seed=st.integers(0, 2**31), secrets_a=st.integers(0, 2**31), secrets_b=st.integers(0, 2**31))
def test_no_secret_reaches_the_opponent_or_the_spectators_before_it_is_revealed(seed, secrets_a, secrets_b):
    """Two matches that differ only in seat 0's amulet and ME-token choices look the same to
    seat 1 and to the spectators, decision by decision, to the end (none is revealed in the core
    game); with different grips as well, until the grips are revealed (round 1, step 5)."""
    grip = ("shield", "short_sword")
    seen = []
    for secret_seed in (secrets_a, secrets_b):
        s = _secret_setup(new_match(TEAMS, seed=seed), random.Random(secret_seed), 0, None)
        seen.append(_public_play(s, seed, grip, False))
    assert seen[0] == seen[1]
    seen = []
    for secret_seed, grip in ((secrets_a, ("halberd",)), (secrets_b, ("greatsword",))):
        s = _secret_setup(new_match(TEAMS, seed=seed), random.Random(secret_seed), 0, None)
        seen.append(_public_play(s, seed, grip, True))
    assert seen[0] == seen[1]


def test_an_illegal_action_never_changes_the_state():
    s = playout(3, check_every=1000)
    assert s.phase is Phase.OVER
    s = new_match(TEAMS, seed=5)
    before = state_hash(s)
    for bad in (RecordGrip(0, ("shield",)), AssignAmulet(0, "poison", "1.deasta")):
        try:
            apply(s, bad)
        except IllegalActionError:
            pass
        assert state_hash(s) == before


def test_apply_never_changes_the_state_it_is_given():
    """``apply`` forks the state and evolves the fork; the lists the fork shares with its parent
    (every list) are copied before any write (``state.own``), so every earlier state stays as it
    was: here each state's hash is taken before and after every listed action is tried on it."""
    with paused_gc():
        for seed in range(12):
            s = new_match(TEAMS, seed=seed)
            agents = (RandomAgent(f"{seed}:0"), RandomAgent(f"{seed}:1"))
            probe = random.Random(seed)
            while s.phase is not Phase.OVER:
                seat = seats_to_move(s)[0]
                options = legal_actions(s, seat)
                before = state_hash(s)
                for other in probe.sample(options, min(4, len(options))):
                    apply(s, other)
                nxt, _ = apply(s, agents[seat].choose(s, seat, options))
                assert state_hash(s) == before
                s = nxt
