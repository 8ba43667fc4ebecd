"""Team-level forms: creating, editing the team's own fields, importing a team file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.template.defaultfilters import filesizeformat
from django.utils.functional import lazy
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.content.points import DEFAULT_TIER, TIERS
from arena.engine.roster.limits import MAX_FILE_BYTES
from common.i18n import entry_label, entry_name
from reference.notes import labelled, options_help, tier_help

from .models import NOTES_MAX_LENGTH, Team
from .problems import OnTheBoard, ProblemBoard

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def tier_choices_with_budget() -> list[tuple[str, str]]:
    """The tiers with their budgets, named in the reader's language only, as every page names them
    (``Rookie · 200 points`` / ``Újonc · 200 pont``)."""
    return [
        (
            tier.id,
            ngettext("%(tier)s · %(budget)s point", "%(tier)s · %(budget)s points", tier.budget)
            % {"tier": entry_name(tier), "budget": tier.budget},
        )
        for tier in TIERS.values()
    ]


def optional_rule_choices() -> list[tuple[str, str]]:
    """Each optional rule with what it does and a link to it (HR-7)."""
    return [(rule.id, labelled(entry_label(rule), "optional-rules", rule.id)) for rule in OPTIONAL_RULES.values()]


TIER_HELP = lazy(tier_help, SafeString)()
OPTIONS_HELP = lazy(options_help, SafeString)()


def notes_form_field(label: StrOrPromise, rows: int, *, required: bool = False) -> forms.CharField:
    """A notes textarea of at most NOTES_MAX_LENGTH characters, saying so when a post has more."""
    return forms.CharField(
        label=label,
        required=required,
        max_length=NOTES_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": rows}),
        error_messages={
            "max_length": gettext_lazy("At most %(limit_value)d characters, please: this text has %(show_value)d."),
        },
    )


def bounded(low: int, high: int, rule: str) -> dict[str, Any]:
    """An integer field's bounds (``min_value``, ``max_value``), refused with one message in the
    reader's language that names the range and the rule it comes from."""
    message = _("Enter a number from %(low)s to %(high)s (%(rule)s).") % {"low": low, "high": high, "rule": rule}
    return {"min_value": low, "max_value": high, "error_messages": {"min_value": message, "max_value": message}}


def bound(field: forms.Field, low: int, high: int, rule: str) -> None:
    """Bound an integer field built already (its input shows the range; a refusal names it)."""
    if not isinstance(field, forms.IntegerField):
        raise TypeError(f"only an integer field has bounds, not {type(field).__name__}")
    field.validators = [v for v in field.validators if not isinstance(v, MinValueValidator | MaxValueValidator)]
    settings = bounded(low, high, rule)
    field.min_value, field.max_value = low, high
    field.validators += [MinValueValidator(low), MaxValueValidator(high)]
    field.error_messages.update(settings["error_messages"])
    field.widget.attrs.update({"min": str(low), "max": str(high)})


def both_names(english: str, hungarian: str) -> str:
    """``English (Hungarian)`` whatever the reader's language (for the English-only pages)."""
    return english if english == hungarian else f"{english} ({hungarian})"


class TeamCreateForm(forms.ModelForm):
    tier = forms.ChoiceField(
        label=gettext_lazy("Tier"), choices=tier_choices_with_budget, initial=DEFAULT_TIER, help_text=TIER_HELP
    )

    class Meta:
        model = Team
        fields = ["name", "tier"]
        labels = {"name": gettext_lazy("Name")}


class TeamForm(OnTheBoard, forms.Form):
    """The team's own fields on the edit page; the engine's team problems are placed beside them.

    A plain form, not a ModelForm, so that an invalid post never touches the team in memory.
    """

    PREFIX = "team"

    name = forms.CharField(label=gettext_lazy("Name"), max_length=Team._meta.get_field("name").max_length)
    tier = forms.ChoiceField(label=gettext_lazy("Tier"), choices=tier_choices_with_budget, help_text=TIER_HELP)
    notes = notes_form_field(gettext_lazy("Notes"), rows=3)
    options = forms.MultipleChoiceField(
        label=gettext_lazy("Optional rules"),
        choices=optional_rule_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=OPTIONS_HELP,
    )

    def __init__(self, *args: Any, team: Team, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", self.PREFIX)
        kwargs.setdefault("initial", {name: getattr(team, name) for name in self.declared_fields})
        # The builder makes this form on every change. Its fields are the same for every team and
        # every language (the labels and choices are lazy), and nothing changes them once built, so
        # every form shares the declared ones, as a member's form shares its blueprint's, instead of
        # Django's deep copy of each (``builder_html`` copies a field before crispy writes into it).
        self.base_fields = {}  # type: ignore[misc]  # this form's own, before Django copies it
        super().__init__(*args, **kwargs)
        self.fields = dict(self.declared_fields)
        self.board = ProblemBoard()
        for name in self.fields:
            self.board.route(name, section="", field=name)

    def team_changes(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.fields}


class TeamImportForm(forms.Form):
    """A team file, uploaded or pasted; the text goes to ``team_import`` as it is. An upload's bytes
    go as they are, no more than one past the engine's size limit read: the engine's team file
    checks the size, then the UTF-8, as it does for ``validate_team``."""

    file = forms.FileField(
        label=gettext_lazy("Team file (.json)"),
        required=False,
        help_text=lazy(lambda: _("At most %(limit)s.") % {"limit": filesizeformat(MAX_FILE_BYTES)}, str)(),
    )
    text = forms.CharField(
        label=gettext_lazy("…or paste its JSON"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload:
            cleaned["text"] = upload.read(MAX_FILE_BYTES + 1)
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError(_("Choose a team file or paste its JSON."))
        return cleaned
