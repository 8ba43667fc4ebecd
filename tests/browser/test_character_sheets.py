"""The printable character sheets in a real browser: on screen, as printed, and as the PDF download."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from arena.engine.content.profiles import MEMBER_SLOTS
from teams.services import team_create_from_base
from tests.browser.actions import log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.browser


def test_print_view_screen_print_and_pdf(live_server, transactional_db, page, artifacts, tmp_path):
    user = UserFactory(username="cassia")
    team = team_create_from_base(owner=user, name="Iron Wolves", tier="standard")
    log_in(page, live_server, "cassia")

    page.goto(f"{live_server.url}/teams/{team.pk}/sheets/")
    for slot in MEMBER_SLOTS:
        assert page.is_visible(f"#sheet-{slot}")
    assert page.locator(".sheet-character").count() == len(MEMBER_SLOTS)
    assert page.is_visible("svg.sheet-qr")
    assert page.locator("#sheet-gladiator .sheet-circle").count() == 20
    page.screenshot(path=str(artifacts / "character-sheets.png"), full_page=True)

    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi, as a printer lays it out
    page.emulate_media(media="print")
    assert not page.is_visible("nav") and not page.is_visible("#sheet-pdf-link")
    page.screenshot(path=str(artifacts / "character-sheets-print.png"), full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 1280, "height": 1100})

    with page.expect_download() as download_info:
        page.click("#sheet-pdf-link")
    download = download_info.value
    assert download.suggested_filename == "iron-wolves-sheets.pdf"
    pdf_path = tmp_path / download.suggested_filename
    download.save_as(pdf_path)
    pdf = pdf_path.read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    shutil.copyfile(pdf_path, artifacts / "character-sheets.pdf")

    if shutil.which("pdftoppm"):  # poppler-utils; the picture of page 1 is a bonus, not a requirement
        prefix = artifacts / "character-sheets-pdf"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf_path), str(prefix)],
            check=True,
        )
        assert (artifacts / "character-sheets-pdf.png").stat().st_size > 0
