VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
MANILLE := $(VENV)/bin/manille

.PHONY: demo test bench mutation lint docs clean

$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.demo-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q -e '.[report]'
	touch $@

$(VENV)/.test-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q -e '.[test,report]'
	touch $@

$(VENV)/.dev-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q -e '.[test,report,dev]'
	touch $@

$(VENV)/.bench-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q -e '.[bench]'
	touch $@

DEMO_DEALS ?= 25000

demo: $(VENV)/.demo-installed
	$(MANILLE) rulesets
	$(MANILLE) compare table-convention belgian belgian-capped french-coinchee \
		-n $(DEMO_DEALS) --report out/compare.html --force

test: $(VENV)/.test-installed
	$(VENV)/bin/ruff check manille_variants tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

bench: $(VENV)/.bench-installed
	$(PY) bench/run.py

# Mutation testing of the rules modules (see docs/testing.md); not part of `make test`.
MUTATION_WORKERS ?= 2

mutation: $(VENV)/.dev-installed
	$(VENV)/bin/mutmut run --max-children $(MUTATION_WORKERS)
	$(VENV)/bin/mutmut results

docs: $(VENV)/.demo-installed
	$(PY) -m manille_variants.ruleset.docgen

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache mutants
