"""The tracker's forms: only what players type (WQ-6). Rolled values have no field anywhere."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from quests.rules import quest_content

from .models import CLASS_LABELS, PARTY_NAME_MAX, Warrior


class PartyForm(forms.Form):
    name = forms.CharField(label=_("Party name"), max_length=PARTY_NAME_MAX)


class InviteForm(forms.Form):
    username = forms.CharField(label=_("Player's username"), max_length=150)


def _stat(label: Any) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=quest_content.STAT_MIN, max_value=quest_content.STAT_MAX)


class WarriorForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=quest_content.NAME_MAX)
    move = _stat(_("Move (M)"))
    weapon_skill = _stat(_("Weapon Skill (WS)"))
    ballistic_skill = _stat(_("Ballistic Skill (BS)"))
    strength = _stat(_("Strength (S)"))
    toughness = _stat(_("Toughness (T)"))
    initiative = _stat(_("Initiative (I)"))
    attacks = _stat(_("Attacks (A)"))
    wounds_bonus = forms.IntegerField(
        label=_("Wounds bonus (the card's number)"),
        min_value=quest_content.WOUNDS_BONUS_MIN,
        max_value=quest_content.WOUNDS_BONUS_MAX,
    )
    pinning = forms.IntegerField(
        label=_("Pinning (empty: cannot be pinned, the Elf)"),
        min_value=quest_content.PINNING_MIN,
        max_value=quest_content.PINNING_MAX,
        required=False,
    )
    shooting = forms.IntegerField(
        label=_("Shooting to-hit minimum"), min_value=quest_content.SHOOTING_MIN, max_value=quest_content.SHOOTING_MAX
    )

    def __init__(self, *args: object, free_classes: list[str] | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if free_classes is not None:
            choices = [(c.value, label) for c, label in CLASS_LABELS.items() if c.value in free_classes]
            self.fields["cls"] = forms.ChoiceField(
                label=_("Class"),
                choices=choices,
                initial=choices[0][0] if choices else "",
            )
            self.order_fields(["cls", "name"])
        if "attacks" in self.fields and free_classes is not None:
            self.fields["attacks"].initial = quest_content.ATTACKS_AT_CREATION

    @staticmethod
    def initial_from(warrior: Warrior) -> dict[str, object]:
        return {
            key: getattr(warrior, key)
            for key in ("name", *quest_content.STAT_KEYS, "wounds_bonus", "pinning", "shooting")
        }


class AdventureForm(forms.Form):
    objective = forms.CharField(label=_("Objective room (the card drawn)"), max_length=80)
    leader = forms.ChoiceField(label=_("Leader"), required=False)
