"""The four-player modes (HR-8): worked examples, one rule each, cited in the test's name.

Seats 0 and 1 are partners against seats 2 and 3 in pairs (``ArenaMode``); in free-for-all every
seat is alone. Positions are set with ``place`` and the dice with ``FixedDice`` where a roll
decides; the other tests of the engine keep the two-player game as it was.
"""

from __future__ import annotations

import json

import pytest

from arena.engine import (
    FixedDice,
    IllegalActionError,
    action_from_json,
    action_to_json,
    apply,
    event_from_json,
    event_to_json,
    legal_actions,
    match_events,
    new_match,
    replay,
    seats_to_move,
    state_hash,
    view,
    view_json,
)
from arena.engine.agents import RandomAgent
from arena.engine.agents.simulate import play_match
from arena.engine.campaign.experience import xp_award
from arena.engine.campaign.four_player_results import check_arena_facts
from arena.engine.campaign.match_facts import arena_facts, match_facts
from arena.engine.match.actions import (
    ChooseHalf,
    ChooseQuarter,
    ChooseRole,
    Concede,
    Deploy,
    EndStep,
    MeleeAttack,
    Move,
    Name,
    PassTraps,
    PlayTraps,
    RangedAttack,
)
from arena.engine.match.events import (
    Damaged,
    Died,
    HandsDealt,
    MatchEnded,
    PlacesRolled,
    RoundStarted,
    SeatEliminated,
    StepEnded,
    StepStarted,
    TrapPlayed,
    TrapWindowOpened,
    TrapWindowPassedOn,
)
from arena.engine.match.magic.actions import Cast
from arena.engine.match.previews import attack_preview
from arena.engine.match.setup_json import setup_from_json, setup_to_json
from arena.engine.match.state import MatchOptions, MatchSetup, PendingTrapWindow, Phase
from arena.engine.match.words import ArenaMode
from arena.engine.roster import base_roster

from .four_helpers import TEAMS, four_match, four_started, grips_and_deploy, places, secrets, step_to
from .match_helpers import G, act, hexes, of_kind, place, tweak

PAIRS, FFA = ArenaMode.PAIRS, ArenaMode.FFA


def _last_secret(s):
    """All secrets handed out but one: the next action rolls for places."""
    from arena.engine.match.actions import AssignAmulet, AssignMeToken

    while True:
        todo = [(x, a) for x in seats_to_move(s) for a in legal_actions(s, x)[:1]]
        todo = [(x, a) for x, a in todo if isinstance(a, AssignAmulet | AssignMeToken)]
        if sum(len(s.amulets_left[x]) + len(s.tokens_left[x]) for x in range(4)) == 1:
            return s, todo[0][1]
        s, _ = apply(s, todo[0][1])


# --- new_match, the options (HR-8, HR-10.1) --------------------------------------------------


@pytest.mark.parametrize("mode", [PAIRS, FFA])
def test_hr8_a_four_seat_match_needs_four_teams(mode):
    with pytest.raises(ValueError, match="needs exactly four teams, not 2 \\(HR-8\\)"):
        new_match(TEAMS[:2], MatchOptions(mode=mode))
    with pytest.raises(ValueError, match="two-player match needs exactly two teams, not 4"):
        new_match(TEAMS, MatchOptions())


def test_hr8_the_round_limit_is_24_for_four_seats_and_the_league_range_bounds_it():
    assert MatchOptions(mode=PAIRS).round_limit == MatchOptions(mode=FFA).round_limit == 24
    assert MatchOptions().round_limit == 20
    assert MatchOptions(mode=FFA, round_limit=30).round_limit == 30
    with pytest.raises(ValueError, match="12-30, not 31"):
        MatchOptions(mode=FFA, round_limit=31)


def test_hr8_everyone_draws_3_traps_and_6_discs_from_one_deck_and_pool():
    s = four_match(FFA, "deal", traps=None)
    assert [len(h) for h in s.traps] == [3, 3, 3, 3]
    assert len({c for h in s.traps for c in h}) == 12  # one deck of 16, no card twice
    assert [len(d) for d in s.discs] == [6, 6, 6, 6]
    dealt = of_kind(match_events(s), HandsDealt)[0]
    assert dealt.traps == (3, 3, 3, 3) and dealt.discs == (6, 6, 6, 6)


def test_hr8_character_ids_name_seats_2_and_3_too():
    s = four_match(PAIRS)
    assert [s.sheets[s.gladiator_of(x)].id for x in range(4)] == [f"{x}.gladiator" for x in range(4)]
    assert len(s.sheets) == 24


# --- places (HR-8) -----------------------------------------------------------------------------


def test_hr8_pairs_a_d10_per_side_the_winning_sides_speaker_chooses_then_partners_split_the_half():
    s, last = _last_secret(four_match(PAIRS, "places"))
    s, events = act(s, last, [4, 4, 3, 8])  # a tie (4, 4) is rolled again: side B's 8 wins
    assert of_kind(events, PlacesRolled)[0].order == (2, 0)
    assert s.phase is Phase.ROLE and seats_to_move(s) == (2,)
    s, _ = apply(s, ChooseRole(2, "side"))  # side B chooses the half, so side A starts (RB p.7)
    assert (s.starting, s.chooser) == (0, 2)
    with pytest.raises(IllegalActionError, match="seat 0 owes no decision now; waiting for \\(2,\\)"):
        apply(s, ChooseHalf(0, "N"))
    s, _ = apply(s, ChooseHalf(2, "E"))  # side A gets the opposite half, W (HR-1.7)
    assert seats_to_move(s) == (2,)
    assert [a.quarter for a in legal_actions(s, 2) if isinstance(a, ChooseQuarter)] == ["NE", "SE"]
    s, _ = apply(s, ChooseQuarter(2, "SE"))
    s, _ = apply(s, ChooseQuarter(0, "NW"))
    assert s.four.quarters == ("NW", "SW", "SE", "NE")
    # HR-8: his tower, pile and start hexes are his quarter's; the strategists sit in their towers
    assert s.halves == ["W", "S", "E", "N"]
    assert [G.hexes[s.pos[s.strategist_of(x)]] for x in range(4)] == list(hexes((-5, 0), (-3, 6), (5, 0), (3, -6)))


def test_hr8_pairs_step_order_a1_b1_a2_b2_twice_then_the_gladiators():
    s = four_started(PAIRS, "order", role="first")
    a, b = s.starting, s.starting ^ 2
    assert s.four.order == (a, b, a ^ 1, b ^ 1) * 3
    seats = []
    for step in range(1, 13):
        s = step_to(s, step)
        seats.append(s.seat_to_act)
    assert seats == [a, b, a ^ 1, b ^ 1] * 3
    s = step_to(s, 1, 2)
    assert s.round == 2


def test_hr8_ffa_each_rolls_ties_roll_again_and_each_picks_a_quarter_in_descending_order():
    s, last = _last_secret(four_match(FFA, "ffa-places"))
    s, events = act(s, last, [5, 9, 5, 2, 4, 8])  # seats 0 and 2 tie on 5 and roll again: 4, 8
    assert of_kind(events, PlacesRolled)[0].order == (1, 2, 0, 3)
    for seat, quarter in ((1, "NE"), (2, "SW"), (0, "SE")):
        assert seats_to_move(s) == (seat,)
        with pytest.raises(IllegalActionError, match="seat 3 owes no decision now"):
            apply(s, ChooseQuarter(3, "NW"))
        s, _ = apply(s, ChooseQuarter(seat, quarter))
    with pytest.raises(IllegalActionError, match="NE is taken"):
        apply(s, ChooseQuarter(3, "NE"))
    s, _ = apply(s, ChooseQuarter(3, "NW"))
    # the last to pick (seat 3, NW) starts, then clockwise: NE (1), SE (0), SW (2)
    assert s.four.order == (3, 1, 0, 2) * 3
    assert s.phase is Phase.GRIPS


def test_hr8_deployment_at_the_quarters_ring_gate_in_order_the_gladiator_at_his_tower():
    s = places(secrets(four_match(FFA, "deploy")))
    from arena.engine.match.actions import RecordGrip

    for seat in range(4):
        s, _ = apply(s, RecordGrip(seat, ("shield", "short_sword")))
    first = s.four.order[0]
    assert s.phase is Phase.DEPLOY and seats_to_move(s) == (first,)
    quarter = s.four.quarters[first]
    ring = {
        "NE": hexes((10, -8), (10, -7), (11, -8), (11, -7)),
        "SE": hexes((2, 8), (3, 7), (3, 8), (4, 7)),
        "SW": hexes((-11, 7), (-11, 8), (-10, 7), (-10, 8)),
        "NW": hexes((-4, -7), (-3, -8), (-3, -7), (-2, -8)),
    }[quarter]
    starts = {"NE": hexes((2, -5), (3, -5)), "SE": hexes((5, -1), (4, 0), (4, 1))}
    options = [a.hex for a in legal_actions(s, first) if isinstance(a, Deploy)]
    if quarter in starts:
        assert sorted(options) == sorted(starts[quarter])  # the gladiator first, by his tower
    s, _ = apply(s, next(a for a in legal_actions(s, first) if isinstance(a, Deploy)))
    options = [a.hex for a in legal_actions(s, first) if isinstance(a, Deploy)]
    assert sorted(options) == sorted(ring)
    with pytest.raises(IllegalActionError, match="his quarter's ring gate \\(HR-1.7, HR-8\\)"):
        apply(s, Deploy(first, f"{first}.witch_master", hexes((4, -8))[0]))
    s = grips_and_deploy(s)
    assert s.phase is Phase.NAMING and (s.round, s.step) == (1, 1)


def test_hr8_strategist_man_is_4_a_round_for_each_of_the_four():
    s = four_started(FFA, "man")
    started = of_kind(match_events(s), RoundStarted)
    assert started[0].strategist_man == (4, 4, 4, 4) and s.strat_man == [4, 4, 4, 4]


# --- friendly fire and partners (HR-8) ---------------------------------------------------------


def _pairs_step(seat: int, where: dict, named: tuple[str, ...] = ()):
    """Pairs, the step of ``seat``'s first characters, with everyone placed as ``where`` says."""
    s = four_started(PAIRS, "pairs")
    s = step_to(s, s.four.order.index(seat) + 1)
    s = place(s, where)
    if named:
        s, _ = apply(s, Name(seat, named))
    return s


def test_hr8_pairs_partners_never_attack_each_other_and_an_enemy_on_the_hex_may_be():
    s = _pairs_step(0, {"0.deasta": (8, -6), "1.laeva": (8, -6), "2.laeva": (8, -6)}, ("0.deasta", "0.laeva"))
    targets = [a.target for a in legal_actions(s, 0) if isinstance(a, MeleeAttack) and a.char == "0.deasta"]
    assert set(targets) == {"2.laeva"}
    with pytest.raises(IllegalActionError, match="1.laeva is on his own side; attacks target only enemies"):
        apply(s, MeleeAttack(0, "0.deasta", "1.laeva"))


def test_hr8_ffa_everyone_else_is_an_enemy():
    s = four_started(FFA, "ffa")
    seat = s.four.order[0]
    others = [x for x in range(4) if x != seat]
    s = place(s, {f"{seat}.deasta": (8, -6), **{f"{x}.laeva": (8, -6) for x in others[:2]}})
    s, _ = apply(s, Name(seat, (f"{seat}.deasta", f"{seat}.laeva")))
    targets = {a.target for a in legal_actions(s, seat) if isinstance(a, MeleeAttack) and a.char == f"{seat}.deasta"}
    assert targets == {f"{x}.laeva" for x in others[:2]}


def test_hr8_partners_count_as_own_team_for_the_touch_spell_bonus():
    s = _pairs_step(0, {"0.witch_master": (4, -8), "1.laeva": (4, -8)}, ("0.witch_master", "0.laeva"))
    s = tweak(s, discs=[(1, 2, 3), *s.discs[1:]])
    s, events = act(s, Cast(0, "0.witch_master", "lightning_blade", "1.laeva", man=1), [5, 5])
    resolved = [e for e in events if type(e).__name__ == "AttackResolved"][0]
    assert resolved[3:6] == (16, 14, True)  # TÉ 6 + 5 (a partner is a team-mate, RB p.12) + 5; VÉ 9 + 5


def test_hr8_ffa_a_helpful_spell_never_goes_to_another_seat():
    s = four_started(FFA, "ffa-touch")
    seat = s.four.order[0]
    other = (seat + 1) % 4
    s = place(s, {f"{seat}.witch_master": (4, -8), f"{other}.laeva": (4, -8)})
    s = tweak(s, discs=[(1, 2, 3)] * 4)
    s, _ = apply(s, Name(seat, (f"{seat}.witch_master", f"{seat}.laeva")))
    with pytest.raises(IllegalActionError, match="helps its target: only his own side"):
        apply(s, Cast(seat, f"{seat}.witch_master", "lightning_blade", f"{other}.laeva", man=1))


def test_hr8_a_partner_on_the_line_of_fire_adds_an_obstacle():
    where = {"0.crossbowman": (5, -9), "2.deasta": (9, -9)}
    s = _pairs_step(0, where, ("0.crossbowman", "0.laeva"))
    shot = RangedAttack(0, "0.crossbowman", "2.deasta")
    clear = attack_preview(s, shot)
    line = G.board.line_of_fire(hexes((5, -9))[0], hexes((9, -9))[0])
    middle = [h for h in line.path[1:-1]]
    assert middle, "a line with hexes between"
    s2 = place(s, {"1.laeva": (middle[0].q, middle[0].r)})
    blocked = attack_preview(s2, shot)
    assert blocked.defence_value == clear.defence_value + 2  # 2 × obstacles (RB p.10)


def test_hr8_areas_hit_partners_too():
    where = {"0.witch_master": (4, -8), "1.deasta": (8, -6), "2.laeva": (8, -6)}
    s = _pairs_step(0, where, ("0.witch_master", "0.laeva"))
    s = tweak(s, discs=[(1, 2, 3), *s.discs[1:]])
    s, events = act(s, Cast(0, "0.witch_master", "firestorm", hex=hexes((8, -6))[0], man=3), [])
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "sp", 3, 0, 3, 0),
        Damaged("2.laeva", "sp", 3, 0, 3, 0),
    ]


def test_hr8_three_per_hex_counts_all_sides():
    where = {"0.deasta": (8, -5), "1.laeva": (8, -6), "2.laeva": (8, -6), "3.laeva": (8, -6)}
    s = four_started(FFA, "crowded")
    seat = 0
    s = step_to(s, s.four.order.index(seat) + 1)
    s = place(s, where)
    s, _ = apply(s, Name(0, ("0.deasta", "0.laeva")))
    with pytest.raises(IllegalActionError, match="three characters \\(RB p.8\\)"):
        apply(s, Move(0, "0.deasta", hexes((8, -6))))


# --- direct traps with four hands (HR-8, HR-12 rulings 26-27) ------------------------------------


def test_hr8_pairs_each_enemy_owner_gets_the_window_in_step_order_never_the_partner():
    s = four_started(PAIRS, "window", traps=((9,), (10,), (13,), (14,)))
    a = s.four.order[0]  # side A's first seat moves; his partner holds a card too, but gets no window
    s = step_to(s, 1)
    mover = f"{a}.deasta"
    s = place(s, {mover: (3, 3)})
    s, _ = apply(s, Name(a, (mover, f"{a}.laeva")))
    path = hexes((4, 3), (5, 3), (6, 3))
    s, events = apply(s, Move(a, mover, path))
    b1, b2 = s.four.order[1], s.four.order[3]
    assert of_kind(events, TrapWindowOpened)[0].seat == b1 and seats_to_move(s) == (b1,)
    s, events = apply(s, PassTraps(b1))
    assert of_kind(events, TrapWindowPassedOn)[0].seat == b2 and isinstance(s.pending, PendingTrapWindow)
    s, events = apply(s, PassTraps(b2))
    assert s.pending is None and G.hexes[s.pos[s.index[mover]]] == path[-1]


def test_hr8_ffa_several_owners_strike_one_move_in_the_order_they_answered():
    s = four_started(FFA, "ffa-window")
    order = s.four.order[:4]
    mover_seat = order[0]
    hands = {order[1]: (9,), order[2]: (10,), order[3]: ()}
    s = tweak(s, traps=[hands.get(x, ()) for x in range(4)])
    mover = f"{mover_seat}.deasta"
    s = place(s, {mover: (3, 3)})
    s, _ = apply(s, Name(mover_seat, (mover, f"{mover_seat}.laeva")))
    path = hexes((4, 3), (5, 3), (6, 3))
    s, _ = apply(s, Move(mover_seat, mover, path))
    assert seats_to_move(s) == (order[1],)  # the next seat in step order after the mover's
    s, _ = apply(s, PlayTraps(order[1], ((9, path[0]),)))
    assert seats_to_move(s) == (order[2],)  # then the next; order[3] holds no card: no window
    s, events = act(s, PlayTraps(order[2], ((10, path[0]),)), [])
    assert [(e.seat, e.card) for e in of_kind(events, TrapPlayed)] == [(order[1], 9), (order[2], 10)]
    c = s.index[mover]
    # the pit's 3 Sp less SFÉ 1, then the jaws' 2 Ép; both end his move on (4,3) (HR-5)
    assert [(e.char, e.ep_loss) for e in of_kind(events, Damaged)] == [(mover, 2), (mover, 2)]
    assert G.hexes[s.pos[c]] == path[0] and s.traps[order[1]] == () and s.traps[order[2]] == ()
    assert s.strat_man[order[1]] == s.strat_man[order[2]] == 2  # each owner's strategist paid


# --- a fallen gladiator (HR-8) --------------------------------------------------------------------


def test_hr8_pairs_a_fallen_gladiators_team_stays_and_his_gladiator_steps_are_skipped():
    s = four_started(PAIRS, "fallen")
    b1 = s.four.order[1]
    s = tweak(s, alive={f"{b1}.gladiator": False})
    s = step_to(s, 2)
    assert s.seat_to_act == b1 and s.phase is Phase.NAMING  # his team names as before
    s = step_to(s, 9)  # side A's first gladiator; B1's gladiator step (10) passes at once
    s, events = apply(s, EndStep(s.seat_to_act))
    ended = of_kind(events, StepEnded)
    assert [(e.step, e.seat, e.reason) for e in ended] == [
        (9, s.four.order[8], "ended by the player"),
        (10, b1, "his gladiator has fallen (HR-8)"),
    ]
    assert of_kind(events, StepStarted)[-1].step == 11


def test_hr8_pairs_a_side_wins_when_both_enemy_gladiators_are_destroyed():
    s = four_started(PAIRS, "win")
    a = s.four.order[0]
    b1, b2 = s.four.order[1], s.four.order[3]
    s = step_to(s, 9)
    assert s.seat_to_act == a
    g = f"{a}.gladiator"
    s = place(s, {g: (0, 0), f"{b1}.gladiator": (0, 0)})
    s = tweak(s, alive={f"{b2}.gladiator": False}, ep={f"{b1}.gladiator": 1})
    s, events = _hit(s, MeleeAttack(a, g, f"{b1}.gladiator"), [10, 1])
    s = _decline(s)
    ended = of_kind(match_events(s), MatchEnded)
    assert ended and ended[-1].kind == "victory" and ended[-1].winner == 2 * (a // 2)
    assert ended[-1].reason == f"both gladiators of seats {2 * (b1 // 2)} and {2 * (b1 // 2) + 1} were destroyed (HR-8)"


def _hit(s, action, dice):
    """The attack with fixed dice, the defender declining Kitérés and the winner any shift."""
    from arena.engine.match.actions import DeclineShift, Dodge
    from arena.engine.match.state import PendingDodge

    fixed = FixedDice(dice)
    s, events = apply(s, action, fixed)
    events = list(events)
    while s.pending is not None and not s.over:
        p = s.pending
        if isinstance(p, PendingDodge):
            s, more = apply(s, Dodge(p.seat, s.sheets[p.defender].id, False), fixed)
        else:
            s, more = apply(s, DeclineShift(p.seat, s.sheets[p.winner].id))
        events += more
    assert fixed.remaining == 0
    return s, events


def _decline(s):
    from arena.engine.match.actions import DeclineShift, Dodge
    from arena.engine.match.state import PendingDodge

    while s.pending is not None and not s.over:
        p = s.pending
        if isinstance(p, PendingDodge):
            s, _ = apply(s, Dodge(p.seat, s.sheets[p.defender].id, False))
        else:
            s, _ = apply(s, DeclineShift(p.seat, s.sheets[p.winner].id))
    return s


def test_hr8_pairs_one_gladiator_down_does_not_end_the_match():
    s = four_started(PAIRS, "one-down")
    a, b1 = s.four.order[0], s.four.order[1]
    s = step_to(s, 9)
    g = f"{a}.gladiator"
    s = place(s, {g: (0, 0), f"{b1}.gladiator": (0, 0)})
    s = tweak(s, ep={f"{b1}.gladiator": 1})
    s, events = _hit(s, MeleeAttack(a, g, f"{b1}.gladiator"), [10, 1])
    s = _decline(s)
    assert of_kind(events, Died) and not s.over


def test_hr8_ffa_a_fallen_gladiators_seat_is_eliminated_at_the_end_of_the_step():
    s = four_started(FFA, "elim", traps=((9,), (10,), (11,), (12,)))
    a, b = s.four.order[8], s.four.order[9]  # the first gladiator step and the next seat
    s = step_to(s, 9)
    g = f"{a}.gladiator"
    s = place(s, {g: (0, 0), f"{b}.gladiator": (0, 0)})
    s = tweak(s, ep={f"{b}.gladiator": 1})
    s, events = _hit(s, MeleeAttack(a, g, f"{b}.gladiator"), [10, 1])
    s = _decline(s)
    assert of_kind(events, Died) and not s.over
    b_chars = [s.index[f"{b}.{slot}"] for slot in ("witch_master", "crossbowman", "strategist")]
    assert all(s.alive[c] for c in b_chars)  # his figures stand until the step ends (HR-8)
    s, events = apply(s, EndStep(a))
    gone = of_kind(events, SeatEliminated)
    assert [(e.seat, e.round, e.step) for e in gone] == [(b, 1, 9)]
    assert s.traps[b] == () and s.strat_man[b] == 0
    assert all(not s.alive[c] and s.pos[c] == -1 for c in s.seat_chars(b))
    assert s.four.out[b] and view_json(s, None)["eliminated"][b]
    # his steps pass at once from now on
    s = step_to(s, 1, 2)
    s = step_to(s, s.four.order.index(b) + 2)
    passed = [e for e in of_kind(match_events(s), StepEnded) if e.round == 2 and e.seat == b]
    assert passed and passed[0].reason == "nobody can be named"


def test_hr8_ffa_the_last_gladiator_standing_wins():
    s = four_started(FFA, "last")
    a = s.four.order[8]
    others = [x for x in range(4) if x != a]
    s = step_to(s, 9)
    g = f"{a}.gladiator"
    s = place(s, {g: (0, 0), f"{others[0]}.gladiator": (0, 0)})
    s = tweak(s, alive={f"{x}.gladiator": False for x in others[1:]}, ep={f"{others[0]}.gladiator": 1})
    s, _ = _hit(s, MeleeAttack(a, g, f"{others[0]}.gladiator"), [10, 1])
    s = _decline(s)
    assert s.over and s.result.kind == "victory" and s.result.winner == a
    assert s.result.reason == f"{a}.gladiator is the last standing (HR-8)"


def test_hr8_hr10_6_ffa_a_gladiator_who_destroys_two_enemy_gladiators_earns_for_each():
    """Free-for-all: one gladiator destroys two others in two rounds and the third concedes. The
    facts count both (HR-8: three enemies), and HR-10.6 pays each: 1 took part + 1 survived +
    2 × 1 Ép dealt + 2 × 4 destroyed + 1 won = 13 XP (a duel's flag gave 1 + 1 + 1 + 4 + 1 = 8)."""
    s = four_started(FFA, "twice")
    a = s.four.order[8]
    others = [x for x in range(4) if x != a]
    g = f"{a}.gladiator"
    for round_, victim in ((1, others[0]), (2, others[1])):
        s = step_to(s, 9, round_)
        s = place(s, {g: (0, 0), f"{victim}.gladiator": (0, 0)})
        s = tweak(s, ep={f"{victim}.gladiator": 1})
        s, _ = _hit(s, MeleeAttack(a, g, f"{victim}.gladiator"), [10, 1])
        s = _decline(s)
        s, _ = apply(s, EndStep(a))
    s, _ = apply(s, Concede(others[2]))
    facts = arena_facts(s)
    glad = facts.sides[a].members["gladiator"]
    assert (glad.gladiators_damaged, glad.gladiators_destroyed, glad.kills) == (2, 2, 2)
    assert facts.placing(a).gladiators_destroyed == 2 and facts.won(a)
    award = xp_award(glad.deeds(team_won=facts.won(a)))
    assert [line.pair() for line in award.lines] == [
        ("took part", 1),
        ("survived", 1),
        ("dealt Ép to 2 enemy gladiators", 2),
        ("destroyed 2 enemy gladiators", 8),
        ("his team won", 1),
    ]
    assert award.total == 13


# --- the round limit (HR-8, HR-10.1) -------------------------------------------------------------


def _at_the_limit(mode, **four):
    s = four_started(mode, "limit", round_limit=12)
    s = step_to(s, 12, 12)
    s = s.clone()
    s.four = s.four._replace(**four)
    return s


def test_hr8_pairs_round_limit_compares_the_sums_of_the_partners_arena_scores():
    s = _at_the_limit(PAIRS, score=(3, 4, 1, 1))  # 7 against 2: a lead of 5
    s, events = apply(s, EndStep(s.seat_to_act))
    end = of_kind(events, MatchEnded)[0]
    assert (end.kind, end.winner, end.scores) == ("points_victory", 0, (3, 4, 1, 1))
    s = _at_the_limit(PAIRS, score=(3, 3, 1, 1))  # 6 against 2: a draw
    s, events = apply(s, EndStep(s.seat_to_act))
    assert of_kind(events, MatchEnded)[0].kind == "draw"


def test_hr8_pairs_facts_give_each_seat_its_own_arena_score_and_the_league_accepts_the_draw():
    """6 against 2 is a draw at the limit (HR-10.1's lead of 5); the facts carry 3, 3, 1, 1 and
    the league's check sums the partners itself (a side's sum per seat counted it twice: 12-4)."""
    s = _at_the_limit(PAIRS, score=(3, 3, 1, 1))
    s, _ = apply(s, EndStep(s.seat_to_act))
    facts = arena_facts(s)
    assert [p.arena_score for p in facts.placings] == [3, 3, 1, 1]
    assert [p.result for p in facts.placings] == ["draw"] * 4
    check_arena_facts(facts, round_limit=12)


def test_hr8_ffa_round_limit_ranks_survivors_by_arena_score_then_gladiator_ep_percent():
    s = _at_the_limit(FFA, score=(5, 9, 9, 2))
    s = tweak(s, ep={"1.gladiator": 10, "2.gladiator": 12})
    s, events = apply(s, EndStep(s.seat_to_act))
    end = of_kind(events, MatchEnded)[0]
    assert (end.kind, end.winner) == ("points_victory", 2)  # 9 each; Ép 12 of 20 beats 10 of 20
    facts = arena_facts(s)
    assert [(p.seat, p.place, p.shared) for p in facts.placings] == [(0, 3, 1), (1, 2, 1), (2, 1, 1), (3, 4, 1)]
    assert [p.gladiator_ep_percent for p in facts.placings][1:3] == [50, 60]


def test_hr8_ffa_survivors_equal_on_both_share_the_place_and_the_match_is_a_draw():
    s = _at_the_limit(FFA, score=(4, 4, 1, 0))
    s, events = apply(s, EndStep(s.seat_to_act))
    assert of_kind(events, MatchEnded)[0].kind == "draw"
    assert [(p.place, p.shared) for p in arena_facts(s).placings][:2] == [(1, 2), (1, 2)]


# --- arena scores (HR-10.1 per seat, HR-8) -------------------------------------------------------


def test_hr8_a_seat_scores_the_ep_it_took_from_an_enemy_gladiator_never_a_partners():
    s = four_started(PAIRS, "score")
    a = s.four.order[8]
    s = step_to(s, 9)
    g = f"{a}.gladiator"
    enemy = f"{s.four.order[9]}.gladiator"
    s = place(s, {g: (0, 0), enemy: (0, 0)})
    s, events = _hit(s, MeleeAttack(a, g, enemy), [10, 1])
    s = _decline(s)
    lost = sum(e.ep_loss for e in of_kind(events, Damaged) if e.char == enemy)
    assert lost > 0 and s.four.score[a] == lost and sum(s.four.score) == lost


# --- concession (HR-8, HR-12 ruling 37) ----------------------------------------------------------


def test_hr8_pairs_a_partner_concedes_for_his_side():
    s = four_started(PAIRS, "concede")
    s, events = apply(s, Concede(3))
    end = of_kind(events, MatchEnded)[0]
    assert (end.kind, end.winner) == ("victory", 0)
    assert [p.result for p in arena_facts(s).placings] == ["victory", "victory", "defeat", "defeat"]


def test_hr8_ffa_a_seat_that_concedes_is_eliminated_and_the_match_goes_on():
    s = four_started(FFA, "concede-ffa")
    order = s.four.order[:4]
    s, events = apply(s, Concede(order[1]))
    assert [e.seat for e in of_kind(events, SeatEliminated)] == [order[1]] and not s.over
    assert Concede(order[1]) not in legal_actions(s, order[1])
    s, _ = apply(s, Concede(order[0]))  # the acting seat: his step ends; order[1]'s step 2 passes
    assert not s.over and s.step == 3
    s, _ = apply(s, Concede(order[2]))
    assert s.over and s.result.winner == order[3]
    facts = arena_facts(s)
    # the last standing first; order[2] left in step 3; order[1] and order[0] in step 1 (shared)
    assert [(facts.placing(x).place, facts.placing(x).shared) for x in order] == [(3, 2), (3, 2), (2, 1), (1, 1)]


# --- views, set-up documents, facts ---------------------------------------------------------------


def test_hr8_view_lists_four_seats_and_shows_a_seat_only_its_own_secrets_partners_included():
    s = four_started(PAIRS, "view", traps=((1,), (2,), (3,), (4,)))
    v = view_json(s, 0)
    assert [x["seat"] for x in v["seats"]] == [0, 1, 2, 3]
    assert v["seats"][0]["traps"] == [1] and v["seats"][1]["traps"] is None  # the partner's too
    assert v["seats"][1]["disc_levels"] is None and v["seats"][1]["partner"] == 0
    assert v["mode"] == "pairs" and len(v["quarters"]) == 4 and len(v["scores"]) == 4
    amulets = [c for c in v["characters"] if c["seat"] == 1 and c["amulet"] is not None]
    assert amulets == []
    assert all(x["traps"] is None for x in view_json(s, None)["seats"])


def test_hr8_the_setup_document_carries_the_mode_and_four_teams():
    setup = MatchSetup(TEAMS, MatchOptions(mode=FFA), "doc")
    document = setup_to_json(setup)
    assert document["options"]["mode"] == "ffa" and len(document["teams"]) == 4
    assert setup_from_json(document) == setup
    duel = setup_to_json(MatchSetup((base_roster(), base_roster())))
    assert "mode" not in duel["options"]  # old documents read as before
    bad = {**document, "teams": document["teams"][:2]}
    with pytest.raises(ValueError, match="four teams' documents"):
        setup_from_json(bad)


def test_hr8_facts_are_arena_facts_for_four_seats_and_match_facts_for_two():
    s = four_started(PAIRS, "facts")
    s, _ = apply(s, Concede(0))
    with pytest.raises(ValueError, match="arena_facts"):
        match_facts(s)
    facts = arena_facts(s)
    assert facts.mode is PAIRS and [p.place for p in facts.placings] == [3, 3, 1, 1]
    assert len(facts.sides) == 4 and set(facts.sides[2].members) >= {"gladiator", "strategist"}


@pytest.mark.parametrize("mode", [PAIRS, FFA])
def test_hr8_a_four_seat_log_survives_json_and_replays_to_the_same_state(mode):
    s, _ = play_match(TEAMS, "json", [RandomAgent(f"json:{x}") for x in range(4)], MatchOptions(mode=mode))
    log = match_events(s)
    back = [event_from_json(json.loads(json.dumps(event_to_json(e)))) for e in log]
    assert back == log
    assert state_hash(replay(s.setup, back)) == state_hash(s)
    assert action_from_json(json.loads(json.dumps(action_to_json(ChooseQuarter(2, "SE"))))) == ChooseQuarter(2, "SE")


def test_hr8_hr9_5_trap_insight_draws_in_step_order_once_the_quarters_are_taken():
    from dataclasses import replace

    from arena.engine.match.actions import KeepTraps
    from arena.engine.match.events import TrapInsightOwed

    def insight(drawn):
        r = base_roster()
        return replace(
            r, members=tuple(replace(m, trap_cards_drawn=drawn) if m.slot == "strategist" else m for m in r.members)
        )

    s = new_match((insight(4), base_roster(), insight(5), insight(4)), MatchOptions(mode=FFA), "insight")
    s = places(secrets(s))
    order = s.four.order[:4]
    owed = []
    while s.pending is not None:
        p = s.pending
        owed.append((p.seat, p.extra))
        assert seats_to_move(s) == (p.seat,) and len(s.traps[p.seat]) == 3 + p.extra
        s, _ = apply(s, next(a for a in legal_actions(s, p.seat) if isinstance(a, KeepTraps)))
        assert len(s.traps[owed[-1][0]]) == 3
    assert owed == [(x, {0: 1, 2: 2, 3: 1}[x]) for x in order if x != 1]
    assert len(of_kind(match_events(s), TrapInsightOwed)) == 3 and s.phase is Phase.GRIPS


def test_hr8_pairs_the_half_is_chosen_once():
    s = secrets(four_match(PAIRS, "half"))
    s, _ = apply(s, ChooseRole(s.roll_winner, "side"))
    chooser = s.chooser
    s, _ = apply(s, ChooseHalf(chooser, "N"))
    assert seats_to_move(s) == (chooser,)  # his quarter next
    with pytest.raises(IllegalActionError, match="the half is chosen; the speakers now split their quarters"):
        apply(s, ChooseHalf(chooser, "S"))


def test_hr8_ffa_an_eliminated_seats_zombie_collapses_and_his_own_raised_by_another_fights_on():
    from arena.engine.match.evolve import evolve
    from arena.engine.match.magic.events import ZombieCollapsed, ZombieRaised

    s = four_started(FFA, "zombies")
    a, b, x = s.four.order[0], s.four.order[1], s.four.order[2]
    s = place(s, {f"{x}.deasta": (8, -6), f"{b}.laeva": (-8, 6)})
    s = tweak(s, alive={f"{x}.deasta": False, f"{b}.laeva": False})
    for e in (  # b's witch-master raised x's deasta; x's witch-master raised b's laeva (RB p.15)
        ZombieRaised(b, f"{x}.deasta", f"{b}.witch_master", 5),
        ZombieRaised(x, f"{b}.laeva", f"{x}.witch_master", 5),
    ):
        evolve(s, e)
    s = tweak(s, alive={f"{b}.gladiator": False})  # b's gladiator has fallen in this step
    s, _ = apply(s, Name(a, (f"{a}.deasta", f"{a}.laeva")))
    s, events = apply(s, EndStep(a))
    assert [e.seat for e in of_kind(events, SeatEliminated)] == [b]
    assert [e.char for e in of_kind(events, ZombieCollapsed)] == [f"{x}.deasta"]
    assert s.alive[s.index[f"{b}.laeva"]] and s.side[s.index[f"{b}.laeva"]] == x  # x's zombie stays
    assert not s.alive[s.index[f"{x}.deasta"]]


def test_hr8_hr1_6_each_gladiators_pile_is_his_quarters_and_the_trap_hexes_lie_two_to_a_quarter():
    from arena.engine.match.rules.gladiators import pile_hex

    s = four_started(FFA, "piles")
    piles = {"NE": (3, -2), "SE": (1, 2), "SW": (-3, 2), "NW": (-1, -2)}
    for x in range(4):
        quarter = s.four.quarters[x]
        assert G.hexes[pile_hex(s, s.gladiator_of(x))] == hexes(piles[quarter])[0]
    numbered = {t.number: G.board.quarter_of(t.hex).value for t in G.board.traps}
    assert numbered == {1: "NE", 5: "NE", 2: "SE", 6: "SE", 3: "SW", 7: "SW", 4: "NW", 8: "NW"}


def test_hr8_ffa_no_concession_in_the_set_up_or_while_a_decision_is_owed():
    s = four_match(FFA, "early")
    assert not [a for a in legal_actions(s, 0) if isinstance(a, Concede)]
    with pytest.raises(IllegalActionError, match="once the match has begun"):
        apply(s, Concede(0))
    s = four_started(PAIRS, "early-pairs")
    assert Concede(3) in legal_actions(s, 3)  # a side may concede at any decision point


def test_hr8_the_view_names_each_seats_side_half_and_his_tower_half_apart():
    """HR-8, HR-1.7: side B holds E; the partner in NE keeps the tower T-N, but his side's half is E
    (the view said "N")."""
    s, last = _last_secret(four_match(PAIRS, "places"))
    s, _ = act(s, last, [4, 4, 3, 8])
    s, _ = apply(s, ChooseRole(2, "side"))
    s, _ = apply(s, ChooseHalf(2, "E"))
    before = view(s, None).seats
    assert [seat.half for seat in before] == ["W", "W", "E", "E"]  # chosen, the quarters not yet
    assert [seat.tower_half for seat in before] == [None] * 4
    s, _ = apply(s, ChooseQuarter(2, "SE"))
    s, _ = apply(s, ChooseQuarter(0, "NW"))
    for seat in (None, 0, 3):
        seats = view(s, seat).seats
        assert [x.quarter for x in seats] == ["NW", "SW", "SE", "NE"]
        assert [x.half for x in seats] == ["W", "W", "E", "E"]
        assert [x.tower_half for x in seats] == ["W", "S", "E", "N"]


def test_hr8_in_free_for_all_no_side_holds_a_half_only_a_quarter():
    s = four_started(FFA)
    seats = view(s, None).seats
    assert [x.half for x in seats] == [None] * 4
    assert all(x.quarter in ("NE", "SE", "SW", "NW") for x in seats)
    assert [x.tower_half for x in seats] == [
        {"NE": "N", "SE": "E", "SW": "S", "NW": "W"}[x.quarter or ""] for x in seats
    ]
