"""Importing a team file: only a valid file imports; any problem saves nothing and is shown."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arena.engine.roster import base_roster
from arena.engine.roster.teamfile import dumps
from teams.models import Character, Team
from teams.selectors import team_to_roster
from teams.services import TeamInvalidError, team_export, team_import
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def base_file(**changes: object) -> dict:
    document = json.loads(dumps(base_roster(name="Iron Wolves")))
    document.update(changes)
    return document


def with_member_field(slot: str, field: str, value: object) -> str:
    document = base_file()
    member = next(m for m in document["members"] if m["slot"] == slot)
    member[field] = value
    return json.dumps(document)


def test_a_valid_file_creates_a_draft_team():
    owner = UserFactory()
    team = team_import(owner=owner, text=dumps(base_roster(name="Iron Wolves", tier="veteran")))

    assert (team.owner, team.name, team.tier, team.status) == (owner, "Iron Wolves", "veteran", "draft")
    assert team_to_roster(team).members == base_roster().members


def test_export_then_import_gives_the_same_team():
    team = TeamFactory(name="Iron Wolves", notes="Gate runners.", options=["opt_crowd_favour"])
    copy = team_import(owner=UserFactory(), text=team_export(team=team))
    assert team_to_roster(copy) == team_to_roster(team)


BROKEN_FILES = {
    "malformed JSON": (
        '{"format": "viadal-team", "version": 1,',
        "FILE-JSON",
        "Invalid JSON at line 1, column 40: Expecting property name enclosed in double quotes.",
    ),
    "wrong version": (
        json.dumps(base_file(version=2)),
        "FILE-VERSION",
        "version: version 2 is newer than this reader, which reads up to 1; update Viadal to read it",
    ),
    "unknown id": (
        with_member_field("laeva", "skills", ["sneaking", "hiding", "flying"]),
        "FILE-UNKNOWN-ID",
        "members[4].skills[2]: unknown skill 'flying'; known: running, sneaking, hiding, dodging, "
        "acrobatics, weapon_breaking, takedown, aiming, concentration, golden_bell, shield_wall, "
        "quick_blade, net_master, steadfast",
    ),
    "out-of-range value": (
        with_member_field(
            "laeva",
            "stats",
            {
                "te": 6,
                "ve": 9,
                "ce": 11,
                "ep": 10,
                "eg": 4,
                "me": 0,
                "mov": 5,
                "sfe": 1,
                "stp": 3,
            },
        ),
        "TB-06",
        "Dagger-thrower (laeva): TÉ 6 is outside the allowed range 7–12 for a dagger-thrower.",
    ),
}


@pytest.mark.parametrize(("text", "code", "message"), BROKEN_FILES.values(), ids=BROKEN_FILES.keys())
def test_a_broken_file_saves_nothing_and_names_its_problem(text, code, message):
    owner = UserFactory()

    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=owner, text=text)

    assert [(p.code, p.message) for p in refused.value.problems] == [(code, message)]
    assert (Team.objects.count(), Character.objects.count()) == (0, 0)


def test_the_import_page_lists_the_problems_and_saves_nothing(client):
    client.force_login(UserFactory())

    response = client.post(reverse("teams:import"), {"text": json.dumps(base_file(version=2))})

    html = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported. The file has 1 problem:" in html
    assert "version 2 is newer than this reader" in html
    assert Team.objects.count() == 0


def test_the_import_page_takes_an_uploaded_file(client):
    owner = UserFactory()
    client.force_login(owner)
    upload = SimpleUploadedFile("team-iron-wolves.json", dumps(base_roster(name="Iron Wolves")).encode())

    response = client.post(reverse("teams:import"), {"file": upload})

    team = Team.objects.get()
    assert response["Location"] == reverse("teams:detail", args=[team.pk])
    assert (team.owner, team.name) == (owner, "Iron Wolves")


def test_the_import_page_asks_for_a_file_or_text(client):
    client.force_login(UserFactory())
    response = client.post(reverse("teams:import"), {"text": "  "})
    assert "Choose a team file or paste its JSON." in response.content.decode()
    assert Team.objects.count() == 0


@pytest.mark.parametrize("name", ["", "W" * 81])
def test_a_team_name_the_site_cannot_keep_is_refused(name):
    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=UserFactory(), text=json.dumps(base_file(name=name)))

    assert [(p.code, p.message) for p in refused.value.problems] == [
        ("FILE-FIELD", "name: a team name has 1 to 80 characters")
    ]
    assert Team.objects.count() == 0
