"""What a finished match tells the league (``match_facts``; HR-10.5-10.7; docs/decisions.md).

Worked examples play real actions with fixed dice; teams with low Ép stand in for long fights, so
the log alone (what ``match_facts`` reads) leads to the positions the examples assert.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import apply, match_events, replay, state_hash
from arena.engine.agents import AGENTS
from arena.engine.agents.simulate import play_match
from arena.engine.campaign.facts import Fate
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.match_facts import match_facts
from arena.engine.campaign.results import ResultKind
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.content.common import Stat
from arena.engine.match.actions import Concede, Dodge, MeleeAttack
from arena.engine.match.events import Died, ItemBroken
from arena.engine.match.state import MatchOptions
from arena.engine.roster import Roster, base_roster
from tests.budget import examples

from .match_helpers import act, name, of_kind, place, started, to_step


def with_ep(roster: Roster, **ep: int) -> Roster:
    members = tuple(
        replace(m, stats=MappingProxyType({**m.stats, Stat.EP: ep[m.slot]})) if m.slot in ep else m
        for m in roster.members
    )
    return replace(roster, members=members)


def test_a_killing_blow_is_the_attackers_deed_and_the_victim_falls_with_his_ep__hr10_5_hr10_6():
    teams = (base_roster(), with_ep(base_roster(), laeva=3))
    s = place(started(teams=teams), {"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1])  # 21 against 10: 5 Sp, SFÉ 1
    assert of_kind(events, Died) == [Died("1.laeva")]
    s, _ = apply(s, Concede(1))
    facts = match_facts(s)
    assert (facts.home_result, facts.rounds_played, facts.home_score, facts.away_score) == (
        ResultKind.VICTORY,
        1,
        3,  # +3 per enemy non-gladiator killed (HR-10.1)
        0,
    )
    deasta = facts.home.members["deasta"]
    assert (deasta.fighters_killed, deasta.kills, deasta.fate) == (1, 1, Fate.UNHURT)
    laeva = facts.away.members["laeva"]
    assert (laeva.fate, laeva.final_ep) == (Fate.DEAD, -1)  # 3 Ép, 4 lost
    assert all(m.fate is Fate.UNHURT for slot, m in facts.away.members.items() if slot != "laeva")
    assert facts.away.killed == 1 and facts.home.fighters_killed == 1


def test_destroying_the_gladiator_is_his_destroyer_s_deed_with_the_damage__hr10_6():
    teams = (base_roster(), with_ep(base_roster(), gladiator=2))
    s = to_step(started(teams=teams), 5)
    s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    assert of_kind(events, Died) == [Died("1.gladiator")]
    facts = match_facts(s, thumbs=Thumbs.DOWN, notes="a clean fight")
    glad = facts.home.members["gladiator"]
    assert (glad.gladiators_damaged, glad.gladiators_destroyed, glad.fighters_killed, glad.kills) == (1, 1, 0, 1)
    fallen = facts.away.members["gladiator"]
    assert fallen.fate is Fate.DEAD and fallen.final_ep < 0
    assert (facts.home_result, facts.away_score, facts.thumbs, facts.notes) == (
        ResultKind.VICTORY,
        0,
        Thumbs.DOWN,
        "a clean fight",
    )
    assert facts.result_of(1) is ResultKind.DEFEAT


def test_a_wounded_survivor_is_wounded_and_the_defeated_side_sees_a_defeat__hr10_5():
    s = place(started(), {"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, _ = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1])  # 4 Ép of his 10
    s, _ = apply(s, Concede(0))
    facts = match_facts(s)
    assert facts.home_result is ResultKind.DEFEAT and facts.won(1)
    assert facts.away.members["laeva"].fate is Fate.WOUNDED
    assert facts.home.members["deasta"].fighters_killed == 0


def test_items_broken_by_fegyvertores_belong_to_the_gladiator_s_side__hr10_7():
    s = to_step(started(), 5)
    s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "weapon_breaking", "shield", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    assert of_kind(events, ItemBroken) == [ItemBroken("1.gladiator", "shield")]
    s, _ = apply(s, Concede(1))
    facts = match_facts(s)
    assert (facts.home.broken, facts.away.broken) == ((), ("shield",))


def test_a_match_that_is_not_over_has_no_facts():
    with pytest.raises(ValueError, match="not over"):
        match_facts(started())


def test_a_miss_is_nobody_s_deed__hr10_6():
    teams = (base_roster(), with_ep(base_roster(), laeva=3))
    s = place(started(teams=teams), {"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, _ = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 10])  # a miss
    s, _ = apply(s, Concede(1))
    facts = match_facts(s)
    assert all(
        m.kills == 0 and not m.gladiators_damaged for side in (facts.home, facts.away) for m in side.members.values()
    )


# --- every finished match -------------------------------------------------------------------------


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    agent=st.sampled_from(["random", "greedy"]),
    optional=st.sets(st.sampled_from(sorted(OPTIONAL_RULES)), max_size=3),
)
def test_the_facts_of_any_match_agree_with_its_end_state(seed, agent, optional):
    options = MatchOptions(optional=frozenset(optional))
    factory = AGENTS[agent]
    state, _ = play_match((base_roster(), base_roster()), seed, (factory(f"{seed}:0"), factory(f"{seed}:1")), options)
    facts = match_facts(state)
    result = state.result
    assert (facts.home_score, facts.away_score, facts.rounds_played) == (*result.scores, result.round)
    assert state_hash(replay(state.setup, match_events(state))) == state_hash(state)
    for seat, side in enumerate((facts.home, facts.away)):
        enemy = facts.side(1 - seat)
        assert set(side.members) == {"gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist"}
        dead = {slot for slot, m in enemy.members.items() if m.fate is Fate.DEAD}
        fighters_dead = len(dead - {"gladiator", "strategist"})
        assert side.fighters_killed <= fighters_dead
        assert side.strategists_killed <= ("strategist" in dead)
        destroyers = [m for m in side.members.values() if m.gladiators_destroyed]
        assert len(destroyers) <= ("gladiator" in dead)
        assert all(m.gladiators_damaged for m in destroyers)
        assert all(m.final_ep <= 0 for m in side.members.values() if m.fate is Fate.DEAD)
        assert all(m.final_ep == 0 for m in side.members.values() if m.fate is not Fate.DEAD)
    if result.winner is None:
        assert facts.home_result is ResultKind.DRAW
    else:
        assert facts.won(result.winner) and not facts.won(1 - result.winner)
