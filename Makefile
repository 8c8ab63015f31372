# pontoon-cli: every target creates .venv if it is missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
STAMP_BUILD := $(VENV)/.built
BENCH_VENV := .venv-bench
STAMP_BENCH := $(BENCH_VENV)/.installed-bench

# What the build needs (pyproject's [build-system] requires: setuptools, and mypy for mypyc), and
# the sources it compiles (every engine-side module: pontoon_cli/_build.py says which).
BUILD_REQUIRES := $(shell $(PYTHON) -c "import tomllib; print(*map(repr, tomllib.load(open('pyproject.toml', 'rb'))['build-system']['requires']))")
COMPILED_SOURCES := $(shell $(PYTHON) pontoon_cli/_build.py)
# The release's tools (pyproject's optional-dependencies.release: build, twine, nox).
RELEASE_REQUIRES := $(shell $(PYTHON) -c "import tomllib; print(*map(repr, tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['release']))")
STAMP_RELEASE := $(VENV)/.installed-release

.PHONY: test suite lint docs commands demo sdist dist smoke matrix bench profile snapshots rulebook \
	mutation clean

$(BIN)/python:
	@echo "pontoon: creating $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The package is installed editable and pure first (quick); $(STAMP_BUILD) then compiles in place.
# PYTHONWARNINGS=ignore keeps setuptools' boxed notice about editable installs out of the way.
$(STAMP_RUN): pyproject.toml setup.py | $(BIN)/python
	@echo "pontoon: installing the package and what it needs into $(VENV) (pip, quiet; under a minute)"
	$(BIN)/python -m pip install --quiet $(BUILD_REQUIRES)
	PYTHONWARNINGS=ignore PONTOON_PURE_BUILD=1 $(BIN)/python -m pip install --quiet --no-build-isolation -e .
	touch $@

$(STAMP_TEST): pyproject.toml setup.py | $(BIN)/python
	@echo "pontoon: installing the package with its test, docs and extras into $(VENV) (pip, quiet)"
	$(BIN)/python -m pip install --quiet $(BUILD_REQUIRES)
	PYTHONWARNINGS=ignore PONTOON_PURE_BUILD=1 $(BIN)/python -m pip install --quiet --no-build-isolation -e '.[test,plot,dask,docs,release]'
	touch $@ $(STAMP_RUN) $(STAMP_RELEASE)

$(STAMP_RELEASE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(RELEASE_REQUIRES)
	touch $@

# The compiled modules (pontoon_cli/*.so and their build record), rebuilt whenever a compiled
# source changes. Without a working C compiler this warns in one line and leaves pure Python.
# setup.py says each step; on a terminal it counts the modules and the seconds as it compiles.
$(STAMP_BUILD): $(STAMP_RUN) $(COMPILED_SOURCES) setup.py pyproject.toml pontoon_cli/_build.py
	@echo "pontoon: compiling the engine with mypyc (about 2 minutes, once; later runs reuse it)"
	$(BIN)/python setup.py --quiet build_ext --inplace
	touch $@

# The bench environment is separate: gymnasium is a benchmark reference, never a dependency.
$(STAMP_BENCH): pyproject.toml
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore PONTOON_PURE_BUILD=1 $(BENCH_VENV)/bin/python -m pip install --quiet -e . gymnasium
	rm -f $(STAMP_BUILD)  # that install leaves the package pure in place: compile it again
	touch $@

# The pure-Python pass leaves out the docs' and the help's examples and the built site's checks:
# they check text the two builds print alike, and the rest of the suite runs the engine there.
# It leaves out the exact calculations' own slowest tests too: pontoon_cli/solver is pure Python
# in both builds (_build.NOT_COMPILED_PACKAGES), so the first pass has run the same code.
PURE_SKIP := --ignore=tests/project/test_readme.py --ignore=tests/project/test_help.py \
	--ignore=tests/project/test_site.py \
	--ignore=tests/strategy/test_equilibrium.py --ignore=tests/strategy/test_equilibrium_table.py \
	--deselect=tests/strategy/test_strategy_finite.py::test_C1_the_finite_shoe_edge_falls_towards_the_infinite_deck_as_decks_grow \
	--deselect=tests/strategy/test_strategy_finite.py::test_policy_improvement_finds_the_table_back_from_a_spoiled_one
# pytest-xdist: one test process per core (the suite keeps no state between tests: each writes
# under its own tmp_path). On this project's 2-core machine it halves the suite's time.
PYTEST := $(BIN)/python -m pytest -q -n auto

## make test: lint, the docs site, then the whole test suite on the compiled build (where a C
## compiler works), then again on the pure-Python sources (PONTOON_PURE=1; but PURE_SKIP). What CI
## runs, before make smoke. The docs tests read the site this builds (build/docs).
test: lint docs suite

## make suite: the whole test suite, compiled then pure (make test without lint and the site).
suite: $(STAMP_BUILD)
	$(BIN)/pontoon --version
	$(PYTEST)
	PONTOON_PURE=1 $(BIN)/pontoon --version
	PONTOON_PURE=1 $(PYTEST) $(PURE_SKIP)

## make lint: ruff check, ruff format --check, mypy --strict, and the package's layers
## (lint-imports: pyproject.toml's [tool.importlinter] contracts).
lint: $(STAMP_TEST)
	$(BIN)/ruff check pontoon_cli tests tools bench examples setup.py noxfile.py
	$(BIN)/ruff format --check pontoon_cli tests tools bench examples setup.py noxfile.py
	$(BIN)/mypy --strict pontoon_cli
	$(BIN)/lint-imports

## make docs: the documentation site (docs/, Sphinx + MyST) into build/docs, warnings as errors,
## so a broken link, a missing page or a reference to a heading that is gone fails it.
docs: $(STAMP_TEST)
	$(BIN)/python tools/command_reference.py --check
	$(BIN)/python -m sphinx -W --keep-going -q -b html docs build/docs

## make sdist: the source distribution alone, into a fresh dist/ (python -m build --sdist; seconds).
sdist: $(STAMP_RELEASE)
	rm -rf dist
	$(BIN)/python -m build --quiet --sdist --outdir dist .

## make dist: the source distribution and a wheel for this machine built from it, into dist/
## (python -m build; the wheel compiled where a C compiler works: about 2 minutes), then twine
## check and the list of what each holds (tools/dist_manifest.py). Uploads nothing.
dist: sdist
	$(BIN)/python -m build --quiet --wheel --outdir dist dist/pontoon_cli-*.tar.gz
	$(BIN)/python -m twine check --strict dist/*
	$(BIN)/python tools/dist_manifest.py dist/*

## make smoke: what CI runs after make test, beside make dist (make -j2 -O dist smoke: the two
## compiles share the cores). On each of Python 3.11, 3.12, 3.13 found here (nox; a missing one
## is skipped with a line): install as a user would (the sdist into a clean venv, compiled, on
## the first; the clone, pure, on the others), the same bytes for play --seed 7 --deals 2000,
## replay verifies, the pytest plugin runs. SMOKE_COMPILE=all compiles all.
smoke: sdist $(STAMP_BUILD)
	$(BIN)/nox -s smoke

## make matrix: the whole suite, compiled and pure, on each of Python 3.11, 3.12, 3.13 found here
## (nox, in copies of the tree under .nox/; a missing one is skipped with a line). About 6 minutes
## a Python; not part of CI, which runs make smoke.
matrix: $(STAMP_RELEASE)
	$(BIN)/nox -s tests

## make commands: rewrite docs/reference/commands.md from the commands' own --help.
commands: $(STAMP_TEST)
	$(BIN)/python tools/command_reference.py

## make demo: play a short seeded game into a log, verify it with replay, and show its deals.
DEMO_LOG := $(VENV)/demo.jsonl
demo: $(STAMP_BUILD)
	$(BIN)/pontoon --version
	$(BIN)/pontoon play --seed 7 --deals 3 --players 4 --out $(DEMO_LOG)
	$(BIN)/pontoon replay $(DEMO_LOG)
	$(BIN)/pontoon show $(DEMO_LOG)

## make bench: speed figures (never asserted by tests): contenders interleaved in each round,
## CPU time, medians of per-round ratios. BENCH_ROUNDS=5, BENCH_BUILD=pure|both, BENCH_REPLAY_MB=200.
## $(STAMP_BUILD) (the compiled modules, where the mypyc build exists) so the bench runs that build.
bench: $(STAMP_BENCH)
	$(MAKE) --no-print-directory $(STAMP_BUILD)
	$(BENCH_VENV)/bin/python bench/bench.py

## make profile: where the instructions go (valgrind's callgrind) in play, replay and simulate,
## compiled; counts, not times, so two commits compare exactly. Needs valgrind.
profile: $(STAMP_BENCH) $(STAMP_BUILD)
	$(BENCH_VENV)/bin/python bench/callgrind.py

## make snapshots: rewrite the syrupy snapshots (review the diff like code).
snapshots: $(STAMP_TEST)
	$(BIN)/python -m pytest -q --snapshot-update tests/scenario/test_scenarios.py tests/views/test_views_show.py

## make rulebook: copy docs/rules.md (the one rules text people edit) into the package.
rulebook:
	cp docs/rules.md pontoon_cli/rulebook.md

## make mutation: the project's own mutation run (not CI: minutes per module). MODULES to choose,
## e.g. make mutation MODULES="core.hands core.settle" MUTATE_ARGS="--sample 60".
MODULES ?= core.hands core.settle base.deal traditional.legality traditional.deal traditional.game replay.run \
	logformat.sources logformat.divergence traditional.pack traditional.compare replay.replayer logformat.check
MUTATE_ARGS ?=
mutation: $(STAMP_TEST)
	$(BIN)/python tools/mutate.py $(MODULES) $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist .nox
	rm -f pontoon_cli/*.so pontoon_cli/_build_record.txt
