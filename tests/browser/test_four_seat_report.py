"""A four-seat free-for-all result reported by hand in a real browser (HR-8, HR-10.6): the report
form asks each member how many enemy strategists he killed and enemy gladiators he hurt and
destroyed, bounded by the three enemies; it is axe-clean at desktop and phone widths, and what the
player typed is what the result stores."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import ArenaResult
from tests.browser.actions import log_in
from tests.browser.test_accessibility import problems_on
from tests.campaigns.four_player_helpers import seats_of
from tests.campaigns.test_four_player_pages import ffa_league, first_table, report_data

pytestmark = pytest.mark.browser


def test_a_free_for_all_report_counts_each_members_deeds_against_three_enemies(
    live_server, transactional_db, page, artifacts
):
    fixture = first_table(ffa_league())
    seats = seats_of(fixture)
    log_in(page, live_server, seats[0].player.username)
    page.goto(live_server.url + reverse("campaigns:table-report", args=[fixture.pk]))
    count = page.locator("#id_seat0-gladiator-gladiators_destroyed")
    assert (count.get_attribute("type"), count.get_attribute("min"), count.get_attribute("max")) == ("number", "0", "3")
    assert count.get_attribute("aria-label").endswith(": Gladiators destroyed")
    for width, height, name in ((1280, 900, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        assert problems_on(page) == []
        page.screenshot(path=str(artifacts / f"four-seat-report-{name}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    data = report_data(fixture, [(1, "", 20, 2), (2, 12, 5, 1), (3, 9, 0, 0), (4, 5, 0, 0)])
    data |= {
        "seat0-gladiator-gladiators_damaged": "3",
        "seat0-gladiator-gladiators_destroyed": "2",
        "seat0-crossbowman-strategists_killed": "2",
    }
    for name, value in data.items():
        field = page.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("button:has-text('Report the result')")
    page.wait_for_url(live_server.url + reverse("campaigns:table", args=[fixture.pk]))
    stored = ArenaResult.objects.get(fixture=fixture).members["0"]
    assert (stored["gladiator"]["gladiators_damaged"], stored["gladiator"]["gladiators_destroyed"]) == (3, 2)
    assert stored["crossbowman"]["strategists_killed"] == 2
