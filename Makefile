# pontoon-cli: every target creates .venv if it is missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
BENCH_VENV := .venv-bench
STAMP_BENCH := $(BENCH_VENV)/.installed-bench

.PHONY: test lint demo bench snapshots rulebook mutation clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

# The bench environment is separate: gymnasium is a benchmark reference, never a dependency.
$(STAMP_BENCH): pyproject.toml
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e . gymnasium
	touch $@

## make test: lint, then the whole test suite (what CI runs).
test: lint
	$(BIN)/python -m pytest -q

## make lint: ruff check, ruff format --check, mypy --strict.
lint: $(STAMP_TEST)
	$(BIN)/ruff check pontoon_cli tests
	$(BIN)/ruff format --check pontoon_cli tests
	$(BIN)/mypy --strict pontoon_cli

## make demo: play a short seeded game, show its log, and verify it with replay.
demo: $(STAMP_RUN)
	$(BIN)/pontoon play --seed 7 --deals 3 --players 4
	$(BIN)/pontoon play --seed 7 --deals 3 --players 4 | $(BIN)/pontoon replay -

## make bench: speed figures (never asserted by tests): contenders interleaved in each round,
## CPU time, medians of per-round ratios. BENCH_ROUNDS=5, BENCH_BUILD=pure|both, BENCH_REPLAY_MB=200.
## $(STAMP_BUILD) (the compiled modules, where the mypyc build exists) so the bench runs that build.
bench: $(STAMP_BENCH) $(STAMP_BUILD)
	$(BENCH_VENV)/bin/python bench/bench.py

## make snapshots: rewrite the syrupy snapshots (review the diff like code).
snapshots: $(STAMP_TEST)
	$(BIN)/python -m pytest -q --snapshot-update tests/test_scenarios.py

## make rulebook: copy docs/rules.md (the one rules text people edit) into the package.
rulebook:
	cp docs/rules.md pontoon_cli/rulebook.md

## make mutation: the project's own mutation run (not CI: minutes per module). MODULES to choose,
## e.g. make mutation MODULES="hands settle" MUTATE_ARGS="--sample 60".
MODULES ?= hands settle deal_state deal game replay replay_source replay_report replay_pack replay_compare replayer logcheck
MUTATE_ARGS ?=
mutation: $(STAMP_TEST)
	$(BIN)/python tools/mutate.py $(MODULES) $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
