"""What a team file may hold, checked before it is read (issue 11, item 4).

Each limit is refused as one ``FILE-…`` problem in English and Hungarian, never as a traceback: a
file too large (``FILE-SIZE``), nested too deep (``FILE-DEPTH``), with a number too long for
Python's int conversion (``FILE-NUMBER``), with more members than a team has (``FILE-MEMBERS``),
with control characters or lone surrogates in its text (``FILE-TEXT``). And no kind of problem is
listed thousands of times: at most ``MAX_PROBLEMS_PER_KIND`` lines, then one line counting the rest.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from arena.engine.roster import TEAM_NAME_MAX_LENGTH, TEAM_NOTES_MAX_LENGTH, Problem, base_member, base_roster
from arena.engine.roster.limits import (
    MAX_FILE_BYTES,
    MAX_FILE_MEMBERS,
    MAX_NESTING_DEPTH,
    MAX_NUMBER_LENGTH,
    MAX_PROBLEMS_PER_KIND,
)
from arena.engine.roster.point_rules import validate_roster
from arena.engine.roster.teamfile import TeamFileError, dumps, loads, roster_from_document, roster_to_document

BASE = base_roster(name="Vörös Sólymok")
Document = dict[str, Any]


def document() -> Document:
    loaded: Document = json.loads(dumps(BASE))
    return loaded


def refused(source: Document | str | bytes) -> tuple[Problem, ...]:
    text = source if isinstance(source, (str, bytes)) else json.dumps(source)
    with pytest.raises(TeamFileError) as caught:
        loads(text)
    return caught.value.problems


def lines(problems: tuple[Problem, ...], language: str = "en") -> list[str]:
    return [f"{p.code}: {p.text(language)}" for p in problems]


# --- The limits are what the format needs, with room to spare ------------------------------------


def test_the_limits_leave_room_for_every_real_team_file() -> None:
    biggest = replace(BASE, name="N" * TEAM_NAME_MAX_LENGTH, notes="Léptek. " * (TEAM_NOTES_MAX_LENGTH // 8))
    assert len(dumps(biggest).encode()) < MAX_FILE_BYTES
    assert loads(dumps(biggest)) == biggest
    assert MAX_NESTING_DEPTH >= 4  # team, members, member, stats
    assert MAX_NUMBER_LENGTH >= len(str(2**63))
    assert MAX_FILE_MEMBERS == 12  # six places, a member and a hireling standing in for him


# --- Size, nesting and numbers: refused on the raw text ------------------------------------------


def test_an_oversized_file_is_one_file_size_problem() -> None:
    padded = dumps(replace(BASE, notes="x" * MAX_FILE_BYTES))
    assert lines(refused(padded)) == [
        f"FILE-SIZE: The file is larger than {MAX_FILE_BYTES} bytes, the most a team file may hold."
    ]
    assert lines(refused(padded.encode()), "hu") == [
        f"FILE-SIZE: A fájl nagyobb {MAX_FILE_BYTES} bájtnál; ennél nagyobb csapatfájl nem lehet."
    ]


def test_the_size_counts_bytes_not_characters() -> None:
    """Two-byte letters: fewer characters than the limit, more bytes."""
    text = dumps(replace(BASE, notes="ő" * (MAX_FILE_BYTES // 2)))
    assert len(text) < MAX_FILE_BYTES < len(text.encode())
    assert [p.code for p in refused(text)] == ["FILE-SIZE"]


def test_nesting_1000_deep_is_one_file_depth_problem() -> None:
    deep = '{"format": "viadal-team", "version": 1, "notes": ' + "[" * 1_000 + "]" * 1_000 + "}"
    assert lines(refused(deep)) == [
        f"FILE-DEPTH: Arrays and objects are nested more than {MAX_NESTING_DEPTH} deep at line 1, "
        f"column {49 + MAX_NESTING_DEPTH}; a team file nests 4 deep."
    ]
    assert lines(refused(deep), "hu") == [
        f"FILE-DEPTH: A tömbök és objektumok {MAX_NESTING_DEPTH} szintnél mélyebben vannak egymásba ágyazva "
        f"(1. sor, {49 + MAX_NESTING_DEPTH}. oszlop); egy csapatfájl 4 szint mély."
    ]


def test_nesting_100000_deep_objects_are_refused_without_recursion() -> None:
    deep = '{"a": ' * 100_000 + "1" + "}" * 100_000
    assert [p.code for p in refused(deep[:MAX_FILE_BYTES])] == ["FILE-DEPTH"]


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    doc = document()
    doc["notes"] = '[[[[[[[[[[[[[[[[[[[[[[[[[[ {{{{{{{{{{{{{{{{{{{{{{ \\" [[[[[[[[['
    assert loads(json.dumps(doc)).notes == doc["notes"]


@pytest.mark.parametrize("end", ['"', "\\", ""])
def test_an_unterminated_string_hides_its_brackets_and_is_invalid_json(end: str) -> None:
    text = '{"format": "viadal-team", "notes": "' + "[" * 100 + "9" * 100 + end
    assert [p.code for p in refused(text)] == ["FILE-JSON"]


def test_a_5000_digit_number_is_one_file_number_problem() -> None:
    doc = document()
    text = json.dumps(doc).replace('"version": 1', '"version": ' + "9" * 5_000)
    assert lines(refused(text)) == [
        "FILE-NUMBER: A number of 5000 characters at line 1, column 38; a team file's numbers have at most "
        f"{MAX_NUMBER_LENGTH}."
    ]
    assert lines(refused(text), "hu") == [
        "FILE-NUMBER: 5000 karakteres szám (1. sor, 38. oszlop); egy csapatfájlban a számok legfeljebb "
        f"{MAX_NUMBER_LENGTH} karakteresek."
    ]


@pytest.mark.parametrize("number", ["-" + "1" * 30, "0." + "0" * 30 + "1", "1e" + "0" * 30])
def test_long_numbers_of_every_shape_are_refused(number: str) -> None:
    text = json.dumps(document()).replace('"version": 1', f'"version": {number}')
    assert [p.code for p in refused(text)] == ["FILE-NUMBER"]


def test_digits_inside_strings_are_not_numbers() -> None:
    doc = document()
    doc["notes"] = "1" * 5_000
    assert loads(json.dumps(doc)).notes == "1" * 5_000


# --- Text: no control characters, no lone surrogates ---------------------------------------------


def test_a_nul_byte_in_a_name_is_one_file_text_problem() -> None:
    doc = document()
    doc["members"][0]["name"] = "Brutus\u0000"
    assert lines(refused(doc)) == [
        "FILE-TEXT: members[0].name: the text holds the control character U+0000; a team file's text holds "
        "none (notes may hold line breaks and tabs)"
    ]
    assert lines(refused(doc), "hu") == [
        "FILE-TEXT: members[0].name: a szövegben vezérlőkarakter áll (U+0000); a csapatfájl szövegeiben nem "
        "lehet vezérlőkarakter (a megjegyzésekben sortörés és tabulátor lehet)"
    ]


def test_a_lone_surrogate_in_a_name_is_one_file_text_problem() -> None:
    text = dumps(BASE).replace('"name": "Vörös Sólymok"', '"name": "V\\ud800"')
    assert lines(refused(text)) == [
        "FILE-TEXT: name: the text holds a lone surrogate (U+D800), which is no character; check the file's \\u escapes"
    ]
    assert lines(refused(text), "hu") == [
        "FILE-TEXT: name: a szövegben párosítatlan helyettesítő kód áll (U+D800), ami nem karakter; ellenőrizd "
        "a fájl \\u escape-szekvenciáit"
    ]


def test_an_escaped_surrogate_pair_is_one_character_and_loads() -> None:
    text = dumps(BASE).replace('"name": "Vörös Sólymok"', '"name": "Sólymok \\ud83e\\udd85"')
    assert loads(text).name == "Sólymok \U0001f985"


@pytest.mark.parametrize("character", ["\x07", "\x1b", "\x7f", "\x85"])
def test_control_characters_are_refused_in_every_text(character: str) -> None:
    doc = document()
    doc["notes"] = f"Gate {character}runners"
    doc["members"][2]["skills"][1] = f"hi{character}ding"
    assert [(p.code, p.path) for p in refused(doc)] == [
        ("FILE-TEXT", "members[2].skills[1]"),
        ("FILE-TEXT", "notes"),
    ]


def test_notes_may_hold_line_breaks_and_tabs_but_names_may_not() -> None:
    doc = document()
    doc["notes"] = "League entry:\n\tspring 2026\r\n"
    assert loads(json.dumps(doc)).notes == doc["notes"]
    doc["members"][1]["name"] = "Witch\nmaster"
    assert [(p.code, p.path) for p in refused(doc)] == [("FILE-TEXT", "members[1].name")]


def test_a_field_name_with_a_control_character_is_named_escaped() -> None:
    doc = document()
    doc["members"][3]["\u0000x"] = 1
    assert lines(refused(doc)) == [
        'FILE-TEXT: members[3]: the field name "\\u0000x" holds the control character U+0000; a team '
        "file's text holds none (notes may hold line breaks and tabs)"
    ]


def test_no_message_carries_a_character_it_cannot_print() -> None:
    """Every problem of a file full of bad text encodes as UTF-8 in both languages."""
    text = dumps(BASE).replace('"tier": "standard"', '"tier": "\\ud800\\u0000", "\\udfff": "\\u0001"')
    for problem in refused(text):
        for language in ("en", "hu"):
            problem.text(language).encode("utf-8")


# --- Members and the team name ----------------------------------------------------------------


def test_16200_members_are_one_file_members_problem() -> None:
    doc = roster_to_document(replace(BASE, members=tuple(base_member("laeva", f"L{n}") for n in range(16_200))))
    with pytest.raises(TeamFileError) as caught:
        roster_from_document(doc)
    assert lines(caught.value.problems) == [
        f"FILE-MEMBERS: members: 16200 members; a team file lists at most {MAX_FILE_MEMBERS} (six places, "
        "each with its member and a hireling standing in for him, HR-10.8)"
    ]
    assert lines(caught.value.problems, "hu") == [
        f"FILE-MEMBERS: members: 16200 tag; egy csapatfájlban legfeljebb {MAX_FILE_MEMBERS} tag lehet (hat "
        "hely, mindegyiken a tagja és egy helyette beálló zsoldos, HR-10.8)"
    ]


def test_a_16200_member_file_within_the_size_limit_is_one_problem() -> None:
    doc = document()
    doc["members"] = [{}] * 16_200
    assert [p.code for p in refused(json.dumps(doc, separators=(",", ":")))] == ["FILE-MEMBERS"]


def test_up_to_twelve_members_load_and_tb01_judges_them() -> None:
    team = replace(BASE, members=(*BASE.members, *(base_member(s, f"Extra {s}") for s in ("laeva",) * 6)))
    assert len(team.members) == MAX_FILE_MEMBERS
    loaded = loads(dumps(team))
    assert [p.code for p in validate_roster(loaded)].count("TB-01") == 1


@pytest.mark.parametrize(
    "name", ["", "   ", "W" * (TEAM_NAME_MAX_LENGTH + 1), "W" * 380, " " * 10 + "W" * TEAM_NAME_MAX_LENGTH]
)
def test_a_team_name_of_the_wrong_length_is_refused_by_the_file(name: str) -> None:
    doc = document()
    doc["name"] = name
    problems = refused(doc)
    assert lines(problems) == [f"FILE-FIELD: name: a team name has 1 to {TEAM_NAME_MAX_LENGTH} characters"]
    assert lines(problems, "hu") == [f"FILE-FIELD: name: a csapat neve 1–{TEAM_NAME_MAX_LENGTH} karakter hosszú lehet"]


@pytest.mark.parametrize("name", ["W" * TEAM_NAME_MAX_LENGTH, " Wolves ", "W"])
def test_a_team_name_of_1_to_80_characters_loads_as_written(name: str) -> None:
    doc = document()
    doc["name"] = name
    assert loads(json.dumps(doc)).name == name


# --- No kind of problem is listed thousands of times -------------------------------------------


def test_file_problems_of_one_kind_are_capped() -> None:
    doc = document()
    doc["members"][4]["skills"] = [f"skill_{n}" for n in range(2_000)]
    problems = refused(doc)
    assert len(problems) == MAX_PROBLEMS_PER_KIND + 1
    assert {p.code for p in problems} == {"FILE-UNKNOWN-ID"}
    assert lines(problems)[-1] == (
        f"FILE-UNKNOWN-ID: … and {2_000 - MAX_PROBLEMS_PER_KIND} more problems of this kind, not listed "
        f"(at most {MAX_PROBLEMS_PER_KIND} of a kind are)."
    )
    assert lines(problems, "hu")[-1] == (
        f"FILE-UNKNOWN-ID: … és még {2_000 - MAX_PROBLEMS_PER_KIND} ilyen hiba, ezek nincsenek felsorolva "
        f"(egy fajtából legfeljebb {MAX_PROBLEMS_PER_KIND} szerepel)."
    )


def test_each_kind_is_capped_on_its_own_and_keeps_its_place() -> None:
    doc = document()
    doc["options"] = [7] * 60
    doc["members"][4]["skills"] = ["flying"] * 3
    codes = [p.code for p in refused(doc)]
    assert codes == ["FILE-TYPE"] * (MAX_PROBLEMS_PER_KIND + 1) + ["FILE-UNKNOWN-ID"] * 3


def test_a_rule_broken_16000_times_prints_a_bounded_report() -> None:
    team = replace(BASE, members=tuple(base_member("laeva", "Same") for _ in range(16_200)))
    problems = validate_roster(team)
    tb23 = [p for p in problems if p.code == "TB-23"]
    assert len(tb23) == MAX_PROBLEMS_PER_KIND + 1
    assert tb23[-1].message == (
        f"… and {16_199 - MAX_PROBLEMS_PER_KIND} more problems of this kind, not listed "
        f"(at most {MAX_PROBLEMS_PER_KIND} of a kind are)."
    )
    assert len(problems) < 200


def test_fixed_discs_of_a_thousand_levels_are_capped__tb_18() -> None:
    witch = replace(BASE.members[1], fixed_discs=tuple(range(6, 1_006)))
    team = replace(BASE, members=(BASE.members[0], witch, *BASE.members[2:]))
    assert len([p for p in validate_roster(team) if p.code == "TB-18"]) == MAX_PROBLEMS_PER_KIND + 1
