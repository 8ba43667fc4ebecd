"""Issue #7: the pages that exist read in Hungarian for a Hungarian reader (and in English, with the
Hungarian terms beside, for an English one): the builder with a validation error, the team page,
the team list, the character sheets and their PDF, the import page, the board."""

from __future__ import annotations

import datetime
import json
from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils.html import escape

from arena.engine.content.common import Stat
from arena.engine.content.skills import SKILLS
from arena.engine.roster import base_roster
from arena.engine.roster.point_rules import validate_roster
from arena.engine.roster.teamfile import dumps
from teams.models import Character, Team
from teams.services import team_update
from tests.teams.helpers import pdf_text, team_post_data

pytestmark = pytest.mark.django_db

GLADIATOR_SKILLS = ("dodging", "weapon_breaking", "takedown")


def over_budget_problem_hu() -> str:
    roster = base_roster(name="Vasfarkasok")
    gladiator = roster.member("gladiator")
    stronger = replace(gladiator, stats={**gladiator.stats, Stat.EP: 21})
    broken = replace(roster, members=tuple(stronger if m is gladiator else m for m in roster.members))
    (problem,) = validate_roster(broken)
    return problem.text("hu")


def test_the_builder_reads_in_hungarian_with_a_hungarian_validation_message(hu_client, team):
    hu_client.force_login(team.owner)
    url = reverse("teams:edit", args=[team.pk])
    response = hu_client.post(url, team_post_data(team, **{"gladiator-ep": 21}), HTTP_HX_REQUEST="true")
    html = response.content.decode()

    message = over_budget_problem_hu()
    assert message.startswith("A csapat értéke 201 pont, de a keret csak 200 pont")
    assert html.count(escape(message)) == 3  # in the rule list, beside the team's tier and read out
    assert "Team value is" not in html
    for word in (
        "Gladiátor",
        "Boszorkánymester",
        "Számszeríjász",
        "Tőrvető (deasta)",
        "Stratéga",
        "Képzettségek",
        "Gladiátortípus",
        "Kezdő fegyverzet",
        "Fegyverhalom",
        "Készletek",
        "Amulett, jelző és fiola",
        "Pontok",
        "Szabályok",
        "Piszkozat",
        "Mentés",
        "Kategória",
        "Opcionális szabályok",
    ):
        assert word in html, word
    assert "Vértes · alapár 48 pont" in html
    assert "Kitérés · " in html and "Dodging" not in html
    assert "Rövidkard · 2 pont" in html
    assert "támadóérték; " in html and "attack value" not in html
    assert "Méregsemlegesítő" in html
    for english in ("Skills", "Weapon pile", "Gladiator type", "Supplies", "Rules", "Save"):
        assert f">{english}<" not in html, english


def test_the_english_builder_names_the_hungarian_terms_beside(en_client, team):
    en_client.force_login(team.owner)
    html = en_client.get(reverse("teams:edit", args=[team.pk])).content.decode()
    assert "Dodging (Kitérés) · 4 pt" in html
    assert "Armoured (Vértes) · frame 48 pt" in html
    assert "attack value; " in html and "Gladiator type" in html


def test_marking_a_broken_team_ready_is_refused_in_hungarian(hu_client, team):
    team_update(team=team, member_changes={"gladiator": {"ep": 21}})
    hu_client.force_login(team.owner)
    html = hu_client.post(reverse("teams:mark-ready", args=[team.pk]), follow=True).content.decode()
    assert "Vasfarkasok piszkozat marad: 1 szabályt sért, lásd alább." in html
    assert escape(over_budget_problem_hu()) in html


def test_a_team_made_in_hungarian_names_its_members_in_hungarian(hu_client, player):
    hu_client.force_login(player)
    response = hu_client.post(reverse("teams:create"), {"name": "Vörös Sólymok", "tier": "standard"}, follow=True)
    started = "Vörös Sólymok az alapcsapatból indul, amely minden szabálynak megfelel: játékra kész."
    assert started in response.content.decode()
    names = list(Character.objects.order_by("pk").values_list("name", flat=True))
    assert names == [
        "Gladiátor",
        "Boszorkánymester",
        "Számszeríjász",
        "Tőrvető (deasta)",
        "Tőrvető (laeva)",
        "Stratéga",
    ]


def test_the_team_page_reads_in_hungarian(hu_client, team):
    hu_client.force_login(team.owner)
    html = hu_client.get(reverse("teams:detail", args=[team.pk])).content.decode()
    for word in (
        "Karakterlapok",
        "Tulajdonságok",
        "Képzettségek",
        "Kitérés, Fegyvertörés, Földrevitel",
        "Standard kategória",
        "Piszkozat",
        "Késznek jelölés",
        "Megosztási hivatkozás",
        "Fegyverhalom",
        "Alapfelszerelés",
        "fémvért",
        "számszeríjvessző",
        "Amulett",
    ):
        assert word in html, word
    assert "Character sheets" not in html and "Skills" not in html


def test_the_team_list_formats_dates_for_the_language(hu_client, en_client, team):
    moment = datetime.datetime(2026, 3, 5, 12, 0, tzinfo=datetime.UTC)
    Team.objects.filter(pk=team.pk).update(updated=moment)
    hu_client.force_login(team.owner)
    en_client.force_login(team.owner)
    hungarian = hu_client.get(reverse("teams:list")).content.decode()
    english = en_client.get(reverse("teams:list")).content.decode()
    assert "2026. március 5." in hungarian and "Utolsó módosítás" in hungarian
    assert "March 5, 2026" in english and "Last changed" in english


def test_the_sheets_read_fully_in_hungarian(hu_client, team):
    hu_client.force_login(team.owner)
    html = hu_client.get(reverse("sheets:html", args=[team.pk])).content.decode()
    for word in (
        "Karakterlap",
        "Egészség",
        "Mágiaellenállás",
        "Mozgás",
        "Amulett",
        "Fiola",
        "Képzettség",
        "Hatás",
        "Viselt",
        "Törött",
        "Hatások",
        "Lopakodás",
        "GLADIÁTOR",
        "TŐRVETŐ (deasta)",
        "BOSZORKÁNYMESTER",
        "SZÁMSZERÍJÁSZ",
        "TŐRVETŐ (deasta)",
        "STRATÉGA",
        "Tulajdonos",
        "Kategória",
        "PDF letöltése",
        "típusképesség",
        "Rövidkard",
        "Pajzsfal",
        "számszeríjvessző",
        "Vértes",
        "fémvért (sodronyvért)",
        "alap: 14",
    ):
        assert word in html, word
    for skill in GLADIATOR_SKILLS:
        assert SKILLS[skill].name_hu in html
        assert escape(SKILLS[skill].effect_hu) in html
        assert escape(SKILLS[skill].effect_en) not in html  # no English effect sentence
    for english in ("Health", "Magic resistance", "Dodging", "Character sheets", "Owner", "crossbow bolts"):
        assert english not in html, english
    assert 'lang="hu"' in html


def test_the_english_sheets_read_english_first_with_the_hungarian_beside(en_client, team):
    en_client.force_login(team.owner)
    html = en_client.get(reverse("sheets:html", args=[team.pk])).content.decode()
    assert 'Health <small class="term" lang="hu">Egészség</small>' in html
    dodging = '<a class="rule-link" href="/rules/skills/dodging/">Dodging</a>'  # linked to the rules reference
    assert f'<strong>{dodging}</strong> <small class="term" lang="hu">Kitérés</small>' in html
    assert escape(SKILLS["dodging"].effect_en) in html and escape(SKILLS["dodging"].effect_hu) not in html
    assert "GLADIATOR <small" in html and "quicchures" not in html
    assert "metal armour (mail)" in html and "base 14, +4 with the starting grip" in html


def test_the_pdf_prints_in_hungarian(hu_client, team):
    hu_client.force_login(team.owner)
    response = hu_client.get(reverse("sheets:pdf", args=[team.pk]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF-")
    text = pdf_text(response.content)
    for word in ("Egészség", "Mágiaellenállás", "Kitérés", "GLADIÁTOR", "Képzettség", "Hatások", "Csapda"):
        assert word in text, word
    assert "Dodging" not in text and "Health" not in text


def test_the_import_page_reports_in_hungarian(hu_client, player):
    hu_client.force_login(player)
    html = hu_client.post(reverse("teams:import"), {"text": '{"format": "viadal-team", "version": 1}'}).content.decode()
    assert "Semmi sem lett importálva. A fájlban 4 hiba van:" in html
    assert "name: hiányzó mező: „name”" in html
    assert "missing field" not in html

    over = json.loads(dumps(base_roster(name="Vasfarkasok")))
    next(m for m in over["members"] if m["slot"] == "gladiator")["stats"]["ep"] = 21
    html = hu_client.post(reverse("teams:import"), {"text": json.dumps(over)}).content.decode()
    assert escape(over_budget_problem_hu()) in html
    assert "Team value is" not in html

    html = hu_client.post(reverse("teams:import"), {"text": " "}).content.decode()
    assert "Válassz egy csapatfájlt, vagy illeszd be a JSON-tartalmát." in html


def test_the_board_reads_in_hungarian(hu_client):
    html = hu_client.get(reverse("arena:board")).content.decode()
    for word in (
        "Az aréna",
        "központi kör",
        "középső gyűrű",
        "keresztfal",
        "kapumező: G-N-M (1)",
        "blokk (",
        "csapdamező",
        "fegyverhalom",
        "torony",
    ):
        assert word in html, word
    assert "gate hex of" not in html and "The arena" not in html
    assert 'x1="' in html and "," not in html.split('x1="')[1].split('"')[0]  # SVG numbers keep their point


def test_validate_team_speaks_hungarian_on_request(tmp_path):
    from io import StringIO

    from django.core.management import call_command

    over = json.loads(dumps(base_roster(name="Vasfarkasok")))
    next(m for m in over["members"] if m["slot"] == "gladiator")["stats"]["ep"] = 21
    path = tmp_path / "team.json"
    path.write_text(json.dumps(over), encoding="utf-8")
    out = StringIO()
    with pytest.raises(SystemExit):
        call_command("validate_team", str(path), "--language", "hu", stdout=out)
    assert out.getvalue() == f"TB-02: {over_budget_problem_hu()}\n"
    path.write_text(dumps(base_roster()), encoding="utf-8")
    out = StringIO()
    call_command("validate_team", str(path), "--language", "hu", stdout=out)
    assert out.getvalue() == "érvényes: 200 pont\n"
