"""Zombie edge cases (Élőholt teremtése, RB p.15; HR-12 rulings 17-19), each a worked example
with fixed dice and exact numbers: a prone zombie stands up (HR-4), the bear trap's jaws let it go
(HR-5 card 10), a net costs it its next activation (HR-4, RB p.20), the greedy agent raises the
dead; and expired trap marks leave the state (HR-5)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, view_json
from arena.engine.agents import GreedyAgent
from arena.engine.match.actions import EndActivation, EndStep, MeleeAttack, Move, PassTraps, PlayTraps, TriggerTrap
from arena.engine.match.events import AttackResolved, Damaged, JawsOpened, Moved, Netted, StateEnded, StoodUp
from arena.engine.match.magic.actions import Cast, ZombieAct
from arena.engine.match.magic.events import ZombieActed, ZombieRaised
from arena.engine.match.state import Phase, TrapMark
from arena.engine.match.traps import marks

from .magic_helpers import HOME, WM, cast, ready
from .match_helpers import (
    act,
    hexes,
    legal,
    name,
    of_kind,
    place,
    started,
    to_step,
    tweak,
)
from .test_magic_traps import ZOMBIE, raised

ON = hexes((5, -8))  # the zombie's first hex from HOME toward the laeva on (7,-8)


def _zombie_acts(s):
    return [a for a in legal(s, 0) if isinstance(a, ZombieAct)]


def _struck(card):
    """Round 1, step 1: seat 0's zombie (the dead 1.deasta: Ép 5, VÉ 10) walks from HOME toward
    1.laeva on (7,-8), and seat 1's direct trap ``card`` strikes it on (5,-8)."""
    s = raised((card,), {"1.laeva": (7, -8)})
    (walk,) = _zombie_acts(s)
    assert walk == ZombieAct(0, ZOMBIE, hexes((5, -8), (6, -8)), None, 2)
    s, _ = apply(s, walk)
    return act(s, PlayTraps(1, ((card, ON[0]),)), [])


def _next_activation(s):
    """Round 2, step 1: the witch-master is named again, so the zombie acts (RB p.15)."""
    s = to_step(s, 1, 2)
    return name(s, 0, WM, "0.crossbowman")


# --- 1. a prone zombie stands up (HR-4; RB p.15) ---------------------------------------------------


def test_a_prone_zombie_stands_up_for_2_of_its_own_man_then_walks__hr4_rb_p15():
    s, events = _struck(16)  # Botlódrót: prone, its movement ends (HR-5 card 16)
    z = s.index[ZOMBIE]
    assert s.prone[z] and (s.magic.zombies[0].man, s.magic.zombies[0].hexes) == (2, 2)
    s = _next_activation(s)
    # a new round: 3 MAN. Standing costs 2 (HR-4) and comes first; the 1 left walks 1 hex
    # toward the laeva, 2 hexes away, so it cannot strike her (2 MAN) this time
    assert _zombie_acts(s) == [ZombieAct(0, ZOMBIE, hexes((6, -8)), None, 3)]
    s, events = act(s, ZombieAct(0, ZOMBIE, hexes((6, -8)), None, 3), [])
    paid = [ZombieActed(0, ZOMBIE, 2, 0), ZombieActed(0, ZOMBIE, 1, 1)]  # then 1 for the hex
    assert of_kind(events, ZombieActed) == paid
    assert of_kind(events, StoodUp) == [StoodUp(0, ZOMBIE, 0)]  # paid from its own MAN
    assert [e.path for e in of_kind(events, Moved)] == [hexes((6, -8))]
    assert not s.prone[z] and not [x for x in s.effects if x.char == z]  # the −4 VÉ goes too
    assert (s.magic.zombies[0].man, s.magic.zombies[0].hexes, s.pool) == (0, 2, 6)


def test_a_prone_zombie_on_a_persons_hex_stands_but_has_no_man_left_to_strike__hr4():
    s = raised((), {"1.laeva": HOME})
    s = tweak(s, prone={ZOMBIE: True})
    # 3 MAN: 2 to stand up, 1 left, and a blow costs 2 (RB p.8)
    assert _zombie_acts(s) == [ZombieAct(0, ZOMBIE, (), None, 2)]
    s, events = act(s, ZombieAct(0, ZOMBIE, (), None, 2), [])
    assert not s.prone[s.index[ZOMBIE]] and not of_kind(events, AttackResolved)
    assert s.magic.zombies[0].man == 1 and not _zombie_acts(s)


# --- 2. the bear trap's jaws (HR-5 card 10) --------------------------------------------------------


def test_a_zombie_in_the_bear_trap_opens_the_jaws_in_its_next_activation__hr5_card10():
    s, events = _struck(10)  # Medvecsapda: 2 Ép (5 → 3), its movement ends, the jaws shut
    z = s.index[ZOMBIE]
    assert s.ep[z] == 3 and marks.find(s, z, marks.JAWS) is not None
    s = _next_activation(s)
    # 3 MAN: 2 open the jaws (HR-5 card 10), the 1 left walks 1 hex
    assert _zombie_acts(s) == [ZombieAct(0, ZOMBIE, hexes((6, -8)), None, 3)]
    s, events = act(s, ZombieAct(0, ZOMBIE, hexes((6, -8)), None, 3), [])
    paid = [ZombieActed(0, ZOMBIE, 2, 0), ZombieActed(0, ZOMBIE, 1, 1)]  # then 1 for the hex
    assert of_kind(events, ZombieActed) == paid
    assert of_kind(events, JawsOpened) == [JawsOpened(0, ZOMBIE, 0)]  # paid from its own MAN
    assert [e.path for e in of_kind(events, Moved)] == [hexes((6, -8))]
    assert marks.find(s, z, marks.JAWS) is None
    assert (s.magic.zombies[0].man, s.pool) == (0, 6)


def test_a_zombie_held_by_the_jaws_strikes_a_person_on_its_hex_without_opening_them__hr5_card10():
    s, _ = _struck(10)
    s = _next_activation(s)
    s = place(s, {"1.laeva": (5, -8)})
    # the jaws forbid moving only: its blow (2 MAN) needs no opening
    assert _zombie_acts(s) == [ZombieAct(0, ZOMBIE, (), "1.laeva", 2)]
    s, events = act(s, ZombieAct(0, ZOMBIE, (), "1.laeva", 2), [1, 1])
    assert not of_kind(events, JawsOpened)
    assert marks.find(s, s.index[ZOMBIE], marks.JAWS) is not None


def test_a_zombie_with_2_man_in_the_jaws_only_opens_them__hr5_card10():
    s, _ = _struck(10)
    s = _next_activation(s)
    z = s.magic.zombies[0]
    s = tweak(s, magic=s.magic._replace(zombies=(z._replace(round=2, man=2, hexes=3),)))
    # 2 MAN open the jaws and nothing is left for a hex; its next activation walks freely
    assert _zombie_acts(s) == [ZombieAct(0, ZOMBIE, (), None, 2)]
    s, events = act(s, ZombieAct(0, ZOMBIE, (), None, 2), [])
    assert of_kind(events, ZombieActed) == [ZombieActed(0, ZOMBIE, 2, 0)]
    assert of_kind(events, JawsOpened) == [JawsOpened(0, ZOMBIE, 0)] and not of_kind(events, Moved)
    assert marks.find(s, s.index[ZOMBIE], marks.JAWS) is None and not _zombie_acts(s)


# --- 3. a netted zombie (HR-4 "a zombie: its next activation"; RB p.20; HR-12 ruling 13) ----------


def test_a_netted_zombie_loses_its_next_activation_and_the_net_then_ends__hr4_rb_p20():
    s = started(traps=((), (3,)))
    s = place(s, {WM: (-7, 4), ZOMBIE: (-7, 4), "1.laeva": (-7, 3), "1.crossbowman": (-9, 7)})
    s = tweak(s, discs=[(1, 2, 3, 4, 5), s.discs[1]], alive={ZOMBIE: False}, ep={ZOMBIE: 0})
    s = name(s, 0, WM, "0.crossbowman")
    s, _ = act(s, cast("create_undead", ZOMBIE, man=3), [])
    s, _ = apply(s, EndActivation(0, WM))
    # its activation: 1 hex onto the laeva and a blow, TÉ 11 + 1 = 12 against VÉ 9 + 10: a miss
    s, _ = apply(s, ZombieAct(0, ZOMBIE, hexes((-7, 3)), "1.laeva", 3))
    s, events = act(s, PassTraps(1), [1, 10])
    assert of_kind(events, AttackResolved)[0][3:6] == (12, 19, False)
    # seat 1's step 2: the crossbowman enters hex 3 and drops the net on the zombie, within 3
    # blocks: 12 + 9 = 21 against its VÉ 10 + 1 = 11, a hit (HR-5 card 3); no Kitérés (ruling 19)
    s = to_step(s, 2)
    s = name(s, 1, "1.crossbowman", "1.laeva")
    s, _ = apply(s, Move(1, "1.crossbowman", hexes((-8, 6)), man=1))
    s, events = act(s, TriggerTrap(1, "1.crossbowman", 3, ZOMBIE, man=2), [9, 1])
    z = s.index[ZOMBIE]
    assert of_kind(events, Netted) and s.netted[z]
    # round 2, step 1: its creator is named, the laeva shares its hex, but it takes no action
    s = _next_activation(s)
    assert not _zombie_acts(s)
    s, events = apply(s, EndStep(0))  # nothing of the zombie holds the step open
    assert StateEnded(ZOMBIE, "netted", "its banned activation is over (HR-4)") in events
    assert not s.netted[z]
    # the net banned one activation only: in its next one it strikes again
    s = to_step(s, 1, 3)
    s = name(s, 0, WM, "0.crossbowman")
    assert _zombie_acts(s) == [ZombieAct(0, ZOMBIE, (), "1.laeva", 2)]


def test_a_zombie_netted_outside_its_creators_steps_keeps_the_net_until_its_activation__hr4():
    s = raised((), {"1.laeva": (7, -8)})
    s = tweak(s, netted={ZOMBIE: True})
    assert not _zombie_acts(s)
    s, events = apply(s, EndStep(0))
    assert not s.netted[s.index[ZOMBIE]]  # this was its activation's step
    s = to_step(s, 3)  # the witch-master is not named again this round: the zombie does not act
    s = tweak(s, netted={ZOMBIE: True})
    assert s.named == (s.index["0.deasta"], s.index["0.laeva"])  # the only choice left
    s, events = apply(s, EndStep(0))
    assert s.netted[s.index[ZOMBIE]]  # not its activation: the net still holds


# --- 4. the greedy agent raises the dead (RB p.15) -------------------------------------------------


def test_the_greedy_witch_master_steps_onto_a_corpse_and_raises_it__rb_p15():
    s = place(started(), {WM: HOME, ZOMBIE: (5, -8), "1.laeva": (9, -8)})
    s = tweak(s, discs=[(1, 3), s.discs[1]], alive={ZOMBIE: False}, ep={ZOMBIE: 0})
    s = name(s, 0, WM, "0.crossbowman")
    agent = GreedyAgent(0)
    move = agent.choose(s, 0, legal(s, 0))
    assert isinstance(move, Move) and move.char == WM and move.path[-1] == hexes((5, -8))[0]
    s, _ = apply(s, move)
    spell = agent.choose(s, 0, legal(s, 0))
    assert spell == Cast(0, WM, "create_undead", ZOMBIE, man=3)
    s, events = apply(s, spell)
    assert of_kind(events, ZombieRaised) == [ZombieRaised(0, ZOMBIE, WM, 5)]


# --- 5. expired trap marks leave the state (HR-5) --------------------------------------------------


def test_step_marks_leave_the_state_when_the_step_ends_and_the_jaws_stay__hr5_cards_10_15():
    s, _ = _struck(10)
    z = s.index[ZOMBIE]
    assert {m.kind for m in s.trap_marks} == {marks.STOPPED, marks.JAWS}
    shown = view_json(s, None)["characters"][z]["trap_marks"]
    s, _ = apply(s, EndStep(0))
    # "his movement ends for this step": the mark lapses with the step and is dropped
    assert [m.kind for m in s.trap_marks] == [marks.JAWS]
    assert view_json(s, None)["characters"][z]["trap_marks"] == [x for x in shown if x["kind"] == "jaws"]


def test_round_marks_leave_the_state_when_their_last_round_ends__hr5_card5():
    sand, ban = TrapMark(0, marks.QUICKSAND, 2, 1), TrapMark(0, marks.NO_RUNNING, 0, 2)
    s = tweak(started(), trap_marks=(sand, ban))
    s = to_step(s, 1, 2)  # round 1 ended: its quicksand is gone, the round-2 ban stays
    assert [m.kind for m in s.trap_marks] == [marks.NO_RUNNING]
    s = to_step(s, 1, 3)
    assert s.trap_marks == ()


def test_the_marks_of_a_dead_character_leave_the_state__hr12_ruling_23():
    s, _ = _struck(10)
    s = tweak(s, ep={ZOMBIE: 1})
    s = place(s, {"1.laeva": (5, -8)})
    s = to_step(s, 2)
    s = name(s, 1, "1.laeva", "1.crossbowman")
    # TÉ 9 + 10 = 19 against the zombie's VÉ 10 + 1 = 11: 4 Sp, SFÉ 1, 3 Ép: destroyed
    s, events = act(s, MeleeAttack(1, "1.laeva", ZOMBIE, man=2), [10, 1])
    assert of_kind(events, Damaged) == [Damaged(ZOMBIE, "sp", 4, 1, 3, 1)]
    z = s.index[ZOMBIE]
    assert not s.alive[z] and not [m for m in s.trap_marks if m.char == z]
    assert s.phase is Phase.ACTING


# --- 6. a corpse rises only where there is room (RB p.8, RB p.15, HR-11) ---------------------------


def test_create_undead_needs_room_on_the_corpses_hex_at_most_three_characters__rb_p8_rb_p15():
    """The dead 1.deasta lies on HOME with the witch-master. With one more living character there
    (two in all) the corpse may rise as the third; with two more (three in all) there is no room
    for a fourth, so the spell is not offered and is refused (RB p.8: at most 3 on a hex; a corpse
    does not count, HR-11)."""
    roomy = ready({ZOMBIE: HOME, "0.laeva": HOME}, alive={ZOMBIE: False}, ep={ZOMBIE: 0})
    assert any(isinstance(a, Cast) and a.spell == "create_undead" for a in legal(roomy, 0))
    s, events = act(roomy, cast("create_undead", ZOMBIE, man=3), [])
    assert of_kind(events, ZombieRaised) == [ZombieRaised(0, ZOMBIE, WM, 5)]  # ⌊11 ÷ 2⌋, the third on HOME

    full = ready(
        {ZOMBIE: HOME, "0.laeva": HOME, "0.crossbowman": HOME},
        named=(WM, "0.laeva"),
        alive={ZOMBIE: False},
        ep={ZOMBIE: 0},
    )
    assert not any(isinstance(a, Cast) and a.spell == "create_undead" for a in legal(full, 0))
    with pytest.raises(IllegalActionError, match=r"fewer than three living characters \(RB p.15, RB p.8"):
        apply(full, cast("create_undead", ZOMBIE, man=3))
