"""One-match items and patronage of a fixture (HR-10.7, HR-10.8): what each side bought, the
patronage points it has, and the roster it fields with them.

A side is given as 0 or ``"home"`` (the home entry) and 1 or ``"away"``. Patronage points are worked
out from the two teams' current team values until they are fixed: at the side's first patronage
purchase, or when the result becomes final (``MatchPreparation.patronage``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.match_items import equip_for_match, patronage_points
from arena.engine.roster import Roster

from ..bought_items import BoughtItem, items_from_json
from ..league_errors import LeagueError
from ..models import Entry, Fixture, MatchPreparation
from ..rosters import entry_roster, for_league

SIDE_NAMES = ("home", "away")
Side = int | str


def side_index(side: Side) -> int:
    """0 for ``0`` or ``"home"``, 1 for ``1`` or ``"away"``."""
    if side in (0, 1):
        return int(side)
    if side in SIDE_NAMES:
        return SIDE_NAMES.index(str(side))
    raise ValueError(f"a fixture has a home and an away side, not {side!r}")


def side_entry(fixture: Fixture, side: Side) -> Entry:
    """The entry playing ``side`` of the fixture; a bye has no away side."""
    entry = fixture.home if side_index(side) == 0 else fixture.away
    if entry is None:
        raise LeagueError(_("A bye has no match to prepare for."))
    return entry


def preparation_of(fixture: Fixture, entry: Entry) -> MatchPreparation | None:
    return MatchPreparation.objects.filter(fixture=fixture, entry=entry).first()


def live_patronage(fixture: Fixture, entry: Entry) -> int:
    """The patronage points ``entry`` would receive now: the difference of the two teams' team
    values, at most 20, for the lower-valued team (HR-10.8)."""
    if fixture.away is None:
        return 0
    other = fixture.away if entry.pk == fixture.home_id else fixture.home
    return patronage_points(team_value(entry_roster(entry)), team_value(entry_roster(other)))


def fixture_fielded_roster(fixture: Fixture, side: Side) -> Roster:
    """The roster ``side`` takes to the fixture, as a hosted match would field it: the campaign
    roster under the league's tier and optional rules, a hireling in each dead or absent member's
    place (``fielded_roster``), and the one-match items bought for this fixture on it
    (``equip_for_match``). Items already used up (the result is final) are no longer on it."""
    entry = side_entry(fixture, side)
    roster = fielded_roster(for_league(fixture.league, entry_roster(entry)))
    prep = preparation_of(fixture, entry)
    if prep is None or prep.consumed:
        return roster
    return equip_for_match(roster, [bought.item for bought in items_from_json(prep.items)])


@dataclass(frozen=True)
class SidePreparation:
    """One side's one-match items for a fixture, as the match report shows them."""

    entry: Entry
    side: str
    items: list[BoughtItem]
    patronage: int
    consumed: bool

    @property
    def bought(self) -> list[BoughtItem]:
        """Bought with gold."""
        return [b for b in self.items if not b.is_patronage]

    @property
    def patronage_items(self) -> list[BoughtItem]:
        return [b for b in self.items if b.is_patronage]

    @property
    def patronage_spent(self) -> int:
        return sum(b.price for b in self.patronage_items)

    @property
    def patronage_left(self) -> int:
        return max(0, self.patronage - self.patronage_spent)

    @property
    def is_empty(self) -> bool:
        return not self.items and not self.patronage


def fixture_preparations(fixture: Fixture) -> list[SidePreparation]:
    """Both sides' preparations for a played-or-not fixture (none for a bye). A side's patronage is
    its fixed points, or while none are fixed and the result is not final, today's."""
    if fixture.away is None:
        return []
    stored = {p.entry_id: p for p in MatchPreparation.objects.filter(fixture=fixture)}
    sides = []
    for name, entry in zip(SIDE_NAMES, (fixture.home, fixture.away), strict=True):
        prep = stored.get(entry.pk)
        if prep is not None and prep.patronage is not None:
            points = prep.patronage
        else:
            points = live_patronage(fixture, entry) if not fixture.is_final else 0
        items = items_from_json(prep.items) if prep else []
        sides.append(SidePreparation(entry, name, items, points, bool(prep and prep.consumed)))
    return sides
