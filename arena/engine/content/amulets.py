"""Amulets, magic-resistance tokens (RB p.7), vials and the optional rules (HR-7, filling RB p.28).

Each team has three amulets, one of each kind; a character wears at most one, and an amulet makes
him immune to the spells of its type (RB p.7, p.11). The protected type is a spell-type value of the
spell list ("poison", "lightning", "curse"). Each team also hands out one ME token of 2 and one of 3
to two different fighters other than the witch-master (RB p.7); the strategist gets none (HR-12
ruling 32). Vials exist only under the optional rules and are bought under HR-9.5.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from arena.engine.content.common import Role, make_catalog

POISON: Final = "poison"
LIGHTNING: Final = "lightning"
CURSE: Final = "curse"

AMULETS_PER_TEAM: Final = 3  # RB p.7; a 4th can be bought (HR-9.5)
AMULETS_PER_CHARACTER: Final = 1  # RB p.7


@dataclass(frozen=True)
class Amulet:
    """An amulet and the spell type it makes its wearer immune to (RB p.7, p.11)."""

    id: str
    name_hu: str
    name_en: str
    protects_against: str
    effect_en: str
    effect_hu: str
    source: str


AMULETS: Final[Mapping[str, Amulet]] = make_catalog(
    [
        Amulet(
            id=POISON,
            name_hu="méregsemlegesítő",
            name_en="poison-neutraliser",
            protects_against=POISON,
            effect_en="Immune to every spell of type poison, both of its effects included.",
            effect_hu=("Viselője minden méreg típusú varázslattal szemben immunis, mindkét hatásukkal."),
            source="RB p.7",
        ),
        Amulet(
            id=LIGHTNING,
            name_hu="villámtagadó",
            name_en="lightning-negator",
            protects_against=LIGHTNING,
            effect_en=("Lightning does not damage the wearer: immune to every spell of type lightning."),
            effect_hu=("A villám nem sebzi viselőjét: minden villám típusú varázslattal szemben immunis."),
            source="RB p.7",
        ),
        Amulet(
            id=CURSE,
            name_hu="rontáselhárító",
            name_en="curse-averter",
            protects_against=CURSE,
            effect_en="Neutralises the witch-master's spells of type curse (rontás).",
            effect_hu="Semlegesíti a boszorkánymester rontás típusú varázslatait.",
            source="RB p.7",
        ),
    ]
)

STANDARD_AMULET_SET: Final = (POISON, LIGHTNING, CURSE)  # one of each (RB p.7)


@dataclass(frozen=True)
class MeToken:
    """A magic-resistance token: its value is the holder's ME against mental spells (RB p.7)."""

    id: str
    value: int
    name_hu: str
    name_en: str
    source: str


ME_TOKENS: Final[Mapping[str, MeToken]] = make_catalog(
    MeToken(
        id=f"me_{value}",
        value=value,
        name_hu=f"{value}-es mágiaellenállás-jelző",
        name_en=f"magic-resistance token {value}",
        source="RB p.7",
    )
    for value in (2, 3)
)

ME_TOKEN_VALUES: Final = (2, 3)  # one of each per team (RB p.7)
ME_TOKENS_PER_CHARACTER: Final = 1  # never both on one character (RB p.7)
ME_TOKEN_FORBIDDEN_ROLES: Final = frozenset(
    {Role.WITCH_MASTER, Role.STRATEGIST}  # RB p.7; the strategist by HR-12 ruling 32
)
ME_TOKEN_WITH_AMULET: Final = True  # an amulet wearer may also hold a token (RB p.7)


def can_hold_me_token(role: Role) -> bool:
    """Whether a member of ``role`` may receive an ME token (RB p.7, HR-12 ruling 32)."""
    return role not in ME_TOKEN_FORBIDDEN_ROLES


@dataclass(frozen=True)
class OptionalRule:
    """A match option of HR-7: a flag, off by default. ``params`` holds its numbers."""

    id: str
    flag: str
    name_hu: str
    name_en: str
    params: Mapping[str, int] = field(hash=False)
    effect_en: str
    effect_hu: str
    source: str
    default: bool = False


def _p(**numbers: int) -> Mapping[str, int]:
    return MappingProxyType(dict(numbers))


OPTIONAL_RULES: Final[Mapping[str, OptionalRule]] = make_catalog(
    [
        OptionalRule(
            id="opt_poison_vial",
            flag="OPT_POISON_VIAL",
            name_hu="Méregfiola",
            name_en="Poison Vial",
            params=_p(),
            effect_en=(
                "Fighters may carry a poison vial (Méregfiola): one per fighter, at most 3 per "
                "team, none for the strategist; 3 points each."
            ),
            effect_hu=(
                "A viadorok méregfiolát vihetnek: viadoronként egyet, csapatonként legfeljebb "
                "hármat, a stratéga egyet sem; darabja 3 pont."
            ),
            source="HR-7",
        ),
        OptionalRule(
            id="opt_potion",
            flag="OPT_POTION",
            name_hu="Varázsital",
            name_en="Potion",
            params=_p(),
            effect_en=(
                "Fighters may carry a potion (Varázsital): one vial per fighter, at most 3 per "
                "team, none for the strategist; 4 points each."
            ),
            effect_hu=(
                "A viadorok varázsitalt vihetnek: viadoronként egy fiolát, csapatonként legfeljebb "
                "hármat, a stratéga egyet sem; darabja 4 pont."
            ),
            source="HR-7",
        ),
        OptionalRule(
            id="opt_ammo_recovery",
            flag="OPT_AMMO_RECOVERY",
            name_hu="Lőszergyűjtés",
            name_en="Ammunition Recovery",
            params=_p(pickup_man=1),
            effect_en=(
                "Spent bolts and throwing daggers lie on the target's hex, hit or miss. Any "
                "character of the owner's team on that hex picks all of them up for 1 MAN. "
                "Javelins and nets stay used up."
            ),
            effect_hu=(
                "A kilőtt vesszők és eldobott tőrök a célpont mezőjén maradnak, akár talált a "
                "lövés, akár nem. A tulajdonos csapatának bármely ott álló tagja 1 MAN-ért mindet "
                "felveszi. A hajítódárdák és a hálók elhasználódnak."
            ),
            source="HR-7",
        ),
        OptionalRule(
            id="opt_crowd_favour",
            flag="OPT_CROWD_FAVOUR",
            name_hu="Közönség kegye",
            name_en="Crowd Favour",
            params=_p(tokens_per_round=1, tokens_per_reroll=2),
            effect_en=(
                "At the end of each round, the player whose gladiator took less Ép damage that "
                "round gets 1 favour token (none on a tie). At any time, spend 2 tokens to re-roll "
                "one of your own d10s; the second result stands."
            ),
            effect_hu=(
                "Minden kör végén az a játékos, akinek a gladiátora abban a körben kevesebb "
                "Ép-sebzést szenvedett, 1 kegyjelzőt kap (döntetlennél senki). Bármikor 2 jelzőért "
                "újradobhatja egy saját k10-ét; a második eredmény érvényes."
            ),
            source="HR-7",
        ),
        OptionalRule(
            id="opt_bloodthirsty_crowd",
            flag="OPT_BLOODTHIRSTY_CROWD",
            name_hu="Vérszomjas közönség",
            name_en="Bloodthirsty Crowd",
            params=_p(from_round=13, ep_loss=1),
            effect_en=(
                "From round 13, at the end of each round, each gladiator who dealt no Ép damage to "
                "the enemy gladiator that round loses 1 Ép (stones from the stands)."
            ),
            effect_hu=(
                "A 13. körtől minden kör végén az a gladiátor, amelyik abban a körben nem okozott "
                "Ép-sebzést az ellenfél gladiátorának, 1 Ép-t veszít (kövek a lelátóról)."
            ),
            source="HR-7",
        ),
        OptionalRule(
            id="opt_open_information",
            flag="OPT_OPEN_INFORMATION",
            name_hu="Nyílt lapok",
            name_en="Open Information",
            params=_p(),
            effect_en=("For teaching: everything secret is public: traps, discs, amulets, ME tokens, weapons, vials."),
            effect_hu=(
                "Tanuláshoz: minden titkos információ nyilvános: csapdák, korongok, amulettek, "
                "ME-jelzők, fegyverek, fiolák."
            ),
            source="HR-7",
        ),
    ]
)

VIALS_PER_CHARACTER: Final = 1  # the sheet's "Fiola" row (RB p.19)
VIALS_PER_TEAM: Final = 3  # HR-7, HR-9.5
VIAL_FORBIDDEN_ROLES: Final = frozenset({Role.STRATEGIST})  # HR-7


@dataclass(frozen=True)
class Vial:
    """A vial of HR-7: once per match. ``option`` is the OptionalRule id that allows it;
    ``point_cost`` is HR-9.5's price; ``spell_type`` is set when the matching amulet protects."""

    id: str
    name_hu: str
    name_en: str
    option: str
    point_cost: int
    man_cost: int
    params: Mapping[str, int] = field(hash=False)
    effect_en: str
    effect_hu: str
    source: str
    spell_type: str | None = None


VIALS: Final[Mapping[str, Vial]] = make_catalog(
    [
        Vial(
            id="poison_vial",
            name_hu="Méregfiola",
            name_en="Poison Vial",
            option="opt_poison_vial",
            point_cost=3,
            man_cost=1,
            spell_type=POISON,
            params=_p(
                uses_per_match=1,
                min_ep_dealt=1,
                strength=6,
                ep_damage=3,
                te_modifier=-2,
                ve_modifier=-2,
            ),
            effect_en=(
                "Once per match, for 1 MAN before an attack, the carrier coats his weapon (melee "
                "or thrown dagger, not a bolt). If that attack deals at least 1 Ép, the target "
                "resists poison: 6 + d10 against Eg + d10. If he loses: 3 Ép and −2 TÉ / −2 VÉ "
                "until the end of the next round (poison type, so the amulet protects). Hit or "
                "miss, the vial is used up."
            ),
            effect_hu=(
                "Meccsenként egyszer, támadás előtt 1 MAN-ért a hordozója bekeni a fegyverét "
                "(közelharci fegyver vagy dobótőr, vessző nem). Ha a támadás legalább 1 Ép-t "
                "sebez, a célpont méreg ellen áll ellen: 6 + k10 az Eg + k10 ellen. Ha veszít: 3 "
                "Ép és −2 TÉ / −2 VÉ a következő kör végéig (méreg típus, így az amulett véd). "
                "Akár talál, akár nem, a fiola elfogy."
            ),
            source="HR-7, HR-9.5",
        ),
        Vial(
            id="potion",
            name_hu="Varázsital",
            name_en="Potion",
            option="opt_potion",
            point_cost=4,
            man_cost=2,
            params=_p(uses_per_match=1, heal_ep=5),
            effect_en=(
                "Once per match, 2 MAN in his own step (not while netted or prone): heals 5 Ép, "
                "never above the maximum."
            ),
            effect_hu=(
                "Meccsenként egyszer, saját lépésében 2 MAN-ért (hálóban vagy földön nem): 5 Ép-t "
                "gyógyít, a maximum fölé soha."
            ),
            source="HR-7, HR-9.5",
        ),
    ]
)
