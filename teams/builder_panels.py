"""The builder's panels as HTML, written in Python (docs/decisions.md, "Builder speed"): the status,
the points, the rules, and the announcement a screen reader reads out.

A live check sends them all on every change, and through the template engine they were most of its
rendering. They are written here as ``builder_html`` writes the fields, for the edit page, the team
page and the live check alike (the templates call them through ``teams/templatetags/builder_panels.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.i18n import problem_text
from reference.links import rule_code_html

from .models import Team
from .selectors import TeamReport
from .services import TeamEdit

OOB = ' hx-swap-oob="true"'


def _e(value: Any) -> str:
    return str(conditional_escape(value))


def status_badge(team: Team) -> SafeString:
    """A team's "Ready" or "Draft" badge, here and on the team list and page (``{% status_badge %}``)."""
    tone = "text-bg-success" if team.is_ready else "text-bg-secondary"
    label = _e(team.get_status_display())
    return mark_safe(f'<span class="badge {tone}" data-status="{_e(team.status)}">{label}</span>')  # escaped


def _post_button(request: HttpRequest, url: str, css: str, label: str) -> str:
    token = f'<input type="hidden" name="csrfmiddlewaretoken" value="{_e(get_token(request))}">'
    return (
        f'<form method="post" action="{_e(url)}">{token}'
        f'<button class="btn {css} btn-sm" type="submit">{_e(label)}</button></form>'
    )


def status_panel(
    request: HttpRequest, team: Team, report: TeamReport, edit: TeamEdit | None, *, oob: bool = False
) -> SafeString:
    """Ready or draft, "back to draft" when a change broke a ready team, "Mark ready" (offered, or
    disabled while a rule is broken), and the points bar a phone keeps in sight."""
    said = _("Status:")
    parts = [f'<p class="mb-2">{_e(said)} {status_badge(team)}</p>']
    if edit is not None and edit.back_to_draft:
        broken = len(edit.problems)
        alert = ngettext(
            "This team was ready. The change breaks %(counter)s rule, so it is a draft again.",
            "This team was ready. The change breaks %(counter)s rules, so it is a draft again.",
            broken,
        ) % {"counter": broken}
        parts.append(f'<div class="alert alert-warning py-2" id="back-to-draft" role="alert">{_e(alert)}</div>')
    if team.is_ready:
        parts.append(
            _post_button(
                request, reverse("teams:mark-draft", args=[team.pk]), "btn-outline-secondary", _("Back to draft")
            )
        )
    elif report.is_valid:
        # one notice: the change is saved, the team keeps every rule, and it can be ready again
        button = _post_button(request, reverse("teams:mark-ready", args=[team.pk]), "btn-success", _("Mark ready"))
        if edit is not None and edit.can_be_ready:
            saved = _e(_("Saved. The team keeps every rule now: mark it ready to play."))
            parts.append(
                f'<div class="alert alert-success py-2 mb-0" id="ready-offer" role="status">'
                f'<p class="mb-2">{saved}</p>{button}</div>'
            )
        else:
            parts.append(f'<div id="ready-offer">{button}</div>')
    else:
        label, fix = _("Mark ready"), _("Fix the problems below to mark it ready.")
        parts.append(
            f'<button class="btn btn-success btn-sm" type="button" disabled>{_e(label)}</button>'
            f'<div class="small text-muted mt-1">{_e(fix)}</div>'
        )
    costs = report.costs
    bar = _("Points %(total)s / %(budget)s · left %(left)s") % {
        "total": costs.total,
        "budget": costs.budget,
        "left": costs.remaining,
    }
    count = f' <span class="badge text-bg-danger ms-1">{len(report.problems)}</span>' if report.problems else ""
    over = " is-over" if costs.remaining < 0 else ""
    # on a phone the points stay in sight at the bottom of the screen (swapped with the status)
    parts.append(f'<div class="points-bar d-lg-none{over}" id="points-bar" aria-hidden="true">{_e(bar)}{count}</div>')
    return mark_safe(  # every value escaped above
        f'<section class="card mb-3" id="team-status"{OOB if oob else ""}><div class="card-body">'
        f"{''.join(parts)}</div></section>"
    )


def points_panel(report: TeamReport, *, oob: bool = False) -> SafeString:
    """Each member's points against his cap, the amulets, and the team's against its budget."""
    rows = []
    for row in report.points_rows:
        role = f'<div class="small text-muted">{_e(row.role)}</div>' if row.name != row.role else ""
        danger = ' class="table-danger"' if row.is_over else ""
        rows.append(
            f"<tr{danger}><td>{_e(row.name)}{role}</td>"
            f'<td class="text-end">{row.spent}</td><td class="text-end">{row.cap}</td>'
            f'<td class="text-end">{row.left}</td></tr>'
        )
    costs = report.costs
    amulets = _("Amulets")
    rows.append(
        f'<tr id="points-amulets"><td>{_e(amulets)}<div class="small text-muted">{_e(report.amulet_note)}</div>'
        f'</td><td class="text-end">{costs.amulets}</td><td></td><td></td></tr>'
    )
    end = ' class="text-end"'
    titles = (_("Member"), _("Spent"), _("Cap"), _("Left"))
    head = "".join(f"<th{end if index else ''}>{_e(title)}</th>" for index, title in enumerate(titles))
    over = " table-danger" if costs.remaining < 0 else ""
    team_label, points_label = _("Team"), _("Points")
    foot = (
        f'<tr class="fw-bold{over}"><td>{_e(team_label)}</td>'
        f'<td class="text-end" id="points-total">{costs.total}</td>'
        f'<td class="text-end" id="points-budget">{costs.budget}</td>'
        f'<td class="text-end" id="points-left">{costs.remaining}</td></tr>'
    )
    # the Hungarian headings are long: the table scrolls inside the card rather than widening it
    return mark_safe(  # every value escaped above; the numbers are ints
        f'<section class="card mb-3" id="points-summary"{OOB if oob else ""}>'
        f'<div class="card-header fw-bold">{_e(points_label)}</div><div class="table-responsive">'
        f'<table class="table table-sm small mb-0"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody><tfoot>{foot}</tfoot></table></div></section>"
    )


def problems_panel(report: TeamReport, *, oob: bool = False) -> SafeString:
    """Every rule the team breaks, with its code, or that it keeps them all."""
    problems = report.problems
    count = f'<span class="badge text-bg-danger">{len(problems)}</span>' if problems else ""
    if problems:
        items = "".join(
            f'<li class="list-group-item small text-danger" data-code="{_e(problem.code)}">'
            f"<strong>{rule_code_html(problem.code)}</strong> {_e(problem_text(problem))}</li>"
            for problem in problems
        )
        body = f'<ul class="list-group list-group-flush">{items}</ul>'
    else:
        kept = _("The team keeps every rule.")
        body = f'<div class="card-body text-success" id="team-valid">{_e(kept)}</div>'
    rules = _("Rules")
    return mark_safe(  # every value escaped above
        f'<section class="card mb-3" id="problem-list"{OOB if oob else ""}>'
        f'<div class="card-header fw-bold">{_e(rules)} {count}</div>{body}</section>'
    )


def announcement(report: TeamReport) -> SafeString:
    """A live check's outcome, put in the page's live region (``#builder-announcement``) to be read out."""
    problems = report.problems
    if problems:
        said = ngettext("%(counter)s rule broken:", "%(counter)s rules broken:", len(problems)) % {
            "counter": len(problems)
        }
        said += " " + "; ".join(problem_text(problem) for problem in problems)
    else:
        said = _("Valid, %(total)s points.") % {"total": report.costs.total}
    return mark_safe(f'<div id="builder-announcement" hx-swap-oob="innerHTML">{_e(said)}</div>')  # escaped


def live_check_answer(
    request: HttpRequest,
    team: Team,
    report: TeamReport,
    edit: TeamEdit | None,
    pieces: Iterable[str],
    shown: str,
    unsaved: str,
) -> str:
    """A live check's answer (``TeamBuilder.changes``): only the pieces that changed, each swapped out of
    band by its id, the page's new ``builder-shown``, and the panels every time."""
    shown_input = (
        f'<input type="hidden" name="builder-shown" id="builder-shown" value="{_e(shown)}" '
        f'data-unsaved="{_e(unsaved)}" hx-swap-oob="true">'
    )
    return "\n".join(
        [
            "",
            *pieces,
            shown_input,
            status_panel(request, team, report, edit, oob=True),
            points_panel(report, oob=True),
            problems_panel(report, oob=True),
            announcement(report),
            "",
        ]
    )
