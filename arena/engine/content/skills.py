"""Skills (HR-4, filling RB p.27), the gladiator types' specials (HR-3.3) and the states they cause.

A fighter has exactly three numbered skills chosen from his role's list (HR-4); their point costs
are HR-9.4. The type specials (Pajzsfal, Gyors penge, Hálómester, Rendíthetetlen, Aranyharang) come
with the gladiator type, are never chosen and use no skill slot (HR-3.3, TB-10). A gladiator may use
a numbered skill only while an item in hand allows it (RB p.20; ``weapons.grip_values``); a type
special follows its own ``requires_item`` / ``forbidden_items``.

Every number a rule needs sits in ``Skill.params`` under a documented key; signed keys ending in
``_modifier`` carry their sign (``-2``), keys ending in ``_bonus`` are added as they are.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from arena.engine.content.common import Role, make_catalog

# Numbered skills (HR-4).
RUNNING: Final = "running"
SNEAKING: Final = "sneaking"
HIDING: Final = "hiding"
DODGING: Final = "dodging"
ACROBATICS: Final = "acrobatics"
WEAPON_BREAKING: Final = "weapon_breaking"
TAKEDOWN: Final = "takedown"
AIMING: Final = "aiming"
CONCENTRATION: Final = "concentration"
# Type specials (HR-3.3); Aranyharang is also the last row of HR-4's table.
GOLDEN_BELL: Final = "golden_bell"
SHIELD_WALL: Final = "shield_wall"
QUICK_BLADE: Final = "quick_blade"
NET_MASTER: Final = "net_master"
STEADFAST: Final = "steadfast"

SKILLS_PER_FIGHTER: Final = 3  # HR-4, TB-07

# States (HR-4). They are modifiers of skills and weapons, so they always add (HR-12 ruling 14).
# Prone (földön): melee VÉ only, not ranged defence (RB p.9); no Kitérés.
PRONE_MELEE_VE_MODIFIER: Final = -4
PRONE_STAND_UP_MAN: Final = 2  # standing up, in his own step; nothing else before it
NETTED_BANNED_STEPS: Final = 1  # no MAN and no action in the next step he is named (RB p.20)
ENTANGLED_VE_MODIFIER: Final = -3  # Hálómester: against the net-thrower's next attack; no Kitérés

OUTER_FIGHTERS: Final = frozenset({Role.WITCH_MASTER, Role.CROSSBOWMAN, Role.DAGGER_THROWER})
SHOOTERS: Final = frozenset({Role.CROSSBOWMAN, Role.DAGGER_THROWER})
FIGHTERS: Final = OUTER_FIGHTERS | {Role.GLADIATOR}


class Timing(enum.Enum):
    """When a skill is used (HR-4 column "When")."""

    OWN_STEP = "own_step"
    DEFENSIVE_OWED = "defensive_owed"  # when attacked; the MAN is owed from his next step (HR-4)
    AFTER_MELEE_WIN_OR_DISENGAGE = "after_melee_win_or_disengage"  # Akrobatika (a) or (b)
    WITH_MELEE_ATTACK = "with_melee_attack"  # declared with the attack; MAN on top of its 2
    BEFORE_RANGED_ATTACK = "before_ranged_attack"
    BEFORE_SPELL = "before_spell"
    AFTER_MELEE_ATTACK = "after_melee_attack"  # Gyors penge
    PASSIVE = "passive"  # always on; no MAN


@dataclass(frozen=True)
class Skill:
    """One skill or type special.

    ``man_cost`` is the skill's own MAN; ``plus_attack_man`` is the attack's 2 MAN it is declared
    with (Fegyvertörés, Földrevitel), so ``total_man`` is what the step spends. ``point_cost`` is
    HR-9.4's price, ``None`` for type specials. ``gladiator_type`` names the type a special belongs
    to.
    """

    id: str
    name_hu: str
    name_en: str
    man_cost: int
    timing: Timing
    roles: frozenset[Role]
    point_cost: int | None
    is_type_special: bool
    params: Mapping[str, int] = field(hash=False)
    effect_en: str
    effect_hu: str
    source: str
    plus_attack_man: int = 0
    gladiator_type: str | None = None
    requires_item: str | None = None
    forbidden_items: frozenset[str] = frozenset()

    @property
    def total_man(self) -> int:
        return self.man_cost + self.plus_attack_man

    def param(self, key: str) -> int:
        """A number of the rule; a missing key is a programming error."""
        try:
            return self.params[key]
        except KeyError:
            raise KeyError(f"skill {self.id} has no number {key!r}") from None


def _p(**numbers: int) -> Mapping[str, int]:
    return MappingProxyType(dict(numbers))


SKILLS: Final[Mapping[str, Skill]] = make_catalog(
    [
        Skill(
            id=RUNNING,
            name_hu="Futás",
            name_en="Running",
            man_cost=1,
            timing=Timing.OWN_STEP,
            roles=OUTER_FIGHTERS,
            point_cost=3,
            is_type_special=False,
            params=_p(hexes_per_man=2, mov_bonus=2, ce_modifier=-2),
            effect_en=(
                "Own step, not while in melee. For the rest of the step movement costs ⌈hexes ÷ 2⌉ "
                "MAN in total instead of 1 per hex, and the movement limit is Mozgás + 2. In a "
                "step with running: ranged attacks at −2 CÉ and no Célzás. Forbidden by "
                "Izomsorvadás and Vérdermesztés."
            ),
            effect_hu=(
                "Saját lépésben, közelharcon kívül. A lépés hátralévő részében a mozgás összesen "
                "⌈mezők ÷ 2⌉ MAN-ba kerül mezőnkénti 1 helyett, a mozgáshatár Mozgás + 2. Abban a "
                "lépésben, amelyben fut, távolsági támadása −2 CÉ-vel jár, és nem használhat "
                "Célzást. Izomsorvadás és Vérdermesztés alatt tilos."
            ),
            source="HR-4",
        ),
        Skill(
            id=SNEAKING,
            name_hu="Lopakodás",
            name_en="Sneaking",
            man_cost=1,
            timing=Timing.OWN_STEP,
            roles=OUTER_FIGHTERS,
            point_cost=3,
            is_type_special=False,
            params=_p(man_per_hex=2, ranged_defence_bonus=2, enter_and_attack_te_bonus=3),
            effect_en=(
                "1 MAN to start; public sneaking state. While sneaking: 2 MAN per hex; he adds no "
                "obstacle to lines of fire and blocks no gate; direct traps cannot target him; "
                "ranged attacks against him +2 defence; entering an enemy's hex and attacking in "
                "the same step gives +3 TÉ. Ends when he attacks, casts a spell not on himself, "
                "opens or closes a gate, runs, takes damage, or chooses to stop."
            ),
            effect_hu=(
                "Indítása 1 MAN; nyilvános lopakodó állapot. Lopakodás közben mezőnként 2 MAN a "
                "mozgás; nem számít akadálynak a lővonalban, és nem zárja el a kaput; közvetlen "
                "csapda nem célozhatja; a távolsági támadások ellen +2 védelmet kap; ha ugyanabban "
                "a lépésben ellenfél mezőjére lép és támad, +3 TÉ-t kap. Véget ér, ha támad, nem "
                "önmagára varázsol, kaput nyit vagy zár, fut, sebzést szenved, vagy abbahagyja."
            ),
            source="HR-4",
        ),
        Skill(
            id=HIDING,
            name_hu="Rejtőzés",
            name_en="Hiding",
            man_cost=1,
            timing=Timing.OWN_STEP,
            roles=OUTER_FIGHTERS,
            point_cost=3,
            is_type_special=False,
            params=_p(max_target_blocks=1, ranged_defence_bonus=2, first_attack_bonus=2),
            effect_en=(
                "Own step, not after attacking or casting in it, on a hex with a wall edge that is "
                "not a gate (the outer wall counts, a tower's edges do not). While hiding: no "
                "ranged attack, ranged spell or remote trap may target him from more than 1 block "
                "away; within 1 block +2 ranged defence; he adds no obstacle and blocks no gate. "
                "His first attack out of hiding gets +2 TÉ or CÉ. Ends when he leaves the hex, "
                "attacks, casts, or opens or closes a gate."
            ),
            effect_hu=(
                "Saját lépésben, ha abban még nem támadott és nem varázsolt, olyan mezőn, amelynek "
                "legalább egy nem kapu fala van (a külső fal számít, a torony fala nem). Rejtőzés "
                "közben 1 blokknál messzebbről távolsági támadás, távolsági varázslat vagy távoli "
                "csapda nem célozhatja; 1 blokkon belül +2 távolsági védelmet kap; nem számít "
                "akadálynak, és nem zárja el a kaput. A rejtekből indított első támadása +2 TÉ-t "
                "vagy CÉ-t kap. Véget ér, ha elhagyja a mezőt, támad, varázsol, vagy kaput nyit "
                "vagy zár."
            ),
            source="HR-4",
        ),
        Skill(
            id=DODGING,
            name_hu="Kitérés",
            name_en="Dodging",
            man_cost=1,
            timing=Timing.DEFENSIVE_OWED,
            roles=FIGHTERS,
            point_cost=4,
            is_type_special=False,
            params=_p(ve_bonus=3),
            effect_en=(
                "Declared when attacked, before the dice, by melee, javelin, net or a trap's "
                "attack roll: +3 VÉ against that one attack; the MAN is owed from his next step. "
                "Not while prone or netted, not against ranged weapons or lightning. A gladiator "
                "cannot use it with the dagger or the halberd in hand."
            ),
            effect_hu=(
                "Támadáskor, a dobás előtt jelenti be közelharci támadás, hajítódárda, dobóháló "
                "vagy csapda támadódobása ellen: +3 VÉ az adott támadás ellen; a MAN-t a következő "
                "lépéséből fizeti. Földön vagy hálóban nem használható, távolsági fegyver és "
                "villám ellen sem. Gladiátor tőrrel vagy alabárddal a kezében nem használhatja."
            ),
            source="HR-4",
        ),
        Skill(
            id=ACROBATICS,
            name_hu="Akrobatika",
            name_en="Acrobatics",
            man_cost=1,
            timing=Timing.AFTER_MELEE_WIN_OR_DISENGAGE,
            roles=frozenset({Role.GLADIATOR, Role.DAGGER_THROWER}),
            point_cost=3,
            is_type_special=False,
            params=_p(shift_hexes=1, gladiator_shift_hexes=2, disengage_man=1, normal_disengage_man=2),
            effect_en=(
                "(a) After he wins a melee roll, attacking or defending: an outer fighter shifts "
                "himself and his opponent 1 hex together; a gladiator may shift 2 hexes instead of "
                "1. The shift never crosses walls, never enters the central circle for outer "
                "fighters or leaves it for gladiators, never enters a tower and never ends on a "
                "hex that cannot take both. (b) When he disengages: 1 MAN instead of the 2-MAN "
                "disengage cost."
            ),
            effect_hu=(
                "(a) Megnyert közelharci dobás után, támadóként vagy védőként: a külső viador "
                "önmagát és ellenfelét együtt 1 mezővel eltolja; a gladiátor 1 helyett 2 mezővel "
                "is eltolhatja. Az eltolás nem léphet át falat, külső viador nem kerülhet a "
                "középső körbe, gladiátor nem hagyhatja el, toronyba nem vezethet, és nem "
                "végződhet olyan mezőn, amely kettejüket nem fogadhatja be. (b) Kihátráláskor a 2 "
                "MAN helyett 1 MAN-t fizet."
            ),
            source="HR-4",
        ),
        Skill(
            id=WEAPON_BREAKING,
            name_hu="Fegyvertörés",
            name_en="Weapon Breaking",
            man_cost=2,
            plus_attack_man=2,
            timing=Timing.WITH_MELEE_ATTACK,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=4,
            is_type_special=False,
            params=_p(break_margin=4),
            effect_en=(
                "Declared with a melee attack on a gladiator, 2 MAN on top of the attack's 2. A "
                "hit by 4 or more does no damage and destroys one item in the defender's hands "
                '(attacker\'s choice, never the dagger); it is crossed out in the "Viselt" '
                "column. A hit by 1–3 does normal damage."
            ),
            effect_hu=(
                "Gladiátor elleni közelharci támadással jelenti be, a támadás 2 MAN-ja mellé "
                "további 2 MAN-ért. Ha legalább 4-gyel talál, nem sebez, hanem a védő kezében lévő "
                "egyik tárgy megsemmisül (a támadó választ, a tőr soha); a „Viselt” oszlopban "
                "áthúzzák. Az 1–3-mal nyert találat rendesen sebez."
            ),
            source="HR-4",
        ),
        Skill(
            id=TAKEDOWN,
            name_hu="Földrevitel",
            name_en="Takedown",
            man_cost=2,
            plus_attack_man=2,
            timing=Timing.WITH_MELEE_ATTACK,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=4,
            is_type_special=False,
            params=_p(damage_divisor=2),
            effect_en=(
                "Declared with a melee attack on a gladiator, 2 MAN on top of the attack's 2. On a "
                "hit: half damage (rounded down) and the defender is prone, unless he holds a "
                "halberd or is Rendíthetetlen."
            ),
            effect_hu=(
                "Gladiátor elleni közelharci támadással jelenti be, a támadás 2 MAN-ja mellé "
                "további 2 MAN-ért. Találatkor fele sebzés (lefelé kerekítve), és a védő a földre "
                "kerül, hacsak nem tart alabárdot, vagy nem Rendíthetetlen."
            ),
            source="HR-4",
        ),
        Skill(
            id=AIMING,
            name_hu="Célzás",
            name_en="Aiming",
            man_cost=1,
            timing=Timing.BEFORE_RANGED_ATTACK,
            roles=SHOOTERS,
            point_cost=4,
            is_type_special=False,
            params=_p(ce_bonus=3),
            effect_en=(
                "Own step, before a ranged weapon attack: +3 CÉ for that attack (crossbow or "
                "thrown dagger, not spells). Not in a step with running; forbidden by "
                "Vérdermesztés."
            ),
            effect_hu=(
                "Saját lépésben, távolsági fegyveres támadás előtt: +3 CÉ arra a támadásra "
                "(számszeríj vagy dobótőr, varázslat nem). Futással járó lépésben nem használható; "
                "Vérdermesztés alatt tilos."
            ),
            source="HR-4",
        ),
        Skill(
            id=CONCENTRATION,
            name_hu="Összpontosítás",
            name_en="Concentration",
            man_cost=1,
            timing=Timing.BEFORE_SPELL,
            roles=frozenset({Role.WITCH_MASTER}),
            point_cost=4,
            is_type_special=False,
            params=_p(e_bonus=2, lightning_ce_bonus=2),
            effect_en=(
                "Own step, before a spell: +2 E for that spell's resistance contest, or +2 CÉ if "
                "it is a lightning spell."
            ),
            effect_hu=(
                "Saját lépésben, varázslat előtt: +2 E a varázslat ellenállás-próbájára, villámvarázslatnál +2 CÉ."
            ),
            source="HR-4",
        ),
        Skill(
            id=GOLDEN_BELL,
            name_hu="Aranyharang",
            name_en="Golden Bell",
            man_cost=1,
            timing=Timing.OWN_STEP,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=None,
            is_type_special=True,
            gladiator_type="sword_master",
            params=_p(sfe_bonus=1),
            effect_en=(
                "+1 SFÉ until his next step; it counts against lightning. Usable with any weapon, "
                "the dagger and the halberd included."
            ),
            effect_hu=(
                "+1 SFÉ a következő lépéséig; villám ellen is számít. Bármely fegyverrel "
                "használható, a tőrrel és az alabárddal is."
            ),
            source="RB p.20",
        ),
        Skill(
            id=SHIELD_WALL,
            name_hu="Pajzsfal",
            name_en="Shield Wall",
            man_cost=0,
            timing=Timing.PASSIVE,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=None,
            is_type_special=True,
            gladiator_type="armoured",
            requires_item="shield",
            params=_p(thrown_te_modifier=-2, ranged_defence_bonus=2),
            effect_en=(
                "Passive, while holding a shield: javelins and nets against him get −2 TÉ, and "
                "ranged weapon attacks against him +2 defence."
            ),
            effect_hu=(
                "Passzív, amíg pajzs van a kezében: az ellene dobott hajítódárdák és hálók −2 TÉ-t "
                "kapnak, a távolsági fegyveres támadások ellen pedig +2 védelmet kap."
            ),
            source="HR-3.3",
        ),
        Skill(
            id=QUICK_BLADE,
            name_hu="Gyors penge",
            name_en="Quick Blade",
            man_cost=2,
            timing=Timing.AFTER_MELEE_ATTACK,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=None,
            is_type_special=True,
            gladiator_type="sword_master",
            forbidden_items=frozenset({"halberd", "dagger"}),
            params=_p(te_modifier=-4, uses_per_step=1),
            effect_en=(
                "Once per step, after a melee attack: a second melee attack on the same target for "
                "2 MAN at −4 TÉ. Not with the halberd or the dagger."
            ),
            effect_hu=(
                "Lépésenként egyszer, egy közelharci támadás után: második közelharci támadás "
                "ugyanarra a célpontra 2 MAN-ért, −4 TÉ-vel. Alabárddal és tőrrel nem használható."
            ),
            source="HR-3.3",
        ),
        Skill(
            id=NET_MASTER,
            name_hu="Hálómester",
            name_en="Net Master",
            man_cost=0,
            timing=Timing.PASSIVE,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=None,
            is_type_special=True,
            gladiator_type="net_fighter",
            params=_p(net_te_bonus=3, entangled_ve_modifier=ENTANGLED_VE_MODIFIER),
            effect_en=(
                "Passive: his nets get +3 TÉ. A gladiator his net hits is also entangled: against "
                "his next attack (up to the end of his next step) −3 VÉ and no Kitérés."
            ),
            effect_hu=(
                "Passzív: hálói +3 TÉ-t kapnak. Akit a hálója eltalál, az bele is gabalyodik: a "
                "Hálóvető következő támadása ellen (legkésőbb annak következő lépése végéig) −3 "
                "VÉ, és nem használhat Kitérést."
            ),
            source="HR-3.3",
        ),
        Skill(
            id=STEADFAST,
            name_hu="Rendíthetetlen",
            name_en="Steadfast",
            man_cost=0,
            timing=Timing.PASSIVE,
            roles=frozenset({Role.GLADIATOR}),
            point_cost=None,
            is_type_special=True,
            gladiator_type="heavy",
            params=_p(max_enemy_acrobatics_shift=1),
            effect_en=(
                "Passive: he cannot be knocked down, cannot be moved by trap pushes, and an enemy "
                "Akrobatika shift moves him 1 hex, never 2. The winner's 1-hex shift between "
                "gladiators still applies to him."
            ),
            effect_hu=(
                "Passzív: nem vihető földre, csapda lökése nem mozdítja el, és ellenséges "
                "Akrobatika csak 1 mezővel tolhatja el, 2-vel soha. A gladiátorok közti győztes 1 "
                "mezős eltolása rá is érvényes."
            ),
            source="HR-3.3",
        ),
    ]
)

CHOOSABLE_SKILLS: Final[Mapping[str, Skill]] = make_catalog(s for s in SKILLS.values() if not s.is_type_special)
TYPE_SPECIALS: Final[Mapping[str, Skill]] = make_catalog(s for s in SKILLS.values() if s.is_type_special)


def skills_for_role(role: Role) -> tuple[Skill, ...]:
    """The numbered skills a member of ``role`` may choose (HR-4, TB-08), in HR-4's order."""
    return _SKILLS_FOR_ROLE[role]


# Built once: the validator and the builder's forms ask for every member of every check.
_SKILLS_FOR_ROLE: Final[Mapping[Role, tuple[Skill, ...]]] = MappingProxyType(
    {role: tuple(s for s in CHOOSABLE_SKILLS.values() if role in s.roles) for role in Role}
)


def running_move_cost(hexes: int) -> int:
    """MAN for ``hexes`` hexes moved in a running step: ⌈hexes ÷ 2⌉ in total (HR-4)."""
    if hexes < 0:
        raise ValueError(f"hexes must not be negative: {hexes}")
    per_man = SKILLS[RUNNING].param("hexes_per_man")
    return -(-hexes // per_man)
