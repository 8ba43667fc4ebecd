"""The warband file (``viadal-warband`` version 1): writing, reading back, and every limit and
refusal of the reader, each with its code and the path of the field."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.warbands.rules.helpers import SAMPLE, full_warband
from warbands.rules import warband_content as c
from warbands.rules.model import Figure
from warbands.rules.warband_checks import check_warband
from warbands.rules.warband_file import (
    MAX_FIGURES,
    MAX_FILE_BYTES,
    WarbandFileError,
    dump_warband_file,
    parse_warband_file,
    warband_from_dict,
    warband_to_dict,
    warband_to_document,
)


def problems(text: str | bytes) -> list[tuple[str, str]]:
    with pytest.raises(WarbandFileError) as caught:
        parse_warband_file(text)
    return [(p.code, p.field) for p in caught.value.problems]


def document(**changes: object) -> dict[str, object]:
    doc = warband_to_document(SAMPLE)
    doc.update(changes)
    return doc


def test_round_trip_of_the_sample_and_the_full_warband():
    for warband in (SAMPLE, full_warband(), replace(SAMPLE, notes="Line one\nline two")):
        text = dump_warband_file(warband)
        assert parse_warband_file(text) == warband
        assert parse_warband_file(text.encode()) == warband
        assert dump_warband_file(parse_warband_file(text)) == text  # the same bytes again
        assert warband_from_dict(warband_to_dict(warband)) == warband


def test_the_file_states_wb2_prices_and_they_check_clean():
    loaded = parse_warband_file(dump_warband_file(SAMPLE))
    assert [f.price for f in loaded.figures] == [66, 50, 23, 23, 26]
    assert loaded.figures[0].minions[0].figure.price == 12
    assert check_warband(loaded) == ()


def test_header_and_layout():
    text = dump_warband_file(SAMPLE)
    doc = json.loads(text)
    assert list(doc)[:3] == ["format", "version", "name"] and doc["format"] == "viadal-warband" and doc["version"] == 1
    assert text.endswith("}\n") and '\n  "name"' in text
    assert "notes" not in doc


def test_a_wrong_price_loads_and_wb15_names_it():
    doc = document()
    doc["figures"][1]["price"] = 45  # type: ignore[index]
    loaded = parse_warband_file(json.dumps(doc))
    assert [v.code for v in check_warband(loaded)] == ["WB-15"]


def test_rule_breaking_values_load_for_the_checks():
    doc = document()
    doc["figures"][2]["quality"] = 9  # type: ignore[index]
    doc["figures"][2]["rules"] = ["berserk"]  # type: ignore[index]
    loaded = parse_warband_file(json.dumps(doc))
    assert {v.code for v in check_warband(loaded)} >= {"WB-01", "WB-02"}


def test_a_bom_is_allowed():
    assert parse_warband_file("\ufeff" + dump_warband_file(SAMPLE)) == SAMPLE


def test_file_json():
    assert problems("{not json") == [("FILE-JSON", "")]
    assert problems('{"a": NaN}') == [("FILE-JSON", "")]
    assert problems('{"a": 1, "a": 2}') == [("FILE-JSON", "")]
    assert problems(b"\xff\xfe") == [("FILE-JSON", "")]


def test_file_format_and_version():
    assert problems(json.dumps(document(format="viadal-team"))) == [("FILE-FORMAT", "format")]
    assert problems(json.dumps(document(version=2))) == [("FILE-VERSION", "version")]
    assert problems(json.dumps(document(version="1"))) == [("FILE-VERSION", "version")]
    assert problems(json.dumps(document(version=0))) == [("FILE-VERSION", "version")]
    assert problems("[]") == [("FILE-TYPE", "(root)")]


def test_file_type():
    doc = document(points="200")
    doc["figures"][0]["combat"] = True  # type: ignore[index]
    doc["figures"][1]["quality"] = 3.0  # type: ignore[index]
    assert problems(json.dumps(doc)) == [
        ("FILE-TYPE", "points"),
        ("FILE-TYPE", "figures[0].combat"),
        ("FILE-TYPE", "figures[1].quality"),
    ]


def test_file_field_missing_and_unexpected():
    doc = document(extra=1)
    del doc["pools"]
    del doc["figures"][0]["minions"][0]["grant"]  # type: ignore[index]
    doc["figures"][1]["slot"] = "knight"  # type: ignore[index]
    assert problems(json.dumps(doc)) == [
        ("FILE-FIELD", "pools"),
        ("FILE-FIELD", "extra"),
        ("FILE-FIELD", "figures[0].minions[0].grant"),
        ("FILE-FIELD", "figures[1].slot"),
    ]


def test_price_and_notes_are_optional():
    doc = document()
    for figure in doc["figures"]:  # type: ignore[attr-defined]
        del figure["price"]
    loaded = parse_warband_file(json.dumps(doc))
    assert loaded == SAMPLE and loaded.figures[0].price is None


def test_file_size():
    assert problems(" " * (MAX_FILE_BYTES + 1)) == [("FILE-SIZE", "")]
    assert problems("é" * (MAX_FILE_BYTES // 2 + 1)) == [("FILE-SIZE", "")]


def test_file_depth_and_number():
    assert problems("[" * 17 + "]" * 17) == [("FILE-DEPTH", "")]
    assert problems('{"a": ' + "1" * 21 + "}") == [("FILE-NUMBER", "")]


def test_file_text():
    doc = document(name="Bad\x00name")
    assert problems(json.dumps(doc)) == [("FILE-TEXT", "name")]
    assert parse_warband_file(json.dumps(document(notes="tab\there\nnewline"))).notes == "tab\there\nnewline"


def test_file_count():
    figure = {
        "name": "M",
        "quality": 6,
        "combat": 1,
        "rules": [],
        "spells": [],
        "skills": [],
        "minions": [],
        "element": None,
    }
    doc = document(figures=[figure] * (MAX_FIGURES + 1))
    assert problems(json.dumps(doc)) == [("FILE-COUNT", "figures")]


def test_every_problem_is_reported_at_once_in_both_languages():
    doc = document(points="x", name=5)
    with pytest.raises(WarbandFileError) as caught:
        parse_warband_file(json.dumps(doc))
    error = caught.value
    assert len(error.problems) == 2
    assert error.text("en").startswith("The warband file cannot be read (2 problems):")
    assert "name: expected a string, found an integer" in error.text("en")
    assert "name: szöveg kell, de ez áll itt: egész szám" in error.text("hu")


def test_pools_summons_and_illusions_round_trip():
    warband = full_warband()
    loaded = parse_warband_file(dump_warband_file(warband))
    assert loaded.pools[0].skill == c.SUMMONER and loaded.pools[0].borrowed == 25
    assert [s.name for s in loaded.pools[0].summons] == ["Summoned wolf", "Skeleton"]
    assert loaded.illusions == (replace(warband.illusions[0]),)
    assert isinstance(loaded.figures[0], Figure)


def test_the_format_doc_shows_exactly_what_is_written_for_the_sample():
    doc = (Path(__file__).resolve().parents[3] / "docs" / "warband-format.md").read_text(encoding="utf-8")
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    assert example == dump_warband_file(SAMPLE)


def test_notes_have_at_most_5000_characters():
    assert parse_warband_file(json.dumps(document(notes="n" * 5000))).notes == "n" * 5000
    assert problems(json.dumps(document(notes="n" * 5001))) == [("FILE-FIELD", "notes")]
