"""Every read of the quest tracker: parties a player may see, an adventure replayed, the hall of fame."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from quests.rules import adventure_log, ranking, rolls, text
from quests.rules.quest_content import Result

from . import stored_adventure
from .models import Adventure, Party, Roll, Warrior


def parties_for(user: User) -> QuerySet[Party]:
    """The parties a player owns or was invited to, with their number of active warriors."""
    return (
        Party.objects.filter(Q(owner=user) | Q(members__user=user))
        .distinct()
        .annotate(active_count=Count("warriors", filter=Q(warriors__status=Warrior.Status.ACTIVE), distinct=True))
        .select_related("owner")
    )


def party_for(user: User, pk: int) -> Party:
    return get_object_or_404(parties_for(user), pk=pk)


def party_shared(token: uuid.UUID) -> Party:
    return get_object_or_404(Party.objects.select_related("owner"), share_token=token)


def adventure_of(party: Party, number: int) -> Adventure:
    return get_object_or_404(Adventure.objects.select_related("leader", "party"), party=party, number=number)


@dataclass(frozen=True)
class LogLine:
    seq: int
    sentence: str
    author: str
    created: Any
    voided: bool
    kind: str


@dataclass(frozen=True)
class AdventureView:
    adventure: Adventure
    state: adventure_log.AdventureState | None
    lines: list[LogLine]
    rolls: list[tuple[Roll, str]]
    names: dict[str, str]
    placings: tuple[ranking.Placing, ...]
    score: ranking.AdventureScore | None


def warrior_names(party: Party) -> dict[str, str]:
    return {str(pk): name for pk, name in party.warriors.values_list("pk", "name")}


def roll_sentences(party: Party, adventure: Adventure | None, language: str) -> list[tuple[Roll, str]]:
    names = warrior_names(party)
    rows = Roll.objects.filter(party=party, adventure=adventure).select_related("warrior").order_by("pk")
    out = []
    for row in rows:
        who = row.warrior.name if row.warrior else ""
        if row.lot:
            purpose = "vezető" if language.startswith("hu") else "leader"
            if row.key.startswith("class-lot"):
                purpose = "osztály" if language.startswith("hu") else "class"
            out.append((row, text.lot_sentence(row.lot, names, purpose, language)))
        else:
            roll = stored_adventure.roll_from_row(row.purpose, row.dice, row.total, row.bonus)
            out.append((row, text.roll_sentence(roll, who, language)))
    return out


def adventure_view(adventure: Adventure, language: str) -> AdventureView:
    party = adventure.party
    names = warrior_names(party)
    rows = list(adventure.entries.select_related("author").order_by("seq"))
    state = None
    entries = [(row.seq, adventure_log.entry_from_dict(row.data)) for row in rows]
    if adventure.stage != Adventure.Stage.SETUP:
        state = adventure_log.replay(stored_adventure.setup_from_json(adventure.setup), entries)
    voided = {entry.seq for _, entry in entries if isinstance(entry, adventure_log.Voided)}
    lines = [
        LogLine(
            row.seq,
            text.sentence(entry, names, language),
            row.author.get_username() if row.author else "",
            row.created,
            row.seq in voided,
            entry.kind,
        )
        for row, (_, entry) in zip(rows, entries, strict=True)
    ]
    placings = ranking.warrior_placings(state) if state and state.ended else ()
    score = ranking.adventure_score(state) if state and state.ended else None
    return AdventureView(adventure, state, lines, roll_sentences(party, adventure, language), names, placings, score)


def ranked_adventures(party: Party) -> list[tuple[int | None, Adventure, ranking.AdventureScore | None]]:
    """The party's adventures, the ended ones ranked by WQ-4 (result, survivors, gold), then the others."""
    scored: list[tuple[str, ranking.AdventureScore]] = []
    by_number = {}
    others = []
    for adventure in party.adventures.select_related("leader").order_by("number"):
        by_number[str(adventure.number)] = adventure
        if adventure.stage == Adventure.Stage.ENDED:
            scored.append((str(adventure.number), stored_score(adventure)))
        else:
            others.append(adventure)
    ranked: list[tuple[int | None, Adventure, ranking.AdventureScore | None]] = [
        (place, by_number[number], score) for place, number, score in ranking.rank_adventures(scored)
    ]
    return ranked + [(None, adventure, None) for adventure in others]


def stored_score(adventure: Adventure) -> ranking.AdventureScore:
    return ranking.AdventureScore(Result(adventure.result), adventure.survivors, adventure.gold)


def adventure_state(adventure: Adventure) -> adventure_log.AdventureState:
    rows = adventure.entries.order_by("seq").values_list("seq", "data")
    return adventure_log.replay(
        stored_adventure.setup_from_json(adventure.setup), stored_adventure.entries_from_rows(rows)
    )


def kills_of(party: Party) -> dict[str, list[tuple[int, str, int]]]:
    """Each warrior's monsters slain, adventure by adventure (what stands after corrections)."""
    out: dict[str, list[tuple[int, str, int]]] = {}
    for adventure in party.adventures.exclude(stage=Adventure.Stage.SETUP).order_by("number"):
        for w in adventure_state(adventure).warriors:
            out.setdefault(w.key, []).extend((adventure.number, monster, gold) for monster, gold in w.kills)
    return out


def hall_of_fame(user: User) -> tuple[tuple[int, ranking.PartyRecord, Party], ...]:
    """The parties the reader owns or plays in, ranked as WQ-4 reads across adventures (docs/quest.md,
    reading 12). Only his own: a party's name is not public (docs/quest.md, "The hall of fame")."""
    parties = list(parties_for(user).prefetch_related("warriors", "adventures"))
    records_by_party = []
    for party in parties:
        best = None
        count = 0
        for adventure in party.adventures.all():
            if adventure.stage != Adventure.Stage.ENDED:
                continue
            count += 1
            score = stored_score(adventure)
            if best is None or score.key < best.key:
                best = score
        held = sum(w.gold for w in party.warriors.all() if w.status == Warrior.Status.ACTIVE)
        records_by_party.append((ranking.PartyRecord(party.name, best, count, held), party))
    ranked = ranking.rank_parties([record for record, _ in records_by_party])
    lookup = {id(record): party for record, party in records_by_party}
    return tuple((place, record, lookup[id(record)]) for place, record in ranked)


RESULTS = tuple(r.value for r in Result)


def turn_order(party: Party, leader_key: str, keys: list[str]) -> list[str]:
    """The names in WQ-1's order: the leader, then Initiative highest first, ties in the seed's order."""
    warriors = {w.key: w for w in party.warriors.filter(pk__in=[int(k) for k in keys])}
    members = [rolls.Member(k, warriors[k].warrior_class, warriors[k].initiative) for k in keys if k in warriors]
    if leader_key not in warriors:
        return []
    return [warriors[k].name for k in rolls.turn_order(members, leader_key)]


@dataclass(frozen=True)
class Change:
    when: Any
    who: str
    what: str  # "party", "warrior" or "adventure"
    name: str
    kind: str  # "+" created, "~" changed, "-" deleted
    fields: list[str]


def audit_trail(party: Party, limit: int = 60) -> list[Change]:
    """The latest changes to the party's records (django-simple-history), newest first, with the fields
    each changed; the log's own lines keep their author and time besides."""
    changes: list[Change] = []
    sources = (
        ("party", Party.history.filter(id=party.pk)),
        ("warrior", Warrior.history.filter(party_id=party.pk)),
        ("adventure", Adventure.history.filter(party_id=party.pk)),
    )
    for what, queryset in sources:
        for record in queryset.select_related("history_user").order_by("-history_date")[:limit]:
            fields: list[str] = []
            previous = record.prev_record
            if record.history_type == "~" and previous is not None:
                fields = [change.field for change in record.diff_against(previous).changes]
            name = getattr(record, "name", "") or f"#{getattr(record, 'number', '')}"
            who = record.history_user.get_username() if record.history_user else ""
            changes.append(Change(record.history_date, who, what, name, record.history_type, fields))
    changes.sort(key=lambda change: change.when, reverse=True)
    return changes[:limit]
