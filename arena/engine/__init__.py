"""The rules engine of Shuluri Viadal: pure Python, no Django.

The match API (the two-player game without spells and traps, issue #3)::

    state = new_match((home_roster, away_roster), MatchOptions(), seed=7)
    seat = to_move(state)
    actions = legal_actions(state, seat)
    state, events = apply(state, actions[0])
    view(state, seat), view(state, None)          # what a seat / the spectators may know (a SeatView)
    view_json(state, seat)                        # the same as the plain JSON-ready dict
    replay(state.setup, match_events(state))      # the same position, from the log alone
    replay_from(older, later_events)              # a state caught up with the events after it

See docs/engine.md.
"""

from __future__ import annotations

from arena.engine.campaign.match_facts import match_facts
from arena.engine.match import addons  # noqa: F401  fills in the hook table (docs/engine.md)
from arena.engine.match.actions import Action, action_from_json, action_to_json, same_action
from arena.engine.match.dice_sources import FixedDice, SeededDice
from arena.engine.match.events import Event, event_from_json, event_to_json, events_for
from arena.engine.match.match_errors import IllegalActionError, Refusal, RefusalKind
from arena.engine.match.play import (
    apply,
    is_over,
    legal_actions,
    match_events,
    replay,
    replay_actions,
    replay_from,
    seats_to_move,
    to_move,
)
from arena.engine.match.seat_view import phase_name, view, view_json
from arena.engine.match.setup import new_match
from arena.engine.match.setup_json import SetupError, setup_from_json, setup_to_json
from arena.engine.match.state import MatchOptions, MatchSetup, State, state_hash
from arena.engine.match.view_types import CharacterView, SeatInfo, SeatView

__all__ = [
    "Action",
    "CharacterView",
    "Event",
    "FixedDice",
    "IllegalActionError",
    "MatchOptions",
    "MatchSetup",
    "Refusal",
    "RefusalKind",
    "SeatInfo",
    "SeatView",
    "SeededDice",
    "SetupError",
    "State",
    "action_from_json",
    "action_to_json",
    "apply",
    "event_from_json",
    "event_to_json",
    "events_for",
    "is_over",
    "legal_actions",
    "match_facts",
    "match_events",
    "new_match",
    "replay",
    "replay_actions",
    "replay_from",
    "same_action",
    "seats_to_move",
    "setup_from_json",
    "setup_to_json",
    "state_hash",
    "to_move",
    "phase_name",
    "view",
    "view_json",
]
