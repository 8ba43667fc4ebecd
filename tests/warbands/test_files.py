"""Warband files on the command line (``validate_team FILE --game warband [--points N]``), and the
builder and the command agreeing: any warband the builder accepts passes ``validate_team``, and any it
refuses names the same rule ids there."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.warbands.factories import WarbandFactory
from warbands import services
from warbands.builder_post import read_post
from warbands.convert import rules_warband
from warbands.rules.army_list import ARMY_LIST, sample_warband
from warbands.rules.warband_content import MAGIC_SKILLS, POOL_SKILLS, RULES, SPELLS
from warbands.rules.warband_file import MAX_FILE_BYTES, dump_warband_file
from warbands.selectors import warband_report


def run(*args: str) -> tuple[int, list[str]]:
    out = StringIO()
    try:
        call_command("validate_team", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue().splitlines()
    return 0, out.getvalue().splitlines()


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "warband.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_sample_of_wb5_is_valid_at_200_points(tmp_path):
    assert run(write(tmp_path, dump_warband_file(sample_warband())), "--game", "warband") == (0, ["valid: 200 points"])


def test_the_sample_at_150_points_breaks_wb06_and_wb07_one_line_each(tmp_path):
    status, lines = run(write(tmp_path, dump_warband_file(sample_warband())), "--game", "warband", "--points", "150")
    assert status == 1
    assert lines == ["WB-06: Warband costs 200; limit 150.", "WB-07: Personalities cost 66; at most 50."]


def test_a_game_size_outside_150_to_300_is_wb05(tmp_path):
    status, lines = run(write(tmp_path, dump_warband_file(sample_warband())), "--game", "warband", "--points", "400")
    assert status == 1 and lines[0].startswith("WB-05: ")


def test_the_messages_read_hungarian(tmp_path):
    path = write(tmp_path, dump_warband_file(sample_warband()))
    assert run(path, "--game", "warband", "--language", "hu") == (0, ["érvényes: 200 pont"])


def test_a_file_beyond_the_limit_is_one_file_line(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 10))
    status, lines = run(str(path), "--game", "warband")
    assert status == 1 and len(lines) == 1 and lines[0].startswith("FILE-SIZE: ")


def test_a_missing_file_is_file_read(tmp_path):
    status, lines = run(str(tmp_path / "nothing.json"), "--game", "warband")
    assert status == 1 and lines[0].startswith("FILE-READ: Cannot read")


def test_points_are_for_the_warband_game_only(tmp_path):
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_team", str(tmp_path / "x.json"), "--points", "200", stdout=StringIO(), stderr=StringIO())
    assert exit_.value.code == 2


# --- the builder and the command agree --------------------------------------------------------------

ENTRY_IDS = {"rules": list(RULES), "spells": list(SPELLS), "skills": list(MAGIC_SKILLS)}


@st.composite
def builder_posts(draw):
    """A builder post over a stored warband of army-list figures: every value within the builder's
    bounds, every list ticked at random, with a minion, a pool and an illusion now and then."""
    profiles = draw(st.lists(st.sampled_from(list(ARMY_LIST)), min_size=0, max_size=7))
    data = {"name": draw(st.sampled_from(["Band", "", "Osztag"])), "points": draw(st.integers(150, 300)), "notes": ""}
    for i, _profile in enumerate(profiles):
        path = f"figures[{i}]"
        data[path] = "1"
        data[f"{path}.name"] = draw(st.sampled_from([f"Figure {i}", "Same", ""]))
        data[f"{path}.quality"] = str(draw(st.integers(1, 9)))
        data[f"{path}.combat"] = str(draw(st.integers(0, 9)))
        for field, ids in ENTRY_IDS.items():
            data[f"{path}.{field}"] = draw(st.lists(st.sampled_from(ids), max_size=3, unique=True))
        data[f"{path}.element"] = draw(st.sampled_from(["", "earth", "fire"]))
    return profiles, data


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(post=builder_posts(), minion=st.booleans(), pool=st.sampled_from(["", *POOL_SKILLS]), illusion=st.booleans())
def test_what_the_builder_accepts_validate_team_accepts_and_what_it_refuses_it_names_alike(
    tmp_path, post, minion, pool, illusion
):
    profiles, data = post
    warband = WarbandFactory(figures=[], name="Band")
    language = "en"
    from warbands.builder_post import apply_action

    stored = rules_warband(warband)
    for profile in profiles:
        stored = apply_action("add", {"add-profile": profile}, stored, language)
    if minion and profiles:
        stored = apply_action("add-minion:0", {}, stored, language)
    if pool:
        stored = apply_action(f"add-pool:{pool}", {}, stored, language)
        stored = apply_action("add-summon:0", {"add-profile-summon-0": "wolf"}, stored, language)
        data["pools[0].borrowed"] = "10"
    if illusion:
        stored = apply_action("add-illusion", {"add-profile-illusion": "warrior"}, stored, language)
    services.warband_save(warband=warband, contents=stored)
    contents = read_post(_QueryDict(data), rules_warband(warband)).contents
    services.warband_save(warband=warband, contents=contents)

    report = warband_report(warband)
    try:
        services.warband_mark_ready(warband=warband)
        accepted = True
    except services.WarbandInvalidError as error:
        accepted = False
        assert {v.code for v in error.violations} == report.codes
    status, lines = run(write(tmp_path, services.warband_export(warband=warband)), "--game", "warband")
    if accepted:
        assert (status, lines) == (0, [f"valid: {report.totals.total} points"])
    else:
        assert status == 1
        assert {line.split(":")[0] for line in lines} == report.codes
        assert len(lines) == len(report.violations)


class _QueryDict(dict):
    """The post as Django's QueryDict reads it: a list value is a checkbox group."""

    def get(self, key, default=None):
        value = super().get(key, default)
        return value[-1] if isinstance(value, list) and value else value

    def getlist(self, key):
        value = super().get(key, [])
        return value if isinstance(value, list) else [value]
