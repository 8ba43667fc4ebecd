from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.core.signals import request_finished

        from . import signals  # noqa: F401  (connects the login hook)
        from .backends import forget_read_with_session

        request_finished.connect(forget_read_with_session, dispatch_uid="accounts.forget_read_with_session")
