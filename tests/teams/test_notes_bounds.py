"""Free text is bounded: a team's notes (builder, import), a result's notes and a dispute's reason have at
most NOTES_MAX_LENGTH characters, and a team file at most the engine's MAX_FILE_BYTES (issue 11)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arena.engine.roster import base_roster
from arena.engine.roster.limits import MAX_FILE_BYTES
from arena.engine.roster.teamfile import dumps
from campaigns.models import Result
from teams.models import NOTES_MAX_LENGTH, Team
from teams.services import TeamInvalidError, team_import
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import team_post_data

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
TOO_LONG = "x" * (NOTES_MAX_LENGTH + 1)


def test_the_notes_limit_is_5000_characters():
    assert NOTES_MAX_LENGTH == 5000
    for model, field in ((Team, "notes"), (Result, "notes"), (Result, "dispute_reason")):
        assert model._meta.get_field(field).max_length == NOTES_MAX_LENGTH


def test_team_notes_over_the_limit_are_refused_in_the_builder_with_a_clear_message(client):
    team = TeamFactory(notes="Gate runners.")
    client.force_login(team.owner)

    response = client.post(reverse("teams:edit", args=[team.pk]), team_post_data(team, **{"team-notes": TOO_LONG}))

    assert response.status_code == 200
    assert "At most 5000 characters, please: this text has 5001." in response.content.decode()
    team.refresh_from_db()
    assert team.notes == "Gate runners."
    fitting = "y" * NOTES_MAX_LENGTH
    client.post(reverse("teams:edit", args=[team.pk]), team_post_data(team, **{"team-notes": fitting}), headers=HTMX)
    team.refresh_from_db()
    assert team.notes == fitting


def test_the_notes_message_reads_hungarian(client):
    team = TeamFactory()
    client.force_login(team.owner)
    response = client.post(
        reverse("teams:edit", args=[team.pk]),
        team_post_data(team, **{"team-notes": TOO_LONG}),
        headers={"Accept-Language": "hu"},
    )
    assert "Legfeljebb 5000 karakter lehet; ez a szöveg 5001 karakteres." in response.content.decode()


def test_model_validation_refuses_notes_over_the_limit():
    team = TeamFactory.build(owner=UserFactory(), notes=TOO_LONG)
    with pytest.raises(ValidationError) as refused:
        team.full_clean()
    assert "notes" in refused.value.message_dict


def test_a_team_file_with_notes_over_the_limit_is_not_imported():
    text = dumps(replace(base_roster(name="Iron Wolves"), notes=TOO_LONG))
    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=UserFactory(), text=text)
    assert [(p.code, p.path) for p in refused.value.problems] == [("FILE-FIELD", "notes")]
    assert "at most 5000 characters (these have 5001)" in refused.value.problems[0].message
    assert not Team.objects.exists()


def test_an_uploaded_team_file_over_the_size_limit_is_refused_with_a_clear_message(client):
    client.force_login(UserFactory())
    document = json.loads(dumps(base_roster(name="Iron Wolves")))
    document["notes"] = "x" * MAX_FILE_BYTES
    upload = SimpleUploadedFile("huge.json", json.dumps(document).encode())

    response = client.post(reverse("teams:import"), {"file": upload})

    assert response.status_code == 200
    assert 'data-code="FILE-SIZE"' in response.content.decode()
    assert not Team.objects.exists()


def test_pasted_team_file_text_over_the_size_limit_is_refused_with_a_clear_message(client):
    client.force_login(UserFactory())
    response = client.post(reverse("teams:import"), {"text": "x" * (MAX_FILE_BYTES + 1)})
    assert 'data-code="FILE-SIZE"' in response.content.decode()
    assert not Team.objects.exists()


def test_a_request_body_over_the_upload_limit_is_a_bad_request(client):
    client.force_login(UserFactory())
    response = client.post(reverse("teams:import"), {"text": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})
    assert response.status_code == 400
    assert "it was too large or malformed" in response.content.decode()
    assert not Team.objects.exists()
