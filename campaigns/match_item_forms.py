"""The form a player buys one-match items with before a fixture (HR-10.7, HR-10.8).

The items are listed from the engine's catalogues and prices (vials only under the league's
optional rules); whether an item fits the team, and whether the gold or the points suffice, is the
engine's to say when the service applies it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arena.engine.campaign.match_items import TRAP_INSIGHT_GOLD, MatchItem, gold_price, patronage_cost
from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.discs import DISC_POOL

from .bought_items import Paid, match_item_label
from .record_forms import slot_choices

VIAL, AMULET = "vial", "amulet"


def _priced(item: MatchItem) -> str:
    """``Rögzített korong, 3. szint · 30 arany vagy 6 pont`` …; an amulet for points only."""
    label = capfirst(match_item_label(item))
    points = patronage_cost(item)
    if item.kind.value == AMULET:
        return _("%(item)s · %(points)s points (patronage only)") % {"item": label, "points": points}
    return _("%(item)s · %(gold)s gold or %(points)s points") % {
        "item": label,
        "gold": gold_price(item),
        "points": points,
    }


def item_choices(options: Iterable[str]) -> list[tuple[str, str]]:
    """Every one-match item: fixed discs, trap insight, the vials of the league's options, and a
    temporary 4th amulet (patronage only)."""
    allowed = set(options)
    choices = [(f"disc:{level}", _priced(MatchItem.fixed_disc(level))) for level in sorted(set(DISC_POOL))]
    choices += [(f"insight:{drawn}", _priced(MatchItem.trap_insight(drawn))) for drawn in TRAP_INSIGHT_GOLD]
    choices += [(f"{VIAL}:{v.id}", _priced(MatchItem.vial(v.id, ""))) for v in VIALS.values() if v.option in allowed]
    choices += [(f"{AMULET}:{a.id}", _priced(MatchItem.amulet(a.id))) for a in AMULETS.values()]
    return choices


class MatchItemForm(forms.Form):
    item = forms.ChoiceField(label=gettext_lazy("Item"))
    slot = forms.ChoiceField(label=gettext_lazy("Carried or worn by (a vial, an amulet)"), required=False)
    paid = forms.ChoiceField(
        label=gettext_lazy("Pay with"),
        initial=Paid.GOLD.value,
        choices=lambda: [(Paid.GOLD.value, _("Gold")), (Paid.PATRONAGE.value, _("Patronage points"))],
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, options: Iterable[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["item"]).choices = item_choices(options)
        cast(forms.ChoiceField, self.fields["slot"]).choices = [("", "—"), *slot_choices()]
        self.fields["item"].widget.attrs["class"] = self.fields["slot"].widget.attrs["class"] = "form-select"
        self.fields["paid"].widget.attrs["class"] = "form-check-input"

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if str(cleaned.get("item", "")).startswith(f"{VIAL}:") and not cleaned.get("slot"):
            self.add_error("slot", _("Say who carries the vial."))
        return cleaned

    def item_bought(self) -> MatchItem:
        kind, value = self.cleaned_data["item"].split(":", 1)
        slot = self.cleaned_data["slot"] or None
        if kind == "disc":
            return MatchItem.fixed_disc(int(value))
        if kind == "insight":
            return MatchItem.trap_insight(int(value))
        if kind == VIAL:
            return MatchItem.vial(value, slot or "")
        return MatchItem.amulet(value, slot)

    def paid_with(self) -> Paid:
        return Paid(self.cleaned_data["paid"])
