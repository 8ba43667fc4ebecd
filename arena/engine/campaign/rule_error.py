"""The one error of the league and campaign rules (HR-10).

Every rule check of :mod:`arena.engine.campaign` raises :class:`CampaignRuleError`. It is a
``ValueError``, so a form can catch it like any bad input; ``rule`` names the section that forbids
the request (``"HR-10.7"``) and the message ends with it in brackets, ready to show:

    >>> error = CampaignRuleError("the treasury holds 30 gold; this costs 40", "HR-10.7",
    ...                           "a kincstárban 30 arany van; ez 40-be kerül")
    >>> str(error)
    'the treasury holds 30 gold; this costs 40 (HR-10.7)'
    >>> error.text("hu")
    'a kincstárban 30 arany van; ez 40-be kerül (HR-10.7)'

Like a team validation :class:`~arena.engine.roster.Problem`, the error carries its message in
both languages (``reason`` English, ``reason_hu`` Hungarian) and :meth:`CampaignRuleError.text`
gives the reader's; ``str()`` stays English, for logs and scripts.
"""

from __future__ import annotations


class CampaignRuleError(ValueError):
    """A league or campaign request that HR-10 does not allow; ``rule`` is the section id."""

    def __init__(self, message: str, rule: str, message_hu: str = "") -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message
        self.reason_hu = message_hu

    def text(self, language: str) -> str:
        """The message in ``language``: Hungarian for ``"hu"`` (English while there is none),
        English for any other language; the rule in brackets either way."""
        if language == "hu" and self.reason_hu:
            return f"{self.reason_hu} ({self.rule})"
        return f"{self.reason} ({self.rule})"
