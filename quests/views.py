"""The quest tracker's pages. Thin: forms in, ``services`` for writes, ``selectors`` for reads."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.blocking import off_the_event_loop
from quests.rules import quest_checks
from quests.rules.quest_content import (
    CARD_KIND_NAMES,
    CLASSES,
    OUTCOME_NAMES,
    RESULT_NAMES,
    SPELL_DECKS,
    STATUS_NAMES,
    TIE_ORDER,
    Outcome,
    Status,
    WarriorClass,
)

from . import record_sheets, selectors, services
from .forms import AdventureForm, InviteForm, PartyForm, WarriorForm
from .models import Adventure, Party, Warrior
from .services import QuestError

INT_FIELDS = ("gold", "value", "amount", "price", "seq")
ENTRY_FIELDS = {
    "card": ("name", "card_kind"),
    "event": ("name", "source"),
    "kill": ("monster", "gold", "killer"),
    "treasure": ("name", "value", "source", "recipient"),
    "wounds_taken": ("warrior", "amount", "cause"),
    "wounds_healed": ("warrior", "amount", "cause"),
    "end_of_turn": (),
    "lost": ("warrior",),
    "lantern": ("to",),
    "equipment": ("giver", "item", "to"),
    "used": ("warrior", "item"),
    "tokens": ("warrior", "amount"),
    "end": ("result",),
    "sale": ("warrior", "name", "price"),
    "void": ("seq", "reason"),
}


def _language() -> str:
    return translation.get_language() or "en"


def _errors(error: QuestError) -> list[dict[str, str]]:
    language = _language()
    return [{"code": v.code, "field": v.field, "message": v.message(language)} for v in error.violations]


def _is_owner(request: HttpRequest, party: Party) -> bool:
    return request.user.is_authenticated and request.user.pk == party.owner_id


# --- parties -----------------------------------------------------------------------------------------


@login_required
@require_safe
def party_list(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)
    return render(request, "quests/party_list.html", {"parties": selectors.parties_for(request.user)})


@login_required
def party_create(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)
    form = PartyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        party = services.party_create(request.user, form.cleaned_data["name"])
        return redirect("quests:party", party.pk)
    return render(request, "quests/party_form.html", {"form": form}, status=400 if form.errors else 200)


def _party_context(request: HttpRequest, party: Party, *, read_only: bool) -> dict[str, Any]:
    warriors = list(party.warriors.select_related("player"))
    active = [w for w in warriors if w.is_active]
    language = _language()
    context: dict[str, Any] = {
        "party": party,
        "active": active,
        "closed": [w for w in warriors if not w.is_active],
        "adventures": selectors.ranked_adventures(party),
        "open_adventure": party.adventures.exclude(stage=Adventure.Stage.ENDED).first(),
        "kills": selectors.kills_of(party),
        "read_only": read_only,
        "is_owner": not read_only and _is_owner(request, party),
        "status_names": {s.value: STATUS_NAMES[s].in_language(language) for s in Status},
        "result_names": {r.value: n.in_language(language) for r, n in RESULT_NAMES.items()},
        "class_lots": selectors.roll_sentences(party, None, language),
        "share_url": request.build_absolute_uri(reverse("quests:share", args=[party.share_token])),
    }
    if not read_only:
        context["audit"] = selectors.audit_trail(party)
        context["members"] = list(party.members.select_related("user"))
        context["invite_form"] = InviteForm()
        members = [w for w in active]
        barbarian = any(w.warrior_class is WarriorClass.BARBARIAN for w in active)
        form = AdventureForm()
        leader_choices = [("lot", _("Draw by lot"))] + [(w.key, w.name) for w in members]
        form.fields["leader"].choices = leader_choices  # type: ignore[attr-defined]
        context["adventure_form"] = form
        context["leader_fixed"] = barbarian or len(active) == 1
        context["can_add"] = len(active) < 4
    return context


@login_required
@require_safe
def party_detail(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    return render(request, "quests/party.html", _party_context(request, party, read_only=False))


@require_safe
def party_shared(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    party = selectors.party_shared(token)
    return render(request, "quests/party.html", _party_context(request, party, read_only=True))


@login_required
@require_POST
def member_invite(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    form = InviteForm(request.POST)
    try:
        if not form.is_valid():
            raise Http404
        services.member_invite(party, request.user, form.cleaned_data["username"])
    except PermissionError:
        return HttpResponseForbidden()
    except QuestError as error:
        for item in _errors(error):
            messages.error(request, item["message"])
    return redirect("quests:party", party.pk)


def _free_classes(party: Party) -> list[str]:
    taken = set(party.warriors.filter(status=Warrior.Status.ACTIVE).values_list("cls", flat=True))
    return [c.value for c in TIE_ORDER if c.value not in taken]


def _apply_errors(form: WarriorForm, error: QuestError) -> None:
    for item in _errors(error):
        field = item["field"] if item["field"] in form.fields else None
        form.add_error(field, f"{item['code']}: {item['message']}")


@login_required
def warrior_add(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    if not _is_owner(request, party):
        return HttpResponseForbidden()
    pending = services.pending_class_lot(party)
    free = [pending.lot["winner"]] if pending is not None else _free_classes(party)
    form = WarriorForm(request.POST or None, free_classes=free)
    if request.method == "POST":
        if form.is_valid():
            data = {k: v for k, v in form.cleaned_data.items() if k != "cls"}
            try:
                services.warrior_add(party, request.user, form.cleaned_data["cls"], data, request.POST)
                return redirect("quests:party", party.pk)
            except QuestError as error:
                _apply_errors(form, error)
        else:
            typed = quest_checks.check_not_typed(request.POST)
            if typed:
                _apply_errors(form, QuestError(typed))
    drawn = selectors.roll_sentences(party, None, _language())
    context = {"form": form, "party": party, "drawn": next((text for roll, text in drawn if roll == pending), "")}
    return render(request, "quests/warrior_form.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def class_lot(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    try:
        services.class_lot_draw(party, request.user)
    except PermissionError:
        return HttpResponseForbidden()
    except QuestError as error:
        for item in _errors(error):
            messages.error(request, item["message"])
        return redirect("quests:party", party.pk)
    return redirect("quests:warrior-add", party.pk)


@login_required
def warrior_edit(request: HttpRequest, pk: int, warrior_pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    if not _is_owner(request, party):
        return HttpResponseForbidden()
    warrior = get_object_or_404(party.warriors, pk=warrior_pk)
    form = WarriorForm(request.POST or None, initial=WarriorForm.initial_from(warrior))
    players = [party.owner, *(m.user for m in party.members.select_related("user"))]
    if request.method == "POST":
        player_id = request.POST.get("player")
        if form.is_valid():
            try:
                services.warrior_update(party, request.user, warrior, form.cleaned_data, request.POST)
                chosen = next((p for p in players if str(p.pk) == player_id), None)
                if player_id is not None:
                    services.warrior_assign(party, request.user, warrior, chosen)
                return redirect("quests:party", party.pk)
            except QuestError as error:
                _apply_errors(form, error)
        else:
            typed = quest_checks.check_not_typed(request.POST)
            if typed:
                _apply_errors(form, QuestError(typed))
    context = {"form": form, "party": party, "warrior": warrior, "players": players}
    return render(request, "quests/warrior_form.html", context, status=400 if form.errors else 200)


# --- adventures --------------------------------------------------------------------------------------


@login_required
@require_POST
def adventure_create(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    typed = quest_checks.check_not_typed(request.POST)
    try:
        if typed:
            raise QuestError(typed)
        adventure = services.adventure_create(
            party, request.user, request.POST.get("objective", ""), request.POST.get("leader", "")
        )
    except PermissionError:
        return HttpResponseForbidden()
    except QuestError as error:
        context = _party_context(request, party, read_only=False)
        context["adventure_errors"] = _errors(error)
        return render(request, "quests/party.html", context, status=400)
    return redirect("quests:adventure", party.pk, adventure.number)


def _adventure_context(request: HttpRequest, party: Party, adventure: Adventure, *, read_only: bool) -> dict[str, Any]:
    language = _language()
    view = selectors.adventure_view(adventure, language)
    warriors = {w.key: w for w in party.warriors.all()}
    state = view.state
    living = [w for w in state.warriors if w.status is Status.ACTIVE] if state else []
    if state is not None:
        order = selectors.turn_order(party, state.leader, [w.key for w in living])
    else:
        order = selectors.turn_order(
            party, adventure.leader.key, [w.key for w in party.warriors.filter(status="active")]
        )
    return {
        "party": party,
        "adventure": adventure,
        "turn_order": order,
        "view": view,
        "state": state,
        "warriors": warriors,
        "living": living,
        "dead": [w for w in state.warriors if w.status is not Status.ACTIVE] if state else [],
        "active_warriors": list(party.warriors.filter(status=Warrior.Status.ACTIVE)),
        "spells": list(adventure.spells.all()),
        "spell_decks": [(d.value, n.in_language(language)) for d, n in SPELL_DECKS.items()],
        "card_kinds": [(k.value, n.in_language(language)) for k, n in CARD_KIND_NAMES.items()],
        "outcomes": [(o.value, n.in_language(language)) for o, n in OUTCOME_NAMES.items()],
        "results": [(r.value, n.in_language(language)) for r, n in RESULT_NAMES.items()],
        "result_name": RESULT_NAMES[view.score.result].in_language(language) if view.score else "",
        "read_only": read_only,
        "is_owner": not read_only and _is_owner(request, party),
        "is_latest": not party.adventures.filter(number__gt=adventure.number).exists(),
        "class_names": {c.value: CLASSES[c].name.in_language(language) for c in WarriorClass},
        "default_outcome": {
            w.key: (
                Outcome.SURVIVED.value
                if w.wounds > 0 and w.status is Status.ACTIVE
                else Outcome.LOST.value
                if w.status is Status.LOST
                else Outcome.DIED.value
            )
            for w in (state.warriors if state else ())
        },
    }


@login_required
@require_safe
def adventure_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    adventure = selectors.adventure_of(party, number)
    return render(request, "quests/adventure.html", _adventure_context(request, party, adventure, read_only=False))


@require_safe
def adventure_shared(request: HttpRequest, token: uuid.UUID, number: int) -> HttpResponse:
    party = selectors.party_shared(token)
    adventure = selectors.adventure_of(party, number)
    return render(request, "quests/adventure.html", _adventure_context(request, party, adventure, read_only=True))


def _adventure_action(request: HttpRequest, pk: int, number: int, action: Any) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    adventure = selectors.adventure_of(party, number)
    try:
        action(party, adventure, request.user)
    except PermissionError:
        return HttpResponseForbidden()
    except QuestError as error:
        context = _adventure_context(request, party, adventure, read_only=False)
        context["errors"] = _errors(error)
        kind = request.POST.get("kind", "")
        context["error_kind"] = kind if kind in ENTRY_FIELDS else ""
        return render(request, "quests/adventure.html", context, status=400)
    return redirect(reverse("quests:adventure", args=[party.pk, adventure.number]) + "#log")


@login_required
@require_POST
def adventure_roll(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def action(party: Party, adventure: Adventure, user: User) -> None:
        typed = quest_checks.check_not_typed({k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"})
        if typed:
            raise QuestError(typed)
        services.setup_rolls(adventure, user)

    return _adventure_action(request, pk, number, action)


@login_required
@require_POST
def adventure_spells(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def action(party: Party, adventure: Adventure, user: User) -> None:
        raw = [
            {
                "deck": deck,
                "name": request.POST.get(f"{deck}_name", ""),
                "casting_number": _int(request.POST.get(f"{deck}_casting", "")),
                "power_cost": _int(request.POST.get(f"{deck}_cost", "")),
            }
            for deck in ("attack", "defence", "healing")
        ]
        services.spells_set(adventure, user, services.spell_entries(raw))

    return _adventure_action(request, pk, number, action)


@login_required
@require_POST
def adventure_begin(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _adventure_action(
        request, pk, number, lambda party, adventure, user: services.adventure_begin(adventure, user)
    )


def _int(value: str) -> int | str:
    value = value.strip()
    return int(value) if value.isdigit() and len(value) <= 9 else (-1 if value == "" else value)


@login_required
@require_POST
def adventure_entry(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def action(party: Party, adventure: Adventure, user: User) -> None:
        kind = request.POST.get("kind", "")
        if kind not in ENTRY_FIELDS:
            raise services.unknown_entry()
        data: dict[str, Any] = {"kind": kind}
        for field in ENTRY_FIELDS[kind]:
            value = request.POST.get(field, "")
            data[field] = _int(value) if field in INT_FIELDS else value
        if kind == "end":
            data["outcomes"] = {
                key[len("outcome_") :]: value for key, value in request.POST.items() if key.startswith("outcome_")
            }
        lot_among = request.POST.getlist("lot_among") if request.POST.get("to") == "lot" else None
        extra = {k: v for k, v in request.POST.items() if k in quest_checks.ROLLED_FIELDS}
        if extra:
            raise QuestError(quest_checks.check_not_typed(extra))
        services.entry_append(adventure, user, data, lot_among=lot_among)

    return _adventure_action(request, pk, number, action)


# --- sheets ------------------------------------------------------------------------------------------


def _sheet_context(request: HttpRequest, party: Party, *, read_only: bool) -> dict[str, Any]:
    language = _language()
    share_url = request.build_absolute_uri(reverse("quests:share", args=[party.share_token]))
    latest = party.adventures.exclude(stage=Adventure.Stage.SETUP).order_by("-number").first()
    state = selectors.adventure_state(latest) if latest else None
    rolled = {}
    if latest is not None:
        for row in latest.rolls.all():
            rolled[row.key] = row
    warriors = list(party.warriors.select_related("player"))
    only = request.GET.get("warrior", "")
    shown = [w for w in warriors if w.key == only] or warriors  # ?warrior=<id>: one record sheet alone
    kills = selectors.kills_of(party)  # every adventure replayed once for all the sheets
    sheets_ = []
    for w in shown:
        ws = next((x for x in state.warriors if x.key == w.key), None) if state else None
        wounds = rolled.get(f"adv{latest.number}:wounds:{w.pk}") if latest else None
        tokens = rolled.get(f"adv{latest.number}:tokens:{w.pk}") if latest else None
        sheets_.append(
            {
                "warrior": w,
                "class_name": CLASSES[w.warrior_class].name.in_language(language),
                "item": CLASSES[w.warrior_class].starting_item.in_language(language),
                "state": ws,
                "wounds": wounds,
                "tokens": tokens,
                "spells": list(latest.spells.filter(warrior=w)) if latest else [],
                "kills": kills.get(w.key, []),
                "status": STATUS_NAMES[Status(w.status)].in_language(language),
            }
        )
    owner = not read_only
    active_keys = [w.key for w in warriors if w.is_active]
    if state is not None:
        order = selectors.turn_order(party, state.leader, [w.key for w in state.warriors if w.status is Status.ACTIVE])
    else:
        barbarian = next((w.key for w in warriors if w.is_active and w.warrior_class is WarriorClass.BARBARIAN), "")
        order = selectors.turn_order(party, barbarian, active_keys) if barbarian else []
    return {
        "party": party,
        "turn_order": order,
        "one_warrior": len(shown) == 1 and len(warriors) > 1,
        "sheets": sheets_,
        "latest": latest,
        "adventures": selectors.ranked_adventures(party),
        "result_names": {r.value: n.in_language(language) for r, n in RESULT_NAMES.items()},
        "qr_svg": record_sheets.qr_svg(share_url),
        "share_url": share_url,
        "read_only": read_only,
        "party_url": reverse("quests:party", args=[party.pk]) if owner else share_url,
        "pdf_url": (
            reverse("quests:sheets-pdf", args=[party.pk])
            if owner
            else reverse("quests:share-sheets-pdf", args=[party.share_token])
        )
        + (f"?warrior={shown[0].key}" if len(shown) == 1 and len(warriors) > 1 else ""),
    }


def _sheet_css(path: str = "css/sheet.css") -> str:
    found = finders.find(path)
    if not found:
        return ""
    with open(found, encoding="utf-8") as css:
        return css.read()


def _pdf(request: HttpRequest, party: Party, *, read_only: bool) -> HttpResponse:
    context = {
        **_sheet_context(request, party, read_only=read_only),
        "pdf": True,
        "sheet_css": _sheet_css(),
        "quest_css": _sheet_css("quests/sheet.css"),
    }
    html = render_to_string("quests/sheets.html", context, request=request)
    key, pdf = record_sheets.cached_pdf(html)
    if pdf is None:
        if not request.user.is_authenticated and not record_sheets.render_allowed(request):
            return HttpResponse(_("Too many PDFs for now: print the page instead."), status=429)
        pdf = record_sheets.render_pdf(key, html, request.build_absolute_uri("/"))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(party.name) or party.pk}-quest-sheets.pdf"'
    return response


@login_required
@require_safe
def party_sheets(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    party = selectors.party_for(request.user, pk)
    return render(request, "quests/sheets.html", _sheet_context(request, party, read_only=False))


@off_the_event_loop  # seconds of rendering: the event loop serves the others meanwhile
@login_required
@require_safe
def party_sheets_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    assert isinstance(request.user, User)
    return _pdf(request, selectors.party_for(request.user, pk), read_only=False)


@require_safe
def shared_sheets(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return render(request, "quests/sheets.html", _sheet_context(request, selectors.party_shared(token), read_only=True))


@off_the_event_loop  # seconds of rendering: the event loop serves the others meanwhile
@require_safe
def shared_sheets_pdf(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return _pdf(request, selectors.party_shared(token), read_only=True)


@login_required
@require_safe
def hall_of_fame(request: HttpRequest) -> HttpResponse:
    """The reader's own hall of fame: his parties only (a party's name is not public)."""
    assert isinstance(request.user, User)  # login_required
    language = _language()
    return render(
        request,
        "quests/hall.html",
        {
            "ranked": selectors.hall_of_fame(request.user),
            "result_names": {r.value: n.in_language(language) for r, n in RESULT_NAMES.items()},
        },
    )
