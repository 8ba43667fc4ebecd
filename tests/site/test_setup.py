"""The project's set-up: settings, demo data, deploy checks, and the engine's purity."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.budget import THOROUGH

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_without_django():
    """The rules engine is pure Python: importing every module of it loads no Django."""
    script = (
        "import importlib, pkgutil, sys\n"
        "import arena.engine as eng\n"
        "for m in pkgutil.walk_packages(eng.__path__, 'arena.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad) or 'ok')\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "ok"


@pytest.mark.django_db
def test_load_demo_is_idempotent(capsys):
    call_command("load_demo")
    call_command("load_demo")
    users = get_user_model().objects.filter(username__in=["aurelia", "balint", "organiser"])
    assert users.count() == 3
    assert get_user_model().objects.get(username="aurelia").check_password("viadal-demo")
    assert "aurelia" in capsys.readouterr().out


@pytest.mark.skipif(
    not THOROUGH,
    reason="thorough run only: in `make test` tests/site/test_production.py runs the same check in its deploy",
)
def test_production_settings_pass_deploy_checks():
    """`check --deploy` is clean with the production settings and a real secret key (tests/site/test_production.py
    runs the same check, with a database and a static folder of its own, before it starts gunicorn)."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DJANGO_SETTINGS_MODULE="viadal_site.settings.prod",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-key-for-the-check",
        ALLOWED_HOSTS="viadal.example",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_missing_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env["DJANGO_SETTINGS_MODULE"] = "viadal_site.settings.prod"
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_home_page_renders(client, db):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Shuluri Viadal" in response.content
