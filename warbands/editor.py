"""The builder's HTML, written in Python: the editor (every card and field), and the pieces a live
check may send back (a field's problems, a figure's price, the side panels).

Each field has a problems box beside it whose id comes from the field's path (``box_id``); a broken
rule (``Violation.field``, e.g. ``figures[0].rules[2]``) is placed in the nearest box on its path.
The page says what it shows in ``SHOWN_FIELD`` (each non-empty piece with a digest of its HTML), and
a live check answers with only the pieces whose HTML differs, swapped out of band by id, and the
panels.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from warbands.rules.army_list import ARMY_LIST
from warbands.rules.figure_prices import figure_price, illusion_limit
from warbands.rules.model import Figure
from warbands.rules.warband_checks import Violation
from warbands.rules.warband_content import (
    GRANTABLE,
    MAGIC_SKILLS,
    POOL_MULTIPLIER,
    POOL_NAMES,
    POOL_SKILLS,
    RULES,
    SPELLS,
    Entry,
    summon_tier,
)

from .builder_post import ACTION_FIELD, ADD_PROFILE_FIELD, BLANK, SHAPE_FIELD, element_choices, shape_of
from .models import NAME_MAX_LENGTH, POINTS_BOUNDS
from .reader_language import reader_language
from .selectors import WarbandReport
from .warband_bounds import BORROWED_BOUNDS, COMBAT_BOUNDS, FIGURE_NAME_MAX_LENGTH, QUALITY_BOUNDS

SHOWN_FIELD = "warband-shown"
SHOWN_MAX_PIECES = 5000
_INDEX = re.compile(r"\[\d+\]$")


def e(value: Any) -> str:
    return str(escape(value))


def box_id(path: str) -> str:
    """The HTML id of a path's pieces: ``figures[0].minions[1].grant`` → ``wb-figures-0-minions-1-grant``."""
    if not path:
        return "wb-warband"
    return "wb-" + path.replace("[", "-").replace("]", "").replace(".", "-")


def _out_of_band(html: str) -> str:
    """A piece's HTML marked to replace the element of its id (its first tag gains ``hx-swap-oob``)."""
    end = html.index(">")
    return f'{html[:end]} hx-swap-oob="true"{html[end:]}'


def digest(html: str) -> str:
    return hashlib.blake2s(html.encode(), digest_size=4).hexdigest()


def parse_shown(value: str | None) -> dict[str, str] | None:
    """The page's ``id=digest;…`` as a dict; None when it is missing or not the page's own."""
    if value is None:
        return None
    shown: dict[str, str] = {}
    for item in filter(None, value.split(";")):
        key, equals, hashed = item.partition("=")
        if not equals or not key or len(shown) >= SHOWN_MAX_PIECES:
            return None
        shown[key] = hashed
    return shown


@dataclass
class Editor:
    """The editor of one warband as it stands after a save or a check."""

    request: HttpRequest
    report: WarbandReport
    refused: Mapping[str, str] = field(default_factory=dict)
    focus: str = ""  # the path of the field the player works on next (after an action)
    notice: str = ""  # what the editor says above the form when it is redrawn (another window's change …)
    language: str = field(default_factory=reader_language)
    boxes: set[str] = field(default_factory=set)
    _pieces: dict[str, str] | None = None

    def __post_init__(self) -> None:
        self.boxes = set(_box_paths(self.report))
        placed: dict[str, list[Violation]] = defaultdict(list)
        for violation in self.report.violations:
            placed[self._place(violation.field)].append(violation)
        self.placed = dict(placed)
        self.illusion_limit = illusion_limit(self.report.rules)

    def _place(self, path: str) -> str:
        while path and path not in self.boxes:
            trimmed = _INDEX.sub("", path)
            path = trimmed if trimmed != path else path.rpartition(".")[0]
        return path

    # --- pieces --------------------------------------------------------------------------------------

    def problems_box(self, path: str) -> str:
        items = [
            f'<li><strong class="wb-code">{e(v.code)}</strong> {e(v.text(self.language))}</li>'
            for v in self.placed.get(path, ())
        ]
        if path in self.refused:
            not_saved = _("Not saved")
            items.insert(0, f'<li><strong class="wb-code">{e(not_saved)}</strong> {e(self.refused[path])}</li>')
        body = f'<ul class="list-unstyled mb-0">{"".join(items)}</ul>' if items else ""
        css = "wb-problems small text-danger" + (" mt-1" if items else "")
        return f'<div id="{box_id(path)}-problems" class="{css}">{body}</div>'

    def price_badge(self, path: str, figure: Figure) -> str:
        price = figure_price(figure)
        label = ngettext("%(n)s point", "%(n)s points", price) % {"n": price}
        extra = ""
        if path.startswith("pools[") and ".summons[" in path:
            extra = " · " + e(_("%(ap)s AP to summon") % {"ap": summon_tier(price)})
        return (
            f'<span id="{box_id(path)}-price" class="badge text-bg-light border" data-price="{price}">'
            f"{e(label)}{extra}</span>"
        )

    def pieces(self) -> dict[str, str]:
        """Every piece a live check may change, by its id (built once per answer)."""
        if self._pieces is None:
            found = {f"{box_id(p)}-problems": self.problems_box(p) for p in self.boxes}
            for path, figure in _figure_paths(self.report.rules):
                found[f"{box_id(path)}-price"] = self.price_badge(path, figure)
            self._pieces = found
        return self._pieces

    def _shown(self) -> dict[str, str]:
        """The digest of each piece that says something (an empty box is not listed)."""
        return {key: digest(html) for key, html in self.pieces().items() if key.endswith("-price") or "<li>" in html}

    def shown_state(self) -> str:
        return ";".join(f"{key}={hashed}" for key, hashed in sorted(self._shown().items()))

    def changes(self, shown: Mapping[str, str]) -> list[str]:
        """The pieces whose HTML differs from what the page shows (an empty box the page shows empty
        is left alone), each marked to be swapped out of band."""
        now = self._shown()
        return [_out_of_band(html) for key, html in self.pieces().items() if shown.get(key) != now.get(key)]

    # --- panels ------------------------------------------------------------------------------------

    def totals_panel(self, *, oob: bool = False) -> str:
        t = self.report.totals
        rows = [
            (_("Warband total (T)"), t.total, t.points, "total"),
            (_("Personalities (at most ⌊L/3⌋)"), t.personality, t.personality_cap, "personality"),
            (_("Animals (at most ⌊L/2⌋)"), t.animal, t.animal_cap, "animal"),
            (_("Borrowed pool points (at most ⌊L/4⌋)"), t.pools, t.pool_cap, "pools"),
        ]
        over = ' class="table-danger"'
        body = "".join(
            f'<tr data-share="{key}"{over if value > cap else ""}><th scope="row" class="fw-normal">{e(label)}</th>'
            f'<td class="text-end text-nowrap"><strong>{value}</strong> / {cap}</td></tr>'
            for label, value, cap, key in rows
        )
        swap = ' hx-swap-oob="true"' if oob else ""
        return (
            f'<div class="card mb-3" id="wb-totals"{swap}><div class="card-header fw-bold">{e(_("Points"))}</div>'
            f'<table class="table table-sm mb-0"><tbody>{body}</tbody></table></div>'
        )

    def status_panel(self, *, oob: bool = False) -> str:
        warband = self.report.warband
        count = len(self.report.violations)
        token = f'<input type="hidden" name="csrfmiddlewaretoken" value="{e(get_token(self.request))}">'
        if warband.is_ready:
            badge, tone = _("Ready"), "text-bg-success"
            text = _("Ready to play: it keeps every rule.")
            back = _("Back to draft")
            button = (
                f'<form method="post" action="{reverse("warbands:mark-draft", args=[warband.pk])}">{token}'
                f'<button class="btn btn-outline-secondary btn-sm" type="submit">{e(back)}</button></form>'
            )
        elif count:
            badge, tone = _("Draft"), "text-bg-secondary"
            text = ngettext(
                "It breaks %(count)s rule, so it stays a draft.",
                "It breaks %(count)s rules, so it stays a draft.",
                count,
            ) % {"count": count}
            button = ""
        else:
            badge, tone = _("Draft"), "text-bg-secondary"
            text = _("It keeps every rule: mark it ready to play.")
            ready = _("Mark ready")
            button = (
                f'<form method="post" action="{reverse("warbands:mark-ready", args=[warband.pk])}">{token}'
                f'<button class="btn btn-success btn-sm" type="submit" id="mark-ready">{e(ready)}</button></form>'
            )
        swap = ' hx-swap-oob="true"' if oob else ""
        return (
            f'<div class="card mb-3" id="wb-status"{swap}><div class="card-body">'
            f'<p class="mb-2"><span class="badge {tone}" data-status="{e(warband.status)}">{e(badge)}</span> '
            f"{e(text)}</p>"
            f"{button}</div></div>"
        )

    def problems_panel(self, *, oob: bool = False) -> str:
        items = []
        for violation in self.report.violations:
            target = box_id(self._place(violation.field))
            items.append(
                f'<li><a href="#{target}"><strong class="wb-code">{e(violation.code)}</strong></a> '
                f"{e(violation.text(self.language))}</li>"
            )
        swap = ' hx-swap-oob="true"' if oob else ""
        if items:
            body = f'<ul class="mb-0 small" id="wb-problem-list">{"".join(items)}</ul>'
        else:
            body = f'<p class="mb-0 text-success">{e(_("Every rule is kept."))}</p>'
        return (
            f'<div class="card mb-3" id="wb-problems"{swap}><div class="card-header fw-bold">{e(_("Rules"))}</div>'
            f'<div class="card-body">{body}</div></div>'
        )

    def announcement(self) -> str:
        count = len(self.report.violations)
        if count:
            said = ngettext("Saved. It breaks %(count)s rule.", "Saved. It breaks %(count)s rules.", count) % {
                "count": count
            }
        else:
            said = _("Saved. Valid, %(total)s points.") % {"total": self.report.totals.total}
        return f'<div id="wb-announcement" hx-swap-oob="innerHTML">{e(said)}</div>'

    def live_answer(self, shown: Mapping[str, str]) -> str:
        shown_input = (
            f'<input type="hidden" name="{SHOWN_FIELD}" id="{SHOWN_FIELD}" value="{e(self.shown_state())}" '
            f'hx-swap-oob="true">'
        )
        return "\n".join(
            [
                *self.changes(shown),
                shown_input,
                self.status_panel(oob=True),
                self.totals_panel(oob=True),
                self.problems_panel(oob=True),
                self.announcement(),
            ]
        )

    # --- the form ----------------------------------------------------------------------------------

    def editor(self) -> SafeString:
        warband = self.report.warband
        rules = self.report.rules
        url = reverse("warbands:edit", args=[warband.pk])
        token = f'<input type="hidden" name="csrfmiddlewaretoken" value="{e(get_token(self.request))}">'
        intro = _(
            "Every change is saved as you make it and checked against the rules at once. A warband that breaks "
            "a rule is kept as a draft."
        )
        notice = ""
        if self.notice:
            notice = f'<div class="alert alert-warning" role="alert" id="wb-notice">{e(self.notice)}</div>'
        parts = [
            f'<div id="wb-editor" class="row g-4"{self._focus_attribute()}>',
            '<div class="col-lg-4 order-lg-last"><div class="sticky-lg-top pt-2">',
            self.status_panel(),
            self.totals_panel(),
            self.problems_panel(),
            "</div></div>",
            '<div class="col-lg-8">',
            f'<form id="warband-builder" method="post" action="{url}" novalidate hx-post="{url}" '
            f'hx-trigger="input delay:300ms" hx-sync="this:queue last" hx-swap="none">',
            token,
            f'<input type="hidden" name="{SHAPE_FIELD}" value="{shape_of(rules)}">',
            f'<input type="hidden" name="{SHOWN_FIELD}" id="{SHOWN_FIELD}" value="{e(self.shown_state())}">',
            notice,
            f'<p class="text-muted small">{e(intro)}</p>',
            self._warband_card(),
        ]
        for i, figure in enumerate(rules.figures):
            parts.append(self._figure_card(f"figures[{i}]", figure, i, kind="figure"))
        parts.append(self._add_figure_bar())
        parts.append(self._pools_card())
        parts.append(self._illusions_card())
        parts.append(f'<button class="btn btn-primary" type="submit">{e(_("Save"))}</button>')
        parts.append("</form></div></div>")
        return mark_safe("".join(parts))  # every value escaped above

    def _focus_attribute(self) -> str:
        return f' data-focus="{box_id(self.focus)}"' if self.focus else ""

    def _field_shell(self, path: str, label: str, control: str, *, col: str = "col-12") -> str:
        return (
            f'<div class="{col}"><label class="form-label small mb-0" for="{box_id(path)}">{e(label)}</label>'
            f"{control}{self.problems_box(path)}</div>"
        )

    def _described(self, path: str) -> str:
        return f'aria-describedby="{box_id(path)}-problems"'

    def _text_input(self, path: str, label: str, value: str, limit: int, *, col: str = "col-12") -> str:
        invalid = " is-invalid" if self.placed.get(path) or path in self.refused else ""
        control = (
            f'<input type="text" class="form-control form-control-sm{invalid}" id="{box_id(path)}" name="{e(path)}" '
            f'value="{e(value)}" maxlength="{limit}" {self._described(path)}>'
        )
        return self._field_shell(path, label, control, col=col)

    def _number_input(self, path: str, label: str, value: int, bounds: tuple[int, int], *, col: str) -> str:
        invalid = " is-invalid" if self.placed.get(path) or path in self.refused else ""
        control = (
            f'<input type="number" inputmode="numeric" class="form-control form-control-sm{invalid}" '
            f'id="{box_id(path)}" '
            f'name="{e(path)}" value="{e(value)}" min="{bounds[0]}" max="{bounds[1]}" step="1" {self._described(path)}>'
        )
        return self._field_shell(path, label, control, col=col)

    def _select(self, path: str, label: str, value: str | None, options: Sequence[tuple[str, str]], *, col: str) -> str:
        chosen = value or BLANK
        opts = "".join(
            f'<option value="{e(v)}"{" selected" if v == chosen else ""}>{e(text)}</option>' for v, text in options
        )
        control = (
            f'<select class="form-select form-select-sm" id="{box_id(path)}" name="{e(path)}" '
            f"{self._described(path)}>{opts}</select>"
        )
        return self._field_shell(path, label, control, col=col)

    def _entry_option(self, path: str, item: Entry, checked: bool) -> str:
        option_id = f"{box_id(path)}-{item.id}"
        note_id = f"{option_id}-note"
        source = f"{item.wb} · {item.seed_reference()}"
        link = reverse("warband_rules:entry", args=[item.id])
        return (
            f'<div class="form-check wb-option"><input class="form-check-input" type="checkbox" name="{e(path)}" '
            f'value="{e(item.id)}" id="{option_id}"{" checked" if checked else ""} aria-describedby="{note_id}">'
            f'<label class="form-check-label" for="{option_id}">{e(item.name.get(self.language))} '
            f'<span class="badge text-bg-light border">{item.cost:+d}</span></label>'
            f'<div class="form-text mt-0" id="{note_id}">{e(item.effect.get(self.language))} '
            f'<a href="{link}">{e(source)}</a></div></div>'
        )

    def _entries(self, path: str, label: str, catalogue: Mapping[str, Entry], chosen: Sequence[str]) -> str:
        picked = [catalogue[i].name.get(self.language) for i in chosen if i in catalogue]
        summary = f'{e(label)}: <span class="text-muted">{e(", ".join(picked) or "–")}</span>'
        options = "".join(self._entry_option(path, item, item.id in chosen) for item in catalogue.values())
        open_ = " open" if self.placed.get(path) else ""
        return (
            f'<div class="col-12"><details class="wb-entries"{open_}><summary class="small">{summary}</summary>'
            f'<fieldset><legend class="visually-hidden">{e(label)}</legend>'
            f'<div class="wb-options">{options}</div></fieldset></details>{self.problems_box(path)}</div>'
        )

    def _profile_fields(self, path: str, figure: Figure, *, magic: bool = True) -> str:
        parts = [
            '<div class="row g-2">',
            self._text_input(f"{path}.name", _("Name"), figure.name, FIGURE_NAME_MAX_LENGTH, col="col-12 col-sm-6"),
            self._number_input(
                f"{path}.quality", _("Quality (Q)"), figure.quality, QUALITY_BOUNDS, col="col-6 col-sm-3"
            ),
            self._number_input(f"{path}.combat", _("Combat (C)"), figure.combat, COMBAT_BOUNDS, col="col-6 col-sm-3"),
            self._entries(f"{path}.rules", _("Special rules"), RULES, figure.rules),
        ]
        if magic or figure.spells or figure.skills:  # a minion shows them only when it has some (WB-09)
            parts.append(self._entries(f"{path}.spells", _("Spells"), SPELLS, figure.spells))
            parts.append(self._entries(f"{path}.skills", _("Magic skills"), MAGIC_SKILLS, figure.skills))
        parts.append(
            self._select(
                f"{path}.element",
                _("Elemental tag"),
                figure.element,
                element_choices(self.language),
                col="col-12 col-sm-6",
            )
        )
        parts.append("</div>")
        return "".join(parts)

    def _button(self, action: str, label: str, css: str = "btn-outline-secondary") -> str:
        return (
            f'<button class="btn btn-sm {css}" type="submit" name="{ACTION_FIELD}" value="{e(action)}" '
            f'hx-post="{reverse("warbands:edit", args=[self.report.warband.pk])}" hx-target="#wb-editor" '
            f'hx-swap="outerHTML">{e(label)}</button>'
        )

    def _figure_card(self, path: str, figure: Figure, index: int, *, kind: str) -> str:
        heading_id = f"{box_id(path)}-title"
        title = figure.name or _("(unnamed figure)")
        buttons = ""
        if kind == "figure":
            buttons = self._button(f"copy:{index}", _("Copy")) + " " + self._button(f"remove:{index}", _("Remove"))
        parts = [
            f'<section class="card mb-3 wb-figure" id="{box_id(path)}" aria-labelledby="{heading_id}" '
            f'data-path="{e(path)}">',
            f'<input type="hidden" name="{e(path)}" value="1">',
            '<div class="card-header d-flex flex-wrap align-items-center gap-2">',
            f'<h2 class="h6 mb-0 me-auto" id="{heading_id}">{e(title)}</h2>',
            self.price_badge(path, figure),
            buttons,
            "</div>",
            '<div class="card-body">',
            self.problems_box(path),
            self._profile_fields(path, figure),
        ]
        if kind == "figure":
            for j, minion in enumerate(figure.minions):
                parts.append(self._minion(f"{path}.minions[{j}]", minion.figure, minion.grant, index, j))
            parts.append(f'<div class="mt-2">{self._button(f"add-minion:{index}", _("Add a minion (Raven)"))}</div>')
            parts.append(self.problems_box(f"{path}.minions"))
        parts.append("</div></section>")
        return "".join(parts)

    def _minion(self, path: str, figure: Figure, grant: str | None, i: int, j: int) -> str:
        grants = [(BLANK, _("none"))] + [(r, RULES[r].name.get(self.language)) for r in RULES if r in GRANTABLE]
        label = _("Rule it grants its master")
        grant_field = self._select(f"{path}.grant", label, grant, grants, col="col-12 col-sm-6")
        remove = self._button(f"remove-minion:{i}:{j}", _("Remove the minion"), "btn-outline-danger")
        return (
            f'<fieldset class="border rounded p-2 mt-3 wb-minion" id="{box_id(path)}">'
            f'<input type="hidden" name="{e(path)}" value="1">'
            f'<legend class="float-none w-auto px-1 h6 mb-0 small">{e(_("Minion"))} · {e(figure.name)} '
            f"{self.price_badge(path, figure)}</legend>"
            f"{self.problems_box(path)}"
            f"{self._profile_fields(path, figure, magic=False)}"
            f'<div class="row g-2 mt-1">{grant_field}</div>'
            f'<div class="mt-2">{remove}</div>'
            "</fieldset>"
        )

    def _profile_picker(self, name: str, label: str, picker_id: str) -> str:
        options = [f'<option value="{BLANK}">{e(_("A blank figure"))}</option>']
        for profile_id, profile in ARMY_LIST.items():
            options.append(
                f'<option value="{e(profile_id)}">{e(profile.name.get(self.language))} '
                f"(Q{profile.quality}+ C{profile.combat}, {profile.listed_price})</option>"
            )
        return (
            f'<label class="form-label small mb-0" for="{picker_id}">{e(label)}</label>'
            f'<select class="form-select form-select-sm" id="{picker_id}" name="{name}">{"".join(options)}</select>'
        )

    def _add_figure_bar(self) -> str:
        picker = self._profile_picker(ADD_PROFILE_FIELD, _("Add a figure from the army list (WB-6)"), "wb-add-profile")
        return (
            '<div class="card mb-3" id="wb-add-figure"><div class="card-body d-flex flex-wrap align-items-end gap-2">'
            f'<div class="flex-grow-1">{picker}</div>'
            f"{self._button('add', _('Add the figure'), 'btn-primary')}"
            "</div></div>"
        )

    def _warband_card(self) -> str:
        rules = self.report.rules
        points = self._number_input(
            "points", _("Game size L (150–300)"), rules.points, POINTS_BOUNDS, col="col-6 col-sm-4"
        )
        notes_path = "notes"
        notes = self._field_shell(
            notes_path,
            _("Notes"),
            f'<textarea class="form-control form-control-sm" id="{box_id(notes_path)}" name="notes" rows="2" '
            f"{self._described(notes_path)}>{e(rules.notes)}</textarea>",
        )
        return (
            f'<section class="card mb-3" id="wb-warband-fields" aria-labelledby="wb-warband-title">'
            f'<div class="card-header"><h2 class="h6 mb-0" id="wb-warband-title">{e(_("Warband"))}</h2></div>'
            f'<div class="card-body">{self.problems_box("")}<div class="row g-2">'
            f"{self._text_input('name', _('Name'), rules.name, NAME_MAX_LENGTH, col='col-12 col-sm-8')}{points}{notes}"
            "</div></div></section>"
        )

    def _pools_card(self) -> str:
        rules = self.report.rules
        title = _("Summoning pools (WB-4.2)")
        note = _(
            "A Summoner or an Elementalist borrows B points: B counts in the total, and the pool holds twice B "
            "for the summons listed under it."
        )
        parts = [
            '<section class="card mb-3" id="wb-pools" aria-labelledby="wb-pools-title">',
            f'<div class="card-header"><h2 class="h6 mb-0" id="wb-pools-title">{e(title)}</h2></div>',
            '<div class="card-body">',
            f'<p class="small text-muted">{e(note)}</p>',
        ]
        for k, pool in enumerate(rules.pools):
            path = f"pools[{k}]"
            name = POOL_NAMES[pool.skill].get(self.language) if pool.skill in POOL_NAMES else pool.skill
            holds = POOL_MULTIPLIER * pool.borrowed if isinstance(pool.borrowed, int) else 0
            legend = _("%(pool)s pool") % {"pool": name} + " · " + _("holds %(n)s") % {"n": holds}
            borrowed = self._number_input(
                f"{path}.borrowed", _("Borrowed points B"), pool.borrowed, BORROWED_BOUNDS, col="col-6 col-sm-4"
            )
            parts.append(
                f'<fieldset class="border rounded p-2 mb-3" id="{box_id(path)}">'
                f'<legend class="float-none w-auto px-1 h6 small mb-0">{e(legend)}</legend>'
                f'{self.problems_box(path)}<div class="row g-2">{borrowed}</div>'
            )
            for j, summon in enumerate(pool.summons):
                spath = f"{path}.summons[{j}]"
                parts.append(self._small_card(spath, summon, _("Summon"), f"remove-summon:{k}:{j}"))
            label = _("Add a summon")
            picker = self._profile_picker(f"{ADD_PROFILE_FIELD}-summon-{k}", label, f"wb-summon-profile-{k}")
            add = self._button(f"add-summon:{k}", _("Add the summon"))
            remove = self._button(f"remove-pool:{k}", _("Remove the pool"), "btn-outline-danger")
            parts.append(
                '<div class="d-flex flex-wrap align-items-end gap-2 mt-2">'
                f'<div class="flex-grow-1">{picker}</div>{add} {remove}</div></fieldset>'
            )
        present = {p.skill for p in rules.pools}
        buttons = " ".join(
            self._button(
                f"add-pool:{skill}", _("Add a pool: %(pool)s") % {"pool": POOL_NAMES[skill].get(self.language)}
            )
            for skill in POOL_SKILLS
            if skill not in present
        )
        parts.append(f"<div>{buttons}</div></div></section>")
        return "".join(parts)

    def _small_card(self, path: str, figure: Figure, kind: str, remove: str) -> str:
        return (
            f'<fieldset class="border rounded p-2 mt-2" id="{box_id(path)}">'
            f'<input type="hidden" name="{e(path)}" value="1">'
            f'<legend class="float-none w-auto px-1 h6 small mb-0">{e(kind)} · {e(figure.name)} '
            f"{self.price_badge(path, figure)}</legend>"
            f"{self.problems_box(path)}{self.problems_box(path + '.price')}"
            f"{self._profile_fields(path, figure)}"
            f'<div class="mt-2">{self._button(remove, _("Remove"), "btn-outline-danger")}</div></fieldset>'
        )

    def _illusions_card(self) -> str:
        rules = self.report.rules
        limit = self.illusion_limit
        if limit is None:
            note = _("No figure is an Illusionist: an illusion list breaks WB-12.")
        else:
            note = _("An illusion may cost at most %(limit)s: half the dearest Illusionist's own price (WB-4.3).") % {
                "limit": limit
            }
        title = _("Illusions (WB-4.3)")
        parts = [
            '<section class="card mb-3" id="wb-illusions" aria-labelledby="wb-illusions-title">',
            f'<div class="card-header"><h2 class="h6 mb-0" id="wb-illusions-title">{e(title)}</h2></div>',
            f'<div class="card-body"><p class="small text-muted">{e(note)}</p>',
        ]
        for j, illusion in enumerate(rules.illusions):
            parts.append(self._small_card(f"illusions[{j}]", illusion, _("Illusion"), f"remove-illusion:{j}"))
        picker = self._profile_picker(f"{ADD_PROFILE_FIELD}-illusion", _("Add an illusion"), "wb-illusion-profile")
        add = self._button("add-illusion", _("Add the illusion"))
        parts.append(
            '<div class="d-flex flex-wrap align-items-end gap-2 mt-2">'
            f'<div class="flex-grow-1">{picker}</div>{add}</div></div></section>'
        )
        return "".join(parts)


def _figure_paths(rules: Any) -> Iterable[tuple[str, Figure]]:
    yield from rules.all_figures()
    for k, pool in enumerate(rules.pools):
        for j, summon in enumerate(pool.summons):
            yield f"pools[{k}].summons[{j}]", summon
    for j, illusion in enumerate(rules.illusions):
        yield f"illusions[{j}]", illusion


_PROFILE_FIELDS = ("name", "quality", "combat", "rules", "spells", "skills", "element")


def _box_paths(report: WarbandReport) -> Iterable[str]:
    yield from ("", "name", "points", "notes")
    rules = report.rules
    for path, _figure in _figure_paths(rules):
        yield path
        yield from (f"{path}.{name}" for name in _PROFILE_FIELDS)
        if ".minions[" in path:
            yield f"{path}.grant"
        elif path.startswith("figures["):
            yield f"{path}.minions"
        else:
            yield f"{path}.price"
    for k, _pool in enumerate(rules.pools):
        yield f"pools[{k}]"
        yield f"pools[{k}].borrowed"
