"""The match report: the fixture, its result member by member, the campaign log of the match (every
roll), the result's audit trail, and patronage before the match (HR-10.8)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from arena.engine.campaign.campaign import team_value
from arena.engine.campaign.match_items import patronage_points

from ..facts import MatchFacts, MemberFacts, facts_of
from ..labels import RESULT_LABELS, slot_label
from ..models import CampaignEvent, Entry, Fixture, Result
from ..rosters import entry_roster
from .fixtures import FixtureLine, fixture_line

AUDITED_FIELDS = ("home_result", "rounds_played", "home_score", "away_score", "members", "thumbs", "notes",
                  "dispute_reason")


@dataclass(frozen=True)
class HistoryLine:
    when: object
    who: str
    reason: str
    changes: list[str]


@dataclass(frozen=True)
class SideReport:
    entry: Entry
    result_label: str
    score: int
    members: list[tuple[str, MemberFacts]]


@dataclass(frozen=True)
class MatchReport:
    line: FixtureLine
    result: Result | None
    sides: list[SideReport]
    history: list[HistoryLine]
    events: list[CampaignEvent]
    patronage: list[tuple[Entry, int]]

    @property
    def fixture(self) -> Fixture:
        return self.line.fixture


def _side(entry: Entry, index: int, facts: MatchFacts) -> SideReport:
    names = {m.slot: m.name for m in entry_roster(entry).members}
    own = facts.side(index)
    rows = [(_member_label(names.get(slot, ""), slot), f) for slot, f in own.members.items()]
    score = facts.home_score if index == 0 else facts.away_score
    return SideReport(entry, RESULT_LABELS[facts.result_of(index)], score, rows)


def _member_label(name: str, slot: str) -> str:
    """The member's name, with his role when the name is not the role's."""
    role = slot_label(slot)
    return f"{name} ({role})" if name and name != role else role


def result_history(result: Result) -> list[HistoryLine]:
    """Every saved version of the result, oldest first, with what changed from the one before."""
    records = list(result.history.select_related("history_user").order_by("history_date", "history_id"))
    lines = []
    for previous, record in zip([None, *records], records, strict=False):
        changes: list[str] = []
        if previous is not None:
            delta = record.diff_against(previous, included_fields=AUDITED_FIELDS)
            ordered = sorted(delta.changes, key=lambda change: AUDITED_FIELDS.index(change.field))
            changes = [_change_text(c.field, c.old, c.new) for c in ordered]
        who = record.history_user.get_username() if record.history_user else "the hosted match"
        lines.append(HistoryLine(record.history_date, who, record.history_change_reason or "", changes))
    return lines


def _change_text(name: str, old: object, new: object) -> str:
    if name == "members":
        return "member details changed"
    return f"{name.replace('_', ' ')}: {old or '—'} → {new or '—'}"


def _patronage(fixture: Fixture) -> list[tuple[Entry, int]]:
    if not fixture.awaits_result or fixture.away is None:
        return []
    home, away = team_value(entry_roster(fixture.home)), team_value(entry_roster(fixture.away))
    both = [(fixture.home, patronage_points(home, away)), (fixture.away, patronage_points(away, home))]
    return [(entry, points) for entry, points in both if points]


def match_report(fixture: Fixture, user: AbstractBaseUser | AnonymousUser) -> MatchReport:
    result = Result.objects.filter(fixture=fixture).first()
    sides: list[SideReport] = []
    history: list[HistoryLine] = []
    if result is not None and fixture.away is not None:
        facts = facts_of(result)
        sides = [_side(fixture.home, 0, facts), _side(fixture.away, 1, facts)]
        history = result_history(result)
    events = list(fixture.events.select_related("entry").order_by("seq"))
    return MatchReport(fixture_line(fixture, user), result, sides, history, events, _patronage(fixture))
