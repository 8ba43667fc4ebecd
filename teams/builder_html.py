"""The builder's fields and messages as HTML, written in Python (docs/decisions.md, "Builder speed").

The edit page has about a hundred fields; rendering each through crispy-forms' templates cost most
of a request. ``field_html`` writes the same markup as crispy-bootstrap5's ``as_crispy_field`` (label,
input, error messages, help text, ``aria-invalid``/``aria-describedby``) for the widgets the builder
uses, and hands anything else to crispy itself: a widget it does not know, a checkbox list with an
error or a help text, an option group. ``tests/teams/test_builder_html.py`` holds the two to the same
HTML for every field of a team, with and without errors.

Every piece that may carry messages has a stable id, so that a live check can send back only the
pieces that changed (``TeamBuilder.changes``): ``row-<field>`` (a field with its messages),
``problems-<form>`` (a card's own problems) and ``problems-<form>-s<n>`` (a section's).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from arena.engine.roster import Problem
from common.i18n import problem_text
from reference.links import rule_code_html

OOB = ' hx-swap-oob="true"'


def _escape(value: Any) -> str:
    return str(conditional_escape(value))


def _attributes(attrs: Iterable[tuple[str, Any]]) -> str:
    """``name="value"`` pairs; ``True`` writes the bare name, ``False``/``None`` leaves it out."""
    parts = []
    for name, value in attrs:
        if value is True:
            parts.append(name)
        elif value is not None and value is not False:
            parts.append(f'{name}="{_escape(value)}"')
    return " ".join(parts)


def shown_value(field: forms.BoundField) -> Any:
    """What the input shows: the cleaned value once the form is valid (what was saved, as a fresh
    form would show it), else what was posted (or the initial value of an unbound form)."""
    form = field.form
    if form.is_bound and not form.errors and field.name in getattr(form, "cleaned_data", {}):
        return field.field.prepare_value(form.cleaned_data[field.name])
    return field.value()


def _label(field: forms.BoundField) -> str:
    if not field.label:
        return ""
    if field.field.required:
        return (
            f'<label for="{field.auto_id}" class="form-label requiredField">'
            f'{_escape(field.label)}<span class="asteriskField">*</span></label>'
        )
    return f'<label for="{field.auto_id}" class="form-label">{_escape(field.label)}</label>'


def _errors(field: forms.BoundField, errors: Sequence[str]) -> str:
    if not errors:
        return ""
    items = "".join(
        f'<p id="error_{number}_{field.auto_id}"><strong>{_escape(error)}</strong></p>'
        for number, error in enumerate(errors, start=1)
    )
    return f'<div id="{field.auto_id}_error" class="invalid-feedback">{items}</div>'


def _help(field: forms.BoundField) -> str:
    if not field.help_text:
        return ""
    return f'<div id="{field.auto_id}_helptext" class="form-text">{_escape(field.help_text)}</div>'


def _described_by(field: forms.BoundField, errors: Sequence[str], messages: Sequence[str] = ()) -> str | None:
    ids = [f"{field.auto_id}_helptext"] if field.help_text else []
    if errors:
        ids.append(f"{field.auto_id}_error")
    return " ".join([*ids, *messages]) or None


def _control_attributes(
    field: forms.BoundField, css: str, errors: Sequence[str], messages: Sequence[str] = ()
) -> list[tuple[str, Any]]:
    """The widget's own attributes (min, max, step, maxlength, rows …), then the ones crispy adds;
    ``messages`` are the ids of the engine's problems about the field (beside it, ``row_html``)."""
    attrs = {name: value for name, value in field.field.widget.attrs.items() if name != "class"}
    return [
        *attrs.items(),
        ("class", f"{css} is-invalid" if errors else css),
        ("required", field.field.required and field.field.widget.use_required_attribute(field.initial)),
        ("disabled", field.field.disabled),
        ("aria-invalid", "true" if errors or messages else None),
        ("aria-describedby", _described_by(field, errors, messages)),
        ("id", field.auto_id),
    ]


def _input(field: forms.BoundField, kind: str, css: str, errors: Sequence[str], messages: Sequence[str]) -> str:
    value = field.field.widget.format_value(shown_value(field))
    attrs = [
        ("type", kind),
        ("name", field.html_name),
        ("value", value),
        *_control_attributes(field, css, errors, messages),
    ]
    return f"<input {_attributes(attrs)}>"


def _textarea(field: forms.BoundField, errors: Sequence[str], messages: Sequence[str]) -> str:
    value = field.field.widget.format_value(shown_value(field))
    attrs = [("name", field.html_name), *_control_attributes(field, "textarea form-control", errors, messages)]
    return f"<textarea {_attributes(attrs)}>\n{_escape(value) if value else ''}</textarea>"


def _options(field: forms.BoundField) -> list[tuple[str, Any]] | None:
    """The flat ``(value, label)`` choices, or None when there are option groups."""
    options = []
    for value, label in field.field.widget.choices:
        if isinstance(label, list | tuple):
            return None
        options.append((str(value), label))
    return options


def _select(
    field: forms.BoundField, options: list[tuple[str, Any]], errors: Sequence[str], messages: Sequence[str]
) -> str:
    selected = set(field.field.widget.format_value(shown_value(field)))
    attrs = [("name", field.html_name), *_control_attributes(field, "select form-select", errors, messages)]
    items = "".join(
        f'<option value="{_escape(value)}"{" selected" if value in selected else ""}>{_escape(label)}</option>'
        for value, label in options
    )
    return f"<select {_attributes(attrs)}>{items}</select>"


def _checkboxes(field: forms.BoundField, options: list[tuple[str, Any]], messages: Sequence[str]) -> str:
    checked = {str(value) for value in (shown_value(field) or [])}
    boxes = "".join(
        f'<div class="form-check"><input type="checkbox" class="form-check-input" name="{field.html_name}" '
        f'value="{_escape(value)}" id="{field.auto_id}_{index}"{" checked" if value in checked else ""}>'
        f'<label for="{field.auto_id}_{index}" class="form-check-label">{_escape(label)}</label></div>'
        for index, (value, label) in enumerate(options)
    )
    boxes = f"<div>{boxes}</div>"
    if field.label:
        legend = f'<legend class="form-label fs-6">{_escape(field.label)}</legend>'
        described = f' aria-describedby="{" ".join(messages)}"' if messages else ""
        return f"<fieldset{described}>{legend}{boxes}</fieldset>"
    return boxes


def field_html(field: forms.BoundField, messages: Sequence[str] = ()) -> SafeString:
    """The field as crispy-bootstrap5 writes it (its ``div_id_…`` block); ``messages``, the ids of the
    engine's problems about it, are added to its ``aria-describedby`` and make it ``aria-invalid``."""
    widget = type(field.field.widget)
    errors = [str(error) for error in field.errors]
    body: str | None = None
    if widget is forms.NumberInput:
        body = _input(field, "number", "numberinput form-control", errors, messages)
    elif widget is forms.TextInput:
        body = _input(field, "text", "textinput form-control", errors, messages)
    elif widget is forms.Textarea:
        body = _textarea(field, errors, messages)
    elif widget is forms.Select:
        options = _options(field)
        body = None if options is None else _select(field, options, errors, messages)
    elif widget is forms.CheckboxSelectMultiple:
        plain = not errors and not field.help_text and not field.field.required and not field.field.disabled
        options = _options(field) if plain else None
        if options is not None:
            boxes = _checkboxes(field, options, messages)  # every value escaped
            return mark_safe(f'<div id="div_{field.auto_id}" class="mb-3">{boxes}</div>')
    if body is None:
        from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field

        # crispy writes its CSS classes into the widget: give it a copy (a member's fields are shared)
        return as_crispy_field(forms.BoundField(field.form, copy.deepcopy(field.field), field.name))
    return mark_safe(  # every value escaped above
        f'<div id="div_{field.auto_id}" class="mb-3">{_label(field)}{body}{_errors(field, errors)}{_help(field)}</div>'
    )


def problems_html(problems: Iterable[Problem], ids: Sequence[str] = ()) -> str:
    """The engine's problems as the page lists them beside a field, a section or a card (with the
    ids given, the field's messages, which its ``aria-describedby`` names)."""
    html = []
    for number, problem in enumerate(problems):
        named = f' id="{ids[number]}"' if ids else ""
        html.append(
            f'<div class="problem small text-danger mt-1"{named} data-code="{_escape(problem.code)}">'
            f"<strong>{rule_code_html(problem.code)}</strong> {_escape(problem_text(problem))}</div>"
        )
    return "".join(html)


def row_html(
    field: forms.BoundField, column_class: str, problems: Iterable[Problem], *, oob: bool = False
) -> SafeString:
    """A field in its column with the engine's problems about it: ``row-<field>``, swapped whole.
    Each problem is ``message-<field>-<n>``, named by the field's ``aria-describedby``."""
    problems = list(problems)
    ids = [f"message-{field.html_name}-{n}" for n in range(1, len(problems) + 1)]
    return mark_safe(  # every value escaped above
        f'<div class="{column_class}" id="row-{field.html_name}"{OOB if oob else ""}>'
        f"{field_html(field, ids)}{problems_html(problems, ids)}</div>"
    )


def problems_box(box_id: str, problems: Iterable[Problem], *, oob: bool = False) -> SafeString:
    """A card's or a section's problems in a box that stays on the page, empty or not."""
    return mark_safe(f'<div id="{box_id}"{OOB if oob else ""}>{problems_html(problems)}</div>')
