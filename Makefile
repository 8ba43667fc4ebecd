# Two commands set everything up on a fresh machine:
#   make run   - virtual environment, install, migrate, demo data, serve on 127.0.0.1:8000
#   make test  - virtual environment, test extras, headless chromium, the whole suite
# Both are safe to run again: every step checks what is already there.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000
PYTEST_ARGS ?=
# e.g. BENCH_ARGS="--seconds 5 --memory-matches 1000" (5,000 matches by default; 0 skips that check)
BENCH_ARGS ?=

.PHONY: run test bench bench-hosted install install-test install-bench system-deps browser-deps sheet-deps i18n-deps messages migrate demo check clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.installed-run

$(VENV)/.installed-bench: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	@touch $@ $(VENV)/.installed-test $(VENV)/.installed-run

install: $(VENV)/.installed-run
install-test: $(VENV)/.installed-test
install-bench: $(VENV)/.installed-bench

# Debian packages: as root directly, otherwise through sudo when it is there.
APT_INSTALL = if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	else echo "Install these Debian packages first: $$PKGS" >&2; exit 1; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$PKGS >/dev/null

browser-deps:
	@command -v chromium >/dev/null 2>&1 || { PKGS="chromium fonts-dejavu-core"; echo "Installing Debian's chromium for the browser tests"; $(APT_INSTALL); }

# WeasyPrint (the PDF character sheets) loads Debian's pango at run time.
sheet-deps:
	@$(PY) -c "import weasyprint" >/dev/null 2>&1 || PATH="$$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep -q libpangoft2-1.0 || \
		{ PKGS="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core"; echo "Installing Debian's pango for the PDF character sheets"; $(APT_INSTALL); }

# The Hungarian and English translations (locale/*/LC_MESSAGES/django.po) are compiled by Debian's
# GNU gettext; the compiled .mo files are made here and never committed.
i18n-deps:
	@command -v msgfmt >/dev/null 2>&1 || { PKGS="gettext"; echo "Installing Debian's gettext for the translations"; $(APT_INSTALL); }

messages: install i18n-deps
	$(PY) manage.py compilemessages --ignore=.venv

migrate: install sheet-deps messages
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

run: demo
	@echo "Serving Viadal on http://$(HOST):$(PORT)/  (Ctrl-C stops it)"
	$(PY) manage.py runserver $(HOST):$(PORT)

test: install-test browser-deps sheet-deps messages
	$(PY) -m pytest $(PYTEST_ARGS)

bench: install-bench
	$(PY) bench/engine_bench.py $(BENCH_ARGS)

# Hosted play's server time per action, on a throwaway test database of DATABASE_URL (SQLite when unset).
bench-hosted: install-test messages
	$(PY) bench/hosted_bench.py

check: install-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py check

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .cache .pytest_cache
