"""The player's campaign choices on the team sheet: an advance, a purchase, a repair, the healer.

Choices are listed from the engine's catalogs and prices; whether a choice is allowed is the
engine's to say when the service applies it. Choices are callables and labels lazy, so the forms
read in the language of the request that shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arena.engine.campaign.experience import ADVANCE_AMOUNTS, Advance
from arena.engine.campaign.injuries import healer_price
from arena.engine.campaign.purchases import Purchase, purchase_price
from arena.engine.content.amulets import AMULETS
from arena.engine.content.common import Stat
from arena.engine.content.profiles import MEMBER_SLOTS
from arena.engine.content.skills import skills_for_role
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS
from arena.engine.roster import Member
from common.i18n import entry_label, entry_name
from teams.forms import bound

from .advances import skill_label
from .bought_items import weapon_label
from .league_bounds import MATCHES_MISSED_MAX
from .league_labels import slot_label, stat_label


def slot_choices() -> list[tuple[str, str]]:
    return [(slot, slot_label(slot)) for slot in MEMBER_SLOTS]


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
            choices += [
                (f"swap:{out}:{s.id}", _("Swap %(old)s for %(new)s") % {"old": skill_label(out), "new": entry_label(s)})
                for s in others
            ]
    return choices


class AdvanceForm(forms.Form):
    choice = forms.ChoiceField(label=gettext_lazy("Advance"))

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", f"advance-{member.slot}")
        super().__init__(*args, **kwargs)
        self.member = member
        cast(forms.ChoiceField, self.fields["choice"]).choices = advance_choices(member)
        self.fields["choice"].widget.attrs["class"] = "form-select form-select-sm"
        self.fields["choice"].widget.attrs["aria-label"] = _("%(member)s: %(column)s") % {
            "member": member.name,
            "column": self.fields["choice"].label,
        }

    def advance(self) -> Advance:
        kind, *parts = self.cleaned_data["choice"].split(":")
        if kind == "stat":
            return Advance.raise_stat(Stat(parts[0]))
        return Advance.swap_skill(parts[0], parts[1])


def priced(purchase: Purchase, label: str) -> str:
    """``Gladiátor · 100 arany`` / ``Gladiator · 100 gold``."""
    return _("%(item)s · %(price)s gold") % {"item": label, "price": purchase_price(purchase)}


def recruit_choices() -> list[tuple[str, str]]:
    return [(slot, priced(Purchase.recruit(slot, "-"), label)) for slot, label in slot_choices()]


def gladiator_type_choices() -> list[tuple[str, str]]:
    return [(t.id, entry_label(t)) for t in GLADIATOR_TYPES.values()]


def pile_weapon_choices() -> list[tuple[str, str]]:
    return [
        (w.id, priced(Purchase.pile_weapon(w.id), entry_name(w))) for w in WEAPONS.values() if w.pile_cost is not None
    ]


def amulet_choices() -> list[tuple[str, str]]:
    return [(a.id, priced(Purchase.fourth_amulet(a.id), capfirst(entry_name(a)))) for a in AMULETS.values()]


def wearer_choices() -> list[tuple[str, str]]:
    return [("", _("First member without one")), *slot_choices()]


class RecruitForm(forms.Form):
    title = gettext_lazy("Recruit a member")
    slot = forms.ChoiceField(label=gettext_lazy("Place"), choices=recruit_choices)
    name = forms.CharField(label=gettext_lazy("Name"), max_length=40)
    gladiator_type = forms.ChoiceField(
        label=gettext_lazy("Gladiator type (a gladiator only)"),
        required=False,
        choices=gladiator_type_choices,
        initial=BASE_GLADIATOR_TYPE,
    )

    def purchase(self) -> Purchase:
        data = self.cleaned_data
        gladiator_type = data["gladiator_type"] if data["slot"] == "gladiator" else None
        return Purchase.recruit(data["slot"], data["name"], gladiator_type or None)


class PileWeaponForm(forms.Form):
    title = gettext_lazy("Weapon for the pile")
    item = forms.ChoiceField(label=gettext_lazy("Weapon"), choices=pile_weapon_choices)

    def purchase(self) -> Purchase:
        return Purchase.pile_weapon(self.cleaned_data["item"])


class AmuletForm(forms.Form):
    title = gettext_lazy("A 4th amulet")
    item = forms.ChoiceField(label=gettext_lazy("Amulet"), choices=amulet_choices)
    slot = forms.ChoiceField(label=gettext_lazy("Worn by"), choices=wearer_choices, required=False)

    def purchase(self) -> Purchase:
        return Purchase.fourth_amulet(self.cleaned_data["item"], self.cleaned_data["slot"] or None)


class TrainingForm(forms.Form):
    title = gettext_lazy("Training")
    slot = forms.ChoiceField(choices=slot_choices)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slot"].label = priced(Purchase.training("gladiator"), _("Training: +1 Ép"))

    def purchase(self) -> Purchase:
        return Purchase.training(self.cleaned_data["slot"])


class RepairForm(forms.Form):
    """Repair one of the entry's weapons broken by Fegyvertörés (HR-10.7)."""

    item = forms.ChoiceField(label=gettext_lazy("Broken weapon"))

    def __init__(self, *args: Any, broken: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["item"]).choices = [
            (item, weapon_label(item)) for item in dict.fromkeys(broken)
        ]

    def purchase(self) -> Purchase:
        return Purchase.repair(self.cleaned_data["item"])


def repair_label() -> str:
    """``Javítás · 10 arany`` / ``Repair · 10 gold``."""
    return priced(Purchase.repair("-"), _("Repair"))


SPEND_FORMS: dict[str, type[forms.Form]] = {
    "recruit": RecruitForm,
    "pile_weapon": PileWeaponForm,
    "fourth_amulet": AmuletForm,
    "training": TrainingForm,
}


class HealForm(forms.Form):
    slot = forms.ChoiceField(label=gettext_lazy("Member"), choices=slot_choices)
    matches = forms.IntegerField(initial=1)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["matches"].label = _("Matches of absence to remove (%(price)s gold each)") % {
            "price": healer_price(1)
        }
        bound(self.fields["matches"], 1, MATCHES_MISSED_MAX, "HR-10.5")  # the longest absence an injury gives
