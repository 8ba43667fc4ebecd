"""Waiting on you for a warband player: a figure that has earned an advance (WB-8.4, counted by the
rules' ``advances_due``) waits in the inbox until it is taken (WB-19), in the warband game's words,
linking to the entry's campaign sheet; in a bounded number of queries whatever the figures."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.inbox import inbox, inbox_counts
from campaigns.models import Entry
from campaigns.services.records import entry_game_action
from warbands.league_campaign import campaign_of
from warbands.rules.campaign import campaign_to_dict

from .helpers import enter, warband_league, warriors
from .test_campaign import played  # noqa: F401  (the fixture: WB-5's sample won, its Knight at 4 XP)

pytestmark = pytest.mark.django_db


def with_xp(entry: Entry, xp: int, *names: str) -> None:
    """The figures ``names`` of ``entry`` at ``xp`` XP, as the campaign would have left them."""
    campaign = campaign_of(entry.roster)
    for name in names:
        campaign = campaign.with_record(replace(campaign.record(name), xp=xp))
    entry.roster = {**entry.roster, **campaign_to_dict(campaign)}
    entry.save(update_fields=["roster"])


def test_wb_8_4_a_figure_at_4_xp_waits_once_until_its_advance_is_taken(played, client):  # noqa: F811
    home = Entry.objects.get(pk=played.home_id)
    # the Knight and the Archer: 1 on the table, 1 not taken out, 1 the win, 1 their kill = 4 XP,
    # the first advance; the Wizard's 3 XP earn none yet
    waiting = inbox(home.player).advances
    assert [(d.entry.pk, d.figure, d.count, d.record) for d in waiting] == [
        (home.pk, "Knight", 1, None),
        (home.pk, "Archer", 1, None),
    ]
    assert inbox_counts(home.player).advances == 2
    assert inbox(played.away.player).advances == []  # Warrior 3 has 3 XP
    client.force_login(home.player)
    page = client.get(reverse("inbox"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    sheet = reverse("campaigns:entry", args=[home.pk]) + "#advances"
    assert page.count('data-figure="Knight"') == 1 and page.count(f'href="{sheet}"') == 2
    assert "Knight (Sample, Warband league) may take 1 advance (WB-8.4)." in page
    assert 'id="advances"' in client.get(reverse("campaigns:entry", args=[home.pk])).content.decode()

    entry_game_action(entry=home, actor=home.player, action="advance", data={"figure": "Knight", "advance": "combat"})
    assert [d.figure for d in inbox(home.player).advances] == ["Archer"] and inbox_counts(home.player).total == 1
    assert 'data-figure="Knight"' not in client.get(reverse("inbox")).content.decode()


def test_wb_8_4_the_inbox_speaks_hungarian(played, client):  # noqa: F811
    home = Entry.objects.get(pk=played.home_id)
    client.force_login(home.player)
    with translation.override("hu"):
        page = client.get(reverse("inbox"), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Knight (Sample, Warband league) 1 fejlődést választhat (WB-8.4)." in page
    assert "Választás" in page


def test_wb_8_4_every_advance_reached_counts_and_the_dead_owe_none():
    league = warband_league(points=200)
    entry = enter(league, warriors(3), name="Three")
    with_xp(entry, 18, "Warrior 1")  # 4, 10 and 18: three advances
    with_xp(entry, 10, "Warrior 2")
    campaign = campaign_of(entry.roster)
    dead = campaign.with_record(replace(campaign.record("Warrior 2"), dead=True))
    entry.roster = {**entry.roster, **campaign_to_dict(dead)}
    entry.save(update_fields=["roster"])
    assert [(d.figure, d.count) for d in inbox(entry.player).advances] == [("Warrior 1", 3)]


@pytest.mark.parametrize("leagues", [1, 3])
def test_a_warband_player_costs_the_same_queries_whatever_his_entries_and_figures(leagues, django_assert_num_queries):
    """The header two queries and the page five (more with hosted matches to page), as for any
    player: the entries come with the statement that reads Viadal's member records."""
    player = None
    for number in range(leagues):
        entry = enter(warband_league(points=200, name=f"League {number}"), warriors(8), player=player, name="Eight")
        player = entry.player
        with_xp(entry, 4 + number, *(f"Warrior {i}" for i in range(1, 9)))
    with django_assert_num_queries(2):
        assert inbox_counts(player).advances == 8 * leagues
    with django_assert_num_queries(5):  # no hosted match owing a move: its count, and no page
        assert len(inbox(player).advances) == 8 * leagues
