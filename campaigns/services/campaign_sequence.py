"""The campaign sequence after a match (HR-10.5–10.8), run once when a result first becomes final.

First the one-match items both sides bought for the fixture are used up (HR-10.7, HR-10.8:
``services.fixture_items``). Then for each team, in the order of HR-10.5: the pile items Fegyvertörés
broke leave the pile for the team's broken items (HR-10.7), absences served by members who missed the
match (a hireling stood in, HR-10.8), casualties (an injury roll for every member who reached Ép ≤ 0),
experience, then income. Each step is the engine's (``arena.engine.campaign``); this module only
feeds it the stored roster and facts, and stores what comes back: the roster, the broken items, the
member records, the treasury, and a log line for every roll and every change. Advances, repairs and
other spending are the player's choices afterwards (``services.records``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arena.engine.campaign.broken import break_items
from arena.engine.campaign.experience import advances_due, xp_award
from arena.engine.campaign.four_player_facts import ArenaFacts
from arena.engine.campaign.four_player_results import seat_result_kind
from arena.engine.campaign.gold import match_income
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.injuries import Thumbs, absence_served, apply_injury, injury_roll
from arena.engine.campaign.league_dice import CampaignDice
from arena.engine.campaign.results import ResultKind, opposite
from arena.engine.campaign.texts import Line
from arena.engine.content.profiles import GLADIATOR, MEMBER_SLOTS
from arena.engine.roster import ABSENT, HIRELING, Member, Roster

from ..bought_items import weapon_names
from ..log_text import lines_to_json
from ..models import CampaignEvent, Entry, Fixture, MemberRecord
from ..result_facts import Fate, MatchFacts, MemberFacts, SideFacts
from ..rosters import entry_roster, set_entry_roster
from .fixture_items import use_match_items
from .log import EventLog

Kind = CampaignEvent.Kind


@dataclass
class TeamState:
    """An entry while the sequence works on it: roster and current member records by slot."""

    entry: Entry
    roster: Roster
    records: dict[str, MemberRecord]

    @classmethod
    def load(cls, entry: Entry) -> TeamState:
        return cls(entry, entry_roster(entry), {r.slot: r for r in entry.members.filter(current=True)})

    def put(self, member: Member) -> None:
        members = tuple(member if m.slot == member.slot else m for m in self.roster.members)
        self.roster = replace(self.roster, members=members)

    def save(self) -> None:
        set_entry_roster(self.entry, self.roster)
        self.entry.save(update_fields=["roster", "treasury", "broken"])
        fields = ["xp", "kills", "matches_missed", "injuries"]
        MemberRecord.objects.bulk_update(self.records.values(), fields)


def run_campaign_sequence(
    *, fixture: Fixture, facts: MatchFacts | None, dice: CampaignDice | None, log: EventLog
) -> None:
    """Run the sequence for both teams of a final fixture, once.

    Precondition: inside ``transaction.atomic``, the league and the fixture's entries locked
    (``services.locks``) and ``fixture.home`` / ``fixture.away`` those locked rows, read after the
    locks: the sequence adds to their treasuries and rosters as they stand. ``log`` is open on the
    fixture's league.
    ``facts`` is None for byes and forfeits (no match was played: the result and income only);
    ``dice`` rolls the injuries of a played match.
    """
    if fixture.campaign_done:
        return
    if not fixture.is_bye:  # first, while the patronage still compares the team values of before the match
        use_match_items(fixture=fixture, log=log)
    if fixture.is_bye:
        _record_result(fixture.home, ResultKind.BYE, fixture, log)
        _income_only(TeamState.load(fixture.home), ResultKind.BYE, fixture, log)
    elif facts is None:
        result = ResultKind(fixture.result.home_result)
        for entry, kind in zip(fixture.sides, (result, opposite(result)), strict=True):
            _record_result(entry, kind, fixture, log)
            _income_only(TeamState.load(entry), kind, fixture, log)
    else:
        if dice is None:
            raise ValueError("a played match needs dice for its injury rolls")
        for side, entry in enumerate(fixture.sides):
            _record_result(entry, facts.result_of(side), fixture, log)
            _after_match(TeamState.load(entry), side, facts, fixture, dice, log)
    fixture.campaign_done = True
    fixture.save(update_fields=["campaign_done"])


def run_arena_campaign_sequence(
    *, fixture: Fixture, seats: list[Entry], facts: ArenaFacts, dice: CampaignDice, log: EventLog
) -> None:
    """Run the sequence for the four teams of a final four-seat fixture, once, in seat order: the
    result, then as a two-player match (HR-10.5-10.7), with "his team won" read as
    ``facts.won(seat)`` and the income of :func:`seat_result_kind`. No thumbs: a four-seat match
    has no one winner over a fallen gladiator. No one-match items: four-seat fixtures offer none.

    Precondition: inside ``transaction.atomic``, the league and the four entries locked
    (``services.locks.lock_seated_fixture``) and ``seats`` those locked rows in seat order.
    """
    if fixture.campaign_done:
        return
    for seat, entry in enumerate(seats):
        _record_arena_result(seats, seat, facts, fixture, log)
        team = TeamState.load(entry)
        _after_match_of(team, facts.sides[seat], facts.won(seat), None, fixture, dice, log)
        own = facts.sides[seat]
        income = match_income(
            seat_result_kind(facts, seat),
            fixture.league.engine_format,
            fighters_killed=own.fighters_killed,
            strategists_killed=own.strategists_killed,
        )
        _pay_income(team, income.total, income.lines, fixture, log)
        team.save()
    fixture.campaign_done = True
    fixture.save(update_fields=["campaign_done"])


def _record_arena_result(seats: list[Entry], seat: int, facts: ArenaFacts, fixture: Fixture, log: EventLog) -> None:
    """Step 1 of HR-10.5 for one seat: its result against the seats that played against it, its own
    arena score against theirs added up."""
    placing = facts.placing(seat)
    enemies = [s for s in range(4) if s != seat and facts.mode.pair_of(s) != facts.mode.pair_of(seat)]
    data = {
        "result": seat_result_kind(facts, seat).value,
        "round": fixture.round,
        "opponent": ", ".join(seats[s].name for s in enemies),
        "own": placing.arena_score,
        "other": sum(facts.placing(s).arena_score for s in enemies),
        "rounds": facts.rounds_played,
        "place": placing.place,
        "shared": placing.shared,
    }
    log.add(Kind.RESULT, entry=seats[seat], fixture=fixture, data=data)


def _record_result(entry: Entry, kind: ResultKind, fixture: Fixture, log: EventLog) -> None:
    """Step 1 of HR-10.5: the result in the team's log, with the scores as they were recorded."""
    data = {"result": kind.value, "round": fixture.round, "opponent": None, "own": 0, "other": 0, "rounds": 0}
    if not fixture.is_bye:
        side = fixture.side_of(entry.pk)
        if side is None:
            raise ValueError(f"{entry.name} does not play in fixture {fixture.pk}")
        opponent = fixture.entry_on(1 - side)
        scores = (fixture.result.home_score, fixture.result.away_score)
        own, other = scores if side == 0 else scores[::-1]
        data.update(opponent=opponent.name, own=own, other=other, rounds=fixture.result.rounds_played)
    log.add(Kind.RESULT, entry=entry, fixture=fixture, data=data)


def _income_only(team: TeamState, result: ResultKind, fixture: Fixture, log: EventLog) -> None:
    income = match_income(result, fixture.league.engine_format)
    if income.total:
        _pay_income(team, income.total, income.lines, fixture, log)
        team.save()


def _pay_income(team: TeamState, gold: int, lines: tuple[Line, ...], fixture: Fixture, log: EventLog) -> None:
    team.entry.treasury += gold
    log.add(
        Kind.INCOME,
        entry=team.entry,
        fixture=fixture,
        data={"gold": gold, "lines": lines_to_json(lines), "treasury": team.entry.treasury},
    )


def _after_match(
    team: TeamState, side: int, facts: MatchFacts, fixture: Fixture, dice: CampaignDice, log: EventLog
) -> None:
    won = facts.won(side)
    thumbs = facts.thumbs if not won else None  # the winner's thumbs fall on the losing side's gladiator
    _after_match_of(team, facts.side(side), won, thumbs, fixture, dice, log)
    _income(team, side, facts, fixture, log)
    team.save()


def _after_match_of(
    team: TeamState,
    own: SideFacts,
    won: bool,
    thumbs: Thumbs | None,
    fixture: Fixture,
    dice: CampaignDice,
    log: EventLog,
) -> None:
    """Broken weapons, hirelings, absences served, casualties and experience of one team."""
    _break_weapons(team, own.broken, fixture, log)
    # the line-up that took the board: the team's fit members and hirelings for the rest
    fielded = fielded_roster(team.roster)
    played = [m for m in fielded.members if m.status != HIRELING]
    for hireling in (m for m in fielded.members if m.status == HIRELING):
        log.add(Kind.HIRELING, entry=team.entry, fixture=fixture, slot=hireling.slot)
    _serve_absences(team, fixture, log)
    for member in played:
        member_facts = own.members.get(member.slot, MemberFacts())
        if member_facts.fate is Fate.DEAD:
            member_thumbs = thumbs if member.slot == GLADIATOR else None
            _casualty(team, member, member_facts, won, member_thumbs, fixture, dice, log)
    for member in played:
        _experience(team, member.slot, own.members.get(member.slot, MemberFacts()), won, fixture, log)


def _break_weapons(team: TeamState, items: tuple[str, ...], fixture: Fixture, log: EventLog) -> None:
    """Pile items broken by Fegyvertörés wait for repair apart from the pile (HR-10.7)."""
    if not items:
        return
    breakage = break_items(team.roster, items, broken=team.entry.broken)
    team.roster, team.entry.broken = breakage.roster, list(breakage.broken)
    log.add(
        Kind.BROKEN,
        entry=team.entry,
        fixture=fixture,
        slot=GLADIATOR,
        data={"items": list(items), "names": weapon_names(items)},
    )


def _serve_absences(team: TeamState, fixture: Fixture, log: EventLog) -> None:
    for slot in MEMBER_SLOTS:
        member = team.roster.member(slot)
        record = team.records.get(slot)
        if member is None or record is None or member.status != ABSENT:
            continue
        served, record.matches_missed = absence_served(member, record.matches_missed)
        team.put(served)
        log.add(
            Kind.ABSENCE,
            entry=team.entry,
            fixture=fixture,
            slot=slot,
            data={"name": member.name, "matches_missed": record.matches_missed},
        )


def _casualty(
    team: TeamState,
    member: Member,
    facts: MemberFacts,
    won: bool,
    thumbs: Thumbs | None,
    fixture: Fixture,
    dice: CampaignDice,
    log: EventLog,
) -> None:
    outcome = injury_roll(member, team_won=won, final_ep=facts.final_ep, dice=dice, thumbs=thumbs)
    log.rolls(outcome.rolls, entry=team.entry, fixture=fixture, slot=member.slot)
    team.put(apply_injury(member, outcome))
    record = team.records[member.slot]
    record.matches_missed = outcome.matches_missed
    lasting = outcome.lasting
    record.injuries = [
        *record.injuries,
        {
            "fixture": fixture.pk,
            "result": outcome.result.value,
            "total": outcome.total,
            "lasting": {"stat": lasting.stat.value, "amount": lasting.amount} if lasting else None,
            "matches_missed": outcome.matches_missed,
        },
    ]
    facts_data = {
        "name": member.name,
        "roll": outcome.roll.result,
        "modifiers": lines_to_json(outcome.modifiers),
        "total": outcome.total,
        "result": outcome.result.value,
        "matches_missed": outcome.matches_missed,
        "lasting": record.injuries[-1]["lasting"],
    }
    log.add(Kind.INJURY, entry=team.entry, fixture=fixture, slot=member.slot, data=facts_data)


def _experience(team: TeamState, slot: str, facts: MemberFacts, won: bool, fixture: Fixture, log: EventLog) -> None:
    record = team.records[slot]
    award = xp_award(facts.deeds(team_won=won))
    before, record.xp = record.xp, record.xp + award.total
    record.kills += facts.kills
    due = advances_due(before, record.xp)
    log.add(
        Kind.XP,
        entry=team.entry,
        fixture=fixture,
        slot=slot,
        data={
            "name": record.name,
            "xp": award.total,
            "lines": lines_to_json(award.lines),
            "total": record.xp,
            "advances_due": due,
        },
    )


def _income(team: TeamState, side: int, facts: MatchFacts, fixture: Fixture, log: EventLog) -> None:
    result = facts.result_of(side)
    own = facts.side(side)
    income = match_income(
        result,
        fixture.league.engine_format,
        fighters_killed=own.fighters_killed,
        strategists_killed=own.strategists_killed,
        thumbs_down=facts.thumbs is Thumbs.DOWN and result is ResultKind.VICTORY,
    )
    _pay_income(team, income.total, income.lines, fixture, log)
