"""Each log entry and each roll as a plain sentence in Hungarian or English, every die shown (WQ-3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .adventure_log import (
    AdventureEnded,
    CardTurned,
    CardUsed,
    EndOfTurn,
    Entry,
    EquipmentPassed,
    EventDrawn,
    LanternPassed,
    MonsterSlain,
    TokensUsed,
    TreasureFound,
    TreasureSold,
    Voided,
    WarriorLost,
    WoundsHealed,
    WoundsTaken,
)
from .quest_content import CARD_KIND_NAMES, CLASSES, OUTCOME_NAMES, RESULT_NAMES, WarriorClass, item_name
from .rolls import ADVENTURE, LOT, POWER, WOUNDS, Roll


def _hu(language: str) -> bool:
    return language.startswith("hu")


def dice_text(dice: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(d) for d in dice)


def roll_sentence(roll: Roll, who: str, language: str) -> str:
    dice = dice_text(roll.dice)
    hu = _hu(language)
    if roll.purpose == WOUNDS:
        if roll.rerolled:
            return (
                f"{who} kezdő Sebpontjai: 1-est dobott, újradobta: {roll.dice[-1]}; "
                f"+ {roll.bonus} = {roll.total} (kockák: {dice})."
                if hu
                else f"{who}'s starting Wounds: rolled a 1, re-rolled {roll.dice[-1]}; "
                f"+ {roll.bonus} = {roll.total} (dice: {dice})."
            )
        return (
            f"{who} kezdő Sebpontjai: {roll.dice[0]} + {roll.bonus} = {roll.total} (kocka: {dice})."
            if hu
            else f"{who}'s starting Wounds: {roll.dice[0]} + {roll.bonus} = {roll.total} (die: {dice})."
        )
    if roll.purpose == POWER:
        return (
            f"{who} erőjelzői: {roll.total} (kocka: {dice})."
            if hu
            else f"{who}'s power tokens: {roll.total} (die: {dice})."
        )
    if roll.purpose == ADVENTURE:
        return (
            f"A kaland száma: {roll.total} (kocka: {dice})." if hu else f"Adventure number: {roll.total} (die: {dice})."
        )
    return f"{who}: {roll.purpose} {roll.total} ({dice})."


def lot_sentence(lot: Mapping[str, Any], names: Mapping[str, str], purpose: str, language: str) -> str:
    rounds = "; ".join(
        ", ".join(f"{names.get(who, who)} {die}" for who, die in round_) for round_ in lot.get("rounds", [])
    )
    winner = names.get(lot.get("winner", ""), lot.get("winner", ""))
    if _hu(language):
        return f"Sorsolás ({purpose}): {rounds or 'egyetlen jelölt'} — {winner}."
    return f"Lot ({purpose}): {rounds or 'a single candidate'} — {winner}."


def class_name(cls: WarriorClass, language: str) -> str:
    return CLASSES[cls].name.in_language(language)


def sentence(entry: Entry, names: Mapping[str, str], language: str) -> str:  # noqa: C901 - one branch per kind
    hu = _hu(language)

    def n(key: str) -> str:
        return names.get(key, key)

    if isinstance(entry, CardTurned):
        kind = CARD_KIND_NAMES[entry.card_kind].in_language(language)
        return f"Felfordított lap: {entry.name} ({kind})." if hu else f"Card turned: {entry.name} ({kind})."
    if isinstance(entry, EventDrawn):
        if hu:
            why = "1-es az Erő fázisban" if entry.source == "power" else "új terem"
            return f"Esemény húzva: {entry.name} ({why})."
        why = "a 1 in the Power phase" if entry.source == "power" else "a new room"
        return f"Event drawn: {entry.name} ({why})."
    if isinstance(entry, MonsterSlain):
        return (
            f"{n(entry.killer)} megölte: {entry.monster}, {entry.gold} arany."
            if hu
            else f"{n(entry.killer)} slew {entry.monster} for {entry.gold} gold."
        )
    if isinstance(entry, TreasureFound):
        src = ("esemény" if entry.source.value == "event" else "célterem") if hu else entry.source.value
        return (
            f"Kincs ({src}): {entry.name}, {entry.value} arany értékű — {n(entry.recipient)} kapja."
            if hu
            else f"Treasure ({src}): {entry.name}, worth {entry.value} gold — given to {n(entry.recipient)}."
        )
    if isinstance(entry, WoundsTaken):
        cause = f" ({entry.cause})" if entry.cause else ""
        return (
            f"{n(entry.warrior)} {entry.amount} sebet kap{cause}."
            if hu
            else f"{n(entry.warrior)} takes {entry.amount} Wounds{cause}."
        )
    if isinstance(entry, WoundsHealed):
        cause = f" ({entry.cause})" if entry.cause else ""
        return (
            f"{n(entry.warrior)} {entry.amount} Sebpontot gyógyul{cause}."
            if hu
            else f"{n(entry.warrior)} heals {entry.amount} Wounds{cause}."
        )
    if isinstance(entry, EndOfTurn):
        return (
            "A kör véget ér: aki még eszméletlen, meghal."
            if hu
            else "The turn ends: whoever is still unconscious dies."
        )
    if isinstance(entry, WarriorLost):
        return f"{n(entry.warrior)} elveszett a sötétben." if hu else f"{n(entry.warrior)} is lost in the dark."
    if isinstance(entry, LanternPassed):
        text = f"A lámpást {n(entry.to)} veszi át." if hu else f"{n(entry.to)} takes up the lantern."
        return text + (
            " " + lot_sentence(entry.lot, names, "lámpás" if hu else "lantern", language) if entry.lot else ""
        )
    if isinstance(entry, EquipmentPassed):
        item = item_name(entry.item, language)
        text = (
            f"{n(entry.giver)} felszerelése ({item}) {n(entry.to)} kezébe kerül."
            if hu
            else f"{n(entry.giver)}'s {item} passes to {n(entry.to)}."
        )
        return text + (" " + lot_sentence(entry.lot, names, item, language) if entry.lot else "")
    if isinstance(entry, CardUsed):
        item = item_name(entry.item, language)
        return f"{n(entry.warrior)} felhasználta: {item}." if hu else f"{n(entry.warrior)} used {item}."
    if isinstance(entry, TokensUsed):
        return (
            f"{n(entry.warrior)} {entry.amount} erőjelzőt használt fel."
            if hu
            else f"{n(entry.warrior)} used {entry.amount} power tokens."
        )
    if isinstance(entry, AdventureEnded):
        result = RESULT_NAMES[entry.result].in_language(language)
        outcomes = ", ".join(f"{n(k)}: {OUTCOME_NAMES[o].in_language(language)}" for k, o in entry.outcomes.items())
        return f"A kaland véget ért: {result}. {outcomes}." if hu else f"The adventure ended: {result}. {outcomes}."
    if isinstance(entry, TreasureSold):
        return (
            f"{n(entry.warrior)} eladta: {entry.name}, {entry.price} aranyért."
            if hu
            else f"{n(entry.warrior)} sold {entry.name} for {entry.price} gold."
        )
    if isinstance(entry, Voided):
        return (
            f"Javítás: a(z) {entry.seq}. bejegyzés érvénytelen ({entry.reason})."
            if hu
            else f"Correction: entry {entry.seq} is void ({entry.reason})."
        )
    raise TypeError(f"not a log entry: {entry!r}")


__all__ = [
    "ADVENTURE",
    "LOT",
    "POWER",
    "WOUNDS",
    "class_name",
    "dice_text",
    "lot_sentence",
    "roll_sentence",
    "sentence",
]
