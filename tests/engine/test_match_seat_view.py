"""Secrets: what each seat and the spectators may know (RB p.7; HR-3.2; HR-12 rulings 35-36)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from arena.engine import CharacterView, SeatView, apply, events_for, match_events, new_match, view, view_json
from arena.engine.match.actions import AssignAmulet, AssignMeToken, ChooseHalf, ChooseRole, Deploy, RecordGrip
from arena.engine.match.events import NOBODY, DiscsDealt, TrapsDealt
from arena.engine.match.state import Phase
from arena.engine.roster import base_roster

from .match_helpers import legal, started, to_step

SECRET_CHOICES = {
    "a": (
        [("poison", "0.gladiator"), ("lightning", "0.witch_master"), ("curse", "0.crossbowman")],
        [(2, "0.deasta"), (3, "0.laeva")],
        ("shield", "short_sword"),
    ),
    "b": (
        [("poison", "0.laeva"), ("lightning", "0.strategist"), ("curse", "0.gladiator")],
        [(2, "0.gladiator"), (3, "0.crossbowman")],
        ("halberd",),
    ),
}


def play(choice: str, until_step: int = 4):
    """Seat 0 makes the secret choices ``choice``; everything public is the same."""
    amulets, tokens, grip = SECRET_CHOICES[choice]
    s = new_match((base_roster(), base_roster()), seed=11)
    for amulet, char in amulets:
        s, _ = apply(s, AssignAmulet(0, amulet, char))
    for value, char in tokens:
        s, _ = apply(s, AssignMeToken(0, value, char))
    while s.phase is Phase.SECRETS:
        s, _ = apply(s, [a for a in legal(s, 1)][0])
    s, _ = apply(s, ChooseRole(s.roll_winner, "first"))
    s, _ = apply(s, ChooseHalf(s.chooser, "N" if s.chooser == 0 else "S"))
    s, _ = apply(s, RecordGrip(0, grip))
    s, _ = apply(s, RecordGrip(1, ("shield", "short_sword")))
    while s.phase is Phase.DEPLOY:
        seat = s.seat_to_act
        s, _ = apply(s, [a for a in legal(s, seat) if isinstance(a, Deploy)][0])
    return to_step(s, until_step)


def _dump(x) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def test_the_opponent_and_spectators_cannot_tell_different_secret_choices_apart__rb_p7_hr12_36():
    a, b = play("a"), play("b")
    for seat in (1, None):
        assert _dump(view_json(a, seat)) == _dump(view_json(b, seat))
        assert _dump(events_for(match_events(a), seat)) == _dump(events_for(match_events(b), seat))
    assert _dump(view_json(a, 0)) != _dump(view_json(b, 0))  # seat 0 itself sees its own choices


def test_a_seat_sees_its_own_secrets__rb_p7():
    s = play("b")
    me = view_json(s, 0)
    chars = {c["id"]: c for c in me["characters"]}
    assert chars["0.strategist"]["amulet"] == "lightning" and chars["0.gladiator"]["me_token"] == 2
    assert chars["0.gladiator"]["hand"] == ["halberd"]
    assert len(me["seats"][0]["traps"]) == 3 and len(me["seats"][0]["disc_levels"]) == 6
    assert me["seats"][1]["traps"] is None and me["seats"][1]["disc_levels"] is None
    assert me["seats"][1]["trap_cards"] == 3 and me["seats"][1]["discs"] == 6  # counts are public
    them = {c["id"]: c for c in view_json(s, 1)["characters"]}
    assert them["0.gladiator"]["hand"] is None and them["0.gladiator"]["pile"] is None
    assert them["0.gladiator"]["team_pile"] == ["short_sword", "shield", "halberd", "greatsword"]
    assert all(them[f"0.{slot}"]["amulet"] is None for slot in ("gladiator", "strategist", "laeva"))


def test_the_grip_is_public_from_round_1_step_5__hr3_2_hr11():
    s = play("b", until_step=5)
    for seat in (1, None):
        chars = {c["id"]: c for c in view_json(s, seat)["characters"]}
        assert chars["0.gladiator"]["hand"] == ["halberd"]
        assert chars["0.witch_master"]["amulet"] is None  # amulets stay secret


def test_private_events_reach_only_their_seat_and_deck_shuffles_nobody__rb_p7():
    events = match_events(started())
    for seat in (0, 1, None):
        shown = events_for(events, seat)
        assert not [e for e in shown if e.visible_to == NOBODY]
        dealt = [e for e in shown if isinstance(e, (TrapsDealt, DiscsDealt))]
        assert {e.seat for e in dealt} == ({seat} if seat is not None else set())


def test_view_is_plain_json():
    s = started()
    for seat in (0, 1, None):
        json.dumps(view_json(s, seat))


# --- the typed view (issue 29) -----------------------------------------------------------------------


def test_the_view_is_frozen_and_typed_and_its_json_is_the_plain_view():
    s = play("a")
    typed = view(s, 0)
    assert isinstance(typed, SeatView) and all(isinstance(c, CharacterView) for c in typed.characters)
    with pytest.raises(dataclasses.FrozenInstanceError):
        typed.round = 99  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        typed.characters[0].ep = 0  # type: ignore[misc]
    assert typed.to_json() == view_json(s, 0)
    assert json.loads(json.dumps(typed.to_json())) == view_json(s, 0)


def test_the_typed_view_holds_a_seats_secrets_for_it_alone__hr_12_ruling_36():
    s = play("a")
    own, theirs, public = view(s, 0), view(s, 1), view(s, None)
    gladiator = own.character("0.gladiator")
    assert gladiator is not None and gladiator.amulet == "poison" and gladiator.gladiator is not None
    assert own.seats[0].traps is not None and theirs.seats[0].traps is None and public.seats[0].traps is None
    for seen in (theirs, public):
        for c in seen.characters:
            if c.seat == 0:
                assert c.amulet is None and c.me_token is None
                assert c.gladiator is None or c.gladiator.hand is None


def test_every_viewer_sees_the_same_team_sheet_values__hr_12_ruling_36():
    s = play("a")
    sheets = {sh.id: (sh.te, sh.ve, sh.ce, sh.eg, sh.me, sh.mov, sh.sfe) for sh in s.sheets}
    for seat in (0, 1, None):
        shown = {c.id: (c.sheet.te, c.sheet.ve, c.sheet.ce, c.sheet.eg, c.sheet.me, c.sheet.mov, c.sheet.sfe)
                 for c in view(s, seat).characters}  # fmt: skip
        assert shown == sheets
