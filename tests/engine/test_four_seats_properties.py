"""Whole random four-seat playouts (HR-8): the two-player invariants hold for four seats.

Hypothesis draws the seeds, the mode and the agents; after every decision: MAN never negative,
never more than three living characters on a hex whoever's they are, gladiators inside the central
circle and nobody else in it; the seat that owes a decision always has one to make (no stuck
seat); every match ends by the round limit (24); the log replayed (``replay``) and the actions
played again (``replay_actions``) give the same state hash. Secrecy: two matches that differ only
in seat 0's secrets (amulets, ME tokens, trap cards, discs, the grip before it is shown) look the
same to seats 1-3 (his partner in pairs included, HR-8: nothing is shared) and to the spectators.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st

from arena.engine import (
    apply,
    events_for,
    legal_actions,
    match_events,
    replay,
    replay_actions,
    seats_to_move,
    state_hash,
    view,
)
from arena.engine.agents import GreedyAgent, RandomAgent
from arena.engine.campaign.four_player_results import check_arena_facts
from arena.engine.campaign.match_facts import arena_facts
from arena.engine.match.actions import AssignAmulet, AssignMeToken, Concede, PassTraps, RecordGrip
from arena.engine.match.state import ON_BOARD, Phase, State
from arena.engine.match.traps import marks as trap_marks
from arena.engine.match.words import ArenaMode
from tests.budget import examples

from .four_helpers import GRIP, four_match
from .magic_helpers import magic_at_stake
from .match_helpers import G

MODES = st.sampled_from([ArenaMode.PAIRS, ArenaMode.FFA])
HIDDEN_FROM_OTHERS = ("Cast", "PlayTraps", "TriggerTrap")  # seat 0 never shows a card or a disc


def check_invariants(s: State) -> None:
    n = len(s.sheets)
    assert n == 24 and s.pool >= 0 and s.granted >= 0
    assert all(0 <= m <= 4 for m in s.strat_man)
    assert all(d >= 0 for d in s.debt)
    per_hex = Counter(s.pos[c] for c in range(n) if ON_BOARD[c] and s.alive[c] and s.pos[c] >= 0)
    assert max(per_hex.values(), default=0) <= 3  # all sides together (HR-8, RB p.8)
    for c in range(n):
        if ON_BOARD[c] and s.pos[c] >= 0 and s.alive[c]:
            assert G.central[s.pos[c]] == s.sheets[c].is_gladiator, s.sheets[c].id
            assert not G.tower[s.pos[c]]
    assert all(trap_marks.active(s, m) and (m.char < 0 or s.alive[m.char]) for m in s.trap_marks)
    if s.four is not None and s.four.mode is ArenaMode.FFA:
        for x in range(4):  # an eliminated seat has nothing left on the board (HR-8)
            if s.four.out[x]:
                assert s.traps[x] == () and not any(s.alive[c] for c in s.seat_chars(x) if s.side[c] == x)


def playout(mode: ArenaMode, seed: int, greedy: int = 0) -> tuple[State, list]:
    """``greedy``: a bit mask of the seats that play greedily (the others at random)."""
    s = four_match(mode, seed, traps=None)
    agents = [(GreedyAgent if greedy >> x & 1 else RandomAgent)(f"{seed}:{x}") for x in range(4)]
    actions = []
    n = 0
    while s.phase is not Phase.OVER:
        seat = seats_to_move(s)[0]
        options = legal_actions(s, seat)
        assert [a for a in options if not isinstance(a, Concede)], (seed, n)  # no stuck seat
        action = agents[seat].choose(s, seat, options)
        s, _ = apply(s, action)
        actions.append(action)
        n += 1
        check_invariants(s)
        assert n < 10_000
    return s, actions


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=MODES, seed=st.integers(0, 2**31), greedy=st.integers(0, 15))
# Found by this test: a witch-master raised a corpse on a hex of three living characters (RB p.8).
@example(mode=ArenaMode.PAIRS, seed=1202, greedy=5)
def test_four_seat_playouts_keep_the_invariants_end_and_replay__hr8(mode, seed, greedy):
    s, actions = playout(mode, seed, greedy)
    result = s.result
    assert result is not None and result.round <= 24
    if result.kind == "points_victory":
        assert result.round == 24
    assert len(result.scores) == 4
    assert state_hash(replay(s.setup, match_events(s))) == state_hash(s)
    assert state_hash(replay_actions(s.setup, actions)) == state_hash(s)
    # the league points' gladiators destroyed (HR-8) and the members' deeds (HR-10.6) are one
    # reading of who dealt a damage, counted per enemy
    facts = arena_facts(s)
    check_arena_facts(facts, round_limit=24)  # the league accepts what the engine ended (HR-8, HR-10.1)
    enemies = mode.enemy_teams
    for seat, side in enumerate(facts.sides):
        assert side.gladiators_destroyed == facts.placing(seat).gladiators_destroyed <= enemies
        assert side.strategists_killed <= enemies
        assert all(m.gladiators_damaged <= enemies for m in side.members.values())


# --- secrecy (RB p.7, HR-12 rulings 35-36, HR-8) ---------------------------------------------------


def _with_secrets(mode: ArenaMode, seed: int, rng: random.Random, variant: int, discs: tuple[int, ...]):
    """Seat 0's trap cards (``variant`` 0: the first 3 of the cards no other seat holds, 1: the
    last 3) and discs replaced, his amulets and tokens handed out at random; the other seats keep
    their hands and take the first option. The cards are rewritten into the log (``four_match``)."""
    s = four_match(mode, seed, traps=None)
    free = [c for c in range(1, 17) if all(c not in h for h in s.traps[1:])]
    hands = [free[:3] if variant == 0 else free[-3:], *s.traps[1:]]
    s = four_match(mode, seed, traps=tuple(tuple(h) for h in hands))
    s = s.clone()
    s.discs[0] = discs
    while s.phase is Phase.SECRETS:
        for x in seats_to_move(s):
            options = [a for a in legal_actions(s, x) if isinstance(a, AssignAmulet | AssignMeToken)]
            s, _ = apply(s, rng.choice(options) if x == 0 else options[0])
    return s


def _at_stake(before: State, events: list) -> bool:
    """A secret of seat 0 is put to the test in the open: an amulet against a trap's poison, a
    spell that an amulet or an ME token decides (its outcome shows the secret or its absence)."""
    from arena.engine.match.events import AmuletRevealed, TrapPoisonResolved
    from arena.engine.match.magic.events import SpellCast

    for e in events:
        if isinstance(e, AmuletRevealed) and e.char.startswith("0."):
            return True
        if isinstance(e, TrapPoisonResolved) and e.target.startswith("0."):
            return True
    # a spell is a test of his secrets only if it may reach one of his characters
    casts = [e for e in events if isinstance(e, SpellCast)]
    reaching = [e for e in casts if e.hex is not None or any(x.startswith("0.") for x in (e.target or "", *e.chain))]
    return magic_at_stake(before, [e for e in events if not isinstance(e, SpellCast) or e in reaching])


def _others_see(s: State, seed: int, grip: tuple[str, ...], until_reveal: bool) -> list[str]:
    rng = random.Random(seed)
    seen: list[str] = []
    while s.phase is not Phase.OVER:
        x = seats_to_move(s)[0]
        options = [a for a in legal_actions(s, x) if not isinstance(a, Concede)]
        if x == 0:
            options = [a for a in options if type(a).__name__ not in HIDDEN_FROM_OTHERS] or [PassTraps(0)]
        if s.phase is Phase.GRIPS:
            action = RecordGrip(0, grip) if x == 0 else options[0]
        else:
            action = options[rng.randrange(len(options))]
        after, events = apply(s, action)
        if (until_reveal and after.revealed[0]) or _at_stake(s, events):
            break  # the grip is public from the first gladiator step on (HR-11)
        s = after
        seen.append(tuple(view(s, y) for y in (1, 2, 3, None)))  # typed views compare field by field
    log = match_events(s)
    seen.append(json.dumps([events_for(log, y) for y in (1, 2, 3, None)], default=str))
    return seen


@settings(
    max_examples=examples(6),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[HypothesisPhase.explicit, HypothesisPhase.reuse, HypothesisPhase.generate],
)
@given(mode=MODES, seed=st.integers(0, 2**31), a=st.integers(0, 2**31), b=st.integers(0, 2**31))
def test_no_secret_of_seat_0_reaches_another_seat_partner_included__hr8_hr12_36(mode, seed, a, b):
    """Two matches that differ only in seat 0's amulets, ME tokens, trap cards and discs (seat 0
    never casting nor playing a card) look the same to seats 1-3 and the spectators, decision by
    decision, to the end or until a spell or a trap puts one of his secrets to the test; with
    different grips as well, until the grips are shown (HR-11)."""
    for grips, until_reveal in (((GRIP, GRIP), False), ((("halberd",), ("greatsword",)), True)):
        seen = []
        for secret, variant, discs, grip in (
            (a, 0, (1, 1, 2, 2, 3, 3), grips[0]),
            (b, 1, (1, 2, 3, 4, 5, 5), grips[1]),
        ):
            s = _with_secrets(mode, seed, random.Random(secret), variant, discs)
            seen.append(_others_see(s, seed, grip, until_reveal))
        assert seen[0] == seen[1]


def test_greedy_agents_close_on_enemy_gladiators_and_never_strike_a_partner__hr8():
    """Greedy pairs and free-for-all matches end with gladiators destroyed; no attack, throw or
    harmful cast of a greedy seat is ever aimed at its own camp (partners included; a zombie is of
    its creator's camp, an Orgyilkosság victim's designee excepted, RB p.17) (fixed seeds)."""
    from arena.engine.match.events import Died
    from arena.engine.match.magic.spellcasting import HARMFUL

    ends = Counter()
    for mode in (ArenaMode.PAIRS, ArenaMode.FFA):
        for seed in range(3):
            s = four_match(mode, seed, traps=None)
            agents = [GreedyAgent(f"{seed}:{x}") for x in range(4)]
            while s.phase is not Phase.OVER:
                seat = seats_to_move(s)[0]
                a = agents[seat].choose(s, seat, legal_actions(s, seat))
                kind = type(a).__name__
                harmful = kind in ("MeleeAttack", "RangedAttack", "Throw") or (kind == "Cast" and HARMFUL[a.spell])
                target = getattr(a, "target", None)
                if harmful and isinstance(target, str):
                    frenzied = s.magic is not None and s.magic.frenzied >> s.index[a.char] & 1
                    assert frenzied or s.camp[s.index[target]] != s.seat_camp[a.seat], a
                s, _ = apply(s, a)
            fallen = [e.char for e in match_events(s) if isinstance(e, Died) and e.char.endswith(".gladiator")]
            ends[s.result.kind] += 1
            assert fallen, (mode, seed)  # they fought: at least one gladiator fell
    assert ends["victory"] >= 3
