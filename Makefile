# make run   a club night (README, "A club night"): serves the club's network (every
#            interface, PORT=8000) with gunicorn and the background worker, DEBUG off, the
#            data in DATA=data/ (SQLite, its secret key, backups); prints the address phones
#            use with its QR code; the first run makes the demo event and prints the
#            director's login (make director: a new password)
# make dev   the development server on 127.0.0.1:8000 (DEBUG on, reloads on every change)
# make test  set up and run the whole suite (DATABASE_URL=postgres://… make test for PostgreSQL)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
DATA ?= data

.PHONY: run manage director dev test bench load lint format messages check-messages check-migrations clean

# Everything but make run and make director is for people changing the code: DEBUG on.
dev test bench load lint format messages check-messages check-migrations: export DEBUG ?= 1

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

run: $(VENV)/.runtime
	$(BIN)/python -m scoresheet.club_night serve --port $(PORT) --data $(DATA)

director: $(VENV)/.runtime
	$(BIN)/python -m scoresheet.club_night director --port $(PORT) --data $(DATA)

# A management command on the club's data (make run's database, key and settings), from a
# fresh terminal: make manage ARGS="import_deals 3 round-2.pbn --round 2"
manage: $(VENV)/.runtime
	$(BIN)/python -m scoresheet.club_night manage --port $(PORT) --data $(DATA) $(ARGS)

dev: $(VENV)/.runtime
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_data
	$(BIN)/python manage.py demo_director
	@# A worker for the background jobs (deals analysis, large imports) beside the server,
	@# stopped with it.
	$(BIN)/python manage.py db_worker --no-startup-delay & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# The suite runs on every core (pytest-xdist; TEST_WORKERS=0 for one process).
TEST_WORKERS ?= auto
test: $(VENV)/.dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

bench: $(VENV)/.dev
	$(BIN)/python benchmarks/bench_scoring.py
	$(BIN)/python benchmarks/bench_swiss.py
	$(BIN)/python benchmarks/bench_standings.py
	$(BIN)/python benchmarks/bench_schedule.py
	$(BIN)/python benchmarks/bench_deals.py
	$(BIN)/python benchmarks/bench_swiss_pages.py
	$(BIN)/python benchmarks/bench_page_cache_gunicorn.py
	$(BIN)/python benchmarks/bench_table_posts.py
	$(BIN)/python benchmarks/bench_fair_play.py

# Load test: 50 players + 8 directors for 60 s against gunicorn on 127.0.0.1:8765 (fresh
# SQLite; DATABASE_URL=postgres://postgres@127.0.0.1:5432/loadtest make load for PostgreSQL).
# LOADTEST_SCENARIO=tables: 120 tables entering on their phones, 500 spectators, two servers;
# LOADTEST_SCENARIO=congress (PostgreSQL): 500 tables at a board every 6 to 8 minutes, 5,000
# spectators, 10 minutes, its aims printed met or missed (see loadtest/run.sh's header)
load: $(VENV)/.dev
	bash loadtest/run.sh

# mypy checks the packages pyproject.toml's [tool.mypy] names (django-stubs reads the
# settings: DEBUG=1, exported above).
lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(VENV)/.dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Refresh the .po catalogue from the code, then compile it (needs gettext's msgfmt).
messages: $(VENV)/.dev
	$(BIN)/python manage.py makemessages --locale zh_Hans --no-obsolete --add-location file --ignore ".venv/*" --ignore "staticfiles/*" --ignore "tests/*" --ignore "benchmarks/*" --ignore "loadtest/*"
	$(BIN)/python manage.py compilemessages --locale zh_Hans --ignore ".venv"

# Every msgid translated, and the committed .mo compiled from the committed .po.
check-messages: $(VENV)/.dev
	$(BIN)/python scripts/check_translations.py
	$(BIN)/python manage.py compilemessages --locale zh_Hans --ignore ".venv"

check-migrations: $(VENV)/.dev
	$(BIN)/python manage.py makemigrations --check --dry-run

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
