"""The warband game's tables as typed data: rules and traits, spells, magic skills (WB-3), the
profile's ranges and the game's limits (WB-1), the minion's limits and grants (WB-4.1), the pools
(WB-4.2) and the refused combinations (WB-4.4).

Every entry cites its WB section and the seed lines it comes from (``S4 l.N`` is line N of seed
004, the Russian text), carries its name and a one-line effect in English and Hungarian, and the
seed's Russian term, so a player holding the Russian text finds it. The costs are WB-3's; the
source column says whether a number is the published SBH one (``pub.``) or decided by the house
rules (``house``). How a rule works in play is settled at the table (the seed has no play rules).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from warbands.rules.bilingual import Text

# --- WB-1 Game size and the figure ------------------------------------------------------------------

POINTS_MIN: Final = 150  # S4 l.159
POINTS_MAX: Final = 300  # S4 l.159
POINTS_DEFAULT: Final = 200  # WB-1.1
QUALITY_MIN: Final = 2  # S4 l.171–179 (2+ … 6+, lower is better)
QUALITY_MAX: Final = 6
COMBAT_MIN: Final = 0  # S4 l.183–191
COMBAT_MAX: Final = 6
NAME_MAX_LENGTH: Final = 40  # WB-1.2 (house)
WARBAND_NAME_MAX_LENGTH: Final = 80  # the site's limit, as for Viadal teams
MINIONS_MAX: Final = 1  # S4 l.11
MINION_COMBAT_MAX: Final = 2  # WB-4.1 house limit: "a small animal or creature" (S4 l.11, l.185)


def personality_cap(points: int) -> int:
    """⌊L/3⌋: what personalities may cost together (S4 l.159; WB-1.1, reading A3)."""
    return points // 3


def animal_cap(points: int) -> int:
    """⌊L/2⌋: what Animal figures may cost together (WB-1.1, pub.)."""
    return points // 2


def pool_cap(points: int) -> int:
    """⌊L/4⌋: all borrowed pool points together (WB-1.1, house)."""
    return points // 4


class Category(enum.StrEnum):
    """Which WB-3 table an entry belongs to."""

    RULE = "rule"  # WB-3.1
    SPELL = "spell"  # WB-3.2
    SKILL = "skill"  # WB-3.3


class Kind(enum.StrEnum):
    """WB-3.1's column "Kind"; spells and magic skills are all ``MAGIC``."""

    PERSONALITY = "personality"
    TRAIT = "trait"
    GENERAL = "general"
    MAGIC = "magic"


@dataclass(frozen=True)
class Entry:
    """One rule, spell or magic skill: its id, WB-3 cost, names and one-line effect in English and
    Hungarian, the seed's Russian term (empty when the seed does not name it), the WB section, the
    seed lines (S4) and whether the cost is published (``pub.``) or the house's."""

    id: str
    category: Category
    kind: Kind
    cost: int
    name: Text
    russian: str
    effect: Text
    wb: str
    seed_lines: tuple[int, ...]
    source: str

    @property
    def is_personality(self) -> bool:
        return self.kind is Kind.PERSONALITY

    def seed_reference(self) -> str:
        """The seed lines as the rules text cites them: ``S4 l.71, l.75``; ``–`` when none."""
        if not self.seed_lines:
            return "–"
        return "S4 " + ", ".join(f"l.{n}" for n in self.seed_lines)


def _rule(
    id: str,
    kind: Kind,
    cost: int,
    en: str,
    hu: str,
    russian: str,
    effect_en: str,
    effect_hu: str,
    seed: tuple[int, ...],
    source: str = "pub.",
) -> Entry:
    return Entry(
        id, Category.RULE, kind, cost, Text(en, hu), russian, Text(effect_en, effect_hu), "WB-3.1", seed, source
    )


def _magic(
    id: str,
    category: Category,
    cost: int,
    en: str,
    hu: str,
    russian: str,
    effect_en: str,
    effect_hu: str,
    seed: tuple[int, ...],
    source: str = "house",
) -> Entry:
    wb = "WB-3.2" if category is Category.SPELL else "WB-3.3"
    return Entry(id, category, Kind.MAGIC, cost, Text(en, hu), russian, Text(effect_en, effect_hu), wb, seed, source)


# --- WB-3.1 Rules and traits -------------------------------------------------------------------------

HERO: Final = "hero"
TOUGH: Final = "tough"
LEADER: Final = "leader"
TERROR: Final = "terror"
ASSASSIN: Final = "assassin"
CLERIC: Final = "cleric"
MAGIC_USER: Final = "magic_user"
VILLAIN: Final = "villain"
PALADIN: Final = "paladin"
UNDEAD: Final = "undead"
ARTIFICIAL: Final = "artificial"
BIG: Final = "big"
GIGANTIC: Final = "gigantic"
ANIMAL: Final = "animal"
SAVAGE: Final = "savage"
SHOOTER_SHORT: Final = "shooter_short"
SHOOTER_MEDIUM: Final = "shooter_medium"
SHOOTER_LONG: Final = "shooter_long"
HEAVY_ARMOUR: Final = "heavy_armour"
LONG_MOVE: Final = "long_move"
SHORT_MOVE: Final = "short_move"
SLOW: Final = "slow"
FLYING: Final = "flying"

P, T, G = Kind.PERSONALITY, Kind.TRAIT, Kind.GENERAL

RULES: Final[Mapping[str, Entry]] = MappingProxyType(
    {
        e.id: e
        for e in (
            _rule(
                HERO,
                P,
                15,
                "Hero",
                "Hős",
                "Герой",
                "A personality who helps on bad dice rolls.",
                "Személyiség, aki a rossz dobásoknál segít.",
                (159, 161),
            ),
            _rule(
                TOUGH,
                P,
                15,
                "Tough",
                "Szívós",
                "Крепкий",
                "A personality hard to take out.",
                "Nehezen kiejthető személyiség.",
                (159,),
            ),
            _rule(
                LEADER,
                P,
                15,
                "Leader",
                "Vezér",
                "Лидер",
                "A personality the warband's morale rests on.",
                "Személyiség, akin az osztag morálja áll.",
                (159, 161),
            ),
            _rule(
                TERROR,
                P,
                15,
                "Terror",
                "Rettegés",
                "Ужас",
                "A personality who frightens his enemies.",
                "Személyiség, aki rettegést kelt az ellenfélben.",
                (159, 59),
            ),
            _rule(
                ASSASSIN,
                P,
                15,
                "Assassin",
                "Orgyilkos",
                "Убийца",
                "A personality who strikes to kill.",
                "Gyilkos csapásokra képes személyiség.",
                (159,),
            ),
            _rule(
                CLERIC,
                P,
                15,
                "Cleric (Priest)",
                "Pap",
                "Священник",
                "A personality; may lift a Curse for 1 action.",
                "Személyiség; 1 akcióért levehet egy Átkot.",
                (55, 159),
            ),
            _rule(
                MAGIC_USER,
                P,
                15,
                "Magic-user",
                "Mágiahasználó",
                "Пользователь магией",
                "A personality; may buy spells and magic skills and keep a minion.",
                "Személyiség; vehet varázslatokat és mágikus képességeket, és tarthat szolgát.",
                (11, 19, 67, 159),
            ),
            _rule(
                VILLAIN,
                T,
                0,
                "Villain",
                "Gonosz",
                "Злодей",
                "May cast combat spells into melee and wall in fighters; steals power from allies.",
                "Közelharcba is varázsolhat, harcolókat is elkeríthet, szövetségeseitől is lophat erőt.",
                (23, 49, 135, 163),
            ),
            _rule(
                PALADIN,
                T,
                2,
                "Paladin",
                "Paladin",
                "Паладин",
                "A holy warrior; will not serve beside a Villain (optional rule).",
                "Szent harcos; nem harcol Gonosz mellett (opcionális szabály).",
                (163,),
            ),
            _rule(
                UNDEAD,
                T,
                3,
                "Undead",
                "Élőhalott",
                "Неживой",
                "Cannot be sacrificed, raised or fooled by illusions.",
                "Nem áldozható fel, nem támasztható fel, az illúzió nem hat rá.",
                (71, 75, 79, 129),
            ),
            _rule(
                ARTIFICIAL,
                T,
                3,
                "Artificial",
                "Mesterséges",
                "Искусственный",
                "A construct: cannot be sacrificed or fooled by illusions; never raised (house).",
                "Szerkezet: nem áldozható fel, az illúzió nem hat rá; nem támasztható fel (házi).",
                (71, 129),
            ),
            _rule(
                BIG,
                T,
                3,
                "Big",
                "Nagy",
                "Большой",
                "A large figure; cannot be moved by telekinesis.",
                "Nagy termetű; telekinézissel nem mozdítható.",
                (153, 189),
            ),
            _rule(
                GIGANTIC,
                T,
                5,
                "Gigantic",
                "Óriási",
                "Гигантский",
                "A huge figure (priced as the published Huge); cannot be moved by telekinesis.",
                "Hatalmas termetű (a kiadott Huge áráért); telekinézissel nem mozdítható.",
                (153, 189),
            ),
            _rule(
                ANIMAL,
                T,
                -3,
                "Animal",
                "Állat",
                "Животное",
                "Not a conscious being: a Druid may control it; it cannot use magic.",
                "Nem tudatos lény: Druida irányíthatja; nem használhat mágiát.",
                (11, 145, 177),
            ),
            _rule(
                SAVAGE,
                T,
                3,
                "Savage",
                "Vad",
                "Дикий",
                "A wild attacker whose charge can break enemy morale.",
                "Vad támadó, akinek rohama megtörheti az ellenfél morálját.",
                (161,),
            ),
            _rule(
                SHOOTER_SHORT,
                G,
                2,
                "Shooter (short)",
                "Lövész (rövid)",
                "Стрелок (короткая дистанция)",
                "Shoots at short range.",
                "Rövid távra lő.",
                (3, 161),
            ),
            _rule(
                SHOOTER_MEDIUM,
                G,
                4,
                "Shooter (medium)",
                "Lövész (közepes)",
                "Стрелок (средняя дистанция)",
                "Shoots at medium range.",
                "Közepes távra lő.",
                (3, 161),
            ),
            _rule(
                SHOOTER_LONG,
                G,
                7,
                "Shooter (long)",
                "Lövész (nagy)",
                "Стрелок (дальняя дистанция)",
                "Shoots at long range.",
                "Nagy távra lő.",
                (3, 161),
            ),
            _rule(
                HEAVY_ARMOUR,
                G,
                3,
                "Heavy Armour",
                "Nehézpáncél",
                "",
                "Harder to hurt in melee and by shooting.",
                "Közelharcban és lövéssel is nehezebb megsebezni.",
                (),
            ),
            _rule(
                LONG_MOVE,
                G,
                10,
                "Long Move",
                "Hosszú mozgás",
                "",
                "Moves farther with each action.",
                "Akciónként messzebbre mozog.",
                (),
            ),
            _rule(
                SHORT_MOVE,
                G,
                -3,
                "Short Move",
                "Rövid mozgás",
                "",
                "Moves less with each action.",
                "Akciónként kevesebbet mozog.",
                (),
            ),
            _rule(
                SLOW,
                G,
                -5,
                "Slow",
                "Lassú",
                "",
                "Moves much less with each action.",
                "Akciónként jóval kevesebbet mozog.",
                (),
            ),
            _rule(
                FLYING,
                G,
                10,
                "Flying",
                "Repülés",
                "",
                "Flies over terrain and figures.",
                "Átrepül a terepen és az alakokon.",
                (),
            ),
        )
    }
)

# --- WB-3.2 Spells ------------------------------------------------------------------------------------

SIMPLE_COMBAT_SPELL: Final = "simple_combat_spell"
BEAM_OF_POWER: Final = "beam_of_power"
FORCE_BLAST: Final = "force_blast"
BINDING: Final = "binding"
BARRIER: Final = "barrier"
CURSE: Final = "curse"
ENCHANTMENT: Final = "enchantment"

S = Category.SPELL

SPELLS: Final[Mapping[str, Entry]] = MappingProxyType(
    {
        e.id: e
        for e in (
            _magic(
                SIMPLE_COMBAT_SPELL,
                S,
                7,
                "Simple combat spell",
                "Egyszerű harci varázslat",
                "Простые боевые заклинания",
                "A ranged attack: the target tests Quality on AP dice; 2 failures kill, 3 a gruesome death.",
                "Távolsági támadás: a célpont AP kockával dob Minőségre; 2 kudarc megöl, 3 szörnyű halál.",
                (23,),
            ),
            _magic(
                BEAM_OF_POWER,
                S,
                5,
                "Beam of power",
                "Erősugár",
                "Луч силы",
                "2 AP: hits the target and everything behind it on the line, each next one at +1.",
                "2 AP: a célpontot és mögötte a vonalon mindenkit eltalál, a következőket +1-gyel.",
                (27, 29),
            ),
            _magic(
                FORCE_BLAST,
                S,
                4,
                "Force blast",
                "Erőrobbanás",
                "Взрыв силы",
                '2 AP: the target and all within 2" test Quality on 1 die or fall or are pushed back.',
                '2 AP: a célpont és 2"-en belül mindenki 1 kockával dob Minőségre, vagy elesik, vagy hátralökődik.',
                (33,),
            ),
            _magic(
                BINDING,
                S,
                6,
                "Binding",
                "Lekötés",
                "Заклинание связывания оппонентов",
                "The target tests Quality on AP dice; one failure binds it, even in melee.",
                "A célpont AP kockával dob Minőségre; egy kudarc lekötözi, akár közelharcban is.",
                (37, 39, 41),
            ),
            _magic(
                BARRIER,
                S,
                3,
                "Barrier",
                "Akadály",
                "Заклинания преграды",
                "2 AP, 1 AP upkeep: a short stretch of ground becomes hard to cross.",
                "2 AP, fenntartása 1 AP: egy rövid szakasz nehezen járhatóvá válik.",
                (45, 47, 49),
            ),
            _magic(
                CURSE,
                S,
                5,
                "Curse",
                "Átok",
                "Проклятие",
                "As Binding, but the target's Quality worsens by 1; three failures curse the caster.",
                "Mint a Lekötés, de a célpont Minősége 1-gyel romlik; három kudarc a varázslót átkozza meg.",
                (53, 55, 57, 59),
            ),
            _magic(
                ENCHANTMENT,
                S,
                15,
                "Enchantment",
                "Bűbáj",
                "Наложение чар",
                "On 2 successes a friend at medium range gets +1 Quality or Combat this turn.",
                "2 sikernél egy közepes távon belüli társ +1 Minőséget vagy Harcot kap erre a körre.",
                (63,),
                "pub.",
            ),
        )
    }
)

# --- WB-3.3 Magic skills ------------------------------------------------------------------------------

SORCERER: Final = "sorcerer"
NECROMANCER: Final = "necromancer"
SUMMONER: Final = "summoner"
ELEMENTALIST: Final = "elementalist"
ILLUSIONIST: Final = "illusionist"
MAGIC_VAMPIRE: Final = "magic_vampire"
TELEPATH: Final = "telepath"
DRUID: Final = "druid"
TELEKINETIC: Final = "telekinetic"

K = Category.SKILL

MAGIC_SKILLS: Final[Mapping[str, Entry]] = MappingProxyType(
    {
        e.id: e
        for e in (
            _magic(
                SORCERER,
                K,
                15,
                "Sorcerer",
                "Boszorkánymester",
                "Колдун",
                "Sacrifices a living friend for magic power; over 3 power a 6 kills him.",
                "Élő társát feláldozva mágikus erőt nyer; 3 erő fölött egy 6-os megöli.",
                (71,),
                "pub.",
            ),
            _magic(
                NECROMANCER,
                K,
                15,
                "Necromancer",
                "Nekromanta",
                "Некромант",
                "Raises a dead figure once as Undead, Quality worse by 1, Combat −1.",
                "Egy halott alakot egyszer feltámaszt Élőhalottként, Minősége 1-gyel rosszabb, Harca −1.",
                (75, 77, 79, 81),
                "pub.",
            ),
            _magic(
                SUMMONER,
                K,
                15,
                "Summoner",
                "Idéző",
                "Призыватель",
                "Borrows points into a pool worth twice as much and summons creatures from it.",
                "Pontokat kölcsönöz egy kétszeres értékű készletbe, és abból lényeket idéz.",
                (91, 93, 95, 97, 99),
                "pub.",
            ),
            _magic(
                ELEMENTALIST,
                K,
                15,
                "Elementalist",
                "Elementalista",
                "Элементалист",
                "Borrows points into a pool worth twice as much and summons elementals from it.",
                "Pontokat kölcsönöz egy kétszeres értékű készletbe, és abból elementálokat idéz.",
                (105, 107, 109, 111, 115),
                "pub.",
            ),
            _magic(
                ILLUSIONIST,
                K,
                15,
                "Illusionist",
                "Illuzionista",
                "Иллюзионист",
                "Raises one illusion worth up to half his own price; its victims only believe they died.",
                "Egy illúziót idéz legfeljebb saját ára feléig; áldozatai csak hiszik, hogy meghaltak.",
                (121, 123, 125, 127, 129),
                "pub.",
            ),
            _magic(
                MAGIC_VAMPIRE,
                K,
                8,
                "Magic vampire",
                "Mágiavámpír",
                "Магический вампир",
                "Steals magic power from enemy magic figures.",
                "Mágikus erőt lop az ellenséges mágikus alakoktól.",
                (133, 135),
            ),
            _magic(
                TELEPATH,
                K,
                15,
                "Telepath",
                "Telepata",
                "Телепат",
                "2 AP: takes over any figure, even a friend; 1 AP a turn to keep it.",
                "2 AP: bármely alakot átvesz, akár társat is; körönként 1 AP a megtartása.",
                (139, 141),
            ),
            _magic(
                DRUID,
                K,
                10,
                "Druid",
                "Druida",
                "Друид",
                "A Telepath for Animals only, though easier.",
                "Csak állatokra ható, de könnyebb telepátia.",
                (145,),
            ),
            _magic(
                TELEKINETIC,
                K,
                12,
                "Telekinetic",
                "Telekinetikus",
                "Телекинетик",
                "Binds with upkeep, shoves figures (not Big or Gigantic), throws things at C = AP.",
                "Fenntartással leköt, alakokat mozdít (nem Nagyot vagy Óriásit), tárgyakat hajít C = AP harccal.",
                (151, 153, 155),
            ),
        )
    }
)

ALL_ENTRIES: Final[Mapping[str, Entry]] = MappingProxyType({**RULES, **SPELLS, **MAGIC_SKILLS})

PERSONALITY_RULES: Final = frozenset(r.id for r in RULES.values() if r.is_personality)  # S4 l.159
SHOOTER_RANGES: Final = (SHOOTER_SHORT, SHOOTER_MEDIUM, SHOOTER_LONG)  # shortest first (WB-8.4)
MOVES: Final = (LONG_MOVE, SHORT_MOVE, SLOW)

# --- WB-4.1 Minion ------------------------------------------------------------------------------------

# The one rule a minion may grant its master (A4): a skill, so no trait or penalty.
GRANTABLE: Final = frozenset({SHOOTER_SHORT, SHOOTER_MEDIUM, SHOOTER_LONG, HEAVY_ARMOUR, LONG_MOVE, FLYING})
MINION_FORBIDDEN_RULES: Final = PERSONALITY_RULES | {BIG, GIGANTIC}  # plus no spell, skill or minion

# --- WB-4.2 Pools -------------------------------------------------------------------------------------

POOL_SKILLS: Final = (SUMMONER, ELEMENTALIST)  # one pool per skill (house)
POOL_MULTIPLIER: Final = 2  # the pool holds twice what was borrowed (S4 l.91, l.105)
# Summoner summons' activation tier by price (S4 l.93): 1 AP up to 35, 2 AP up to 100, 3 AP any.
SUMMON_TIERS: Final = ((35, 1), (100, 2))
SUMMON_TIER_ANY: Final = 3


def summon_tier(price: int) -> int:
    """The AP a Summoner spends to summon a figure of ``price`` (S4 l.93; "up to" includes it)."""
    for limit, ap in SUMMON_TIERS:
        if price <= limit:
            return ap
    return SUMMON_TIER_ANY


class Element(enum.StrEnum):
    """The elemental tag (S4 l.105: earth, fire, air, water elementals)."""

    EARTH = "earth"
    FIRE = "fire"
    AIR = "air"
    WATER = "water"


ELEMENT_NAMES: Final[Mapping[Element, Text]] = MappingProxyType(
    {
        Element.EARTH: Text("earth", "föld"),
        Element.FIRE: Text("fire", "tűz"),
        Element.AIR: Text("air", "levegő"),
        Element.WATER: Text("water", "víz"),
    }
)
ELEMENT_RUSSIAN: Final[Mapping[Element, str]] = MappingProxyType(
    {Element.EARTH: "земляной", Element.FIRE: "огненный", Element.AIR: "воздушный", Element.WATER: "водный"}
)
POOL_NAMES: Final[Mapping[str, Text]] = MappingProxyType(
    {SUMMONER: Text("Summoner", "Idéző"), ELEMENTALIST: Text("Elementalist", "Elementalista")}
)
POOL_RUSSIAN: Final[Mapping[str, str]] = MappingProxyType(
    {SUMMONER: "Запас призывателя", ELEMENTALIST: "Запас Элементалиста"}
)

# --- WB-4.4 Refused combinations ----------------------------------------------------------------------

# On one figure (WB-04): each pair, and each set of which at most one may be taken.
FIGURE_EXCLUSIVE_SETS: Final = (
    (BIG, GIGANTIC),
    SHOOTER_RANGES,
    MOVES,
    (UNDEAD, ARTIFICIAL),  # house: one nature
    (PALADIN, VILLAIN),
    (ANIMAL, MAGIC_USER),  # house: animals are not "conscious beings" (S4 l.145)
)
# In one warband (WB-13), while the league switch WB_OPT_INCOMPATIBLE is on (the default).
WARBAND_INCOMPATIBLE: Final = ((PALADIN, VILLAIN), (SORCERER, CLERIC))  # S4 l.163; pub.

# --- Names of the profile's fields (messages name the field in the reader's language) ----------------

FIELD_NAMES: Final[Mapping[str, Text]] = MappingProxyType(
    {
        "name": Text("name", "név"),
        "quality": Text("Quality", "Minőség"),
        "combat": Text("Combat", "Harc"),
        "rules": Text("special rules", "különleges szabályok"),
        "spells": Text("spells", "varázslatok"),
        "skills": Text("magic skills", "mágikus képességek"),
        "minions": Text("minion", "szolga"),
        "grant": Text("granted rule", "átadott szabály"),
        "element": Text("elemental tag", "elemi jelölés"),
        "price": Text("price", "ár"),
        "points": Text("game size", "játékméret"),
        "figures": Text("figures", "alakok"),
        "pools": Text("pools", "készletek"),
        "borrowed": Text("borrowed points", "kölcsönzött pontok"),
        "summons": Text("summons", "idézések"),
        "illusions": Text("illusions", "illúziók"),
    }
)


def entry(item: str) -> Entry | None:
    """The rule, spell or magic skill with id ``item``, or None."""
    return ALL_ENTRIES.get(item)


def entry_name(item: str) -> Text:
    """The name of ``item`` in both languages; an unknown id as it is written."""
    found = ALL_ENTRIES.get(item)
    return found.name if found is not None else Text(repr(item), repr(item))
