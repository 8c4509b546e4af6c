# The two commands of the README: `make play` and `make test`.  Each one sets up
# what it needs on a fresh machine (Python 3.11 and pip) in .venv first.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: play test bundle sprites preview clean

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

play: $(VENV)/.installed
	$(PY) tools/play.py $(ARGS)

test: $(VENV)/.installed
	$(PY) -m pytest $(ARGS)

bundle: $(VENV)/.installed
	$(PY) tools/bundle.py $(ARGS)

sprites: $(VENV)/.installed
	$(PY) tools/make_sprites.py

preview: $(VENV)/.installed
	$(PY) tools/preview_ui.py $(ARGS)

clean:
	rm -rf dist .pytest_cache .hypothesis
