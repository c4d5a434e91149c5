# parlour: the two quick-start commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-postgres bench soak fuzz lint typecheck messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev,postgres,openspiel,e2e,ray,plot,rl,fuzz,vector]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/parlour serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples scripts

# src, and the Ranter odds study (a typed module that lives in scripts/)
typecheck: $(STAMP)
	$(BIN)/mypy --strict src scripts/ranter_odds.py

# every test; then the server tests again on a throwaway PostgreSQL cluster
# (scripts/with_postgres.sh), or a line saying why they are skipped
test: lint typecheck
	$(BIN)/pytest -n auto -rs
	@if bash scripts/with_postgres.sh --check; then \
		bash scripts/with_postgres.sh $(MAKE) --no-print-directory test-postgres; \
	else \
		echo "make test: the server tests on PostgreSQL are skipped: this machine has no" \
			"PostgreSQL server programs (Debian: apt-get install postgresql; .ci/run does)"; \
	fi

# The server tests again on PostgreSQL, with the tests of several server processes
# (tests/e2e/test_cluster_browser.py, load.py over two): a fresh database a test on the server
# PARLOUR_TEST_DATABASE_URL names (postgresql+psycopg://user@/postgres?host=
# /socket/folder; the user creates and drops them). make test starts a
# throwaway server for it; without the variable the tests use SQLite files.
test-postgres: $(STAMP)
	@test -n "$$PARLOUR_TEST_DATABASE_URL" || { \
		echo "make test-postgres: set PARLOUR_TEST_DATABASE_URL to a PostgreSQL server" >&2; \
		exit 2; }
	$(BIN)/pytest -n auto -rs tests/server tests/e2e/test_cluster_browser.py \
		tests/test_load_soak_scripts.py::test_a_few_tables_are_played_without_an_error \
		tests/test_load_soak_scripts.py::test_a_few_tables_are_played_over_two_server_processes

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# 10,000 random matches of every game, every invariant after every action
# (scripts/soak.py, docs/reliability.md); hours, so not part of make test.
# Finished chunks go to soak-results.jsonl: a stopped soak resumes there
# (delete the file to start again).
soak: $(STAMP)
	$(BIN)/python scripts/soak.py --results soak-results.jsonl

# the fuzz tests with many random examples each (tests/fuzz/conftest.py);
# make test runs them with a few fixed ones
fuzz: $(STAMP)
	PARLOUR_FUZZ_PROFILE=parlour-fuzz-deep $(BIN)/pytest -n auto tests/fuzz

# bring the Spanish catalogues (src/parlour/locale) up to date with the sources:
# new messages wait there untranslated (tests/test_i18n.py names them)
messages: $(STAMP)
	$(BIN)/python -m parlour.i18n

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
