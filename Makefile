# The user commands. CMake does the building; this file only chains the steps.
#   make run   [ARGS="..."]   install deps, build, start the window
#   make test                 install deps, build, run every test (Xvfb + Mesa)
#   make bench [ARGS="..."]   install deps, build, print the bandwidth tables
BUILD ?= build
ARGS ?=
MAKEFLAGS += --no-print-directory
JOBS := $(shell nproc 2>/dev/null || echo 2)

.PHONY: help run test bench deps build clean
.DEFAULT_GOAL := help

help:
	@echo "make run   [ARGS=\"...\"]  build and start heatlab (window)"
	@echo "make test                run all tests (gl tier under xvfb-run, software GL)"
	@echo "make bench [ARGS=\"...\"]  build and run heatlab bench"
	@echo "make clean               remove $(BUILD)/"

# Prints one line and installs nothing when every package is already there.
deps:
	@bash third_party/install-deps.sh

# Configured once; afterwards `cmake --build` re-runs cmake itself when a
# CMakeLists.txt changes. A real file target, so it is skipped when present.
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

run: build
	$(BUILD)/heatlab $(ARGS)

bench: build
	$(BUILD)/heatlab bench $(ARGS)

# One ctest run so its summary is the last line printed. xvfb-run -a picks a
# free display; LIBGL_ALWAYS_SOFTWARE makes Mesa use llvmpipe, no GPU needed.
# Serial on purpose: timing-sensitive tests must not share the cores.
test: build
	LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
	  ctest --test-dir $(BUILD) --output-on-failure

clean:
	rm -rf $(BUILD)
