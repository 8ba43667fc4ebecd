"""What would the computer have done? A finished match's decisions of one seat, searched again.

For every decision of ``seat`` in the rounds (naming and acting, with more than one real choice),
the search agent looks at the position as that seat saw it (:func:`arena.engine.agents.seen.observe`:
nothing of the other seats' secrets) and estimates, for the action the player took and for its own
choice, the chance to win. The drop is how much the player's action lost against the computer's
choice; the three biggest are flagged. Deterministic for a seed and a budget, so a worker that
stops half-way and starts again reaches the same review.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from arena.engine.agents.search import SearchAgent
from arena.engine.agents.seen import observe
from arena.engine.match import actions as act
from arena.engine.match.actions import Action
from arena.engine.match.play import apply, legal_actions
from arena.engine.match.setup import new_match
from arena.engine.match.state import MatchSetup, Phase, State

REVIEW_BUDGET = 60  # iterations per reviewed decision
FLAGGED = 3  # the biggest drops shown
PLAYING = (Phase.NAMING, Phase.ACTING)


@dataclass(frozen=True)
class Verdict:
    """One reviewed decision: ``index`` is the action's place in the match (1 the first action)."""

    index: int
    played: Action
    best: Action
    played_chance: float
    best_chance: float

    @property
    def drop(self) -> float:
        return max(0.0, self.best_chance - self.played_chance)


def review_positions(
    positions: Iterable[tuple[int, State, Action]],
    seat: int,
    budget: int = REVIEW_BUDGET,
    seed: str = "review",
) -> list[Verdict]:
    """The verdict on each (index, the state before it, action) that is a decision of ``seat``
    in the rounds with more than one real choice; the others are skipped."""
    found: list[Verdict] = []
    for index, state, action in positions:
        if getattr(action, "seat", None) != seat or state.phase not in PLAYING or type(action) is act.Concede:
            continue
        legal = legal_actions(state, seat)
        if len([a for a in legal if type(a) is not act.Concede]) < 2 or action not in legal:
            continue
        analysis = SearchAgent(f"{seed}:{index}", budget=budget).analyse(observe(state, seat), legal, include=(action,))
        played = analysis.estimate(action)
        chance = analysis.win_chance if played is None else played
        found.append(Verdict(index, action, analysis.action, chance, analysis.win_chance))
    return found


def replayed(setup: MatchSetup, actions: Sequence[Action]) -> Iterator[tuple[int, State, Action]]:
    """(index, the state before it, action) of a match played again from ``setup``'s seed."""
    state = new_match(setup.teams, setup.options, setup.seed)
    for index, action in enumerate(actions, start=1):
        yield index, state, action
        state, _ = apply(state, action)


def review(
    setup: MatchSetup,
    actions: Sequence[Action],
    seat: int,
    budget: int = REVIEW_BUDGET,
    seed: str = "review",
) -> list[Verdict]:
    """Every decision of ``seat`` among ``actions`` (the match's, in order, played again from
    ``setup``'s seed) with the computer's choice and both chances to win."""
    return review_positions(replayed(setup, actions), seat, budget, seed)


def flagged(verdicts: Sequence[Verdict], count: int = FLAGGED) -> list[int]:
    """The indexes of the ``count`` biggest drops (ties: the earlier first); none below 1%."""
    ranked = sorted((v for v in verdicts if v.drop >= 0.01), key=lambda v: (-v.drop, v.index))
    return sorted(v.index for v in ranked[:count])
