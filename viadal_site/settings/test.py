"""Settings for the test suite: fast hashing, plain static storage, same database rules as base."""

from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from the finders: the suite never runs collectstatic.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# A request that names no language reads English here, as the suite's page tests were written;
# production falls back to Hungarian (base.LANGUAGE_CODE), which tests/i18n checks explicitly.
LANGUAGE_CODE = "en"
# Tests may script a hosted match's d10s (Match.dice_script, arena/dice.py); never in production.
VIADAL_TEST_DICE = True
