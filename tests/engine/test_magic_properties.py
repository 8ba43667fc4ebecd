"""Random playouts with magic in play (issue #4 "done when"): the core invariants hold, every
match ends and replays, spells are cast, and no unplayed disc level reaches the opponent."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import (
    apply,
    events_for,
    legal_actions,
    match_events,
    new_match,
    replay,
    seats_to_move,
    state_hash,
    view,
    view_json,
)
from arena.engine.agents import GreedyAgent, RandomAgent
from arena.engine.agents.simulate import paused_gc, play_match
from arena.engine.match.events import DiscsDealt
from arena.engine.match.magic.actions import MAGIC_ACTIONS
from arena.engine.match.magic.events import SpellCast, ZombieActed, ZombieRaised
from arena.engine.match.state import Phase
from arena.engine.roster import base_roster
from tests.budget import examples, matches

from .test_match_properties import check_invariants

TEAMS = (base_roster(), base_roster())


def _casts(state):
    return [e for e in match_events(state) if isinstance(e, SpellCast)]


def test_200_random_base_matches_cast_spells_end_and_keep_the_invariants():
    """The same 200 matches as ``simulate --matches 200 --seed ci`` (random agents); `make test` plays
    the first 100 of them (tests/budget.py)."""
    spells = Counter()
    count = matches(200, 100)
    with paused_gc():
        for i in range(count):
            seed = f"ci:{i}"
            agents = (RandomAgent(f"{seed}:home"), RandomAgent(f"{seed}:away"))
            s, _ = play_match(TEAMS, seed, agents)
            assert s.result is not None
            check_invariants(s)
            casts = _casts(s)
            spells.update(e.spell for e in casts)
            for seat in (0, 1):
                dealt = next(e for e in match_events(s) if isinstance(e, DiscsDealt) and e.seat == seat)
                used = Counter(e.level for e in casts if e.seat == seat)
                assert Counter(s.discs[seat]) + used == Counter(dealt.levels)  # each disc played once
    assert sum(spells.values()) > 2 * count and len(spells) >= 25, spells


def _zombie_playout(seed):
    """A greedy match checked decision by decision, zombies included: their MAN and hexes never
    go below 0 and they are never named (RB p.15, digest A52)."""
    s = new_match(TEAMS, seed=seed)
    agents = (GreedyAgent(f"{seed}:home"), GreedyAgent(f"{seed}:away"))
    while s.phase is not Phase.OVER:
        x = seats_to_move(s)[0]
        s, _ = apply(s, agents[x].choose(s, x, legal_actions(s, x)))
        check_invariants(s)
        for z in s.magic.zombies if s.magic is not None else ():
            assert z.man >= 0 and z.hexes >= 0 and z.char not in s.named
    return s


ZOMBIE_MATCHES = matches(60, 3)


def test_greedy_playouts_raise_zombies_that_act_and_replay__rb_p15():
    """Over these fixed seeds the greedy witch-masters raise the dead (Élőholt teremtése, RB
    p.15), the zombies spend their own MAN, and every such match replays to the same state.

    The thorough run plays all 60 seeds; `make test` plays them in the same order until three
    matches have raised the dead and a zombie has acted (tests/budget.py): every match played is
    checked decision by decision as before."""
    raised = acted = with_zombies = 0
    with paused_gc():
        for i in range(60):
            if with_zombies >= ZOMBIE_MATCHES and acted:
                break
            s = _zombie_playout(f"ci:{i}")
            events = match_events(s)
            if not any(isinstance(e, ZombieRaised) for e in events):
                continue
            with_zombies += 1
            raised += sum(isinstance(e, ZombieRaised) for e in events)
            acted += sum(isinstance(e, ZombieActed) and e.man > 0 for e in events)
            assert state_hash(replay(s.setup, events)) == state_hash(s)
    assert raised >= 1 and acted >= 1, (raised, acted)


def test_greedy_agents_cast_damaging_spells_on_enemies():
    casts = []
    for seed in range(4):
        s, _ = play_match(TEAMS, seed, (GreedyAgent(seed), GreedyAgent(seed + 1)))
        casts.extend(_casts(s))
    assert casts
    assert any(e.spell in ("pain", "bowel_rot", "lightning_bolt", "great_lightning", "terrible_lightning",
                           "fatal_poison", "agonising_poison", "chain_lightning") for e in casts)  # fmt: skip


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_playouts_with_magic_replay_to_the_same_state(seed):
    s = new_match(TEAMS, seed=seed)
    agents = (RandomAgent(f"{seed}:0"), RandomAgent(f"{seed}:1"))
    while s.phase is not Phase.OVER:
        x = seats_to_move(s)[0]
        s, _ = apply(s, agents[x].choose(s, x, legal_actions(s, x)))
        check_invariants(s)
        assert s.magic is None or all(x.last is None or x.last >= s.round for x in s.magic.lasting)
    assert state_hash(replay(s.setup, match_events(s))) == state_hash(s)


def _quiet_play(s, seed):
    """Seat 0 never uses magic (so it never shows a disc); both choose at random otherwise.
    Returns what seat 1 and the spectators see after each decision."""
    rng = random.Random(seed)
    seen = []
    while s.phase is not Phase.OVER:
        x = seats_to_move(s)[0]
        options = [a for a in legal_actions(s, x) if type(a).__name__ != "Concede"]
        if x == 0:
            options = [a for a in options if type(a) not in MAGIC_ACTIONS]
        s, events = apply(s, options[rng.randrange(len(options))])
        # typed views compare field by field; the events as the seats would read them
        events_seen = json.dumps([events_for(events, 1), events_for(events, None)], sort_keys=True, default=str)
        seen.append((view(s, 1), view(s, None), events_seen))
    return seen


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), shift=st.integers(1, 4))
def test_no_unplayed_disc_level_reaches_the_opponent_or_the_spectators__rb_p7_hr12_36(seed, shift):
    """Two matches that differ only in seat 0's disc levels look the same to seat 1 and to the
    spectators, decision by decision, while seat 0 plays no disc."""
    a = new_match(TEAMS, seed=seed)
    b = a.clone()
    b.discs[0] = tuple(sorted((level - 1 + shift) % 5 + 1 for level in a.discs[0]))
    assert view_json(a, 1) == view_json(b, 1) and view_json(a, None) == view_json(b, None)
    assert _quiet_play(a, seed) == _quiet_play(b, seed)
