"""The computer opponent: the engine's agents play their seats from a worker, never a web request.

``python manage.py run_agents`` loops over the seats an agent plays that owe a decision now (the
seats' ``to_move`` flag, indexed with ``agent``), asks the agent for one of the engine's
``legal_actions`` and takes it through :func:`arena.services.match_play_agent`: the same lock,
version check and referee as a player's action. Nothing is kept in the worker: a restart finds the
owed decisions in the database again, and two workers never apply two actions on one version (the
second is refused as stale and looks again). Each decision's agent is seeded from the match's seed,
its version and the seat, so the same position always gets the same answer; a search decision
too (its budget is counted in iterations), so a restart in the middle of one loses nothing but the
time: the next worker searches the same decision to the same answer.

The seat's ``agent`` is its strength (docs/agents.md): ``greedy`` (easy), ``tactical`` (normal),
``search`` (hard, ``VIADAL_AGENT_HARD_BUDGET`` iterations per decision). Each agent decides from
what its seat may know (``arena.engine.agents.seen``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import close_old_connections
from django.db.models.functions import Mod

from arena.engine import action_to_json, legal_actions, seats_to_move
from arena.engine.agents import AGENTS, SearchAgent
from arena.engine.agents import Agent as EngineAgent
from arena.engine.agents.search import BUDGET
from arena.models import Agent, Match, MatchSeat
from arena.play_errors import MatchError, StaleBoardError
from arena.runtime.states import state_of
from arena.services import match_play_agent, review_claim, review_compute

log = logging.getLogger(__name__)

LIVE = (Match.Status.SETUP, Match.Status.PLAYING)
MOST_MOVES_PER_PASS = 10_000  # ``--once``: a safety net, far above a whole match's decisions


def poll_seconds() -> float:
    """How long the worker sleeps when no agent owes a decision (``VIADAL_AGENT_POLL_SECONDS``)."""
    return float(getattr(settings, "VIADAL_AGENT_POLL_SECONDS", 0.25))


def hard_budget() -> int:
    """The hard level's iterations per decision (``VIADAL_AGENT_HARD_BUDGET``; docs/hosting.md)."""
    return int(getattr(settings, "VIADAL_AGENT_HARD_BUDGET", BUDGET))


def make_agent(agent: str, seed: str) -> EngineAgent:
    """The engine's agent for a seat's ``agent`` value, seeded for one decision."""
    if agent == Agent.SEARCH:
        return SearchAgent(seed, budget=hard_budget())
    return AGENTS[agent](seed)


@dataclass(frozen=True)
class Shard:
    """Which matches a worker plays: those whose id is ``index`` modulo ``count`` (docs/hosting.md:
    one worker per core, each its own share, so two never search the same decision)."""

    index: int = 0
    count: int = 1

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"K/N"``: the K-th of N workers (0 <= K < N <= 64); a ValueError otherwise."""
        try:
            index, count = (int(part) for part in text.split("/"))
        except ValueError:
            raise ValueError(f"a shard is K/N, e.g. 0/2, not {text!r}") from None
        if not 0 <= index < count <= MOST_SHARDS:
            raise ValueError(f"a shard K/N has 0 <= K < N <= {MOST_SHARDS}, not {text!r}")
        return cls(index, count)


MOST_SHARDS = 64
ALL = Shard()


def owed(shard: Shard = ALL) -> list[tuple[int, int, str]]:
    """(match id, seat, agent) of every agent seat that owes a decision in a live match (of the
    worker's ``shard``), the match that waited longest first."""
    rows = MatchSeat.objects.filter(to_move=True, match__status__in=LIVE).exclude(agent="")
    if shard.count > 1:
        rows = rows.annotate(share=Mod("match_id", shard.count)).filter(share=shard.index)
    return list(rows.order_by("match__last_action_at", "match_id", "seat").values_list("match_id", "seat", "agent"))


def agent_move(match_id: int, seat: int, agent: str) -> bool:
    """One decision of ``agent`` for ``seat``; True if an action was taken."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_live or agent not in Agent.values:
        return False
    state = state_of(match)
    if seat not in seats_to_move(state):
        return False
    chooser = make_agent(agent, f"{match.seed}:{match.version}:{seat}")
    action = chooser.choose(state, seat, legal_actions(state, seat))
    try:
        match_play_agent(match=match, seat=seat, version=match.version, actions=[action_to_json(action)])
    except StaleBoardError:
        return False  # the position moved meanwhile (another worker): looked at again next pass
    except MatchError as error:
        log.error("match %s seat %s: the %s agent's action was refused: %s", match_id, seat, agent, error)
        return False
    return True


def one_pass(shard: Shard = ALL) -> int:
    """One decision for every agent seat that owes one now; how many actions were taken."""
    return sum(agent_move(match_id, seat, agent) for match_id, seat, agent in owed(shard))


def review_pass(shard: Shard = ALL) -> int:
    """One waiting review ("What would the computer have done?"), computed when no decision is
    owed (players waiting for a move come first); 1 if one was computed. Reviews are not sharded:
    the first worker free claims one (the claim is atomic)."""
    review = review_claim()
    if review is None:
        return 0
    review_compute(review)
    return 1


def run_until_idle(limit: int = MOST_MOVES_PER_PASS, shard: Shard = ALL) -> int:
    """Passes until no agent owes a decision (or ``limit`` actions); the number of actions taken."""
    taken = 0
    while taken < limit:
        done = one_pass(shard)
        if not done:
            break
        taken += done
    return taken


def run_forever(
    sleep: Callable[[float], None] = time.sleep,
    stop: Callable[[], bool] = lambda: False,
    tidy: Callable[[], None] = close_old_connections,
    shard: Shard = ALL,
) -> None:
    """The worker's loop: act while anything is owed, otherwise sleep ``poll_seconds()``; ``tidy``
    drops a database connection that has gone stale between passes (a database restart)."""
    interval = poll_seconds()
    while not stop():
        tidy()
        try:
            done = one_pass(shard) or review_pass(shard)
        except Exception:  # a database hiccup must not stop the worker; the next pass retries
            log.exception("run_agents: a pass failed")
            done = 0
        if not done:
            sleep(interval)
