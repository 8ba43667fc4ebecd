"""Where magic and traps meet (issue #4 integration), each with fixed dice and exact numbers:
zombies from either side's dead (digest A52, HR-12 rulings 17-19), direct traps on a zombie's
walk (ruling 29), Vérzékenység on trap damage (RB p.17, A54), the strategist's MAN bound by
spells when he pays direct traps (ruling 32), dust against lightning (HR-5 card 15), and a trap's
poison against Marcangoló's Eg 0 (RB p.15-16)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, view_json
from arena.engine.match.actions import EndActivation, EndStep, MeleeAttack, Move, Name, PassTraps, PlayTraps
from arena.engine.match.events import (
    AttackResolved,
    Damaged,
    DodgeOffered,
    Moved,
    TrapPlayed,
    TrapPoisonResolved,
    TrapWindowOpened,
)
from arena.engine.match.magic.actions import Cast, ZombieAct
from arena.engine.match.magic.events import SpellResisted, StrategistMark, ZombieActed, ZombieRaised
from arena.engine.match.magic.queries import strategist_left
from arena.engine.match.rules.damage import arena_scores
from arena.engine.match.state import PendingTrapWindow
from arena.engine.match.traps import cards as traps

from .magic_helpers import HOME, WM, cast, ready
from .match_helpers import (
    act,
    hexes,
    kinds,
    legal,
    name,
    of_kind,
    place,
    started,
    to_step,
    tweak,
)
from .traps_play_helpers import EAST

ZOMBIE = "1.deasta"  # seat 1's dagger-thrower, dead on HOME: Ép 11, TÉ 11, VÉ 10, SFÉ 1, Kitérés


def _zombie(s):
    return s.index[ZOMBIE]


def raised(cards: tuple[int, ...] = (), where: dict | None = None):
    """Round 1, step 1: seat 0's witch-master on HOME has raised seat 1's dead deasta there and
    ended his activation, so the zombie acts next; seat 1 holds the trap ``cards``."""
    s = place(started(traps=((), cards)), {WM: HOME, ZOMBIE: HOME, **(where or {})})
    s = tweak(s, discs=[(1, 2, 3, 4, 5), s.discs[1]], alive={ZOMBIE: False}, ep={ZOMBIE: 0})
    s = name(s, 0, WM, "0.crossbowman")
    s, _ = act(s, cast("create_undead", ZOMBIE, man=3), [])
    s, _ = apply(s, EndActivation(0, WM))
    return s


# --- 1. zombies from either side's dead (digest A52; HR-12 ruling 19; HR-10.1) ------------------------


def test_create_undead_raises_an_enemy_corpse_as_a_zombie_of_the_casters_side__a52_hr12_19():
    s = ready({ZOMBIE: HOME, "1.laeva": (5, -8)}, named=(WM, "0.crossbowman"),
              alive={ZOMBIE: False}, ep={ZOMBIE: 0})  # fmt: skip
    assert arena_scores(s) == (3, 0)  # seat 0 killed an enemy non-gladiator (HR-10.1)
    s, events = act(s, cast("create_undead", ZOMBIE, man=3), [])
    assert of_kind(events, ZombieRaised) == [ZombieRaised(0, ZOMBIE, WM, 5)]  # ⌊11 ÷ 2⌋
    z = _zombie(s)
    assert s.side[z] == 0 and s.sheets[z].seat == 1  # seat 0's zombie; seat 1's dead member
    assert view_json(s, None)["characters"][z]["zombie_side"] == 0
    assert arena_scores(s) == (3, 0)  # it still counts as killed while it walks
    s, _ = apply(s, EndActivation(0, WM))
    # his own side cannot attack it: it is a character of the creator's side (ruling 19)
    mate = place(s, {"0.crossbowman": HOME})
    with pytest.raises(IllegalActionError, match="own side"):
        apply(mate, MeleeAttack(0, "0.crossbowman", ZOMBIE, man=2))
    # it acts in seat 0's step and goes for the nearest person, its old team-mate (ruling 17)
    zombie = [a for a in legal(s, 0) if isinstance(a, ZombieAct)]
    assert zombie == [ZombieAct(0, ZOMBIE, hexes((5, -8)), "1.laeva", 3)]
    s, events = act(s, zombie[0], [6, 3])
    # TÉ 11 + 6 = 17 against the laeva's VÉ 9 + 3 = 12: ⌊5 ÷ 2⌋ = 2 Sp, SFÉ 1, 1 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (17, 12, True)
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 2, 1, 1, 0)]
    # seat 1 may strike it back; it has the deasta's Kitérés on the sheet but uses no skill
    s = to_step(s, 2)
    assert all(ZOMBIE not in a.chars for a in legal(s, 1) if isinstance(a, Name))  # never named
    s = name(s, 1, "1.laeva", "1.crossbowman")
    s = tweak(s, ep={ZOMBIE: 1})
    assert MeleeAttack(1, "1.laeva", ZOMBIE, None, None, False, 2) in legal(s, 1)
    s, events = act(s, MeleeAttack(1, "1.laeva", ZOMBIE, man=2), [7, 2])
    assert not of_kind(events, DodgeOffered)
    # TÉ 9 + 7 = 16 against VÉ 10 + 2 = 12: 2 Sp, SFÉ 1: 1 Ép, and the zombie is destroyed
    assert of_kind(events, Damaged) == [Damaged(ZOMBIE, "sp", 2, 1, 1, 0)]
    assert not s.alive[z]
    assert arena_scores(s) == (3, 0)  # a zombie destroyed counts for nobody (HR-10.1)


# --- 2. direct traps on a zombie's walk (HR-12 rulings 26-29) -----------------------------------------


def test_a_zombies_walk_opens_the_direct_trap_window_and_a_pit_stops_it__hr12_29():
    s = raised((9,), {"1.laeva": (7, -8)})
    walk = [a for a in legal(s, 0) if isinstance(a, ZombieAct)]
    assert walk == [ZombieAct(0, ZOMBIE, hexes((5, -8), (6, -8)), None, 2)]  # stops short of her
    s, events = apply(s, walk[0])
    assert of_kind(events, ZombieActed) == [ZombieActed(0, ZOMBIE, 0, 0)]  # it pays as it walks
    assert of_kind(events, TrapWindowOpened) == [
        TrapWindowOpened(1, ZOMBIE, "move", hexes((5, -8), (6, -8)), None, False, 2, None)
    ]
    assert isinstance(s.pending, PendingTrapWindow) and s.pending.seat == 1
    s, events = act(s, PlayTraps(1, ((9, hexes((5, -8))[0]),)), [])
    # the pit on its first hex: it pays 1 of its MAN and hexes, takes 3 Sp (raw 3: 1 STP; SFÉ 1:
    # 2 Ép, 5 → 3), and its walk ends there (ruling 28); seat 1's strategist pays 2 (4 → 2)
    assert of_kind(events, ZombieActed) == [ZombieActed(0, ZOMBIE, 1, 1)]
    assert [e.path for e in of_kind(events, Moved)] == [hexes((5, -8))]
    assert of_kind(events, Damaged) == [Damaged(ZOMBIE, "sp", 3, 1, 2, 1)]
    zombie = s.magic.zombies[0]
    assert (zombie.man, zombie.hexes, s.ep[_zombie(s)], s.strat_man[1]) == (2, 2, 3, 2)
    assert not [a for a in legal(s, 0) if isinstance(a, ZombieAct)]  # its activation is over


def test_a_zombie_that_gets_through_the_window_strikes_on_arrival__hr12_17_29():
    s = raised((9,), {"1.laeva": (5, -8)})
    walk = [a for a in legal(s, 0) if isinstance(a, ZombieAct)]
    assert walk == [ZombieAct(0, ZOMBIE, hexes((5, -8)), "1.laeva", 3)]
    s, events = apply(s, walk[0])
    assert of_kind(events, TrapWindowOpened)[0].target == "1.laeva"  # public, like the walk
    s, events = act(s, PassTraps(1), [6, 3])
    # 1 MAN for the hex, then 2 for the blow: TÉ 11 + 6 = 17 against VÉ 9 + 3 = 12, 1 Ép
    assert of_kind(events, ZombieActed) == [ZombieActed(0, ZOMBIE, 1, 1), ZombieActed(0, ZOMBIE, 2, 0)]
    assert of_kind(events, AttackResolved)[0][3:6] == (17, 12, True)
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 2, 1, 1, 0)]
    assert (s.magic.zombies[0].man, s.magic.zombies[0].hexes) == (0, 2)


# --- 3. Vérzékenység on trap damage (RB p.17, digest A54, HR-12 ruling 22) ------------------------------


def test_haemophilia_adds_1_ep_to_a_traps_ep_damage__rb_p17_a54():
    s = place(started(traps=((10,), ())), {WM: HOME, "1.deasta": (8, -6)})
    s = tweak(s, discs=[(1, 2, 3, 4, 5), s.discs[1]])
    s = name(s, 0, WM, "0.laeva")
    s, events = act(s, cast("haemophilia", "1.deasta", man=4), [9, 2])
    assert of_kind(events, SpellResisted)[0].took_hold
    s = to_step(s, 2)
    s = place(s, {"1.deasta": (3, 3)})
    s = name(s, 1, "1.deasta", "1.laeva")
    s, _ = apply(s, Move(1, "1.deasta", EAST))
    s, events = act(s, PlayTraps(0, ((10, hexes((4, 3))[0]),)), [])
    # the bear trap's 2 Ép in full, then Vérzékenység's 1 Ép more: 11 → 8
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "ep", 2, 0, 2, 0),
        Damaged("1.deasta", "ep", 1, 0, 1, 0),
    ]
    assert s.ep[s.index["1.deasta"]] == 8


# --- 4. the strategist's MAN bound by spells pays no direct trap (HR-12 ruling 32) ---------------------


def _seat_1_casts(cards: tuple[int, ...]):
    """Round 1, step 2: seat 1 names its witch-master (near seat 0's tower) and deasta (on (3,3));
    seat 0 holds ``cards`` and its strategist's 4 MAN."""
    s = to_step(started(traps=(cards, ())), 2)
    s = place(s, {"1.deasta": (3, 3), "1.witch_master": (6, -6)})
    s = tweak(s, discs=[s.discs[0], (1, 2, 3, 4, 5)])
    return name(s, 1, "1.witch_master", "1.deasta")


def test_burning_nerves_caps_what_the_strategist_pays_for_direct_traps__hr12_7_32():
    s = _seat_1_casts((9, 11, 14))
    s, events = act(s, Cast(1, "1.witch_master", "burning_nerves", "0.strategist",
                            choice="man_cap", man=2), [8, 3])  # fmt: skip
    # E 4 + 8 = 12 against Eg 4 + 3 = 7; the cap counts from now on (the mark: his 4 MAN)
    assert of_kind(events, SpellResisted)[0][4:7] == (12, 7, True)
    assert of_kind(events, StrategistMark) == [StrategistMark((4, 0))]
    assert s.strat_man[0] == 4 and strategist_left(s, 0) == 2
    s, _ = apply(s, EndActivation(1, "1.witch_master"))
    s, _ = apply(s, Move(1, "1.deasta", EAST))
    offered = {a.strikes[0][0] for a in legal(s, 0) if isinstance(a, PlayTraps)}
    assert offered == {9, 14}  # the portcullis's 3 MAN are beyond the cap
    with pytest.raises(IllegalActionError, match="HR-12 ruling 32"):
        apply(s, PlayTraps(0, ((14, hexes((4, 3))[0]), (9, hexes((5, 3))[0]))))  # 1 + 2 = 3
    s, events = act(s, PlayTraps(0, ((9, hexes((5, 3))[0]),)), [])
    assert of_kind(events, TrapPlayed)[0].man == 2
    assert s.strat_man[0] == 2 and strategist_left(s, 0) == 0
    assert traps.window_owner(s, s.index["1.laeva"]) == -1  # no window for the rest of the step


def test_death_dance_on_the_strategist_opens_no_direct_trap_window__hr12_27_32():
    s = _seat_1_casts((9,))
    s, events = act(s, Cast(1, "1.witch_master", "death_dance", "0.strategist", man=5), [9, 1])
    assert of_kind(events, SpellResisted)[0].took_hold
    s, _ = apply(s, EndActivation(1, "1.witch_master"))
    s, events = apply(s, Move(1, "1.deasta", EAST[:1]))
    # he holds a card and 4 MAN, but may use none of it: the move goes on at once
    assert s.strat_man[0] == 4 and kinds(events) == ["Activated", "Moved"] and s.pending is None


# --- 5. dust against lightning (HR-5 card 15; traps reading 10) ----------------------------------------


def test_dust_burst_bans_lightning_spells_for_the_rest_of_the_step__hr5_card_15():
    s = to_step(started(traps=((15,), ())), 2)
    s = place(s, {"1.witch_master": (3, 3), "0.laeva": (6, 4)})
    s = tweak(s, discs=[s.discs[0], (1, 2)])
    s = name(s, 1, "1.witch_master", "1.laeva")

    def spells(state):
        return {a.spell for a in legal(state, 1) if isinstance(a, Cast)}

    lightning = {"lightning_bolt", "great_lightning", "lightning_blade", "lightning_armour", "lightning_ward"}
    assert lightning <= spells(s)
    s, _ = apply(s, Move(1, "1.witch_master", EAST[:1]))
    s, _ = act(s, PlayTraps(0, ((15, hexes((4, 3))[0]),)), [])
    assert not lightning & spells(s) and "pain" in spells(s)  # no lightning, helpful or harmful
    with pytest.raises(IllegalActionError, match="dust"):
        apply(s, Cast(1, "1.witch_master", "lightning_bolt", "0.laeva", man=1))
    _, events = act(s, Cast(1, "1.witch_master", "pain", "0.laeva", man=2), [5, 5])
    assert of_kind(events, SpellResisted)  # other spells are cast as usual
    s, _ = apply(s, EndStep(1))
    s = to_step(s, 2, round_=2)
    s = name(s, 1, "1.witch_master", "1.laeva")
    assert lightning <= spells(s)  # the dust settles with the step


# --- a trap's poison against Marcangoló's Eg 0 (RB p.15-16; HR-5 card 14) ------------------------------


def test_a_traps_poison_meets_eg_0_after_rending_poison__rb_p15_hr5_card_14():
    s = place(started(traps=((14,), ())), {WM: HOME, "1.deasta": (6, -8)})
    s = tweak(s, discs=[(1, 2, 3, 4, 5), s.discs[1]])
    s = name(s, 0, WM, "0.laeva")
    s, _ = act(s, cast("rending_poison", "1.deasta", man=3), [9, 1])
    s = to_step(s, 2)
    s = place(s, {"1.deasta": (3, 3)})
    s = name(s, 1, "1.deasta", "1.laeva")
    s, _ = apply(s, Move(1, "1.deasta", EAST))
    _, events = act(s, PlayTraps(0, ((14, hexes((4, 3))[0]),)), [3, 2])
    # poison 6 + 3 = 9 against Eg 0 + 2 = 2 (his Eg 4 is gone for the match)
    assert of_kind(events, TrapPoisonResolved)[0][2:5] == (9, 2, True)
