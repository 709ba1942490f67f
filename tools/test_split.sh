#!/usr/bin/env bash
# How long `make test` takes from a clean clone, stage by stage: clones this checkout's HEAD into DIR
# (default: a new temporary folder), then runs the stages of `make test` one by one, each timed —
# setup, format check, native build, native tests (+ desktop smoke), sanitizer build, sanitizer run,
# web build, browser tests — and prints the split and the total. `--cold` compiles with an empty
# compiler cache (a fresh CCACHE_DIR) instead of the machine's warm one.
#   tools/test_split.sh [--cold] [DIR]
set -uo pipefail
cold=0
if [ "${1:-}" = "--cold" ]; then cold=1; shift; fi
src=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
dir=${1:-$(mktemp -d /tmp/posenc-split.XXXXXX)}
rm -rf "$dir"
git clone -q "$src" "$dir" || exit 1
cd "$dir" || exit 1
if [ $cold -eq 1 ]; then
  export CCACHE_DIR="$dir/.ccache-cold"
fi
export NODE_PATH=/usr/share/nodejs
total=0
printf '%-22s %8s\n' "stage ($(git rev-parse --short HEAD), $([ $cold -eq 1 ] && echo cold || echo warm) cache)" seconds
for stage in .deps/setup.stamp format-check native unit sanitize-build sanitize web browser; do
  start=$(date +%s.%N)
  make "$stage" > "$dir/split-$(basename "$stage").log" 2>&1
  rc=$?
  s=$(echo "$(date +%s.%N) - $start" | bc)
  total=$(echo "$total + $s" | bc)
  printf '%-22s %8.1f%s\n' "${stage/.deps\/setup.stamp/setup}" "$s" "$([ $rc -ne 0 ] && echo "  FAILED (see $dir/split-$(basename "$stage").log)")"
  [ $rc -ne 0 ] && exit $rc
done
printf '%-22s %8.1f  (%.1f min)\n' total "$total" "$(echo "$total / 60" | bc -l)"
