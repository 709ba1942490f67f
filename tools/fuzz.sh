#!/usr/bin/env bash
# `make fuzz`: runs each libFuzzer target for a bounded time (FUZZ_SECONDS each, default 30) from the
# seeds in tests/fuzz/corpus/<target>/. New inputs go to build/fuzz/corpus/ (the committed seeds stay
# as they are); a crash, leak or timeout leaves its input in build/fuzz/artifacts/ and fails the run —
# turn it into a regression test (a doctest case with the input) before fixing it.
set -euo pipefail
seconds=${FUZZ_SECONDS:-30}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build/fuzz"
status=0
for name in url content table config safetensors; do
  corpus="$build/corpus/$name"
  artifacts="$build/artifacts/$name/"
  mkdir -p "$corpus" "$artifacts"
  echo "fuzz_$name: ${seconds}s from $(ls "$root/tests/fuzz/corpus/$name" | wc -l) seeds"
  if ! "$build/fuzz_$name" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" "$root/tests/fuzz/corpus/$name" \
      >"$build/fuzz_$name.log" 2>&1; then
    echo "fuzz_$name: FAILED — see $build/fuzz_$name.log and $artifacts" >&2
    tail -30 "$build/fuzz_$name.log" >&2
    status=1
  else
    grep -E 'stat::number_of_executed_units|stat::new_units_added' "$build/fuzz_$name.log" | sed 's/^/  /'
  fi
done
exit $status
