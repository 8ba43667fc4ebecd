"""A team's campaign record (HR-10.4, the *Krónika*): its members with their records, the team
value, treasury, amulets and pile, and the match log built from the league's log."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.experience import ADVANCE_THRESHOLDS, advances_earned
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.results import ResultKind
from arena.engine.content.amulets import AMULETS
from arena.engine.content.profiles import GLADIATOR
from arena.engine.content.weapons import WEAPONS
from arena.engine.roster import ABSENT, DEAD, HIRELING, Member, Problem, Roster
from common.i18n import entry_name, is_hungarian
from teams.models import Character
from teams.presenters import character_lines
from teams.services import member_fields

from ..advances import advance_from_json, advance_text
from ..league_labels import injury_label, result_label, slot_label, stat_label, status_label
from ..log_text import event_text
from ..models import CampaignEvent, Entry, Fixture, MemberRecord
from ..rosters import entry_roster, fielding_problems

Kind = CampaignEvent.Kind


@dataclass(frozen=True)
class MemberSheet:
    member: Member
    record: MemberRecord
    lines: list[tuple[str, str]]

    @property
    def profile(self) -> str:
        return dict(self.lines).get(_("Profile"), "")  # the lines are labelled in the reader's language

    @property
    def skills(self) -> str:
        return dict(self.lines).get(_("Skills"), "")

    @property
    def status(self) -> str:
        """``Absent, 2 matches`` / ``Hiányzik, még 2 mérkőzés``, else ``Active``, ``Dead`` …"""
        if self.member.status == ABSENT:
            missed = self.record.matches_missed
            return ngettext("Absent, %(count)s match", "Absent, %(count)s matches", missed) % {"count": missed}
        return capfirst(status_label(self.member.status))

    @property
    def is_dead(self) -> bool:
        return self.member.status == DEAD

    @property
    def is_absent(self) -> bool:
        return self.member.status == ABSENT

    @property
    def advances(self) -> list[str]:
        return [advance_text(advance_from_json(a)) for a in self.record.advances]

    @property
    def advances_pending(self) -> int:
        return 0 if self.is_dead else advances_earned(self.record.xp) - len(self.record.advances)

    @property
    def next_advance_at(self) -> int | None:
        if self.is_dead:
            return None
        return next((xp for xp in ADVANCE_THRESHOLDS if xp > self.record.xp), None)

    @property
    def injuries(self) -> list[str]:
        return injury_texts(self.record)


def injury_texts(record: MemberRecord) -> list[str]:
    texts = []
    for injury in record.injuries:
        text = injury_label(injury["result"])
        if injury.get("lasting"):
            text += f" (−{injury['lasting']['amount']} {stat_label(injury['lasting']['stat'])})"
        texts.append(text)
    return texts


@dataclass
class LogLine:
    """One line of the match log (HR-10.4): a match, or the time before the first, and what followed."""

    entry_id: int
    event: CampaignEvent | None
    casualties: list[str] = field(default_factory=list)
    xp: int = 0
    gold: int = 0
    spending: list[str] = field(default_factory=list)

    @property
    def fixture(self) -> Fixture | None:
        return self.event.fixture if self.event else None

    @property
    def result_label(self) -> str:
        if not self.event:
            return ""
        words = self.event.data.get("result_text")  # another game's own word for its result
        if isinstance(words, dict):
            return str(words.get("hu" if is_hungarian() else "en", ""))
        return result_label(ResultKind(self.event.data["result"]))

    @property
    def opponent(self) -> str:
        fixture = self.fixture
        if fixture is not None and fixture.is_four_seat and self.event:  # the seats it played against
            return str(self.event.data.get("opponent", ""))
        if fixture is None or fixture.away is None:
            return _("bye")
        return fixture.away.name if fixture.home_id == self.entry_id else fixture.home.name

    @property
    def arena(self) -> str:
        """Arena score for–against, or "—" for a bye or a match without a result."""
        fixture = self.fixture
        if fixture is not None and fixture.is_four_seat and self.event:  # as recorded: own against theirs
            return f"{self.event.data.get('own', 0)}–{self.event.data.get('other', 0)}"
        result = getattr(fixture, "result", None) if fixture else None
        if fixture is None or fixture.is_bye or result is None:
            return "—"
        scores = result.shown_scores
        own, other = scores if fixture.home_id == self.entry_id else scores[::-1]
        return f"{own}–{other}"


def match_log(entry_id: int, events: list[CampaignEvent]) -> list[LogLine]:
    """Group a team's events by match: each result event starts a line (HR-10.4)."""
    lines = [LogLine(entry_id, None)]
    for event in events:
        if event.kind == Kind.RESULT:
            lines.append(LogLine(entry_id, event))
        elif event.kind in (Kind.INJURY, Kind.BROKEN, Kind.ILLUSION, Kind.RAISED):
            lines[-1].casualties.append(event_text(event))
        elif event.kind == Kind.XP:
            lines[-1].xp += event.data.get("xp", 0)
        elif event.kind == Kind.INCOME:
            lines[-1].gold += event.data.get("gold", 0)
        elif event.kind in (Kind.PURCHASE, Kind.HEALER, Kind.ADVANCE, Kind.MATCH_ITEM):
            lines[-1].spending.append(event_text(event))
    return lines if lines[0].spending else lines[1:]


@dataclass(frozen=True)
class CampaignSheet:
    entry: Entry
    roster: Roster
    members: list[MemberSheet]
    fallen: list[MemberRecord]
    value: int
    hirelings: list[Member]
    problems: tuple[Problem, ...]
    log: list[LogLine]

    @property
    def amulets(self) -> list[str]:
        return [capfirst(entry_name(AMULETS[a])) if a in AMULETS else a for a in self.roster.amulets]

    @property
    def hireling_roles(self) -> list[str]:
        return [slot_label(m.slot).lower() for m in self.hirelings]

    @property
    def pile(self) -> list[str]:
        gladiator = self.roster.member(GLADIATOR)
        return [entry_name(WEAPONS[i]) if i in WEAPONS else i for i in gladiator.pile] if gladiator else []

    @property
    def broken(self) -> list[tuple[str, str]]:
        """The weapons broken by Fegyvertörés, waiting for repair: ``(id, name)``, one per copy. Out of
        the pile until repaired (never fielded), they still take their places in it (HR-10.7)."""
        return [(i, entry_name(WEAPONS[i]) if i in WEAPONS else i) for i in self.entry.broken]


def team_events(entry: Entry) -> list[CampaignEvent]:
    return list(entry.events.select_related("fixture__home", "fixture__away", "fixture__result").order_by("seq"))


def campaign_sheet(entry: Entry) -> CampaignSheet:
    roster = entry_roster(entry)
    records = list(entry.members.all())
    current = {r.slot: r for r in records if r.current}
    members = [
        MemberSheet(m, current[m.slot], character_lines(Character(**member_fields(m))))
        for m in roster.members
        if m.slot in current
    ]
    return CampaignSheet(
        entry=entry,
        roster=roster,
        members=members,
        fallen=[r for r in records if not r.current],
        value=team_value(roster),
        hirelings=[m for m in fielded_roster(roster).members if m.status == HIRELING],
        problems=fielding_problems(roster),
        log=match_log(entry.pk, team_events(entry)),
    )
