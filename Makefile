# Two commands set everything up on a fresh machine:
#   make run   - virtual environment, install, migrate, demo data, serve on 127.0.0.1:8000
#   make test  - virtual environment, test extras, headless chromium, the whole suite
# Both are safe to run again: every step checks what is already there.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000
# The suite runs in one process per core (pytest-xdist); an idle worker takes tests queued for a busy one
# (worksteal), so one long test does not hold the run's end. `make test PYTEST_ARGS=` runs it in one process.
PYTEST_ARGS ?= -n auto --dist worksteal
# e.g. BENCH_ARGS="--seconds 5 --memory-matches 1000" (5,000 matches by default; 0 skips that check)
BENCH_ARGS ?=

.PHONY: run test test-postgres serve load bench bench-agents bench-hosted bench-agents-hosted bench-action bench-web bench-web-postgres bench-web-deps install install-test install-bench system-deps browser-deps sheet-deps i18n-deps messages migrate demo check clean

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

$(VENV)/.installed-serve: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[postgres,redis]'
	@touch $@ $(VENV)/.installed-run

install: $(VENV)/.installed-run
install-test: $(VENV)/.installed-test
install-bench: $(VENV)/.installed-bench

# Debian packages: as root directly, otherwise through sudo when it is there.
APT_INSTALL = if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	else echo "Install these Debian packages first: $$PKGS" >&2; exit 1; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$PKGS >/dev/null

# The browser tests run Debian's chromium headless shell (tests/browser/conftest.py); where a release has
# no such package they run its chromium.
browser-deps:
	@command -v chromium-headless-shell >/dev/null 2>&1 || { PKGS="chromium-headless-shell fonts-dejavu-core"; \
		echo "Installing Debian's chromium headless shell for the browser tests"; ( $(APT_INSTALL) ) || \
		command -v chromium >/dev/null 2>&1 || { PKGS="chromium fonts-dejavu-core"; $(APT_INSTALL); }; }

# WeasyPrint (the PDF character sheets) loads Debian's pango at run time.
sheet-deps:
	@$(PY) -c "import weasyprint" >/dev/null 2>&1 || PATH="$$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep -q libpangoft2-1.0 || \
		{ PKGS="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core"; echo "Installing Debian's pango for the PDF character sheets"; $(APT_INSTALL); }

# The Hungarian and English translations (locale/*/LC_MESSAGES/django.po) are compiled by Debian's
# GNU gettext; the compiled .mo files are made here and never committed.
i18n-deps:
	@command -v msgfmt >/dev/null 2>&1 || { PKGS="gettext"; echo "Installing Debian's gettext for the translations"; $(APT_INSTALL); }

messages: install i18n-deps
	@$(PY) manage.py compilemessages --ignore=.venv --verbosity 0

# quiet: `make run` ends with the demo logins and the address, not Django's migration log
migrate: install sheet-deps messages
	@$(PY) manage.py migrate --noinput --verbosity 0

demo: migrate
	@$(PY) manage.py load_demo

# The computer opponent's worker (manage.py run_agents) runs alongside the server and stops with it.
run: demo
	@echo ""
	@echo "Serving Viadal on http://$(HOST):$(PORT)/ with the computer opponent's worker (Ctrl-C stops both; another port: make run PORT=8080)"
	@$(PY) manage.py run_agents & worker=$$!; trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
		$(PY) manage.py runserver $(HOST):$(PORT)

test: install-test browser-deps sheet-deps messages
	$(PY) -m pytest $(PYTEST_ARGS)

bench: install-bench
	$(PY) bench/engine_bench.py $(BENCH_ARGS)

# The computer opponent's ladder (docs/agents.md): search, tactical and greedy, 200 matches per pair
# with seats alternated, on both cores, at the bench budget (BENCH_AGENTS_BUDGET iterations per
# search decision). About 70 minutes on a 2-core machine (about 16 s of CPU a search match). Each
# finished match is appended to BENCH_AGENTS_JOURNAL: stopped and run again, it goes on where it
# stopped (delete the file to start afresh).
BENCH_AGENTS_BUDGET ?= 100
BENCH_AGENTS_JOURNAL ?= .bench/agents-$(BENCH_AGENTS_BUDGET).jsonl
bench-agents: install
	@mkdir -p $(dir $(BENCH_AGENTS_JOURNAL))
	$(PY) manage.py tournament --agents search,tactical,greedy --matches 200 --seed bench --budget $(BENCH_AGENTS_BUDGET) --workers 2 --journal $(BENCH_AGENTS_JOURNAL)

# The whole suite on PostgreSQL: DATABASE_URL when given; else the server on 127.0.0.1:5432 when one
# answers; else Debian's PostgreSQL (and Redis), installed when missing and started on loopback in
# .services/ (scripts/local-services; `scripts/local-services stop` stops them).
test-postgres: install-test browser-deps sheet-deps messages
	@url="$${DATABASE_URL:-$$(scripts/local-services postgres)}"; redis="$${REDIS_URL:-$$(scripts/local-services redis)}"; \
		echo "The suite on $$url (Redis $$redis)"; \
		DATABASE_URL="$$url" REDIS_URL="$$redis" $(PY) -m pytest $(PYTEST_ARGS)

# gunicorn with the production settings: WEB_CONCURRENCY workers (2), on HOST:PORT, each running the
# ASGI application under uvicorn (viadal_site/workers.py), so that the match pages get their moves
# pushed (docs/scale-out.md, "Push"): REDIS_URL, else a Redis on loopback (scripts/local-services, as for
# test-postgres), carries the notices between the workers and the computer's worker. The
# production settings need SECRET_KEY and ALLOWED_HOSTS, and read DATABASE_URL and REDIS_URL (README,
# "Deploying"). SERVER=wsgi serves the WSGI application in gunicorn's sync workers instead: no push
# (the pages poll) and no Redis; a page costs the same CPU under both (docs/scale-out.md, "The ASGI
# stack's cost").
WEB_CONCURRENCY ?= 2
SERVER ?= asgi
serve: $(VENV)/.installed-serve messages
	$(PY) manage.py collectstatic --noinput --settings=viadal_site.settings.prod >/dev/null
	$(PY) manage.py migrate --noinput --settings=viadal_site.settings.prod
	@if [ "$(SERVER)" = "wsgi" ]; then \
		DJANGO_SETTINGS_MODULE=viadal_site.settings.prod $(VENV)/bin/gunicorn viadal_site.wsgi \
			--workers $(WEB_CONCURRENCY) --bind $(HOST):$(PORT); \
	elif [ "$(SERVER)" = "asgi" ]; then \
		REDIS_URL="$${REDIS_URL:-$$(scripts/local-services redis)}" DJANGO_SETTINGS_MODULE=viadal_site.settings.prod \
			$(VENV)/bin/gunicorn viadal_site.asgi \
			--worker-class viadal_site.workers.AsgiWorker --workers $(WEB_CONCURRENCY) --bind $(HOST):$(PORT); \
	else echo "SERVER is asgi (push, the default) or wsgi (polling)"; exit 2; fi

# A bounded, headless load run of real use (locust) against gunicorn on 127.0.0.1: a throwaway
# database (SQLite, or one made on DATABASE_URL's PostgreSQL server), REDIS_URL when set.
# LOAD_ARGS="--matches 10,50,100,200 --push on,off": issue 35's table (docs/scale-out.md, "Targets").
LOAD_ARGS ?=
load: install-bench messages
	$(PY) bench/load_run.py $(LOAD_ARGS)

# Hosted play's server time per action, on a throwaway test database of DATABASE_URL (SQLite when unset).
bench-hosted: install-test messages
	$(PY) bench/hosted_bench.py

# An action's server CPU through the views (the acting seat's answer, the other seat's refresh, an
# idle poll), the same scripted random matches every run; BENCH_ARGS="--profile FILE" for a cProfile.
bench-action: install-test messages
	$(PY) bench/action_cost.py $(BENCH_ARGS)

# The hosted hard computer under load (docs/hosting.md): AGENTS_HOSTED_MATCHES matches against it at
# once (10), played by one run_agents process per core (--shard K/2), on a throwaway database
# (SQLite, or one made on DATABASE_URL's PostgreSQL server); the wait per computer decision.
AGENTS_HOSTED_MATCHES ?= 10
AGENTS_HOSTED_ARGS ?=
bench-agents-hosted: install-test messages
	$(PY) bench/agents_hosted_bench.py --matches $(AGENTS_HOSTED_MATCHES) --workers 2 $(AGENTS_HOSTED_ARGS)

# The web pages under gunicorn and the production settings, measured with wrk (Debian's package) on
# 127.0.0.1: the builder's live check and page, the standings, the sheet PDF, against a bare 50-item
# template view (bench/web_bench.py; docs/decisions.md, "Builder speed"). SQLite in a throwaway folder,
# or a throwaway database on DATABASE_URL's PostgreSQL server; BENCH_SECONDS per measurement (5),
# BENCH_WORKERS gunicorn workers (2), BENCH_ONLY (bare, pdf, standings, page, play, poll, live) and
# BENCH_CONNECTIONS to measure less; BENCH_SERVER=asgi serves it as `make serve` does (the workers' CPU
# per request is the figure to compare between the two).
bench-web-deps:
	@command -v wrk >/dev/null 2>&1 || { PKGS="wrk"; echo "Installing Debian's wrk for the web bench"; $(APT_INSTALL); }

bench-web: install-test sheet-deps messages bench-web-deps
	$(PY) bench/web_bench.py

# The builder's live check beside the bare page at 50 connections on PostgreSQL (issue 35): DATABASE_URL's
# server, else the local one (scripts/local-services), a throwaway database on it; prints the p99 of both.
# Served as `make serve` serves (BENCH_SERVER=asgi); BENCH_SERVER=wsgi for gunicorn's sync workers.
bench-web-postgres: install-test sheet-deps messages bench-web-deps
	@url="$${DATABASE_URL:-$$(scripts/local-services postgres)}"; \
		DATABASE_URL="$$url" BENCH_ONLY="$${BENCH_ONLY:-live}" BENCH_CONNECTIONS="$${BENCH_CONNECTIONS:-50}" \
		BENCH_SERVER="$${BENCH_SERVER:-asgi}" $(PY) bench/web_bench.py

# The house rules for code: lint and format, the import layers, types (the engine strictly, the apps
# with django-stubs), Django's system checks, and no model change without its migration.
check: install-test messages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .cache .pytest_cache
