"""A warband is an "osztag" in Hungarian, everywhere the warband game speaks: its rules' messages, its
catalogue, its builder's pages and its league pages. "Csapat" is Shuluri Viadal's team (and a quest
party), never a warband."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import translation

from campaigns.league_errors import LeagueError
from campaigns.permissions import entry_refusal, require_owner
from campaigns.services.fixtures import fixtures_generate
from tests.factories import UserFactory
from tests.i18n.po import read_po
from tests.warband_leagues.helpers import enter, first_fixture, make_warband, warband_league
from warbands.rules.messages import NO_FIGURE, NO_WARBAND_NAME, game_size, over_limit

ROOT = Path(__file__).resolve().parents[2]
CSAPAT = re.compile("csapat", re.IGNORECASE)


def hungarian_literals(path: Path) -> list[str]:
    """Every string literal of a source file (the Hungarian halves of its ``Text`` pairs among them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_no_warband_source_text_says_csapat():
    saying = [
        (str(path.relative_to(ROOT)), text)
        for path in sorted((ROOT / "warbands").rglob("*.py"))
        if "migrations" not in path.parts
        for text in hungarian_literals(path)
        if CSAPAT.search(text)
    ]
    assert saying == []


def test_no_warband_catalogue_entry_says_csapat():
    entries = read_po(ROOT / "warbands" / "locale" / "hu" / "LC_MESSAGES" / "django.po")
    saying = [e.msgid for e in entries if any(CSAPAT.search(text) for text in e.msgstr.values())]
    assert saying == []


def test_the_main_catalogues_warband_entries_say_osztag():
    entries = read_po(ROOT / "locale" / "hu" / "LC_MESSAGES" / "django.po")
    warband = [e for e in entries if "warband" in (e.msgid + (e.msgid_plural or "")).lower()]
    assert [e.msgid for e in warband if any(CSAPAT.search(text) for text in e.msgstr.values())] == []


def test_wb_06_the_builders_price_message_says_osztag():
    assert over_limit(260, 200).get("hu") == "Az osztag ára 260; a keret 200."
    assert NO_WARBAND_NAME.get("hu") == "Az osztagnak név kell."
    assert NO_FIGURE.get("hu") == "Az osztagba legalább egy alak kell."
    assert "csapat" not in game_size(10, 150, 300).get("hu")


@pytest.mark.django_db
def test_no_warband_page_or_warband_league_page_says_csapat(hu_client):
    owner = UserFactory()
    warband = make_warband(owner)
    hu_client.force_login(owner)
    league = warband_league(organiser=owner, name="Téli osztagliga")
    entry = enter(league, player=owner)
    enter(league)
    fixture = first_fixture(league)
    urls = [
        reverse("warbands:list"),
        reverse("warbands:create"),
        reverse("warbands:import"),
        reverse("warbands:detail", args=[warband.pk]),
        reverse("warbands:edit", args=[warband.pk]),
        reverse("warbands:roster", args=[warband.pk]),
        reverse("warbands:delete", args=[warband.pk]),
        reverse("campaigns:create") + "?game=warband",
        reverse("campaigns:edit", args=[league.pk]),
        reverse("campaigns:league", args=[league.pk]),
        reverse("campaigns:fixtures", args=[league.pk]),
        reverse("campaigns:standings", args=[league.pk]),
        reverse("campaigns:match", args=[fixture.pk]),
        reverse("campaigns:report", args=[fixture.pk]),
        reverse("campaigns:entry", args=[entry.pk]),
        reverse("campaigns:history", args=[entry.pk]),
    ]
    saying = {}
    for url in urls:
        response = hu_client.get(url)
        assert response.status_code == 200, url
        body = re.sub(r"<(script|style|nav)\b.*?</\1>", "", response.content.decode(), flags=re.S)
        assert 'lang="hu"' in body, url
        found = sorted({m.group(0) for m in re.finditer(r"\w*csapat\w*", body, re.IGNORECASE)})
        if found:
            saying[url] = found
    assert saying == {}


@pytest.mark.django_db
def test_a_warband_leagues_pages_before_its_fixtures_do_not_say_csapat(hu_client):
    organiser, newcomer = UserFactory(), UserFactory()
    make_warband(newcomer)
    league = warband_league(organiser=organiser)
    enter(league)
    saying = {}
    for user in (organiser, newcomer):
        hu_client.force_login(user)
        for name in ("league", "fixtures", "standings"):
            body = re.sub(
                r"<(script|style|nav)\b.*?</\1>",
                "",
                hu_client.get(reverse(f"campaigns:{name}", args=[league.pk])).content.decode(),
                flags=re.S,
            )
            found = sorted({m.group(0) for m in re.finditer(r"\w*csapat\w*", body, re.IGNORECASE)})
            if found:
                saying[(user.pk, name)] = found
    assert saying == {}


@pytest.mark.django_db
def test_a_warband_leagues_refusals_do_not_say_csapat():
    league = warband_league()
    entry = enter(league)
    with translation.override("hu"):
        assert entry_refusal(league, entry.player) == "Már neveztél ebbe a ligába; egy játékos egyszer nevezhet."
        with pytest.raises(LeagueError) as too_few:
            fixtures_generate(league=league, actor=league.organiser)
        assert str(too_few.value) == "A ligához legalább 2 nevezés kell; most 1 van."
        with pytest.raises(PermissionDenied) as not_his:
            require_owner(entry, UserFactory())
        assert str(not_his.value) == "A nevezés krónikáját csak a nevező játékos módosíthatja."
        enter(league)
        fixtures_generate(league=league, actor=league.organiser)
        refusal = entry_refusal(league, UserFactory())
        assert refusal == "A párosítások már elkészültek; ez a liga nem fogad több nevezést."
