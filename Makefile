# mazzo — every target creates .venv on first use, so a fresh machine needs only Python >= 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
STAMP_WEB := $(VENV)/.installed-web
STAMP_BENCH := $(VENV)/.installed-bench

.PHONY: run menu test check unit bench bench-server strength playthroughs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

$(STAMP_WEB): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@ $(STAMP_RUN)

# the table server on the embedded SQLite default (~/.mazzo/mazzo.db); it prints the URL to open
run: $(STAMP_WEB)
	$(BIN)/mazzo serve

# the terminal menu
menu: $(STAMP_RUN)
	$(BIN)/mazzo menu

test: $(STAMP_DEV)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2

# everyday work: lint, types and the fast tier, the tests not marked slow (every game's rules and
# worked examples; no live server, browser, Ray or soak): under two minutes on 2 cores
check: $(STAMP_DEV)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 -m "not slow"

unit: $(STAMP_DEV)
	$(BIN)/pytest -n 2

# the peers (OpenSpiel, RLCard, treys) come with the bench extra
$(STAMP_BENCH): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $@ $(STAMP_DEV) $(STAMP_RUN)

# games, search, peers and rl in turn; python -m benchmarks --help: each alone, and the other tools
bench: $(STAMP_BENCH)
	$(BIN)/python -m benchmarks

# one mazzo serve under 100, 500 and 1,000 tables of bot-speed websocket clients (not in CI;
# about 4 minutes); docs/server.md "Benchmark" has the numbers
bench-server: $(STAMP_DEV)
	$(BIN)/python -m benchmarks server

playthroughs: $(STAMP_DEV)
	$(BIN)/python tests/playthroughs/regenerate.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

strength: $(STAMP_DEV)
	$(BIN)/python scripts/strength.py
