"""Every write of the quest tracker. Views call these; they check the WQ rules through ``quests.rules``.

Locks are taken in one order: the party row first, then its adventure (``select_for_update``), so two
players recording at once queue instead of interleaving; each roll is made under its unique key, so a
second request finds the first roll instead of rolling again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from quests.rules import adventure_log, quest_checks, ranking, rolls
from quests.rules.quest_checks import SpellEntry, Violation
from quests.rules.quest_content import CLASSES, PARTY_MAX, TIE_ORDER, SpellDeck, Status, WarriorClass
from quests.rules.quest_dice import SeededDice

from . import stored_adventure
from .models import Adventure, LogEntry, Party, PartyMember, Roll, Spell, Warrior

PROFILE_FIELDS = (
    "name",
    "move",
    "weapon_skill",
    "ballistic_skill",
    "strength",
    "toughness",
    "initiative",
    "attacks",
    "wounds_bonus",
    "pinning",
    "shooting",
)


class QuestError(Exception):
    def __init__(self, violations: Sequence[Violation]) -> None:
        super().__init__("; ".join(f"{v.code} {v.field}: {v.en}" for v in violations))
        self.violations = tuple(violations)


def _fail(code: str, field: str, hu: str, en: str) -> QuestError:
    return QuestError([Violation(code, field, hu, en)])


def unknown_entry() -> QuestError:
    return _fail("WQ-3", "kind", "Ismeretlen bejegyzés.", "Unknown entry.")


def _touch(party: Party) -> None:
    """The party's last change, for its place in the lists; an update, not a save, so that the audit
    trail holds changes to records, not every line of a log."""
    Party.objects.filter(pk=party.pk).update(updated=timezone.now())


def _locked_party(party: Party) -> Party:
    return Party.objects.select_for_update().get(pk=party.pk)


def dice_for(party: Party, key: str) -> SeededDice:
    """The dice of one roll: drawn from the party's secret seed and the roll's key, so replayable."""
    return SeededDice(f"{party.seed}:{key}")


def _record(party: Party, key: str, roll: rolls.Roll, by: User | None, **links: Any) -> Roll:
    """The roll under ``key``, made now or found made before (then ``roll`` is dropped unused)."""
    found = Roll.objects.filter(party=party, key=key).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Roll.objects.create(
                party=party,
                key=key,
                purpose=roll.purpose,
                dice=list(roll.dice),
                total=roll.total,
                bonus=roll.bonus,
                by=by,
                **links,
            )
    except IntegrityError:
        return Roll.objects.get(party=party, key=key)


# --- parties, members, warriors ---------------------------------------------------------------------------


def party_create(owner: User, name: str) -> Party:
    name = name.strip()
    if not 1 <= len(name) <= 60:
        raise _fail("WQ-02", "name", "Név: 1–60 karakter.", "Name: 1–60 characters.")
    return Party.objects.create(owner=owner, name=name)


def member_invite(party: Party, by: User, username: str) -> PartyMember:
    if by.pk != party.owner_id:
        raise PermissionError
    user = User.objects.filter(username=username.strip()).first()
    if user is None or user.pk == party.owner_id:
        raise _fail("WQ-1", "username", "Nincs ilyen játékos.", "No such player.")
    member, _created = PartyMember.objects.get_or_create(party=party, user=user)
    return member


def _typed_profile(data: Mapping[str, Any]) -> dict[str, Any]:
    return {key: data.get(key) for key in PROFILE_FIELDS}


CLASS_LOT = "class-lot:"


def pending_class_lot(party: Party) -> Roll | None:
    """A class drawn by lot that no warrior has taken yet (it binds the next warrior added)."""
    return Roll.objects.filter(party=party, key__startswith=CLASS_LOT, warrior__isnull=True).order_by("-pk").first()


@transaction.atomic
def class_lot_draw(party: Party, by: User) -> Roll:
    """Draw the next warrior's class by lot among the classes still free (WQ-1, S3 l.56). Asking again
    before the warrior is added shows the same lot: it is drawn once."""
    if by.pk != party.owner_id:
        raise PermissionError
    party = _locked_party(party)
    pending = pending_class_lot(party)
    if pending is not None:
        return pending
    taken = set(party.warriors.filter(status=Warrior.Status.ACTIVE).values_list("cls", flat=True))
    free = [c.value for c in TIE_ORDER if c.value not in taken]
    if not free:
        raise QuestError(quest_checks.check_party([*taken, "lot"], field="cls"))
    key = f"{CLASS_LOT}{party.rolls.filter(key__startswith=CLASS_LOT).count() + 1}"
    lot = rolls.draw_lot(dice_for(party, key), free)
    return Roll.objects.create(
        party=party, key=key, purpose=rolls.LOT, dice=list(lot.dice), total=0, lot=lot.to_dict(), by=by
    )


@transaction.atomic
def warrior_add(party: Party, by: User, cls: str, profile: Mapping[str, Any], submitted: Mapping[str, Any]) -> Warrior:
    """A new warrior (WQ-1, WQ-2, WQ-5's replacement). When a class was drawn by lot for him, he is of
    that class: the lot stands."""
    if by.pk != party.owner_id:
        raise PermissionError
    typed = quest_checks.check_not_typed(submitted)
    if typed:
        raise QuestError(typed)
    party = _locked_party(party)
    active = list(party.warriors.filter(status=Warrior.Status.ACTIVE))
    taken = [w.cls for w in active]
    if len(active) >= PARTY_MAX:
        raise QuestError(quest_checks.check_party([*taken, cls]))
    pending = pending_class_lot(party)
    if pending is not None and pending.lot.get("winner") != cls:
        raise _fail(
            "WQ-01",
            "cls",
            "Az osztályt sorsolás döntötte el: a sorsolt osztályt válaszd.",
            "The class was drawn by lot: choose the class drawn.",
        )
    found = quest_checks.check_party([*taken, cls], field="cls")
    values = _typed_profile(profile)
    stats = {
        key: values[key]
        for key in ("move", "weapon_skill", "ballistic_skill", "strength", "toughness", "initiative", "attacks")
    }
    found += quest_checks.check_sheet(
        str(values["name"] or ""),
        cls,
        stats,
        values["wounds_bonus"],
        values["pinning"],
        values["shooting"],
        at_creation=True,
    )
    if found:
        raise QuestError(found)
    warrior = Warrior.objects.create(party=party, player=by, cls=cls, **values)
    if pending is not None:
        Roll.objects.filter(pk=pending.pk).update(warrior=warrior)  # the lot's dice stay as drawn
    _touch(party)
    return warrior


@transaction.atomic
def warrior_update(
    party: Party, by: User, warrior: Warrior, profile: Mapping[str, Any], submitted: Mapping[str, Any]
) -> Warrior:
    """The owner corrects a warrior's typed values; a closed record stays frozen (WQ-13)."""
    if by.pk != party.owner_id:
        raise PermissionError
    typed = quest_checks.check_not_typed(submitted)
    if typed:
        raise QuestError(typed)
    _locked_party(party)
    warrior.refresh_from_db()
    found = quest_checks.check_living(warrior.name, Status(warrior.status))
    values = _typed_profile(profile)
    stats = {
        key: values[key]
        for key in ("move", "weapon_skill", "ballistic_skill", "strength", "toughness", "initiative", "attacks")
    }
    found += quest_checks.check_sheet(
        str(values["name"] or ""),
        warrior.cls,
        stats,
        values["wounds_bonus"],
        values["pinning"],
        values["shooting"],
        at_creation=False,
    )
    if found:
        raise QuestError(found)
    for key, value in values.items():
        setattr(warrior, key, value)
    warrior.save()
    return warrior


def warrior_assign(party: Party, by: User, warrior: Warrior, player: User | None) -> None:
    if by.pk != party.owner_id:
        raise PermissionError
    allowed = {party.owner_id, *party.members.values_list("user_id", flat=True)}
    if player is not None and player.pk not in allowed:
        raise _fail("WQ-1", "player", "Csak a csapat játékosa.", "Only a player of the party.")
    warrior.player = player
    warrior.save(update_fields=["player"])


# --- adventures: set-up ---------------------------------------------------------------------------------


@transaction.atomic
def adventure_create(party: Party, by: User, objective: str, leader_choice: str) -> Adventure:
    """WQ-3's set-up: the objective typed, the adventure number rolled, the leader as WQ-1 says."""
    if by.pk != party.owner_id:
        raise PermissionError
    party = _locked_party(party)
    if party.adventures.exclude(stage=Adventure.Stage.ENDED).exists():
        raise _fail(
            "WQ-3", "objective", "Előbb a futó kalandot kell befejezni.", "Finish the adventure under way first."
        )
    objective = objective.strip()
    if not 1 <= len(objective) <= adventure_log.TEXT_MAX:
        raise _fail(
            "WQ-3",
            "objective",
            f"Célterem: 1–{adventure_log.TEXT_MAX} karakter.",
            f"Objective room: 1–{adventure_log.TEXT_MAX} characters.",
        )
    active = list(party.warriors.filter(status=Warrior.Status.ACTIVE))
    found = quest_checks.check_party([w.cls for w in active])
    if found:
        raise QuestError(found)
    number = (party.adventures.aggregate(n=Max("number"))["n"] or 0) + 1
    members = [rolls.Member(w.key, w.warrior_class, w.initiative) for w in active]
    candidates = rolls.leader_candidates(members)
    lot: rolls.Lot | None = None
    if len(candidates) == 1:
        leader_key = candidates[0]
    elif leader_choice == "lot":
        lot = rolls.draw_lot(dice_for(party, f"adv{number}:leader"), candidates)
        leader_key = lot.winner
    elif leader_choice in candidates:
        leader_key = leader_choice  # by agreement (S3 l.59)
    else:
        raise QuestError(quest_checks.check_leader([], {m.key: m.cls for m in members}, at_setup=True))
    adventure = Adventure.objects.create(
        party=party, number=number, objective=objective, leader=next(w for w in active if w.key == leader_key)
    )
    _record(
        party,
        f"adv{number}:number",
        rolls.roll_adventure_number(dice_for(party, f"adv{number}:number")),
        by,
        adventure=adventure,
    )
    if lot is not None:
        Roll.objects.create(
            party=party,
            adventure=adventure,
            key=f"adv{number}:leader",
            purpose=rolls.LOT,
            dice=list(lot.dice),
            total=0,
            lot=lot.to_dict(),
            by=by,
        )
    _touch(party)
    return adventure


def _setup_stage(adventure: Adventure) -> None:
    if adventure.stage != Adventure.Stage.SETUP:
        raise _fail("WQ-15", "roll", "A kaland már elindult.", "The adventure has begun already.")


@transaction.atomic
def setup_rolls(adventure: Adventure, by: User) -> list[Roll]:
    """Every warrior's starting Wounds and the Wizard's power tokens, each rolled once (WQ-2, WQ-6)."""
    party = _locked_party(adventure.party)
    if not _is_player(party, by):
        raise PermissionError
    adventure = Adventure.objects.select_for_update().get(pk=adventure.pk)
    _setup_stage(adventure)
    made = []
    for w in party.warriors.filter(status=Warrior.Status.ACTIVE):
        key = f"adv{adventure.number}:wounds:{w.pk}"
        made.append(
            _record(
                party,
                key,
                rolls.roll_starting_wounds(dice_for(party, key), w.wounds_bonus),
                by,
                adventure=adventure,
                warrior=w,
            )
        )
        if w.warrior_class is WarriorClass.WIZARD:
            key = f"adv{adventure.number}:tokens:{w.pk}"
            made.append(
                _record(party, key, rolls.roll_power_tokens(dice_for(party, key)), by, adventure=adventure, warrior=w)
            )
    return made


@transaction.atomic
def spells_set(adventure: Adventure, by: User, spells: Sequence[SpellEntry]) -> None:
    """The Wizard's three spells as typed from the cards drawn (WQ-2, S3 l.67); changed only at set-up."""
    party = _locked_party(adventure.party)
    wizard = party.warriors.filter(status=Warrior.Status.ACTIVE, cls=WarriorClass.WIZARD).first()
    if wizard is None:
        raise _fail("WQ-07", "spells", "Nincs Varázsló a csapatban.", "There is no Wizard in the party.")
    if by.pk not in (party.owner_id, wizard.player_id):
        raise PermissionError
    adventure = Adventure.objects.select_for_update().get(pk=adventure.pk)
    _setup_stage(adventure)
    tokens = stored_adventure.roll_from_row(rolls.POWER, [1], 1, 0)  # the tokens are checked when the adventure begins
    found = quest_checks.check_wizard(wizard.name, WarriorClass.WIZARD, spells, tokens)
    if found:
        raise QuestError(found)
    adventure.spells.all().delete()
    Spell.objects.bulk_create(
        Spell(
            adventure=adventure,
            warrior=wizard,
            deck=s.deck,
            name=s.name.strip(),
            casting_number=s.casting_number,
            power_cost=s.power_cost,
        )
        for s in spells
    )


@transaction.atomic
def adventure_begin(adventure: Adventure, by: User) -> Adventure:
    """The set-up is fixed: each warrior sets out with his rolled Wounds, his class item and what he
    carries (WQ-5); the Wizard with his three spells and rolled tokens (WQ-07)."""
    party = _locked_party(adventure.party)
    if by.pk != party.owner_id:
        raise PermissionError
    adventure = Adventure.objects.select_for_update().get(pk=adventure.pk)
    _setup_stage(adventure)
    rolled = {r.key: r for r in adventure.rolls.all()}
    spells = [SpellEntry(s.deck, s.name, s.casting_number, s.power_cost) for s in adventure.spells.all()]
    found: list[Violation] = []
    starting = []
    for w in party.warriors.filter(status=Warrior.Status.ACTIVE):
        row = rolled.get(f"adv{adventure.number}:wounds:{w.pk}")
        wounds = stored_adventure.roll_from_row(row.purpose, row.dice, row.total, row.bonus) if row else None
        found += quest_checks.check_starting_wounds(w.name, wounds)
        tokens_row = rolled.get(f"adv{adventure.number}:tokens:{w.pk}")
        tokens = (
            stored_adventure.roll_from_row(tokens_row.purpose, tokens_row.dice, tokens_row.total, 0)
            if tokens_row
            else None
        )
        found += quest_checks.check_wizard(
            w.name, w.warrior_class, spells if w.warrior_class is WarriorClass.WIZARD else [], tokens
        )
        if wounds is not None:
            starting.append(
                adventure_log.StartingWarrior(
                    key=w.key,
                    name=w.name,
                    cls=w.warrior_class,
                    initiative=w.initiative,
                    wounds=wounds,
                    gold=w.gold,
                    treasure=tuple(adventure_log.Card(str(c["name"]), int(c["value"])) for c in w.treasure),
                    equipment=(CLASSES[w.warrior_class].starting_item.en, *w.equipment),
                    power_tokens=tokens.total if tokens else None,
                )
            )
    if found:
        raise QuestError(found)
    setup = adventure_log.Setup(tuple(starting), leader=adventure.leader.key)
    try:
        adventure_log.start(setup)
    except adventure_log.LogError as error:
        raise QuestError(error.violations) from error
    adventure.setup = stored_adventure.setup_to_json(setup)
    adventure.stage = Adventure.Stage.RUNNING
    adventure.save(update_fields=["setup", "stage"])
    return adventure


# --- the log ------------------------------------------------------------------------------------------


def _is_player(party: Party, user: User) -> bool:
    return user.pk == party.owner_id or party.members.filter(user=user).exists()


NAMED = ("killer", "recipient", "warrior")  # the warrior an entry is about: his player records it


def _may_record(
    party: Party, adventure: Adventure, by: User, entry: adventure_log.Entry, state: adventure_log.AdventureState
) -> bool:
    if by.pk == party.owner_id:
        return True  # the owner records and corrects everything
    if not party.members.filter(user=by).exists() or isinstance(
        entry, adventure_log.Voided | adventure_log.AdventureEnded
    ):
        return False
    players = dict(party.warriors.values_list("pk", "player_id"))
    if isinstance(entry, adventure_log.TreasureFound | adventure_log.LanternPassed | adventure_log.EquipmentPassed):
        return players.get(int(state.leader)) == by.pk or isinstance(entry, adventure_log.LanternPassed)
    for name in NAMED:
        key = getattr(entry, name, None)
        if key is not None:
            return str(key).isdigit() and players.get(int(key)) == by.pk
    return True  # cards, Events, the end of a turn: any player at the table


def log_rows(adventure: Adventure) -> list[tuple[int, dict[str, Any]]]:
    return list(adventure.entries.order_by("seq").values_list("seq", "data"))


@transaction.atomic
def entry_append(
    adventure: Adventure, by: User, data: Mapping[str, Any], *, lot_among: Sequence[str] | None = None
) -> LogEntry:
    """One more line of the log, checked by replaying the whole log with it (WQ-3).

    ``lot_among`` (not None): the lantern or an equipment card goes by the app's lot (S3 l.175, l.661).
    The candidates are decided here, not by the form: every living warrior for the lantern, the living
    among the claimants for an equipment card, in a fixed order, so that the draw cannot be steered."""
    party = _locked_party(adventure.party)
    adventure = Adventure.objects.select_for_update().get(pk=adventure.pk)
    if adventure.stage == Adventure.Stage.SETUP:
        raise _fail("WQ-3", "kind", "A kaland még nem indult el.", "The adventure has not begun yet.")
    payload = dict(data)
    typed = quest_checks.check_not_typed(payload)
    if typed:
        raise QuestError(typed)
    rows = log_rows(adventure)
    seq = (rows[-1][0] if rows else 0) + 1
    try:
        setup = stored_adventure.setup_from_json(adventure.setup)
        entries = stored_adventure.entries_from_rows(rows)
        before = adventure_log.replay(setup, entries)
        if lot_among is not None and payload.get("kind") in ("lantern", "equipment"):
            living = sorted((w.key for w in before.warriors if w.status is Status.ACTIVE), key=int)
            wanted = set(lot_among)
            candidates = living if payload["kind"] == "lantern" else [key for key in living if key in wanted]
            if not candidates:
                raise _fail("WQ-6", "to", "Nincs kit kisorsolni.", "There is nobody to draw.")
            lot = rolls.draw_lot(dice_for(party, f"adv{adventure.number}:entry{seq}:lot"), candidates)
            payload["to"] = lot.winner
            if len(candidates) > 1:
                payload["lot"] = lot.to_dict()
        entry = adventure_log.entry_from_dict(payload)
        if not _may_record(party, adventure, by, entry, before):
            raise PermissionError
        if isinstance(entry, adventure_log.Voided):
            found = adventure_log.check_void(setup, entries, entry.seq)
            if found:
                raise QuestError(found)
        after = adventure_log.replay(setup, [*entries, (seq, entry)])
    except adventure_log.LogError as error:
        raise QuestError(error.violations) from error
    row = LogEntry.objects.create(adventure=adventure, seq=seq, data=adventure_log.entry_to_dict(entry), author=by)
    _write_back(party, adventure, setup, after)
    return row


def _write_back(
    party: Party, adventure: Adventure, setup: adventure_log.Setup, state: adventure_log.AdventureState
) -> None:
    """What the warriors carry out of the adventure (WQ-5): gold, unsold treasure, equipment found
    (the class item is handed out afresh each time), and a dead or lost warrior's closed record."""
    by_key = {w.key: w for w in party.warriors.filter(pk__in=[int(s.key) for s in setup.warriors])}
    starting = {s.key: s for s in setup.warriors}
    for ws in state.warriors:
        warrior = by_key[ws.key]
        if state.ended:
            equipment = list(ws.equipment)
            item = CLASSES[ws.cls].starting_item.en
            if item in equipment:
                equipment.remove(item)
            values = {
                "gold": ws.gold,
                "treasure": [{"name": c.name, "value": c.value} for c in ws.treasure],
                "equipment": equipment,
                "status": ws.status.value,
            }
        else:
            start = starting[ws.key]
            values = {
                "gold": start.gold,
                "treasure": [{"name": c.name, "value": c.value} for c in start.treasure],
                "equipment": list(start.equipment[1:]),
                "status": Warrior.Status.ACTIVE.value,
            }
        if any(getattr(warrior, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(warrior, name, value)
            warrior.save(update_fields=list(values))  # a history record only for a real change
    score = ranking.adventure_score(state) if state.ended else None
    figures = {
        "stage": Adventure.Stage.ENDED.value if state.ended else Adventure.Stage.RUNNING.value,
        "result": state.result.value if state.result else "",
        "survivors": score.survivors if score else 0,
        "gold": score.gold if score else 0,
    }
    if any(getattr(adventure, name) != value for name, value in figures.items()):
        for name, value in figures.items():
            setattr(adventure, name, value)
        adventure.save(update_fields=list(figures))
    _touch(party)


def spell_entries(raw: Sequence[Mapping[str, Any]]) -> list[SpellEntry]:
    out = []
    for item in raw:
        deck = str(item.get("deck", ""))
        if deck not in {d.value for d in SpellDeck}:
            raise _fail("WQ-07", "spells", "Ismeretlen pakli.", "Unknown deck.")
        out.append(
            SpellEntry(
                deck, str(item.get("name", "")), int(item.get("casting_number", -1)), int(item.get("power_cost", -1))
            )
        )
    return out
