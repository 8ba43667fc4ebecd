"""``manage.py validate_team FILE [--tier T]``: the team file, then every HR-9.6 rule.

The output is exactly one ``CODE: message`` line per problem with exit status 1, or
``valid: N points`` with exit status 0. No database is needed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.engine.roster import base_roster
from arena.engine.roster.teamfile import dumps


def run(*args: str) -> tuple[int, str]:
    """The command's exit status and its standard output."""
    out = StringIO()
    try:
        call_command("validate_team", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue()
    return 0, out.getvalue()


def write(tmp_path: Path, document: dict[str, Any] | str) -> str:
    path = tmp_path / "team.json"
    text = document if isinstance(document, str) else json.dumps(document, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


def base_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(dumps(base_roster(name="Vörös Sólymok")))
    return document


def member(document: dict[str, Any], slot: str) -> dict[str, Any]:
    found: dict[str, Any] = next(m for m in document["members"] if m["slot"] == slot)
    return found


def test_base_team_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "base.json"
    path.write_text(dumps(base_roster()), encoding="utf-8")
    assert run(str(path)) == (0, "valid: 200 points\n")


def test_exit_status_from_the_command_line(tmp_path: Path) -> None:
    document = base_document()
    member(document, "strategist")["name"] = ""
    broken = write(tmp_path, document)
    manage = Path(__file__).resolve().parents[2] / "manage.py"
    done = subprocess.run(
        [sys.executable, str(manage), "validate_team", broken],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (1, "TB-23: Member strategist needs a unique name of 1–40 characters.\n")


def test_over_budget_and_duplicate_skill(tmp_path: Path) -> None:
    document = base_document()
    member(document, "crossbowman")["stats"]["ce"] = 15  # +6
    member(document, "deasta")["skills"] = ["running", "running", "acrobatics"]  # −1
    assert run(write(tmp_path, document)) == (
        1,
        "TB-02: Team value is 205 points but the Standard budget is 200. Remove 5 points.\n"
        "TB-09: Dagger-thrower (deasta) has Futás twice.\n",
    )


def test_malformed_file(tmp_path: Path) -> None:
    assert run(write(tmp_path, '{"format": "viadal-team",\n  "version": 1,,\n}')) == (
        1,
        "FILE-JSON: Invalid JSON at line 2, column 16: Expecting property name enclosed in double quotes.\n",
    )


def test_file_errors_are_listed_one_per_line(tmp_path: Path) -> None:
    document = base_document()
    member(document, "gladiator")["skills"] = ["dodging", "flying", "takedown"]
    member(document, "laeva")["stats"]["te"] = "9"
    assert run(write(tmp_path, document)) == (
        1,
        "FILE-UNKNOWN-ID: members[0].skills[1]: unknown skill 'flying'; known: running, "
        "sneaking, hiding, dodging, acrobatics, weapon_breaking, takedown, aiming, concentration, "
        "golden_bell, shield_wall, quick_blade, net_master, steadfast\n"
        'FILE-TYPE: members[4].stats.te: expected an integer, got a string ("9")\n',
    )


def test_newer_version(tmp_path: Path) -> None:
    document = base_document()
    document["version"] = 2
    assert run(write(tmp_path, document)) == (
        1,
        "FILE-VERSION: version: version 2 is newer than this reader, which reads up to 1; update Viadal to read it\n",
    )


def test_rookie_tier_override_on_a_modified_team(tmp_path: Path) -> None:
    document = base_document()
    member(document, "witch_master")["disc_count"] = 5  # −6
    member(document, "crossbowman")["ammunition"]["bolts"] = 10  # −1
    path = write(tmp_path, document)
    assert run(path) == (0, "valid: 193 points\n")
    assert run(path, "--tier", "rookie") == (
        1,
        "TB-25: The Rookie tier plays the base team: witch-master spell discs differs "
        "(5, base 6).\n"
        "TB-25: The Rookie tier plays the base team: crossbowman crossbow bolts differs "
        "(10, base 12).\n",
    )


def test_veteran_tier_override_accepts_a_bigger_team(tmp_path: Path) -> None:
    document = base_document()
    member(document, "crossbowman")["stats"]["ce"] = 15  # +6
    path = write(tmp_path, document)
    assert run(path)[0] == 1
    assert run(path, "--tier", "veteran") == (0, "valid: 206 points\n")


def test_unknown_tier_option_is_refused() -> None:
    with pytest.raises(CommandError, match="invalid choice: 'elite'"):
        call_command("validate_team", "team.json", "--tier", "elite", stdout=StringIO())


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.json"
    assert run(str(path)) == (1, f"FILE-READ: Cannot read {path}: No such file or directory.\n")


# --- Issue 11: files that crashed the parser are one FILE-… line each, exit 1 -----------------------


def test_nesting_1000_deep_is_one_line(tmp_path: Path) -> None:
    deep = '{"format": "viadal-team", "version": 1, "notes": ' + "[" * 1_000 + "]" * 1_000 + "}"
    status, out = run(write(tmp_path, deep))
    assert (status, out.count("\n"), out.split(":")[0]) == (1, 1, "FILE-DEPTH")


def test_a_5000_digit_number_is_one_line(tmp_path: Path) -> None:
    text = json.dumps(base_document()).replace('"version": 1', '"version": ' + "7" * 5_000)
    status, out = run(write(tmp_path, text))
    assert (status, out.count("\n"), out.split(":")[0]) == (1, 1, "FILE-NUMBER")


def test_a_nul_byte_in_a_name_is_one_line(tmp_path: Path) -> None:
    document = base_document()
    member(document, "laeva")["name"] = "La\u0000eva"
    assert run(write(tmp_path, document), "--language", "hu") == (
        1,
        "FILE-TEXT: members[4].name: a szövegben vezérlőkarakter áll (U+0000); a csapatfájl szövegeiben nem "
        "lehet vezérlőkarakter (a megjegyzésekben sortörés és tabulátor lehet)\n",
    )


def test_a_lone_surrogate_is_one_line_in_both_languages(tmp_path: Path) -> None:
    text = json.dumps(base_document()).replace('"name": "V', '"name": "\\ud800V', 1)
    path = write(tmp_path, text)
    for language in ("en", "hu"):
        status, out = run(path, "--language", language)
        assert (status, out.count("\n"), out.split(":")[0]) == (1, 1, "FILE-TEXT")
        assert "U+D800" in out


def test_16200_members_are_one_line(tmp_path: Path) -> None:
    document = base_document()
    laeva = member(document, "laeva")
    document["members"] = [{**laeva, "name": f"L{n}"} for n in range(16_200)]
    assert run(write(tmp_path, json.dumps(document)))[1].count("\n") == 1  # too large to read: FILE-SIZE
    document["members"] = [{}] * 16_200
    status, out = run(write(tmp_path, json.dumps(document, separators=(",", ":"))))
    assert (status, out) == (
        1,
        "FILE-MEMBERS: members: 16200 members; a team file lists at most 12 (six places, each with its "
        "member and a hireling standing in for him, HR-10.8)\n",
    )


def test_an_oversized_file_is_one_line_and_is_not_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(200_000_000)  # sparse: 200 MB of NUL bytes that take no disk
    assert run(str(path)) == (1, "FILE-SIZE: The file is larger than 65536 bytes, the most a team file may hold.\n")


def test_a_380_character_team_name_is_reported_as_by_the_web_import(tmp_path: Path) -> None:
    document = base_document()
    document["name"] = "W" * 380
    assert run(write(tmp_path, document)) == (1, "FILE-FIELD: name: a team name has 1 to 80 characters\n")


def test_a_rule_broken_many_times_prints_a_bounded_report(tmp_path: Path) -> None:
    document = base_document()
    member(document, "witch_master")["fixed_discs"] = list(range(6, 2_006))
    status, out = run(write(tmp_path, json.dumps(document, separators=(",", ":"))))
    assert (status, out.count("TB-18: ")) == (1, 51)
    assert out.splitlines()[-1] == (
        "TB-18: … and 1951 more problems of this kind, not listed (at most 50 of a kind are)."
    )


@pytest.mark.django_db
def test_notes_over_the_limit_are_refused_alike_by_the_command_and_the_web_import(tmp_path):
    """One limit on a team's notes (docs/team-format.md, "Limits"): 62,248 characters were "valid:
    200 points" on the command line and refused by the import; now both refuse, with one line."""
    from arena.engine.roster import TEAM_NOTES_MAX_LENGTH
    from teams.services import TeamInvalidError, team_import
    from tests.factories import UserFactory

    document = base_document()
    document["notes"] = "Gate runs. " * 5659  # 62,249 characters, within the 64 KiB of a file
    status, output = run(write(tmp_path, document))
    line = f"FILE-FIELD: notes: a team's notes have at most {TEAM_NOTES_MAX_LENGTH} characters (these have 62249)"
    assert (status, output.strip()) == (1, line)
    with pytest.raises(TeamInvalidError) as refused:
        team_import(owner=UserFactory(), text=json.dumps(document, ensure_ascii=False))
    assert [f"{p.code}: {p.message}" for p in refused.value.problems] == [line]
    document["notes"] = "x" * TEAM_NOTES_MAX_LENGTH
    assert run(write(tmp_path, document)) == (0, "valid: 200 points\n")
