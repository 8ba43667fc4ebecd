"""The player's choices between matches (HR-10.6–10.7): advances, purchases (repairs of broken
weapons among them) and the healer.

Each change goes through the engine's rule (``apply_advance``, ``apply_purchase``, ``heal``), then the
builder's validators check the team the campaign would field next, and the one-match items already
bought for a coming fixture must still fit it (``equip_for_match``); a change they refuse is not
saved. Every change is logged with its before and after.

Locks (``services.locks``): each service locks the entry's league, then the entry, and reads the
entry, its member records and its match preparations only after that; the treasury it writes is
the locked row's, never the caller's copy.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from arena.engine.campaign.experience import Advance, apply_advance
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.injuries import heal
from arena.engine.campaign.match_items import equip_for_match
from arena.engine.campaign.purchases import Purchase, PurchaseKind, apply_purchase
from arena.engine.content.amulets import AMULETS
from arena.engine.content.weapons import WEAPONS
from arena.engine.roster import Member, Roster
from games.league_protocol import league_pages

from ..advances import advance_from_json, advance_to_json
from ..bought_items import items_from_json
from ..league_errors import CampaignRosterError, LeagueError
from ..league_labels import slot_label
from ..models import CampaignEvent, Entry, MemberRecord
from ..permissions import require_owner
from ..rosters import entry_roster, fielding_problems, for_league, set_entry_roster
from .locks import lock_entry
from .log import EventLog

Kind = CampaignEvent.Kind


def _locked(entry: Entry) -> Entry:
    """The league, then the entry, locked (``services.locks``); the entry as it stands."""
    return lock_entry(entry)


def _record(entry: Entry, slot: str) -> MemberRecord:
    record = entry.members.filter(current=True, slot=slot).first()
    if record is None:
        raise LeagueError(_("%(team)s has no %(role)s.") % {"team": entry.name, "role": slot_label(slot)})
    return record


def _member(roster: Roster, slot: str) -> Member:
    member = roster.member(slot)
    if member is None:
        raise LeagueError(_("The roster has no %(role)s.") % {"role": slot_label(slot)})
    return member


def _store(entry: Entry, roster: Roster) -> None:
    """Save ``roster`` unless the validators find a new fault in the team it would field (faults
    the team already had, entered under advisory validation, do not block it), or the one-match
    items bought for a coming fixture no longer fit it."""
    known = set(fielding_problems(entry_roster(entry)))
    problems = tuple(p for p in fielding_problems(roster) if p not in known)
    if problems:
        message = _("The change breaks %(count)s rule(s); nothing was saved.")
        raise CampaignRosterError(message % {"count": len(problems)}, problems)
    for prep in entry.preparations.filter(consumed=False):  # a 4th amulet bought for good, say
        if prep.items:
            equip_for_match(
                fielded_roster(for_league(entry.league, roster)),
                [bought.item for bought in items_from_json(prep.items)],
            )
    set_entry_roster(entry, roster)
    entry.save(update_fields=["roster", "treasury", "broken"])


@transaction.atomic
def entry_take_advance(*, entry: Entry, actor: User, slot: str, advance: Advance) -> Entry:
    """Take one advance a member has earned (HR-10.6). Locks: the league, then the entry."""
    entry = _locked(entry)
    require_owner(entry, actor)
    record = _record(entry, slot)
    roster = entry_roster(entry)
    member = _member(roster, slot)
    taken = [advance_from_json(a) for a in record.advances]
    advanced = apply_advance(member, advance, taken=taken, xp=record.xp)
    _store(entry, replace(roster, members=tuple(advanced if m.slot == slot else m for m in roster.members)))
    record.advances = [*record.advances, advance_to_json(advance)]
    record.save(update_fields=["advances"])
    log = EventLog(entry.league)
    log.add(
        Kind.ADVANCE,
        entry=entry,
        slot=slot,
        data={**advance_to_json(advance), "name": member.name, "number": len(taken) + 1},
    )
    log.save()
    return entry


@transaction.atomic
def entry_purchase(*, entry: Entry, actor: User, purchase: Purchase) -> Entry:
    """Make a permanent purchase with the treasury's gold (HR-10.7): a recruit, a pile weapon, a
    repair, a 4th amulet or training. The engine counts the broken weapons against the pile limits,
    and a repair puts one back in the pile. Locks: the league, then the entry."""
    entry = _locked(entry)
    require_owner(entry, actor)
    roster = entry_roster(entry)
    trained = _record(entry, purchase.slot or "") if purchase.kind is PurchaseKind.TRAINING else None
    outcome = apply_purchase(
        roster, entry.treasury, purchase, broken=entry.broken, training_done=trained.training if trained else 0
    )
    entry.treasury, entry.broken = outcome.treasury, list(outcome.broken)
    _store(entry, outcome.roster)
    if trained is not None:
        trained.training += 1
        trained.save(update_fields=["training"])
    if purchase.kind is PurchaseKind.RECRUIT:
        _recruit_record(entry, purchase)
    log = EventLog(entry.league)
    log.add(
        Kind.PURCHASE,
        entry=entry,
        slot=purchase.slot or "",
        data={
            "kind": purchase.kind.value,
            "item": purchase.item,
            "price": outcome.price,
            "treasury": entry.treasury,
            "name": (purchase.name or "").strip(),
            "replaced": outcome.replaced.name if outcome.replaced else None,
            **_item_names(purchase.item),
        },
    )
    log.save()
    return entry


def _recruit_record(entry: Entry, purchase: Purchase) -> None:
    """The recruit gets a fresh record; a dead predecessor's stays, no longer current."""
    entry.members.filter(current=True, slot=purchase.slot).update(current=False)
    MemberRecord.objects.create(entry=entry, slot=purchase.slot or "", name=(purchase.name or "").strip())


def _item_names(item_id: str | None) -> dict[str, str]:
    """A bought weapon's or amulet's names in both languages, for the log."""
    item = WEAPONS.get(item_id or "") or AMULETS.get(item_id or "")
    return (
        {"item_hu": item.name_hu, "item_en": item.name_en}
        if item
        else {"item_hu": str(item_id), "item_en": str(item_id)}
    )


@transaction.atomic
def entry_heal(*, entry: Entry, actor: User, slot: str, matches: int) -> Entry:
    """Pay the healer to take ``matches`` off a member's absence (HR-10.5). Locks: the league, then
    the entry."""
    entry = _locked(entry)
    require_owner(entry, actor)
    record = _record(entry, slot)
    roster = entry_roster(entry)
    member = _member(roster, slot)
    healing = heal(member, record.matches_missed, matches, entry.treasury)
    entry.treasury = healing.treasury
    _store(entry, replace(roster, members=tuple(healing.member if m.slot == slot else m for m in roster.members)))
    record.matches_missed = healing.matches_left
    record.save(update_fields=["matches_missed"])
    log = EventLog(entry.league)
    log.add(
        Kind.HEALER,
        entry=entry,
        slot=slot,
        data={"price": healing.price, "matches": matches, "name": member.name, "treasury": entry.treasury},
    )
    log.save()
    return entry


@transaction.atomic
def entry_game_action(*, entry: Entry, actor: User, action: str, data: Any) -> str:
    """A campaign choice between matches of another game's entry (``games.league_protocol``: a warband's
    purchase, advance or healer), made by its plug-in on the locked entry; the message to show.
    Locks: the league, then the entry, as every choice here."""
    entry = _locked(entry)
    require_owner(entry, actor)
    log = EventLog(entry.league)
    message = league_pages(entry.league.game).entry_action(entry=entry, action=action, data=data, log=log)
    log.save()
    return message
