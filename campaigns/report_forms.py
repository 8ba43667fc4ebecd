"""The result report: who won, rounds, arena scores, thumbs, notes, one line per member of each
side's line-up (hirelings included) saying how he ended and what he did, and the items of each
side's weapon pile that Fegyvertörés broke (HR-10.7).

Every number is bounded by the rules (``campaigns.league_bounds``), each refusal beside its field: rounds
within the league's round limit, arena scores within the most a side can score, a dead member's Ép
between the lowest a match leaves and his own, and per side no more non-gladiators killed than the
enemy fields, the strategist killed and the gladiator destroyed by one member at most."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import MappingProxyType
from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.results import ResultKind
from arena.engine.content.common import Stat
from arena.engine.content.profiles import GLADIATOR
from arena.engine.roster import HIRELING, Member, Roster
from teams.forms import bound, notes_form_field

from .bought_items import weapon_label
from .league_bounds import ARENA_SCORE_MAX, EP_MAX, FIGHTERS_MAX, FINAL_EP_MIN, rounds_played_max
from .league_labels import result_label, slot_label, thumbs_label
from .models import Fixture
from .result_facts import (
    FATE_LABELS,
    Fate,
    MatchFacts,
    MemberFacts,
    SideFacts,
    one_gladiator_destroyer,
    one_strategist_killer,
    too_many_kills,
)
from .rosters import entry_roster

SIDES = ("home", "away")
SMALL = {"class": "form-control form-control-sm"}
CHECK = forms.CheckboxInput(attrs={"class": "form-check-input"})


# a four-seat match's deeds against several enemies, counted (HR-8, HR-10.6)
ENEMY_COUNTS = {
    "strategists_killed": gettext_lazy("Strategists killed"),
    "gladiators_damaged": gettext_lazy("Gladiators hurt"),
    "gladiators_destroyed": gettext_lazy("Gladiators destroyed"),
}


class MemberFactsForm(forms.Form):
    fate = forms.ChoiceField(
        label=gettext_lazy("Ended"),
        choices=list(FATE_LABELS.items()),
        initial=Fate.UNHURT.value,
        widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
    )
    final_ep = forms.IntegerField(
        label=gettext_lazy("Ép at the end"), initial=0, required=False, widget=forms.NumberInput(attrs=SMALL)
    )
    fighters_killed = forms.IntegerField(
        label=gettext_lazy("Non-gladiators killed"), initial=0, widget=forms.NumberInput(attrs=SMALL)
    )
    strategists_killed = forms.BooleanField(label=gettext_lazy("Killed the strategist"), required=False, widget=CHECK)
    gladiators_damaged = forms.BooleanField(label=gettext_lazy("Hurt the gladiator"), required=False, widget=CHECK)
    gladiators_destroyed = forms.BooleanField(
        label=gettext_lazy("Destroyed the gladiator"), required=False, widget=CHECK
    )

    def __init__(self, *args: Any, member: Member, enemies: int = 1, **kwargs: Any) -> None:
        """``enemies``: the enemy teams of the match (1 in a duel: a tick for each deed; 2 in pairs
        and 3 in a free-for-all: how many enemy strategists and gladiators, HR-8)."""
        super().__init__(*args, **kwargs)
        self.member = member
        self.enemies = enemies
        if enemies > 1:
            for name, label in ENEMY_COUNTS.items():
                self.fields[name] = forms.IntegerField(
                    label=label, initial=0, required=False, widget=forms.NumberInput(attrs=SMALL)
                )
                bound(self.fields[name], 0, enemies, "HR-8")
        else:  # a tick: a count of 0 must read unticked (the checkbox ticks anything but False)
            for name in ENEMY_COUNTS:
                if name in self.initial:
                    self.initial[name] = bool(self.initial[name])
        # his Ép at the end: no lower than the lowest a match leaves, no higher than he started with
        starting_ep = member.stats.get(Stat.EP, EP_MAX)
        bound(self.fields["final_ep"], FINAL_EP_MIN, starting_ep, "HR-10.5")
        bound(self.fields["fighters_killed"], 0, FIGHTERS_MAX, "HR-10.1")
        # a table cell's widget is named by its row and its column ("Bruno: Ép at the end")
        for field in self.fields.values():
            field.widget.attrs["aria-label"] = _("%(member)s: %(column)s") % {
                "member": self.member_name,
                "column": field.label,
            }

    enemy_fields = tuple(ENEMY_COUNTS)

    @property
    def is_hireling(self) -> bool:
        return self.member.status == HIRELING

    @property
    def member_name(self) -> str:
        """His name; a hireling by his role in the reader's language (the engine names him in English)."""
        return slot_label(self.member.slot) if self.is_hireling else self.member.name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        final_ep = cleaned.get("final_ep") or 0
        if cleaned.get("fate") == Fate.DEAD and final_ep > 0:
            self.add_error("final_ep", _("A dead member ended at Ép 0 or below."))
        return cleaned

    def facts(self) -> MemberFacts:
        data = self.cleaned_data
        dead = data["fate"] == Fate.DEAD
        return MemberFacts(
            fate=Fate(data["fate"]),
            final_ep=(data["final_ep"] or 0) if dead else 0,
            fighters_killed=data["fighters_killed"],
            strategists_killed=int(data["strategists_killed"] or 0),  # a tick (a duel) or a count left empty
            gladiators_damaged=int(data["gladiators_damaged"] or 0),
            gladiators_destroyed=int(data["gladiators_destroyed"] or 0),
        )


def member_initial(facts: MemberFacts) -> dict[str, Any]:
    return {
        "fate": facts.fate.value,
        "final_ep": facts.final_ep,
        "fighters_killed": facts.fighters_killed,
        "strategists_killed": facts.strategists_killed,
        "gladiators_damaged": facts.gladiators_damaged,
        "gladiators_destroyed": facts.gladiators_destroyed,
    }


COPY = "#"  # "short_sword#2": the second short sword of a pair


def copies(items: Iterable[str]) -> list[str]:
    """Items as choice values, one per copy: ``["short_sword", "short_sword#2", "shield"]``."""
    seen: Counter[str] = Counter()
    values = []
    for item in items:
        seen[item] += 1
        values.append(item if seen[item] == 1 else f"{item}{COPY}{seen[item]}")
    return values


class BrokenForm(forms.Form):
    """The pile items of one side that Fegyvertörés broke: one box per item of the pile (a pair's
    second copy apart), and any item the result already records."""

    broken = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple(attrs={"class": "form-check-input"})
    )

    def __init__(self, *args: Any, roster: Roster, recorded: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        gladiator = roster.member(GLADIATOR)
        pile = list(gladiator.pile) if gladiator else []
        extra = Counter(recorded) - Counter(pile)
        cast(forms.ChoiceField, self.fields["broken"]).choices = [
            (value, _copy_label(value)) for value in copies([*pile, *extra.elements()])
        ]
        self.fields["broken"].label = _("Broken by Fegyvertörés")

    def items(self) -> tuple[str, ...]:
        return tuple(value.split(COPY)[0] for value in self.cleaned_data["broken"])


def _copy_label(value: str) -> str:
    """``Short sword``, and ``Short sword (copy 2)`` for a pair's second."""
    item, _sep, number = value.partition(COPY)
    if not number:
        return weapon_label(item)
    return _("%(weapon)s (copy %(number)s)") % {"weapon": weapon_label(item), "number": number}


class ResultForm(forms.Form):
    home_result = forms.ChoiceField(
        label=gettext_lazy("Result"), widget=forms.RadioSelect(attrs={"class": "form-check-input"})
    )
    rounds_played = forms.IntegerField(label=gettext_lazy("Rounds played"))
    home_score = forms.IntegerField(initial=0)
    away_score = forms.IntegerField(initial=0)
    thumbs = forms.ChoiceField(
        label=gettext_lazy("Thumbs over the fallen enemy gladiator (HR-10.5)"),
        choices=lambda: [("", _("None shown"))] + [(t.value, thumbs_label(t)) for t in Thumbs],
        required=False,
    )
    notes = notes_form_field(gettext_lazy("Notes"), rows=2)

    def __init__(self, *args: Any, fixture: Fixture, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        home, away = fixture.home.name, fixture.away.name if fixture.away else ""
        choices = [
            (ResultKind.VICTORY.value, _("%(team)s won: Victory") % {"team": home}),
            (ResultKind.POINTS_VICTORY.value, _("%(team)s won on points") % {"team": home}),
            (ResultKind.DRAW.value, result_label(ResultKind.DRAW)),
            (ResultKind.POINTS_DEFEAT.value, _("%(team)s won on points") % {"team": away}),
            (ResultKind.DEFEAT.value, _("%(team)s won: Victory") % {"team": away}),
        ]
        if fixture.is_knockout:  # a knockout match has no draw (HR-10.2), so the form does not offer one
            choices = [choice for choice in choices if choice[0] != ResultKind.DRAW.value]
        cast(forms.ChoiceField, self.fields["home_result"]).choices = choices
        self.fields["home_score"].label = _("Arena score of %(team)s") % {"team": home}
        self.fields["away_score"].label = _("Arena score of %(team)s") % {"team": away}
        self.fields["rounds_played"].initial = fixture.league.round_limit
        most = rounds_played_max(fixture.league.round_limit, knockout=fixture.is_knockout)
        bound(self.fields["rounds_played"], 1, most, "HR-10.1")
        for name in ("home_score", "away_score"):
            bound(self.fields[name], 0, ARENA_SCORE_MAX, "HR-10.1")
        for name, field in self.fields.items():
            if name != "home_result":
                field.widget.attrs["class"] = "form-select" if name == "thumbs" else "form-control"


class ResultReport:
    """The result form plus, for each side, a member form per member it fields (its campaign roster
    with hirelings standing in, HR-10.8) and the form of its broken weapons. ``facts`` seeds the
    forms (the organiser's corrections)."""

    def __init__(self, fixture: Fixture, data: Any = None, facts: MatchFacts | None = None) -> None:
        self.fixture = fixture
        initial = _result_initial(facts) if facts else None
        self.form = ResultForm(data, fixture=fixture, initial=initial, prefix="result")
        self.sides: list[tuple[Any, list[MemberFactsForm], BrokenForm]] = []
        for side, entry in zip(SIDES, fixture.sides, strict=True):
            known = facts.home if facts and side == "home" else facts.away if facts else SideFacts()
            roster = entry_roster(entry)
            forms_ = [
                MemberFactsForm(
                    data,
                    member=member,
                    prefix=f"{side}-{member.slot}",
                    initial=member_initial(known.members.get(member.slot, MemberFacts())),
                )
                for member in fielded_roster(roster).members
            ]
            broken = BrokenForm(
                data,
                roster=roster,
                recorded=known.broken,
                prefix=f"{side}-pile",
                initial={"broken": copies(known.broken)},
            )
            self.sides.append((entry, forms_, broken))

    @property
    def forms(self) -> list[forms.Form]:
        return [self.form, *(f for _, side, broken in self.sides for f in (*side, broken))]

    def is_valid(self) -> bool:
        valid = all([form.is_valid() for form in self.forms])  # every form, so each shows its errors
        return self._sides_hold_together() and valid

    def _sides_hold_together(self) -> bool:
        """Per side: no more non-gladiators killed than the enemy fields, and the one strategist and
        the one gladiator killed by one member at most; each refusal beside the fields it sums."""
        holds = True
        for _entry, member_forms, _broken in self.sides:
            valid = [form for form in member_forms if form.is_valid()]
            kills = sum(form.cleaned_data["fighters_killed"] for form in valid)
            if kills > FIGHTERS_MAX:
                holds = False
                message = too_many_kills(kills)
                for form in valid:
                    if form.cleaned_data["fighters_killed"]:
                        form.add_error("fighters_killed", message)
            for name, message in (
                ("strategists_killed", one_strategist_killer()),
                ("gladiators_destroyed", one_gladiator_destroyer()),
            ):
                claimed = [form for form in valid if form.cleaned_data[name]]
                if len(claimed) > 1:
                    holds = False
                    for form in claimed:
                        form.add_error(name, message)
        return holds

    def facts(self) -> MatchFacts:
        data = self.form.cleaned_data
        home, away = (
            SideFacts(MappingProxyType({f.member.slot: f.facts() for f in side}), broken.items())
            for _, side, broken in self.sides
        )
        return MatchFacts(
            home_result=ResultKind(data["home_result"]),
            rounds_played=data["rounds_played"],
            home_score=data["home_score"],
            away_score=data["away_score"],
            home=home,
            away=away,
            thumbs=Thumbs(data["thumbs"]) if data["thumbs"] else None,
            notes=data["notes"],
        )


def _result_initial(facts: MatchFacts) -> dict[str, Any]:
    return {
        "home_result": facts.home_result.value,
        "rounds_played": facts.rounds_played,
        "home_score": facts.home_score,
        "away_score": facts.away_score,
        "thumbs": facts.thumbs.value if facts.thumbs else "",
        "notes": facts.notes,
    }
