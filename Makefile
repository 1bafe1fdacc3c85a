VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
MANILLE := $(VENV)/bin/manille

# The compiled core (core/): `maturin develop` rebuilds manille_variants._core in place,
# a debug build for the tests, a release build for the demo and the benchmarks.
MATURIN := VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/maturin
CARGO ?= cargo

.PHONY: demo test bench mutation lint docs clean screenshots core core-release core-lint core-test

$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip

# The package is installed in place by `maturin develop` (with its extras): one build of the
# core, debug for the tests, release for the demo and the benchmarks.
$(VENV)/.demo-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --release --extras report,web
	touch $@

$(VENV)/.test-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --extras test,report,web
	touch $@

$(VENV)/.dev-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --extras test,report,dev
	touch $@

$(VENV)/.bench-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q maturin
	$(MATURIN) develop --quiet --release --extras bench
	touch $@

core: $(VENV)/.test-installed
	$(MATURIN) develop --quiet

core-release: $(VENV)/.demo-installed
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

test: $(VENV)/.test-installed $(CHROMIUM) core core-lint core-test
	$(VENV)/bin/ruff check manille_variants tests bench
	$(VENV)/bin/mypy
	$(PY) -m mypy.stubtest manille_variants._core
	$(VENV)/bin/pytest

# Retake the screenshots of docs/web.md (the browser tests, copying their pictures into docs/img/).
screenshots: $(VENV)/.test-installed $(CHROMIUM)
	UPDATE_SCREENSHOTS=1 $(VENV)/bin/pytest -q tests/test_web_browser.py

bench: $(VENV)/.bench-installed
	$(MATURIN) develop --quiet --release
	$(PY) bench/run.py

# Mutation testing of the rules modules (see docs/testing.md); not part of `make test`.
MUTATION_WORKERS ?= 2

mutation: $(VENV)/.dev-installed
	$(VENV)/bin/mutmut run --max-children $(MUTATION_WORKERS)
	$(VENV)/bin/mutmut results

docs: $(VENV)/.demo-installed
	$(PY) -m manille_variants.ruleset.docgen

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache mutants core/target
	rm -f manille_variants/_core*.so
