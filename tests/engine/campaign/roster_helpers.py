"""Rosters for the campaign tests: the base team, one member, a member's status changed."""

from __future__ import annotations

from dataclasses import replace

from arena.engine.roster import Member, Roster, base_roster

BASE = base_roster("Vasfarkasok")


def member(roster: Roster, slot: str) -> Member:
    found = roster.member(slot)
    assert found is not None, slot
    return found


def with_status(roster: Roster, slot: str, status: str) -> Roster:
    return replace(
        roster,
        members=tuple(replace(m, status=status) if m.slot == slot else m for m in roster.members),
    )
