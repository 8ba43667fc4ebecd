"""``manage.py simulate`` (issue #3): parses, plays through the engine, prints."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def test_simulate_prints_json_with_the_agreed_keys():
    out = StringIO()
    call_command("simulate", "--home", "base", "--away", "base", "--matches", "3", "--seed", "5", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert set(data) == {
        "matches",
        "home_wins",
        "away_wins",
        "draws",
        "mean_rounds",
        "mean_decisions",
        "seconds",
    }
    assert data["matches"] == 3 and data["home_wins"] + data["away_wins"] + data["draws"] == 3


def test_simulate_prints_a_summary_with_greedy_agents():
    out = StringIO()
    call_command("simulate", "--matches", "2", "--agent", "greedy", stdout=out)
    assert "2 matches (greedy agents)" in out.getvalue()


def test_simulate_is_deterministic_for_a_seed():
    runs = []
    for _ in range(2):
        out = StringIO()
        call_command("simulate", "--matches", "2", "--seed", "9", "--json", stdout=out)
        data = json.loads(out.getvalue())
        data.pop("seconds")
        runs.append(data)
    assert runs[0] == runs[1]


def test_simulate_refuses_a_missing_team_file(tmp_path):
    with pytest.raises(CommandError):
        call_command("simulate", "--home", str(tmp_path / "missing.json"), "--matches", "1")


def test_simulate_loads_a_team_file(tmp_path):
    from arena.engine.roster import base_roster
    from arena.engine.roster.teamfile import dumps

    path = tmp_path / "team.json"
    path.write_text(dumps(base_roster(name="Északi farkasok")), encoding="utf-8")
    out = StringIO()
    call_command("simulate", "--home", str(path), "--away", "base", "--matches", "2", "--json", stdout=out)
    assert json.loads(out.getvalue())["matches"] == 2


def test_simulate_reports_a_broken_team_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("simulate", "--home", str(path), "--matches", "1")


def test_simulate_plays_with_optional_rules_and_a_round_limit():
    """HR-7's optional rules and HR-10.1's round limit are per-match settings the command passes on."""
    out = StringIO()
    call_command(
        "simulate",
        "--matches",
        "2",
        "--seed",
        "4",
        "--option",
        "opt_potion",
        "--option",
        "opt_bloodthirsty_crowd",
        "--round-limit",
        "12",
        "--json",
        stdout=out,
    )
    data = json.loads(out.getvalue())
    assert data["matches"] == 2 and 1 <= data["mean_rounds"] <= 12


def test_simulate_refuses_a_round_limit_outside_12_to_30():
    with pytest.raises(CommandError, match="12-30"):
        call_command("simulate", "--matches", "1", "--round-limit", "40")


def test_simulate_refuses_a_team_built_for_an_optional_rule_the_match_does_not_use(tmp_path):
    from dataclasses import replace

    from arena.engine.roster import base_roster
    from arena.engine.roster.teamfile import dumps

    path = tmp_path / "team.json"
    path.write_text(dumps(replace(base_roster(name="Ködlovagok"), options=frozenset({"opt_potion"}))), encoding="utf-8")
    with pytest.raises(CommandError, match="Ködlovagok .*HR-7"):
        call_command("simulate", "--home", str(path), "--matches", "1")
    call_command("simulate", "--home", str(path), "--matches", "1", "--option", "opt_potion", stdout=StringIO())
