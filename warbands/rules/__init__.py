"""The warband game's rules (seed 004 and the house rules WB-1 … WB-9): pure, typed Python with no
Django import, like ``arena.engine``'s content and roster. The Django apps (builder, sheets,
leagues, campaigns) call only what is listed here.

Modules and their API:

- :mod:`~warbands.rules.bilingual`: ``Text(en, hu)``, every name, effect and message in both languages
  (``text.get("hu")``).
- :mod:`~warbands.rules.warband_content`: the tables of WB-3 as ``Entry`` values (id, category, kind, cost,
  ``name``, ``effect``, ``russian`` term, ``wb`` section, ``seed_lines``, ``source``) in ``RULES``,
  ``SPELLS``, ``MAGIC_SKILLS`` (all in ``ALL_ENTRIES``; ``entry(id)``, ``entry_name(id)``); the limits
  ``POINTS_MIN/MAX/DEFAULT``, ``QUALITY_*``, ``COMBAT_*``, ``NAME_MAX_LENGTH``, the caps
  ``personality_cap(L)``, ``animal_cap(L)``, ``pool_cap(L)``; ``PERSONALITY_RULES``, ``GRANTABLE``
  (WB-4.1), ``POOL_SKILLS`` and ``summon_tier(price)`` (WB-4.2), ``Element`` and its names,
  ``FIGURE_EXCLUSIVE_SETS`` / ``WARBAND_INCOMPATIBLE`` (WB-4.4), ``FIELD_NAMES``.
- :mod:`~warbands.rules.model`: frozen ``Warband(name, figures, points=200, pools, illusions,
  notes)``, ``Figure(name, quality, combat, rules, spells, skills, minions, element, price=None)``,
  ``Minion(figure, grant)``, ``Pool(skill, borrowed, summons)``; ``warband.all_figures()`` (every
  warband figure and minion with its path).
- :mod:`~warbands.rules.figure_prices`: ``figure_price(figure)`` (WB-2, without the minion),
  ``price_of(q, c, costs)``, ``with_minions_price``, ``is_personality``, ``is_animal``,
  ``illusion_limit(warband)``, ``warband_totals(warband, points=None) -> WarbandTotals`` (``total``
  T, ``figures``, ``pools``, ``personality``, ``animal``, the caps, ``unspent``, each figure's and
  minion's price).
- :mod:`~warbands.rules.warband_checks`: ``check_warband(warband, points=None, *, incompatible=True,
  registered=False) -> tuple[Violation, ...]`` (WB-01 … WB-15), ``Violation(code, field, message)``
  with ``text(language)`` and ``line(language)``; ``VALIDATORS`` (id → validator);
  ``broken_codes``.
- :mod:`~warbands.rules.army_list`: ``ARMY_LIST`` (WB-6, ``ArmyProfile``), ``army_figure(id,
  name=None, language="en")``, ``army_minion``, ``sample_warband()`` (WB-5).
- :mod:`~warbands.rules.warband_file`: ``parse_warband_file(text | bytes) -> Warband`` (raises
  ``WarbandFileError`` whose ``problems`` are ``FILE-…`` Violations), ``dump_warband_file(warband)
  -> str``; ``warband_to_dict`` / ``warband_from_dict`` (the file's body as plain JSON values, for a
  JSON field; read with the file's checks), ``figure_to_dict``; ``FORMAT`` ``"viadal-warband"``,
  ``FORMAT_VERSION`` 1, the limits.
- :mod:`~warbands.rules.league` (WB-7): ``EndState``; ``fielded_figures(warband, hirelings=(),
  absent=()) -> tuple[Fielded, ...]``; ``SideReport(ends, conceded)`` of ``FigureEnd(name, state,
  taken_out_by)``; ``check_report(fielded, report, enemy=()) -> tuple[Violation, ...]`` (WB-16);
  ``victory_points``, ``taken_out``, ``match_result(points, fielded_a, report_a, fielded_b, report_b,
  mode=ResultMode.VP, table_result=None) -> MatchOutcome`` (outcomes, VP, figures taken out);
  ``Outcome``, ``league_points``, ``winning_margin``; ``LeagueMatch`` (``played``, ``forfeit``,
  ``bye``), ``standings(entries, matches, Format, dice) -> (rows, rolls)`` with ``TIE_BREAKERS``
  (WB-7.3) and their ``TIE_BREAKER_NAMES``; ``knockout_winner(match, dice)``; ``draw_lots``.
- :mod:`~warbands.rules.campaign` (WB-8): ``Campaign(warband, points, treasury, records)`` with
  ``FigureRecord`` per figure and minion; ``register``; ``warband_value``, ``living_warband``,
  ``campaign_caps``; before a match ``absent_figures``, ``hireling_allowance``,
  ``check_fielding`` (WB-17), ``serve_absence``; after it, in WB-8.2's order, ``illusion_victims``,
  ``injuries`` (or ``roll_injury`` + ``resolve_injury`` with the healer), ``raise_dead`` (WB-20),
  ``experience``, ``advances_due``, ``apply_advance(Advance)`` (WB-19), ``income``,
  ``collect_income``, ``buy_figure``, ``buy_minion``, ``buy_spell``, ``buy_pool_points`` (WB-18),
  ``dismiss``. Each step returns a ``Step``: the new campaign, every ``Roll``, a ``Text`` line per
  event, and ``violations`` (then nothing changed and nothing was rolled).
  ``campaign_to_dict`` / ``campaign_from_dict`` store it.
- :mod:`~warbands.rules.warband_dice`: ``SeededDice(seed, start=0)``, ``FixedDice(results)``; ``roll(purpose,
  sides=6) -> Roll``; ``records`` and ``rolls_made``.

Where each check of WB-5's Validator checklist lives (each returns ``Violation`` s with its id):

==========  ===================================================================================
WB-01…15    ``checks.check_warband`` (one validator per id in ``checks.VALIDATORS``)
WB-16       ``league.check_report`` (the match report)
WB-17       ``campaign.check_fielding`` (dead or absent figures fielded, hirelings)
WB-18       ``campaign.buy_figure`` / ``buy_minion`` / ``buy_spell`` / ``buy_pool_points`` and
            ``campaign.resolve_injury`` (the healer): treasury and the caps of WB-8.1
WB-19       ``campaign.apply_advance``
WB-20       ``campaign.raise_dead``
==========  ===================================================================================

Prices are never typed: a stated price (an import) is only compared (WB-15). The match itself is
played at the table; these rules make building, leagues and campaigns decidable.
"""

from warbands.rules.figure_prices import WarbandTotals, figure_price, warband_totals
from warbands.rules.model import Figure, Minion, Pool, Warband
from warbands.rules.warband_checks import Violation, check_warband
from warbands.rules.warband_file import (
    WarbandFileError,
    dump_warband_file,
    parse_warband_file,
    warband_from_dict,
    warband_to_dict,
)

__all__ = [
    "Figure",
    "Minion",
    "Pool",
    "Violation",
    "Warband",
    "WarbandFileError",
    "WarbandTotals",
    "check_warband",
    "dump_warband_file",
    "figure_price",
    "parse_warband_file",
    "warband_from_dict",
    "warband_to_dict",
    "warband_totals",
]
