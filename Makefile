# The two commands of the README: `make play` and `make test`.  Each one sets up
# what it needs on a fresh machine (Python 3.11 and pip) in .venv first.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: play test bundle sprites clean unix32

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

play: $(VENV)/.installed
	$(PY) tools/play.py $(ARGS)

# The 32-bit MicroPython VM of tools/bench_bots.py and tools/device_budget.py (npm), where
# Node.js is there; their tests skip where it is not.
WASM32 := tools/wasm32
$(WASM32)/node_modules/.installed: $(WASM32)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  (cd $(WASM32) && npm ci --no-audit --no-fund --loglevel=error) && touch $@ \
	  || echo "npm ci failed in $(WASM32): the 32-bit VM's test will skip"; \
	else echo "npm not found: the 32-bit VM's test will skip"; fi

# MicroPython's unix port built 32-bit, which collects as a board does (tools/device_budget.py
# --unix32): built on demand only, as root on Debian (apt-get), not by `make test`.
unix32: tools/unix32/micropython
tools/unix32/micropython: tools/unix32/build.sh tools/unix32/board_pool.patch
	sh tools/unix32/build.sh

# -n auto: a worker a core (pytest-xdist); ARGS='-n 0' runs in one process.
test: $(VENV)/.installed $(WASM32)/node_modules/.installed
	$(PY) -m pytest -n auto $(ARGS)

bundle: $(VENV)/.installed
	$(PY) tools/bundle.py $(ARGS)

sprites: $(VENV)/.installed
	$(PY) tools/make_sprites.py

clean:
	rm -rf dist .pytest_cache .hypothesis
