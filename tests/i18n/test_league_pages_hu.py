"""Issue #7, second pass: the league and campaign pages read in Hungarian for a Hungarian reader: the
league list and page, the fixtures, the standings (``1.``, the tie-breakers' Hungarian names), the
match report (a Hungarian injury line), the Krónika, the CSV, the forms and every refusal. The same
stored log reads in English for an English reader: the pages word each line when it is shown."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils.html import escape

from arena.engine.campaign.injuries import INJURY_RESULT_NAMES, InjuryResult
from arena.engine.campaign.match_items import MatchItem
from arena.engine.content.profiles import GLADIATOR
from arena.engine.roster.point_rules import validate_roster
from campaigns.bought_items import Paid
from campaigns.models import CampaignEvent, Entry, Fixture
from campaigns.rosters import entry_roster, set_entry_roster
from campaigns.services.fixture_items import fixture_buy_match_item
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_enter
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, play
from tests.campaigns.helpers import side as side_facts
from tests.i18n.league_setup import hungarian_league, hungarian_team

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

INJURY_LINE_HU = (
    "Ilona: sérülésdobás 5 −1 (az utolsó találat −3 Ép-re vagy az alá vitte) = 4, Súlyos seb; 2 mérkőzést kihagy."
)
INJURY_LINE_EN = (
    "Ilona: injury roll 5 −1 (the last hit took him to −3 Ép or below) = 4, Súlyos seb (grievous wound); "
    "misses 2 match(es)."
)


def page(client, name: str, *args: object, **kwargs: object) -> str:  # type: ignore[no-untyped-def]
    response = client.get(reverse(f"campaigns:{name}", args=args), **kwargs)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def absent(html: str, *english: str) -> None:
    for word in english:
        assert word not in html, word


def test_the_league_list_and_the_league_page_read_in_hungarian(hu_client):
    league = hungarian_league().league
    hu_client.force_login(league.organiser)

    listing = page(hu_client, "list")
    for word in (
        "Ligák",
        "Új liga",
        "Idény",
        "Játék és kategória",
        "Nevezések",
        "Lebonyolítás",
        "Szervező",
        "Nevezés",
        "Nyitott",
        "Körmérkőzés (egyfordulós)",
        "Shuluri Tavaszi Liga",
    ):
        assert word in listing, word
    absent(listing, "Round robin", "Season", "Organiser", "Sign-up", "New league", "Entries", "Game and tier")

    detail = page(hu_client, "league", league.pk)
    for word in (
        "2026 tavasz · Standard kategória · Körmérkőzés (egyfordulós)",
        ">Liga<",
        ">Párosítások<",
        ">Tabella<",
        "Csapatérték",
        "Kincstár",
        "105 arany",
        "Előzmények",
        "Beállítások",
        "Körhatár",
        "20 kör",
        "Szigorú: csak szabályos csapat nevezhet",
        "Opcionális szabályok",
        "nincs",
        "minden játékos előtt nyitott",
        "Beállítások módosítása",
        "Játékos meghívása (felhasználónév)",
        "Meghívás",
    ):
        assert word in detail, word
    absent(detail, "Team value", "Treasury", " gold", "Round limit", "Strict:", "Change settings", ">Standings<")


def test_a_reader_whose_browser_names_no_language_reads_the_standings_in_hungarian():
    from viadal_site.settings import base

    league = hungarian_league().league
    with override_settings(LANGUAGE_CODE=base.LANGUAGE_CODE):  # the production fallback
        html = page(Client(), "standings", league.pk)
    assert "data-place>1.<" in html and "Arénapont-különbség (szerzett − kapott)" in html


def test_an_advisory_league_lists_a_faulted_teams_problems_in_hungarian(hu_client):
    league = LeagueFactory(tier="veteran", validation_mode="advisory")
    team = hungarian_team("Vasfarkasok", "vazul")
    team.tier = "veteran"
    team.save(update_fields=["tier"])
    team.characters.filter(slot=GLADIATOR).update(te=17)  # above the Vértes's HR-9.3 range: TB-06
    entry = league_enter(league=league, player=team.owner, team=team)
    (problem,) = validate_roster(entry_roster(entry))

    html = page(hu_client, "league", league.pk)

    assert f'<li data-code="TB-06">TB-06: {escape(problem.text("hu"))}</li>' in html
    assert escape(problem.message) not in html
    assert "Tájékoztató: a hibák látszanak, de a nevezés megengedett" in html


def test_the_fixtures_read_in_hungarian_with_hungarian_dates(hu_client):
    league = hungarian_league().league

    html = page(hu_client, "fixtures", league.pk)

    for word in (
        "1. forduló",
        "2. forduló",
        "3. forduló",
        "2026. március 5., csütörtök",
        "2026. március 19., csütörtök",
        "Mérkőzésjelentés",
        "Megerősítve",
        "Erőnyerő",
        "erőnyerő",
        "Párosítások · Shuluri Tavaszi Liga",
    ):
        assert word in html, word
    absent(html, "Round 1", "Thu 5 Mar 2026", "Match report", "Confirmed", "has a bye")


def test_a_knockout_names_its_rounds_in_hungarian(hu_client):
    league = LeagueFactory(format="knockout")
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)

    response = hu_client.get(reverse("campaigns:fixtures", args=[league.pk]))

    assert [block.title for block in response.context["rounds"]] == ["1. forduló · Elődöntő"]
    html = response.content.decode()
    assert "Párosítások és ágrajz" in html and "Kieséses rendszer" in html and "Kiírva" in html
    assert response.context["rounds"][0].lines[0].fixture.get_status_display() == "Kiírva"


def test_the_standings_read_in_hungarian_with_ordinal_places_and_hungarian_tie_breakers(hu_client):
    league = hungarian_league().league

    html = page(hu_client, "standings", league.pk)

    places = [part.split("<", 1)[0] for part in html.split("data-place>")[1:]]
    assert places == ["1.", "2.", "3."]
    assert html.count('<span class="badge text-bg-warning">Arénapont-különbség (szerzett − kapott)</span>') == 2
    assert (
        "Bajnoki pontok (HR-10.1):\n    Győzelem 3 · Pontgyőzelem 2 · Döntetlen 1 · Vereség 0 · Feladás 0 · Erőnyerő 0."
        in html
    )
    chain = [part.split("<", 1)[0] for part in html.split('<li data-breaker="')[1:]]
    assert [item.split(">", 1)[1] for item in chain] == [
        "Bajnoki pontok",
        "Az azonos állású csapatok egymás elleni mérkőzésein szerzett pontok",
        "A győzelmek száma",
        "Arénapont-különbség (szerzett − kapott)",
        "Szerzett arénapontok",
        "Kevesebb megölt saját csapattag",
        "Sorsolás (a liga magjával)",
    ]
    for word in (
        "Holtversenyben döntő szempontok, ebben a sorrendben (HR-10.3, körmérkőzés)",
        "CSV letöltése",
        "Tabella · Shuluri Tavaszi Liga",
        'title="Pontgyőzelmek">PGy<',
        "Saját halottak",
    ):
        assert word in html, word
    absent(html, "Head-to-head", "Arena-score difference", "League points", "Victory", "1st", "Download CSV")


def test_the_english_standings_keep_english_ordinals_and_names(en_client):
    league = hungarian_league().league

    html = page(en_client, "standings", league.pk)

    assert [part.split("<", 1)[0] for part in html.split("data-place>")[1:]] == ["1st", "2nd", "3rd"]
    assert html.count('<span class="badge text-bg-warning">Arena-score difference (for − against)</span>') == 2
    assert "Tie-breakers, applied in this order (HR-10.3, round robin)" in html
    absent(html, "Arénapont", "Bajnoki pontok")


def test_the_match_report_reads_in_hungarian_with_a_hungarian_injury_line(hu_client):
    match = hungarian_league().injured

    html = page(hu_client, "match", match.pk)

    assert escape(INJURY_LINE_HU) in html
    for word in (
        "1. forduló · 2026. március 5., csütörtök",
        "Győzelem",
        "Vereség",
        "12 / 20 kör",
        "Jelentette:",
        "Megerősítette:",
        "sérülésdobás: Ilona (HR-10.5)",
        "d10: 5",
        "A mérkőzés után (HR-10.5)",
        "1. forduló, Vörös Sólymok ellen: győzelem, arénapont: 10–2, 12 kör.",
        "Vazul 3 TP-t kap (részt vett 1, túlélte 1, csapata nyert 1); összesen 3 TP.",
        "Bevétel: 40 arany (győzelem 40); kincstár: 90 arany.",
        "Bevétel: 15 arany (vereség 15)",
        "Ilona (Stratéga)",
        "Halott",
        "Változásnapló",
        "<strong>Jelentve</strong> – jatekos1",
        "<strong>Megerősítve</strong> – jatekos2",
        "Vasfarkasok · arénapont: 10",
        "Sérülés",
        "Tapasztalat",
    ):
        assert word in html, word
    absent(
        html,
        "injury roll",
        "grievous wound",
        "Income",
        "gains",
        "Reported by",
        "Audit trail",
        "arena score",
        "After the match",
        "Round 1",
    )


def test_the_stored_log_reads_in_the_readers_language_and_keeps_its_english_summary(en_client, hu_client):
    match = hungarian_league().injured
    injury = CampaignEvent.objects.get(fixture=match, kind=CampaignEvent.Kind.INJURY)

    assert injury.summary == INJURY_LINE_EN  # the record, as written (the admin shows it)
    assert escape(INJURY_LINE_EN) in page(en_client, "match", match.pk)
    assert escape(INJURY_LINE_HU) in page(hu_client, "match", match.pk)
    assert injury.data["modifiers"] == [["injury.last_hit", -1, 1]]  # the facts the line is worded from


def test_the_krónika_reads_in_hungarian(hu_client):
    setup = hungarian_league()
    entry = setup.entries["Vörös Sólymok"]
    hu_client.force_login(entry.player)

    html = page(hu_client, "entry", entry.pk)

    for word in (
        "Krónika · a csapat kampánylapja (HR-10.4)",
        "Krónika · Vörös Sólymok",
        "Játékos",
        "Kategória",
        "Csapatérték",
        "Kincstár",
        'id="treasury">105 arany<',
        "Amulettek",
        "Méregsemlegesítő",
        "Fegyverhalom",
        "Rövidkard, Pajzs",
        "Körmérkőzés (egyfordulós), legfeljebb 20 kör",
        "Tagok",
        "Tulajdonságok",
        "Képzettségek",
        "TÉ 14 · VÉ 3 · Ép 20",
        "Kitérés, Fegyvertörés, Földrevitel",
        "következő: 12 TP",
        "1 esedékes",
        "Aktív",
        "Hiányzik, még 1 mérkőzés",
        "Súlyos seb",
        "Következő mérkőzés:",
        "zsoldos játszik ezekben a szerepekben: stratéga (HR-10.8)",
        "Mérkőzésnapló",
        "Áldozatok és sérülésdobások",
        "2026. márc. 5.",
        "Vasfarkasok",
        "Vereség",
        "2–10",
        escape(INJURY_LINE_HU),
        "Két mérkőzés között",
        "Esedékes fejlődések",
        "Csere: Kitérés helyett Akrobatika",
        "Új tag toborzása",
        "Gladiátor · 100 arany",
        "Fegyver a fegyverhalomba",
        "Negyedik amulett",
        "Edzés: +1 Ép · 20 arany",
        "Fizetés a gyógyítónak",
        "Nyomtatás",
        "Előzmények",
    ):
        assert word in html, word
    absent(
        html,
        "campaign record sheet",
        "Treasury",
        "Absent",
        "Active",
        "grievous wound",
        "Match log",
        " gold<",
        "Recruit a member",
        "Swap ",
    )


def test_the_history_reads_in_hungarian(hu_client):
    entry = hungarian_league().entries["Vörös Sólymok"]

    html = page(hu_client, "history", entry.pk)

    for word in (
        "Vörös Sólymok: előzmények",
        "Minden változás és minden dobás",
        "Nevezés",
        "Vörös Sólymok benevezett, a kincstárban 50 arany.",
        "2. forduló: erőnyerő.",
        "d10: 5",
        "sérülésdobás: Ilona (HR-10.5)",
        escape(INJURY_LINE_HU),
        "Ilona 1 TP-t kap (részt vett 1); összesen 1 TP.",
    ):
        assert word in html, word
    absent(html, "entered with", "injury roll", "Every change")


def test_the_csv_follows_the_readers_language(hu_client, en_client):
    league = hungarian_league().league

    hungarian = hu_client.get(reverse("campaigns:standings-csv", args=[league.pk]))
    english = en_client.get(reverse("campaigns:standings-csv", args=[league.pk]))

    assert (hungarian["Content-Language"], english["Content-Language"]) == ("hu", "en")
    # a Hungarian spreadsheet's dialect: a BOM for UTF-8, then semicolons (docs/decisions.md)
    assert hungarian.content.startswith("\ufeff".encode()) and not english.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(hungarian.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == [
        "Helyezés",
        "Csapat",
        "Játékos",
        "Lejátszott",
        "Győzelmek",
        "Pontgyőzelmek",
        "Döntetlenek",
        "Pontvereségek",
        "Vereségek",
        "Feladások",
        "Erőnyerő fordulók",
        "Bajnoki pontok",
        "Szerzett arénapont",
        "Kapott arénapont",
        "Arénapont-különbség",
        "Saját halottak",
        "Buchholz",
        "Eldöntötte",
    ]
    assert [row[0] for row in rows[1:]] == ["1", "2", "3"]  # a number a spreadsheet sorts, in either language
    assert [row[-1] for row in rows[1:]] == ["Arénapont-különbség", "Arénapont-különbség", ""]
    english_rows = list(csv.reader(io.StringIO(english.content.decode())))
    assert english_rows[0][:4] == ["Rank", "Team", "Player", "Played"] and english_rows[0][-1] == "Decided by"
    assert [row[-1] for row in english_rows[1:]] == ["Arena-score difference", "Arena-score difference", ""]
    assert [row[1:-1] for row in rows[1:]] == [row[1:-1] for row in english_rows[1:]]  # the same table


def test_a_rule_refusal_is_told_in_hungarian(hu_client):
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    hu_client.force_login(fixture.home.player)
    data = {
        "result-home_result": "points_victory",
        "result-rounds_played": 9,
        "result-home_score": 18,
        "result-away_score": 4,
        "result-thumbs": "",
        "result-notes": "",
    }
    for side in ("home", "away"):
        for slot in ("gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist"):
            data.update(
                {f"{side}-{slot}-fate": "unhurt", f"{side}-{slot}-final_ep": 0, f"{side}-{slot}-fighters_killed": 0}
            )

    refused = hu_client.post(reverse("campaigns:report", args=[fixture.pk]), data, headers=HTMX).content.decode()
    assert "pontgyőzelem csak a körhatár elérésekor lehetséges (HR-10.1)" in refused
    assert "a points victory needs the round limit" not in refused

    data.update({"result-home_result": "victory", "away-strategist-fate": "dead", "away-strategist-final_ep": 2})
    invalid = hu_client.post(reverse("campaigns:report", args=[fixture.pk]), data, headers=HTMX).content.decode()
    assert "A halott tag 0 vagy kevesebb Ép-vel végzett." in invalid
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.SCHEDULED


def test_an_engine_refusal_on_the_krónika_is_told_in_hungarian(hu_client):
    entry = hungarian_league().entries["Vasfarkasok"]
    hu_client.force_login(entry.player)

    html = hu_client.post(
        reverse("campaigns:heal", args=[entry.pk]), {"slot": "gladiator", "matches": 1}, follow=True
    ).content.decode()

    assert "Vazul nem hiányzik; nincs mit gyógyítani (HR-10.5)" in html
    assert "is not absent" not in html


def test_a_league_refusal_is_told_in_hungarian(hu_client):
    league = hungarian_league().league
    late = hungarian_team("Késők", "keso")
    hu_client.force_login(late.owner)

    html = hu_client.post(reverse("campaigns:enter", args=[league.pk]), {"team": late.pk}, follow=True).content.decode()

    assert "A párosítások már elkészültek; ez a liga nem fogad több csapatot." in html


def test_the_league_form_reads_in_hungarian(hu_client, player):
    hu_client.force_login(player)

    html = page(hu_client, "create")

    for word in (
        "Új liga",
        "Név",
        "Idény",
        "Kategória",
        "Lebonyolítás",
        "Körmérkőzés (egyfordulós)",
        "Körmérkőzés (kétfordulós)",
        "Svájci rendszer",
        "Kieséses rendszer",
        "Opcionális szabályok",
        "Méregfiola",
        "Csapatellenőrzés",
        "Szigorú: csak szabályos csapat nevezhet",
        "Tájékoztató: a hibák látszanak, de a nevezés megengedett",
        "Nyílt nevezés: bármely játékos nevezhet csapatot",
        "Körhatár (12–30)",
        "A liga létrehozása",
    ):
        assert word in html, word
    absent(html, "Round robin", "Swiss", "Knockout", "Strict", "Season", "Create the league")


def test_the_report_form_reads_in_hungarian_with_hirelings_named_by_role(hu_client):
    setup = hungarian_league(format="double_round_robin")
    sólymok = setup.entries["Vörös Sólymok"]
    fixture = next(
        f
        for f in setup.league.fixtures.filter(status=Fixture.Status.SCHEDULED).exclude(away=None)
        if sólymok.pk in (f.home_id, f.away_id)
    )
    hu_client.force_login(fixture.home.player)

    html = page(hu_client, "report", fixture.pk)

    home, away = fixture.home.name, fixture.away.name
    for word in (
        f"{home} nyert: győzelem",
        f"{home} pontgyőzelmet aratott",
        "Döntetlen",
        f"{away} pontgyőzelmet aratott",
        f"{away} nyert: győzelem",
        "Lejátszott körök",
        f"{home} arénapontja",
        "Hüvelykujj az elesett ellenséges gladiátor felett (HR-10.5)",
        "Nem mutattak",
        "Hüvelykujj fel",
        "Hüvelykujj le",
        "a tagok állapota a mérkőzés végén",
        "Megölt nem gladiátorok",
        "Sértetlen",
        "Sebesült",
        "Halott",
        "Az eredmény jelentése",
        "Jegyzetek",
    ):
        assert word in html, word
    # Ilona still misses a match: a hireling stands in, named by his role
    assert 'Stratéga <span class="badge text-bg-light border">zsoldos</span>' in html
    absent(html, "won on points", "Thumbs up", "Unhurt", "Hireling strategist")


def test_the_injury_results_are_hr_10_5s_words():
    assert [INJURY_RESULT_NAMES[result][0] for result in InjuryResult] == [
        "Halál",
        "Maradandó sérülés",
        "Súlyos seb",
        "Seb",
        "Felépül",
    ]


def test_broken_weapons_one_match_items_and_patronage_read_in_hungarian(hu_client):
    """HR-10.7 and HR-10.8 on the pages: the Krónika strikes a broken weapon through and offers its
    repair; the match report lists what each side bought and its patronage; a refusal is Hungarian."""
    league = LeagueFactory(format="double_round_robin")
    enter_teams(league, 2)
    first, second = fixtures_generate(league=league, actor=league.organiser)
    play(first, facts(away=replace(side_facts(), broken=("shield",))))
    away = Entry.objects.get(pk=first.away_id)
    roster = entry_roster(away)
    set_entry_roster(
        away,
        replace(roster, members=tuple(replace(m, status="dead") if m.slot == "laeva" else m for m in roster.members)),
    )  # 25 points lower
    away.save(update_fields=["roster"])
    fixture_buy_match_item(fixture=second, entry=away, actor=away.player, item=MatchItem.fixed_disc(3), paid=Paid.GOLD)
    fixture_buy_match_item(
        fixture=second, entry=away, actor=away.player, item=MatchItem.trap_insight(4), paid=Paid.PATRONAGE
    )
    hu_client.force_login(away.player)

    sheet = " ".join(page(hu_client, "entry", away.pk).split())
    for word in (
        'title="Fegyvertörés miatt eltört: javításig nincs a fegyverhalomban (HR-10.7)">Pajzs</del>',
        "Eltört fegyverek (HR-10.7)",
        "Javítás · 10 arany",
        "A meg nem javított tárgy végleg elveszett.",
        "Fegyvertörés miatt eltört: Pajzs. Javításig nincs a fegyverhalomban (darabonként 10 arany, HR-10.7).",
        "2. forduló, Team A ellen – vásárlás: rögzített korong, 3. szint, 30 aranyért; kincstár: 35 arany.",
    ):
        assert word in sheet, word
    absent(sheet, "Broken by", "Repair", "Bought for")

    report = " ".join(page(hu_client, "match", second.pk).split())
    for word in (
        "Team B: egy mérkőzésre szóló tárgyak (HR-10.7, HR-10.8)",
        "<strong>Erre a mérkőzésre vásárolva:</strong> rögzített korong, 3. szint (30 arany)",
        (
            "<strong>Pártfogás: 20 pont</strong>, elköltve erre: csapdabetekintés, 4 lap húzása (4); 16 maradt; "
            "a fel nem használt pontok a mérkőzés után elvesznek."
        ),
        "Rögzített korong, 5. szint · 50 arany vagy 10 pont",
        "Csapdabetekintés, 5 lap húzása · 40 arany vagy 8 pont",
        "Ideiglenes negyedik amulett: rontáselhárító · 4 pont (csak pártfogásból)",
        "Pártfogási pontok",
        "Vásárlás erre a mérkőzésre",
    ):
        assert word in report, word
    absent(report, "Bought for this match", "Patronage", "fixed disc", "trap insight")

    assert second.home_id == away.pk  # the second cycle swaps the sides
    refused = hu_client.post(
        reverse("campaigns:buy-item", args=[second.pk, "home"]),
        {"home-item": "disc:5", "home-slot": "", "home-paid": "gold"},
        follow=True,
    )
    assert "rögzített korong: 50 arany, de a kincstárban csak 35 arany van (HR-10.7)" in refused.content.decode()
