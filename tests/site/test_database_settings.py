"""The database connection of base.py under WSGI: one persistent connection per process, checked at the
start of each request unless CONN_HEALTH_CHECKS=0 (docs/decisions/site.md, "Database connections on
PostgreSQL")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
POSTGRES = "postgres://viadal@127.0.0.1:5432/viadal"


def database(**env: str) -> dict[str, object]:
    drop = {"DATABASE_URL", "CONN_MAX_AGE", "CONN_HEALTH_CHECKS", "DATABASE_PREPARED_STATEMENTS", "VIADAL_SERVED_BY"}
    environment = {k: v for k, v in os.environ.items() if k not in drop}
    environment.update(DJANGO_SETTINGS_MODULE="viadal_site.settings.base", **env)
    script = (
        "import json; from django.conf import settings; d = settings.DATABASES['default'];"
        "print(json.dumps({k: d.get(k) for k in ('ENGINE', 'CONN_MAX_AGE', 'CONN_HEALTH_CHECKS')}"
        " | {k: d.get('OPTIONS', {}).get(k) for k in ('pool', 'prepare_threshold')}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=environment, capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def test_a_process_keeps_its_connection_and_checks_it_before_each_request():
    assert database(DATABASE_URL=POSTGRES) == {
        "ENGINE": "django.db.backends.postgresql",
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
        "pool": None,
        "prepare_threshold": 0,  # only common.prepared's statements bind on the server, so only they are prepared
    }


def test_the_check_and_the_age_are_the_operators_to_set():
    found = database(DATABASE_URL=POSTGRES, CONN_HEALTH_CHECKS="0", CONN_MAX_AGE="300")
    assert (found["CONN_MAX_AGE"], found["CONN_HEALTH_CHECKS"]) == (300, False)


def test_prepared_statements_are_the_operators_to_turn_off():
    """Behind a pooler that cannot keep them (PgBouncer's transaction pooling before 1.21)."""
    assert database(DATABASE_URL=POSTGRES, DATABASE_PREPARED_STATEMENTS="0")["prepare_threshold"] is None


def test_sqlite_has_no_prepared_statements_to_set():
    assert database(DATABASE_URL="sqlite:///:memory:")["prepare_threshold"] is None
