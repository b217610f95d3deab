# Every target sets up .venv by itself: on a fresh machine `make test` or `make serve` is enough.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
# A stamp per extra: reinstall when pyproject.toml changes.
STAMP_APP := $(VENV)/.installed-app
STAMP_TEST := $(VENV)/.installed-test
STAMP_HUB := $(VENV)/.installed-hub
# JupyterHub's proxy, from npm (sq2edu hub finds it here when it is not on the PATH).
PROXY := .hub/node_modules/.bin/configurable-http-proxy
# The installer's own notes (the build backend's warnings) go to a log a teacher never has to
# read; they are shown only if the installation fails.
INSTALL_LOG := $(VENV)/install.log
QUIETLY = > $(INSTALL_LOG) 2>&1 || (cat $(INSTALL_LOG); exit 1)
# Voilà's page for the notebooks, which links nothing on another host: a wheel installs it
# among its data files, an editable install has none (sq2edu/ui/voila_page.py).
VOILA_PAGE = $(PY) -c "from sq2edu.ui.voila_page import install_voila_template as i; i()"

.PHONY: serve hub test check lint ruff bench loadtest notebooks lessons golden messages translations mutation sweep confusables clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip $(QUIETLY)

$(STAMP_APP): pyproject.toml | $(PY)
	@echo "sq2edu: installing (a few minutes the first time) ..."
	@$(PY) -m pip install --quiet -e . $(QUIETLY)
	@$(VOILA_PAGE)
	@touch $@

# The test tools are installed with uv, which installs the same packages from PyPI as pip in
# a third of the time (19 s instead of 53 s, cold caches, CONTRIBUTING.md); a fresh clone's
# make test pays it once. A teacher's make serve keeps to pip, which reads a school's pip.conf.
$(STAMP_TEST): pyproject.toml | $(PY)
	@echo "sq2edu: installing with the test tools (a minute or two the first time) ..."
	@$(PY) -m pip install --quiet uv $(QUIETLY)
	$(BIN)/uv pip install --python $(PY) --quiet -e '.[dev]' $(QUIETLY)
	@$(VOILA_PAGE)
	@touch $@ $(STAMP_APP) $(STAMP_HUB)

$(STAMP_HUB): pyproject.toml | $(PY)
	@echo "sq2edu: installing with JupyterHub (a few minutes the first time) ..."
	@$(PY) -m pip install --quiet -e '.[hub]' $(QUIETLY)
	@$(VOILA_PAGE)
	@touch $@ $(STAMP_APP)

$(PROXY): | $(PY)
	@echo "sq2edu: installing JupyterHub's proxy from npm ..."
	@npm install --silent --no-audit --no-fund --prefix .hub configurable-http-proxy@4 $(QUIETLY)

## serve: set up and start the classroom (student app on the network, dashboard on localhost);
## make serve CODE=OWL sets the class code (kept for the next start; CODE= for none)
serve: $(STAMP_APP)
	$(BIN)/sq2edu serve $(if $(filter command line,$(origin CODE)),--class-code="$(CODE)")

## hub: a school's JupyterHub on this machine, its store's address in a file only you can read
## (make hub DB_FILE=/etc/sq2edu/store-address); IP=, PORT=, DATA=, PROXY=, HUB_PORT=,
## PROXY_API_PORT=, SERVICE_PORT=, TEACHERS_PORT=, CLASSROOM_PORT=, SERVICE_IP= as
## sq2edu hub's options and c.SchoolHub's (docs/deploy.md)
HUB_OPTIONS := DB_FILE IP PORT DATA PROXY HUB_PORT PROXY_API_PORT SERVICE_PORT \
	TEACHERS_PORT CLASSROOM_PORT SERVICE_IP CLASS_KERNELS CLASS_POOL
hub: $(STAMP_HUB) $(PROXY)
	$(if $(DB),$(error make hub takes the store's address from a file, never from the command \
	line (where every account reads it): make hub DB_FILE=FILE, a file only you can read))
	$(BIN)/sq2edu hub $(foreach option,$(HUB_OPTIONS),$(if $($(option)),--$(subst \
	_,-,$(shell echo $(option) | tr A-Z a-z))="$($(option))"))

# Workers of `make test`: each worker waits part of the time for its servers, kernels and
# pages, so one worker more than the cores keeps them all busy (two workers on two cores: 15
# min 41 s, three: 14 min 10 s; CONTRIBUTING.md). make test WORKERS=1 runs one test at a time.
WORKERS ?= 3
# Python keeps the modules it compiles (and pytest its rewritten tests) in __pycache__, which
# every worker, server and kernel of a run then reuses, unless the environment says not to.
CACHING = env -u PYTHONDONTWRITEBYTECODE
PYTEST = $(CACHING) $(BIN)/pytest
# mypy runs beside the tests, not before them: its CPU (14 s without its cache) then shares
# the cores with the tests instead of holding up their start.
MYPY_LOG := $(VENV)/mypy.log
WITH_MYPY = $(CACHING) $(BIN)/mypy > $(MYPY_LOG) 2>&1 & typing=$$!;
AND_MYPY = ; tests=$$?; wait $$typing; typed=$$?; cat $(MYPY_LOG); \
	test $$tests -eq 0 && test $$typed -eq 0

## test: set up with the test extras and run every check: lint, types, unit, property, browser,
## hub, notebooks and lessons, shared out between $(WORKERS) workers
test: $(STAMP_TEST) $(PROXY)
	@$(MAKE) --no-print-directory ruff
	@$(WITH_MYPY) $(PYTEST) -n $(WORKERS) --dist loadgroup --nbval $(AND_MYPY)

## check: the quick check before a commit: ruff, mypy and the tests that need no browser, no
## server and no long simulation (about 160 s of CPU, on two workers)
check: $(STAMP_TEST)
	@$(MAKE) --no-print-directory ruff
	@$(WITH_MYPY) $(PYTEST) -n 2 --dist loadgroup -m "not browser and not server and not slow" \
		-q --durations=5 $(AND_MYPY)

## lint: ruff, mypy and the import contracts (the layers of CONTRIBUTING.md)
lint: ruff $(STAMP_TEST)
	$(CACHING) $(BIN)/mypy
	$(BIN)/lint-imports --no-cache

ruff: $(STAMP_TEST)
	$(BIN)/ruff check sq2edu tests benchmarks conftest.py
	$(BIN)/ruff format --check sq2edu tests benchmarks conftest.py

## bench: measure speed, write docs/performance.md
bench: $(STAMP_TEST)
	$(PY) -m benchmarks.run --write docs/performance.md

## loadtest: a class of 30 headless students against sq2edu serve, then ten tables of three
## classmates on one server and on two servers sharing PostgreSQL, then three classes signing
## in to a school's hub, then a class challenge of 30 answering in one minute; figures in
## docs/performance.md
loadtest: $(STAMP_TEST) $(PROXY)
	$(PY) -m benchmarks.run --only loadtest --write docs/performance.md
	$(PY) -m benchmarks.run --only tables_load --write docs/performance.md
	$(PY) -m benchmarks.run --only hub_load --write docs/performance.md
	$(PY) -m benchmarks.run --only challenge_load --write docs/performance.md

## notebooks: re-execute the notebooks and save their outputs (after an intended change)
notebooks: $(STAMP_TEST)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb

## confusables: write the look-alike letters of nicknames from Unicode's confusables.txt
## (make confusables SOURCE=path/to/confusables.txt; review the diff)
confusables: $(STAMP_APP)
	$(PY) -m sq2edu.progress.confusables "$(SOURCE)"

## lessons: write the lesson notebooks of every language from the package, run them and save
## their outputs (after an intended change; review the diff)
lessons: $(STAMP_TEST)
	$(PY) -m sq2edu.lessons.notebooks lessons
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False \
		lessons/*/*.ipynb

## sweep: every state a child meets, drawn in three languages at three sizes, with every
## look's screenshot kept in test-artifacts/sweep/ (make test keeps only those with a problem)
sweep: $(STAMP_TEST)
	SQ2EDU_SWEEP_SHOTS=all $(PYTEST) -n $(WORKERS) tests/browser/test_sweep.py -q

## mutation: mutation testing of the checker and the rules of both editions (slow, not part of
## `make test`; what and why in docs/mutation.md), then the score of each module
mutation: $(STAMP_TEST)
	rm -rf mutants
	$(BIN)/mutmut run --max-children 2
	$(BIN)/mutmut results --all true | awk -F': ' ' \
		{ m = $$1; sub(/^ +/, "", m); sub(/\.x.*$$/, "", m); total[m]++; all++ } \
		$$2 == "killed" || $$2 == "timeout" { killed[m]++; dead++ } \
		END { for (m in total) printf "%-26s %4d/%-4d killed  %5.1f%%\n", m, killed[m], total[m], \
			100 * killed[m] / total[m] | "sort"; close("sort"); \
			printf "%-26s %4d/%-4d killed  %5.1f%%\n", "all", dead, all, 100 * dead / all }'
	$(BIN)/mutmut results

## messages: collect every message into sq2edu/locale/sq2edu.pot and add new ones to each language
messages: $(STAMP_TEST)
	$(BIN)/pybabel extract -k _ -k ngettext:1,2 -k N_ --no-location --sort-output \
		--project=sq2edu --copyright-holder="The sq2edu team" -o sq2edu/locale/sq2edu.pot sq2edu
	$(BIN)/pybabel update -i sq2edu/locale/sq2edu.pot -d sq2edu/locale -D sq2edu \
		--no-wrap --no-fuzzy-matching --ignore-pot-creation-date

## translations: compile the translators' .po files into the .mo files sq2edu reads
translations: $(STAMP_TEST)
	$(BIN)/pybabel compile -d sq2edu/locale -D sq2edu --statistics

## golden: rewrite the golden playthroughs of both editions (after an intended change)
golden: $(STAMP_TEST)
	$(PY) -m tests.golden

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
