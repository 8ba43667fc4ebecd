"""Importing a team file: only a valid file imports; any problem saves nothing and is shown."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arena.engine.roster import TEAM_NAME_MAX_LENGTH, base_roster
from arena.engine.roster.limits import MAX_FILE_BYTES
from arena.engine.roster.teamfile import dumps
from teams.forms import TeamImportForm
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


# --- Issue 11: limits of the team file, the same as validate_team's (the engine's) ------------------


def deep_file() -> str:
    return '{"format": "viadal-team", "version": 1, "notes": ' + "[" * 1_000 + "]" * 1_000 + "}"


def long_number_file() -> str:
    return json.dumps(base_file()).replace('"version": 1', '"version": ' + "9" * 5_000)


def nul_name_file() -> str:
    return with_member_field("gladiator", "name", "Brutus\u0000")


def lone_surrogate_file() -> str:
    return json.dumps(base_file()).replace('"name": "Iron Wolves"', '"name": "Iron \\ud800Wolves"')


def many_members_file() -> str:
    return json.dumps(base_file(members=[{}] * 16_200), separators=(",", ":"))


def oversized_file() -> str:
    return json.dumps(base_file(notes="x" * MAX_FILE_BYTES))


LIMITS = {
    "1000-deep nesting": (deep_file, "FILE-DEPTH"),
    "5000-digit number": (long_number_file, "FILE-NUMBER"),
    "NUL byte in a name": (nul_name_file, "FILE-TEXT"),
    "lone surrogate": (lone_surrogate_file, "FILE-TEXT"),
    "16200 members": (many_members_file, "FILE-MEMBERS"),
    "oversized file": (oversized_file, "FILE-SIZE"),
}


@pytest.mark.parametrize(("make", "code"), LIMITS.values(), ids=LIMITS.keys())
def test_a_file_beyond_a_limit_is_one_problem_and_saves_nothing(make, code):
    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=UserFactory(), text=make())

    assert [p.code for p in refused.value.problems] == [code]
    assert (Team.objects.count(), Character.objects.count()) == (0, 0)


@pytest.mark.parametrize(("make", "code"), LIMITS.values(), ids=LIMITS.keys())
def test_the_import_page_shows_a_limit_as_one_problem(client, make, code):
    client.force_login(UserFactory())

    response = client.post(reverse("teams:import"), {"text": make()})

    html = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported. The file has 1 problem:" in html
    assert f'data-code="{code}"' in html
    assert Team.objects.count() == 0


def test_an_oversized_upload_is_refused_without_reading_it_whole(client):
    huge = b"{" * (20 * MAX_FILE_BYTES)
    form = TeamImportForm(data={}, files={"file": SimpleUploadedFile("huge.json", huge)})
    assert form.is_valid()
    assert len(form.cleaned_data["text"]) == MAX_FILE_BYTES + 1  # enough to know it is too large

    client.force_login(UserFactory())
    response = client.post(reverse("teams:import"), {"file": SimpleUploadedFile("huge.json", huge)})

    assert 'data-code="FILE-SIZE"' in response.content.decode()
    assert Team.objects.count() == 0


def test_an_upload_that_is_not_utf8_is_a_file_problem(client):
    client.force_login(UserFactory())
    upload = SimpleUploadedFile("team.json", b'{"name": "\xff"}')

    response = client.post(reverse("teams:import"), {"file": upload})

    html = response.content.decode()
    assert 'data-code="FILE-JSON"' in html
    assert "The file is not UTF-8 text (byte 10)." in html


def test_the_team_name_limit_is_the_engines_and_the_models():
    assert Team._meta.get_field("name").max_length == TEAM_NAME_MAX_LENGTH


def test_a_380_character_team_name_is_refused_by_the_file_reader():
    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=UserFactory(), text=json.dumps(base_file(name="W" * 380)))

    assert [(p.code, p.path, p.message_hu) for p in refused.value.problems] == [
        ("FILE-FIELD", "name", "name: a csapat neve 1–80 karakter hosszú lehet")
    ]


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [("team", " " * 10 + "W" * 80, "FILE-FIELD"), ("gladiator", " " * 100 + "Brutus", "TB-23")],
)
def test_names_padded_past_what_the_site_stores_are_refused(field, value, code):
    """Spaces around a name are kept, so they count: on PostgreSQL these were a 500 (value too long)."""
    text = json.dumps(base_file(name=value)) if field == "team" else with_member_field(field, "name", value)

    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=UserFactory(), text=text)

    assert [p.code for p in refused.value.problems] == [code]
    assert Team.objects.count() == 0
