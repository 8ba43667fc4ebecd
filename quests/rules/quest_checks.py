"""Every check of the WQ checklist (WQ-01…WQ-15) as a validator.

Each returns a tuple of ``Violation``: the check's id, the field it is about (the form's field name or a
path such as ``warriors.2.weapon_skill``), and the message in Hungarian and English naming the field.
An empty tuple means the value passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .quest_content import (
    ATTACKS_AT_CREATION,
    CLASSES,
    DECK_SIZE,
    GOLD_MAX,
    NAME_MAX,
    OBJECTIVE_NOT_BEFORE,
    PARTY_MAX,
    PARTY_MIN,
    PINNING_MAX,
    PINNING_MIN,
    POWER_TOKENS_MAX,
    SHOOTING_MAX,
    SHOOTING_MIN,
    SPELL_NUMBER_MAX,
    STATS,
    WOUNDS_BONUS_MAX,
    WOUNDS_BONUS_MIN,
    CardKind,
    Outcome,
    SpellDeck,
    Status,
    WarriorClass,
)
from .rolls import POWER, WOUNDS, Roll


@dataclass(frozen=True)
class Violation:
    code: str
    field: str
    hu: str
    en: str

    def message(self, language: str) -> str:
        return self.hu if language.startswith("hu") else self.en


def _v(code: str, field: str, hu: str, en: str) -> tuple[Violation, ...]:
    return (Violation(code, field, hu, en),)


# --- WQ-01 the party (S3 l.9, l.56) --------------------------------------------------------------


def check_party(classes: Sequence[str], field: str = "warriors") -> tuple[Violation, ...]:
    known = {cls.value for cls in WarriorClass}
    problems = not PARTY_MIN <= len(classes) <= PARTY_MAX
    problems = problems or any(cls not in known for cls in classes) or len(set(classes)) != len(classes)
    if problems:
        return _v(
            "WQ-01",
            field,
            f"Harcosok: egy csapatban 1–4 harcos van, minden osztályból egy ({len(classes)} megadva).",
            f"Warriors: a party has 1–4 warriors, one of each class ({len(classes)} given).",
        )
    return ()


# --- WQ-02 the record sheet's ranges (S3 l.9, l.33, l.63, l.188, l.633) ----------------------------


def _range(
    name: str, field: str, label_hu: str, label_en: str, value: int, low: int, high: int
) -> tuple[Violation, ...]:
    if low <= value <= high:
        return ()
    return _v(
        "WQ-02",
        field,
        f"{name}: {label_hu} {value} kívül esik a {low}–{high} tartományon.",
        f"{name}: {label_en} {value} is outside {low}–{high}.",
    )


def check_sheet(
    name: str,
    cls: str,
    stats: Mapping[str, int],
    wounds_bonus: int,
    pinning: int | None,
    shooting: int,
    *,
    at_creation: bool,
    prefix: str = "",
) -> tuple[Violation, ...]:
    """WQ-02: a warrior's typed values. ``pinning`` None means "cannot be pinned" (the Elf alone)."""
    shown = name or "?"
    found: list[Violation] = []
    if not 1 <= len(name.strip()) <= NAME_MAX or name != name.strip():
        found += _v(
            "WQ-02",
            f"{prefix}name",
            f"Név: 1–{NAME_MAX} karakter, szóköz nélkül az elején és a végén.",
            f"Name: 1–{NAME_MAX} characters, no spaces at either end.",
        )
    for stat in STATS:
        value = stats.get(stat.key)
        if value is None:
            found += _v(
                "WQ-02",
                f"{prefix}{stat.key}",
                f"{shown}: hiányzik: {stat.name.hu}.",
                f"{shown}: {stat.name.en} is missing.",
            )
            continue
        found += _range(shown, f"{prefix}{stat.key}", stat.name.hu, stat.name.en, value, stat.low, stat.high)
    if at_creation and stats.get("attacks", ATTACKS_AT_CREATION) != ATTACKS_AT_CREATION:
        found += _v(
            "WQ-02",
            f"{prefix}attacks",
            f"{shown}: Támadások {stats['attacks']}: új harcosnál 1.",
            f"{shown}: Attacks {stats['attacks']}: a new warrior has 1.",
        )
    found += _range(
        shown,
        f"{prefix}wounds_bonus",
        "Sebpont-bónusz",
        "Wounds bonus",
        wounds_bonus,
        WOUNDS_BONUS_MIN,
        WOUNDS_BONUS_MAX,
    )
    can_be_pinned = cls in {c.value for c in WarriorClass} and CLASSES[WarriorClass(cls)].can_be_pinned
    if pinning is None:
        if can_be_pinned:
            found += _v(
                "WQ-02",
                f"{prefix}pinning",
                f"{shown}: Lekötés: csak a Tünde nem köthető le; adj meg 2–6-ot.",
                f"{shown}: Pinning: only the Elf cannot be pinned; give 2–6.",
            )
    elif not can_be_pinned:
        found += _v(
            "WQ-02",
            f"{prefix}pinning",
            f"{shown}: Lekötés: a Tünde nem köthető le (S3 l.281).",
            f"{shown}: Pinning: the Elf cannot be pinned (S3 l.281).",
        )
    else:
        found += _range(shown, f"{prefix}pinning", "Lekötés", "Pinning", pinning, PINNING_MIN, PINNING_MAX)
    found += _range(
        shown, f"{prefix}shooting", "Lövés találati minimuma", "Shooting to-hit", shooting, SHOOTING_MIN, SHOOTING_MAX
    )
    return tuple(found)


def check_gold(name: str, gold: object, field: str = "gold") -> tuple[Violation, ...]:
    """WQ-02/WQ-11: gold is a whole number 0…GOLD_MAX (S3 l.333, l.649)."""
    if isinstance(gold, bool) or not isinstance(gold, int) or not 0 <= gold <= GOLD_MAX:
        return _v(
            "WQ-11",
            field,
            f"{name}: az arany egész szám 0 és {GOLD_MAX} között ({gold!r}).",
            f"{name}: gold is a whole number from 0 to {GOLD_MAX} ({gold!r}).",
        )
    return ()


# --- WQ-03 starting Wounds are rolled (S3 l.63) ----------------------------------------------------


def check_starting_wounds(
    name: str, roll: Roll | None, *, typed: object = None, field: str = "starting_wounds"
) -> tuple[Violation, ...]:
    message = (f"{name}: a kezdő Sebpontokat az alkalmazás dobja.", f"{name}: starting Wounds are rolled by the app.")
    if typed is not None or roll is None or roll.purpose != WOUNDS:
        return _v("WQ-03", field, *message)
    dice = roll.dice
    shape_ok = all(1 <= d <= 6 for d in dice) and (
        (len(dice) == 1 and dice[0] != 1) or (len(dice) == 2 and dice[0] == 1)
    )
    if not shape_ok or roll.total != dice[-1] + roll.bonus:
        return _v(
            "WQ-03",
            field,
            f"{name}: újradobás csak 1-es után, egyszer (kockák: {list(dice)}).",
            f"{name}: a re-roll only after a 1, and once (dice: {list(dice)}).",
        )
    return ()


# --- WQ-04 current Wounds stay 0…start (S3 l.63, l.625) --------------------------------------------


def check_current_wounds(name: str, current: int, start: int, field: str = "wounds") -> tuple[Violation, ...]:
    if 0 <= current <= start:
        return ()
    return _v(
        "WQ-04",
        field,
        f"{name}: a Sebpontok 0 és {start} között maradnak ({current}).",
        f"{name}: Wounds must stay 0–{start} ({current}).",
    )


# --- WQ-05 starting items (S3 l.45) ------------------------------------------------------------------


def check_starting_item(
    name: str, cls: WarriorClass, items: Sequence[str], field: str = "equipment"
) -> tuple[Violation, ...]:
    item = CLASSES[cls].starting_item
    if item.en in items or item.hu in items:
        return ()
    return _v(
        "WQ-05",
        field,
        f"{name}: {CLASSES[cls].name.hu} kezdő felszerelése: {item.hu}.",
        f"{name}: the {CLASSES[cls].name.en} starts with the {item.en}.",
    )


# --- WQ-06 the leader (S3 l.59, l.175) ---------------------------------------------------------------


def check_leader(
    leaders: Sequence[str], classes: Mapping[str, WarriorClass], *, at_setup: bool, field: str = "leader"
) -> tuple[Violation, ...]:
    message = (
        "A lámpást a Barbár viszi, ő vezet: pontosan egy vezető van.",
        "The Barbarian carries the lantern and leads: there is exactly one leader.",
    )
    if len(leaders) != 1 or leaders[0] not in classes:
        return _v("WQ-06", field, *message)
    barbarian_in = WarriorClass.BARBARIAN in classes.values()
    if at_setup and barbarian_in and classes[leaders[0]] is not WarriorClass.BARBARIAN:
        return _v("WQ-06", field, *message)
    return ()


# --- WQ-07 the Wizard's spells and tokens (S3 l.67–69, l.677) ------------------------------------------


@dataclass(frozen=True)
class SpellEntry:
    deck: str
    name: str
    casting_number: int
    power_cost: int


def check_wizard(
    name: str, cls: WarriorClass, spells: Sequence[SpellEntry], tokens: Roll | None, *, typed_tokens: object = None
) -> tuple[Violation, ...]:
    message = (
        f"{name}: a Varázslónak 3 varázslata van, paklinként egy, és legfeljebb 6 erőjelzője.",
        f"{name}: the Wizard has 3 spells, one per deck, and at most 6 tokens.",
    )
    if cls is not WarriorClass.WIZARD:
        if spells or tokens is not None or typed_tokens is not None:
            return _v(
                "WQ-07",
                "spells",
                f"{name}: varázslata és erőjelzője csak a Varázslónak van.",
                f"{name}: only the Wizard has spells and power tokens.",
            )
        return ()
    found: list[Violation] = []
    decks = sorted(spell.deck for spell in spells)
    numbers_ok = all(
        0 <= s.casting_number <= SPELL_NUMBER_MAX
        and 0 <= s.power_cost <= SPELL_NUMBER_MAX
        and 1 <= len(s.name.strip()) <= NAME_MAX
        for s in spells
    )
    if decks != sorted(deck.value for deck in SpellDeck) or not numbers_ok:
        found += _v("WQ-07", "spells", *message)
    if (
        typed_tokens is not None
        or tokens is None
        or tokens.purpose != POWER
        or not 0 <= tokens.total <= POWER_TOKENS_MAX
    ):
        found += _v("WQ-07", "power_tokens", *message)
    return tuple(found)


# --- WQ-08 the adventure deck (S3 l.83–84, l.319) -------------------------------------------------------


def check_deck(kinds: Sequence[CardKind], field: str = "card") -> tuple[Violation, ...]:
    """The cards turned so far, in order."""

    def problem(hu: str, en: str) -> tuple[Violation, ...]:
        return _v("WQ-08", field, f"Kalandpakli: {hu}.", f"Adventure deck: {en}.")

    if len(kinds) > DECK_SIZE:
        return problem(f"legfeljebb {DECK_SIZE} lap fordítható fel", f"at most {DECK_SIZE} cards are turned")
    if kinds and kinds[0] is not CardKind.ENTRANCE:
        return problem("az első lap a bejárat", "the first card is the entrance")
    if CardKind.ENTRANCE in kinds[1:]:
        return problem("csak az első lap bejárat", "only the first card is the entrance")
    objectives = [i for i, kind in enumerate(kinds, start=1) if kind is CardKind.OBJECTIVE]
    if len(objectives) > 1:
        return problem("csak egy célterem van", "there is one objective room")
    if objectives and CardKind.T_JUNCTION not in kinds[: objectives[0]] and objectives[0] < OBJECTIVE_NOT_BEFORE:
        return problem(
            f"T-elágazás nélkül a célterem nem lehet a {OBJECTIVE_NOT_BEFORE}. lap előtt (ez a {objectives[0]}.)",
            f"with no T-junction the objective cannot precede card {OBJECTIVE_NOT_BEFORE} (it is card {objectives[0]})",
        )
    return ()


# --- WQ-09 treasure cards no more than Events (S3 l.653) ---------------------------------------------------


def check_event_treasure(treasure: int, events: int, field: str = "source") -> tuple[Violation, ...]:
    if treasure <= events:
        return ()
    return _v(
        "WQ-09",
        field,
        f"{treasure} kincskártya, de csak {events} Esemény.",
        f"{treasure} treasure cards, but only {events} Events.",
    )


# --- WQ-10 treasure shared evenly (S3 l.655) -------------------------------------------------------------


def check_treasure_share(
    recipient: str, name: str, counts: Mapping[str, int], field: str = "recipient"
) -> tuple[Violation, ...]:
    """``counts``: this adventure's treasure cards held by each living warrior (the recipient among them)."""
    if recipient not in counts:
        return _v("WQ-10", field, f"{name} nem kaphat kincset.", f"{name} cannot be given treasure.")
    if any(counts[recipient] > count for key, count in counts.items() if key != recipient):
        return _v(
            "WQ-10",
            field,
            f"A kincset egyenlően osztják: {name} várjon.",
            f"Treasure is shared evenly: {name} must wait.",
        )
    return ()


# --- WQ-11 monster gold to the killer (S3 l.619, l.649) ----------------------------------------------------


def check_kill(killer: str, credited: str, gold: object, field: str = "gold") -> tuple[Violation, ...]:
    if credited != killer:
        return _v(
            "WQ-11",
            "killer",
            "A szörny aranya azé a harcosé, aki megölte.",
            "Monster gold goes to the warrior who killed it.",
        )
    if isinstance(gold, bool) or not isinstance(gold, int) or not 0 <= gold <= GOLD_MAX:
        return _v(
            "WQ-11",
            field,
            f"Arany: egész szám 0 és {GOLD_MAX} között ({gold!r}).",
            f"Gold: a whole number from 0 to {GOLD_MAX} ({gold!r}).",
        )
    return ()


# --- WQ-12 nobody survives at 0 Wounds (S3 l.625) -----------------------------------------------------------


def check_outcome(name: str, outcome: Outcome, wounds: int, field: str = "outcome") -> tuple[Violation, ...]:
    if outcome is Outcome.SURVIVED and wounds == 0:
        return _v(
            "WQ-12",
            field,
            f"{name} 0 Sebponttal ért a végére: jegyezd meghaltként.",
            f"{name} ended at 0 Wounds: record him as died.",
        )
    return ()


# --- WQ-13 the dead and the lost stay so (S3 l.179, l.661) --------------------------------------------------


def check_living(name: str, status: Status, field: str = "warrior") -> tuple[Violation, ...]:
    if status is Status.ACTIVE:
        return ()
    hu = {Status.DEAD: "halott", Status.LOST: "elveszett"}[status]
    return _v("WQ-13", field, f"{name} {hu}.", f"{name} is {status.value}.")


# --- WQ-14 sales: survivors, at the end, held cards, face value (S3 l.657) ------------------------------------


def check_sale(
    *, ended: bool, survived: bool, held_value: int | None, price: int, field: str = "treasure"
) -> tuple[Violation, ...]:
    if ended and survived and held_value is not None and price == held_value:
        return ()
    return _v(
        "WQ-14",
        field,
        "Csak a túlélők adják el kártyáikat, a végén, névértéken.",
        "Only survivors sell their cards, at the end, at face value.",
    )


# --- WQ-15 no typed values where the app rolls (house) ------------------------------------------------------


ROLLED_FIELDS = frozenset({"starting_wounds", "power_tokens", "adventure_number", "dice", "lot", "roll"})


def check_not_typed(submitted: Mapping[str, object]) -> tuple[Violation, ...]:
    """Every submitted field that names a value the app rolls."""
    return tuple(
        Violation(
            "WQ-15",
            field,
            "Ezt a dobást az alkalmazás végzi és jegyzi fel.",
            "This roll is made and recorded by the app.",
        )
        for field in sorted(ROLLED_FIELDS & set(submitted))
    )
