"""The campaign of a warband league (WB-8): the steps after each match and the player's choices
between matches, on the league's own copy of the warband.

The copy (``Entry.roster``) is ``warbands.rules.campaign.campaign_to_dict``'s document (the warband's
current profiles, L, the treasury and a record per figure) with a few league keys beside it:
``played`` (registered: the first match is behind it, WB-8.1), ``healer`` (the player's standing
order to call the healer when it can help, WB-8.2) and ``raisable`` (the figures that died in its
last match, while a Necromancer of it may raise one, WB-8.3). ``Entry.treasury`` holds the same gold
as the document's ``treasury``: both are written together, under the league's locks.

``campaigns`` calls these with the rows it has locked (the league, the fixture's entries, the
fixture) and an open log. Every step is ``warbands.rules.campaign``'s; every roll it makes is logged
(one ``roll`` event each, with its purpose in both languages) before the lines of that step, and
each line is logged with its words in both languages (``data["text"]``). Nothing here is a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.league_protocol import LeagueRefusal
from warbands.rules import warband_content as c
from warbands.rules.army_list import ARMY_LIST, army_figure, army_minion
from warbands.rules.bilingual import Text
from warbands.rules.campaign import (
    Advance,
    AdvanceKind,
    Campaign,
    FigureRecord,
    Step,
    absent_figures,
    advances_due,
    apply_advance,
    buy_figure,
    buy_minion,
    buy_pool_points,
    buy_spell,
    campaign_caps,
    campaign_from_dict,
    campaign_to_dict,
    check_fielding,
    collect_income,
    dismiss,
    experience,
    hireling_allowance,
    illusion_victims,
    injuries,
    raise_dead,
    register,
    serve_absence,
    warband_value,
)
from warbands.rules.figure_prices import figure_price, warband_totals
from warbands.rules.league import Fielded, FigureEnd, Outcome, SideReport
from warbands.rules.model import Figure
from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_checks import check_warband
from warbands.rules.warband_dice import Roll

DOCUMENT_FORMAT = "warband-league-entry"
DOCUMENT_VERSION = 1
# the league app's log kinds (``CampaignEvent.Kind``) this module writes
RESULT, ROLL, ABSENCE, ILLUSION, INJURY, RAISED = "result", "roll", "absence", "illusion", "injury", "raised"
XP, ADVANCE, INCOME, PURCHASE, HEALER, VALUE = "xp", "advance", "income", "purchase", "healer", "value"
OUTCOME_KINDS = {Outcome.WIN: "victory", Outcome.DRAW: "draw", Outcome.LOSS: "defeat", Outcome.BYE: "bye"}
OUTCOME_WORDS = {
    Outcome.WIN: Text("Win", "Győzelem"),
    Outcome.DRAW: Text("Draw", "Döntetlen"),
    Outcome.LOSS: Text("Loss", "Vereség"),
    Outcome.FORFEIT: Text("Forfeit", "Feladott (meg nem jelent)"),
    Outcome.BYE: Text("Bye", "Erőnyerés"),
}


def _language() -> str:
    return (get_language() or "en").split("-")[0]


def _words(text: Text) -> dict[str, str]:
    return {"en": text.en, "hu": text.hu}


# --- the document --------------------------------------------------------------------------------


def registered_campaign(warband: RulesWarband, points: int) -> Campaign:
    """The campaign a warband starts at L = ``points`` (WB-8.1, ``register``). An advisory league
    takes a warband that breaks a building rule: it starts the same way, its treasury L − T when
    that is not negative."""
    step = register(warband, points)
    if step.ok:
        return step.campaign
    records = tuple(FigureRecord(f.name, minion=".minions[" in path) for path, f in warband.all_figures())
    treasury = max(0, points - warband_totals(warband, points).total)
    return replace(step.campaign, treasury=treasury, records=records)


def new_document(campaign: Campaign) -> dict[str, Any]:
    return {
        "format": DOCUMENT_FORMAT,
        "version": DOCUMENT_VERSION,
        **campaign_to_dict(campaign),
        "played": False,
        "healer": False,
        "raisable": None,
    }


def campaign_of(document: Mapping[str, Any]) -> Campaign:
    return campaign_from_dict(document)


def document_warband(document: Mapping[str, Any]) -> RulesWarband:
    return campaign_of(document).warband


def has_played(document: Mapping[str, Any]) -> bool:
    """After its first match a warband is registered (WB-8.1): T ≤ L lapses."""
    return bool(document.get("played"))


def unavailable(document: Mapping[str, Any]) -> tuple[str, ...]:
    """The figures that do not take the table next (WB-8.1: dead, gone or still missing matches,
    and the minions of absent masters)."""
    return absent_figures(campaign_of(document))


def hireling_profiles() -> list[str]:
    """The army-list profiles a side may hire (WB-8.6): those without a personality rule."""
    return [pid for pid, profile in ARMY_LIST.items() if not profile.personality]


def hirelings_for(document: Mapping[str, Any], fixture_pk: int) -> tuple[Figure, ...]:
    """The hirelings the warband fields in this fixture only (WB-8.6), as hired."""
    hired = (document.get("hirelings") or {}).get(str(fixture_pk), [])
    return tuple(army_figure(h["profile"], h["name"]) for h in hired)


def _store(entry: Any, campaign: Campaign, **keys: Any) -> None:
    """The campaign back on the locked entry: its document and its treasury, saved together."""
    document = {**entry.roster, **campaign_to_dict(campaign), **keys}
    entry.roster = document
    entry.treasury = campaign.treasury
    entry.save(update_fields=["roster", "treasury"])


@dataclass(frozen=True)
class LoggedRoll:
    """A rules roll as the league's log stores it (``EventLog.rolls``)."""

    purpose: str
    purpose_hu: str
    sides: int
    result: int
    index: int

    @classmethod
    def of(cls, roll: Roll) -> LoggedRoll:
        return cls(roll.purpose.en, roll.purpose.hu, roll.sides, roll.result, roll.index)


def _log_step(log: Any, kind: str, step: Step, *, entry: Any, fixture: Any = None, **data: Any) -> None:
    """A step's rolls, then one event per line it wrote."""
    log.rolls([LoggedRoll.of(r) for r in step.rolls], entry=entry, fixture=fixture)
    for line in step.lines:
        log.add(kind, entry=entry, fixture=fixture, data={"text": _words(line), **data})


def _refuse(step: Step) -> None:
    if not step.ok:
        language = _language()
        raise LeagueRefusal(" ".join(v.line(language) for v in step.violations))


# --- after a match (WB-8.2) ----------------------------------------------------------------------


def _fielded(data: Sequence[Mapping[str, Any]]) -> tuple[Fielded, ...]:
    return tuple(
        Fielded(str(f["name"]), int(f["price"]), bool(f.get("personality")), bool(f.get("minion")), False, ())
        for f in data
    )


def _side_report(data: Sequence[Mapping[str, Any]], conceded: bool) -> SideReport:
    return SideReport(tuple(FigureEnd(str(e["name"]), str(e["state"]), e.get("by")) for e in data), conceded)


def run_sequence(*, fixture: Any, report: Any | None, dice: Any, log: Any) -> None:
    """WB-8.2 for both warbands of a fixture that has become final, once (``campaign_done``).

    A bye or a forfeit played no match: the result and the income only (a Swiss bye 15, a forfeit
    win 20, the forfeiting side nothing). A played match runs, side by side, home first: the
    result; a match of absence served by each figure that missed it; the illusion victims' tests;
    the injuries (the healer called for a figure when its player's standing order says so and the
    treasury pays); XP; income; WV recomputed. A Necromancer's raising is the player's choice,
    offered on the campaign sheet until the warband's next match (``raise``).
    """
    if fixture.campaign_done:
        return
    if fixture.is_bye:
        swiss = fixture.league.format == "swiss"
        _result_only(fixture.home, fixture, Outcome.BYE if swiss else None, log)
    elif report is None:  # a forfeit
        home_forfeits = fixture.result.home_result == "forfeit_loss"
        _result_only(fixture.home, fixture, Outcome.FORFEIT if home_forfeits else Outcome.WIN, log)
        _result_only(fixture.away, fixture, Outcome.WIN if home_forfeits else Outcome.FORFEIT, log)
    else:
        data = fixture.result.report
        sides = ("home", "away")
        fielded = [_fielded(data["fielded"][s]) for s in sides]
        reports = [_side_report(data["ends"][s], data.get("conceded") == s) for s in sides]
        outcomes = [Outcome(o) for o in data["outcome"]]
        scores = data["scores"]
        for index, entry in enumerate((fixture.home, fixture.away)):
            other = 1 - index
            _after_match(
                entry,
                fixture,
                fielded[index],
                reports[index],
                fielded[other],
                reports[other],
                outcomes[index],
                (scores[index], scores[other]),
                dice,
                log,
            )
    fixture.campaign_done = True
    fixture.save(update_fields=["campaign_done"])


def _result_line(outcome: Outcome | None, opponent: str | None, vp: tuple[int, int]) -> Text:
    if outcome is None:
        return Text("Bye: nothing to play, nothing earned (WB-7.2).", "Erőnyerés: nincs mérkőzés, nincs pont (WB-7.2).")
    words = OUTCOME_WORDS[outcome]
    if opponent is None:
        return Text("{r}: a Swiss bye counts as a Win, VP 0–0.", "{r}: a svájci erőnyerés győzelem, GyP 0–0.").format(
            r=words
        )
    return Text("{r} against {o}, VP {a}–{b}.", "{r} {o} ellen, GyP {a}–{b}.").format(
        r=words, o=Text(opponent, opponent), a=vp[0], b=vp[1]
    )


def _log_result(
    entry: Any, fixture: Any, outcome: Outcome | None, vp: tuple[int, int], log: Any, *, forfeit: bool = False
) -> None:
    """Step 1: the result in the warband's log, with the league app's result kind beside the game's
    own words (a forfeit win and a forfeit are the league's ``forfeit_win`` / ``forfeit_loss``)."""
    opponent = None
    if not fixture.is_bye:
        opponent = fixture.away.name if entry.pk == fixture.home_id else fixture.home.name
    if outcome is None:
        kind = "bye"
    elif forfeit:
        kind = "forfeit_loss" if outcome == Outcome.FORFEIT else "forfeit_win"
    else:
        kind = OUTCOME_KINDS[outcome]
    words = OUTCOME_WORDS[outcome] if outcome else OUTCOME_WORDS[Outcome.BYE]
    log.add(
        RESULT,
        entry=entry,
        fixture=fixture,
        data={
            "result": kind,
            "result_text": _words(words),
            "round": fixture.round,
            "opponent": opponent,
            "own": vp[0],
            "other": vp[1],
            "rounds": 0,
            "text": _words(_result_line(outcome, opponent, vp)),
        },
    )


def _result_only(entry: Any, fixture: Any, outcome: Outcome | None, log: Any) -> None:
    _log_result(entry, fixture, outcome, (0, 0), log, forfeit=not fixture.is_bye)
    campaign = campaign_of(entry.roster)
    if outcome is not None:
        step = collect_income(campaign, outcome, 0)
        _log_step(log, INCOME, step, entry=entry, fixture=fixture, gold=step.campaign.treasury - campaign.treasury)
        campaign = step.campaign
    _store(entry, campaign, hirelings=_without(entry.roster, fixture.pk))


def _after_match(
    entry: Any,
    fixture: Any,
    fielded: Sequence[Fielded],
    report: SideReport,
    enemy: Sequence[Fielded],
    enemy_report: SideReport,
    outcome: Outcome,
    vp: tuple[int, int],
    dice: Any,
    log: Any,
) -> None:
    _log_result(entry, fixture, outcome, vp, log)
    document = entry.roster
    campaign = campaign_of(document)
    played = [f.name for f in fielded]
    absent_before = {r.name for r in campaign.records if r.missed > 0 and not r.out}
    campaign = serve_absence(campaign, played)
    for name in sorted(absent_before - set(played)):
        words = Text("{n} served a match of absence.", "{n} letöltött egy kihagyott mérkőzést.").format(
            n=Text(name, name)
        )
        log.add(ABSENCE, entry=entry, fixture=fixture, data={"text": _words(words), "name": name})
    step = illusion_victims(campaign, report, dice)  # WB-8.2 step 2
    _log_step(log, ILLUSION, step, entry=entry, fixture=fixture)
    campaign = step.campaign
    heal = played if document.get("healer") else ()
    before = campaign.treasury
    step = injuries(campaign, report, outcome == Outcome.LOSS, dice, heal=heal)  # step 3
    _log_step(log, INJURY, step, entry=entry, fixture=fixture)
    if step.campaign.treasury != before:
        paid = before - step.campaign.treasury
        words = Text("The healer was paid {g} gold.", "A gyógyító {g} aranyat kapott.").format(g=paid)
        log.add(HEALER, entry=entry, fixture=fixture, data={"text": _words(words), "gold": -paid})
    campaign = step.campaign
    raisable = _raisable(campaign, step.died, played, fixture)  # step 4: the player's choice
    step = experience(campaign, fielded, report, enemy, enemy_report, outcome == Outcome.WIN)  # step 5
    gained = _total_xp(step.campaign) - _total_xp(campaign)
    _log_step(log, XP, step, entry=entry, fixture=fixture)
    if gained:
        log.add(XP, entry=entry, fixture=fixture, data={"text": _words(_xp_total(gained)), "xp": gained})
    campaign = step.campaign
    before = campaign.treasury
    step = collect_income(campaign, outcome, vp[0])  # step 6
    _log_step(log, INCOME, step, entry=entry, fixture=fixture, gold=step.campaign.treasury - before)
    campaign = step.campaign
    value = warband_value(campaign)  # step 7
    words = Text("Warband value WV {v}.", "Az osztag értéke (WV) {v}.").format(v=value)
    log.add(VALUE, entry=entry, fixture=fixture, data={"text": _words(words), "value": value})
    _store(entry, campaign, played=True, raisable=raisable, hirelings=_without(entry.roster, fixture.pk))


def _without(document: Mapping[str, Any], fixture_pk: int) -> dict[str, Any]:
    """The hirelings of other fixtures: this fixture's leave after its match (WB-8.6)."""
    return {k: v for k, v in (document.get("hirelings") or {}).items() if k != str(fixture_pk)}


def _total_xp(campaign: Campaign) -> int:
    return sum(r.xp for r in campaign.records)


def _xp_total(gained: int) -> Text:
    return Text("{x} XP in all this match.", "Összesen {x} TP ezen a mérkőzésen.").format(x=gained)


def _raisable(campaign: Campaign, died: Iterable[str], played: Sequence[str], fixture: Any) -> dict[str, Any] | None:
    """The figures a Necromancer of the warband may raise after this match (WB-8.3), if any: the
    choice waits on the campaign sheet until the warband's next match."""
    died = list(died)
    living = {f.name: f for _path, f in campaign.warband.all_figures() if not campaign.record(f.name).out}
    necromancers = [name for name in played if name in living and c.NECROMANCER in living[name].skills]
    if not died or not necromancers:
        return None
    return {"fixture": fixture.pk, "died": died, "played": list(played), "necromancers": necromancers}


# --- between matches: the player's choices -------------------------------------------------------


class AdvanceForm(forms.Form):
    figure = forms.CharField(max_length=c.NAME_MAX_LENGTH)
    advance = forms.ChoiceField(label=gettext_lazy("Advance (WB-8.4)"))

    def __init__(self, *args: Any, options: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["advance"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = list(options)


class BuyFigureForm(forms.Form):
    profile = forms.ChoiceField(label=gettext_lazy("Army-list profile (WB-6)"))
    name = forms.CharField(label=gettext_lazy("Name"), max_length=c.NAME_MAX_LENGTH)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = _language()
        field = self.fields["profile"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [
            (pid, f"{p.name.get(language)} ({figure_price(army_figure(pid))})") for pid, p in ARMY_LIST.items()
        ]


class BuySpellForm(forms.Form):
    figure = forms.ChoiceField(label=gettext_lazy("Magic figure"))
    spell = forms.ChoiceField(label=gettext_lazy("Spell (WB-3.2)"))

    def __init__(self, *args: Any, figures: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = _language()
        figure = self.fields["figure"]
        spell = self.fields["spell"]
        assert isinstance(figure, forms.ChoiceField) and isinstance(spell, forms.ChoiceField)
        figure.choices = [(n, n) for n in figures]
        spell.choices = [(sid, s.name.get(language)) for sid, s in c.SPELLS.items()]


class BuyPoolForm(forms.Form):
    skill = forms.ChoiceField(label=gettext_lazy("Pool (WB-4.2)"))
    points = forms.IntegerField(label=gettext_lazy("Points to borrow"), min_value=1, max_value=c.pool_cap(c.POINTS_MAX))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = _language()
        field = self.fields["skill"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(skill, c.POOL_NAMES[skill].get(language)) for skill in c.POOL_SKILLS]


class HireForm(forms.Form):
    fixture = forms.IntegerField(min_value=1)
    profile = forms.ChoiceField(label=gettext_lazy("Army-list profile without a personality (WB-8.6)"))
    name = forms.CharField(label=gettext_lazy("Name"), max_length=c.NAME_MAX_LENGTH)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = _language()
        field = self.fields["profile"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [
            (pid, f"{ARMY_LIST[pid].name.get(language)} ({figure_price(army_figure(pid))})")
            for pid in hireling_profiles()
        ]


class NameForm(forms.Form):
    figure = forms.CharField(max_length=c.NAME_MAX_LENGTH)


class HealerForm(forms.Form):
    healer = forms.BooleanField(required=False)


class RaiseForm(forms.Form):
    necromancer = forms.CharField(max_length=c.NAME_MAX_LENGTH)
    figure = forms.CharField(max_length=c.NAME_MAX_LENGTH)


def advance_options(campaign: Campaign, name: str) -> list[tuple[str, str]]:
    """The advances of WB-8.4 listed for a figure (the rules refuse those it cannot take)."""
    language = _language()
    figure = campaign.figure(name)
    options = [
        (
            AdvanceKind.QUALITY.value,
            _("Quality better by 1 (Q%(q)s+ → Q%(n)s+)") % {"q": figure.quality, "n": figure.quality - 1},
        ),
        (AdvanceKind.COMBAT.value, _("Combat +1 (C%(c)s → C%(n)s)") % {"c": figure.combat, "n": figure.combat + 1}),
        (AdvanceKind.SHOOTER.value, _("Shooter: short range, or the next longer")),
    ]
    for rule in (c.HEAVY_ARMOUR, c.LONG_MOVE, c.HERO, c.TOUGH, c.LEADER):
        if rule not in figure.rules:
            options.append((f"{AdvanceKind.RULE.value}:{rule}", c.entry_name(rule).get(language)))
    if c.MAGIC_USER in figure.rules:
        for spell, entry in c.SPELLS.items():
            if spell not in figure.spells:
                options.append((f"{AdvanceKind.SPELL.value}:{spell}", entry.name.get(language)))
    return options


def _advance_of(value: str) -> Advance:
    kind, _sep, item = value.partition(":")
    return Advance(AdvanceKind(kind), item)


def _names(campaign: Campaign) -> set[str]:
    return {f.name for _, f in campaign.warband.all_figures()}


def entry_action(*, entry: Any, action: str, data: Any, log: Any) -> str:
    """One choice between matches on the locked ``entry``: checked by the rules (WB-18 purchases,
    WB-19 advances, WB-20 raising), written with the treasury, logged. ``LeagueRefusal`` when the
    rules or the form refuse it (nothing written)."""
    campaign = campaign_of(entry.roster)
    handlers = {
        "advance": _advance,
        "buy-figure": _buy_figure,
        "buy-minion": _buy_minion,
        "buy-spell": _buy_spell,
        "buy-pool": _buy_pool,
        "dismiss": _dismiss,
        "healer": _healer,
        "raise": _raise,
        "hire": _hire,
        "release": _release,
    }
    handler = handlers.get(action)
    if handler is None:
        raise LeagueRefusal(_("No such action."))
    return handler(entry, campaign, data, log)


def _bad_form() -> LeagueRefusal:
    return LeagueRefusal(_("Fill in the choice."))


def _advance(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    name = str(data.get("figure", ""))
    if name not in _names(campaign):
        raise LeagueRefusal(_("No such figure."))
    form = AdvanceForm(data, options=advance_options(campaign, name))
    if not form.is_valid():
        raise _bad_form()
    step = apply_advance(campaign, name, _advance_of(form.cleaned_data["advance"]))
    _refuse(step)
    _log_step(log, ADVANCE, step, entry=entry, name=name)
    _store(entry, step.campaign)
    return _("Advance taken; the figure is re-priced.")


def _purchase_done(entry: Any, campaign: Campaign, step: Step, log: Any) -> str:
    _refuse(step)
    _log_step(log, PURCHASE, step, entry=entry, gold=step.campaign.treasury - campaign.treasury)
    _store(entry, step.campaign)
    return _("Bought. The treasury holds %(gold)s gold.") % {"gold": step.campaign.treasury}


def _buy_figure(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = BuyFigureForm(data)
    if not form.is_valid():
        raise _bad_form()
    figure = army_figure(form.cleaned_data["profile"], form.cleaned_data["name"].strip())
    return _purchase_done(entry, campaign, buy_figure(campaign, figure), log)


def _buy_minion(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = BuyFigureForm(data)
    master = str(data.get("master", ""))
    if not form.is_valid() or master not in {f.name for f in campaign.warband.figures}:
        raise _bad_form()
    minion = army_minion(form.cleaned_data["profile"], form.cleaned_data["name"].strip())
    return _purchase_done(entry, campaign, buy_minion(campaign, master, minion), log)


def _buy_spell(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = BuySpellForm(data, figures=sorted(_names(campaign)))
    if not form.is_valid():
        raise _bad_form()
    return _purchase_done(
        entry, campaign, buy_spell(campaign, form.cleaned_data["figure"], form.cleaned_data["spell"]), log
    )


def _buy_pool(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = BuyPoolForm(data)
    if not form.is_valid():
        raise _bad_form()
    step = buy_pool_points(campaign, form.cleaned_data["skill"], form.cleaned_data["points"])
    return _purchase_done(entry, campaign, step, log)


def _dismiss(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = NameForm(data)
    if not form.is_valid() or form.cleaned_data["figure"] not in _names(campaign):
        raise LeagueRefusal(_("No such figure."))
    step = dismiss(campaign, form.cleaned_data["figure"])
    _log_step(log, PURCHASE, step, entry=entry, gold=0)
    _store(entry, step.campaign)
    return _("Dismissed; nothing is refunded (WB-8.5).")


def _healer(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = HealerForm(data)
    if not form.is_valid():
        raise _bad_form()
    on = form.cleaned_data["healer"]
    words = (
        Text("Standing order: call the healer when it can help.", "Állandó utasítás: hívják a gyógyítót, ha segíthet.")
        if on
        else Text("Standing order: no healer.", "Állandó utasítás: nincs gyógyító.")
    )
    log.add(HEALER, entry=entry, data={"text": _words(words), "gold": 0})
    _store(entry, campaign, healer=on)
    return _("Saved to the campaign record.")


def _hire_fixture(entry: Any, fixture_pk: Any) -> Any:
    """The entry's fixture still waiting for its report (hirelings are hired before the match)."""
    fixture = entry.league.fixtures.filter(pk=fixture_pk, status="scheduled").exclude(away=None).first()
    if fixture is None or entry.pk not in (fixture.home_id, fixture.away_id):
        raise LeagueRefusal(_("Hirelings are hired for one of your matches before it is reported (WB-8.6)."))
    return fixture


def hire_allowance(entry: Any, fixture: Any) -> int:
    """What ``entry`` may spend on hirelings for ``fixture``: its WV below the opponent's, at most
    ⌊L/3⌋ (WB-8.6). Read under the league's lock, which every writer of the league takes first."""
    opponent = fixture.away if fixture.home_id == entry.pk else fixture.home
    own, other = campaign_of(entry.roster), campaign_of(opponent.roster)
    return hireling_allowance(warband_value(own), warband_value(other), own.points)


def _hire(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    form = HireForm(data)
    if not form.is_valid():
        raise _bad_form()
    fixture = _hire_fixture(entry, form.cleaned_data["fixture"])
    name = form.cleaned_data["name"].strip()
    hired = [*hirelings_for(entry.roster, fixture.pk), army_figure(form.cleaned_data["profile"], name)]
    taken = {n.casefold() for n in _names(campaign)} | {h.name.casefold() for h in hired[:-1]}
    if not name or name.casefold() in taken:
        raise LeagueRefusal(_("The name %(name)s is taken in this warband (WB-14).") % {"name": name})
    fielded = [f.name for f in entry_fielded_names(entry)]
    problems = check_fielding(campaign, fielded, hired, hire_allowance(entry, fixture))  # WB-17
    if problems:
        language = _language()
        raise LeagueRefusal(" ".join(v.line(language) for v in problems))
    document = dict(entry.roster)
    hirelings = dict(document.get("hirelings") or {})
    hirelings[str(fixture.pk)] = [
        *hirelings.get(str(fixture.pk), []),
        {"profile": form.cleaned_data["profile"], "name": name},
    ]
    words = Text("{n} is hired for round {r} (WB-8.6).", "{n} felbérelve a(z) {r}. fordulóra (WB-8.6).").format(
        n=Text(name, name), r=fixture.round
    )
    log.add(PURCHASE, entry=entry, fixture=fixture, data={"text": _words(words), "gold": 0})
    _store(entry, campaign, hirelings=hirelings)
    return _("Hired for this match only: no XP, no injury roll (WB-8.6).")


def _release(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    fixture = _hire_fixture(entry, data.get("fixture"))
    name = str(data.get("name", ""))
    hirelings = dict(entry.roster.get("hirelings") or {})
    kept = [h for h in hirelings.get(str(fixture.pk), []) if h["name"] != name]
    hirelings[str(fixture.pk)] = kept
    _store(entry, campaign, hirelings=hirelings)
    return _("Saved to the campaign record.")


def entry_fielded_names(entry: Any) -> tuple[Figure, ...]:
    """The entry's own figures that take the table next (not dead, not absent)."""
    away = {n.casefold() for n in unavailable(entry.roster)}
    return tuple(f for _p, f in campaign_of(entry.roster).warband.all_figures() if f.name.casefold() not in away)


def _raise(entry: Any, campaign: Campaign, data: Any, log: Any) -> str:
    raisable = entry.roster.get("raisable")
    form = RaiseForm(data)
    if not raisable or not form.is_valid():
        raise LeagueRefusal(_("Nobody can be raised now (WB-8.3)."))
    choice = (form.cleaned_data["necromancer"], form.cleaned_data["figure"])
    step = raise_dead(campaign, [choice], raisable["died"], raisable["played"])
    _refuse(step)
    _log_step(log, RAISED, step, entry=entry)
    _store(entry, step.campaign, raisable=None)
    return _("Raised (WB-8.3).")


# --- the campaign sheet ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FigureLine:
    name: str
    quality: int
    combat: int
    price: int
    rules: str
    record: FigureRecord
    minion_of: str
    due: int
    status: str


def _status(record: FigureRecord, absent: set[str]) -> str:
    if record.dead:
        return _("dead")
    if record.left:
        return _("gone with its master")
    if record.missed:
        return _("misses %(count)s match(es)") % {"count": record.missed}
    if record.name in absent:
        return _("absent with its master")
    return _("fit")


def advances_waiting(document: Mapping[str, Any]) -> list[tuple[str, int]]:
    """``(figure, advances due)`` for each warband figure that may take an advance now (WB-8.4, the
    count is ``advances_due``'s): living, and not a minion (minions do not advance), as the sheet
    offers them the choice."""
    campaign = campaign_of(document)
    waiting = []
    for figure in campaign.warband.figures:
        try:
            record = campaign.record(figure.name)
        except KeyError:
            continue
        due = advances_due(record)
        if due and not record.out:
            waiting.append((figure.name, due))
    return waiting


def entry_context(entry: Any, *, owner: bool) -> dict[str, Any]:
    """The campaign record of a warband entry (WB-8.1) and, for its player, the choices' forms."""
    language = _language()
    campaign = campaign_of(entry.roster)
    absent = set(absent_figures(campaign))
    masters = {m.figure.name: f.name for f in campaign.warband.figures for m in f.minions}
    lines = []
    for _path, figure in campaign.warband.all_figures():
        try:
            record = campaign.record(figure.name)
        except KeyError:
            continue
        names = [c.entry_name(i).get(language) for i in (*figure.rules, *figure.spells, *figure.skills)]
        lines.append(
            FigureLine(
                figure.name,
                figure.quality,
                figure.combat,
                figure_price(figure),
                ", ".join(names),
                record,
                masters.get(figure.name, ""),
                advances_due(record),
                _status(record, absent),
            )
        )
    fallen = [r for r in campaign.records if r.out and r.name not in {line.name for line in lines}]
    value = warband_value(campaign)
    caps = campaign_caps(campaign.points, value)
    raisable = entry.roster.get("raisable") if owner else None
    magic = sorted(f.name for _p, f in campaign.warband.all_figures() if c.MAGIC_USER in f.rules)
    return {
        "campaign": campaign,
        "figures": lines,
        "fallen": fallen,
        "warband_value": value,
        "caps": caps,
        "healer_on": bool(entry.roster.get("healer")),
        "raisable": raisable,
        "advance_forms": [
            (line, AdvanceForm(options=advance_options(campaign, line.name), auto_id=f"id_adv{i}_%s"))
            for i, line in enumerate(lines)
            if owner and line.due and not line.minion_of and not line.record.out
        ],
        "buy_figure_form": BuyFigureForm(auto_id="id_buy_%s") if owner else None,
        "buy_minion_form": BuyFigureForm(auto_id="id_minion_%s") if owner and magic else None,
        "buy_spell_form": BuySpellForm(figures=magic, auto_id="id_spell_%s") if owner and magic else None,
        "buy_pool_form": BuyPoolForm(auto_id="id_pool_%s") if owner else None,
        "magic_figures": magic,
        "living": [line.name for line in lines if not line.record.out],
        "problems": [
            v.line(language)
            for v in check_warband(campaign.warband, campaign.points, registered=has_played(entry.roster))
        ],
    }
