"""Hosted matches' writes: the lobby (``lobby``) and play (``hosted_play``); docs/hosting.md lists their locks."""

from .hosted_play import Played, match_claim_forfeit, match_play, match_play_agent
from .league_fixtures import hosted_match_of, match_begin_fixture, match_confirm_table_fixture, match_thumbs
from .lobby import match_accept, match_create, match_create_against_agent, match_create_table, match_withdraw
from .reviews import review_claim, review_compute, review_request
from .seating import SeatKind, SeatPlan, match_create_four, match_take_seat

__all__ = [
    "Played",
    "SeatKind",
    "SeatPlan",
    "match_create_four",
    "match_take_seat",
    "hosted_match_of",
    "match_begin_fixture",
    "match_confirm_table_fixture",
    "match_accept",
    "match_claim_forfeit",
    "match_create",
    "match_create_against_agent",
    "match_create_table",
    "match_play",
    "match_play_agent",
    "match_thumbs",
    "match_withdraw",
    "review_claim",
    "review_compute",
    "review_request",
]
