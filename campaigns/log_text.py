"""The league log's lines in the reader's language.

Every ``CampaignEvent`` keeps the facts of its line in ``data``: names, numbers and the engine's
keys (a result kind, an injury row, each XP or income line as ``[key, amount, count]``). The pages
word each line from those facts when they are shown (:func:`event_text`), so the match report and
the Krónika read in the reader's language whoever played the match. ``summary`` holds the line in
English as it was written (:func:`english_summary`), for the admin and for scripts; an event
whose facts are incomplete is shown by its summary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from arena.engine.campaign.texts import Line
from common.i18n import is_hungarian, pick

from .advances import advance_from_json, advance_text
from .bought_items import item_from_json, items_from_json, weapons_text
from .league_labels import (
    injury_label,
    line_text,
    lines_text,
    purchase_label,
    result_label,
    slot_label,
    stat_label,
)
from .models import CampaignEvent

Kind = CampaignEvent.Kind
Data = Mapping[str, Any]


def lines_to_json(lines: tuple[Line, ...]) -> list[list[Any]]:
    return [[line.key, line.amount, line.count] for line in lines]


def lines_from_json(data: list[list[Any]]) -> tuple[Line, ...]:
    return tuple(Line(key, amount, count) for key, amount, count in data)


def _entered(event: CampaignEvent, data: Data) -> str:
    team = event.entry.name if event.entry else ""
    return _("%(team)s entered with %(gold)s gold in the treasury.") % {"team": team, "gold": data["treasury"]}


def _draw(event: CampaignEvent, data: Data) -> str:
    if data["draw"] == "swiss":
        return _("Swiss round %(round)s drawn by lots.") % {"round": data["round"]}
    if data["draw"] == "groups_seeds":
        return _("Seeds for the group draw drawn by lots.")
    return _("Knockout seeds drawn by lots.")


def _roll(event: CampaignEvent, data: Data) -> str:
    return pick(data.get("purpose_hu", ""), event.purpose)


def _result(event: CampaignEvent, data: Data) -> str:
    if data["opponent"] is None:
        return _("Round %(round)s: bye.") % {"round": data["round"]}
    result = result_label(data["result"])
    if is_hungarian():
        result = result.lower()  # a common noun mid-sentence; English keeps HR-10.1's capital Victory
    values = {
        "round": data["round"],
        "opponent": data["opponent"],
        "result": result,
        "own": data["own"],
        "other": data["other"],
        "rounds": data["rounds"],
    }
    if data["rounds"]:
        return (
            _("Round %(round)s against %(opponent)s: %(result)s, arena score %(own)s–%(other)s, %(rounds)s rounds.")
            % values
        )
    return _("Round %(round)s against %(opponent)s: %(result)s, arena score %(own)s–%(other)s.") % values


def _income(event: CampaignEvent, data: Data) -> str:
    return _("Income %(gold)s gold (%(lines)s); treasury %(treasury)s.") % {
        "gold": data["gold"],
        "lines": lines_text(lines_from_json(data["lines"])),
        "treasury": data["treasury"],
    }


def _hireling(event: CampaignEvent, data: Data) -> str:
    return _("A hireling stood in as %(role)s (HR-10.8).") % {"role": slot_label(event.slot)}


def _absence(event: CampaignEvent, data: Data) -> str:
    if data["matches_missed"]:
        return _("%(name)s missed this match and misses %(count)s more match(es).") % {
            "name": data["name"],
            "count": data["matches_missed"],
        }
    return _("%(name)s missed this match and is fit again.") % {"name": data["name"]}


def _injury(event: CampaignEvent, data: Data) -> str:
    modifiers = "".join(
        f" {'+' if line.amount >= 0 else '−'}{abs(line.amount)} ({line_text(line)})"
        for line in lines_from_json(data["modifiers"])
    )
    text = _("%(name)s: injury roll %(roll)s%(modifiers)s = %(total)s, %(result)s") % {
        "name": data["name"],
        "roll": data["roll"],
        "modifiers": modifiers,
        "total": data["total"],
        "result": injury_label(data["result"]),
    }
    if data["lasting"]:
        text += _(", −%(amount)s %(stat)s for good") % {
            "amount": data["lasting"]["amount"],
            "stat": stat_label(data["lasting"]["stat"]),
        }
    if data["matches_missed"]:
        text += _("; misses %(count)s match(es)") % {"count": data["matches_missed"]}
    return text + "."


def _xp(event: CampaignEvent, data: Data) -> str:
    text = _("%(name)s gains %(xp)s XP (%(lines)s); %(total)s XP in all") % {
        "name": data["name"],
        "xp": data["xp"],
        "lines": lines_text(lines_from_json(data["lines"])),
        "total": data["total"],
    }
    if data["advances_due"]:
        return text + _("; %(count)s advance(s) due.") % {"count": data["advances_due"]}
    return text + "."


def _advance(event: CampaignEvent, data: Data) -> str:
    return _("%(name)s takes advance %(number)s: %(advance)s.") % {
        "name": data["name"],
        "number": data["number"],
        "advance": advance_text(advance_from_json(dict(data))),
    }


def _purchase(event: CampaignEvent, data: Data) -> str:
    role = slot_label(event.slot)
    if data["kind"] == "recruit" and data["replaced"]:
        what = _("Recruited %(name)s as %(role)s in place of %(dead)s") % {
            "name": data["name"],
            "role": role,
            "dead": data["replaced"],
        }
    elif data["kind"] == "recruit":
        what = _("Recruited %(name)s as %(role)s") % {"name": data["name"], "role": role}
    elif data["kind"] == "training":
        what = _("Training: +1 Ép for the %(role)s") % {"role": role}
    elif data["kind"] == "repair":
        what = _("Repaired the broken %(item)s") % {"item": pick(data["item_hu"], data["item_en"])}
    else:
        what = _("Bought %(kind)s: %(item)s") % {
            "kind": purchase_label(data["kind"]),
            "item": pick(data["item_hu"], data["item_en"]),
        }
    return _("%(purchase)s for %(price)s gold; treasury %(treasury)s.") % {
        "purchase": what,
        "price": data["price"],
        "treasury": data["treasury"],
    }


def _healer(event: CampaignEvent, data: Data) -> str:
    return _(
        "The healer takes %(count)s match(es) off %(name)s's absence for %(price)s gold; treasury %(treasury)s."
    ) % {"count": data["matches"], "name": data["name"], "price": data["price"], "treasury": data["treasury"]}


def _broken(event: CampaignEvent, data: Data) -> str:
    return _("Fegyvertörés broke %(items)s: out of the pile until repaired (10 gold each, HR-10.7).") % {
        "items": weapons_text(data["names"])
    }


def _match_item(event: CampaignEvent, data: Data) -> str:
    bought = item_from_json(data)
    values = {"round": data["round"], "opponent": data["opponent"], "item": bought.label, "price": bought.price}
    if bought.is_patronage:
        return _(
            "Patronage for round %(round)s against %(opponent)s: %(item)s for %(price)s point(s); "
            "%(left)s of %(points)s left."
        ) % {**values, "left": data["left"], "points": data["points"]}
    return _("Bought for round %(round)s against %(opponent)s: %(item)s for %(price)s gold; treasury %(treasury)s.") % {
        **values,
        "treasury": data["treasury"],
    }


def _items_used(event: CampaignEvent, data: Data) -> str:
    items = items_from_json(data["items"])
    parts = []
    if items:
        parts.append(_("Used in this match: %(items)s.") % {"items": "; ".join(b.label for b in items)})
    if data["points"]:
        lost = data["points"] - data["spent"]
        parts.append(
            _("Patronage: %(points)s points, %(spent)s spent, %(lost)s unspent and lost.")
            % {"points": data["points"], "spent": data["spent"], "lost": lost}
        )
    return " ".join(parts)


RENDERERS: Mapping[str, Callable[[CampaignEvent, Data], str]] = {
    Kind.ENTERED: _entered,
    Kind.DRAW: _draw,
    Kind.ROLL: _roll,
    Kind.RESULT: _result,
    Kind.INCOME: _income,
    Kind.HIRELING: _hireling,
    Kind.ABSENCE: _absence,
    Kind.INJURY: _injury,
    Kind.XP: _xp,
    Kind.ADVANCE: _advance,
    Kind.PURCHASE: _purchase,
    Kind.HEALER: _healer,
    Kind.BROKEN: _broken,
    Kind.MATCH_ITEM: _match_item,
    Kind.ITEMS_USED: _items_used,
}


def event_text(event: CampaignEvent) -> str:
    """The event's line in the reader's language (a roll: its purpose); its summary when its facts
    are incomplete."""
    words = event.data.get("text") if isinstance(event.data, dict) else None
    if isinstance(words, dict) and event.kind != Kind.ROLL:
        # another game's line, worded by its plug-in in both languages when it happened
        return str(words.get("hu" if is_hungarian() else "en") or event.summary)
    render = RENDERERS.get(event.kind)
    try:
        return render(event, event.data) if render else event.summary
    except (KeyError, TypeError, ValueError):
        return event.summary


def english_summary(event: CampaignEvent) -> str:
    """The line in English, as ``summary`` stores it."""
    with translation.override("en"):
        return event_text(event)
