# cardtable: every target sets up its own .venv first, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean catalogs

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The online table on http://127.0.0.1:8000 (a SQLite file in the user's data directory).
run: $(STAMP)
	$(BIN)/cardtable serve

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy  # strict, on core, games, narration, bots and tournaments ([tool.mypy] in pyproject.toml)

test: lint
	$(BIN)/python -m pytest -q -rs  # -rs: each skipped suite says which service it needs

# The translation catalogs: extract every domain's messages (babel/<domain>.cfg says from where) into its
# template and bring each language's catalog up to date with it; new and changed messages then wait,
# untranslated or fuzzy, for a translator (docs/translating.md). tests/test_catalogs.py fails until they are done.
DOMAINS := narration site web terminal mail
LOCALES := nl de fr
catalogs: $(STAMP)
	for domain in $(DOMAINS); do \
	  $(BIN)/pybabel -q extract --no-location --sort-output --add-comments=Translators: \
	    --project=cardtable --copyright-holder="the cardtable authors" \
	    -F babel/$$domain.cfg -o src/cardtable/locale/$$domain.pot . || exit 1; \
	  for lang in $(LOCALES); do \
	    if [ -f src/cardtable/locale/$$lang/LC_MESSAGES/$$domain.po ]; then \
	      $(BIN)/pybabel -q update --ignore-obsolete --no-wrap -D $$domain -i src/cardtable/locale/$$domain.pot -d src/cardtable/locale -l $$lang || exit 1; \
	    else \
	      $(BIN)/pybabel -q init --no-wrap -D $$domain -i src/cardtable/locale/$$domain.pot -d src/cardtable/locale -l $$lang || exit 1; \
	    fi; \
	  done; \
	done

# The bench environment has its own venv with the `bench` extra (OpenSpiel's hearts, PettingZoo's
# texas_holdem_v4 through rlcard) and the `learn` extra (sb3-contrib and torch, for the examples).
BENCH_VENV := .venv-bench
$(BENCH_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/pip install --quiet -e '.[bench,learn]'
	touch $@

bench: $(BENCH_VENV)/.installed
	for script in benchmarks/bench_*.py; do $(BENCH_VENV)/bin/python $$script || exit 1; done

clean:
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .ruff_cache .hypothesis
