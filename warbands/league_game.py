"""The warband game's league plug-in (``games.league_protocol``): leagues and campaigns of warbands.

``campaigns`` runs the league (fixtures in every format, the result's life, locks, the log); this
module gives it what is the warband game's own, each piece from the pure rules:

- **entries**: the league's copy of a ready warband under the league's L (``league_entries``),
  checked by WB-01 … WB-15 (``warbands.rules.warband_checks``), its treasury L − T (WB-8.5);
- **the report** of WB-7.1 (``league_forms.WarbandReportForm``), checked by WB-16, its victory
  points and result by WB-7.2 (``warbands.rules.league``); a knockout match drawn on the table is
  decided by WB-7.3's chain (more VP, fewer figures out, one d2 of lots, recorded);
- **the table**: WB-7.3's chains (``warbands.rules.league.standings``), rows shaped as
  ``campaigns``' table reads them;
- **the campaign** of WB-8 after each match (``league_campaign``).

It imports no Viadal app: ``campaigns`` hands it the rows it has locked and the log to write.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.league_protocol import EntryCopy, LeagueRefusal, register
from warbands.rules.campaign import living_warband, warband_value
from warbands.rules.figure_prices import figure_price
from warbands.rules.league import (
    END_STATE_NAMES,
    OUTCOME_NAMES,
    TIE_BREAKER_NAMES,
    TIE_BREAKERS,
    EndState,
    Fielded,
    FigureEnd,
    Format,
    LeagueMatch,
    MatchOutcome,
    Outcome,
    ResultMode,
    SideReport,
    Standing,
    TieBreaker,
    fielded_figures,
    knockout_winner,
    league_points,
    match_result,
    standings,
)
from warbands.rules.league import check_report as check_side_report
from warbands.rules.warband_checks import check_warband
from warbands.rules.warband_content import POINTS_DEFAULT, POINTS_MAX, POINTS_MIN
from warbands.rules.warband_dice import SeededDice

from . import league_campaign
from .league_campaign import (
    HireForm,
    campaign_of,
    document_warband,
    has_played,
    hire_allowance,
    hirelings_for,
    new_document,
    registered_campaign,
    unavailable,
)
from .league_entries import rules_warband_of
from .league_forms import WarbandReport, WarbandReportForm, settings_fields
from .models import Warband

GAME_ID = "warband"
REPORT_VERSION = 1
# the league app's result kinds (``Result.home_result``), which every game's table and bracket read
RESULT_KINDS: Mapping[Outcome, str] = {Outcome.WIN: "victory", Outcome.DRAW: "draw", Outcome.LOSS: "defeat"}
OUTCOMES: Mapping[str, Outcome] = {
    "victory": Outcome.WIN,
    "draw": Outcome.DRAW,
    "defeat": Outcome.LOSS,
    "forfeit_win": Outcome.WIN,
    "forfeit_loss": Outcome.FORFEIT,
    "bye": Outcome.BYE,
}
# the league app's formats (``League.engine_format``) as WB-7.3 knows them: groups are round robins
FORMATS: Mapping[str, Format] = {
    "round_robin": Format.ROUND_ROBIN,
    "groups_knockout": Format.ROUND_ROBIN,
    "swiss": Format.SWISS,
    "knockout": Format.KNOCKOUT,
}
SIDES = ("home", "away")


def language() -> str:
    return (get_language() or "en").split("-")[0]


def league_settings(league: Any) -> dict[str, Any]:
    return {"points": POINTS_DEFAULT, "result": ResultMode.VP.value, "incompatible": True, **league.game_settings}


def violations_text(violations: Sequence[Any]) -> str:
    return " ".join(v.line(language()) for v in violations)


@dataclass(frozen=True)
class TableRow:
    """A WB-7.3 ``Standing`` under the names ``campaigns``' table, CSV and Swiss pairing read
    (``team_id``, ``victories``, ``arena_for`` …): the warband game has no points victories."""

    standing: Standing
    lot: int | None = None
    points_victories: int = 0
    points_defeats: int = 0

    @property
    def team_id(self) -> int:
        return int(self.standing.entry)

    rank = property(lambda self: self.standing.rank)
    played = property(lambda self: self.standing.played)
    victories = property(lambda self: self.standing.wins)
    draws = property(lambda self: self.standing.draws)
    defeats = property(lambda self: self.standing.losses)
    forfeits = property(lambda self: self.standing.forfeits)
    byes = property(lambda self: self.standing.byes)
    points = property(lambda self: self.standing.points)
    arena_for = property(lambda self: self.standing.vp_for)
    arena_against = property(lambda self: self.standing.vp_against)
    arena_difference = property(lambda self: self.standing.vp_difference)
    killed = property(lambda self: self.standing.taken_out)
    buchholz = property(lambda self: self.standing.buchholz)

    @property
    def decided_by(self) -> str | None:
        return self.standing.decided_by.value if self.standing.decided_by else None


def _fielded_to_json(fielded: Sequence[Fielded]) -> list[dict[str, Any]]:
    return [
        {
            "name": f.name,
            "price": f.price,
            "personality": f.personality,
            "minion": f.minion,
            "hireling": f.hireling,
            "rules": list(f.rules),
        }
        for f in fielded
    ]


def _fielded_from_json(data: Sequence[Mapping[str, Any]]) -> tuple[Fielded, ...]:
    return tuple(
        Fielded(
            str(f["name"]),
            int(f["price"]),
            bool(f.get("personality")),
            bool(f.get("minion")),
            bool(f.get("hireling")),
            tuple(f.get("rules", ())),
        )
        for f in data
    )


def _ends_to_json(report: SideReport) -> list[dict[str, Any]]:
    return [{"name": e.name, "state": e.state, "by": e.taken_out_by} for e in report.ends]


def _ends_from_json(data: Sequence[Mapping[str, Any]], conceded: bool) -> SideReport:
    return SideReport(tuple(FigureEnd(str(e["name"]), str(e["state"]), e.get("by")) for e in data), conceded)


def entry_fielded(entry: Any, fixture_pk: int | None = None) -> tuple[Fielded, ...]:
    """The figures the entry puts on the table now (WB-8.1: not dead, not absent), and the
    hirelings it hired for the fixture (WB-8.6)."""
    document = entry.roster
    hired = hirelings_for(document, fixture_pk) if fixture_pk is not None else ()
    return fielded_figures(document_warband(document), hired, unavailable(document))


def fixture_fielded(fixture: Any) -> tuple[tuple[Fielded, ...], tuple[Fielded, ...]]:
    """Each side's figures on the table for this fixture: as the first report froze them, or (no
    report yet) as the entries stand."""
    result = getattr(fixture, "result", None)
    stored = (result.report or {}).get("fielded") if result is not None else None
    if stored:
        return _fielded_from_json(stored["home"]), _fielded_from_json(stored["away"])
    return entry_fielded(fixture.home, fixture.pk), entry_fielded(fixture.away, fixture.pk)


class WarbandLeagues:
    """The warband game's part of its leagues (WB-7, WB-8)."""

    game_id = GAME_ID
    report_template = "warbands/league/_report_fields.html"
    match_template = "warbands/league/_match_sides.html"
    entry_template = "warbands/league/_entry_record.html"
    points_rule = "WB-7.2"
    tie_break_rule = "WB-7.3"

    # --- the league -----------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        return {"points": POINTS_DEFAULT, "result": ResultMode.VP.value, "incompatible": True}

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(settings) - {"points", "result", "incompatible"}
        if unknown:
            raise ValueError(f"not a warband league setting: {', '.join(sorted(unknown))}")
        merged = {**self.default_settings(), **settings}
        points = merged["points"]
        if not isinstance(points, int) or isinstance(points, bool) or not POINTS_MIN <= points <= POINTS_MAX:
            raise ValueError(_("Game size must be 150–300 (WB-05)."))
        if merged["result"] not in tuple(ResultMode):
            raise ValueError(_("The match result is by victory points or as the scenario gave it (WB-7.2)."))
        return {"points": points, "result": str(merged["result"]), "incompatible": bool(merged["incompatible"])}

    def size_label(self, league: Any) -> str:
        return _("L %(points)s") % {"points": league_settings(league)["points"]}

    def settings_fields(self, league: Any | None) -> dict[str, Any]:
        return settings_fields(league_settings(league) if league is not None else self.default_settings())

    def settings_lines(self, league: Any) -> list[tuple[str, str]]:
        settings = league_settings(league)
        result = _("by victory points") if settings["result"] == ResultMode.VP else _("as the scenario gave it")
        pairs = _("refused (WB-13)") if settings["incompatible"] else _("allowed")
        return [
            (_("Game size"), _("L %(points)s") % {"points": settings["points"]}),
            (_("Match result"), result),
            (_("Incompatible pairs"), pairs),
        ]

    # --- entries --------------------------------------------------------------------------------
    def enterable(self, league: Any, player: Any) -> Sequence[tuple[int, str]]:
        ready = Warband.objects.filter(owner_id=player.pk, status=Warband.Status.READY).order_by("name", "pk")
        return [(warband.pk, warband.name) for warband in ready]

    def entry_copy(self, league: Any, player: Any, source_ref: int) -> EntryCopy:
        warband = Warband.objects.filter(pk=source_ref, owner_id=player.pk).first()
        if warband is None:
            raise LeagueRefusal(_("You can enter only a warband of your own."))
        if not warband.is_ready:
            raise LeagueRefusal(_("%(warband)s is a draft; mark it ready first.") % {"warband": warband.name})
        settings = league_settings(league)
        rules = rules_warband_of(warband, settings["points"])
        problems = check_warband(rules, settings["points"], incompatible=settings["incompatible"])
        campaign = registered_campaign(rules, settings["points"])  # WB-8.1; the treasury L − T (WB-8.5)
        return EntryCopy(
            name=warband.name,
            document=new_document(campaign),
            treasury=campaign.treasury,
            source_ref=warband.pk,
            problems=tuple(dict.fromkeys(v.code for v in problems)),
            problem_texts=tuple(v.line(language()) for v in problems),
        )

    def entered(self, entry: Any) -> None:
        return None  # the records live in the entry's own copy

    def entry_value(self, entry: Any) -> int:
        """WV: T recomputed from the living figures' current profiles (WB-8.1)."""
        return warband_value(campaign_of(entry.roster))

    def entry_problems(self, entry: Any) -> list[tuple[str, str]]:
        settings = league_settings(entry.league)
        registered = has_played(entry.roster)  # WB-8.1: after the first match
        problems = check_warband(
            living_warband(campaign_of(entry.roster)),
            settings["points"],
            incompatible=settings["incompatible"],
            registered=registered,
        )
        return [(v.code, v.line(language())) for v in problems]

    # --- the report -----------------------------------------------------------------------------
    def report_form(self, fixture: Any, data: Any = None, *, report: Any = None) -> WarbandReportForm:
        return WarbandReportForm(
            data,
            fielded=fixture_fielded(fixture),
            names=(fixture.home.name, fixture.away.name),
            table_mode=league_settings(fixture.league)["result"] == ResultMode.TABLE,
            report=report,
        )

    def check_report(self, fixture: Any, report: Any, *, correction: bool = False) -> None:
        if not isinstance(report, WarbandReport):
            raise LeagueRefusal(_("This is not a warband match report."))
        home, away = fixture_fielded(fixture)
        problems = [*check_side_report(home, report.home, away), *check_side_report(away, report.away, home)]
        if problems:
            raise LeagueRefusal(violations_text(problems))
        if report.home.conceded and report.away.conceded:
            raise LeagueRefusal(_("Only one side can concede (WB-7.1)."))
        table = league_settings(fixture.league)["result"] == ResultMode.TABLE
        if table and report.table_result not in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS):
            raise LeagueRefusal(_("Enter the result the scenario gave (WB_RESULT = table, WB-7.2)."))

    def fill_result(self, result: Any, report: WarbandReport) -> None:
        fixture = result.fixture
        settings = league_settings(fixture.league)
        home, away = fixture_fielded(fixture)
        mode = ResultMode(settings["result"])
        outcome = match_result(settings["points"], home, report.home, away, report.away, mode, report.table_result)
        decided: dict[str, Any] | None = None
        kind = RESULT_KINDS[outcome.a]
        if fixture.is_knockout:
            # WB-7.3: no draws in a knockout; the fixture's own dice, so the same report draws the same lots
            dice = SeededDice(f"{fixture.league.dice_seed}:knockout:{fixture.pk}")
            winner, breaker, rolls = knockout_winner(outcome, dice)
            kind = RESULT_KINDS[Outcome.WIN if winner == "a" else Outcome.LOSS]
            decided = {
                "winner": winner,
                "by": breaker.value if breaker else None,
                "rolls": [r.to_dict() for r in rolls],
            }
        result.home_result = kind
        result.home_score = result.away_score = result.rounds_played = 0  # Viadal's arena columns
        result.members, result.broken, result.thumbs = {}, {}, ""
        result.report = {
            "version": REPORT_VERSION,
            "points": settings["points"],
            "mode": mode.value,
            "scenario": report.scenario,
            "played_on": report.played_on.isoformat() if report.played_on else None,
            "fielded": {"home": _fielded_to_json(home), "away": _fielded_to_json(away)},
            "ends": {"home": _ends_to_json(report.home), "away": _ends_to_json(report.away)},
            "conceded": "home" if report.home.conceded else "away" if report.away.conceded else None,
            "table_result": report.table_result.value if report.table_result else None,
            "outcome": [outcome.a.value, outcome.b.value],
            "scores": [outcome.vp_a, outcome.vp_b],
            "out": [outcome.out_a, outcome.out_b],
            "knockout": decided,
        }

    def report_of(self, result: Any) -> WarbandReport:
        data = result.report or {}
        conceded = data.get("conceded")
        ends = data.get("ends") or {}
        table = data.get("table_result")
        played_on = data.get("played_on")
        return WarbandReport(
            home=_ends_from_json(ends.get("home", []), conceded == "home"),
            away=_ends_from_json(ends.get("away", []), conceded == "away"),
            table_result=Outcome(table) if table else None,
            scenario=str(data.get("scenario") or ""),
            played_on=datetime.date.fromisoformat(played_on) if played_on else None,
        )

    # --- the table ------------------------------------------------------------------------------
    def match_result(self, fixture: Any) -> LeagueMatch:
        home = str(fixture.home_id)
        league_format = FORMATS[str(fixture.league.engine_format)]
        if fixture.is_bye:
            return LeagueMatch.bye(home, league_format)
        away = str(fixture.away_id)
        result = fixture.result
        kind = result.home_result
        if kind == "forfeit_loss":
            return LeagueMatch.forfeit(away, home)
        if kind == "forfeit_win":
            return LeagueMatch.forfeit(home, away)
        data = result.report or {}
        outcome = OUTCOMES[kind]
        vp = data.get("scores") or [0, 0]
        out = data.get("out") or [0, 0]
        return LeagueMatch.played(
            home, away, MatchOutcome(outcome, _opposite(outcome), int(vp[0]), int(vp[1]), int(out[0]), int(out[1]))
        )

    def compute_standings(
        self, league_format: Any, entry_ids: list[Any], results: list[Any], seed: int
    ) -> list[TableRow]:
        dice = SeededDice(f"{seed}:standings")
        rows, _rolls = standings([str(pk) for pk in entry_ids], results, FORMATS[str(league_format)], dice)
        return [TableRow(row) for row in rows]

    def tie_breakers(self, league_format: Any) -> tuple[Any, ...]:
        return tuple(b.value for b in TIE_BREAKERS[FORMATS[str(league_format)]])

    def tie_breaker_label(self, breaker: Any) -> str:
        return TIE_BREAKER_NAMES[TieBreaker(breaker)].get(language())

    def points_legend(self, league: Any) -> list[tuple[str, int]]:
        lang = language()
        swiss = league.format == "swiss"
        legend = [(OUTCOME_NAMES[o].get(lang), league_points(o)) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)]
        legend.append((OUTCOME_NAMES[Outcome.FORFEIT].get(lang), league_points(Outcome.FORFEIT)))
        legend.append((OUTCOME_NAMES[Outcome.BYE].get(lang), league_points(Outcome.BYE) if swiss else 0))
        return legend

    def csv_header(self) -> tuple[str, ...]:
        return (
            _("Played"),
            _("Wins"),
            _("Draws"),
            _("Losses"),
            _("Forfeits"),
            _("Byes"),
            _("League points"),
            _("VP for"),
            _("VP against"),
            _("VP difference"),
            _("Figures taken out"),
            "Buchholz",
        )

    def csv_cells(self, row: TableRow) -> tuple[object, ...]:
        return (
            row.played,
            row.victories,
            row.draws,
            row.defeats,
            row.forfeits,
            row.byes,
            row.points,
            row.arena_for,
            row.arena_against,
            row.arena_difference,
            row.killed,
            row.buchholz,
        )

    # --- the match page -------------------------------------------------------------------------
    def match_context(self, fixture: Any, result: Any | None, *, user: Any = None) -> dict[str, Any]:
        lang = language()
        if result is None or fixture.away is None:
            return {
                "side_results": [],
                "warband_sides": [],
                "after_match_title": _("After the match (WB-8.2)"),
                "hiring": self._hiring(fixture, user) if fixture.away is not None else [],
            }
        if result.home_result in ("forfeit_win", "forfeit_loss"):
            home = OUTCOMES[result.home_result]
            outcomes = [home, Outcome.WIN if home == Outcome.FORFEIT else Outcome.FORFEIT]
            return {
                "side_results": [OUTCOME_NAMES[o].get(lang) for o in outcomes],
                "warband_sides": [],
                "after_match_title": _("After the match (WB-8.2)"),
            }
        data = result.report or {}
        fielded = data.get("fielded") or {"home": [], "away": []}
        ends = data.get("ends") or {"home": [], "away": []}
        scores = data.get("scores") or [0, 0]
        sides = []
        for index, (side, entry) in enumerate(zip(SIDES, (fixture.home, fixture.away), strict=True)):
            states = {e["name"]: e for e in ends.get(side, [])}
            rows = []
            for figure in fielded.get(side, []):
                end = states.get(figure["name"], {})
                state = end.get("state", EndState.IN)
                label = END_STATE_NAMES[EndState(state)].get(lang) if state in tuple(EndState) else state
                rows.append((figure["name"], figure["price"], state, label, end.get("by") or ""))
            sides.append(
                {
                    "entry": entry,
                    "vp": scores[index],
                    "rows": rows,
                    "conceded": data.get("conceded") == side,
                }
            )
        outcome = data.get("outcome") or ["draw", "draw"]
        labels = [OUTCOME_NAMES[Outcome(o)].get(lang) for o in outcome]
        knockout = data.get("knockout")
        note = ""
        if knockout and knockout.get("by"):
            winner = fixture.home.name if knockout["winner"] == "a" else fixture.away.name
            breaker = TIE_BREAKER_NAMES[TieBreaker(knockout["by"])].get(lang)
            note = _("Drawn on the table; %(team)s goes through on %(breaker)s (WB-7.3).") % {
                "team": winner,
                "breaker": breaker.lower(),
            }
        return {
            "side_results": labels,
            "warband_sides": sides,
            "scenario": data.get("scenario") or "",
            "played_on": data.get("played_on"),
            "knockout_note": note,
            "after_match_title": _("After the match (WB-8.2)"),
        }

    def _hiring(self, fixture: Any, user: Any) -> list[dict[str, Any]]:
        """Before the report, each side's hirelings for this match (WB-8.6), and for the side's own
        player the form to hire more while its WV is the lower one."""
        if fixture.status != "scheduled":
            return []
        sides = []
        for entry in (fixture.home, fixture.away):
            entry.league = fixture.league
            allowance = hire_allowance(entry, fixture)
            hired = hirelings_for(entry.roster, fixture.pk)
            own = user is not None and user.is_authenticated and entry.player_id == user.pk
            spent = sum(figure_price(h) for h in hired)
            sides.append(
                {
                    "entry": entry,
                    "hired": [(h.name, figure_price(h)) for h in hired],
                    "allowance": allowance,
                    "left": allowance - spent,
                    "form": HireForm(auto_id=f"id_hire{entry.pk}_%s") if own and allowance > spent else None,
                    "own": own,
                }
            )
        return [side for side in sides if side["hired"] or side["form"] is not None]

    # --- the campaign ---------------------------------------------------------------------------
    def dice_for(self, fixture: Any) -> SeededDice:
        return SeededDice(f"{fixture.league.dice_seed}:fixture:{fixture.pk}")

    def run_campaign(self, *, fixture: Any, report: WarbandReport | None, dice: Any, log: Any) -> None:
        league_campaign.run_sequence(fixture=fixture, report=report, dice=dice, log=log)

    def entry_context(self, entry: Any, *, owner: bool) -> dict[str, Any]:
        return league_campaign.entry_context(entry, owner=owner)

    def entry_action(self, *, entry: Any, action: str, data: Any, log: Any) -> str:
        return league_campaign.entry_action(entry=entry, action=action, data=data, log=log)

    def advances_due(self, entry: Any) -> list[tuple[str, int]]:
        return league_campaign.advances_waiting(entry.roster)


def _opposite(outcome: Outcome) -> Outcome:
    return {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(outcome, outcome)


WARBAND_LEAGUES = WarbandLeagues()
register(WARBAND_LEAGUES)
