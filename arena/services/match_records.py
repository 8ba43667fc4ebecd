"""A finished match as one JSON file (export, import, ``replay_match``) and the dice check.

The record: ``{"format": "viadal-match-record", "version": 1, "setup": <setup_to_json>, "deal":
[events of the deal], "actions": [{"seq": 1, "seat": 0, "action": {...}, "events": [...]}, ...],
"result": {...}}``. The set-up carries the seed, so a record is only written once the match is over.
``events`` are optional in an imported record; when present they are compared, never trusted: the
engine replays every action from the seed (:func:`arena.engine.match.record.check_record`).

Reading a file is bounded before anything is parsed: its size (``MAX_BYTES``), the nesting of its
JSON (``MAX_DEPTH``, scanned on the text) and the number of actions (``MAX_ACTIONS``); every problem
is a :class:`RecordError` with a message for the reader.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arena.engine import MatchSetup, SetupError, setup_from_json, view_json
from arena.engine.match.record import RecordCheck, Row, check_record
from arena.engine.roster.point_rules import validate_roster
from arena.models import Match, MatchAction, MatchSeat, Mode
from arena.play_errors import MatchError

from .account_limits import check_imports

FORMAT = "viadal-match-record"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024  # a whole match of about 1,500 actions with its events is under 1 MB
MAX_DEPTH = 24  # the deepest the engine's JSON goes is about 8
MAX_ACTIONS = 20_000
SEED_MAX = 64  # as the match row stores it  # a safety net: the round limit ends a match long before
_KEYS = frozenset({"format", "version", "setup", "deal", "actions", "result", "teams"})


class RecordError(MatchError):
    """A record that cannot be read or does not replay; the message says why, in the reader's
    language. When the record and the seed's replay part, ``check`` holds the engine's check (its
    ``mismatch``), which the pages word with the characters' names (``arena.screen.match_records``)."""

    def __init__(self, message: str, check: RecordCheck | None = None) -> None:
        super().__init__(message)
        self.check = check


def stored_rows(match: Match) -> tuple[list[dict[str, Any]], list[Row]]:
    """The match's deal (seq 0's events) and its actions as stored."""
    deal: list[dict[str, Any]] = []
    rows = []
    for seq, action, events in match.actions.order_by("seq").values_list("seq", "action", "events"):
        if seq == 0:
            deal = events
        else:
            rows.append(Row(seq, action or {}, events))  # only the deal (seq 0) has no action
    return deal, rows


def record_of(match: Match) -> dict[str, Any]:
    """The finished match's record (the seed is public once the match is over)."""
    if not match.seed_published:
        raise MatchError(_("A match's record is published once the match is over."))
    if match.table_played:
        raise MatchError(_("A match played at the table has no record to replay from a seed."))
    deal, rows = stored_rows(match)
    seats = {s.seat: s.team_name for s in match.seats.all()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "teams": [seats.get(seat, "") for seat in range(match.seat_count)],
        "setup": match.setup,
        "deal": deal,
        "actions": [
            {"seq": r.seq, "seat": (r.action or {}).get("seat"), "action": r.action, "events": r.events} for r in rows
        ],
        "result": match.result,
    }


def record_json(match: Match) -> str:
    return json.dumps(record_of(match), ensure_ascii=False, separators=(",", ":"))


# --- reading a record, with limits ---------------------------------------------------------------


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


@dataclass(frozen=True)
class Record:
    setup: MatchSetup
    setup_json: dict[str, Any]
    deal: list[dict[str, Any]] | None
    rows: list[Row]
    result: dict[str, Any] | None
    teams: tuple[str, ...]  # one name per seat (two or four)


def parse_record(raw: bytes | str) -> Record:
    """Read a record file, bounded (size, nesting, actions); a :class:`RecordError` says what is wrong."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise RecordError(
            _("The file is too large (%(size)s bytes; at most %(max)s).") % {"size": size, "max": MAX_BYTES}
        )
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(_("The file is not UTF-8 text.")) from error
    if _depth(text) > MAX_DEPTH:
        raise RecordError(_("The file's JSON is nested too deeply (at most %(max)s levels).") % {"max": MAX_DEPTH})
    try:
        data = json.loads(text)
    except ValueError as error:
        where = {"line": getattr(error, "lineno", 1), "column": getattr(error, "colno", 1)}
        raise RecordError(_("The file is not JSON (line %(line)s, column %(column)s).") % where) from error
    return _record(data)


def _record(data: object) -> Record:
    if not isinstance(data, Mapping):
        raise RecordError(_("A match record is a JSON object."))
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError(
            _("This is not a match record (format %(format)s, version %(version)s).")
            % {"format": FORMAT, "version": VERSION}
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError(_("Unexpected fields in the record: %(fields)s.") % {"fields": ", ".join(unknown)})
    try:
        setup = setup_from_json(data.get("setup"))
    except SetupError as error:
        where = ", ".join(sorted({problem.partition(":")[0] for problem in error.problems}))
        raise RecordError(
            _("The record's set-up cannot be read: it is not a set-up this site writes (%(where)s).") % {"where": where}
        ) from error
    if len(str(setup.seed)) > SEED_MAX:
        raise RecordError(_("The record's seed is longer than %(max)s characters.") % {"max": SEED_MAX})
    _check_rosters(setup)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError(_("The record's actions must be a list."))
    if len(actions) > MAX_ACTIONS:
        raise RecordError(_("The record holds too many actions (at most %(max)s).") % {"max": MAX_ACTIONS})
    rows = []
    for number, item in enumerate(actions, start=1):
        if not isinstance(item, Mapping) or not isinstance(item.get("action"), Mapping):
            raise RecordError(_("Action %(n)s of the record is not an action object.") % {"n": number})
        events = item.get("events")
        if events is not None and not (isinstance(events, list) and all(isinstance(e, Mapping) for e in events)):
            raise RecordError(_("The events of action %(n)s must be a list of objects.") % {"n": number})
        rows.append(Row(number, item["action"], events))
    deal = data.get("deal")
    if deal is not None and not (isinstance(deal, list) and all(isinstance(e, Mapping) for e in deal)):
        raise RecordError(_("The record's deal must be a list of events."))
    result = data.get("result")
    if result is not None and not isinstance(result, Mapping):
        raise RecordError(_("The record's result must be an object."))
    seat_count = len(setup.teams)
    teams = data.get("teams")
    fits = isinstance(teams, list) and len(teams) == seat_count
    names = tuple(str(t)[:80] for t in teams) if fits else ("",) * seat_count  # type: ignore[union-attr]
    return Record(setup, dict(data["setup"]), deal, rows, dict(result) if result else None, names)


def _check_rosters(setup: MatchSetup) -> None:
    """Each team of the record keeps the team rules (HR-9.6, the builder's check): a record cannot
    field a roster no team could have (TÉ 99, Ép 999). A league match's roster that advances took
    past the HR-9.3 maxima is refused too: league matches are recorded by their leagues."""
    language = get_language() or "en"
    for seat, roster in enumerate(setup.teams):
        problems = validate_roster(roster)
        if problems:
            raise RecordError(
                _("Team %(seat)s of the record (%(team)s) breaks the team rules: %(problem)s")
                % {"seat": seat + 1, "team": roster.name, "problem": problems[0].text(language)}
            )


# --- checking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordReport:
    check: RecordCheck
    result: dict[str, Any] | None  # the engine's, or the record's forfeit
    problem: str  # "" when the record replays as it says (the engine's short English, for the command line)
    reason: str = ""  # the same in the reader's language, for a page

    @property
    def ok(self) -> bool:
        return not self.problem


def check(record: Record) -> RecordReport:
    """Replay the record from its seed: its events (where given) and its result must be the engine's."""
    found = check_record(record.setup, record.deal, record.rows)
    if found.mismatch is not None:
        where = _("the deal") if found.mismatch.seq == 0 else _("action %(n)s") % {"n": found.mismatch.seq}
        reason = _("%(where)s differs from the seed's replay.") % {"where": where}
        return RecordReport(found, None, found.mismatch.describe(), reason)
    engine_result = json.loads(json.dumps(view_json(found.state, None)["result"]))  # as stored: lists, not tuples
    stated = record.result
    if stated is not None and stated.get("kind") == "forfeit":
        if engine_result is not None:
            return RecordReport(
                found,
                engine_result,
                "the record claims a forfeit, but its actions end the match",
                _("the record claims a forfeit, but its actions end the match."),
            )
        return RecordReport(found, stated, "")  # a forfeit is outside the engine's log (docs/hosting.md)
    if engine_result is None:
        return RecordReport(
            found,
            None,
            "the record's actions do not finish the match",
            _("the record's actions do not finish the match."),
        )
    if stated is not None and dict(stated) != engine_result:
        return RecordReport(
            found,
            engine_result,
            f"the record's result {stated} is not the engine's {engine_result}",
            _("the record's result is not the one its actions give."),
        )
    return RecordReport(found, engine_result, "")


@transaction.atomic
def import_record(record: Record, *, by: User) -> Match:
    """Store a record that replays (its events recomputed, never taken from the file) as a finished,
    imported match: it opens in the replay viewer. Its seed was the importer's choice, never committed
    to before play, so the match is marked imported everywhere and its dice prove nothing (``verify``).
    Locks the importer's user row first: at most ``imports`` records per ``imports_window_seconds``."""
    check_imports(by)
    report = check(record)
    if not report.ok:
        raise RecordError(
            _("The record does not replay: %(problem)s") % {"problem": report.reason},
            report.check if report.check.mismatch is not None else None,
        )
    seed = str(record.setup.seed)
    now = timezone.now()
    result = report.result or {}
    match = Match.objects.create(
        created_by=by,
        mode=str(getattr(record.setup.options, "mode", Mode.DUEL)),
        round_limit=record.setup.options.round_limit,
        optional_rules=sorted(record.setup.options.optional),
        trap_insight=True,
        status=Match.Status.FINISHED,
        seed=seed,
        setup=record.setup_json,
        version=len(record.rows),
        result=result,
        winner_seat=result.get("winner"),
        forfeit=result.get("kind") == "forfeit",
        imported=True,
        started_at=now,
        last_action_at=now,
        finished_at=now,
    )
    found = report.check
    rows = [MatchAction(match=match, seq=0, events=found.deal)]
    rows += [
        MatchAction(match=match, seq=row.seq, seat=row.action.get("seat"), action=dict(row.action), events=caused)
        for row, caused in zip(record.rows, found.caused, strict=True)
    ]
    MatchAction.objects.bulk_create(rows)
    for seat in range(len(record.setup.teams)):
        name = record.teams[seat] or record.setup.teams[seat].name
        MatchSeat.objects.create(match=match, seat=seat, player=None, team_name=name[:80])
    return match


# --- the dice check ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceCheck:
    match: Match
    commitment_ok: bool
    check: RecordCheck | None
    problem: str  # why the dice cannot be checked, or the first mismatch; "" when all agree

    @property
    def ok(self) -> bool:
        return self.commitment_ok and not self.problem


def verify(match: Match) -> DiceCheck:
    """Replay every stored action of a finished match from its published seed and compare every
    event, every roll included; and the seed with the commitment shown from the start."""
    if not match.seed_published:
        return DiceCheck(match, False, None, _("The seed is published once the match is over."))
    commitment_ok = (
        bool(match.commitment)
        and hashlib.sha256(f"viadal-dice:{match.seed}:{match.seed_salt}".encode()).hexdigest() == match.commitment
    )
    if match.table_played:
        return DiceCheck(
            match, False, None, _("This match was played at the table: its dice were entered by hand, not checkable.")
        )
    if match.imported:  # the importer chose the seed: the replay shows the actions follow from it, nothing more
        deal, rows = stored_rows(match)
        found = check_record(setup_from_json(match.setup), deal, rows)
        problem = found.mismatch.describe() if found.mismatch is not None else ""
        return DiceCheck(match, False, found, problem)
    if match.dice_script is not None:
        return DiceCheck(match, commitment_ok, None, _("This match's d10s were scripted by a test: not checkable."))
    deal, rows = stored_rows(match)
    found = check_record(setup_from_json(match.setup), deal, rows)
    problem = found.mismatch.describe() if found.mismatch is not None else ""
    if not commitment_ok and not problem:
        problem = _("The seed does not match the commitment shown at the start.")
    return DiceCheck(match, commitment_ok, found, problem)
