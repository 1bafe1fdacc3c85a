VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
MANILLE := $(VENV)/bin/manille

.PHONY: demo test bench mutation lint docs clean screenshots

$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.demo-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q -e '.[report,web]'
	touch $@

$(VENV)/.test-installed: $(VENV)/bin/python pyproject.toml
	$(PIP) install -q -e '.[test,report,web]'
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

# The browser tests drive Debian's Chromium (browsers cannot be downloaded here): installed
# when missing, a no-op when it is there.
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	apt-get update -qq
	apt-get install -y -qq chromium

test: $(VENV)/.test-installed $(CHROMIUM)
	$(VENV)/bin/ruff check manille_variants tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

# Retake the screenshots of docs/web.md (the browser tests, copying their pictures into docs/img/).
screenshots: $(VENV)/.test-installed $(CHROMIUM)
	UPDATE_SCREENSHOTS=1 $(VENV)/bin/pytest -q tests/test_web_browser.py

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
