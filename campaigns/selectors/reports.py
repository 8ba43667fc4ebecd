"""The match report: the fixture, its result member by member with the weapons broken, the campaign
log of the match (every roll), the result's audit trail, and each side's one-match items and
patronage (HR-10.7, HR-10.8)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from arena.engine.campaign.results import ResultKind

from ..bought_items import weapon_label
from ..league_labels import result_label, slot_label, thumbs_label
from ..models import CampaignEvent, Entry, Fixture, Result
from ..permissions import is_owner
from ..result_facts import MatchFacts, MemberFacts, facts_of
from ..rosters import entry_roster
from .fixture_items import SidePreparation, fixture_preparations
from .fixtures import FixtureLine, fixture_line

AUDITED_FIELDS = (
    "home_result",
    "rounds_played",
    "home_score",
    "away_score",
    "members",
    "broken",
    "thumbs",
    "notes",
    "dispute_reason",
    "report",
)
FIELD_NAMES = {
    "home_result": gettext_lazy("home result"),
    "rounds_played": gettext_lazy("rounds played"),
    "home_score": gettext_lazy("home score"),
    "away_score": gettext_lazy("away score"),
    "broken": gettext_lazy("broken weapons"),
    "thumbs": gettext_lazy("thumbs"),
    "notes": gettext_lazy("notes"),
    "dispute_reason": gettext_lazy("dispute reason"),
}
# the reasons the services give each saved version of a result (``history_change_reason``)
REASONS = {
    "Reported": gettext_lazy("Reported"),
    "Confirmed": gettext_lazy("Confirmed"),
    "Disputed": gettext_lazy("Disputed"),
    "Settled": gettext_lazy("Settled"),
    "Corrected": gettext_lazy("Corrected"),
    "Hosted match": gettext_lazy("Hosted match"),
}
FORFEIT_BY = "Forfeit by "


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
    members: list[tuple[str, MemberFacts, list[str]]]  # name, facts, deeds
    broken: list[str]


@dataclass(frozen=True)
class MatchReport:
    line: FixtureLine
    result: Result | None
    sides: list[SideReport]
    history: list[HistoryLine]
    events: list[CampaignEvent]
    preparations: list[SidePreparation]
    buying: frozenset[str]  # the sides ("home", "away") the viewer may buy one-match items for

    @property
    def fixture(self) -> Fixture:
        return self.line.fixture

    @property
    def shows_preparations(self) -> bool:
        return bool(self.buying) or any(not p.is_empty for p in self.preparations)

    @property
    def story(self) -> list[str]:
        return result_story(self.fixture, self.result)


def result_story(fixture: Fixture, result: Result | None) -> list[str]:
    """Who made the result what it is, in a few words: reported and confirmed by the players, settled
    or entered by the organiser, a forfeit, a hosted match."""
    if result is None:
        return []
    Status = Fixture.Status

    def name(user: User | None) -> str:
        return user.get_username() if user is not None else ""

    organiser_id = fixture.league.organiser_id
    reporter, confirmer = result.reported_by, result.confirmed_by
    if fixture.status == Status.FORFEIT:
        return [_("Forfeit recorded by the organiser")]
    if result.hosted and reporter is None:
        return [_("Played on the site; the match reported itself")]
    entered = reporter is not None and reporter.pk == organiser_id and not result.dispute_reason
    if fixture.status == Status.SETTLED and entered and confirmer is not None and confirmer.pk == organiser_id:
        return [_("Entered by the organiser")]
    story = [_("Reported by %(player)s") % {"player": name(reporter)}] if reporter is not None else []
    if result.hosted:  # played at the table on the reporter's device
        story = [_("Played at the table on %(player)s's device") % {"player": name(reporter)}]
    if fixture.status == Status.REPORTED:
        story.append(_("waiting for the opponent to confirm it"))
    elif fixture.status == Status.DISPUTED:
        story.append(_("Disputed: waiting for the organiser"))
    elif fixture.status == Status.SETTLED:
        story.append(
            _("Disputed, then settled by the organiser") if result.dispute_reason else _("Settled by the organiser")
        )
    elif fixture.status == Status.CONFIRMED and confirmer is not None:
        story.append(_("Confirmed by %(player)s") % {"player": name(confirmer)})
    return story


def deed_texts(facts: MemberFacts) -> list[str]:
    """A member's deeds, each on its own: destroying the gladiator also hurt him (HR-10.6 gives both)."""
    deeds = []
    if facts.fighters_killed:
        count = facts.fighters_killed
        deeds.append(ngettext("Killed %(count)s fighter", "Killed %(count)s fighters", count) % {"count": count})
    if facts.strategists_killed == 1:
        deeds.append(_("Killed the strategist"))
    elif facts.strategists_killed:
        deeds.append(_("Killed %(count)s strategists") % {"count": facts.strategists_killed})
    hurt = max(facts.gladiators_damaged, facts.gladiators_destroyed)
    if hurt == 1:
        deeds.append(_("Hurt the gladiator"))
    elif hurt:
        deeds.append(_("Hurt %(count)s gladiators") % {"count": hurt})
    if facts.gladiators_destroyed == 1:
        deeds.append(_("Destroyed the gladiator"))
    elif facts.gladiators_destroyed:
        deeds.append(_("Destroyed %(count)s gladiators") % {"count": facts.gladiators_destroyed})
    return deeds


def _side(entry: Entry, index: int, facts: MatchFacts) -> SideReport:
    names = {m.slot: m.name for m in entry_roster(entry).members}
    own = facts.side(index)
    rows = [(_member_label(names.get(slot, ""), slot), f, deed_texts(f)) for slot, f in own.members.items()]
    score = facts.home_score if index == 0 else facts.away_score
    broken = [weapon_label(item) for item in own.broken]
    return SideReport(entry, result_label(facts.result_of(index)), score, rows, broken)


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
        # a hosted match's result is saved by no one: its reason ("Hosted match") says who
        who = record.history_user.get_username() if record.history_user else ""
        lines.append(HistoryLine(record.history_date, who, reason_text(record.history_change_reason or ""), changes))
    return lines


def reason_text(reason: str) -> str:
    """A stored change reason in the reader's language (``Reported`` / ``Jelentve`` …)."""
    if reason.startswith(FORFEIT_BY):
        return _("Forfeit by %(team)s") % {"team": reason.removeprefix(FORFEIT_BY)}
    return str(REASONS.get(reason, reason))


def _value_text(name: str, value: object) -> str:
    if not value and value != 0:
        return "—"
    if name == "home_result":
        return result_label(ResultKind(str(value))).lower()
    if name == "thumbs":
        return thumbs_label(str(value)).lower()
    return str(value)


def _change_text(name: str, old: object, new: object) -> str:
    if name == "members":
        return _("member details changed")
    if name == "report":
        return _("report details changed")
    if name == "broken":
        old_items, new_items = (_broken_text(value) for value in (old, new))
        return f"{FIELD_NAMES[name]}: {old_items} → {new_items}"
    return f"{FIELD_NAMES.get(name, name)}: {_value_text(name, old)} → {_value_text(name, new)}"


def _broken_text(value: object) -> str:
    """Both sides' broken weapons as ``Result.broken`` stores them: ``home: Shield; away: —``."""
    sides = value if isinstance(value, dict) else {}
    if not any(sides.values()):
        return "—"
    items = {side: ", ".join(weapon_label(i) for i in sides.get(side) or ()) or "—" for side in ("home", "away")}
    return "; ".join((_("home: %(items)s") % {"items": items["home"]}, _("away: %(items)s") % {"items": items["away"]}))


def _buying(fixture: Fixture, user: User | AnonymousUser) -> frozenset[str]:
    if not fixture.awaits_result or fixture.away is None:
        return frozenset()
    sides = zip(("home", "away"), (fixture.home, fixture.away), strict=True)
    return frozenset(name for name, entry in sides if is_owner(entry, user))


def match_report(fixture: Fixture, user: User | AnonymousUser) -> MatchReport:
    result = Result.objects.filter(fixture=fixture).first()
    sides: list[SideReport] = []
    history: list[HistoryLine] = []
    if result is not None and fixture.away is not None:
        if fixture.league.is_viadal:  # another game's sides are its plug-in's (``match_context``)
            facts = facts_of(result)
            sides = [_side(fixture.home, 0, facts), _side(fixture.away, 1, facts)]
        history = result_history(result)
    # what was bought before the match is shown with the items, not with what followed the match
    events = list(fixture.events.exclude(kind=CampaignEvent.Kind.MATCH_ITEM).select_related("entry").order_by("seq"))
    return MatchReport(
        fixture_line(fixture, user),
        result,
        sides,
        history,
        events,
        fixture_preparations(fixture) if fixture.league.is_viadal else [],  # one-match items are HR-10.7's
        _buying(fixture, user) if fixture.league.is_viadal else frozenset(),
    )
