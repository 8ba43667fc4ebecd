"""Team-level forms: creating, editing the team's own fields, importing a team file."""

from __future__ import annotations

from typing import Any

from django import forms

from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.content.points import DEFAULT_TIER, TIERS

from .models import Team
from .problems import ProblemBoard


def tier_choices_with_budget() -> list[tuple[str, str]]:
    return [(tier.id, f"{both_names(tier.name_en, tier.name_hu)} · {tier.budget} points") for tier in TIERS.values()]


def both_names(english: str, hungarian: str) -> str:
    return english if english == hungarian else f"{english} ({hungarian})"


class TeamCreateForm(forms.ModelForm):
    tier = forms.ChoiceField(choices=tier_choices_with_budget, initial=DEFAULT_TIER)

    class Meta:
        model = Team
        fields = ["name", "tier"]


class TeamForm(forms.Form):
    """The team's own fields on the edit page; the engine's team problems are placed beside them.

    A plain form, not a ModelForm, so that an invalid post never touches the team in memory.
    """

    name = forms.CharField(max_length=Team._meta.get_field("name").max_length)
    tier = forms.ChoiceField(choices=tier_choices_with_budget)
    notes = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    options = forms.MultipleChoiceField(
        label="Optional rules",
        choices=[(rule.id, f"{rule.name_en} ({rule.name_hu})") for rule in OPTIONAL_RULES.values()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, team: Team, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "team")
        kwargs.setdefault("initial", {name: getattr(team, name) for name in self.base_fields})
        super().__init__(*args, **kwargs)
        self.board = ProblemBoard()
        for name in self.fields:
            self.board.route(name, section="", field=name)

    def team_changes(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.fields}


class TeamImportForm(forms.Form):
    """A team file, uploaded or pasted; the text goes to ``team_import`` as it is."""

    file = forms.FileField(label="Team file (.json)", required=False)
    text = forms.CharField(
        label="…or paste its JSON",
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload:
            try:
                cleaned["text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text; a team file is JSON.") from None
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError("Choose a team file or paste its JSON.")
        return cleaned
