"""Settings shared by every environment; everything that differs comes from the environment.

Environment variables:
- ``DATABASE_URL``: a dj-database-url string; SQLite in the project folder when unset.
- ``CONN_MAX_AGE``: seconds a process keeps its database connection (60); ``CONN_HEALTH_CHECKS``:
  "0" not to check a kept connection at the start of each request (checked by default). The same
  under WSGI and ASGI (docs/decisions/site.md).
- ``DATABASE_PREPARED_STATEMENTS``: "0" not to prepare the statements every request makes on PostgreSQL
  (prepared by default; turn it off behind a connection pooler that cannot keep prepared statements,
  as PgBouncer's transaction pooling before 1.21; docs/decisions/site.md).
- ``SECRET_KEY``: required in production (``viadal_site.settings.prod``).
- ``DEBUG``: "1"/"true" to turn debugging on.
- ``ALLOWED_HOSTS``: comma-separated host names.
- ``REDIS_URL``: a Redis server for the caches; the local-memory and file caches when unset.
- ``CACHE_DIR``: the folder of the file cache (rendered PDF sheets, render limits) without Redis.
- ``STATIC_ROOT``: where ``collectstatic`` writes the static files.
- ``TRUSTED_PROXY_COUNT``: how many reverse proxies in front of the app append to X-Forwarded-For.
- ``VIADAL_MATCH_CLAIM_AFTER``: seconds a hosted match's player may leave the decision he owes
  before his waiting opponent may claim a forfeit (3 days).
- ``VIADAL_MATCH_STATE_CACHE``: how many hosted matches' states a process keeps (128, the newest of
  each; 0 turns it off).
- ``VIADAL_AGENT_POLL_SECONDS``: how often the computer opponent's worker (``run_agents``) looks for
  the decisions it owes when idle (0.25 s).
- ``VIADAL_AGENT_HARD_BUDGET``: the hard computer's search iterations per decision (120).
- ``VIADAL_PUSH``: ``auto`` (push where the site is served through ASGI with Redis, ``make serve``),
  ``on`` (always offered: a single ASGI process, or a proxy sends ``/play/<id>/stream/`` to an ASGI
  server) or ``off`` (the pages poll); docs/scale-out.md, "Push".
- ``VIADAL_PUSH_PARTS``: ``on`` (the stream carries each reader's refreshed parts) or ``off`` (it
  tells the version, and the page fetches its parts from the refresh endpoint).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

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
# True in the production settings only: commands that must never run there (load_demo) ask it.
IS_PRODUCTION = False
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
    "csp",
    "axes",
    "games",
    "teams",
    "arena",
    "campaigns",
    "accounts",
    "reference",
    "warbands",
    "quests",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and Permissions-Policy headers (docs/decisions.md, "Production").
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
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
    # Last: turns a login refused by the throttle into the login page saying so.
    "axes.middleware.AxesMiddleware",
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
                "accounts.context_processors.inbox",
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
        conn_health_checks=env_bool("CONN_HEALTH_CHECKS", True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DATABASE_PREPARED_STATEMENTS", True):
    # The server parses and plans each of the statements that every request makes (common/prepared.py:
    # the session's and the builder's reads, their UPDATEs, a match's) once per connection instead of every
    # time. Only those bind their values on the server and so get prepared: Django's own cursors bind
    # them in the client, and psycopg never prepares those.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (gunicorn's workers, the computer players' worker) write to one file.
    # Write-ahead logging: readers never wait for a writer, and a commit appends to the log without
    # waiting for the disk (synchronous=NORMAL; the database stays consistent through a crash, a
    # power cut may lose the last commits). In the default rollback-journal mode every save of the
    # builder waited ~15 ms for the disk (docs/decisions.md, "Builder speed"). IMMEDIATE transactions
    # take the write lock when they begin: a deferred one that reads and then writes fails at once with
    # "database is locked" when another process writes first (make load found such 500s); a busy
    # database is waited for (timeout, seconds).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", transaction_mode="IMMEDIATE", timeout=20
    )
# Under ASGI (viadal_site/asgi.py, `make serve`) the site's handler runs every request's synchronous code
# in the process's one thread for it (viadal_site/asgi_handler.py), not in a thread per request as
# Django's own does: that thread keeps its connection between requests as a WSGI worker does.

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Login throttling (django-axes, docs/decisions.md "Login throttling"): 5 failed logins for one username
# from one address lock that pair out for 15 minutes, counted in the database (any database, any number
# of workers). AxesStandaloneBackend only refuses; ModelBackend checks the password.
# Django's database sessions and ModelBackend, each with the read a signed-in request makes compiled
# once per process (accounts/sessions.py, accounts/backends.py).
SESSION_ENGINE = "accounts.sessions"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.ModelBackend",
]
AXES_HANDLER = "accounts.throttle.AddressThrottleHandler"
# ...and 30 failed logins from one address, whatever the usernames, lock that address out for the
# cool-off (issue 28: one address could otherwise try a password on every username, 4 tries each).
LOGIN_ADDRESS_FAILURE_LIMIT = 30
# Sign-up posts from one address per window (issue 28: the form does not say which usernames exist,
# and probing it is slow), counted in the cache every worker shares.
SIGNUP_LIMIT = 10
SIGNUP_WINDOW = 60 * 60
THROTTLE_CACHE = "sheets"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures are kept (for the lockout); successful logins are not logged
AXES_CLIENT_IP_CALLABLE = "common.client_ip.client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.views.login_locked_out"

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
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Caches (docs/decisions.md, "Caches"). Without Redis: "default" is local memory (per process), and
# "sheets" (rendered PDF character sheets and the render limit's counters) a folder shared by every
# worker of the machine. With REDIS_URL both live in Redis, shared by every machine, each process
# keeping one pool of connections to it (common/redis_cache.py).
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHE_DIR = Path(os.environ.get("CACHE_DIR") or BASE_DIR / ".cache")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "common.redis_cache.SharedPoolRedisCache", "LOCATION": REDIS_URL},
        "sheets": {
            "BACKEND": "common.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "sheets",
            "TIMEOUT": 60 * 60 * 24 * 7,
        },
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "sheets": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": CACHE_DIR / "sheets",
            "TIMEOUT": 60 * 60 * 24 * 7,
            "OPTIONS": {"MAX_ENTRIES": 500},
        },
    }

# Rendering a PDF of the character sheets costs seconds; an anonymous reader (a share link) may have
# this many rendered per SHEET_PDF_RENDER_WINDOW seconds from one address. A cached PDF costs nothing
# and is not counted.
SHEET_PDF_RENDER_LIMIT = int(os.environ.get("SHEET_PDF_RENDER_LIMIT", "10"))
SHEET_PDF_RENDER_WINDOW = 10 * 60
# A signed-in reader, his own sheets included, may have this many rendered per window (issue 28).
SHEET_PDF_ACCOUNT_RENDER_LIMIT = int(os.environ.get("SHEET_PDF_ACCOUNT_RENDER_LIMIT", "20"))

# The reader's address, for the login throttle and the render limit: REMOTE_ADDR, unless the app runs
# behind this many reverse proxies that each append the address they saw to X-Forwarded-For.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

# A request body (a team file pasted as text, a form) up to 1 MB; a team file itself is bounded by the
# engine's team file reader (arena.engine.roster.limits: 64 KiB, one FILE-SIZE problem beyond).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

# Content-Security-Policy (django-csp): nothing inline, nothing from elsewhere. The pages' scripts and
# styles are static files; htmx is told not to inject its indicator styles (templates/_base.html).
# Bootstrap's icons (the menu button, the check boxes) are data: SVG images inside its stylesheet.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# Permissions-Policy (django-permissions-policy): the site uses none of the browser's powerful features.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
    )
}

# The language cookie (the switcher's choice): never read by a script, sent on top-level navigation.
# Production settings make it Secure.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"

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
VIADAL_MATCH_STATE_CACHE = int(os.environ.get("VIADAL_MATCH_STATE_CACHE", "128"))
# The match pages poll for the opponent's actions this often (milliseconds) while the match is live.
VIADAL_MATCH_POLL_MS = int(os.environ.get("VIADAL_MATCH_POLL_MS", "700"))
# The play page's refreshed header counts the matches owing a move exactly and the rest of "Waiting on
# you" as counted within this many seconds (accounts/context_processors.py).
INBOX_REST_SECONDS = int(os.environ.get("INBOX_REST_SECONDS", "60"))
# The header's count on the play page's refreshed parts (the arena's views call it by this name, as
# the templates call the context processors: the inbox reads the arena, not the other way round).
INBOX_COUNT_ON_REFRESH = "accounts.context_processors.inbox_count_on_refresh"
# Push (issue 35, docs/scale-out.md "Push"): a live match's pages hear of each new version through a
# server-sent-events stream (/play/<id>/stream/) and poll only as a safety net. "auto": where the
# request came through ASGI and REDIS_URL is set (the notices cross processes: the workers, the computer's
# worker); "on": always offered (one process; or an ASGI server behind the same proxy serves the
# streams); "off": the pages poll every VIADAL_MATCH_POLL_MS.
VIADAL_PUSH = os.environ.get("VIADAL_PUSH", "auto").strip().lower()
if VIADAL_PUSH not in ("auto", "on", "off"):
    raise ImproperlyConfigured("VIADAL_PUSH is auto, on or off.")
# Redis pub/sub carries the notices between processes; without it, one process's streams hear only its own.
VIADAL_PUSH_REDIS_URL = REDIS_URL
VIADAL_PUSH_CHANNEL_PREFIX = "viadal:match:"
VIADAL_PUSH_HEARTBEAT_SECONDS = float(os.environ.get("VIADAL_PUSH_HEARTBEAT_SECONDS", "20"))  # a comment line
VIADAL_PUSH_LIFETIME_SECONDS = float(os.environ.get("VIADAL_PUSH_LIFETIME_SECONDS", "300"))  # then it reconnects
# the stream carries each reader's refreshed parts (on), or only the version, which the page then
# fetches from the refresh endpoint (off; docs/scale-out.md, "Push")
VIADAL_PUSH_PARTS = os.environ.get("VIADAL_PUSH_PARTS", "on").strip().lower() != "off"
VIADAL_PUSH_RETRY_MS = 2000  # the browser reconnects this long after a stream ends
VIADAL_PUSH_SAFETY_POLL_MS = int(os.environ.get("VIADAL_PUSH_SAFETY_POLL_MS", "15000"))  # 0: none
VIADAL_PUSH_STREAMS_PER_CLIENT = int(os.environ.get("VIADAL_PUSH_STREAMS_PER_CLIENT", "8"))  # per process
VIADAL_PUSH_STREAMS = int(os.environ.get("VIADAL_PUSH_STREAMS", "2000"))  # per process
# The computer's worker (manage.py run_agents) looks for owed decisions this often (seconds) when idle.
VIADAL_AGENT_POLL_SECONDS = float(os.environ.get("VIADAL_AGENT_POLL_SECONDS", "0.25"))
# The hard computer's search iterations per decision (docs/agents.md, docs/hosting.md).
VIADAL_AGENT_HARD_BUDGET = int(os.environ.get("VIADAL_AGENT_HARD_BUDGET", "120"))
# Scripted d10s for a match (Match.dice_script) are rolled only when this is on: the test settings'.
VIADAL_TEST_DICE = False
# What one account may start in hosted play (arena/services/account_limits.py, docs/hosting.md "Limits per account").
VIADAL_HOSTED_LIMITS = {
    "open_challenges": 5,  # challenges waiting for an opponent (or for seats, or for a confirmation)
    "live_matches": 20,  # matches being played in which he holds a seat
    "computer_seats": 6,  # seats the computer plays in his live matches
    "created": 10,  # matches made per window
    "window_seconds": 600,
    "imports": 10,  # match records imported per imports_window_seconds
    "imports_window_seconds": 86_400,
}
