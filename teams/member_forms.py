"""One form per member, built from the engine's content for his slot.

The form checks the shape of the input (numbers, known ids) and that every number is within its
bound (``teams.team_bounds``: a stat within its HR-9.3 range, a supply within its HR-9.5 range, a pile no
dearer than a gladiator may cost in the largest budget), each refusal beside its field. Whether the
rest is allowed is the engine's verdict (``validate_roster``), shown beside the field, so a draft may
break any rule with numbers that stay within their bounds. The ``min``/``max``/``step`` attributes
and every label come from the engine's data.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.functional import cached_property
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arena.engine.content.amulets import VIAL_FORBIDDEN_ROLES, can_hold_me_token
from arena.engine.content.common import STAT_NAMES, STAT_TITLES, STATS, Stat
from arena.engine.content.points import AMMO_RULES, MAX_FIXED_DISCS, StatRule, stat_rules
from arena.engine.content.profiles import AMMO_NAMES, GLADIATOR, SLOT_ROLES, Ammo
from arena.engine.content.skills import skills_for_role
from arena.engine.content.weapons import GLADIATOR_TYPES, PILE_ITEMS, WEAPONS, pile_copies_allowed
from arena.engine.roster import MEMBER_NAME_MAX_LENGTH, buyable_ammo
from common.bounded_lru import BoundedLRU
from common.i18n import entry_label, pair_name
from reference.notes import discs_help, fixed_disc_help, grip_help, labelled, me_token_lead, name_help, rule_lines

from . import member_choices as choices
from .forms import bounded
from .models import Character
from .presenters import fixed_equipment_lines
from .problems import OnTheBoard, ProblemBoard
from .team_bounds import AMMO_BOUNDS, PILE_POINTS_MAX, pile_copies_max, pile_points

FROM_CHARACTER: Any = object()  # initial value: the character's attribute of the field's name

# Building a member's form (about twenty fields, each with its labels, ranges and messages in the
# reader's language) cost more than the rest of a live check; the same character in the same language
# with the same optional rules always gives the same form. So each process keeps the last forms it
# built (their fields, initial values and problem routes) by everything they are built from, and a
# form for a character seen before takes those. Its ``fields`` is its own dict, but the Field objects
# in it are shared with every form of the same blueprint, read-only: nothing changes a MemberForm's
# field after it is built (copying them, as Django does for a form class's fields, cost a millisecond
# a request). Whatever must change one copies it first, as ``builder_html`` does before crispy, which
# writes its CSS classes into the widget.
BLUEPRINTS_KEPT = 512
_CHARACTER_FIELDS = tuple(
    field.attname for field in Character._meta.concrete_fields if field.name not in {"id", "team"}
)


def _frozen(value: Any) -> Hashable:
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _blueprint_key(character: Character, team_options: list[str]) -> Hashable:
    """Everything a member's form is built from: the language, the team's optional rules, and every
    value of the character (his choices decide some fields, and their initial values)."""
    values = tuple(_frozen(getattr(character, name)) for name in _CHARACTER_FIELDS)
    return (get_language(), tuple(team_options), values)


# What a field of a blueprint made of a posted value: its cleaned value or its refusal, and whether
# it differs from the initial value. Both depend only on the field and the value (the blueprint fixes
# the field, its choices, its initial value and the language), and a live check posts the whole form
# with one value changed: the other hundred are found here instead of being checked again.
CHECKED_KEPT = 1024
_Cleaned = tuple[bool, Any]  # (True, cleaned value) or (False, ValidationError)


@dataclass(frozen=True)
class _Blueprint:
    fields: dict[str, forms.Field]
    initial: dict[str, Any]
    board: ProblemBoard
    fixed_equipment: list[tuple[str, str]]
    tokens: str
    cleaned: dict[tuple[str, Hashable], _Cleaned] = field(default_factory=dict)
    changed: dict[tuple[str, Hashable], bool] = field(default_factory=dict)

    @classmethod
    def of(cls, form: MemberForm) -> _Blueprint:
        return cls(
            dict(form.fields),
            copy.deepcopy(dict(form.initial)),
            form.board.copy(),
            list(form.fixed_equipment),
            form.tokens,
        )

    def apply(self, form: MemberForm) -> None:
        form.fields = dict(self.fields)
        # a copy of each list or dict (the form may change its own); the rest (numbers, text) is immutable
        form.initial.update(
            {
                name: copy.deepcopy(value) if isinstance(value, list | dict) else value
                for name, value in self.initial.items()
            }
        )
        form.board = self.board.copy()
        form.fixed_equipment = list(self.fixed_equipment)
        form.tokens = self.tokens


# The last ``BLUEPRINTS_KEPT`` blueprints built by this process, the least recently used dropped.
_BLUEPRINTS: BoundedLRU[Hashable, _Blueprint] = BoundedLRU(BLUEPRINTS_KEPT)


def _keep(kept: dict[tuple[str, Hashable], Any], key: tuple[str, Hashable], value: Any) -> None:
    if len(kept) >= CHECKED_KEPT:
        kept.clear()
    kept[key] = value


def shown_as(field: forms.IntegerField, **attrs: int) -> forms.IntegerField:
    """The number input's ``min``/``max``/``step`` as the page shows them (text, like every attribute)."""
    field.widget.attrs.update({key: str(value) for key, value in attrs.items()})
    return field


class MemberForm(OnTheBoard, forms.Form):
    """The sheet of ``character``: the fields his slot has, grouped in sections for the page.

    Labels, help texts and section titles are in the language active when the form is made.
    """

    def __init__(self, *args: Any, character: Character, team_options: list[str], **kwargs: Any) -> None:
        kwargs.setdefault("prefix", character.slot)
        super().__init__(*args, **kwargs)
        self.character = character
        self.role = SLOT_ROLES[character.slot]
        self.team_options = team_options
        key = self.blueprint_key = _blueprint_key(character, team_options)
        blueprint = _BLUEPRINTS.get(key)
        if blueprint is None:
            self._build()
            blueprint = _Blueprint.of(self)
            _BLUEPRINTS.put(key, blueprint)
        else:
            blueprint.apply(self)
        self._blueprint = blueprint

    # --- building -------------------------------------------------------------------------------

    def _build(self) -> None:
        """The fields, their initial values and where each problem goes, from the character."""
        character = self.character
        self.board = ProblemBoard()
        self.fixed_equipment = fixed_equipment_lines(character)
        self.tokens = _("Amulet, token and vial")
        # the input takes what TB-23 allows (1–40); the model keeps room for a draft's longer name
        name = forms.CharField(
            label=_("Name"), max_length=MEMBER_NAME_MAX_LENGTH, required=False, help_text=name_help()
        )
        self._add("", "name", name, "name")
        for stat, rule in stat_rules(character.slot, self._gladiator_type()).items():
            self._add(_("Profile"), stat.value, self._stat_field(stat, rule), f"stats.{stat.value}")
        self._add_skills()
        if character.slot == GLADIATOR:
            self._add_gladiator()
        self._add_supplies()
        self._add_tokens()

    def _add(self, section: str, name: str, field: forms.Field, path: str, initial: Any = FROM_CHARACTER) -> None:
        self.fields[name] = field
        self.initial[name] = getattr(self.character, name) if initial is FROM_CHARACTER else initial
        self.board.route(path, section=section, field=name)

    def _gladiator_type(self) -> str | None:
        gladiator_type = self.character.gladiator_type
        return gladiator_type if gladiator_type in GLADIATOR_TYPES else None

    @staticmethod
    def _stat_field(stat: Stat, rule: StatRule) -> forms.IntegerField:
        short = STAT_NAMES[stat][0]
        long = pair_name(STAT_TITLES[stat])
        if rule.unit_cost is None:
            help_text = _("%(stat)s; fixed at %(base)s") % {"stat": long, "base": rule.base}
        else:
            help_text = _("%(stat)s; %(min)s–%(max)s, base %(base)s, %(points)s each") % {
                "stat": long,
                "min": rule.minimum,
                "max": rule.maximum,
                "base": rule.base,
                "points": choices.points(rule.unit_cost),
            }
        return shown_as(
            forms.IntegerField(
                label=short,
                help_text=help_text,
                disabled=rule.unit_cost is None,
                **bounded(rule.minimum, rule.maximum, rule.source),
            ),
            min=rule.minimum,
            max=rule.maximum,
        )

    def _add_skills(self) -> None:
        allowed = [s.id for s in skills_for_role(self.role)]
        held = list(self.character.skills)
        if not allowed and not held:
            return
        field = forms.MultipleChoiceField(
            label="",  # the section's title says it
            choices=[(s, labelled(choices.skill_label(s), "skills", s)) for s in dict.fromkeys(allowed + held)],
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        self._add(_("Skills"), "skills", field, "skills")

    def _add_gladiator(self) -> None:
        section = _("Gladiator")
        field = forms.ChoiceField(
            label=_("Gladiator type"),
            choices=choices.with_current(choices.gladiator_type_choices(), self.character.gladiator_type),
            help_text=rule_lines(
                "gladiator-types",
                GLADIATOR_TYPES,
                lead=_("Changing the type puts the values tied to it at the new type's base."),
            ),
        )
        self._add(section, "gladiator_type", field, "gladiator_type")
        grips, shown = choices.grip_choices(
            self._gladiator_type(), tuple(self.character.starting_grip), tuple(self.character.pile)
        )
        field = forms.ChoiceField(label=_("Starting grip"), choices=grips, required=False, help_text=grip_help())
        self._add(section, "starting_grip", field, "starting_grip", initial=shown)
        counts = Counter(self.character.pile)
        pile_section = _("Weapon pile")
        for item in PILE_ITEMS:
            weapon = WEAPONS[item]
            most = pile_copies_max(item)
            message = _(
                "Enter 0–%(most)s: more copies would cost more than a gladiator may "
                "(%(budget)s points in the largest budget, TB-03)."
            ) % {
                "most": most,
                "budget": PILE_POINTS_MAX,
            }
            pile_field = shown_as(
                forms.IntegerField(
                    # the rule line in the label, not below the input: the pile's inputs line up along the row's bottom
                    label=labelled(f"{entry_label(weapon)} · {choices.points(weapon.pile_cost or 0)}", "weapons", item),
                    min_value=0,
                    max_value=most,
                    error_messages={"min_value": message, "max_value": message},
                ),
                min=0,
                max=pile_copies_allowed(item),  # the rule (TB-14) as the input's hint; a draft may hold more
            )
            self._add(pile_section, f"pile_{item}", pile_field, "pile", initial=counts[item])

    def _add_supplies(self) -> None:
        character = self.character
        section = _("Supplies")
        for ammo in buyable_ammo(character.slot):
            initial = character.ammunition.get(ammo.value)
            field = self._supply_field(ammo, capfirst(pair_name(AMMO_NAMES[ammo])))
            self._add(section, f"ammo_{ammo.value}", field, f"ammunition.{ammo.value}", initial)
        if character.disc_count is not None:
            field = self._supply_field(Ammo.SPELL_DISCS, _("Spell discs"))
            field.help_text = discs_help(str(field.help_text))
            self._add(section, "disc_count", field, "disc_count")
            self._add_fixed_discs(section)
        if character.trap_cards_drawn is not None:
            insight = forms.TypedChoiceField(
                label=_("Trap insight"),
                choices=choices.with_current(choices.trap_insight_choices(), character.trap_cards_drawn),
                coerce=int,
            )
            self._add(section, "trap_cards_drawn", insight, "trap_cards_drawn")

    @staticmethod
    def _supply_field(ammo: Ammo, label: str) -> forms.IntegerField:
        rule = AMMO_RULES[ammo]
        low, high = AMMO_BOUNDS[ammo]
        field = forms.IntegerField(
            **bounded(low, high, rule.source),
            label=label,
            help_text=_("%(min)s–%(max)s in steps of %(step)s, base %(base)s; %(points)s per step")
            % {
                "min": rule.minimum,
                "max": rule.maximum,
                "step": rule.step,
                "base": rule.base,
                "points": choices.points(rule.points_per_step),
            },
        )
        return shown_as(field, min=rule.minimum, max=rule.maximum, step=rule.step)

    def _add_fixed_discs(self, section: str) -> None:
        held = list(self.character.fixed_discs)
        for index in range(max(MAX_FIXED_DISCS, len(held))):
            field = forms.TypedChoiceField(
                label=_("Fixed disc %(number)s") % {"number": index + 1},
                choices=[choices.NONE_CHOICE, *choices.disc_level_choices()],
                coerce=int,
                empty_value=None,
                required=False,
                help_text=fixed_disc_help() if index == 0 else "",
            )
            initial = held[index] if index < len(held) else ""
            self._add(section, f"fixed_disc_{index + 1}", field, "fixed_discs", initial)

    def _add_tokens(self) -> None:
        character = self.character
        amulets = choices.with_current(choices.amulet_choices(), character.amulet)
        self._add_optional_choice("amulet", _("Amulet"), amulets, character.amulet)
        self.fields["amulet"].help_text = rule_lines("amulets", [value for value, _label in amulets if value])
        if can_hold_me_token(self.role) or character.me_token is not None:
            tokens = choices.with_current(choices.me_token_choices(), character.me_token)
            field = forms.TypedChoiceField(
                label=_("ME token"),
                choices=[choices.NONE_CHOICE, *tokens],
                coerce=int,
                empty_value=None,
                required=False,
            )
            field.help_text = format_html(
                "{}{}", me_token_lead(), rule_lines("amulets", [f"me_{value}" for value, _label in tokens])
            )
            self._add(self.tokens, "me_token", field, "me_token", initial=character.me_token or "")
        vials = choices.vial_choices(self.team_options)
        if (vials and self.role not in VIAL_FORBIDDEN_ROLES) or character.vial:
            vials = choices.with_current(vials, character.vial)
            self._add_optional_choice("vial", _("Vial"), vials, character.vial)
            self.fields["vial"].help_text = rule_lines("vials", [value for value, _label in vials if value])

    def _add_optional_choice(self, name: str, label: str, options: choices.Choices, current: str | None) -> None:
        field = forms.ChoiceField(label=label, choices=[choices.NONE_CHOICE, *options], required=False)
        self._add(self.tokens, name, field, name, initial=current or "")

    # --- checking -------------------------------------------------------------------------------

    def _clean_fields(self) -> None:
        """Django's ``Form._clean_fields``, each field's outcome for a value it was posted before
        taken from the blueprint (``CHECKED_KEPT``); a list comes back as a copy of its own."""
        kept = self._blueprint.cleaned
        for name in self.fields:
            bound = self[name]
            posted = bound.initial if bound.field.disabled else bound.data
            key = (name, _frozen(posted))
            outcome = kept.get(key)
            if outcome is None:
                try:
                    outcome = (True, bound.field.clean(posted))
                except forms.ValidationError as error:
                    outcome = (False, error)
                _keep(kept, key, outcome)
            valid, value = outcome
            if not valid:
                self.add_error(name, value)
                continue
            self.cleaned_data[name] = list(value) if isinstance(value, list) else value
            clean_field = getattr(self, f"clean_{name}", None)
            if clean_field is not None:
                try:
                    self.cleaned_data[name] = clean_field()
                except forms.ValidationError as error:
                    self.add_error(name, error)

    @cached_property
    def changed_data(self) -> list[str]:
        """Django's ``Form.changed_data``, each answer for a value posted before taken from the blueprint."""
        kept = self._blueprint.changed
        changed = []
        for name in self.fields:
            bound = self[name]
            key = (name, _frozen(bound.data))
            answer = kept.get(key)
            if answer is None:
                answer = bound.field.has_changed(bound.initial, bound.data)  # no field shows a hidden initial
                _keep(kept, key, answer)
            if answer:
                changed.append(name)
        return changed

    def clean_skills(self) -> list[str]:
        """Each skill once: the boxes cannot send one twice, and a hand-made post is not stored so."""
        return list(dict.fromkeys(self.cleaned_data["skills"]))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.character.slot == GLADIATOR:
            counts = {item: cleaned.get(f"pile_{item}") or 0 for item in PILE_ITEMS}
            points = pile_points(counts)
            if points > PILE_POINTS_MAX:
                message = _(
                    "The weapon pile would cost %(points)s points, more than a gladiator may "
                    "(%(budget)s points in the largest budget, TB-03)."
                ) % {"points": points, "budget": PILE_POINTS_MAX}
                for item, count in counts.items():
                    if count:
                        self.add_error(f"pile_{item}", message)
        return cleaned

    # --- reading --------------------------------------------------------------------------------

    def character_changes(self) -> dict[str, Any]:
        """The cleaned input as ``Character`` field values; fixed (disabled) values are left out."""
        data = self.cleaned_data
        changes: dict[str, Any] = {
            name: data[name]
            for name in (
                "name",
                *(s.value for s in STATS),
                "skills",
                "gladiator_type",
                "trap_cards_drawn",
                "disc_count",
                "me_token",
            )
            if name in self.fields and not self.fields[name].disabled
        }
        for name in ("amulet", "vial"):
            if name in self.fields:
                changes[name] = data[name] or None
        if "starting_grip" in self.fields:
            grip = data["starting_grip"]
            changes["starting_grip"] = grip.split(choices.GRIP_SEPARATOR) if grip else []
        if self.character.slot == GLADIATOR:
            counts = {item: data[f"pile_{item}"] for item in PILE_ITEMS}
            changes["pile"] = choices.merged_pile(list(self.character.pile), counts)
        supplies = {a.value: data[f"ammo_{a.value}"] for a in buyable_ammo(self.character.slot)}
        changes["ammunition"] = {**self.character.ammunition, **supplies}
        disc_fields = [name for name in self.fields if name.startswith("fixed_disc_")]
        if disc_fields:
            changes["fixed_discs"] = [data[name] for name in disc_fields if data[name] is not None]
        return changes
