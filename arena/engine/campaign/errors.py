"""The one error of the league and campaign rules (HR-10).

Every rule check of :mod:`arena.engine.campaign` raises :class:`CampaignRuleError`. It is a
``ValueError``, so a form can catch it like any bad input; ``rule`` names the section that forbids
the request (``"HR-10.7"``) and the message ends with it in brackets, ready to show:

    >>> str(CampaignRuleError("the treasury holds 30 gold; this costs 40", "HR-10.7"))
    'the treasury holds 30 gold; this costs 40 (HR-10.7)'
"""

from __future__ import annotations


class CampaignRuleError(ValueError):
    """A league or campaign request that HR-10 does not allow; ``rule`` is the section id."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message
