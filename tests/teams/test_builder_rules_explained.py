"""Issue #34: in the builder every choice a rule governs is explained or linked where it is chosen
— the tier (Rookie = the base team only, TB-25), the six optional rules (HR-7), the starting grip
(HR-3.1, TB-15: only grips the pile holds), spell discs and fixed discs (RB p.11, HR-9.5, TB-18),
the members' names (TB-23, input of 40), the ME tokens (RB p.7, TB-20) — and every broken rule's
message links its rule."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from arena.engine.content.rules_json import rules_document
from teams.member_choices import grip_value, legal_grips
from teams.services import team_update
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db

LANGUAGES = {"hu": "hu-HU,hu;q=0.9", "en": "en-GB,en;q=0.9"}


@pytest.fixture(params=["hu", "en"])
def language(request) -> str:
    return request.param


@pytest.fixture
def team():
    return TeamFactory(name="Iron Wolves")


def builder(team, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=LANGUAGES[language])
    client.force_login(team.owner)
    return client.get(reverse("teams:edit", args=[team.pk])).content.decode()


def help_of(html: str, field_id: str) -> str:
    found = re.search(rf'id="{field_id}_helptext"[^>]*>(.*?)</div>', html, re.S)
    assert found, field_id
    return found.group(1)


def test_the_tier_says_rookie_is_the_base_team_only_and_links_tb25__hr9_1(team, language):
    help_text = help_of(builder(team, language), "id_team-tier")
    assert ("Újonc" if language == "hu" else "Rookie") in help_text
    assert 'href="/rules/points/tiers/"' in help_text
    assert 'href="/rules/team-rules/TB-25/">TB-25</a>' in help_text


def test_each_optional_rule_is_explained_where_it_is_chosen__hr7(team, language):
    html = builder(team, language)
    for rule in rules_document()["optional_rules"]:
        assert f'data-rule="optional-rules/{rule["id"]}"' in html
        assert f'href="/rules/optional-rules/{rule["id"]}/"' in html
    assert 'href="/rules/optional-rules/"' in help_of(html, "id_team-options")


def test_a_members_name_input_takes_40_characters__tb23(team, language):
    html = builder(team, language)
    name = re.search(r'<input[^>]+name="gladiator-name"[^>]*>', html).group(0)
    assert 'maxlength="40"' in name
    assert 'href="/rules/team-rules/TB-23/">TB-23</a>' in help_of(html, "id_gladiator-name")


def test_the_starting_grip_offers_only_what_the_pile_holds__hr3_1_tb15(team, language):
    html = builder(team, language)
    select = re.search(r'<select[^>]+name="gladiator-starting_grip".*?</select>', html, re.S).group(0)
    offered = set(re.findall(r'value="([^"]*)"', select))
    gladiator = team.characters.get(slot="gladiator")
    pile = tuple(gladiator.pile)  # the base team's: short sword, shield, halberd, greatsword
    assert set(pile) == {"short_sword", "shield", "halberd", "greatsword"}
    expected = {grip_value(g) for g in legal_grips(gladiator.gladiator_type, pile)}
    assert offered == expected
    assert grip_value(("short_sword", "shield")) in offered and grip_value(("greatsword",)) in offered
    for absent in ("sabre", "mace", "trident", "great_axe"):
        assert not any(absent in value for value in offered), absent
    assert grip_value(("short_sword", "short_sword")) not in offered  # one copy is no pair
    assert 'href="/rules/team-rules/TB-15/">TB-15</a>' in help_of(html, "id_gladiator-starting_grip")
    # a second short sword in the pile makes the pair a grip he may start with
    team_update(team=team, member_changes={"gladiator": {"pile": [*pile, "short_sword"]}})
    html = builder(team, language)
    select = re.search(r'<select[^>]+name="gladiator-starting_grip".*?</select>', html, re.S).group(0)
    assert f'value="{grip_value(("short_sword", "short_sword"))}"' in select


def test_spell_discs_and_fixed_discs_are_explained__rb_p11_hr9_5(team, language):
    html = builder(team, language)
    discs = help_of(html, "id_witch_master-disc_count")
    assert 'href="/rules/how-a-match-goes/#guide-discs"' in discs
    assert 'href="/rules/team-rules/TB-18/">TB-18</a>' in discs
    fixed = help_of(html, "id_witch_master-fixed_disc_1")
    assert 'href="/rules/points/fixed_discs/"' in fixed
    assert ("szintenként 2 pont" if language == "hu" else "2 points per level") in fixed


def test_the_me_tokens_say_how_they_pair__rb_p7_tb20(team, language):
    help_text = help_of(builder(team, language), "id_crossbowman-me_token")
    assert ("egy 3-as" if language == "hu" else "one of 3") in help_text
    assert 'href="/rules/team-rules/TB-20/">TB-20</a>' in help_text


def test_every_broken_rules_message_links_its_rule(team, language):
    team_update(team=team, member_changes={"gladiator": {"ep": 21}})  # 201 points: TB-02
    html = builder(team, language)
    assert 'data-code="TB-02"' in html
    assert '<a class="rule-link rule-code" href="/rules/team-rules/TB-02/">TB-02</a>' in html
    page = Client(HTTP_ACCEPT_LANGUAGE=LANGUAGES[language]).get("/rules/team-rules/TB-02/").content.decode()
    assert 'href="/rules/points/tiers/"' in page


def test_every_team_rule_has_a_page_in_both_languages__hr9_6(language):
    client = Client(HTTP_ACCEPT_LANGUAGE=LANGUAGES[language])
    for rule in rules_document()["points"]["validation_rules"]:
        html = client.get(f"/rules/team-rules/{rule['id']}/").content.decode()
        summary = rule["summary_hu"] if language == "hu" else rule["summary"]
        assert summary.replace("'", "&#x27;") in html.replace("&lt;", "<").replace("&gt;", ">"), rule["id"]
