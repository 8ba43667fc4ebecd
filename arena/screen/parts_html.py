"""The play screen's parts as HTML (the status, the board layer, the choices, the sides, the log, the
poller), written here rather than by the templates.

``templates/arena/match.html`` calls these (``{% status_part %}``, ``{% choices_part %}``, …) for the
whole page, and the refreshed parts (:mod:`arena.views.parts`) call them directly: one writing of each
part, the same HTML to the byte as the template partials that wrote them before (the golden answers of
``tests/arena/test_play_refresh_parts.py``; the status and board layer were compared with their old
partials over the arena's, the leagues' and the hosted browser tests' pages when they moved here).
Every value is escaped and localized as ``{{ value }}`` writes it; a translated string as
``{% translate %}`` writes it (escaped), a ``{% blocktranslate %}`` one with its values escaped. The
four-seat match's sides (a seat list and a heading per seat) and an imported record's note stay
templates (``arena/_sides_four.html``, ``arena/_imported.html``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, cast

from django.template.loader import get_template
from django.urls import get_script_prefix, reverse
from django.utils.dateformat import format as date_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from common.bounded_lru import RecentMemo
from common.i18n import gettext_as

from .html_values import html_value
from .sides import CharacterRow

if TYPE_CHECKING:
    from .choices import Choice
    from .page import SeatPage


_v = html_value


def _or_empty(value: object) -> str:
    """As ``{{ value|default:'' }}`` writes it."""
    return _v(value) if value else ""


def _t(text: str, page: Any = None) -> str:
    """As ``{% translate text %}`` writes it (escaped), in the language ``page`` is worded in (the
    active one, read once per page) or, without a page, the active one."""
    language = page.names.language if page is not None else get_language()
    return cast(str, conditional_escape(gettext_as(language, text)))


def csrf_input(token: Any) -> str:
    """As ``{% csrf_token %}`` writes it."""
    if not token or token == "NOTPROVIDED":
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


def _oob(oob: bool, fp: str) -> str:
    return f' hx-swap-oob="true" data-fp="{_v(fp)}"' if oob else ""


@lru_cache(maxsize=512)
def _urls(pk: int, prefix: str) -> tuple[str, ...]:
    """The act, claim, log, poll, stream, thumbs, replay and verify URLs, escaped as ``{% url %}`` writes
    them (per match id and URL prefix)."""
    names = ("act", "claim", "log", "poll", "stream", "thumbs", "replay", "verify")
    return tuple(_v(reverse(f"play:{name}", args=[pk])) for name in names)


def _act_urls(pk: int) -> tuple[str, ...]:
    return _urls(pk, get_script_prefix())


def _buttons(found: Iterable[Choice], css: str, indent: str) -> str:
    return "".join(_button(c, css, indent) for c in found)


# A choice's button, kept per choice and place (its values escaped: a pure function of the choice, which
# is itself kept while offered, arena.screen.choices.choice_of).
_BUTTONS: RecentMemo[tuple[Choice, str, str], str] = RecentMemo(4096)


def _button(c: Choice, css: str, indent: str) -> str:
    key = (c, css, indent)
    found = _BUTTONS.get(key)
    if found is None:
        found = (
            f"\n{indent}"
            f'<button type="submit" name="action" value="{_v(c.value)}" class="btn btn-sm {css} choice" '
            f'data-kind="{_v(c.kind)}" data-char="{_or_empty(c.char)}" '
            f'data-hex="{_or_empty(c.hex)}" data-target="{_or_empty(c.target)}">{_v(c.label)}</button>'
            f"\n{indent[:-2]}"
        )
        _BUTTONS.put(key, found)
    return found


def _table_line(page: SeatPage) -> str:
    """The table mode's line: who this device acts for now, or that the dice were entered by hand."""
    extras = page.extras
    if extras.get("device") and page.is_live:
        what = _(
            "This device acts for both sides: now %(team)s decides. "
            "Roll the dice at the table and enter them when asked."
        ) % {"team": _v(extras.get("seat_team", ""))}
    else:
        what = _t("Played with the physical board and dice: the dice were entered by hand and are not checkable.", page)
    return (
        "\n          "
        f'<p class="small mb-2" id="table-mode"><span class="badge text-bg-dark">{_t("At the table", page)}</span>\n'
        f"            {what}</p>\n        "
    )


def _dice_form(page: SeatPage, dice: dict[str, Any], act: str, csrf: str) -> str:
    """The dice asked for at the table: one button per face of the d10."""
    wanted = _("Roll a d10 for %(who)s: %(purpose)s. What did it show?") % {
        "who": _v(dice["who"]),
        "purpose": _v(dice["purpose"]),
    }
    faces = "".join(
        f'<button type="submit" name="die" value="{_v(face)}" class="btn btn-sm btn-outline-dark die-face" '
        f'data-face="{_v(face)}">{_v(face)}</button>'
        for face in dice["faces"]
    )
    return (
        "\n          "
        f'<form id="dice-form" class="play-form mb-2" method="post" action="{act}"\n'
        f'                hx-post="{act}" hx-swap="none" hx-disabled-elt="find button">\n'
        f"            {csrf}\n"
        f'            <input type="hidden" name="version" value="{_v(page.version)}">\n'
        f'            <input type="hidden" name="actions" value="{_v(dice["actions"])}">\n'
        f'            <input type="hidden" name="dice" value="{_v(dice["entered"])}">\n'
        f'            <p class="mb-1 fw-semibold" id="dice-wanted">{wanted}</p>\n'
        '            <div class="d-flex flex-wrap gap-1">\n'
        f"              {faces}\n"
        "            </div>\n"
        "          </form>\n        "
    )


def _thumbs_form(page: SeatPage, csrf: str) -> str:
    """A fixture's winner shows his thumbs (HR-10.5)."""
    thumbs = _act_urls(page.match.pk)[5]
    fallen = _(
        "%(team)s's gladiator has fallen: show your thumbs (HR-10.5). The league records the result once you have."
    ) % {"team": _v(page.extras["thumbs"])}
    return (
        "\n          "
        f'<form id="thumbs-form" class="play-form mb-2" method="post" action="{thumbs}"\n'
        f'                hx-post="{thumbs}" hx-swap="none" hx-disabled-elt="find button">\n'
        f"            {csrf}\n"
        f'            <p class="mb-1 fw-semibold">{fallen}</p>\n'
        '            <button type="submit" name="thumbs" value="up" class="btn btn-sm btn-outline-success" '
        f'id="thumbs-up">{_t("Thumbs up (+2 on his injury roll)", page)}</button>\n'
        '            <button type="submit" name="thumbs" value="down" class="btn btn-sm btn-outline-danger" '
        f'id="thumbs-down">{_t("Thumbs down (−2)", page)}</button>\n'
        '            <button type="submit" name="thumbs" value="" class="btn btn-sm btn-outline-secondary" '
        f'id="thumbs-none">{_t("Show none", page)}</button>\n'
        "          </form>\n        "
    )


def _result(page: SeatPage) -> str:
    """The match's result, with the links to its log, its replay and the dice check."""
    urls = _act_urls(page.match.pk)
    out = [
        '\n          <div class="alert alert-info mb-2" id="match-result" role="status">\n'
        f"            <strong>{_v(page.result)}</strong> {_v(page.result_detail)}\n"
        f'            <a class="ms-2 alert-link" href="{urls[2]}">{_t("The full log", page)}</a>\n            '
    ]
    if page.match.seed_published:
        out.append(
            f'\n              · <a href="{urls[6]}" id="replay-link" class="alert-link">{_t("Replay", page)}</a>'
            "\n              "
        )
        if not page.match.table_played:
            out.append(f'· <a href="{urls[7]}" id="verify-link" class="alert-link">{_t("Check the dice", page)}</a>')
        out.append("\n            ")
    out.append("\n          </div>\n        ")
    return "".join(out)


def _prompt(page: SeatPage, act: str, csrf: str) -> str:
    """The prompt, and the answers to it right under it (set-up, Kitérés, shifts, traps): on a phone the
    answers are the bar at the foot of the window when the step offers nothing else."""
    mine = " prompt-mine" if page.my_turn else ""
    badge = f'<span class="badge text-bg-warning me-1">{_t("Your move", page)}</span>' if page.my_turn else ""
    out = [
        f'\n          <p class="prompt mb-2 {mine[1:]}" id="match-prompt" tabindex="-1">\n'
        f"            {badge}{_v(page.prompt)}\n"
        "          </p>\n          "
    ]
    if page.answers or page.plan:
        bar = " answers-bar" if page.my_turn and page.is_live and not page.groups and not page.end_step else ""
        out.append(
            "\n            \n            \n"
            f'            <form id="answer-form" class="play-form mb-2{bar}" method="post" action="{act}"\n'
            f'                  hx-post="{act}" hx-swap="none" hx-disabled-elt="find button">\n'
            f"              {csrf}\n"
            f'              <input type="hidden" name="version" value="{_v(page.version)}">\n              '
        )
        if page.plan:
            out.append(
                "\n                "
                '<button type="submit" class="btn btn-primary btn-sm mb-1 w-100 text-start" name="actions" '
                f'value="{_v(page.plan)}" id="as-team-file">{_v(page.plan_label)}</button>\n              '
            )
        out.append('\n              <div class="d-flex flex-wrap gap-1">\n                ')
        for c in page.answers:
            out.append(
                "\n                  "
                f'<button type="submit" name="action" value="{_v(c.value)}" '
                'class="btn btn-sm btn-outline-primary choice" '
                f'data-kind="{_v(c.kind)}" data-char="{_or_empty(c.char)}" data-hex="" '
                f'data-target="{_or_empty(c.target)}">{_v(c.label)}</button>\n                '
            )
        out.append("\n              </div>\n            </form>\n          ")
    out.append("\n        ")
    return "".join(out)


def status_part(page: SeatPage, *, oob: bool, fp: str, csrf_token: Any) -> SafeString:
    """``#match-status``: the heading, the teams, the table mode, the dice asked for, the thumbs, and the
    result or the prompt with its answers."""
    match = page.match
    act = _act_urls(match.pk)[0]
    csrf = csrf_input(csrf_token)
    teams = " – ".join(f'<span class="team-tag {_v(line.css)}">{_v(line.team)}</span>' for line in page.seats)
    mode = f"· {_v(match.get_mode_display())}" if match.four_seats else ""
    spectator = f"· {_t('spectator', page)}" if page.seat is None else ""
    fixture = ""
    if match.fixture_id:
        where = _v(reverse("campaigns:match", args=[match.fixture_id]))
        fixture = f'· <a href="{where}" id="fixture-link">{_t("league fixture", page)}</a>'
    imported = get_template("arena/_imported.html").render({"match": match}) if match.imported else "\n"
    out = [
        f'\n      <section id="match-status" class="match-status"{_oob(oob, fp)}\n'
        f'               data-my-turn="{"1" if page.my_turn else "0"}" data-version="{_v(page.version)}">\n'
        '        <div class="d-flex flex-wrap align-items-baseline gap-2">\n'
        f'          <h1 class="h5 mb-1" id="match-heading">{_v(page.heading)}</h1>\n'
        f"          {imported}\n"
        '          <span class="small text-secondary">\n'
        f"            {teams}\n"
        f"            {mode}\n"
        f"            {spectator}\n"
        f"            {fixture}\n"
        "          </span>\n"
        "        </div>\n        "
    ]
    if match.four_seats and page.whose_step:
        step = _("Whose step: %(who)s") % {"who": _v(page.whose_step)}
        out.append(f'<p class="small mb-1" id="whose-step">{step}</p>')
    out.append("\n        ")
    if page.message:
        out.append(
            f'<div class="alert alert-{_v(page.message_level)} py-2 mb-2" id="play-message" tabindex="-1">'
            f"{_v(page.message)}</div>"
        )
    out.append("\n        ")
    if page.extras.get("table"):
        out.append(_table_line(page))
    out.append("\n        ")
    if page.extras.get("dice"):
        out.append(_dice_form(page, page.extras["dice"], act, csrf))
    out.append("\n        ")
    if page.extras.get("thumbs"):
        out.append(_thumbs_form(page, csrf))
    out.append("\n        ")
    if page.result:
        out.append(_result(page))
    elif page.prompt:
        out.append(_prompt(page, act, csrf))
    out.append("\n      </section>\n      ")
    return mark_safe("".join(out))  # every value is escaped above


def board_part(page: Any, *, oob: bool, fp: str) -> SafeString:
    """``#board-layer``: what is drawn over the board at this version (``page.board``: a seat's page or a
    replay's step)."""
    board = page.board
    label = _t("The board: the arrow keys move between the pieces and the lit hexes", page)
    return mark_safe(  # the view box is the board's numbers, the groups escaped where they are written
        f'\n          <div id="board-layer" class="board-layer"{_oob(oob, fp)}>\n'
        f'            <svg viewBox="{_v(board.view_box)}" xmlns="http://www.w3.org/2000/svg" class="board-layer-svg" '
        f'role="group" aria-label="{label}">\n'
        f"              {board.svg_groups()}\n"
        "            </svg>\n          </div>\n          "
    )


def choices_part(page: SeatPage, *, oob: bool, fp: str, csrf_token: Any) -> SafeString:
    """``#choices``: the seat's action form (grouped by character), the forfeit claim, the concession."""
    pk = page.match.pk
    act, claim = _act_urls(pk)[:2]
    csrf = csrf_input(csrf_token)
    version = _v(page.version)
    ours = page.is_live and page.seat is not None
    has_actions = " has-actions" if ours and page.my_turn and (page.groups or page.end_step) else ""
    out = [
        f'\n      <section id="choices" class="choices{has_actions}"{_oob(oob, fp)} '
        f'aria-label="{_t("Your choices", page)}">\n        '
    ]
    if ours:
        out.append("\n          ")
        if page.my_turn:
            out.append(
                f'\n            <form id="action-form" class="play-form" method="post" action="{act}"\n'
                f'                  hx-post="{act}" hx-swap="none" hx-disabled-elt="find button">\n'
                f"              {csrf}\n"
                f'              <input type="hidden" name="version" value="{version}">\n              '
            )
            for group in page.groups:
                out.append(f'\n                <div class="choice-group mb-2" data-char="{_or_empty(group.char)}">')
                out.append("\n                  ")
                if group.title:
                    out.append(f'<div class="choice-title fw-semibold small">{_v(group.title)}</div>')
                out.append('\n                  <div class="d-flex flex-wrap gap-1">\n                    ')
                out.append(_buttons(group.buttons, "btn-outline-primary", "                      "))
                out.append("\n                  </div>\n                  ")
                if group.on_board:
                    count = len(group.on_board)
                    summary = ngettext("%(counter)s choice on the board", "%(counter)s choices on the board", count) % {
                        "counter": _v(count)
                    }
                    out.append(
                        '\n                    <details class="board-choices mt-1">\n'
                        f'                      <summary class="small">{summary}</summary>\n'
                        '                      <div class="d-flex flex-wrap gap-1 mt-1">\n                        '
                    )
                    out.append(_buttons(group.on_board, "btn-outline-secondary", "                          "))
                    out.append("\n                      </div>\n                    </details>\n                  ")
                out.append("\n                </div>\n              ")
            out.append("\n              ")
            if page.end_step:
                pool = _("End your step now? %(pool)s MAN left in it are lost.") % {"pool": _v(page.public.pool)}
                out.append(
                    '\n                <details class="confirm mb-2" id="end-step">\n'
                    '                  <summary class="btn btn-sm btn-outline-dark">'
                    f"{_t('End the step…', page)}</summary>\n"
                    f'                  <div class="mt-1 small">{pool}\n'
                    f'                    <button type="submit" name="action" value="{_v(page.end_step.value)}" '
                    'class="btn btn-sm btn-dark ms-1 choice" data-kind="EndStep">'
                    f"{_t('Yes, end the step', page)}</button>\n"
                    "                  </div>\n                </details>\n              "
                )
            out.append("\n            </form>\n          ")
        out.append("\n          ")
        if page.claim_at:
            out.append('\n            <div class="claim small mb-2" id="claim">\n              ')
            if page.can_claim:
                out.append(
                    f'\n                <form method="post" action="{claim}" hx-post="{claim}" hx-swap="none">\n'
                    f'                  {csrf}<input type="hidden" name="version" value="{version}">\n'
                    f"                  {_t('Your opponent has not moved for a long time.', page)}\n"
                    '                  <button type="submit" class="btn btn-sm btn-outline-danger ms-1">'
                    f"{_t('Claim the match (a forfeit win)', page)}</button>\n"
                    "                </form>\n              "
                )
            else:
                when = _v(date_format(localtime(page.claim_at), "Y-m-d H:i"))
                out.append(
                    "\n                "
                    + _("If your opponent does not move by %(when)s, you may claim the match.") % {"when": when}
                    + "\n              "
                )
            out.append("\n            </div>\n          ")
        out.append("\n          ")
        if page.concede:
            mode = page.match.mode
            if mode == "pairs":
                question = _t("Concede for your side? The other side wins (a Victory).", page)
            elif mode == "ffa":
                question = _t("Concede? You leave the match as if your gladiator had fallen (HR-8).", page)
            else:
                question = _t("Concede the match? Your opponent wins (a Victory).", page)
            out.append(
                '\n            <details class="confirm" id="concede">\n'
                f'              <summary class="btn btn-sm btn-outline-danger">{_t("Concede…", page)}</summary>\n'
                f'              <form method="post" action="{act}" hx-post="{act}" hx-swap="none" class="mt-1 small">\n'
                f'                {csrf}<input type="hidden" name="version" value="{version}">\n'
                f"                {question}\n"
                f'                <button type="submit" name="action" value="{_v(page.concede.value)}" '
                f'class="btn btn-sm btn-danger ms-1">{_t("Yes, concede", page)}</button>\n'
                "              </form>\n            </details>\n          "
            )
        out.append("\n        ")
    out.append("\n      </section>\n      ")
    return mark_safe("".join(out))  # every value is escaped above


def _joined(values: Iterable[str], separator: str) -> str:
    """As ``{{ values|join:separator }}`` writes them (each escaped unless safe)."""
    return cast(str, conditional_escape(separator)).join(cast(str, conditional_escape(v)) for v in values)


@cache
def _sides_head(language: str) -> tuple[str, str]:
    """The translated words of the sides part that are the same at every version (per language)."""
    head = (
        '        <div class="table-responsive" tabindex="0" role="region" '
        f'aria-label="{_t("The characters")}">\n'
        '          <table class="table table-sm characters small align-middle mb-0" id="characters">\n'
        f'            <thead><tr><th scope="col">{_t("Character")}</th><th scope="col">{_t("Team")}</th>'
        f'<th scope="col">{_t("Hex")}</th><th scope="col">Ép</th><th scope="col">STP</th>'
        f'<th scope="col">{_t("Values, states, items")}</th></tr></thead>\n'
        "            <tbody>\n              "
    )
    return _t("Your secrets"), head


def sides_part(page: SeatPage, *, oob: bool, fp: str) -> SafeString:
    """``#sides``: MAN, the reader's secrets, the other seats' counts and the characters' table."""
    if page.match.four_seats:
        return mark_safe(get_template("arena/_sides_four.html").render({"page": page, "oob": oob, "fp": fp}))
    secrets_word, head = _sides_head(page.names.language)
    out = [
        f'\n      <section id="sides" class="sides mt-3"{_oob(oob, fp)}>\n        \n'
        '        <ul class="list-unstyled small mb-2" id="man-left">'
        + "".join(f"<li>{_v(line)}</li>" for line in page.man)
        + "</ul>\n        "
    ]
    if page.my_secrets:
        out.append(
            f'\n          <div class="secrets small mb-2" id="my-secrets"><strong>{secrets_word}:</strong>\n'
            '            <ul class="mb-0">'
            + "".join(f"<li>{_v(line)}</li>" for line in page.my_secrets)
            + "</ul>\n          </div>\n        "
        )
    out.append(
        '\n        <ul class="list-unstyled small text-secondary mb-2">'
        + "".join(f"<li>{_v(line)}</li>" for line in page.opponent_info)
        + "</ul>\n        \n"
    )
    out.append(head)
    out.extend(_row_html(row) for row in page.characters)
    out.append("\n            </tbody>\n          </table>\n        </div>\n      </section>\n      ")
    return mark_safe("".join(out))  # every value is escaped above


# The rows' HTML, kept per row (a row's HTML is its values escaped: a pure function of the row, which is
# itself kept while unchanged, arena.screen.sides.character_row).
_ROWS_HTML: RecentMemo[CharacterRow, str] = RecentMemo(2048)


def _row_html(row: CharacterRow) -> str:
    """One row of the characters' table."""
    found = _ROWS_HTML.get(row)
    if found is not None:
        return found
    states = f"<div>{_joined(row.states, ', ')}</div>" if row.states else ""
    secrets = f'<div class="secret">{_joined(row.secrets, " · ")}</div>' if row.secrets else ""
    kit = f'<div class="text-secondary">{_v(row.kit)}</div>' if row.kit else ""
    found = (
        "\n                \n"
        f'                <tr class="{_v(row.css)}" id="row-{_v(row.id)}" data-char="{_v(row.id)}">\n'
        f'                  <th scope="row" class="fw-normal"><span class="team-dot seat-{_v(row.seat)}"></span>'
        f"{_v(row.short)}</th>\n"
        f"                  <td>{_v(row.team)}</td>\n"
        f'                  <td class="text-nowrap">{_v(row.place)}</td>\n'
        f"                  <td>{_v(row.ep) if row.alive else '†'}</td>\n"
        f"                  <td>{_v(row.stp)}</td>\n"
        "                  <td>\n"
        f'                    <div class="text-secondary">{_v(row.values)}</div>\n'
        f"                    {states}\n"
        f"                    {secrets}\n"
        f"                    {kit}\n"
        "                  </td>\n"
        "                </tr>\n              "
    )
    _ROWS_HTML.put(row, found)
    return found


# A log line's item, kept per line (the next versions' pages show the same lines). Only a sentence (safe
# HTML, written as it is) is kept: a plain string of the same text would be escaped.
_LOG_ITEMS: RecentMemo[str, str] = RecentMemo(8192)


def _log_item(line: str) -> str:
    if type(line) is not SafeString:
        return f"<li>{_v(line)}</li>"
    found = _LOG_ITEMS.get(line)
    if found is None:
        found = f"<li>{line}</li>"
        _LOG_ITEMS.put(line, found)
    return found


def log_part(page: SeatPage, *, oob: bool, fp: str) -> SafeString:
    """``#match-log``: the newest lines of the reader's log (each a sentence, escaped where it was worded)."""
    count = _v(page.log_count)
    full = ngettext("The full log (%(counter)s line)", "The full log (%(counter)s lines)", page.log_count) % {
        "counter": count
    }
    lines = "".join(_log_item(line) for line in page.log)
    return mark_safe(  # every value is escaped
        f'\n      <section id="match-log" class="match-log mt-3"{_oob(oob, fp)}>\n'
        '        <div class="d-flex justify-content-between align-items-baseline">\n'
        f'          <h2 class="h6 mb-1" id="match-log-title">{_t("Log", page)}</h2>\n'
        f'          <a class="small" href="{_act_urls(page.match.pk)[2]}">{full}</a>\n'
        "        </div>\n        \n"
        f'        <ol class="log-lines small" reversed start="{count}" tabindex="0" '
        f'aria-labelledby="match-log-title">{lines}</ol>\n'
        "      </section>\n      "
    )


def poller_part(page: SeatPage, *, oob: bool, fp: str, push: bool, poll_ms: object, safety_ms: object) -> SafeString:
    """``#poller``: without push htmx polls every ``poll_ms``; with push the page's script opens the
    match's stream (``data-stream``) and sends this same request once per newer version it hears."""
    version = _v(page.version)
    live = ""
    if page.is_live:
        urls = _act_urls(page.match.pk)
        live = f'\n       hx-get="{urls[3]}?v={version}" hx-swap="none" hx-sync="#play-screen:drop"'
        if push:
            live += (
                f'\n       hx-trigger="viadal-refresh" data-stream="{urls[4]}?v={version}" '
                f'data-poll-ms="{_v(poll_ms)}" data-safety-ms="{_v(safety_ms)}"'
            )
        else:
            live += f'\n       hx-trigger="every {_v(poll_ms)}ms"'
    return mark_safe(  # every value is escaped
        f'\n  \n  <div id="poller"{_oob(oob, fp)}{live}\n       data-version="{version}"></div>\n  '
    )


def inbox_badge(count: int) -> SafeString:
    """The header's "waiting on you" count as a refreshed answer carries it (``_inbox_badge.html``
    with ``oob``)."""
    hidden = "" if count else " d-none"
    return mark_safe(  # the count is a number, the title escaped
        f'<span class="badge rounded-pill text-bg-warning{hidden}" id="inbox-count" hx-swap-oob="true" '
        f'title="{_t("Things waiting on you")}">{_v(count)}</span>\n'
    )
