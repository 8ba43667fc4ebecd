"""Issue #7: the translation catalogues. No message is left untranslated in Hungarian (an empty or
fuzzy msgstr fails), the English catalogue has every message too, placeholders survive
translation, and every string marked in the sources is in the catalogues."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.i18n.po import Entry, read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {language: ROOT / "locale" / language / "LC_MESSAGES" / "django.po" for language in ("hu", "en")}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")
SOURCES = ("accounts", "arena", "common", "teams", "campaigns", "viadal_site", "templates")


def messages(language: str) -> list[Entry]:
    return [entry for entry in read_po(CATALOGUES[language]) if not entry.obsolete]


@pytest.mark.parametrize("language", CATALOGUES)
def test_no_message_is_empty_or_fuzzy(language):
    entries = messages(language)
    assert len(entries) > 100
    header = entries[0]
    assert header.is_header and f"Language: {language}\n" in header.msgstr[0]
    fuzzy = [entry.msgid for entry in entries if "fuzzy" in entry.flags]
    assert fuzzy == [], f"fuzzy in {language}: {fuzzy}"
    empty = [entry.msgid for entry in entries if not entry.is_header and entry.untranslated]
    assert empty == [], f"untranslated in {language}: {empty}"


def test_both_catalogues_hold_the_same_messages():
    assert [e.msgid for e in messages("hu")] == [e.msgid for e in messages("en")]


def test_the_english_catalogue_reads_as_the_source():
    for entry in messages("en")[1:]:
        assert entry.msgstr[0] == entry.msgid
        if entry.msgid_plural is not None:
            assert entry.msgstr[1] == entry.msgid_plural


def test_hungarian_keeps_every_placeholder_and_reads_hungarian():
    for entry in messages("hu")[1:]:
        wanted = set(PLACEHOLDER.findall(entry.msgid)) | set(PLACEHOLDER.findall(entry.msgid_plural or ""))
        for text in entry.msgstr.values():
            assert set(PLACEHOLDER.findall(text)) == wanted, (entry.msgid, text)
    translated = [e for e in messages("hu")[1:] if e.msgstr[0] != e.msgid]
    assert len(translated) >= len(messages("hu")) - 5  # "Standard"-like words may read the same


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext is not installed (`make messages` installs it)")
@pytest.mark.parametrize("language", CATALOGUES)
def test_msgfmt_accepts_the_catalogue(language):
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", os.devnull, str(CATALOGUES[language])],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr


@pytest.mark.skipif(not shutil.which("xgettext"), reason="GNU gettext is not installed (`make messages` installs it)")
def test_every_marked_string_is_in_the_catalogues(tmp_path, monkeypatch):
    """``makemessages`` over a copy of the sources finds nothing the committed catalogue lacks."""
    for name in SOURCES:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages", locale=["hu"], verbosity=0)
    extracted = {entry.msgid for entry in read_po(tmp_path / "locale" / "hu" / "LC_MESSAGES" / "django.po")}
    committed = {entry.msgid for entry in messages("hu")}
    assert extracted - committed == set(), "run `manage.py makemessages -l hu -l en --ignore=.venv` and translate"


# Each app with a catalogue of its own (games, warbands …): <app>/locale/{hu,en}/LC_MESSAGES/django.po,
# found on disk, so a new app's catalogue is checked as soon as it exists.
APP_CATALOGUES = sorted(path.parents[3].name for path in ROOT.glob("*/locale/hu/LC_MESSAGES/django.po"))


def app_messages(app: str, language: str) -> list[Entry]:
    path = ROOT / app / "locale" / language / "LC_MESSAGES" / "django.po"
    return [entry for entry in read_po(path) if not entry.obsolete]


def test_the_apps_catalogues_are_found():
    assert "games" in APP_CATALOGUES


@pytest.mark.parametrize("app", APP_CATALOGUES)
def test_an_apps_catalogues_match_and_are_complete(app):
    hu, en = app_messages(app, "hu"), app_messages(app, "en")
    assert [e.msgid for e in hu] == [e.msgid for e in en]
    assert hu[0].is_header and "Language: hu\n" in hu[0].msgstr[0] and "Language: en\n" in en[0].msgstr[0]
    for entry in hu[1:]:
        assert "fuzzy" not in entry.flags and not entry.untranslated, entry.msgid
        wanted = set(PLACEHOLDER.findall(entry.msgid)) | set(PLACEHOLDER.findall(entry.msgid_plural or ""))
        for text in entry.msgstr.values():
            assert set(PLACEHOLDER.findall(text)) == wanted, (entry.msgid, text)
    for entry in en[1:]:
        assert entry.msgstr[0] == entry.msgid
        if entry.msgid_plural is not None:
            assert entry.msgstr[1] == entry.msgid_plural


@pytest.mark.skipif(not shutil.which("xgettext"), reason="GNU gettext is not installed (`make messages` installs it)")
@pytest.mark.parametrize("app", APP_CATALOGUES)
def test_every_string_an_app_marks_is_in_its_catalogue(app, tmp_path, monkeypatch):
    shutil.copytree(ROOT / app, tmp_path / app, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "locale"))
    (tmp_path / app / "locale").mkdir()
    monkeypatch.chdir(tmp_path / app)
    with override_settings(LOCALE_PATHS=[]):
        call_command("makemessages", locale=["hu"], verbosity=0)
    extracted = {entry.msgid for entry in read_po(tmp_path / app / "locale" / "hu" / "LC_MESSAGES" / "django.po")}
    committed = {entry.msgid for entry in app_messages(app, "hu")}
    assert extracted - committed == set(), f"add these to {app}/locale/*/LC_MESSAGES/django.po by hand"


HEADER_FIELDS = (
    "Project-Id-Version",
    "PO-Revision-Date",
    "Last-Translator",
    "Language",
    "Content-Type",
    "Plural-Forms",
)


@pytest.mark.parametrize("app", APP_CATALOGUES)
@pytest.mark.parametrize("language", ("hu", "en"))
def test_an_apps_catalogue_header_is_whole(app, language):
    header = app_messages(app, language)[0]
    fields = dict(line.split(": ", 1) for line in header.msgstr[0].splitlines() if ": " in line)
    missing = [name for name in HEADER_FIELDS if not fields.get(name, "").strip()]
    assert missing == [], f"{app}/{language} header lacks {missing}"


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext is not installed (`make messages` installs it)")
@pytest.mark.parametrize("app", APP_CATALOGUES)
@pytest.mark.parametrize("language", ("hu", "en"))
def test_msgfmt_accepts_an_apps_catalogue_without_a_warning(app, language):
    path = ROOT / app / "locale" / language / "LC_MESSAGES" / "django.po"
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
