# The user commands. CMake does the building; this file only chains the steps.
#   make run   [ARGS="..."]   install deps, build, start the window
#   make test                 install deps, build, run every test (Xvfb + Mesa)
#   make format-check         fail naming the files `make format` would change (clang-format 14 or 19)
#   make bench [ARGS="..."]   install deps, build, print the bandwidth tables
#   make format               apply .clang-format to every C++ and CUDA source
#   make test-sanitize        CPU-only build with ASan + UBSan, cpu and gl tests, zero reports
BUILD ?= build
SANITIZE_BUILD ?= build-sanitize
ARGS ?=
MAKEFLAGS += --no-print-directory
JOBS := $(shell nproc 2>/dev/null || echo 2)
# Our sources, found without git so a plain copy of the tree works too.
SOURCES = $(shell find app kernels tests \( -name '*.cpp' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \) -type f | sort)
# xvfb-run -a picks a free display; LIBGL_ALWAYS_SOFTWARE makes Mesa use
# llvmpipe, no GPU needed.
XVFB = LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1280x1024x24"

.PHONY: help run test bench deps build clean format format-check test-sanitize
.DEFAULT_GOAL := help

help:
	@echo "make run   [ARGS=\"...\"]  build and start heatlab (window)"
	@echo "make test                run all tests (gl tier under xvfb-run, software GL)"
	@echo "make bench [ARGS=\"...\"]  build and run heatlab bench"
	@echo "make format              apply .clang-format to the sources"
	@echo "make format-check        name the files make format would change (clang-format 14 or 19)"
	@echo "make test-sanitize       cpu and gl tests under ASan + UBSan ($(SANITIZE_BUILD)/)"
	@echo "make clean               remove $(BUILD)/ and $(SANITIZE_BUILD)/"

# Prints one line and installs nothing when every package is already there.
deps:
	@bash third_party/install-deps.sh

# Configured once; afterwards `cmake --build` re-runs cmake itself when a
# CMakeLists.txt changes. A real file target, so it is skipped when present.
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

# Passive OpenMP waiting: spinning worker threads of the CPU backend would
# otherwise take the cores the window's GL driver and the desktop need.
run: build
	OMP_WAIT_POLICY=passive $(BUILD)/heatlab $(ARGS)

bench: build
	$(BUILD)/heatlab bench $(ARGS)

format: deps
	clang-format -i $(SOURCES)

# Fails naming every file that `make format` would change. The sources are
# written so that clang-format 14 (Debian 12's) and 19 (Debian 13's) format
# them alike, and the check runs with either; other major versions format
# some constructs differently, so with one of those the check says so and is
# skipped: a formatter's version never fails a build. CI (Debian 12) runs it
# before `make test`.
FORMAT_MAJORS = 14 19
FORMAT_FOUND = $(shell clang-format --version 2>/dev/null | sed -n 's/.*version \([0-9]*\).*/\1/p')
format-check: deps
	@if [ -z "$(filter $(FORMAT_MAJORS),$(FORMAT_FOUND))" ]; then \
	  echo "format: skipped, clang-format $(or $(FORMAT_FOUND),(none)) is installed and the sources are checked with $(FORMAT_MAJORS)"; \
	  exit 0; \
	fi; \
	unformatted=""; \
	for f in $(SOURCES); do \
	  clang-format --dry-run --Werror "$$f" >/dev/null 2>&1 || unformatted="$$unformatted $$f"; \
	done; \
	if [ -n "$$unformatted" ]; then \
	  echo "not formatted (run make format):$$unformatted"; exit 1; \
	fi; \
	echo "format: $(words $(SOURCES)) files formatted"

# One ctest run; tests/run_ctest.sh says once why tests were skipped and
# keeps ctest's summary as the last line printed.
# Serial on purpose: timing-sensitive tests must not share the cores.
test: build
	$(XVFB) tests/run_ctest.sh $(BUILD) --output-on-failure

# Each tier runs through tests/sanitize_tier.sh: every sanitizer report
# (ASan, LSan, UBSan, in the test binaries and in every heatlab they start)
# goes to a file under reports/TIER, and the tier passes only when ctest
# passes and that folder stays empty.
# The gl tier runs without the leak check: Mesa's driver keeps a few
# allocations until exit and is unloaded (dlclose) before LeakSanitizer
# looks, so they show as "<unknown module>" and cannot be told apart from
# ours or suppressed by name. Address and undefined-behaviour checks stay on
# there, and the cpu tier (all of kernels/ and the commands) keeps all three.
SANITIZE_REPORTS = $(CURDIR)/$(SANITIZE_BUILD)/reports
# -O1 with the asserts kept, which AddressSanitizer's documentation advises
# for reasonable speed (-O0 made the gl tier's sanitized run its slowest
# step); every report keeps its lines. The
# generated cue lists are 8 here (25 in make test): under the sanitizers the
# property test looks for faults in playing cues, which 8 lists reach. The
# soaks run 500 frames here (2000 in make test): under AddressSanitizer they
# compare no resident memory (its quarantine keeps freed memory), and 500
# frames go through every combination of their changes five times.
test-sanitize: deps
	cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
	  -DHEATLAB_CUDA=OFF -DHEATLAB_SANITIZE=ON
	cmake --build $(SANITIZE_BUILD) -j$(JOBS)
	tests/sanitize_tier.sh $(SANITIZE_BUILD) cpu $(SANITIZE_REPORTS)/cpu 1
	HEATLAB_CUE_LISTS=8 HEATLAB_SOAK_FRAMES=500 $(XVFB) tests/sanitize_tier.sh $(SANITIZE_BUILD) gl $(SANITIZE_REPORTS)/gl 0

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)
