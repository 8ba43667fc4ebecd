"""Issue 28, item 5: imported match records. The importer chooses the seed, so an imported record's
teams are checked against the team rules (TÉ 99 and Ép 999 are refused), the record is marked as
imported on every page that shows it (its dice were never committed to, and the check page says so),
and one account imports at most a few records a day."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse
from django.utils import translation

from arena.models import Match
from arena.services import match_records as records
from arena.services.account_limits import LimitError
from tests.arena.hosted import finished
from tests.factories import UserFactory
from viadal_site.settings import base

pytestmark = pytest.mark.django_db


@pytest.fixture
def record_text(players) -> str:
    return records.record_json(finished(players, steps=40))


def _upload(client: Client, text: str):  # type: ignore[no-untyped-def]
    return client.post(reverse("play:import"), {"record": SimpleUploadedFile("m.json", text.encode())})


def test_a_record_whose_team_breaks_the_team_rules_is_refused__hr_9_6(record_text):
    data = json.loads(record_text)
    gladiator = data["setup"]["teams"][0]["members"][0]
    gladiator["stats"].update(te=99, ep=999)
    client = Client()
    client.force_login(UserFactory())
    response = _upload(client, json.dumps(data))
    assert response.status_code == 422
    page = response.content.decode()
    assert "Team 1 of the record" in page and "breaks the team rules" in page and "budget" in page  # TB-02 first
    assert not Match.objects.filter(imported=True).exists()
    with pytest.raises(records.RecordError, match="breaks the team rules"):
        records.parse_record(json.dumps(data))


def test_an_imported_record_is_marked_on_every_page_and_its_dice_are_not_called_fair(record_text):
    importer = UserFactory(username="feltolto")
    client = Client()
    client.force_login(importer)
    assert _upload(client, record_text).status_code == 302
    match = Match.objects.get(imported=True)
    assert match.commitment == ""  # nothing was committed to before play
    reader = Client()
    for name in ("match", "replay", "verify", "log"):
        page = reader.get(reverse(f"play:{name}", args=[match.pk])).content.decode()
        assert 'id="imported-record"' in page and "feltolto" in page, name
    verify = reader.get(reverse("play:verify", args=[match.pk])).content.decode()
    assert "never committed to before the match was played" in verify
    assert "matches the commitment" not in verify
    hungarian = reader.get(reverse("play:verify", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Importált" in hungarian


@override_settings(VIADAL_HOSTED_LIMITS=base.VIADAL_HOSTED_LIMITS)
def test_one_account_imports_at_most_ten_records_a_day(record_text):
    importer = UserFactory()
    record = records.parse_record(record_text)
    for _ in range(base.VIADAL_HOSTED_LIMITS["imports"]):
        records.import_record(record, by=importer)
    for language, expected in (
        ("en", "You have imported 10 match records in the last 24 hours"),
        ("hu", "Az elmúlt 24 órában 10 meccsfelvételt importáltál"),
    ):
        with translation.override(language), pytest.raises(LimitError, match=expected):
            records.import_record(record, by=importer)
    records.import_record(record, by=UserFactory())  # another account may
    assert Match.objects.filter(imported=True, created_by=importer).count() == 10
