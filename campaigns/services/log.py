"""Appending to a league's log: die rolls and every change to a team, numbered per league.

Each event keeps its facts in ``data`` and its line in English in ``summary``; the pages word the
line in the reader's language from the facts (``campaigns.log_text``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Max

from arena.engine.campaign.league_dice import DieRoll

from ..log_text import english_summary
from ..models import CampaignEvent, Entry, Fixture, League


class EventLog:
    """Collects a league's new events and saves them in one query.

    Precondition: the caller runs inside ``transaction.atomic`` and has locked the league row first
    (``services.locks``, step 1). Creating the log locks it again (a no-op then), so that even a
    writer that forgot cannot take the same sequence numbers as another.
    """

    def __init__(self, league: League) -> None:
        League.objects.select_for_update().filter(pk=league.pk).values_list("pk").get()
        self.league = league
        self._next = (league.events.aggregate(last=Max("seq"))["last"] or 0) + 1
        self._pending: list[CampaignEvent] = []

    def add(
        self,
        kind: str,
        *,
        entry: Entry | None = None,
        fixture: Fixture | None = None,
        slot: str = "",
        data: dict[str, Any] | None = None,
    ) -> None:
        """One event of ``kind`` with its facts (``data``, see ``campaigns.log_text``)."""
        self._append(kind, "", entry, fixture, slot, data or {}, None)
        event = self._pending[-1]
        event.summary = english_summary(event)[:300]

    def rolls(
        self, records: Iterable[DieRoll], *, entry: Entry | None = None, fixture: Fixture | None = None, slot: str = ""
    ) -> None:
        """One ``roll`` event per die rolled, with its purpose, die and result."""
        for record in records:
            summary = f"d{record.sides} → {record.result}: {record.purpose}"
            data = {"index": record.index, "purpose_hu": record.purpose_hu}
            self._append(CampaignEvent.Kind.ROLL, summary, entry, fixture, slot, data, record)

    def _append(
        self,
        kind: str,
        summary: str,
        entry: Entry | None,
        fixture: Fixture | None,
        slot: str,
        data: dict[str, Any],
        roll: DieRoll | None,
    ) -> None:
        self._pending.append(
            CampaignEvent(
                league=self.league,
                entry=entry,
                fixture=fixture,
                seq=self._next,
                kind=kind,
                slot=slot,
                summary=summary[:300],
                purpose=roll.purpose[:120] if roll else "",
                sides=roll.sides if roll else None,
                result=roll.result if roll else None,
                data=data,
            )
        )
        self._next += 1

    def save(self) -> list[CampaignEvent]:
        saved = CampaignEvent.objects.bulk_create(self._pending)
        self._pending = []
        return saved
