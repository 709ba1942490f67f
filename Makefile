# posenc — two commands: `make serve` builds and serves the site, `make test` runs every test.
# Both install what is missing first (`make setup`: Debian packages, ImGui source, node packages).
PORT ?= 8000
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
export NODE_PATH := /usr/share/nodejs

SETUP_STAMP := .deps/setup.stamp
DIST := build/web/dist

.PHONY: all setup native unit sanitize sanitize-build web serve test browser bench fuzz clean format format-check

all: web

# Re-run setup when it has never run, or when the setup script or the npm lock file changed.
$(SETUP_STAMP): tools/setup.sh package.json package-lock.json
	bash tools/setup.sh

setup:
	bash tools/setup.sh

native: $(SETUP_STAMP)
	cmake --preset native >/dev/null
	cmake --build --preset native -j $(JOBS)

unit: native
	ctest --preset native

# The unit tests again under AddressSanitizer + UndefinedBehaviorSanitizer (leaks included).
sanitize-build: $(SETUP_STAMP)
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)

sanitize: sanitize-build
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./build/asan/tests/posenc_tests

web: $(SETUP_STAMP)
	cmake --preset web >/dev/null
	cmake --build --preset web -j $(JOBS)

serve: web
	@echo "posenc is at http://127.0.0.1:$(PORT)/  (Ctrl-C to stop)"
	python3 -m http.server $(PORT) --bind 127.0.0.1 --directory $(DIST)

browser: web
	node --test --test-concurrency=1 tests/browser/

# The native tests and the sanitizer build's run side by side (each runs on one core; -O keeps each one's
# output together), then the site and the browser tests.
test: format-check
	$(MAKE) --no-print-directory -j 2 -O unit sanitize
	$(MAKE) --no-print-directory web
	node --test --test-concurrency=1 tests/browser/

bench: native web
	cmake --build --preset web --target posenc_hello
	node tools/bench.mjs $(DIST) build/web/hello
	bash tools/bench_core.sh build/native/posenc_bench_core

# libFuzzer (clang): the URL hash, the content parser and the .npy/.csv reader, FUZZ_SECONDS each
# (default 30), from the seeds in tests/fuzz/corpus/. Fails on any crash, leak or timeout.
fuzz: $(SETUP_STAMP)
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	bash tools/fuzz.sh

# Our C++ (never third-party code), formatted by the root .clang-format; make test fails on any difference.
FORMATTED = $(shell git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'tools/*.cpp' 2>/dev/null)

format:
	clang-format -i $(FORMATTED)

format-check: $(SETUP_STAMP)
	@clang-format --dry-run --Werror $(FORMATTED) || { echo "make format-check: run 'make format'" >&2; exit 1; }
	@/usr/bin/python3 -c "import sys; long = [f'{f}:{i + 1}' for f in sys.argv[1:] for i, l in enumerate(open(f, encoding='utf-8')) if len(l.rstrip(chr(10))) > 110]; print(*long, sep=chr(10)); sys.exit(bool(long))" $(FORMATTED) || { echo "make format-check: lines over 110 columns" >&2; exit 1; }
	@echo "format-check: $(words $(FORMATTED)) files as clang-format writes them, no line over 110 columns"

clean:
	rm -rf build
