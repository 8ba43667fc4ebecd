"""The witch-master's actions (issue #4, RB p.11-18): casting, the acid cloud, zombies.

They are registered in :mod:`arena.engine.match.actions` with the core actions. Hexes are
:class:`~arena.engine.board.hexgrid.Hex` values; characters are ids (``"1.deasta"``).
"""

from __future__ import annotations

from typing import NamedTuple

from arena.engine.board.hexgrid import Hex
from arena.engine.match.words import ZombieCommand


class Cast(NamedTuple):
    """Cast ``spell`` with a disc of its level (RB p.11).

    ``target``: the character (touch, blocks, or the caster himself); ``hex``: an area's centre
    (Savfelhő, Tűzvihar; Bebörtönzés is always on the caster's hex); ``choice``: a curse's effect
    (RB p.12, digest A41); ``designee``: Orgyilkosság's mortal enemy (RB p.17); ``chain``:
    Villámlánc's 2 or 3 victims in order (RB p.17-18); ``concentrate``: Összpontosítás, +1 MAN
    for +2 E or +2 CÉ (HR-4). ``man`` is the level (+1 with a withered arm, +1 concentrating).
    """

    seat: int
    char: str
    spell: str
    target: str | None = None
    hex: Hex | None = None
    choice: str | None = None
    designee: str | None = None
    chain: tuple[str, ...] = ()
    concentrate: bool = False
    man: int | None = None


class MoveCloud(NamedTuple):
    """Move the centre of his Savfelhő one hex to ``to`` for 1 of his own MAN (RB p.13-14, A51)."""

    seat: int
    char: str
    to: Hex
    man: int | None = None


class CommandZombie(NamedTuple):
    """Give his zombie 2 of his MAN and one command, giving up casting in this step (RB p.15,
    HR-12 ruling 18): ``command`` is ``"move_to"`` (``hex``), ``"attack"`` (``target``) or
    ``"guard"`` (``hex``)."""

    seat: int
    char: str
    zombie: str
    command: ZombieCommand
    target: str | None = None
    hex: Hex | None = None
    man: int | None = None


class ZombieAct(NamedTuple):
    """The zombie's activation in its creator's step, without a naming slot (RB p.15, digest
    A52, HR-12 rulings 17-18): walk ``path`` (possibly empty), then attack ``target`` (or none).
    Only what its command, or else its default behaviour, allows is legal; the player breaks
    ties (HR-12 ruling 38). A prone zombie stands up first (HR-4) and one held by the bear trap
    opens the jaws before it walks (HR-5 card 10), each for 2 of its MAN, counted in ``man``;
    with neither ``path`` nor ``target`` it does only that."""

    seat: int
    zombie: str
    path: tuple[Hex, ...] = ()
    target: str | None = None
    man: int | None = None


MAGIC_ACTIONS = (Cast, MoveCloud, CommandZombie, ZombieAct)
MagicAction = Cast | MoveCloud | CommandZombie | ZombieAct
