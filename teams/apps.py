from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = _("Teams")

    def ready(self) -> None:
        from games.registry import register

        from .game import VIADAL

        register(VIADAL)
