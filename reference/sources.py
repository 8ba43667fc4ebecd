"""An entry's source line as readable notes: each code of ``source`` and ``notes_source`` ("RB p.14",
"HR-5", "digest §16.1 n.8; A26, A44; HR-12.1") in words in the reader's language — the rulebook's
page, the house rules' section by name, a reading's text — each reading linked to its place on the
readings page (docs/rules-reference.md, "Sources")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext as _

from common.i18n import pick

from .catalog import document

RANGE = re.compile(r"^(HR-\d+)\.(\d+)[–-](\d+)$")  # "HR-12.15–16": rulings 15 and 16
DIGEST_NOTE = re.compile(r"^§16\.1 n\.(\d+)$")
DIGEST_SECTION = re.compile(r"^§([\d.]+)$")
RULEBOOK = re.compile(r"^RB p\.([\d–-]+)$")


@dataclass(frozen=True, slots=True)
class Note:
    code: str
    text: str
    anchor: str = ""  # the reading's place on the readings page, when it has one


def anchor(code: str) -> str:
    return "reading-" + code.lower().replace(".", "-")


@cache
def _known() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    doc = document()
    return (
        {r["code"]: r for r in doc["readings"]},
        {s["code"]: s for s in doc["house_rule_sections"]},
    )


def codes(*lines: str) -> list[str]:
    """Every code of the source lines, once each, ranges spelt out ("HR-12.17–19" → 17, 18, 19)."""
    found: list[str] = []
    for line in lines:
        for part in re.split(r"[;,]", line):
            code = part.strip().removeprefix("digest ").strip()
            if not code:
                continue
            spread = RANGE.match(code)
            if spread:
                section, first, last = spread.group(1), int(spread.group(2)), int(spread.group(3))
                found.extend(f"{section}.{n}" for n in range(first, last + 1))
            elif re.match(r"^p\.[\d–-]+$", code):
                found.append(f"RB {code}")  # "RB p.9, p.20": the rulebook's pages, listed after one "RB"
            else:
                found.append(code)
    return list(dict.fromkeys(found))


def note(code: str, language: str) -> Note:
    readings, sections = _known()
    if code in readings:
        reading = readings[code]
        return Note(code, pick(reading["text_hu"], reading["text_en"], language), anchor(code))
    if code in sections:
        section = sections[code]
        return Note(code, pick(section["name_hu"], section["name_en"], language))
    if match := DIGEST_NOTE.match(code):
        return Note(code, _("the rules digest's note %(number)s on the spells") % {"number": match.group(1)})
    if match := DIGEST_SECTION.match(code):
        return Note(code, _("the rules digest, §%(section)s") % {"section": match.group(1)})
    if match := RULEBOOK.match(code):
        return Note(code, _("the rulebook, page %(page)s") % {"page": match.group(1)})
    return Note(code, "")


def notes(language: str, *lines: str) -> tuple[Note, ...]:
    return tuple(note(code, language) for code in codes(*lines))


def all_readings(language: str) -> tuple[Note, ...]:
    """Every reading the data cites, in the document's order, for the readings page."""
    readings, _sections = _known()
    return tuple(note(code, language) for code in readings)


def all_sections(language: str) -> tuple[Note, ...]:
    _readings, sections = _known()
    return tuple(note(code, language) for code in sections)
