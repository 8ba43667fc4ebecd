"""Issue #7 in a real browser, the league pages: a reader switches the site to Hungarian in the header
and reads the standings (places ``1.``, the tie-breakers in Hungarian), the match report with its
injury line, and prints the Krónika, all in Hungarian."""

from __future__ import annotations

import pytest

from tests.i18n.league_setup import hungarian_league

pytestmark = pytest.mark.browser


def test_the_standings_match_report_and_krónika_read_in_hungarian(live_server, transactional_db, page, artifacts):
    setup = hungarian_league()
    league = setup.league

    page.goto(f"{live_server.url}/leagues/{league.pk}/standings/")
    page.click("#language-switcher button[value=hu]")
    page.wait_for_selector("html[lang=hu]")
    page.wait_for_selector("#standings")

    places = [cell.strip() for cell in page.locator("#standings [data-place]").all_text_contents()]
    assert places == ["1.", "2.", "3."]
    first = page.locator("#standings tbody tr").nth(0)
    assert first.locator("[data-points]").text_content() == "3"
    assert first.locator("[data-decided-by]").inner_text().strip() == "Arénapont-különbség (szerzett − kapott)"
    assert page.locator("#tie-break-chain li").all_inner_texts() == [
        "Bajnoki pontok",
        "Az azonos állású csapatok egymás elleni mérkőzésein szerzett pontok",
        "A győzelmek száma",
        "Arénapont-különbség (szerzett − kapott)",
        "Szerzett arénapontok",
        "Kevesebb megölt saját csapattag",
        "Sorsolás (a liga magjával)",
    ]
    assert page.locator("#league-tabs .active").inner_text() == "Tabella"
    assert "Győzelem 3 · Pontgyőzelem 2 · Döntetlen 1" in page.inner_text("#points-legend")
    text = page.inner_text("main")
    for english in ("Standings", "Head-to-head", "League points", "1st", "Download CSV"):
        assert english not in text, english
    page.screenshot(path=str(artifacts / "league-standings-hu.png"), full_page=True)

    page.goto(f"{live_server.url}/leagues/fixtures/{setup.injured.pk}/")
    sequence = page.inner_text("#campaign-sequence")
    assert (
        "Ilona: sérülésdobás 5 −1 (az utolsó találat −3 Ép-re vagy az alá vitte) = 4, Súlyos seb; 2 mérkőzést kihagy."
    ) in sequence
    assert "injury roll" not in sequence
    page.screenshot(path=str(artifacts / "league-match-report-hu.png"), full_page=True)

    sólymok = setup.entries["Vörös Sólymok"]
    page.goto(f"{live_server.url}/leagues/entries/{sólymok.pk}/")
    page.wait_for_selector("#kronika")
    assert page.text_content("[data-slot=strategist] [data-status]") == "Hiányzik, még 1 mérkőzés"
    assert "Krónika · a csapat kampánylapja (HR-10.4)".casefold() in page.inner_text("#kronika").casefold()
    page.emulate_media(media="print")
    assert page.locator("nav").is_hidden()
    page.screenshot(path=str(artifacts / "league-campaign-sheet-hu-print.png"), full_page=True)
