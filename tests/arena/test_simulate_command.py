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


@pytest.mark.parametrize("mode", ["pairs", "ffa"])
def test_simulate_plays_four_seat_matches__hr8(mode):
    out = StringIO()
    call_command("simulate", "--players", "4", "--mode", mode, "--matches", "2", "--seed", "4", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["mode"] == mode and data["matches"] == 2 and len(data["wins"]) == 4
    if mode == "pairs":  # both partners count their side's win
        assert data["wins"][0] == data["wins"][1] and data["wins"][2] == data["wins"][3]
        assert data["wins"][0] + data["wins"][2] + data["draws"] == 2
    else:
        assert sum(data["wins"]) + data["draws"] == 2
    assert 1 <= data["mean_rounds"] <= 24


def test_simulate_four_players_prints_a_summary_and_needs_a_mode():
    out = StringIO()
    call_command("simulate", "--players", "4", "--mode", "ffa", "--matches", "1", "--agent", "greedy", stdout=out)
    assert "1 ffa matches (greedy agents): wins seat 0" in out.getvalue()
    with pytest.raises(CommandError, match="--mode pairs or --mode ffa"):
        call_command("simulate", "--players", "4", "--matches", "1")
    with pytest.raises(CommandError, match="for four players"):
        call_command("simulate", "--mode", "pairs", "--matches", "1")
    with pytest.raises(CommandError, match="12-30, not 40"):
        call_command("simulate", "--players", "4", "--mode", "pairs", "--round-limit", "40", "--matches", "1")
