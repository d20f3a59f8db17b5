# cardtable: every target sets up its own .venv first, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean catalogs compiled test-compiled

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

# Where the C compiler that builds extensions for this Python ($CC, else the one it was built with) is there,
# the compiled engines are built first; then the whole suite runs on the pure package (tests/test_compiled.py
# compares it with the compiled build), then the engine's suites again on the compiled build. Without a
# compiler it says so and why.
test: lint
	@compiler=$$($(BIN)/python -c 'import os, sysconfig; print((os.environ.get("CC") or sysconfig.get_config_var("CC")).split()[0])'); \
	if command -v "$$compiler" >/dev/null; then $(MAKE) --no-print-directory compiled; \
	else echo "make test: no C compiler ($$compiler): the compiled engines will not be built nor tested"; fi
	$(BIN)/python -m pytest -q -rs  # -rs: each skipped suite says which service it needs
	@if [ -f $(COMPILED)/.built ] && $(MAKE) -q --no-print-directory compiled; then \
	  $(MAKE) --no-print-directory test-compiled; \
	else echo "make test: the compiled engines' suites did NOT run: no C compiler to build them"; fi

# The compiled engines (README "Compiled engines"): the whole package built by setup.py into a tree of its
# own, core, games and bots as Cython extensions beside their .py; PYTHONPATH=$(COMPILED) selects it over the
# editable install (src/, pure: the reference). Rebuilt when any file of the package changes; setup.py redoes
# only the modules that changed, and a module removed from src/ is removed here (games/ is scanned for games).
COMPILED := build/compiled
PACKAGE_FILES := $(shell find src/cardtable -type f ! -path '*/__pycache__/*' ! -name '*.mo')
$(COMPILED)/.built: $(STAMP) setup.py $(PACKAGE_FILES)
	[ ! -d $(COMPILED)/cardtable ] || (cd $(COMPILED) && find cardtable -name '*.py' -o -name '*.so' | \
	  while read -r file; do module=$${file%%.cpython-*}; \
	    [ -f "$(CURDIR)/src/$${module%.py}.py" ] || rm -f "$$file"; done)
	CARDTABLE_COMPILE=1 $(BIN)/python setup.py --quiet build --build-lib $(COMPILED)
	touch $@
compiled: $(COMPILED)/.built

# The engine's suites on the compiled engines. CARDTABLE_EXPECT_COMPILED makes tests/conftest.py stop the run
# unless every engine module was loaded from its extension, and tests/test_compiled.py compares the two
# builds' play byte for byte.
ENGINE_SUITES := tests/core tests/games tests/bots tests/test_contract.py tests/test_compiled.py
test-compiled: compiled
	CARDTABLE_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED) $(BIN)/python -m pytest -q -rs $(ENGINE_SUITES)

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
	rm -rf $(VENV) $(BENCH_VENV) .pytest_cache .ruff_cache .hypothesis build
	find src -name '*.so' -delete  # a compiled editable install's extensions (setup.py)
