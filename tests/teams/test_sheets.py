"""Character sheets: the view model of the base team (HR-2.1), the print view and the PDF.

The view model is made for a reader's language; the paper sheet's values are checked on the
Hungarian sheet (as the rulebook prints them), the English one reads English first with the
Hungarian term beside. The pages here are read in English (the suite's default); tests/i18n reads
them in Hungarian.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse

from arena.engine.roster import base_roster
from teams.sheet_views import share_qr_svg
from teams.sheets import CharacterSheet, sheet_for
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import pdf_text

LABELS_HU = (
    "GLADIÁTOR",
    "BOSZORKÁNYMESTER",
    "SZÁMSZERÍJÁSZ",
    "TŐRVETŐ (deasta)",
    "TŐRVETŐ (laeva)",
    "STRATÉGA",
)
LABELS = (
    "GLADIATOR",
    "WITCH-MASTER",
    "CROSSBOWMAN",
    "DAGGER-THROWER (deasta)",
    "DAGGER-THROWER (laeva)",
    "STRATEGIST",
)


def by_slot(language: str = "hu") -> dict[str, CharacterSheet]:
    return {c.slot: c for c in sheet_for(base_roster(), language=language).characters}


def values(sheet: CharacterSheet) -> dict[str, str]:
    return {row.label_hu: row.value for row in (*sheet.combat, *sheet.rows)}


def test_base_team_sheets_in_sheet_order_with_the_team_header():
    sheet = sheet_for(base_roster(name="Iron Wolves"), owner="cassia", status="Ready", language="hu")
    assert tuple(c.label for c in sheet.characters) == LABELS_HU
    assert all(c.label_term == "" for c in sheet.characters)
    assert (sheet.name, sheet.owner, str(sheet.tier), sheet.points, sheet.budget, sheet.status) == (
        "Iron Wolves",
        "cassia",
        "Standard",
        200,
        200,
        "Ready",
    )
    assert sum(c.points for c in sheet.characters) <= sheet.points  # amulets are priced for the team
    assert sheet.tracker_rounds == (1, 2, 3)
    assert sheet.sneaking_heading.name == "Lopakodás"


def test_the_english_sheet_reads_english_first_with_the_hungarian_term_beside():
    sheet = sheet_for(base_roster(name="Iron Wolves", tier="rookie"), language="en")
    assert tuple(c.label for c in sheet.characters) == LABELS
    assert [c.label_term for c in sheet.characters] == [label.split(" (")[0] for label in LABELS_HU]
    assert (sheet.tier.name, sheet.tier.term) == ("Rookie", "Újonc")
    assert (sheet.sneaking_heading.name, sheet.sneaking_heading.term) == ("Sneaking", "Lopakodás")
    assert (sheet.headings["skill"].name, sheet.headings["skill"].term) == ("Skill", "Képzettség")
    gladiator = sheet.characters[0]
    assert [(row.name, row.term) for row in gladiator.rows] == [
        ("Health", "Egészség"),
        ("Magic resistance", "Mágiaellenállás"),
        ("Movement", "Mozgás"),
        ("Amulet", "Amulett"),
        ("Vial", "Fiola"),
    ]
    assert [(row.name, row.title) for row in gladiator.combat] == [
        ("TÉ", "attack value"),
        ("VÉ", "defence value"),
        ("CÉ", "aim value"),
        ("SFÉ", "damage absorption"),
    ]
    assert (gladiator.type_name.name, gladiator.type_name.term, gladiator.grip) == (
        "Armoured",
        "Vértes",
        "Short sword + Shield",
    )
    dodging = gladiator.skills[0]
    assert (dodging.name, dodging.term, dodging.effect) == ("Dodging", "Kitérés", dodging.effect_en)
    assert [(w.name, w.term) for w in gladiator.weapons[:2]] == [("Short sword", "Rövidkard"), ("Shield", "Pajzs")]
    assert [box.opens for box in gladiator.stp_boxes] == ["", "crossbow bolts", "", "throwing daggers"]
    assert [(r.name, r.term) for r in sheet.characters[-1].tracker][:2] == [("Trap", "Csapda"), ("Poison", "Méreg")]


def test_gladiator_sheet_has_hr_2_1_values_with_short_sword_and_shield():
    gladiator = by_slot()["gladiator"]
    assert (gladiator.te, gladiator.ve, gladiator.base_te, gladiator.base_ve) == (18, 9, 14, 3)
    assert values(gladiator) == {
        "TÉ": "18",
        "VÉ": "9",
        "CÉ": "–",
        "SFÉ": "2",
        "Egészség": "5",
        "Mágiaellenállás": "0",
        "Mozgás": "5",
        "Amulett": "méregsemlegesítő",
        "Fiola": "",
    }
    assert (len(gladiator.ep_circles), len(gladiator.stp_boxes)) == (20, 4)
    assert [box.opens for box in gladiator.stp_boxes] == ["", "számszeríjvessző", "", "dobótőr"]
    assert (str(gladiator.type_name), str(gladiator.armour), gladiator.grip) == (
        "Vértes",
        "fémvért (sodronyvért)",  # as the team page names it
        "Rövidkard + Pajzs",
    )
    assert [(s.number, s.name_hu, s.name_en, s.man_cost, s.attack_man) for s in gladiator.skills] == [
        (1, "Kitérés", "Dodging", 1, 0),
        (2, "Fegyvertörés", "Weapon Breaking", 2, 2),
        (3, "Földrevitel", "Takedown", 2, 2),
    ]
    assert all(s.effect_en and s.effect_hu and s.effect == s.effect_hu and s.term == "" for s in gladiator.skills)
    assert [(s.number, s.name_hu) for s in gladiator.specials] == [(None, "Pajzsfal")]


def test_gladiator_weapons_carry_skill_numbers_and_the_starting_grip():
    weapons = {w.id: w for w in by_slot()["gladiator"].weapons}
    assert list(weapons) == ["short_sword", "shield", "halberd", "greatsword", "dagger", "javelin", "net"]
    rows = {key: (w.count, w.te, w.ve, w.sp, w.skill_numbers, w.carried, w.breakable) for key, w in weapons.items()}
    assert rows == {
        "short_sword": (1, "+4", "+2", "0", (1, 2, 3), True, True),
        "shield": (1, "0", "+4", "–", (1,), True, True),
        "halberd": (1, "+7", "+6", "0", (), False, True),
        "greatsword": (1, "+8", "+5", "0", (2, 3), False, True),
        "dagger": (1, "+1", "+1", "0", (), False, False),
        "javelin": (3, "+2", "–", "0", (), False, False),
        "net": (2, "−3", "–", "–", (), False, False),
    }
    supplies = {s.id: len(s.boxes) for s in by_slot()["gladiator"].supplies}
    assert supplies == {"javelins": 3, "nets": 2}


def test_outer_fighters_and_strategist_sheets():
    sheets = by_slot()
    assert {slot: (c.te, c.ve, c.ce, c.sfe, len(c.stp_boxes), len(c.ep_circles)) for slot, c in sheets.items()} == {
        "gladiator": (18, 9, None, 2, 4, 20),
        "witch_master": (6, 8, None, 1, 2, 10),
        "crossbowman": (7, 8, 12, 2, 3, 12),
        "deasta": (11, 10, 10, 1, 3, 11),
        "laeva": (9, 9, 11, 1, 3, 10),
        "strategist": (None, None, None, 0, 0, 10),
    }
    assert values(sheets["witch_master"])["Mágiaellenállás"] == "6"
    assert [s.name_hu for s in sheets["witch_master"].skills] == ["Lopakodás", "Kitérés", "Összpontosítás"]
    assert [(s.id, len(s.boxes)) for s in sheets["crossbowman"].supplies] == [("bolts", 12)]
    assert [(s.id, len(s.boxes)) for s in sheets["deasta"].supplies] == [("throwing_daggers", 8)]
    assert [(s.id, len(s.boxes)) for s in sheets["laeva"].supplies] == [("throwing_daggers", 8)]
    discs = sheets["witch_master"].discs
    assert discs is not None and (discs.count, discs.fixed, discs.slots) == (6, (), (None,) * 6)
    trap_cards = sheets["strategist"].trap_cards
    assert trap_cards is not None and (trap_cards.drawn, trap_cards.kept, list(trap_cards.slots)) == (3, 3, [1, 2, 3])
    assert values(sheets["strategist"])["Mozgás"] == "–" and sheets["strategist"].skills == ()
    assert [c.armour and c.armour.name for c in sheets.values()] == [
        "fémvért (sodronyvért)",
        "bőrvért",
        "bőrvért",
        "bőrvért",
        "bőrvért",
        None,
    ]
    assert all(c.weapons == () for slot, c in sheets.items() if slot != "gladiator")
    assert [(r.name_hu, r.name_en) for r in sheets["laeva"].tracker] == [
        ("Csapda", "Trap"),
        ("Méreg", "Poison"),
        ("Rontás", "Curse"),
        ("Varázslat", "Spell"),
    ]


def test_custom_choices_reach_the_sheet():
    roster = base_roster()
    gladiator = replace(roster.member("gladiator"), starting_grip=("greatsword",), me_token=3, vial="potion")
    wizard = replace(roster.member("witch_master"), fixed_discs=(5, 3))
    custom = replace(roster, members=(gladiator, wizard))
    sheets = {c.slot: c for c in sheet_for(custom, language="hu").characters}
    glad = sheets["gladiator"]
    assert (glad.te, glad.ve, glad.grip) == (22, 8, "Kétkezes kard")
    assert [w.id for w in glad.weapons if w.carried] == ["greatsword"]
    assert next(r for r in glad.rows if r.label_hu == "Mágiaellenállás").note == "jelző: 3"
    assert (glad.vial.name_hu, glad.vial.name_en) == ("Varázsital", "Potion")
    english = sheet_for(custom, language="en").characters[0]
    assert next(r for r in english.rows if r.label_hu == "Mágiaellenállás").note == "token 3"
    assert next((r.value, r.note) for r in english.rows if r.label_hu == "Fiola") == ("Potion", "Varázsital")
    assert sheets["witch_master"].discs.slots == (5, 3, None, None, None, None)


def test_an_illegal_starting_grip_leaves_the_values_blank_and_keeps_the_base():
    roster = base_roster()
    gladiator = replace(roster.member("gladiator"), starting_grip=("greatsword", "shield"))
    glad = sheet_for(replace(roster, members=(gladiator,)), language="en").characters[0]
    assert (glad.te, glad.ve, glad.grip) == (None, None, "")
    assert [(row.value, row.note) for row in glad.combat[:2]] == [("–", "base 14"), ("–", "base 3")]


# --- views -------------------------------------------------------------------------------------


@pytest.fixture
def team(db):
    return TeamFactory(name="Iron Wolves", owner=UserFactory(username="cassia"))


def share_url(team) -> str:
    return f"http://testserver{reverse('teams:share', args=[team.share_token])}"


def test_print_view_for_the_owner_shows_every_character_and_the_qr(client, team):
    client.force_login(team.owner)
    response = client.get(f"/teams/{team.pk}/sheets/")
    assert response.status_code == 200
    html = response.content.decode()
    for label in LABELS:
        assert label in html
    assert html.count('class="sheet-character"') == 6
    assert 'class="sheet-qr"' in html and share_qr_svg(share_url(team)) in html
    assert share_url(team) in html
    assert reverse("sheets:pdf", args=[team.pk]) in html
    assert 'id="sheet-points">200 / 200<' in html
    assert "cassia" in html


def test_urls_are_under_teams_beside_the_builder(team):
    assert reverse("sheets:html", args=[team.pk]) == f"/teams/{team.pk}/sheets/"
    assert reverse("sheets:pdf", args=[team.pk]) == f"/teams/{team.pk}/sheets.pdf"
    assert reverse("sheets:share-html", args=[team.share_token]) == f"/teams/share/{team.share_token}/sheets/"
    assert reverse("sheets:share-pdf", args=[team.share_token]) == f"/teams/share/{team.share_token}/sheets.pdf"


@pytest.mark.parametrize("suffix", ["sheets/", "sheets.pdf"])
def test_another_user_gets_404(client, team, suffix):
    client.force_login(UserFactory())
    assert client.get(f"/teams/{team.pk}/{suffix}").status_code == 404


@pytest.mark.parametrize("suffix", ["sheets/", "sheets.pdf"])
def test_anonymous_is_sent_to_log_in(client, team, suffix):
    response = client.get(f"/teams/{team.pk}/{suffix}")
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_share_link_shows_the_sheets_to_anyone(client, team):
    response = client.get(f"/teams/share/{team.share_token}/sheets/")
    assert response.status_code == 200
    html = response.content.decode()
    assert all(label in html for label in LABELS)
    assert reverse("sheets:share-pdf", args=[team.share_token]) in html
    assert share_qr_svg(share_url(team)) in html
    assert f"/teams/{team.pk}/" not in html  # the owner's pages stay out of a shared sheet


def test_unknown_share_token_is_404(client, db):
    assert client.get("/teams/share/00000000-0000-0000-0000-000000000000/sheets/").status_code == 404


def test_sheet_view_query_count_is_constant(client, team, django_assert_num_queries):
    client.force_login(team.owner)
    # session, user, team with its owner, its characters, the header's "waiting on you" count (two):
    # the same for any team
    with django_assert_num_queries(6):
        assert client.get(f"/teams/{team.pk}/sheets/").status_code == 200
    client.logout()
    with django_assert_num_queries(2):  # anonymous: team with its owner, its characters
        assert client.get(f"/teams/share/{team.share_token}/sheets/").status_code == 200


def assert_real_pdf(response, filename: str) -> bytes:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    pdf = response.content
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF") and len(pdf) > 10_000
    return pdf


def test_pdf_for_the_owner_is_a_real_pdf_with_every_character(client, team):
    client.force_login(team.owner)
    pdf = assert_real_pdf(client.get(f"/teams/{team.pk}/sheets.pdf"), "iron-wolves-sheets.pdf")
    text = pdf_text(pdf)
    assert text.count("\f") >= 2  # more than one page
    for label in LABELS:
        assert label in text
    assert "Dodging" in text and "Kitérés" in text and "Iron Wolves" in text
    assert "Download PDF" not in text  # the toolbar stays on screen


def test_pdf_by_share_link(client, team):
    assert_real_pdf(client.get(f"/teams/share/{team.share_token}/sheets.pdf"), "iron-wolves-sheets.pdf")
