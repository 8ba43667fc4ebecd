"""The 31 spells of the witch-master (RB p.11-18; digest §15-§16).

Each spell is a frozen :class:`Spell` whose :class:`SpellEffect` holds every number the resolver
needs, built from a few small part types: :class:`Damage`, :class:`Heal`, :class:`Modifier`,
:class:`Adjust`, :class:`Forbid`, :class:`Immunity`, :class:`Retaliation`, :class:`Cage`,
:class:`Frenzy` and :class:`RaiseUndead`. How a spell reaches its target is given by the header
(strength and resistance), by a :class:`TouchAttack` or by a :class:`LightningAttack`.

Timing is counted in rounds from the casting round (round 0), see :class:`Window`. A spell cast in
round R with a 2-round duration ends after step 6 of round R + 1 (RB p.12; digest §15.5).

The general rules stay with the resolver and are not repeated per entry: the caster is immune to
the harmful effects of his own spells (A42), spells never cost armour STP (RB p.11), the matching
amulet blocks every harmful effect of its spell type (RB p.7, p.12; A37), and spell and trap
modifiers do not stack (RB p.10, p.12; digest §13).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from arena.engine.content.common import CombatValue, DamageUnit, Printed, make_catalog


class SpellType(enum.Enum):
    """The type printed at each spell; an amulet of a type blocks it (RB p.12; digest §15.3)."""

    CURSE = "curse"
    POISON = "poison"
    LIGHTNING = "lightning"
    SPECIAL = "special"
    NONE = "none"  # printed "–": Átok, Életerőszívás and Haláltánc; no amulet blocks them (A36)


SPELL_TYPE_NAMES: Mapping[SpellType, tuple[str, str]] = MappingProxyType(
    {
        SpellType.CURSE: ("rontás", "curse"),
        SpellType.POISON: ("méreg", "poison"),
        SpellType.LIGHTNING: ("villám", "lightning"),
        SpellType.SPECIAL: ("különleges", "special"),
        SpellType.NONE: ("–", "none"),
    }
)


class Resistance(enum.Enum):
    """What the target rolls against the spell's E + d10 (RB p.11)."""

    EG = "eg"  # Egészség + d10
    ME = "me"  # Mágiaellenállás + d10; a target without ME rolls d10 alone
    NONE = "none"  # no resistance roll


@dataclass(frozen=True, slots=True)
class Window:
    """The rounds in which a lasting effect is in force, counted from the round it was cast.

    ``first`` and ``last`` are offsets from the casting round (0 = the casting round itself);
    the effect ends after step 6 of round ``cast_round + last``, and ``last=None`` means it lasts
    until the end of the game.

    >>> ROUNDS_2.is_active(cast_round=4, round_=5), ROUNDS_2.is_active(cast_round=4, round_=6)
    (True, False)
    """

    first: int
    last: int | None

    def __post_init__(self) -> None:
        if self.first < 0 or (self.last is not None and self.last < self.first):
            raise ValueError(f"invalid window: {self.first}..{self.last}")

    def is_active(self, cast_round: int, round_: int) -> bool:
        """Whether the effect is in force during ``round_``."""
        offset = round_ - cast_round
        return offset >= self.first and (self.last is None or offset <= self.last)

    def last_round(self, cast_round: int) -> int | None:
        """The round after whose step 6 the effect lapses; None while the game lasts."""
        return None if self.last is None else cast_round + self.last


ROUNDS_2 = Window(0, 1)
ROUNDS_3 = Window(0, 2)
UNTIL_END_OF_GAME = Window(0, None)
NEXT_ROUND_ONLY = Window(1, 1)  # Quintarha: the full round after the casting round (A48)
TWO_LATER_ROUNDS = Window(1, 2)  # Tűzvihar's end-of-round blasts


class Duration(enum.Enum):
    """The duration printed in a spell's header (RB p.12; digest §15.5)."""

    INSTANT = "instant"  # egyszeri
    ROUNDS_2 = "rounds_2"  # 2 kör
    ROUNDS_3 = "rounds_3"  # 3 kör
    PERMANENT = "permanent"  # végleges: until the end of the game

    @property
    def window(self) -> Window | None:
        """The rounds covered, counted from the casting round; None for an instant spell."""
        return _DURATION_WINDOWS[self]


_DURATION_WINDOWS: Mapping[Duration, Window | None] = MappingProxyType(
    {
        Duration.INSTANT: None,
        Duration.ROUNDS_2: ROUNDS_2,
        Duration.ROUNDS_3: ROUNDS_3,
        Duration.PERMANENT: UNTIL_END_OF_GAME,
    }
)


class Onset(enum.Enum):
    """When a spell's lasting part starts."""

    ON_CAST = "on_cast"  # at once, even for multi-round spells (RB p.12)
    NEXT_ROUND = "next_round"  # Quintarha: "(következő körben)" (RB p.15; A48)


class RangeKind(enum.Enum):
    """How far a spell reaches (RB p.12; digest §15.6)."""

    TOUCH = "touch"  # same hex, with a melee attack roll (§15.7)
    SELF = "self"  # only the caster (Tűzalak)
    TOUCH_OR_SELF = "touch_or_self"  # the caster, or someone on his hex (A39)
    BLOCKS = "blocks"  # target at most N blocks away
    AREA_CENTRE_WITHIN_BLOCKS = "area_centre_within_blocks"  # a one-block area, centre within N
    AREA_ON_CASTER = "area_on_caster"  # a one-block area centred on the caster's hex


_RANGES_WITH_BLOCKS = frozenset({RangeKind.BLOCKS, RangeKind.AREA_CENTRE_WITHIN_BLOCKS})


@dataclass(frozen=True, slots=True)
class SpellRange:
    """A spell's range; ``blocks`` is given exactly for the kinds that count blocks."""

    kind: RangeKind
    blocks: int | None = None

    def __post_init__(self) -> None:
        if (self.blocks is not None) != (self.kind in _RANGES_WITH_BLOCKS):
            raise ValueError(f"range {self.kind.name} with blocks={self.blocks}")

    @property
    def is_area(self) -> bool:
        return self.kind in (RangeKind.AREA_CENTRE_WITHIN_BLOCKS, RangeKind.AREA_ON_CASTER)


TOUCH = SpellRange(RangeKind.TOUCH)
SELF = SpellRange(RangeKind.SELF)
TOUCH_OR_SELF = SpellRange(RangeKind.TOUCH_OR_SELF)
AREA_ON_CASTER = SpellRange(RangeKind.AREA_ON_CASTER)


def within(blocks: int) -> SpellRange:
    """A target at most ``blocks`` blocks away (own block + N, digest §4.2)."""
    return SpellRange(RangeKind.BLOCKS, blocks)


def area_within(blocks: int) -> SpellRange:
    """A one-block area whose centre hex is at most ``blocks`` blocks away."""
    return SpellRange(RangeKind.AREA_CENTRE_WITHIN_BLOCKS, blocks)


class AreaShape(enum.Enum):
    ONE_BLOCK = "one_block"  # the centre hex and its six neighbours (RB p.13, p.15, p.17; A4)


class Absorption(enum.Enum):
    """Which armour SFÉ is subtracted from a damage (RB p.10-12; digest §14)."""

    ARMOUR = "armour"  # any armour's SFÉ, while it counts (digest §14.4)
    LEATHER_ONLY = "leather_only"  # lightning: metal SFÉ ignored, except Aranyharang (RB p.12)
    NONE = "none"  # nothing: Ép damage, and Tűzvihar's first blast


class Bearer(enum.Enum):
    """Who a modifier applies to."""

    TARGET = "target"  # the target; for an area, each character in it (caster excepted, A42)
    CASTER = "caster"
    CASTER_IN_AREA = "caster_in_area"  # Bebörtönzés: the caster while inside the cage (A55)
    SHOOTERS_FROM_OR_THROUGH_AREA = "shooters_from_or_through_area"  # Savfelhő (A51)
    TARGETS_SHOT_THROUGH_OR_INTO_AREA = "targets_shot_through_or_into_area"  # Tűzvihar


class Quantity(enum.Enum):
    """Values outside the non-stacking combat values that spells and traps change (A62)."""

    MAN_PER_STEP = "man_per_step"  # MAN he may spend in one step
    MOVE_COST = "move_cost"  # MAN per hex moved
    MOV = "mov"  # movement value, hexes per step
    SPELL_COST = "spell_cost"  # extra MAN for every spell he casts
    EG = "eg"
    INJURY_EP = "injury_ep"  # extra Ép lost after every injury


class Op(enum.Enum):
    ADD = "add"
    MULTIPLY = "multiply"
    SET = "set"
    CAP = "cap"  # at most this much


class Forbidden(enum.Enum):
    """Actions an effect forbids."""

    SPENDING_MAN = "spending_man"
    RANGED_ATTACKS = "ranged_attacks"  # aimed attacks with weapons
    LIGHTNING_SPELLS = "lightning_spells"
    CASTING = "casting"
    PUSHING = "pushing"  # the gladiators' push (RB p.9; A26)
    RUNNING = "running"  # the Futás skill
    AIMING = "aiming"  # the Célzás skill


class ImmunityKind(enum.Enum):
    WEAPON_DAMAGE = "weapon_damage"  # every weapon attack, melee or ranged, zombies' too (A53)
    LIGHTNING_DAMAGE = "lightning_damage"  # lightning spells up to ``max_spell_level``


@dataclass(frozen=True, slots=True)
class Damage:
    """A fixed damage. With ``ticks`` it is dealt at the end of each round of that window
    instead of once, when the effect resolves."""

    amount: int
    unit: DamageUnit
    absorption: Absorption = Absorption.ARMOUR
    ticks: Window | None = None

    def __post_init__(self) -> None:
        if self.amount <= 0:
            raise ValueError(f"damage must be positive, got {self.amount}")
        if self.unit is DamageUnit.EP and self.absorption is not Absorption.NONE:
            raise ValueError("Ép damage is never reduced by armour (RB p.10)")

    @property
    def ignores_metal_sfe(self) -> bool:
        return self.absorption is not Absorption.ARMOUR


def ep(amount: int) -> Damage:
    """Damage in Ép, taken in full."""
    return Damage(amount, DamageUnit.EP, Absorption.NONE)


def sp(amount: int, absorption: Absorption = Absorption.ARMOUR) -> Damage:
    """Damage in Sp, reduced by the given armour's SFÉ."""
    return Damage(amount, DamageUnit.SP, absorption)


def lightning_sp(amount: int) -> Damage:
    """Lightning damage in Sp: only leather SFÉ counts (RB p.12)."""
    return Damage(amount, DamageUnit.SP, Absorption.LEATHER_ONLY)


@dataclass(frozen=True, slots=True)
class Heal:
    """The caster regains Ép, never above his original maximum (RB p.14-15; A47)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Modifier:
    """A combat-value modifier; it takes part in the non-stacking rule (digest §13)."""

    value: CombatValue
    amount: int
    window: Window
    bearer: Bearer = Bearer.TARGET
    applies_to_lightning: bool = False  # a CÉ modifier that also hits lightning spells (A40)


@dataclass(frozen=True, slots=True)
class Adjust:
    """A change to a quantity outside the combat values; these always stack (A62)."""

    quantity: Quantity
    op: Op
    amount: int
    window: Window


@dataclass(frozen=True, slots=True)
class Forbid:
    action: Forbidden
    window: Window


@dataclass(frozen=True, slots=True)
class Immunity:
    kind: ImmunityKind
    window: Window
    max_spell_level: int | None = None


@dataclass(frozen=True, slots=True)
class Retaliation:
    """Whoever hits the bearer with a successful melee attack takes ``damage`` (A46)."""

    damage: Damage
    window: Window


@dataclass(frozen=True, slots=True)
class Cage:
    """Whoever crosses the area's boundary, either way, takes ``damage`` (RB p.17; A55)."""

    damage: Damage
    window: Window
    spells_and_shots_pass: bool = True


@dataclass(frozen=True, slots=True)
class Frenzy:
    """The victim hunts one character the caster names at casting (RB p.17; A56)."""

    man_per_step: int  # replaces his normal MAN; usable only against the designee
    window: Window
    designee_may_be_own_team: bool = True
    acts_first_in_step: bool = True


@dataclass(frozen=True, slots=True)
class RaiseUndead:
    """A dead fighter rises as a zombie (RB p.15; A52)."""

    ep_divisor: int  # Ép = ⌊original maximum ÷ divisor⌋
    hexes_per_round: int
    man_per_round: int  # given to the creator's player, usable only by the zombie
    command_man: int  # the creator may add this much of his own MAN, giving up casting that step
    window: Window
    keeps_skills: bool = False
    strategist_may_give_man: bool = False
    attacks_creator: bool = False
    may_rise_again: bool = False


Part: TypeAlias = Damage | Heal | Modifier | Adjust | Forbid | Immunity | Retaliation | Cage | Frenzy | RaiseUndead


@dataclass(frozen=True, slots=True)
class TouchAttack:
    """A melee attack roll, TE + bonus + d10 against VE + d10, on the caster's hex (RB p.12).

    The general +5 TE against a team-mate is not added on top of ``te_bonus`` (A39); on himself
    the caster needs no roll.
    """

    te_bonus: int = 0
    with_weapon: bool = False  # the hit may be a weapon blow; the spell's damage is the total


@dataclass(frozen=True, slots=True)
class LightningLink:
    """One bolt: the spell's CÉ + d10 against the ranged defence; a hit deals ``damage``."""

    ce: int
    damage: Damage


@dataclass(frozen=True, slots=True)
class LightningAttack:
    """A lightning bolt shot with the spell's own CÉ (RB p.12; A40).

    Several links make a chain: one roll per link, in an order the caster chooses, stopping at
    the first miss (RB p.17; A57).
    """

    links: tuple[LightningLink, ...]
    min_links: int = 1
    ignores_walls: bool = False  # Forduló villám: over walls, through open gates (RB p.16)


@dataclass(frozen=True, slots=True)
class Area:
    """A one-block area that stays for ``window``."""

    shape: AreaShape
    window: Window
    move_man_per_hex: int | None = None  # Savfelhő: the caster moves the centre (RB p.13-14)


@dataclass(frozen=True, slots=True)
class Choice:
    """One of a curse's two effects; the caster chooses one when he casts (RB p.12; A41)."""

    id: str
    name_hu: str
    name_en: str
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class SpellEffect:
    """What a spell does.

    ``parts`` apply whenever the spell takes hold: at casting, or on a hit for touch and
    lightning attacks, and for a resisted spell whatever the roll (the milder poison effect).
    ``on_fail`` applies in addition only if the target fails his resistance roll; ``choices``
    likewise, one option picked by the caster.
    """

    parts: tuple[Part, ...] = ()
    on_fail: tuple[Part, ...] = ()
    choices: tuple[Choice, ...] = ()
    attack: TouchAttack | LightningAttack | None = None
    area: Area | None = None


@dataclass(frozen=True, slots=True)
class Spell:
    """One entry of the spell list (RB p.13-18; digest §16).

    ``duration`` is the header's lasting duration; ``has_instant_part`` marks the headers that
    read "egyszeri/N kör" or "egyszeri/végleges", and ``onset`` Quintarha's delayed effect.
    """

    id: str
    number: int
    name_hu: str
    name_en: str
    level: int  # also the MAN cost (RB p.8)
    spell_type: SpellType
    range: SpellRange
    strength: int | None
    resistance: Resistance
    duration: Duration
    effect: SpellEffect
    effect_en: str
    effect_hu: str
    source: str
    notes_source: str
    has_instant_part: bool = False
    onset: Onset = Onset.ON_CAST
    printed: tuple[Printed, ...] = ()  # the rulebook's words where a reading resolves them

    def __post_init__(self) -> None:
        problem = _spell_problem(self)
        if problem:
            raise ValueError(f"spell {self.id}: {problem}")

    @property
    def man_cost(self) -> int:
        """MAN to cast it, before Végtagsorvasztás's +1 (RB p.8, p.16)."""
        return self.level

    @property
    def is_resisted(self) -> bool:
        return self.strength is not None


def _spell_problem(spell: Spell) -> str:
    """The first inconsistency in an entry, or an empty string."""
    effect = spell.effect
    if not 1 <= spell.level <= 5:
        return f"level {spell.level} outside 1-5"
    if (spell.strength is None) != (spell.resistance is Resistance.NONE):
        return "strength and resistance must be given together"
    if (effect.on_fail or effect.choices) and spell.strength is None:
        return "an effect on a failed roll needs a strength"
    if effect.choices and (spell.spell_type is not SpellType.CURSE or len(effect.choices) != 2):
        return "only curses offer a choice of two effects"
    if isinstance(effect.attack, LightningAttack) and spell.spell_type is not SpellType.LIGHTNING:
        return "only lightning spells shoot bolts"
    if isinstance(effect.attack, TouchAttack) and spell.range.kind not in (
        RangeKind.TOUCH,
        RangeKind.TOUCH_OR_SELF,
    ):
        return "a touch attack needs a touch range"
    if (effect.area is not None) != spell.range.is_area:
        return "an area needs an area range"
    if spell.has_instant_part and spell.duration is Duration.INSTANT:
        return "an instant part needs a lasting duration beside it"
    return ""


_SPELLS = (
    Spell(
        id="malediction",
        number=1,
        name_hu="Átok",
        name_en="Malediction",
        level=1,
        spell_type=SpellType.NONE,
        range=within(3),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_2,
        effect=SpellEffect(
            on_fail=(
                Modifier(CombatValue.TE, -4, ROUNDS_2),
                Modifier(CombatValue.CE, -2, ROUNDS_2),
            )
        ),
        effect_en="If the victim fails his health check, he suffers -4 TE and -2 CE for 2 rounds.",
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban tartózkodó áldozat elvéti Egészség-próbáját, "
            "2 körre néggyel csökken a támadó-, és kettővel a célzóértéke (−4 TÉ, −2 CÉ)."
        ),
        source="RB p.13",
        notes_source="digest §16.1 n.1; A36, A43",
    ),
    Spell(
        id="bowel_rot",
        number=2,
        name_hu="Bélsorvadás",
        name_en="Bowel Rot",
        level=1,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.INSTANT,
        effect=SpellEffect(on_fail=(ep(3),)),
        effect_en="If the target fails his health check, he loses 3 EP to terrible cramps.",
        effect_hu=(
            "A legfeljebb 3 blokk távolságban tartózkodó célszemély, amennyiben elvéti "
            "Egészség-próbáját, borzasztó görcsök közepette 3 Ép-t sérül."
        ),
        source="RB p.13",
        notes_source="digest §16.1 n.2",
    ),
    Spell(
        id="life_drain",
        number=3,
        name_hu="Életerőszívás",
        name_en="Life Drain",
        level=1,
        spell_type=SpellType.NONE,
        range=TOUCH,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(parts=(ep(4),), attack=TouchAttack(te_bonus=5)),
        effect_en=(
            "The caster touches the target with his bare hand in a melee attack at +5 TE; "
            "on a hit the target loses 4 EP."
        ),
        effect_hu=(
            "A boszorkánymesternek (+5) TÉ bónusszal sikeres támadódobást kell végrehajtania; "
            "ha puszta kezével megérinti a kiszemeltet, az illető 4 Ép-t sérül."
        ),
        source="RB p.13",
        notes_source="digest §16.1 n.3; A36, A47",
    ),
    Spell(
        id="lightning_blade",
        number=4,
        name_hu="Villámpenge",
        name_en="Lightning Blade",
        level=1,
        spell_type=SpellType.LIGHTNING,
        range=TOUCH_OR_SELF,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(
            parts=(Modifier(CombatValue.TE, 5, ROUNDS_3),),
            attack=TouchAttack(),
        ),
        effect_en=("Discharges surround the weapon of a person on the caster's hex: for 3 rounds he attacks at +5 TE."),
        effect_hu=(
            "A varázstudóval azonos mezőn álló, általa kiválasztott személy kezében lévő fegyvert "
            "3 körig energiakisülések övezik, így forgatója (+5) TÉ bónusszal támadhat."
        ),
        source="RB p.13",
        notes_source="digest §16.1 n.4; A37, A39",
    ),
    Spell(
        id="dizzying_poison",
        number=5,
        name_hu="Szédítő méregvarázs",
        name_en="Dizzying Poison",
        level=1,
        spell_type=SpellType.POISON,
        range=within(2),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(on_fail=(Modifier(CombatValue.VE, -3, ROUNDS_3),)),
        effect_en=(
            "If the target fails his health check, he defends at -3 VE for 3 rounds; this poison has no milder effect."
        ),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban álló célszemély, ha elvéti Egészség-próbáját, "
            "szédelgése miatt három körig (−3) VÉ büntetővel védekezik."
        ),
        source="RB p.13",
        notes_source="digest §15.9, §16.1 n.5",
    ),
    Spell(
        id="lightning_bolt",
        number=6,
        name_hu="Villám",
        name_en="Lightning Bolt",
        level=1,
        spell_type=SpellType.LIGHTNING,
        range=within(3),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(attack=LightningAttack((LightningLink(7, lightning_sp(3)),))),
        effect_en=(
            "A bolt shot with CE 7 against the ranged defence; a hit deals 3 SP, reduced only by leather armour's SFE."
        ),
        effect_hu=(
            "A boszorkánymester 7 CÉ-vel lövi ki villámát a legfeljebb 3 blokk távolságban álló "
            "célpontra; találat esetén 3 Sp-t sebez, amiből csak a bőrvértek SFÉ-je vonandó le."
        ),
        source="RB p.13",
        notes_source="digest §16.1 n.6; A50",
    ),
    Spell(
        id="acid_cloud",
        number=7,
        name_hu="Savfelhő",
        name_en="Acid Cloud",
        level=1,
        spell_type=SpellType.SPECIAL,
        range=area_within(2),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        has_instant_part=True,
        effect=SpellEffect(
            parts=(
                ep(1),
                Modifier(
                    CombatValue.CE,
                    -2,
                    ROUNDS_3,
                    bearer=Bearer.SHOOTERS_FROM_OR_THROUGH_AREA,
                    applies_to_lightning=True,
                ),
            ),
            area=Area(AreaShape.ONE_BLOCK, ROUNDS_3, move_man_per_hex=1),
        ),
        effect_en=(
            "An acid cloud on a one-block area deals 1 EP to everyone in it but the caster; "
            "for 3 rounds ranged attacks from or through it, lightning included, get -2 CE, "
            "and the caster may move its centre 1 hex per 1 MAN."
        ),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban kijelölt középpont körüli egy blokknyi területen "
            "savas ködfelhő jelenik meg, amely a boszorkánymester kivételével mindenkit 1 Ép-vel "
            "sebez. Három körig aki a felhő területéről vagy azon keresztül támad távolról, "
            "(−2) CÉ büntetőt kap (a villámmágiáknál is), a varázsló pedig 1 saját MAN-ért "
            "1 mezőnyit mozdíthatja el a felhő középpontját."
        ),
        source="RB p.13–14",
        notes_source="digest §16.1 n.7; A40, A42, A51",
    ),
    Spell(
        id="numbing_poison",
        number=8,
        name_hu="Zsibbasztó méregvarázs",
        name_en="Numbing Poison",
        level=2,
        spell_type=SpellType.POISON,
        range=within(2),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_2,
        has_instant_part=True,
        effect=SpellEffect(
            parts=(ep(2),),
            on_fail=(
                Forbid(Forbidden.RANGED_ATTACKS, ROUNDS_2),
                Modifier(CombatValue.VE, -3, ROUNDS_2),
                Forbid(Forbidden.PUSHING, ROUNDS_2),
            ),
        ),
        effect_en=(
            "The target always loses 2 EP; if he fails his health check, for 2 rounds he also "
            "cannot make aimed attacks, defends at -3 VE and, as a gladiator, cannot push."
        ),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban tartózkodó célszemély mindenképpen 2 Ép-t sérül. "
            "Ha elvéti Egészség-próbáját, két körig képtelen célzó támadásra, (−3) VÉ büntetővel "
            "védekezik, és ha gladiátor, ellenfelét sem irányíthatja."
        ),
        source="RB p.14",
        notes_source="digest §16.1 n.8; A26, A44; HR-12.1",
        printed=(
            Printed(
                "RB p.14",
                "egyszeri/2 kör",
                "A fejléc időtartama: azonnali rész, majd 2 kör.",
                "The header's duration: an instant part, then 2 rounds.",
                "RB p.14",
            ),
            Printed(
                "RB p.14",
                "képtelenné válik célzó támadásra, valamint (-3) VÉ büntetővel védekezik három körig",
                "A szöveg „három körig”-je és a fejléc „2 kör”-e közül a fejléc érvényes: a hatás két "
                "körig tart (a varázslás köre és az utána következő). A mondat szó szerint a Szédítő "
                "méregvarázsét ismétli, amelynek fejléce valóban 3 kör, ezért elírásnak vesszük.",
                "Of the prose's “three rounds” and the header's “2 rounds” the header stands: the "
                "effect lasts 2 rounds (the casting round and the next). The sentence repeats Dizzying "
                "Poison's word for word, whose header does say 3 rounds, so it is read as a copying slip.",
                "digest A44; HR-12.1",
            ),
        ),
    ),
    Spell(
        id="pain",
        number=9,
        name_hu="Fájdalom",
        name_en="Pain",
        level=2,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=6,
        resistance=Resistance.EG,
        duration=Duration.INSTANT,
        effect=SpellEffect(on_fail=(ep(4),)),
        effect_en="If the victim fails his health check, he loses 4 EP to cramping pain.",
        effect_hu=(
            "A legfeljebb 3 blokk távolságban tartózkodó áldozat, amennyiben elvéti "
            "Egészség-próbáját, a szinte kibírhatatlan fájdalomtól 4 Ép-t sérül."
        ),
        source="RB p.14",
        notes_source="digest §16.1 n.9",
    ),
    Spell(
        id="great_lightning",
        number=10,
        name_hu="Hatalmas villám",
        name_en="Great Lightning",
        level=2,
        spell_type=SpellType.LIGHTNING,
        range=within(3),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(attack=LightningAttack((LightningLink(9, lightning_sp(4)),))),
        effect_en=("A forked bolt shot with CE 9; a hit deals 4 SP, and metal armour's SFE is ignored."),
        effect_hu=(
            "A többágú villám 9 CÉ-vel támad, és a legfeljebb 3 blokk távolságban tartózkodó "
            "áldozaton 4 Sp-t sebez; a gladiátorok fémvértjének SFÉ-je nem érvényesül ellene."
        ),
        source="RB p.14",
        notes_source="digest §16.1 n.10",
    ),
    Spell(
        id="burning_nerves",
        number=11,
        name_hu="Izzó idegek",
        name_en="Burning Nerves",
        level=2,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_2,
        effect=SpellEffect(
            choices=(
                Choice(
                    "man_cap",
                    "legfeljebb 2 MAN",
                    "at most 2 MAN",
                    (Adjust(Quantity.MAN_PER_STEP, Op.CAP, 2, ROUNDS_2),),
                ),
                Choice(
                    "defence",
                    "(−5) VÉ",
                    "-5 VE",
                    (Modifier(CombatValue.VE, -5, ROUNDS_2),),
                ),
            )
        ),
        effect_en=(
            "If the victim fails his health check, for 2 rounds he may spend at most 2 MAN per "
            "step or defends at -5 VE, as the caster chooses."
        ),
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban tartózkodó áldozat elvéti Egészség-próbáját, "
            "két körig a boszorkánymester tetszése szerint vagy lépésenként legfeljebb 2 MAN-t "
            "használhat fel, vagy (−5) VÉ büntető jár védőértékéhez."
        ),
        source="RB p.14",
        notes_source="digest §15.10, §16.1 n.11; A41, A45; HR-12.7",
    ),
    Spell(
        id="lightning_ward",
        number=12,
        name_hu="Villámtagadás",
        name_en="Lightning Ward",
        level=2,
        spell_type=SpellType.LIGHTNING,
        range=within(2),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(parts=(Immunity(ImmunityKind.LIGHTNING_DAMAGE, ROUNDS_3, max_spell_level=3),)),
        effect_en="For 3 rounds the target cannot be damaged by level 1-3 lightning spells.",
        effect_hu=(
            "A legfeljebb 2 blokk távolságban tartózkodó célszemély három körig védetté válik "
            "az 1–3. szintű villámmágiákkal szemben, így azok nem képesek sebezni őt."
        ),
        source="RB p.14",
        notes_source="digest §16.1 n.12; A37",
    ),
    Spell(
        id="lightning_armour",
        number=13,
        name_hu="Villámvért",
        name_en="Lightning Armour",
        level=2,
        spell_type=SpellType.LIGHTNING,
        range=TOUCH_OR_SELF,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(
            parts=(Retaliation(lightning_sp(4), ROUNDS_3),),
            attack=TouchAttack(),
        ),
        effect_en=(
            "For 3 rounds an energy armour guards the caster or a person on his hex; whoever hits "
            "him with a successful attack that touches him (melee, a halberd from the next hex, a "
            "touch spell) takes 4 SP of lightning; shots and throws do not."
        ),
        effect_hu=(
            "A varázstudó saját magát vagy egy vele azonos mezőn álló személyt három körre "
            "kékes energiapáncéllal övez: aki sikeres, érintéssel járó támadást hajt végre a védett "
            "személy ellen (közelharcban, alabárddal a szomszéd mezőről vagy érintéses varázslattal), "
            "az elektromos kisülések miatt maga is 4 Sp-t sérül; lövés és dobás után nem."
        ),
        source="RB p.14",
        notes_source="digest §16.1 n.13; A37, A39, A42, A46",
        printed=(
            Printed(
                "RB p.14",
                "mindenki, aki sikeres támadást hajt végre az energiapáncéllal védett személy ellen, "
                "annak elektromos kisülései miatt maga is sérül 4 Sp-t",
                "A „sikeres támadás” itt az érintéssel járó támadás: közelharc, alabárd a szomszéd "
                "mezőről, érintéses varázslat. A sebzést a páncél kisülései okozzák, ezekhez érintés kell; "
                "a lövést és a dobást nem sújtják.",
                "The “successful attack” is one that touches him: melee, a halberd from the next hex, "
                "a touch spell. The damage comes from the armour's discharges, which need contact; "
                "shots and throws are not struck.",
                "digest A46",
            ),
        ),
    ),
    Spell(
        id="life_theft",
        number=14,
        name_hu="Életerőrablás",
        name_en="Life Theft",
        level=3,
        spell_type=SpellType.SPECIAL,
        range=TOUCH,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(
            parts=(ep(5), Heal(5)),
            attack=TouchAttack(te_bonus=5, with_weapon=True),
        ),
        effect_en=(
            "A touch or weapon attack at +5 TE; a hit costs the victim 5 EP in all, weapon "
            "included, and heals the caster 5 EP, never above his maximum."
        ),
        effect_hu=(
            "A (+5) TÉ bónusszal végrehajtott sikeres támadással megérintett vagy fegyverrel "
            "eltalált áldozat összesen 5 Ép-t sebződik (a fegyver és a mágia együtt), a "
            "boszorkánymester pedig ugyanennyit gyógyul, de Ép-je nem nőhet az eredeti "
            "maximum fölé."
        ),
        source="RB p.14–15",
        notes_source="digest §16.1 n.14; A47",
    ),
    Spell(
        id="create_undead",
        number=15,
        name_hu="Élőholt teremtése",
        name_en="Create Undead",
        level=3,
        spell_type=SpellType.SPECIAL,
        range=TOUCH,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.PERMANENT,
        effect=SpellEffect(
            parts=(
                RaiseUndead(
                    ep_divisor=2,
                    hexes_per_round=3,
                    man_per_round=3,
                    command_man=2,
                    window=UNTIL_END_OF_GAME,
                ),
            )
        ),
        effect_en=(
            "A dead fighter rises as a zombie with his combat values, half his EP, no skills and "
            "3 hexes of movement per round; it gets 3 MAN per round, and its creator may add 2 of "
            "his own, giving up casting that step, to command it."
        ),
        effect_hu=(
            "A boszorkánymester egy halott viadorból zombit teremt, amelynek harci értékei az "
            "eredetiéivel egyeznek, de csak fele Ép-vel rendelkezik, képzettségeit nem "
            "használhatja, és körönként csupán 3 mezőt tehet meg. A zombi körönként 3 MAN-t kap, a "
            "boszorkánymester pedig – ha abban a lépésben lemond a varázslásról – saját MAN-jaiból "
            "kettőt adhat neki, és szóbeli paranccsal irányíthatja."
        ),
        source="RB p.15",
        notes_source="digest §16.1 n.15; A52; HR-11; HR-12.17–19",
    ),
    Spell(
        id="muscle_wasting",
        number=16,
        name_hu="Izomsorvadás",
        name_en="Muscle Wasting",
        level=3,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=6,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_2,
        effect=SpellEffect(
            choices=(
                Choice(
                    "movement",
                    "kétszeres mozgásköltség",
                    "double movement cost",
                    (
                        Adjust(Quantity.MOVE_COST, Op.MULTIPLY, 2, ROUNDS_2),
                        Forbid(Forbidden.RUNNING, ROUNDS_2),
                    ),
                ),
                Choice(
                    "combat",
                    "harcérték-büntetők",
                    "combat penalties",
                    (
                        Modifier(CombatValue.TE, -4, ROUNDS_2),
                        Modifier(CombatValue.VE, -4, ROUNDS_2),
                        Modifier(CombatValue.CE, -2, ROUNDS_2),
                    ),
                ),
            )
        ),
        effect_en=(
            "If the target fails his health check, for 2 rounds, as the caster chooses, either "
            "every movement costs double MAN and he cannot run, or he suffers -4 TE, -4 VE "
            "and -2 CE."
        ),
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban lévő célszemély elvéti Egészség-próbáját, a "
            "boszorkánymester döntése szerint két körön át vagy minden mozgása kétszer annyi "
            "MAN-jába kerül, és Futás képzettségét sem használhatja, vagy (−4) TÉ, (−4) VÉ és "
            "(−2) CÉ büntető sújtja."
        ),
        source="RB p.15",
        notes_source="digest §15.10, §16.1 n.16; A41, A62; HR-12.9",
    ),
    Spell(
        id="quintarha",
        number=17,
        name_hu="Quintarha",
        name_en="Quintarha",
        level=3,
        spell_type=SpellType.POISON,
        range=within(2),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.INSTANT,
        onset=Onset.NEXT_ROUND,
        effect=SpellEffect(
            parts=(
                Modifier(CombatValue.VE, -4, NEXT_ROUND_ONLY),
                Modifier(CombatValue.RANGED_VE, -3, NEXT_ROUND_ONLY),
            ),
            on_fail=(Forbid(Forbidden.SPENDING_MAN, NEXT_ROUND_ONLY),),
        ),
        effect_en=(
            "A quintarha bites the target: in the full round after the casting he defends at -4 VE "
            "in melee and -3 VE against aimed attacks, and if he fails his health check he cannot "
            "use MAN in that round."
        ),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban tartózkodó célszemélyt megmarja egy quintarha: "
            "a varázslat elmondása után kezdődő teljes körben a sokk miatt (−4) VÉ büntetőt "
            "kap közelharcban és (−3) VÉ büntetőt célzott támadások ellen, ha pedig "
            "Egészség-próbáját is elvéti, abban a körben MAN-t sem használhat fel."
        ),
        source="RB p.15",
        notes_source="digest §16.1 n.17; A48; HR-12.13",
    ),
    Spell(
        id="firestorm",
        number=18,
        name_hu="Tűzvihar",
        name_en="Firestorm",
        level=3,
        spell_type=SpellType.SPECIAL,
        range=area_within(3),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(
            parts=(
                sp(3, Absorption.NONE),
                Damage(3, DamageUnit.SP, Absorption.ARMOUR, ticks=TWO_LATER_ROUNDS),
                Modifier(
                    CombatValue.RANGED_VE,
                    2,
                    ROUNDS_3,
                    bearer=Bearer.TARGETS_SHOT_THROUGH_OR_INTO_AREA,
                ),
            ),
            area=Area(AreaShape.ONE_BLOCK, ROUNDS_3),
        ),
        effect_en=(
            "A firestorm rages on a one-block area for 3 rounds: 3 SP without SFE to everyone "
            "in it but the caster at once, then 3 SP with SFE at the end of each of the next "
            "two rounds; targets shot through or into it get +2 VE."
        ),
        effect_hu=(
            "A kijelölt középpont körüli egy blokknyi területen három körig tűzvihar tombol: a "
            "megidézés pillanatában a boszorkánymesteren kívül mindenkit 3 Sp-vel sebez, SFÉ "
            "nélkül, a következő és az azutáni kör végén pedig újabb 3-3 Sp-vel, de ekkor már "
            "beszámít az SFÉ. A tűzviharon átlőtt vagy annak területére lőtt támadásokkal szemben "
            "a célpont (+2) VÉ bónuszt kap."
        ),
        source="RB p.15",
        notes_source="digest §16.1 n.18; A42; HR-12.25",
    ),
    Spell(
        id="rending_poison",
        number=19,
        name_hu="Marcangoló méregvarázs",
        name_en="Rending Poison",
        level=3,
        spell_type=SpellType.POISON,
        range=within(2),
        strength=2,
        resistance=Resistance.EG,
        duration=Duration.PERMANENT,
        has_instant_part=True,
        effect=SpellEffect(
            parts=(ep(3),),
            on_fail=(Adjust(Quantity.EG, Op.SET, 0, UNTIL_END_OF_GAME),),
        ),
        effect_en=(
            "The target always loses 3 EP; if he fails his health check, his EG drops to 0 for the rest of the game."
        ),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban álló célszemély a marcangoló fájdalomtól "
            "mindenképpen 3 Ép-t sérül, és ha elvéti Egészség-próbáját, Egészsége a játék végéig "
            "nullára csökken."
        ),
        source="RB p.15–16",
        notes_source="digest §16.1 n.19",
    ),
    Spell(
        id="terrible_lightning",
        number=20,
        name_hu="Rettenetes villám",
        name_en="Terrible Lightning",
        level=3,
        spell_type=SpellType.LIGHTNING,
        range=within(3),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(attack=LightningAttack((LightningLink(11, lightning_sp(5)),))),
        effect_en=("A braided bolt shot with CE 11; a hit deals 5 SP, and metal armour's SFE is ignored."),
        effect_hu=(
            "A többszörös villámfonat 11 CÉ-vel támad, és a legfeljebb 3 blokk távolságban "
            "tartózkodó áldozaton 5 Sp-t sebez; a gladiátorok fémvértjének SFÉ-je nem érvényesül "
            "ellene."
        ),
        source="RB p.16",
        notes_source="digest §16.1 n.20",
    ),
    Spell(
        id="agonising_poison",
        number=21,
        name_hu="Fájdalmas méregvarázs",
        name_en="Agonising Poison",
        level=4,
        spell_type=SpellType.POISON,
        range=within(2),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.INSTANT,
        effect=SpellEffect(parts=(sp(4),), on_fail=(ep(4),)),
        effect_en=("The target always takes 4 SP; if he fails his health check, cramps cost him another 4 EP."),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban tartózkodó áldozat mindenképpen 4 Sp-t sérül, ha "
            "pedig elvéti Egészség-próbáját, a görcsöktől még 4 Ép-t sebződik."
        ),
        source="RB p.16",
        notes_source="digest §16.1 n.21",
    ),
    Spell(
        id="turning_lightning",
        number=22,
        name_hu="Forduló villám",
        name_en="Turning Lightning",
        level=4,
        spell_type=SpellType.LIGHTNING,
        range=within(3),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(attack=LightningAttack((LightningLink(9, lightning_sp(6)),), ignores_walls=True)),
        effect_en=(
            "A bolt that bends through open gates and over walls, at most 3 blocks away in a "
            "straight line, and walls add nothing to the defence; CE 9, a hit deals 6 SP, "
            "reduced only by leather SFE."
        ),
        effect_hu=(
            "A villám megtörő pályán is halad: bekanyarodhat nyitott kapukon, átcsaphat a falak "
            "felett, a célpont légvonalban legfeljebb 3 blokkra lehet, és a falak nem számítanak "
            "bele a védőértékébe. Célzóértéke 9, sebzése 6 Sp, ellene csak a bőrpáncélok SFÉ-je "
            "érvényesül."
        ),
        source="RB p.16",
        notes_source="digest §16.1 n.22; HR-12.33",
    ),
    Spell(
        id="limb_withering",
        number=23,
        name_hu="Végtagsorvasztás",
        name_en="Limb Withering",
        level=4,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=6,
        resistance=Resistance.EG,
        duration=Duration.PERMANENT,
        effect=SpellEffect(
            choices=(
                Choice(
                    "leg",
                    "láb",
                    "leg",
                    (Adjust(Quantity.MOV, Op.ADD, -2, UNTIL_END_OF_GAME),),
                ),
                Choice(
                    "arm",
                    "kar",
                    "arm",
                    (
                        Modifier(CombatValue.VE, -2, UNTIL_END_OF_GAME),
                        Modifier(CombatValue.CE, -1, UNTIL_END_OF_GAME),
                        Adjust(Quantity.SPELL_COST, Op.ADD, 1, UNTIL_END_OF_GAME),
                    ),
                ),
            )
        ),
        effect_en=(
            "If the victim fails his health check, one limb withers for the rest of the game, "
            "as the caster chooses: a leg, -2 hexes of movement per step; or an arm, -2 VE and "
            "-1 CE, and a witch-master victim pays +1 MAN for every spell."
        ),
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban tartózkodó áldozat elvéti Egészség-próbáját, a "
            "boszorkánymester döntése szerint vagy egyik lába sorvad el, és a játék végéig "
            "lépésenként kettővel kevesebbet mozoghat, vagy egyik karja, ami a játék végéig "
            "(−2) VÉ és (−1) CÉ büntetővel jár. Ha az áldozat az ellenséges boszorkánymester, "
            "elsorvadt keze miatt minden varázslatára (+1) MAN-t kell költenie."
        ),
        source="RB p.16",
        notes_source="digest §15.10, §16.1 n.23; A41, A62",
    ),
    Spell(
        id="fire_form",
        number=24,
        name_hu="Tűzalak",
        name_en="Fire Form",
        level=4,
        spell_type=SpellType.SPECIAL,
        range=SELF,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(
            parts=(
                Modifier(CombatValue.TE, 8, ROUNDS_3),
                Immunity(ImmunityKind.WEAPON_DAMAGE, ROUNDS_3),
                Forbid(Forbidden.CASTING, ROUNDS_3),
            )
        ),
        effect_en=(
            "For 3 rounds the caster becomes living fire: ordinary weapons cannot damage him and "
            "he cannot cast, but his burning touch and fearsome look give him +8 TE."
        ),
        effect_hu=(
            "A boszorkánymester teste és felszerelése három körre élő tűzzé változik: közönséges "
            "fegyverrel nem sebezhető, ám maga sem varázsolhat, lángoló érintése és félelmetes "
            "látványa pedig (+8) TÉ bónuszt ad neki."
        ),
        source="RB p.16",
        notes_source="digest §15.1, §16.1 n.24; A53",
        printed=(
            Printed(
                "RB p.16",
                "A varázslat ideje alatt közönséges fegyverrel nem sebezhető, ám ő maga sem varázsolhat.",
                "A „közönséges fegyver” minden fegyveres támadás, közelharci és távolsági is, a zombiké "
                "is: egyik sem sebzi. Varázslat és csapda hat rá; mozoghat és támadhat, (+8) TÉ-vel.",
                "“Ordinary weapons” are every weapon attack, melee and ranged, zombies' included: none "
                "damages him. Spells and traps still affect him; he may move and attack, at +8 TE.",
                "digest A53",
            ),
        ),
    ),
    Spell(
        id="blood_curdling",
        number=25,
        name_hu="Vérdermesztés",
        name_en="Blood Curdling",
        level=4,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=4,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(
            on_fail=(
                Modifier(CombatValue.TE, -5, ROUNDS_3),
                Modifier(CombatValue.VE, -5, ROUNDS_3),
                Modifier(CombatValue.CE, -2, ROUNDS_3),
                Forbid(Forbidden.AIMING, ROUNDS_3),
                Forbid(Forbidden.RUNNING, ROUNDS_3),
            )
        ),
        effect_en=(
            "If the victim fails his health check, for 3 rounds he fights at -5 TE, -5 VE and "
            "-2 CE and cannot use the Aiming and Running skills."
        ),
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban lévő áldozat elvéti Egészség-próbáját, 3 körig "
            "csak (−5) TÉ, (−5) VÉ és (−2) CÉ büntetőkkel harcolhat, és nem használhatja a Célzás "
            "és a Futás képzettséget."
        ),
        source="RB p.16–17",
        notes_source="digest §16.1 n.25",
    ),
    Spell(
        id="haemophilia",
        number=26,
        name_hu="Vérzékenység",
        name_en="Haemophilia",
        level=4,
        spell_type=SpellType.CURSE,
        range=within(3),
        strength=8,
        resistance=Resistance.EG,
        duration=Duration.PERMANENT,
        effect=SpellEffect(on_fail=(Adjust(Quantity.INJURY_EP, Op.ADD, 1, UNTIL_END_OF_GAME),)),
        effect_en=(
            "If the target fails his health check, every injury he suffers for the rest of the "
            "game costs him 1 EP more."
        ),
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban lévő célszemély elvéti Egészség-próbáját, a játék "
            "végéig minden sérülése után (+1) Ép járulékos sebzést szenved el."
        ),
        source="RB p.17",
        notes_source="digest §16.1 n.26; A54; HR-12.22",
    ),
    Spell(
        id="imprisonment",
        number=27,
        name_hu="Bebörtönzés",
        name_en="Imprisonment",
        level=5,
        spell_type=SpellType.LIGHTNING,
        range=AREA_ON_CASTER,
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.ROUNDS_3,
        effect=SpellEffect(
            parts=(
                Cage(lightning_sp(8), ROUNDS_3),
                Modifier(CombatValue.RANGED_VE, 4, ROUNDS_3, bearer=Bearer.CASTER_IN_AREA),
            ),
            area=Area(AreaShape.ONE_BLOCK, ROUNDS_3),
        ),
        effect_en=(
            "For 3 rounds an energy cage encloses the one-block area around the caster's hex: "
            "crossing it costs 8 SP, reduced only by leather SFE, spells and shots pass freely, "
            "and the caster gets +4 VE against aimed attacks."
        ),
        effect_hu=(
            "A boszorkánymester mezője körüli egy blokknyi területet három körig energiaketrec "
            "zárja körbe: aki átlépi a falait, 8 Sp-t sérül (csak a bőrvértek SFÉ-je érvényesül "
            "ellene). A ketrecbe és onnan szabadon lehet varázsolni és lőni, a boszorkánymester "
            "pedig (+4) VÉ bónuszt nyer a célzó támadásokkal szemben."
        ),
        source="RB p.17",
        notes_source="digest §16.1 n.27; A42, A55; HR-12.12, HR-12.34",
    ),
    Spell(
        id="assassination",
        number=28,
        name_hu="Orgyilkosság",
        name_en="Assassination",
        level=5,
        spell_type=SpellType.SPECIAL,
        range=within(3),
        strength=6,
        resistance=Resistance.ME,
        duration=Duration.ROUNDS_2,
        effect=SpellEffect(on_fail=(Frenzy(man_per_step=4, window=ROUNDS_2),)),
        effect_en=(
            "If the target fails his magic resistance, for 2 rounds he must try to kill the "
            "character the caster names, even a team-mate, with 4 MAN per step usable only for "
            "that, and he does nothing else."
        ),
        effect_hu=(
            "Ha a legfeljebb 3 blokk távolságban lévő célszemély elvéti Mágiaellenállását, két "
            "körig mindenáron meg akarja ölni a boszorkánymester által kijelölt karaktert, akár "
            "saját csapattársát is. E célból lépésenként 4 MAN-t kap, és semmi mással nem "
            "foglalkozhat."
        ),
        source="RB p.17",
        notes_source="digest §16.1 n.28; A56; HR-12.2, HR-12.15–16",
    ),
    Spell(
        id="fatal_poison",
        number=29,
        name_hu="Végzetes méregvarázs",
        name_en="Fatal Poison",
        level=5,
        spell_type=SpellType.POISON,
        range=within(2),
        strength=6,
        resistance=Resistance.EG,
        duration=Duration.ROUNDS_3,
        has_instant_part=True,
        effect=SpellEffect(
            parts=(ep(5),),
            on_fail=(
                Modifier(CombatValue.TE, -3, ROUNDS_3),
                Modifier(CombatValue.VE, -3, ROUNDS_3),
            ),
        ),
        effect_en=(
            "The target always loses 5 EP; if he fails his health check, he also suffers -3 TE and -3 VE for 3 rounds."
        ),
        effect_hu=(
            "A legfeljebb 2 blokk távolságban álló célszemély mindenképpen 5 Ép-t sérül, és ha "
            "elvéti Egészség-próbáját, három körig (−3) TÉ és (−3) VÉ büntetők sújtják."
        ),
        source="RB p.17",
        notes_source="digest §16.1 n.29",
    ),
    Spell(
        id="chain_lightning",
        number=30,
        name_hu="Villámlánc",
        name_en="Chain Lightning",
        level=5,
        spell_type=SpellType.LIGHTNING,
        range=within(3),
        strength=None,
        resistance=Resistance.NONE,
        duration=Duration.INSTANT,
        effect=SpellEffect(
            attack=LightningAttack(
                (
                    LightningLink(11, lightning_sp(6)),
                    LightningLink(9, lightning_sp(4)),
                    LightningLink(7, lightning_sp(3)),
                ),
                min_links=2,
            )
        ),
        effect_en=(
            "A chain jumping person to person strikes 2 or 3 victims within 3 blocks, in an order "
            "the caster chooses, with CE 11, 9 and 7 for 6, 4 and 3 SP, reduced only by leather "
            "SFE; it stops at the first miss."
        ),
        effect_hu=(
            "A villámlánc két vagy három, legfeljebb 3 blokk sugarú körön belül tartózkodó "
            "személyt sebezhet, a boszorkánymester által meghatározott sorrendben, személyről "
            "személyre ugorva. Célzóértéke rendre 11, 9 és 7, sebzése 6, 4 és 3 Sp, ellene csak a "
            "bőrpáncélok SFÉ-je érvényesül, és ha valahol megszakad, tovább már senkit sem sebez."
        ),
        source="RB p.17–18",
        notes_source="digest §16.1 n.30; A57",
    ),
    Spell(
        id="death_dance",
        number=31,
        name_hu="Haláltánc",
        name_en="Death Dance",
        level=5,
        spell_type=SpellType.NONE,
        range=within(2),
        strength=6,
        resistance=Resistance.ME,
        duration=Duration.ROUNDS_2,
        effect=SpellEffect(on_fail=(Forbid(Forbidden.SPENDING_MAN, ROUNDS_2),)),
        effect_en=(
            "If the target within 2 blocks fails his magic resistance, he breaks into a mad St "
            "Vitus dance that he does not stop for two full rounds, so he cannot use his MAN "
            "meanwhile."
        ),
        effect_hu=(
            "Ha a legfeljebb 2 blokk távolságban tartózkodó célszemély elvéti Mágiaellenállását, "
            "őrült vitustáncba kezd, amelyet két teljes körön át nem hagy abba, ezért ez idő alatt "
            "manőverpontjait sem használhatja."
        ),
        source="RB p.18",
        notes_source="digest §16.1 n.31; A36, A49; HR-12.1, HR-12.13",
        printed=(
            Printed(
                "RB p.18",
                "amelyet nem is hagy abba két teljes körön át, ezért ez idő alatt manőverpontjait sem használhatja",
                "A „két teljes kör” a varázslat köre és az utána következő: a tánc annak a körnek a "
                "végén ér véget, mint minden 2 körös varázslaté.",
                "The “two full rounds” are the casting round and the next: the dance ends at the end "
                "of that round, as every 2-round spell does.",
                "digest A49; HR-12.1",
            ),
        ),
    ),
)

SPELLS: Mapping[str, Spell] = make_catalog(_SPELLS)
"""All 31 spells by id, in the order of the rulebook's list (RB p.13-18)."""


def spells_of_level(level: int) -> tuple[Spell, ...]:
    """The spells a disc of ``level`` can cast, in list order (RB p.11).

    >>> [spell.id for spell in spells_of_level(5)][:2]
    ['imprisonment', 'assassination']
    """
    return tuple(spell for spell in SPELLS.values() if spell.level == level)


def spells_of_type(spell_type: SpellType) -> tuple[Spell, ...]:
    """The spells of one type, in list order; an amulet of that type blocks them (RB p.7)."""
    return tuple(spell for spell in SPELLS.values() if spell.spell_type is spell_type)
