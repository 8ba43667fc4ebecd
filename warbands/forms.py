"""The warband's own forms: a new warband (empty, from the army list, or WB-5's sample) and an import."""

from __future__ import annotations

from typing import Any

from django import forms
from django.template.defaultfilters import filesizeformat
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from warbands.rules.army_list import ARMY_LIST
from warbands.rules.warband_file import MAX_FILE_BYTES

from .models import DEFAULT_POINTS, NAME_MAX_LENGTH, POINTS_BOUNDS
from .reader_language import reader_language
from .services import MAX_PICK

PICK_PREFIX = "pick-"


class WarbandCreateForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_MAX_LENGTH)
    points = forms.IntegerField(
        label=gettext_lazy("Game size L (150–300)"),
        min_value=POINTS_BOUNDS[0],
        max_value=POINTS_BOUNDS[1],
        initial=DEFAULT_POINTS,
    )
    start = forms.ChoiceField(
        label=gettext_lazy("Start from"),
        widget=forms.RadioSelect,
        initial="army",
        choices=[
            ("army", gettext_lazy("the army list (WB-6): choose how many of each profile below")),
            ("sample", gettext_lazy("the sample warband of WB-5 (200 points)")),
            ("empty", gettext_lazy("nothing: an empty warband")),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = reader_language()
        for profile_id, profile in ARMY_LIST.items():
            self.fields[PICK_PREFIX + profile_id] = forms.IntegerField(
                label=f"{profile.name.get(language)} (Q{profile.quality}+ C{profile.combat}, {profile.listed_price})",
                min_value=0,
                max_value=MAX_PICK,
                initial=0,
                required=False,
                widget=forms.NumberInput(attrs={"class": "form-control-sm", "inputmode": "numeric"}),
            )

    @property
    def pick_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(PICK_PREFIX)]

    def picks(self) -> dict[str, int]:
        return {
            name.removeprefix(PICK_PREFIX): value or 0
            for name, value in self.cleaned_data.items()
            if name.startswith(PICK_PREFIX)
        }


class WarbandImportForm(forms.Form):
    """A warband file, uploaded or pasted; no more than one byte past the file's limit is read."""

    file = forms.FileField(
        label=gettext_lazy("Warband file (.json)"),
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
            raise forms.ValidationError(_("Choose a warband file or paste its JSON."))
        return cleaned
