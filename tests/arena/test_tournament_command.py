"""``manage.py tournament`` (issue #33): every pair with seats alternated, a table of the results."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from arena.engine.agents.tournament import Job, PairTable, elo_difference, fit_ratings, run, seating


def test_a_small_tournament_prints_every_pair_with_its_score_interval_rating_times_and_endings() -> None:
    out = StringIO()
    call_command(
        "tournament", "--agents", "greedy,random,tactical", "--matches", "2", "--seed", "t", "--workers", "1",
        "-v0", stdout=out,
    )  # fmt: skip
    text = out.getvalue()
    for pair in ("greedy v random", "greedy v tactical", "random v tactical"):
        assert pair in text
    assert "95% CI" in text and "rating" in text and "median ms/decision" in text and "p99" in text
    assert "gladiator destroyed" in text or "points victory" in text or "draw" in text


def test_the_same_seed_gives_the_same_tournament() -> None:
    first = run(["greedy", "random"], 2, "same", workers=1)
    again = run(["greedy", "random"], 2, "same", workers=1)
    assert [(p.wins, p.draws, p.losses) for p in first.pairs] == [(p.wins, p.draws, p.losses) for p in again.pairs]
    assert first.decisions == again.decisions


def test_seats_alternate_and_four_seats_put_each_agent_on_a_side() -> None:
    assert seating(Job(0, 0, "a", "b", "s", 1, 2, "pairs")) == ("a", "b")
    assert seating(Job(0, 1, "a", "b", "s", 1, 2, "pairs")) == ("b", "a")
    assert seating(Job(0, 0, "a", "b", "s", 1, 4, "pairs")) == ("a", "a", "b", "b")  # HR-8: 0+1 against 2+3
    assert seating(Job(0, 1, "a", "b", "s", 1, 4, "ffa")) == ("b", "a", "b", "a")


def test_the_score_interval_and_the_ratings_follow_the_results() -> None:
    table = PairTable("a", "b", wins=15, draws=2, losses=3)
    assert table.score == pytest.approx(0.8)
    lo, hi = table.interval()
    assert lo < 0.8 < hi and hi - lo < 0.4
    assert elo_difference(0.5) == pytest.approx(0.0) and elo_difference(0.76) == pytest.approx(200, abs=2)
    ratings = fit_ratings([table], ["a", "b"])
    assert ratings["a"] - ratings["b"] == pytest.approx(elo_difference(0.8), abs=5)


def test_bad_arguments_are_refused_with_a_clear_error() -> None:
    with pytest.raises(CommandError, match="no agent 'grandmaster'"):
        call_command("tournament", "--agents", "greedy,grandmaster", "--matches", "1", "-v0")
    with pytest.raises(CommandError, match="--matches"):
        call_command("tournament", "--matches", "0", "-v0")
    with pytest.raises(CommandError, match="--budget"):
        call_command("tournament", "--budget", "0", "-v0")
    with pytest.raises(CommandError, match="two or more"):
        call_command("tournament", "--agents", "greedy", "--matches", "1", "-v0")
    with pytest.raises(CommandError, match="four players"):
        call_command("tournament", "--mode", "ffa", "-v0")


def test_a_journal_keeps_each_match_and_a_second_run_counts_them_without_playing_them_again(tmp_path) -> None:
    journal = tmp_path / "bench.jsonl"
    args = ("tournament", "--agents", "greedy,random", "--matches", "3", "--workers", "1", "-v0", "--seed")
    first = StringIO()
    call_command(*args, "j", "--journal", str(journal), stdout=first)
    lines = journal.read_text().splitlines()
    assert len(lines) == 3
    # cut short after two matches, as if the machine stopped: the rerun plays only the third
    journal.write_text("\n".join(lines[:2]) + "\n")
    again = StringIO()
    call_command(*args, "j", "--journal", str(journal), stdout=again)
    assert len(journal.read_text().splitlines()) == 3
    table = [line for line in first.getvalue().splitlines() if line.startswith("greedy v random")]
    assert table and table == [line for line in again.getvalue().splitlines() if line.startswith("greedy v random")]
    # another tournament's lines are left alone: a different seed plays its own three matches
    call_command(*args, "k", "--journal", str(journal), stdout=StringIO())
    assert len(journal.read_text().splitlines()) == 6


def test_a_journal_line_that_is_not_a_match_is_refused_with_its_line_number(tmp_path) -> None:
    journal = tmp_path / "bench.jsonl"
    journal.write_text('{"job": {"pair": 0}}\n')
    with pytest.raises(CommandError, match="line 1 is not a match"):
        call_command("tournament", "--agents", "greedy,random", "--matches", "1", "--journal", str(journal), "-v0")
