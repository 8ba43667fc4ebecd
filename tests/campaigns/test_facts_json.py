"""A result's member facts as ``Result.members`` and ``ArenaResult.members`` store them: the deeds
against the enemy strategists and gladiators are counts (one each at most in a duel, more in a
four-seat match, HR-8); results stored while they were yes/no flags read as counts of 0 or 1."""

from __future__ import annotations

from campaigns.result_facts import Fate, MemberFacts, member_to_json, side_from_json


def test_counts_survive_the_round_trip() -> None:
    member = MemberFacts(fate=Fate.WOUNDED, strategists_killed=2, gladiators_damaged=3, gladiators_destroyed=2)
    assert side_from_json({"gladiator": member_to_json(member)}).members["gladiator"] == member


def test_a_result_stored_with_flags_reads_as_counts() -> None:
    stored = {
        "fate": "dead",
        "final_ep": -3,
        "fighters_killed": 1,
        "strategist_killed": True,
        "damaged_gladiator": True,
        "destroyed_gladiator": False,
        "took_part": True,
    }
    member = side_from_json({"crossbowman": stored}).members["crossbowman"]
    assert member == MemberFacts(
        fate=Fate.DEAD, final_ep=-3, fighters_killed=1, strategists_killed=1, gladiators_damaged=1
    )
    assert member.kills == 2
