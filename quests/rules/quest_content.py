"""The basic game's fixed facts, each citing its house rule (WQ-N) and seed line (S3 l.N).

Names are given in Hungarian and English, with the seed's Finnish term beside them; the warriors' card
profiles, monsters, treasure and spells are not in the seed and are typed by the players (WQ intro).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class Name:
    hu: str
    en: str
    fi: str  # the seed's own word

    def in_language(self, language: str) -> str:
        return self.hu if language.startswith("hu") else self.en


class WarriorClass(StrEnum):
    """The four warriors (S3 l.9), listed in the seed's order of play (S3 l.175)."""

    BARBARIAN = "barbarian"
    ELF = "elf"
    WIZARD = "wizard"
    DWARF = "dwarf"


@dataclass(frozen=True)
class ClassInfo:
    cls: WarriorClass
    name: Name
    starting_item: Name  # WQ-2, S3 l.45
    can_be_pinned: bool  # the Elf cannot be pinned (S3 l.281)


CLASSES: dict[WarriorClass, ClassInfo] = {
    WarriorClass.BARBARIAN: ClassInfo(
        WarriorClass.BARBARIAN, Name("Barbár", "Barbarian", "Barbaari"), Name("Lámpás", "Lantern", "lyhty"), True
    ),
    WarriorClass.ELF: ClassInfo(
        WarriorClass.ELF, Name("Tünde", "Elf", "Haltija"), Name("Gyógyital", "Healing potion", "lääkepullo"), False
    ),
    WarriorClass.WIZARD: ClassInfo(
        WarriorClass.WIZARD,
        Name("Varázsló", "Wizard", "Velho"),
        Name("Varázstekercs", "Spell scroll", "loitsukäärö"),
        True,
    ),
    WarriorClass.DWARF: ClassInfo(
        WarriorClass.DWARF, Name("Törpe", "Dwarf", "Kääpiö"), Name("Kötél", "Rope", "köysi"), True
    ),
}

# Ties in Initiative follow the seed's list of the usual order (WQ-1, S3 l.175).
TIE_ORDER: tuple[WarriorClass, ...] = (
    WarriorClass.BARBARIAN,
    WarriorClass.ELF,
    WarriorClass.WIZARD,
    WarriorClass.DWARF,
)

PARTY_MIN, PARTY_MAX = 1, 4  # WQ-1, S3 l.56


class SpellDeck(StrEnum):
    """The Wizard's three face-down decks (S3 l.67, l.669)."""

    ATTACK = "attack"
    DEFENCE = "defence"
    HEALING = "healing"


SPELL_DECKS: dict[SpellDeck, Name] = {
    SpellDeck.ATTACK: Name("Támadó", "Attack", "hyökkäysloitsut"),
    SpellDeck.DEFENCE: Name("Védő", "Defence", "puolustusloitsut"),
    SpellDeck.HEALING: Name("Gyógyító", "Healing", "parannusloitsut"),
}

POWER_TOKENS_MAX = 6  # S3 l.677
SPELL_NUMBER_MAX = 99  # house: a bound on the typed casting number and power cost

# WQ-2: the stats typed from the card, with their bounds and the seed's names (S3 l.9).
STAT_MIN, STAT_MAX = 1, 10


@dataclass(frozen=True)
class StatInfo:
    key: str
    abbreviation: str
    name: Name
    low: int
    high: int


STATS: tuple[StatInfo, ...] = (
    StatInfo("move", "M", Name("Mozgás", "Move", "Liikenopeus"), STAT_MIN, STAT_MAX),
    StatInfo("weapon_skill", "WS", Name("Fegyverforgatás", "Weapon Skill", "Asetaidot"), STAT_MIN, STAT_MAX),
    StatInfo("ballistic_skill", "BS", Name("Célzás", "Ballistic Skill", "Ampumataidot"), STAT_MIN, STAT_MAX),
    StatInfo("strength", "S", Name("Erő", "Strength", "Voimakkuus"), STAT_MIN, STAT_MAX),
    StatInfo("toughness", "T", Name("Szívósság", "Toughness", "Sitkeys"), STAT_MIN, STAT_MAX),
    StatInfo("initiative", "I", Name("Kezdeményezés", "Initiative", "Reaktiokyky"), STAT_MIN, STAT_MAX),
    StatInfo("attacks", "A", Name("Támadások", "Attacks", "Hyökkäyskyky"), STAT_MIN, STAT_MAX),
)
STAT_KEYS: tuple[str, ...] = tuple(stat.key for stat in STATS)
ATTACKS_AT_CREATION = 1  # S3 l.33

WOUNDS_BONUS_MIN, WOUNDS_BONUS_MAX = 0, 12  # the card's number (S3 l.63; range house)
PINNING_MIN, PINNING_MAX = 2, 6  # S3 l.188
SHOOTING_MIN, SHOOTING_MAX = 2, 6  # S3 l.633
NAME_MAX = 40  # WQ-2, house
GOLD_MAX = 1_000_000  # house: a bound on every gold figure
DECK_SIZE = 13  # S3 l.83
OBJECTIVE_NOT_BEFORE = 7  # the objective lies among the bottom 7 of 13 (S3 l.83)


class Status(StrEnum):
    """A warrior's record (WQ-2, S3 l.179, l.625)."""

    ACTIVE = "active"
    DEAD = "dead"
    LOST = "lost"


class Outcome(StrEnum):
    """A warrior's end of one adventure (WQ-3)."""

    SURVIVED = "survived"
    DIED = "died"
    LOST = "lost"


class Result(StrEnum):
    """An adventure's end (WQ-3, S3 l.321, l.327)."""

    COMPLETED = "completed"
    FAILED = "failed"
    ABANDONED = "abandoned"


RESULT_NAMES: dict[Result, Name] = {
    Result.COMPLETED: Name("teljesítve", "completed", "tehtävä suoritettu"),
    Result.FAILED: Name("elbukott", "failed", "kuolla yrityksessään"),
    Result.ABANDONED: Name("feladva", "abandoned", "luovuttava seikkailusta"),
}
OUTCOME_NAMES: dict[Outcome, Name] = {
    Outcome.SURVIVED: Name("túlélte", "survived", "selvisi"),
    Outcome.DIED: Name("meghalt", "died", "kuoli"),
    Outcome.LOST: Name("elveszett", "lost", "eksyi"),
}
STATUS_NAMES: dict[Status, Name] = {
    Status.ACTIVE: Name("aktív", "active", "mukana"),
    Status.DEAD: Name("halott", "dead", "kuollut"),
    Status.LOST: Name("elveszett", "lost", "eksynyt"),
}


class CardKind(StrEnum):
    """The kinds of Dungeon card the log lists (WQ-3, S3 l.72–73, l.84, l.212)."""

    ENTRANCE = "entrance"
    ROOM = "room"
    OBJECTIVE = "objective"
    CORRIDOR = "corridor"
    T_JUNCTION = "t_junction"
    OTHER = "other"


CARD_KIND_NAMES: dict[CardKind, Name] = {
    CardKind.ENTRANCE: Name("bejárat", "entrance", "sisäänkäynti"),
    CardKind.ROOM: Name("terem", "room", "huone"),
    CardKind.OBJECTIVE: Name("célterem", "objective room", "kohdehuone"),
    CardKind.CORRIDOR: Name("folyosó", "corridor", "käytävä"),
    CardKind.T_JUNCTION: Name("T-elágazás", "T-junction", "T-risteys"),
    CardKind.OTHER: Name("egyéb", "other", "muu"),
}


class TreasureSource(StrEnum):
    """Where a treasure card came from (WQ-3, S3 l.331, l.653)."""

    EVENT = "event"
    OBJECTIVE = "objective"


def item_name(name: str, language: str) -> str:
    """A class's starting item in the reader's language (stored by its English name); other cards as typed."""
    for info in CLASSES.values():
        if name in (info.starting_item.en, info.starting_item.hu):
            return info.starting_item.in_language(language)
    return name


def deck_name(deck: str, language: str) -> str:
    known = {d.value: n for d, n in SPELL_DECKS.items()}
    return known[deck].in_language(language) if deck in known else deck
