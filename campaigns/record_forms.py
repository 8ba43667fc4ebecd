"""The player's campaign choices on the team sheet: an advance, a purchase, the healer.

Choices are listed from the engine's catalogs and prices; whether a choice is allowed is the
engine's to say when the service applies it.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst

from arena.engine.campaign.experience import ADVANCE_AMOUNTS, Advance
from arena.engine.campaign.injuries import healer_price
from arena.engine.campaign.purchases import Purchase, purchase_price
from arena.engine.content.amulets import AMULETS
from arena.engine.content.common import Stat
from arena.engine.content.profiles import MEMBER_SLOTS
from arena.engine.content.skills import SKILLS, skills_for_role
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS
from arena.engine.roster import Member

from .labels import slot_label, stat_label

SLOT_CHOICES = [(slot, slot_label(slot)) for slot in MEMBER_SLOTS]


def advance_choices(member: Member) -> list[tuple[str, str]]:
    """Every advance the sheet could take: a raise of a stat he has, or a swap to a skill of his role."""
    choices = [
        (f"stat:{stat.value}", f"+{amount} {stat_label(stat)}")
        for stat, amount in ADVANCE_AMOUNTS.items()
        if stat in member.stats
    ]
    if member.role is not None and member.skills:
        others = [s for s in skills_for_role(member.role) if s.id not in member.skills]
        for out in member.skills:
            name = SKILLS[out].name_hu if out in SKILLS else out
            choices += [(f"swap:{out}:{s.id}", f"Swap {name} for {s.name_hu}") for s in others]
    return choices


class AdvanceForm(forms.Form):
    choice = forms.ChoiceField(label="Advance")

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", f"advance-{member.slot}")
        super().__init__(*args, **kwargs)
        self.member = member
        self.fields["choice"].choices = advance_choices(member)
        self.fields["choice"].widget.attrs["class"] = "form-select form-select-sm"

    def advance(self) -> Advance:
        kind, *parts = self.cleaned_data["choice"].split(":")
        if kind == "stat":
            return Advance.raise_stat(Stat(parts[0]))
        return Advance.swap_skill(parts[0], parts[1])


def _priced(purchase: Purchase, label: str) -> str:
    return f"{label} · {purchase_price(purchase)} gold"


class RecruitForm(forms.Form):
    title = "Recruit a member"
    slot = forms.ChoiceField(label="Place", choices=[
        (slot, _priced(Purchase.recruit(slot, "-"), label)) for slot, label in SLOT_CHOICES
    ])
    name = forms.CharField(max_length=40)
    gladiator_type = forms.ChoiceField(
        label="Gladiator type (a gladiator only)", required=False,
        choices=[(t.id, f"{t.name_hu} ({t.name_en})") for t in GLADIATOR_TYPES.values()],
        initial=BASE_GLADIATOR_TYPE,
    )

    def purchase(self) -> Purchase:
        data = self.cleaned_data
        gladiator_type = data["gladiator_type"] if data["slot"] == "gladiator" else None
        return Purchase.recruit(data["slot"], data["name"], gladiator_type or None)


class PileWeaponForm(forms.Form):
    title = "Weapon for the pile"
    item = forms.ChoiceField(label="Weapon", choices=[
        (w.id, _priced(Purchase.pile_weapon(w.id), w.name_en)) for w in WEAPONS.values() if w.pile_cost is not None
    ])

    def purchase(self) -> Purchase:
        return Purchase.pile_weapon(self.cleaned_data["item"])


class AmuletForm(forms.Form):
    title = "A 4th amulet"
    item = forms.ChoiceField(label="Amulet", choices=[
        (a.id, _priced(Purchase.fourth_amulet(a.id), capfirst(a.name_en))) for a in AMULETS.values()
    ])
    slot = forms.ChoiceField(label="Worn by", choices=[("", "First member without one"), *SLOT_CHOICES],
                             required=False)

    def purchase(self) -> Purchase:
        return Purchase.fourth_amulet(self.cleaned_data["item"], self.cleaned_data["slot"] or None)


class TrainingForm(forms.Form):
    title = "Training"
    slot = forms.ChoiceField(label=_priced(Purchase.training("gladiator"), "Training: +1 Ép"), choices=SLOT_CHOICES)

    def purchase(self) -> Purchase:
        return Purchase.training(self.cleaned_data["slot"])


SPEND_FORMS: dict[str, type[forms.Form]] = {
    "recruit": RecruitForm,
    "pile_weapon": PileWeaponForm,
    "fourth_amulet": AmuletForm,
    "training": TrainingForm,
}


class HealForm(forms.Form):
    slot = forms.ChoiceField(label="Member", choices=SLOT_CHOICES)
    matches = forms.IntegerField(label=f"Matches of absence to remove ({healer_price(1)} gold each)", min_value=1,
                                 initial=1)
