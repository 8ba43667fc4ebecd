"""Round-robin tournaments between agents (issue #33, ``manage.py tournament``).

Every pair of agents plays ``matches`` matches, the seats alternated (the home seat of a duel moves
first more often, so each agent takes each seat half the time); four-seat matches (HR-8) put each
agent on two seats, a side in pairs, alternate seats in free-for-all, swapped every other match.
Match ``i`` of pair ``p`` uses the seed ``"{seed}:{p}:{i}"``, so a tournament is reproducible.
The matches run in worker processes (``workers``, both cores by default). Times per decision are
CPU seconds of the deciding process (a busy machine slows the wall clock, not the count).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

from arena.engine.agents.basic import Agent, GreedyAgent, RandomAgent, UniformAgent
from arena.engine.agents.search import BUDGET, SearchAgent
from arena.engine.agents.simulate import MAX_DECISIONS
from arena.engine.agents.tactical import TacticalAgent
from arena.engine.match.play import apply, legal_actions, seats_to_move
from arena.engine.match.setup import new_match
from arena.engine.match.state import MatchOptions, Phase
from arena.engine.match.words import ArenaMode
from arena.engine.roster import base_roster

LADDER = ("random", "greedy", "tactical", "search")
# Agents measured beside the ladder (docs/agents.md): the search whose rollouts model every
# opponent as the tactical agent (the default before the mixed model replaced it).
VARIANTS = ("search-tactical",)
Z95 = 1.96
ELO = 400.0


def make_agent(name: str, seed: str, budget: int = BUDGET) -> Agent:
    """The agent ``name`` seeded with ``seed``; ``budget`` is the search agent's iterations."""
    factories: dict[str, Callable[[str], Agent]] = {
        "random": RandomAgent,
        "uniform": UniformAgent,
        "greedy": GreedyAgent,
        "tactical": TacticalAgent,
        "search": lambda s: SearchAgent(s, budget=budget),
        "search-tactical": lambda s: SearchAgent(s, budget=budget, opponents="tactical"),
    }
    if name not in factories:
        raise ValueError(f"no agent {name!r}: one of {', '.join(sorted(factories))}")
    return factories[name](seed)


@dataclass(frozen=True)
class Job:
    pair: int
    index: int
    a: str
    b: str
    seed: str
    budget: int
    players: int
    mode: str


@dataclass(frozen=True)
class Played:
    """One match's outcome from agent ``a``'s side: 1 a win, 0.5 a draw, 0 a loss."""

    pair: int
    score: float
    ending: str
    decisions: int
    times: dict[str, list[float]]
    index: int = 0

    def to_json(self, job: Job) -> dict[str, Any]:
        """One line of a tournament's journal: the job and its outcome."""
        outcome = {"score": self.score, "ending": self.ending, "decisions": self.decisions, "times": self.times}
        return {"job": asdict(job), **outcome}

    @classmethod
    def from_json(cls, line: Mapping[str, Any]) -> tuple[Job, Played]:
        """A journal line back as its job and outcome (KeyError or TypeError when it is not one)."""
        job = Job(**line["job"])
        times = {str(k): [float(t) for t in v] for k, v in line["times"].items()}
        played = cls(job.pair, float(line["score"]), str(line["ending"]), int(line["decisions"]), times, job.index)
        return job, played


def seating(job: Job) -> tuple[str, ...]:
    """Which agent plays each seat: swapped every other match."""
    first, second = (job.a, job.b) if job.index % 2 == 0 else (job.b, job.a)
    if job.players == 2:
        return (first, second)
    mode = ArenaMode(job.mode)
    if mode is ArenaMode.PAIRS:  # each agent is one side: the seat and his partner (HR-8)
        return tuple(first if mode.pair_of(x) == mode.pair_of(0) else second for x in range(4))
    return (first, second, first, second)


def ending_of(kind: str, reason: str) -> str:
    """How a match ended, in a few words for the table."""
    if "destroyed" in reason:
        return "gladiator destroyed"
    return kind.replace("_", " ")


def play(job: Job) -> Played:
    """Play one match of ``job`` to its end (in a worker process)."""
    names = seating(job)
    agents = [make_agent(n, f"{job.seed}:seat{x}", job.budget) for x, n in enumerate(names)]
    if job.players == 2:
        teams: tuple[Any, ...] = (base_roster(), base_roster())
        options = MatchOptions()
    else:
        teams = tuple(base_roster() for _ in range(4))
        options = MatchOptions(mode=ArenaMode(job.mode))
    state = new_match(teams, options, job.seed)
    times: dict[str, list[float]] = {job.a: [], job.b: []}
    decisions = 0
    while state.phase is not Phase.OVER:
        seat = seats_to_move(state)[0]
        actions = legal_actions(state, seat)
        started = time.process_time()
        action = agents[seat].choose(state, seat, actions)
        times[names[seat]].append(time.process_time() - started)
        state, _ = apply(state, action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"match {job.seed!r} did not end after {MAX_DECISIONS} decisions")
    result = state.result
    assert result is not None
    if result.winner is None:
        score = 0.5
    else:
        score = 1.0 if names[result.winner] == job.a else 0.0
    if job.a == job.b:
        score = 0.5
    return Played(job.pair, score, ending_of(str(result.kind), result.reason), decisions, times, job.index)


@dataclass
class PairTable:
    """One pair's results from ``a``'s side."""

    a: str
    b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    endings: Counter[str] = field(default_factory=Counter)

    @property
    def matches(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.0

    def interval(self) -> tuple[float, float]:
        """The score's 95% confidence interval (normal approximation over the match scores)."""
        n = self.matches
        if n < 2:
            return (0.0, 1.0)
        mean = self.score
        var = (self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2 + self.losses * mean**2) / (n - 1)
        half = Z95 * math.sqrt(var / n)
        return (max(0.0, mean - half), min(1.0, mean + half))


@dataclass
class Tournament:
    pairs: list[PairTable]
    times: dict[str, list[float]]
    ratings: dict[str, float]
    seconds: float
    decisions: int


def elo_difference(score: float) -> float:
    """The Elo difference a score means (clamped at 1% and 99%)."""
    p = min(0.99, max(0.01, score))
    return -ELO * math.log10(1 / p - 1)


def fit_ratings(pairs: Sequence[PairTable], names: Sequence[str]) -> dict[str, float]:
    """Elo-like ratings that best predict every pair's score (least squares on the logistic),
    their mean 1500."""
    r = {n: 0.0 for n in names}
    for _ in range(2000):
        grad = {n: 0.0 for n in names}
        for p in pairs:
            if not p.matches:
                continue
            expected = 1 / (1 + 10 ** ((r[p.b] - r[p.a]) / ELO))
            err = (p.score - expected) * p.matches
            grad[p.a] += err
            grad[p.b] -= err
        for n in names:
            r[n] += 4.0 * grad[n] / max(1, sum(q.matches for q in pairs))
    mean = sum(r.values()) / len(r)
    return {n: round(1500 + v - mean, 1) for n, v in r.items()}


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(
    names: Sequence[str],
    matches: int,
    seed: str,
    budget: int = BUDGET,
    players: int = 2,
    mode: str = ArenaMode.PAIRS.value,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
    done: Mapping[Job, Played] | None = None,
    on_played: Callable[[Job, Played], None] | None = None,
) -> Tournament:
    """Every pair of ``names`` plays ``matches`` matches (see the module).

    ``done`` holds outcomes of this tournament's jobs played before (a journal read back): they are
    counted, not played again, so an interrupted tournament resumes where it stopped. ``on_played``
    is told each newly played job as it ends (to write the journal).
    """
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError("a tournament needs two or more different agents")
    for n in names:
        make_agent(n, "check", budget)
    jobs = [
        Job(p, i, a, b, f"{seed}:{p}:{i}", budget, players, mode)
        for p, (a, b) in enumerate(combinations(names, 2))
        for i in range(matches)
    ]
    earlier = dict(done or {})
    tables = [PairTable(a, b) for a, b in combinations(names, 2)]
    times: dict[str, list[float]] = {n: [] for n in names}
    started = time.monotonic()
    decisions = 0

    def count(played: Played) -> None:
        nonlocal decisions
        t = tables[played.pair]
        if played.score == 1.0:
            t.wins += 1
        elif played.score == 0.0:
            t.losses += 1
        else:
            t.draws += 1
        t.endings[played.ending] += 1
        for n, ts in played.times.items():
            times[n].extend(ts)
        decisions += played.decisions

    todo = []
    for job in jobs:
        if job in earlier:
            count(earlier[job])
        else:
            todo.append(job)
    finished = len(jobs) - len(todo)
    by_key = {(j.pair, j.index): j for j in todo}
    if todo:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(processes=max(1, workers)) as pool:
            for played in pool.imap_unordered(play, todo):
                count(played)
                if on_played is not None:
                    on_played(by_key[(played.pair, played.index)], played)
                finished += 1
                if progress is not None:
                    progress(finished, len(jobs))
    return Tournament(tables, times, fit_ratings(tables, names), time.monotonic() - started, decisions)


def report(t: Tournament) -> str:
    """The tournament as a plain-text table."""
    lines = ["pair                    W    D    L   score  95% CI          Elo diff  endings"]
    for p in t.pairs:
        lo, hi = p.interval()
        endings = ", ".join(f"{k} {v}" for k, v in p.endings.most_common())
        lines.append(
            f"{p.a + ' v ' + p.b:<22} {p.wins:>4} {p.draws:>4} {p.losses:>4}  {p.score:6.1%}  "
            f"[{lo:5.1%}, {hi:5.1%}]  {elo_difference(p.score):+8.0f}  {endings}"
        )
    lines.append("")
    lines.append("agent       rating  decisions  median ms/decision  p99 ms/decision")
    for n, rating in sorted(t.ratings.items(), key=lambda x: -x[1]):
        ts = t.times[n]
        median = statistics.median(ts) if ts else 0.0
        lines.append(f"{n:<10} {rating:7.1f}  {len(ts):>9}  {1000 * median:18.2f}  {1000 * percentile(ts, 0.99):15.1f}")
    lines.append(f"\n{t.decisions} decisions in {t.seconds:.1f} s wall")
    return "\n".join(lines)
