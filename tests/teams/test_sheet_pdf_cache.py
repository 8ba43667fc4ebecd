"""The sheet PDF is rendered once and then served from the cache until anything on the sheet changes;
anonymous readers (share links) may have only so many rendered per address (issue 11)."""

from __future__ import annotations

import hashlib
from types import SimpleNamespace
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache.backends.filebased import FileBasedCache
from django.test import override_settings

from teams import sheet_pdf, sheet_views
from teams.models import Character
from teams.services import team_update
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def renders():  # type: ignore[no-untyped-def]
    """Counts WeasyPrint's renderings (each still happens, for real)."""
    with mock.patch.object(sheet_pdf, "write_pdf", wraps=sheet_pdf.write_pdf) as counted:
        yield counted


@pytest.fixture
def fake_renders():  # type: ignore[no-untyped-def]
    """Counts renderings and makes each in no time: a stand-in PDF naming the HTML it was made from."""

    def fake_pdf(html: str, base_url: str) -> bytes:
        return b"%PDF-stand-in " + hashlib.sha256(html.encode()).hexdigest().encode()

    with mock.patch.object(sheet_pdf, "write_pdf", side_effect=fake_pdf) as counted:
        yield counted


@pytest.fixture
def mid_window():  # type: ignore[no-untyped-def]
    """The render counter's clock stopped in the middle of a window: a test that counts renders
    must not see the counter start again because the real clock crossed into the next window."""
    window = settings.SHEET_PDF_RENDER_WINDOW
    with mock.patch.object(sheet_pdf, "time", SimpleNamespace(time=lambda: 3_000_000 * window + window / 2)):
        yield


@pytest.fixture
def renders_after_a_stand_in():  # type: ignore[no-untyped-def]
    """Counts renderings: the first is a stand-in (as ``fake_renders`` makes it), every later one WeasyPrint's
    own, for the tests that change a sheet and read only the PDF rendered after the change."""

    def first_stand_in(html: str, base_url: str) -> bytes:
        if counted.call_count == 1:
            return b"%PDF-stand-in " + hashlib.sha256(html.encode()).hexdigest().encode()
        return write_pdf(html, base_url)

    write_pdf = sheet_pdf.write_pdf
    with mock.patch.object(sheet_pdf, "write_pdf", side_effect=first_stand_in) as counted:
        yield counted


def share_pdf(client, team, address: str = "203.0.113.7", language: str = "en"):  # type: ignore[no-untyped-def]
    return client.get(
        f"/teams/share/{team.share_token}/sheets.pdf", REMOTE_ADDR=address, headers={"Accept-Language": language}
    )


def test_the_second_share_pdf_request_is_served_from_the_cache_without_weasyprint(client, renders):
    team = TeamFactory(name="Iron Wolves")
    first = share_pdf(client, team)
    second = share_pdf(client, team)
    assert first.status_code == second.status_code == 200
    assert renders.call_count == 1
    assert second.content == first.content
    assert second["Content-Disposition"] == 'attachment; filename="iron-wolves-sheets.pdf"'


def test_the_owners_pdf_is_cached_too(client, fake_renders):
    renders = fake_renders
    team = TeamFactory()
    client.force_login(team.owner)
    assert client.get(f"/teams/{team.pk}/sheets.pdf").status_code == 200
    assert client.get(f"/teams/{team.pk}/sheets.pdf").status_code == 200
    assert renders.call_count == 1


def test_a_change_to_the_team_gives_a_fresh_pdf(client, renders_after_a_stand_in):
    renders = renders_after_a_stand_in
    team = TeamFactory(name="Iron Wolves")
    share_pdf(client, team)
    team_update(team=team, changes={"name": "Bronze Bears"})

    fresh = share_pdf(client, team)

    assert renders.call_count == 2
    assert "Bronze Bears" in pdf_text(fresh.content) and "Iron Wolves" not in pdf_text(fresh.content)


def test_a_change_to_a_character_alone_gives_a_fresh_pdf(client, renders_after_a_stand_in):
    """A member saved without the team (the admin does that) leaves Team.updated as it was; the digest of the
    sheet's HTML still changes."""
    renders = renders_after_a_stand_in
    team = TeamFactory()
    share_pdf(client, team)
    Character.objects.filter(team=team, slot="gladiator").update(name="Spartacus")

    fresh = share_pdf(client, team)

    assert renders.call_count == 2
    assert "Spartacus" in pdf_text(fresh.content)


def test_each_language_has_its_own_pdf(client, fake_renders):
    team = TeamFactory()
    english = share_pdf(client, team, language="en")
    hungarian = share_pdf(client, team, language="hu")
    assert fake_renders.call_count == 2
    assert english.content != hungarian.content
    assert "GLADIÁTOR" in fake_renders.call_args_list[1].args[0]
    assert share_pdf(client, team, language="hu").content == hungarian.content
    assert fake_renders.call_count == 2


def test_the_pdf_cache_is_a_folder_every_worker_reads(client, fake_renders):
    """Without Redis the PDFs live in a folder, not in one process's memory: another gunicorn worker (a
    cache object of its own over the same folder) finds the PDF this one rendered."""
    keys: list[str] = []

    def recorded_key(*args: object) -> str:
        keys.append(real_key(*args))
        return keys[-1]

    real_key = sheet_pdf.cache_key
    with mock.patch.object(sheet_pdf, "cache_key", recorded_key):
        pdf = share_pdf(client, TeamFactory()).content
    sheets = settings.CACHES[sheet_pdf.CACHE_ALIAS]
    assert sheets["BACKEND"] == "django.core.cache.backends.filebased.FileBasedCache"
    other_worker = FileBasedCache(sheets["LOCATION"], {})
    assert other_worker.get(keys[0]) == pdf


@override_settings(SHEET_PDF_RENDER_LIMIT=2)
def test_anonymous_pdf_renders_are_limited_per_address_with_a_429_page(client, fake_renders, mid_window):
    renders = fake_renders
    teams = [TeamFactory() for _ in range(4)]
    assert share_pdf(client, teams[0]).status_code == 200
    assert share_pdf(client, teams[1]).status_code == 200

    refused = share_pdf(client, teams[2])

    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= settings.SHEET_PDF_RENDER_WINDOW
    html = refused.content.decode()
    assert 'id="pdf-render-limited"' in html and "yours has had its share" in html
    assert f"/teams/share/{teams[2].share_token}/sheets/" in html  # the print view is still offered
    assert renders.call_count == 2
    assert share_pdf(client, teams[0]).status_code == 200  # a cached PDF is not a render
    assert share_pdf(client, teams[2], address="198.51.100.4").status_code == 200  # another address
    hungarian = share_pdf(client, teams[3], language="hu")
    assert hungarian.status_code == 429
    assert "a tiéd már elérte ezt" in hungarian.content.decode()


@override_settings(SHEET_PDF_RENDER_LIMIT=1)
def test_logged_in_readers_are_not_limited(client, fake_renders):
    renders = fake_renders
    team, other = TeamFactory(), TeamFactory()
    client.force_login(team.owner)
    assert client.get(f"/teams/{team.pk}/sheets.pdf").status_code == 200
    assert share_pdf(client, other).status_code == 200
    assert renders.call_count == 2


def test_a_sheet_served_before_is_found_by_its_version_without_rendering_its_html(client, fake_renders):
    """The second request for the same sheet finds the PDF's key by the team's version: no HTML, no QR
    code; a change to a member (even one that leaves Team.updated alone) is a new version."""
    team = TeamFactory()
    first = share_pdf(client, team)
    with mock.patch.object(sheet_views, "sheet_context", wraps=sheet_views.sheet_context) as built:
        second = share_pdf(client, team)
        assert built.call_count == 0 and second.content == first.content

        Character.objects.filter(team=team, slot="gladiator").update(name="Spartacus")
        fresh = share_pdf(client, team)
    assert built.call_count == 1 and fake_renders.call_count == 2 and fresh.content != first.content


def test_the_owners_sheet_and_the_shared_one_are_each_found_by_their_version(client, fake_renders):
    """Two versions (whose link it is), one PDF when their HTML is the same: each finds it again."""
    team = TeamFactory()
    client.force_login(team.owner)
    owners = client.get(f"/teams/{team.pk}/sheets.pdf", headers={"Accept-Language": "en"})
    shared = share_pdf(client, team)
    with mock.patch.object(sheet_views, "sheet_context", wraps=sheet_views.sheet_context) as built:
        assert client.get(f"/teams/{team.pk}/sheets.pdf", headers={"Accept-Language": "en"}).content == owners.content
        assert share_pdf(client, team).content == shared.content
    assert built.call_count == 0 and fake_renders.call_count == 1


@override_settings(SHEET_PDF_ACCOUNT_RENDER_LIMIT=2)
def test_a_signed_in_reader_has_his_renders_limited_per_account_his_own_sheets_too(client, fake_renders, mid_window):
    """Issue 28: an owner rendered his own sheets without limit (about a second of CPU each)."""
    owner = UserFactory()
    teams = [TeamFactory(owner=owner) for _ in range(3)]
    client.force_login(owner)
    assert client.get(f"/teams/{teams[0].pk}/sheets.pdf").status_code == 200
    assert client.get(f"/teams/{teams[1].pk}/sheets.pdf").status_code == 200
    refused = client.get(f"/teams/{teams[2].pk}/sheets.pdf")
    assert refused.status_code == 429 and "each account may have only a" in refused.content.decode()
    assert client.get(f"/teams/{teams[0].pk}/sheets.pdf").status_code == 200  # a cached PDF is not a render
    hungarian = client.get(f"/teams/{teams[2].pk}/sheets.pdf", headers={"Accept-Language": "hu"})
    assert hungarian.status_code == 429 and "minden fiók" in hungarian.content.decode()
    assert fake_renders.call_count == 2
    other = UserFactory()
    client.force_login(other)
    assert share_pdf(client, teams[2]).status_code == 200  # another account
