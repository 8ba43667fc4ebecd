"""One-match purchases before a fixture (HR-10.7) and patronage (HR-10.8), and their use.

A side's player buys one-match items for a scheduled fixture with the treasury's gold, or, for the
team with the lower team value, with patronage points. Each item is checked by the engine on the
roster the side will field (``equip_for_match``: disc, trap-card and vial limits, the league's vial
options, the 4th amulet), then its price (``gold_price`` and ``pay``, or ``patronage_left``). The items
are stored per fixture and side (``MatchPreparation``) and never touch the campaign roster: when the
result becomes final they are used up (:func:`use_match_items`), and unspent patronage is lost.

Locks (``services.locks``): a purchase locks the league, the fixture's two entries and the fixture;
using the items up runs under the locks of the service that makes the result final.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from arena.engine.campaign.gold import pay
from arena.engine.campaign.match_items import (
    MATCH_ITEM_NAMES,
    MatchItem,
    equip_for_match,
    gold_price,
    patronage_cost,
    patronage_left,
)

from ..bought_items import Paid, item_to_json, items_from_json
from ..league_errors import LeagueError
from ..models import CampaignEvent, Entry, Fixture, MatchPreparation
from ..permissions import require_owner
from ..selectors.fixture_items import fixture_fielded_roster, live_patronage
from .locks import lock_fixture
from .log import EventLog

Kind = CampaignEvent.Kind


@transaction.atomic
def fixture_buy_match_item(
    *, fixture: Fixture, entry: Entry, actor: User, item: MatchItem, paid: Paid
) -> MatchPreparation:
    """``entry``'s player buys ``item`` for his side of ``fixture``, with gold or patronage points.
    Locks: the league, both entries of the fixture, the fixture; the treasury paid from is the
    locked entry's."""
    require_owner(entry, actor)  # the player of an entry never changes
    if fixture.is_four_seat:  # patronage compares two team values; a table of four has no such pair
        raise LeagueError(_("One-match purchases and patronage are not offered for four-seat fixtures."))
    fixture = lock_fixture(fixture)
    side = fixture.side_of(entry.pk)
    if side is None or fixture.is_bye:
        raise LeagueError(_("%(team)s does not play in this fixture.") % {"team": entry.name})
    entry = fixture.entry_on(side)
    if fixture.status != Fixture.Status.SCHEDULED:
        raise LeagueError(_("This fixture has been played; one-match items are bought before the match."))
    prep = MatchPreparation.objects.filter(fixture=fixture, entry=entry).first() or MatchPreparation(
        fixture=fixture, entry=entry
    )
    bought = items_from_json(prep.items)
    # the rules first (on the roster the side will field, with what it has bought), then the price
    equip_for_match(fixture_fielded_roster(fixture, side), [item])
    data = {"round": fixture.round, "opponent": fixture.entry_on(1 - side).name}
    if paid is Paid.GOLD:
        price = gold_price(item)
        hu, en = MATCH_ITEM_NAMES[item.kind]
        entry.treasury = pay(entry.treasury, price, en, hu)
        entry.save(update_fields=["treasury"])
        data["treasury"] = entry.treasury
    else:
        points = prep.patronage if prep.patronage is not None else live_patronage(fixture, entry)
        spent = [b.item for b in bought if b.is_patronage]
        price = patronage_cost(item)
        data.update(points=points, left=patronage_left(points, [*spent, item]))
        prep.patronage = points  # fixed at the first patronage purchase
    prep.items = [*prep.items, item_to_json(item, paid, price)]
    prep.save()
    log = EventLog(fixture.league)
    log.add(
        Kind.MATCH_ITEM,
        entry=entry,
        fixture=fixture,
        slot=item.slot or "",
        data={**item_to_json(item, paid, price), **data},
    )
    log.save()
    return prep


def use_match_items(*, fixture: Fixture, log: EventLog) -> None:
    """The result is final: both sides' one-match items are used up, and each side's patronage is
    fixed at what it had (unspent points are lost, HR-10.8). Logs what each side took into the match.

    Precondition: inside the transaction that makes the result final, before the campaign sequence
    changes either roster (the patronage still compares the team values of before the match)."""
    stored = {p.entry_id: p for p in MatchPreparation.objects.filter(fixture=fixture)}
    for entry in fixture.sides:
        prep = stored.get(entry.pk) or MatchPreparation(fixture=fixture, entry=entry)
        if prep.consumed:
            continue
        if prep.patronage is None:
            prep.patronage = live_patronage(fixture, entry)
        if not prep.items and not prep.patronage:
            continue
        prep.consumed = True
        prep.save()
        spent = sum(b.price for b in items_from_json(prep.items) if b.is_patronage)
        log.add(
            Kind.ITEMS_USED,
            entry=entry,
            fixture=fixture,
            data={"items": prep.items, "points": prep.patronage, "spent": spent},
        )
