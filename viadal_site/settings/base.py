"""Settings shared by every environment; everything that differs comes from the environment.

Environment variables:
- ``DATABASE_URL``: a dj-database-url string; SQLite in the project folder when unset.
- ``SECRET_KEY``: required in production (``viadal_site.settings.prod``).
- ``DEBUG``: "1"/"true" to turn debugging on.
- ``ALLOWED_HOSTS``: comma-separated host names.
- ``VIADAL_MATCH_CLAIM_AFTER``: seconds a hosted match's player may leave the decision he owes
  before his waiting opponent may claim a forfeit (3 days).
- ``VIADAL_MATCH_STATE_CACHE``: how many hosted-match states a process keeps (64; 0 turns it off).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# A development key only; production settings refuse to start without SECRET_KEY.
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me-in-production-0000000000")
DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "simple_history",
    "teams",
    "arena",
    "campaigns",
    "accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: cookie, then the browser's Accept-Language, then LANGUAGE_CODE.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A logged-in player's stored language wins over the cookie and the browser.
    "accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "viadal_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "arena.context_processors.hosted_play",
            ],
        },
    },
]

WSGI_APPLICATION = "viadal_site.wsgi.application"
ASGI_APPLICATION = "viadal_site.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Hungarian and English, both first-class (issue #7; docs/decisions.md, "Languages"). The reader's
# browser decides (Accept-Language) until he picks one in the header; a browser that asks for
# neither gets Hungarian, the game's own language.
LANGUAGES = [("hu", "Magyar"), ("en", "English")]
LANGUAGE_CODE = "hu"
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Budapest"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Hosted matches (docs/hosting.md). A player who owes a decision for longer than this may be claimed
# against by his waiting opponent (a forfeit win); each process keeps this many match states.
VIADAL_MATCH_CLAIM_AFTER = int(os.environ.get("VIADAL_MATCH_CLAIM_AFTER", str(3 * 24 * 3600)))
VIADAL_MATCH_STATE_CACHE = int(os.environ.get("VIADAL_MATCH_STATE_CACHE", "64"))
# The match pages poll for the opponent's actions this often (milliseconds) while the match is live.
VIADAL_MATCH_POLL_MS = int(os.environ.get("VIADAL_MATCH_POLL_MS", "700"))
# Scripted d10s for a match (Match.dice_script) are rolled only when this is on: the test settings'.
VIADAL_TEST_DICE = False
