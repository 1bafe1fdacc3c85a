VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
MANILLE := $(VENV)/bin/manille

# The compiled core (core/): `maturin develop` rebuilds manille_variants._core in place,
# a debug build for the tests, a release build for the demo and the benchmarks.
MATURIN := VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/maturin
CARGO ?= cargo

.PHONY: catalog catalog-compile demo test bench mutation mutation-python mutation-rust lint docs site clean screenshots core core-release core-lint core-test

$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip

# The message catalogs (manille_variants/locale/*/LC_MESSAGES/manille.po, managed with Babel):
# `make catalog` moves page words still written as triples into the catalog and brings the
# Dutch and French catalogs up to every define("code", "English") of the source (new entries
# empty, to translate); every build compiles them into the .mo files the wheel carries.
LOCALE := manille_variants/locale
PYBABEL := $(VENV)/bin/pybabel

$(PYBABEL): $(VENV)/bin/python
	$(PIP) install -q "Babel>=2.12"

catalog: $(PYBABEL)
	$(PY) tools/words_to_catalog.py
	$(PY) tools/update_catalog.py

catalog-compile: $(PYBABEL)
	$(PYBABEL) -q compile -D manille -d $(LOCALE)

# The package is installed in place by `maturin develop` (with its extras): one build of the
# core, debug for the tests, release for the demo and the benchmarks.
$(VENV)/.demo-installed: $(VENV)/bin/python pyproject.toml | catalog-compile
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --release --extras report,web
	touch $@

# The tests build the documentation website too, hence the docs extra.
$(VENV)/.test-installed: $(VENV)/bin/python pyproject.toml | catalog-compile
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --extras test,report,web,docs
	touch $@

$(VENV)/.dev-installed: $(VENV)/bin/python pyproject.toml | catalog-compile
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --extras test,report,dev
	touch $@

$(VENV)/.bench-installed: $(VENV)/bin/python pyproject.toml | catalog-compile
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --release --extras bench
	touch $@

core: $(VENV)/.test-installed | catalog-compile
	$(MATURIN) develop --quiet

core-release: $(VENV)/.demo-installed | catalog-compile
	$(MATURIN) develop --quiet --release

core-lint:
	cd core && $(CARGO) fmt --check
	cd core && $(CARGO) clippy --quiet --all-targets -- -D warnings

core-test:
	cd core && $(CARGO) test --quiet

DEMO_DEALS ?= 25000

demo: $(VENV)/.demo-installed
	$(MAKE) core-release
	$(MANILLE) rulesets
	$(MANILLE) compare table-convention belgian belgian-capped french-coinchee \
		-n $(DEMO_DEALS) --report out/compare.html --force

# The browser tests drive Debian's Chromium (browsers cannot be downloaded here): installed
# when missing, a no-op when it is there.
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	apt-get update -qq
	apt-get install -y -qq chromium

# The suite runs on two workers (pytest-xdist): the machines have two cores.
TEST_WORKERS ?= 2

test: $(VENV)/.test-installed $(CHROMIUM) core core-lint core-test
	$(VENV)/bin/ruff check manille_variants tests bench tools
	$(VENV)/bin/mypy
	$(PY) -m mypy.stubtest manille_variants._core
	$(VENV)/bin/pytest -n $(TEST_WORKERS)

# Retake the screenshots of docs/web.md (the browser tests, copying their pictures into docs/img/).
screenshots: $(VENV)/.test-installed $(CHROMIUM)
	UPDATE_SCREENSHOTS=1 $(VENV)/bin/pytest -q tests/test_web_browser.py tests/test_web_phone.py tests/test_web_browser_tables.py

bench: $(VENV)/.bench-installed
	$(MATURIN) develop --quiet --release
	$(PY) bench/run.py

# Mutation testing of the rule code (see docs/testing.md); not part of `make test`.
# `make mutation` runs both parts: `mutation-python` (mutmut over the Python rules modules)
# and `mutation-rust` (cargo-mutants over the core's rule files, configured in
# core/.cargo/mutants.toml; results in core/mutants.out/).
MUTATION_WORKERS ?= 2
# One build at a time: the machines are 2 shared cores.
MUTATION_RUST_JOBS ?= 1
# Which of the core's rule files to mutate (a regex alternation of names in core/engine/src).
MUTATION_RUST_FILES ?= legality|scoring|deal|matchplay|rules|shuffle|pyrandom
CARGO_MUTANTS_VERSION := 27.1.0
CARGO_MUTANTS := $(or $(shell command -v cargo-mutants),$(or $(CARGO_HOME),$(HOME)/.cargo)/bin/cargo-mutants)

# Installed from the crates registry when missing, a no-op when it is there.
$(CARGO_MUTANTS):
	$(CARGO) install --locked cargo-mutants --version $(CARGO_MUTANTS_VERSION)

mutation: mutation-python mutation-rust

mutation-python: $(VENV)/.dev-installed
	$(VENV)/bin/mutmut run --max-children $(MUTATION_WORKERS)
	$(VENV)/bin/mutmut results

# The build timeout is explicit: with a warm target/ the baseline build takes 0 s and
# cargo-mutants would derive a timeout of 1 s from it.
mutation-rust: $(CARGO_MUTANTS)
	cd core && $(CARGO) mutants --jobs $(MUTATION_RUST_JOBS) --build-timeout 300 \
		--re '^engine/src/($(MUTATION_RUST_FILES))\.rs:'

docs: $(VENV)/.demo-installed
	$(PY) -m manille_variants.ruleset.docgen

# The documentation website (mkdocs.yml; strict: a broken link or anchor fails) into site/,
# the settings reference regenerated first, the API reference from the docstrings.
site: $(VENV)/.test-installed
	$(PY) -m manille_variants.ruleset.docgen
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site

clean:
	rm -rf $(VENV) build dist site .pytest_cache .mypy_cache .ruff_cache mutants core/target core/mutants.out core/mutants.out.old
	rm -f manille_variants/_core*.so
