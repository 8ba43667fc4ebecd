"""A live check answers with only what it changed: the changed field, every piece whose messages
changed, the status, points and rules panels, and the page's new ``builder-shown`` (teams/builder.py)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from arena.engine.content.profiles import GLADIATOR
from teams.builder import posted_parts
from teams.models import Character, Team
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import card_post_data, team_post_data

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TB_02_AT_201 = "Team value is 201 points but the Standard budget is 200. Remove 1 points."


@pytest.fixture
def team(client):
    owner = UserFactory()
    client.force_login(owner)
    return TeamFactory(owner=owner, name="Iron Wolves")


def edit_url(team: Team) -> str:
    return reverse("teams:edit", args=[team.pk])


def shown_on(html: str) -> str:
    """The ``builder-shown`` value a page or a live check's answer carries."""
    match = re.search(r'id="builder-shown" value="([^"]*)"', html)
    assert match, "no builder-shown input"
    return match.group(1)


def live_check(client, team, shown: str, **changes):  # type: ignore[no-untyped-def]
    data = {**team_post_data(team, **changes), "builder-shown": shown}
    response = client.post(edit_url(team), data, headers=HTMX)
    assert response.status_code == 200
    return response, response.content.decode()


def swapped(html: str) -> list[str]:
    """The ids of the out-of-band pieces, in order."""
    return re.findall(r'id="([^"]+)"[^>]*hx-swap-oob="true"', html)


PANELS = ["builder-shown", "team-status", "points-summary", "problem-list"]


def test_the_page_says_what_it_shows(client, team):
    html = client.get(edit_url(team)).content.decode()

    assert shown_on(html) == ""  # the base team keeps every rule: nothing is said anywhere
    assert 'hx-swap="none"' in html
    assert 'id="row-gladiator-ep"' in html and 'id="problems-team"' in html and 'id="problems-gladiator-s0"' in html


def test_a_change_sends_back_its_field_the_message_it_adds_elsewhere_and_the_panels(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())

    response, html = live_check(client, team, shown, **{"gladiator-ep": 21})

    assert swapped(html) == ["problems-team", "row-gladiator-ep", *PANELS]
    assert "team-editor" not in html and "row-laeva-te" not in html
    assert html.count(TB_02_AT_201) == 3  # on the team card, in the rules panel and read out
    assert 'id="points-total">201<' in html
    assert 'href="#member-laeva"' not in html  # the links to the members sit outside the swapped panels
    assert 'value="21"' in html and "HX-Reswap" not in response
    assert Character.objects.get(team=team, slot=GLADIATOR).ep == 21
    assert len(html) < 12_000  # the whole editor was about 100 KB

    # Back within the budget: the team card's message goes, so its box comes back empty.
    response, html = live_check(client, team, shown_on(html), **{"gladiator-ep": 20})
    assert swapped(html) == ["problems-team", "row-gladiator-ep", *PANELS]
    assert '<div id="problems-team" hx-swap-oob="true"></div>' in html
    assert 'id="team-valid"' in html and shown_on(html) == ""


def test_a_change_that_alters_other_fields_messages_sends_those_fields_too(client, team):
    """The weapon pile's total is refused beside every weapon in it, so one count changes five fields."""
    shown = shown_on(client.get(edit_url(team)).content.decode())

    _, html = live_check(client, team, shown, **{"gladiator-pile_sabre": 50})

    pile = ["row-gladiator-pile_short_sword", "row-gladiator-pile_shield", "row-gladiator-pile_halberd"]
    assert set(pile + ["row-gladiator-pile_greatsword", "row-gladiator-pile_sabre"]) <= set(swapped(html))
    assert html.count("The weapon pile would cost") == 5
    assert Character.objects.get(team=team, slot=GLADIATOR).pile.count("sabre") == 0  # refused: nothing saved

    _, html = live_check(client, team, shown_on(html), **{"gladiator-pile_sabre": 0})
    assert set(pile) <= set(swapped(html)) and "The weapon pile would cost" not in html
    assert shown_on(html) == ""


def test_a_refused_number_set_back_to_the_saved_value_loses_its_message(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())
    _, html = live_check(client, team, shown, **{"laeva-te": 99999})
    assert "Enter a number from 7 to 12 (HR-9.3)." in html and "row-laeva-te=" in shown_on(html)

    # 9 is what is saved, so the field did not change against the team: its message did.
    _, html = live_check(client, team, shown_on(html), **{"laeva-te": 9})

    assert swapped(html) == ["row-laeva-te", *PANELS]
    assert "is-invalid" not in html and 'value="9"' in html


def test_a_saved_value_is_shown_as_saved(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())

    _, html = live_check(client, team, shown, **{"gladiator-name": "  Brutus  "})

    assert 'name="gladiator-name" value="Brutus"' in html
    assert "<td>Brutus<div" in html  # his row in the points panel


def test_a_change_of_the_optional_rules_sends_the_whole_editor(client, team):
    """The vial fields come and go with the optional rules: the forms change, not only messages."""
    shown = shown_on(client.get(edit_url(team)).content.decode())

    response, html = live_check(client, team, shown, **{"team-options": ["opt_potion"]})

    assert html.lstrip().startswith('<div id="team-editor"') and response["HX-Reswap"] == "outerHTML"
    assert 'name="gladiator-vial"' in html


def test_a_change_of_the_gladiator_type_sends_the_whole_editor(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())

    response, html = live_check(client, team, shown, **{"gladiator-gladiator_type": "sword_master"})

    assert response["HX-Reswap"] == "outerHTML" and html.lstrip().startswith('<div id="team-editor"')
    assert 'id="id_gladiator-gladiator_type"' in html


def test_a_post_that_does_not_say_what_the_page_shows_gets_the_whole_editor(client, team):
    response = client.post(edit_url(team), {**team_post_data(team), "builder-shown": "x" * 10}, headers=HTMX)
    assert response["HX-Reswap"] == "outerHTML"
    assert response.content.decode().lstrip().startswith('<div id="team-editor"')


def test_only_the_owner_gets_a_live_check(client, team):
    client.force_login(UserFactory())
    response = client.post(edit_url(team), {**team_post_data(team), "builder-shown": ""}, headers=HTMX)
    assert response.status_code == 404


# --- a live check posts only the card changed (static/js/viadal.js) ---------------------------------


def card_check(client, team, shown: str, *parts: str, **changes):  # type: ignore[no-untyped-def]
    data = {**card_post_data(team, *parts, **changes), "builder-shown": shown}
    response = client.post(edit_url(team), data, headers=HTMX)
    assert response.status_code == 200
    return response, response.content.decode()


def test_a_card_posted_alone_is_saved_and_the_other_cards_stay_as_saved(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())

    response, html = card_check(client, team, shown, GLADIATOR, **{"gladiator-ep": 21})

    assert "HX-Reswap" not in response
    assert team.characters.get(slot=GLADIATOR).ep == 21
    assert team.characters.get(slot="laeva").te == 9 and Team.objects.get(pk=team.pk).name == "Iron Wolves"
    # its field, the team's new problem (TB-02 beside the team's card) and the panels; no field of
    # a card that was not posted
    assert swapped(html) == ["problems-team", "row-gladiator-ep", *PANELS]
    assert TB_02_AT_201 in html


def test_a_card_post_answers_as_the_whole_form_does(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())
    _, whole = live_check(client, team, shown, **{"gladiator-ep": 21})
    live_check(client, team, shown_on(whole), **{"gladiator-ep": 20})

    _, card = card_check(client, team, shown, GLADIATOR, **{"gladiator-ep": 21})

    assert card == whole


def test_a_refused_card_posted_again_with_the_next_change_saves_neither_until_fixed(client, team):
    """The answer to a refused post names its cards (``data-unsaved``) and the page posts them again
    with the next change: the refused value stays shown with its message and, as with the whole form,
    nothing is saved until it is fixed; then the change made meanwhile is saved with the fix."""
    shown = shown_on(client.get(edit_url(team)).content.decode())
    _, html = card_check(client, team, shown, "laeva", **{"laeva-te": 99999})

    _, html = card_check(client, team, shown_on(html), GLADIATOR, "laeva", **{"laeva-te": 99999, "gladiator-ep": 21})

    assert team.characters.get(slot=GLADIATOR).ep == 20 and team.characters.get(slot="laeva").te == 9
    assert 'name="laeva-te" value="99999"' in html and "Enter a number from 7 to 12 (HR-9.3)." in html
    assert "row-laeva-te=" in shown_on(html)
    # the page posts both cards again with its next change, and once saved none is left unsaved
    assert 'data-unsaved="gladiator laeva"' in html
    _, html = card_check(client, team, shown_on(html), GLADIATOR, "laeva", **{"laeva-te": 10, "gladiator-ep": 21})
    assert 'data-unsaved=""' in html
    assert team.characters.get(slot=GLADIATOR).ep == 21 and team.characters.get(slot="laeva").te == 10


def test_the_team_card_is_a_card_too(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())

    card_check(client, team, shown, "team", **{"team-name": "Bronze Wolves"})

    assert Team.objects.get(pk=team.pk).name == "Bronze Wolves" and team.characters.get(slot=GLADIATOR).ep == 20


@pytest.mark.parametrize(
    ("named", "parts"),
    [
        ([GLADIATOR], {GLADIATOR}),
        (["team", "laeva"], {"team", "laeva"}),
        ([], None),  # none named: the whole form
        (["gladiator", "nobody"], None),  # a card the team does not have: the whole form
        (["team"] * 20, {"team"}),
    ],
)
def test_the_cards_posted_are_the_teams_own_or_else_the_whole_form(named, parts):
    slots = ["gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist"]
    assert posted_parts(named, slots) == (frozenset(parts) if parts is not None else None)


# --- queries ------------------------------------------------------------------------------------
# Counted on the test database; each line names what it is for.


def test_the_builder_page_needs_five_queries(client, team, django_assert_num_queries):
    # session, user, the team with its characters (one query), the header's "waiting on you" count
    # (two: results, fixtures and matches in one, the campaign advances due in the other)
    with django_assert_num_queries(5):
        response = client.get(edit_url(team))
    assert response.status_code == 200


def test_a_live_check_needs_the_same_queries_whatever_it_changes(client, team):
    shown = shown_on(client.get(edit_url(team)).content.decode())
    counts = []
    changed_values = ({"gladiator-ep": 21}, {"laeva-te": 99999}, {"strategist-ep": 11, "gladiator-ep": 20}, {})
    for changes in changed_values:
        data = {**team_post_data(team, **changes), "builder-shown": shown}
        with CaptureQueriesContext(connection) as queries:
            response = client.post(edit_url(team), data, headers=HTMX)
        shown = shown_on(response.content.decode())
        counts.append([query["sql"].split()[0] for query in queries.captured_queries])
    # the session with its user (one statement: the page's GET taught the process whose session it
    # is), the team with its characters (one query); then the save: on PostgreSQL one
    # statement, the characters' UPDATEs in a WITH before the team's (no transaction of its own:
    # one statement is one); elsewhere a transaction (here a savepoint, the test's transaction being
    # open) of one UPDATE per changed character and the team's. Nothing else, whatever the forms hold.
    read = ["SELECT", "SELECT"]
    if connection.vendor == "postgresql":
        assert counts[0] == [*read, "WITH"]
        assert counts[2] == [*read, "WITH"]
    else:
        assert counts[0] == [*read, "SAVEPOINT", "UPDATE", "UPDATE", "RELEASE"]
        assert counts[2] == [*read, "SAVEPOINT", "UPDATE", "UPDATE", "UPDATE", "RELEASE"]
    assert counts[1] == read  # refused: nothing saved
    assert counts[3] == read  # the form as saved: nothing to write, no transaction


def test_a_live_check_that_saves_is_three_statements_on_postgresql(client, team):
    """Issue 35: the session and its user in one statement, the team with its characters in one, the
    save in one (on PostgreSQL; elsewhere a savepoint, one UPDATE a row and the release); two when
    nothing is saved."""
    shown = shown_on(client.get(edit_url(team)).content.decode())
    data = {**team_post_data(team, **{"gladiator-ep": 21}), "builder-shown": shown}
    with CaptureQueriesContext(connection) as saving:
        response = client.post(edit_url(team), data, headers=HTMX)
    data["builder-shown"] = shown_on(response.content.decode())
    with CaptureQueriesContext(connection) as same:
        assert client.post(edit_url(team), data, headers=HTMX).status_code == 200
    assert len(saving.captured_queries) == (3 if connection.vendor == "postgresql" else 6)
    assert len(same.captured_queries) == 2


def test_a_post_that_changes_nothing_leaves_the_team_as_it_was(client, team):
    before = Team.objects.get(pk=team.pk).updated
    shown = shown_on(client.get(edit_url(team)).content.decode())

    response, html = live_check(client, team, shown)

    assert swapped(html) == PANELS and Team.objects.get(pk=team.pk).updated == before
    _, html = live_check(client, team, shown_on(html), **{"gladiator-ep": 21})
    assert Team.objects.get(pk=team.pk).updated > before


def test_the_page_after_a_change_shows_it_though_its_cards_are_kept(client, team):
    """Each process keeps the member cards it rendered (teams/builder.py) by the character, the
    language, the optional rules and the problems on the card: a change renders its card again."""
    first = client.get(edit_url(team)).content.decode()
    assert 'name="gladiator-ep" value="20"' in first

    live_check(client, team, shown_on(first), **{"gladiator-ep": 21, "strategist-ep": 14})
    html = client.get(edit_url(team)).content.decode()

    assert 'name="gladiator-ep" value="21"' in html and 'name="strategist-ep" value="14"' in html
    assert 'name="laeva-te" value="9"' in html
    hungarian = client.get(edit_url(team), headers={"Accept-Language": "hu"}).content.decode()
    assert "Gladiátortípus" in hungarian and "Gladiátortípus" not in html
