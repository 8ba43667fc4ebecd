"""The 16 trap cards (card rules RB p.18; card contents HR-5).

The rulebook gives the card rules: 8 remote traps (1-8), triggered by entering the numbered hex
and paying the card's MAN in one's own step, and 8 direct traps (9-16), paid from the strategist's
4 MAN and played while an enemy moves, or, for the gate cards, while he opens or closes a gate.
It names only Kitörő forrás, the one trap that works in the central circle. The house rules
(HR-5) fill in the 16 cards.

Trap effects reuse the effect vocabulary of :mod:`arena.engine.content.spells` (damage,
modifiers, adjustments, forbidden actions). Spans that count steps rather than rounds use
:class:`StepSpan`. General rules stay with the resolver: Sp trap damage costs STP at the usual
thresholds (RB p.11, p.18), modifiers do not stack with spell or trap modifiers (digest §13),
traps never target strategists, and direct traps never target sneaking characters (HR-5, HR-4).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from arena.engine.content.common import CombatValue, DamageUnit, make_catalog
from arena.engine.content.spells import Adjust, Damage, Forbidden, Modifier, Op, Quantity, SpellType, Window, ep, sp


class TrapKind(enum.Enum):
    """The two kinds of trap card (RB p.18)."""

    REMOTE = "remote"  # távolsági csapda: cards 1-8
    DIRECT = "direct"  # direkt csapda: cards 9-16


TRAP_KIND_NUMBERS: Mapping[TrapKind, range] = MappingProxyType(
    {
        TrapKind.REMOTE: range(1, 9),
        TrapKind.DIRECT: range(9, 17),
    }
)


class Ring(enum.Enum):
    """The board's rings, named by the letters of HR-1.2."""

    CENTRAL = "C"  # the gladiators' central circle
    MIDDLE = "M"
    OUTER = "O"


class WallKind(enum.Enum):
    """Wall edges by kind (HR-1.4)."""

    INNER_CIRCLE = "inner_circle"  # between C and the middle ring
    RING = "ring"  # between the middle and the outer ring of one quarter
    CROSS = "cross"  # between two quarters


class Trigger(enum.Enum):
    """What the target must be doing when the trap strikes (RB p.18; HR-12.26-30)."""

    STANDING = "standing"  # remote traps: a character who is not moving (A63)
    MOVING = "moving"  # entering a hex by his own move or disengage (HR-12.29)
    CROSSING_GATE = "crossing_gate"  # passing through a gate edge
    ENTERING_GATE_HEX = "entering_gate_hex"
    TOGGLING_GATE = "toggling_gate"  # opening or closing a gate


class StepSpan(enum.Enum):
    """How long a trap's ban lasts."""

    REST_OF_STEP = "rest_of_step"  # the rest of the step in which the trap struck
    NEXT_STEP = "next_step"  # the target's next step in which he acts (like the net, HR-4)
    UNTIL_END_OF_NEXT_ROUND = "until_end_of_next_round"  # after step 6 of the following round


UNTIL_END_OF_NEXT_ROUND = Window(0, 1)
"""The round the trap was played and the next one (HR-5), in the spells' round windows."""


@dataclass(frozen=True, slots=True)
class TargetCondition:
    """Who a card may strike; every given requirement must hold.

    ``rings`` empty means any ring outside the central circle (the central circle needs
    ``Trap.works_in_central_circle``); ``wall_edges`` requires at least one edge of those kinds
    on the target's hex; ``within_blocks`` counts block distance from the numbered trap hex of
    the card's own number; ``on_gate_hex`` True requires a gate hex, False forbids one.
    """

    triggers: frozenset[Trigger]
    rings: frozenset[Ring] = frozenset()
    wall_edges: frozenset[WallKind] = frozenset()
    within_blocks: int | None = None
    on_gate_hex: bool | None = None


@dataclass(frozen=True, slots=True)
class TrapAttack:
    """The trap's value + d10 against the target's melee VÉ + d10; Kitérés may answer it.

    The rest of the card applies only on a hit. ``margin_damage`` deals ⌊Δ/2⌋ in that unit,
    where Δ is the attack total minus the defence total.
    """

    value: int
    dodge_allowed: bool = True
    margin_damage: DamageUnit | None = None


@dataclass(frozen=True, slots=True)
class TrapPoison:
    """A poison roll after the card's first damage: E + d10 against Eg + d10.

    If the target loses, ``damage`` and ``modifiers`` apply. The poison-neutralising amulet
    (the amulet of ``amulet_type``) cancels this part (RB p.7).
    """

    strength: int
    damage: Damage | None = None
    modifiers: tuple[Modifier, ...] = ()
    amulet_type: SpellType = SpellType.POISON


@dataclass(frozen=True, slots=True)
class Ban:
    action: Forbidden
    span: StepSpan


@dataclass(frozen=True, slots=True)
class TrapEffect:
    """What a card does, in the order written; with an ``attack`` all of it needs a hit."""

    attack: TrapAttack | None = None
    damage: Damage | None = None
    poison: TrapPoison | None = None
    modifiers: tuple[Modifier, ...] = ()
    adjustments: tuple[Adjust, ...] = ()
    bans: tuple[Ban, ...] = ()
    ends_movement: bool = False  # for this step; the rest of his MAN may be spent otherwise
    prone: bool = False  # as after Földrevitel (HR-4)
    exit_extra_man: int = 0  # extra MAN for his first hex out of the trap's hex
    release_man: int = 0  # MAN he must pay in his next step before he may move
    push_hexes: int = 0  # the trap's owner pushes him: no wall, same region, hex not full
    gate_jam: Window | None = None  # the gate shuts and cannot be opened for this window
    stays_on_entry_side: bool = False  # a crossing target stays on his side's gate hex
    damage_if_running: Damage | None = None


@dataclass(frozen=True, slots=True)
class Trap:
    """One trap card (RB p.18; HR-5)."""

    id: str
    number: int
    name_hu: str
    name_en: str
    kind: TrapKind
    man_cost: int
    condition: TargetCondition
    effect: TrapEffect
    effect_en: str
    effect_hu: str
    source: str
    gate_bound: bool = False
    works_in_central_circle: bool = False
    rules_source: str = "RB p.18"

    def __post_init__(self) -> None:
        problem = _trap_problem(self)
        if problem:
            raise ValueError(f"trap {self.id}: {problem}")

    @property
    def trigger_hex_number(self) -> int | None:
        """The numbered board hex that triggers a remote card (RB p.18); None for direct ones."""
        return self.number if self.kind is TrapKind.REMOTE else None

    @property
    def damage_unit(self) -> DamageUnit | None:
        """The unit of the damage the card can deal, None if it deals none (HR-5 table)."""
        effect = self.effect
        if effect.attack is not None and effect.attack.margin_damage is not None:
            return effect.attack.margin_damage
        for damage in (effect.damage, effect.damage_if_running):
            if damage is not None:
                return damage.unit
        return None

    @property
    def damages_stp(self) -> bool:
        """Traps whose damage is given in Sp destroy armour STP (RB p.18)."""
        return self.damage_unit is DamageUnit.SP


def _trap_problem(trap: Trap) -> str:
    """The first inconsistency in a card, or an empty string."""
    if trap.number not in TRAP_KIND_NUMBERS[trap.kind]:
        return f"card {trap.number} cannot be {trap.kind.name}"
    standing = trap.condition.triggers == frozenset({Trigger.STANDING})
    if standing != (trap.kind is TrapKind.REMOTE):
        return "remote traps strike standing characters, direct traps moving ones"
    if trap.gate_bound and trap.kind is not TrapKind.DIRECT:
        return "only direct traps are bound to gates"
    if trap.gate_bound != (Trigger.TOGGLING_GATE in trap.condition.triggers):
        return "gate-bound cards, and only they, strike a character opening or closing a gate"
    if trap.condition.within_blocks is not None and trap.kind is not TrapKind.REMOTE:
        return "only remote cards measure from their numbered hex"
    return ""


_STANDING = frozenset({Trigger.STANDING})
_MOVING = frozenset({Trigger.MOVING})

_TRAPS = (
    Trap(
        id="swinging_blades",
        number=1,
        name_hu="Lengő pengék",
        name_en="Swinging Blades",
        kind=TrapKind.REMOTE,
        man_cost=2,
        condition=TargetCondition(
            _STANDING,
            rings=frozenset({Ring.MIDDLE, Ring.OUTER}),
            wall_edges=frozenset({WallKind.INNER_CIRCLE, WallKind.RING}),
        ),
        effect=TrapEffect(attack=TrapAttack(14, margin_damage=DamageUnit.SP)),
        effect_en=(
            "An enemy on a middle- or outer-ring hex beside an inner-circle or ring wall is "
            "attacked with 14 + d10 against his VE + d10 (Dodge allowed); a hit deals ⌊Δ/2⌋ SP."
        ),
        effect_hu=(
            "A középső vagy a külső gyűrűben, belső körfal vagy gyűrűfal melletti mezőn álló "
            "ellenséges karaktert lengő pengék támadják 14 + k10 értékkel a VÉ + k10 ellen "
            "(Kitérés használható); találat esetén a különbség felét sebzik Sp-ben."
        ),
        source="HR-5",
    ),
    Trap(
        id="spear_wall",
        number=2,
        name_hu="Dárdafal",
        name_en="Spear Wall",
        kind=TrapKind.REMOTE,
        man_cost=2,
        condition=TargetCondition(_STANDING, wall_edges=frozenset({WallKind.CROSS})),
        effect=TrapEffect(damage=sp(4)),
        effect_en=("Spears from the wall strike an enemy on a hex beside a cross wall: 4 SP, no roll."),
        effect_hu=(
            "A keresztfal melletti mezőn álló ellenséges karaktert a falból kicsapó dárdák "
            "dobás nélkül 4 Sp-vel sebzik."
        ),
        source="HR-5",
    ),
    Trap(
        id="drop_net",
        number=3,
        name_hu="Zuhanó háló",
        name_en="Drop Net",
        kind=TrapKind.REMOTE,
        man_cost=2,
        condition=TargetCondition(_STANDING, within_blocks=3),
        effect=TrapEffect(
            attack=TrapAttack(12),
            bans=(Ban(Forbidden.SPENDING_MAN, StepSpan.NEXT_STEP),),
        ),
        effect_en=(
            "A net falls on an enemy within 3 blocks of hex 3: 12 + d10 against his VE + d10 "
            "(Dodge allowed); on a hit he spends no MAN in his next step."
        ),
        effect_hu=(
            "A 3-as mezőtől legfeljebb 3 blokk távolságban álló ellenséges karakterre háló "
            "zuhan: 12 + k10 a VÉ + k10 ellen (Kitérés használható); találat esetén következő "
            "lépésében nem költhet MAN-t."
        ),
        source="HR-5",
    ),
    Trap(
        id="erupting_spring",
        number=4,
        name_hu="Kitörő forrás",
        name_en="Erupting Spring",
        kind=TrapKind.REMOTE,
        man_cost=3,
        condition=TargetCondition(_STANDING, within_blocks=3),
        effect=TrapEffect(damage=sp(4), push_hexes=1),
        effect_en=(
            "Scalding water hits an enemy within 3 blocks of hex 4, even in the central circle: "
            "4 SP, SFE applies; then the trap's owner pushes him 1 hex, not across a wall, not out "
            "of his region and not onto a hex holding 3."
        ),
        effect_hu=(
            "A 4-es mezőtől legfeljebb 3 blokk távolságban álló ellenséges karaktert – akár a "
            "gladiátorok belső küzdőkörében is – forró víz sugara 4 Sp-vel sebzi (az SFÉ "
            "levonandó), majd a csapda gazdája 1 mezőnyit eltolja: falon át, a régiójából ki és "
            "3 karaktert tartó mezőre nem."
        ),
        source="RB p.18; HR-5",  # the rulebook names it; HR-5 fills in the card
        works_in_central_circle=True,
    ),
    Trap(
        id="quicksand",
        number=5,
        name_hu="Futóhomok",
        name_en="Quicksand",
        kind=TrapKind.REMOTE,
        man_cost=2,
        condition=TargetCondition(_STANDING, rings=frozenset({Ring.OUTER})),
        effect=TrapEffect(
            adjustments=(Adjust(Quantity.MOVE_COST, Op.SET, 2, UNTIL_END_OF_NEXT_ROUND),),
            bans=(Ban(Forbidden.RUNNING, StepSpan.UNTIL_END_OF_NEXT_ROUND),),
        ),
        effect_en=(
            "Quicksand opens under an enemy in the outer ring: until the end of the next round "
            "every hex costs him 2 MAN and he cannot run."
        ),
        effect_hu=(
            "A külső gyűrűben álló ellenséges karakter alatt futóhomok nyílik: a következő kör "
            "végéig minden mező 2 MAN-jába kerül, és a Futás képzettséget sem használhatja."
        ),
        source="HR-5",
    ),
    Trap(
        id="poisoned_spikes",
        number=6,
        name_hu="Mérgezett tüskék",
        name_en="Poisoned Spikes",
        kind=TrapKind.REMOTE,
        man_cost=2,
        condition=TargetCondition(_STANDING, on_gate_hex=True),
        effect=TrapEffect(damage=ep(2), poison=TrapPoison(5, damage=ep(3))),
        effect_en=(
            "Spikes hit an enemy on a gate hex, open or closed, for 2 EP; then poison E 5 + d10 "
            "against his EG + d10, and if he loses, 3 EP more (the poison amulet cancels it)."
        ),
        effect_hu=(
            "A nyitott vagy csukott kapu mezőjén álló ellenséges karaktert mérgezett tüskék "
            "2 Ép-vel sebzik, majd a méreg 5 + k10 erősséggel támad az Eg + k10 ellen; ha a "
            "karakter veszít, további 3 Ép-t sérül. A méregsemlegesítő amulett a mérget kivédi."
        ),
        source="HR-5",
    ),
    Trap(
        id="rockfall",
        number=7,
        name_hu="Kőomlás",
        name_en="Rockfall",
        kind=TrapKind.REMOTE,
        man_cost=3,
        condition=TargetCondition(_STANDING, within_blocks=4),
        effect=TrapEffect(damage=sp(5)),
        effect_en="Rocks fall on an enemy within 4 blocks of hex 7: 5 SP, no roll.",
        effect_hu=(
            "A 7-es mezőtől legfeljebb 4 blokk távolságban álló ellenséges karakterre kövek "
            "zúdulnak, amelyek dobás nélkül 5 Sp-t sebeznek."
        ),
        source="HR-5",
    ),
    Trap(
        id="blinding_mirrors",
        number=8,
        name_hu="Vakító tükrök",
        name_en="Blinding Mirrors",
        kind=TrapKind.REMOTE,
        man_cost=1,
        condition=TargetCondition(_STANDING, within_blocks=4),
        effect=TrapEffect(
            modifiers=(
                Modifier(CombatValue.CE, -3, UNTIL_END_OF_NEXT_ROUND),
                Modifier(CombatValue.TE, -2, UNTIL_END_OF_NEXT_ROUND),
            )
        ),
        effect_en=(
            "Mirrors dazzle an enemy within 4 blocks of hex 8: -3 CE and -2 TE until the end of the next round."
        ),
        effect_hu=(
            "A 8-as mezőtől legfeljebb 4 blokk távolságban álló ellenséges karaktert tükrök "
            "vakítják el: a következő kör végéig (−3) CÉ és (−2) TÉ büntetőt kap."
        ),
        source="HR-5",
    ),
    Trap(
        id="pit",
        number=9,
        name_hu="Verem",
        name_en="Pit",
        kind=TrapKind.DIRECT,
        man_cost=2,
        condition=TargetCondition(_MOVING, on_gate_hex=False),
        effect=TrapEffect(damage=sp(3), ends_movement=True, exit_extra_man=1),
        effect_en=(
            "A moving enemy, not on a gate hex, falls into a pit: 3 SP and his movement ends for "
            "this step; his first hex out of the pit costs +1 MAN."
        ),
        effect_hu=(
            "A mozgó, nem kapumezőn járó ellenséges karakter verembe zuhan: 3 Sp-t sérül, "
            "mozgása erre a lépésre véget ér (maradék MAN-jait másra fordíthatja), és a "
            "veremből kilépve az első mező +1 MAN-jába kerül."
        ),
        source="HR-5",
    ),
    Trap(
        id="bear_trap",
        number=10,
        name_hu="Medvecsapda",
        name_en="Bear Trap",
        kind=TrapKind.DIRECT,
        man_cost=2,
        condition=TargetCondition(_MOVING),
        effect=TrapEffect(damage=ep(2), ends_movement=True, release_man=2),
        effect_en=(
            "Iron jaws catch a moving enemy: 2 EP and his movement ends; in his next step he "
            "cannot move unless he first pays 2 MAN to open them."
        ),
        effect_hu=(
            "A mozgó ellenséges karakter lábára medvecsapda csapódik: 2 Ép-t sérül, mozgása "
            "véget ér, és következő lépésében csak akkor mozoghat, ha előbb 2 MAN-ért "
            "szétfeszíti a csapda pofáit."
        ),
        source="HR-5",
    ),
    Trap(
        id="falling_portcullis",
        number=11,
        name_hu="Zuhanó rács",
        name_en="Falling Portcullis",
        kind=TrapKind.DIRECT,
        man_cost=3,
        gate_bound=True,
        condition=TargetCondition(frozenset({Trigger.CROSSING_GATE, Trigger.TOGGLING_GATE})),
        effect=TrapEffect(
            damage=sp(4),
            gate_jam=UNTIL_END_OF_NEXT_ROUND,
            stays_on_entry_side=True,
        ),
        effect_en=(
            "A portcullis falls on an enemy crossing a gate or opening or closing one: 4 SP, and "
            "the gate shuts, jammed until the end of the next round; a crossing target stays on "
            "the gate hex of the side he came from."
        ),
        effect_hu=(
            "A kapun áthaladó, vagy kaput nyitó, illetve csukó ellenséges karakterre rács zuhan: "
            "4 Sp-t sérül, a kapu bezárul, és a következő kör végéig nem nyitható ki; az áthaladó "
            "karakter azon az oldalon marad a kapumezőn, amelyről érkezett."
        ),
        source="HR-5",
    ),
    Trap(
        id="spiked_gate_wing",
        number=12,
        name_hu="Tüskés kapuszárny",
        name_en="Spiked Gate-Wing",
        kind=TrapKind.DIRECT,
        man_cost=1,
        gate_bound=True,
        condition=TargetCondition(frozenset({Trigger.CROSSING_GATE, Trigger.ENTERING_GATE_HEX, Trigger.TOGGLING_GATE})),
        effect=TrapEffect(damage=sp(3)),
        effect_en=(
            "A spiked gate-wing strikes an enemy crossing a gate, entering a gate hex, or opening "
            "or closing a gate: 3 SP."
        ),
        effect_hu=(
            "A kapun áthaladó, kapumezőre lépő, vagy kaput nyitó, illetve csukó ellenséges "
            "karaktert a tüskés kapuszárny 3 Sp-vel sebzi."
        ),
        source="HR-5",
    ),
    Trap(
        id="spring_spear",
        number=13,
        name_hu="Rugós lándzsa",
        name_en="Spring Spear",
        kind=TrapKind.DIRECT,
        man_cost=2,
        condition=TargetCondition(_MOVING),
        effect=TrapEffect(attack=TrapAttack(15, margin_damage=DamageUnit.SP)),
        effect_en=(
            "A spring spear attacks a moving enemy with 15 + d10 against his VE + d10 (Dodge "
            "allowed); a hit deals ⌊Δ/2⌋ SP, and his movement goes on."
        ),
        effect_hu=(
            "A mozgó ellenséges karaktert rugós lándzsa támadja 15 + k10 értékkel a VÉ + k10 "
            "ellen (Kitérés használható); találat esetén a különbség felét sebzi Sp-ben, a "
            "karakter pedig folytathatja mozgását."
        ),
        source="HR-5",
    ),
    Trap(
        id="poison_thorn",
        number=14,
        name_hu="Mérges tövis",
        name_en="Poison Thorn",
        kind=TrapKind.DIRECT,
        man_cost=1,
        condition=TargetCondition(_MOVING),
        effect=TrapEffect(
            damage=ep(1),
            poison=TrapPoison(
                6,
                modifiers=(
                    Modifier(CombatValue.VE, -3, UNTIL_END_OF_NEXT_ROUND),
                    Modifier(CombatValue.CE, -2, UNTIL_END_OF_NEXT_ROUND),
                ),
            ),
        ),
        effect_en=(
            "A thorn pricks a moving enemy for 1 EP; then poison E 6 + d10 against his EG + d10, "
            "and if he loses, -3 VE and -2 CE until the end of the next round (the poison amulet "
            "cancels it)."
        ),
        effect_hu=(
            "A mozgó ellenséges karaktert mérges tövis szúrja meg: 1 Ép-t sérül, majd a méreg "
            "6 + k10 erősséggel támad az Eg + k10 ellen; ha a karakter veszít, a következő kör "
            "végéig (−3) VÉ és (−2) CÉ büntetőt kap. A méregsemlegesítő amulett a mérget kivédi."
        ),
        source="HR-5",
    ),
    Trap(
        id="dust_burst",
        number=15,
        name_hu="Porfelhő",
        name_en="Dust Burst",
        kind=TrapKind.DIRECT,
        man_cost=1,
        condition=TargetCondition(_MOVING),
        effect=TrapEffect(
            ends_movement=True,
            bans=(
                Ban(Forbidden.RANGED_ATTACKS, StepSpan.REST_OF_STEP),
                Ban(Forbidden.LIGHTNING_SPELLS, StepSpan.REST_OF_STEP),
            ),
        ),
        effect_en=(
            "Dust bursts around a moving enemy: his movement ends for this step, and for the rest "
            "of it he may make no ranged attack and cast no lightning."
        ),
        effect_hu=(
            "A mozgó ellenséges karakter körül porfelhő csap fel: mozgása erre a lépésre véget "
            "ér, és a lépés hátralévő részében nem támadhat távolról, villámmágiát sem mondhat."
        ),
        source="HR-5",
    ),
    Trap(
        id="tripwire",
        number=16,
        name_hu="Botlódrót",
        name_en="Tripwire",
        kind=TrapKind.DIRECT,
        man_cost=1,
        condition=TargetCondition(_MOVING),
        effect=TrapEffect(prone=True, ends_movement=True, damage_if_running=sp(2)),
        effect_en=(
            "A moving enemy trips over a wire: he falls prone and his movement ends; if he was "
            "running, he also takes 2 SP."
        ),
        effect_hu=(
            "A mozgó ellenséges karakter megbotlik a kifeszített drótban: a földre esik, mozgása "
            "véget ér, és ha éppen futott (Futás), 2 Sp-t is sérül."
        ),
        source="HR-5",
    ),
)

TRAPS: Mapping[str, Trap] = make_catalog(_TRAPS)
"""All 16 trap cards by id, ordered by card number."""


def remote_traps() -> tuple[Trap, ...]:
    """Cards 1-8, triggered from the numbered hexes (RB p.18)."""
    return tuple(trap for trap in TRAPS.values() if trap.kind is TrapKind.REMOTE)


def direct_traps() -> tuple[Trap, ...]:
    """Cards 9-16, paid from the strategist's MAN while an enemy moves (RB p.18)."""
    return tuple(trap for trap in TRAPS.values() if trap.kind is TrapKind.DIRECT)


def trap_by_number(number: int) -> Trap:
    """The card with the number printed in its top-left corner (RB p.18)."""
    for trap in TRAPS.values():
        if trap.number == number:
            return trap
    raise KeyError(f"no trap card number {number}")
