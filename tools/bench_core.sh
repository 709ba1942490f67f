#!/usr/bin/env bash
# `make bench`, native part: the core's 4096 × 1024 sinusoidal table (base 10000, interleaved) against
# the same formula vectorised in NumPy, on this machine. Builds nothing: pass the bench binary.
#   bash tools/bench_core.sh build/native/posenc_bench_core
# Goal (a benchmark, not a test): the core at least as fast as NumPy, i.e. ratio numpy/core ≥ 1.
# Also core::check_rope on a 4096 × 128 cos/sin cache (llama3, base 500000, angles in bfloat16), no
# NumPy counterpart: goal median ≤ 30 ms (the binary prints that goal line itself). Then lesson train's
# six encodings at the lesson's defaults: goal ≤ 15 s together (`posenc_bench_core --train`).
# NumPy comes from Debian's python3-numpy, so Debian's /usr/bin/python3 runs it (a pyenv `python3` on
# PATH may lack numpy). Without numpy the core's time is still printed and the script exits 0.
set -euo pipefail

bin=${1:-build/native/posenc_bench_core}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
python=${POSENC_BENCH_PYTHON:-/usr/bin/python3}

if [[ ! -x $bin ]]; then
  echo "bench_core.sh: no benchmark binary at '$bin' (build it: cmake --preset native && cmake --build build/native)" >&2
  exit 1
fi

echo
echo "Native core vs NumPy: sinusoidal table 4096 x 1024, base 10000, interleaved, float64 (median of 7 after a warm-up)"
core_out=$("$bin" --all-layouts)
grep -v '^goal ' <<<"$core_out" | sed 's/^/  /'
grep '^goal (check_rope)' <<<"$core_out" || true

echo
echo "Lesson train natively: six tiny Transformers at the lesson's defaults (reverse, bidirectional mask), one after another"
"$bin" --train | sed '/^goal /!s/^/  /'
core_line=$(grep '^core sinusoidal .* interleaved:' <<<"$core_out")
rope_line=$(grep '^core rope ' <<<"$core_out")

# `… median 12.34 ms …` → 12.34 ; `checksum sum=… even=…` → the two sums
field() { sed -n "s/.*$1\([-+0-9.eE]*\).*/\1/p" <<<"$2"; }
core_ms=$(field 'median ' "$core_line")

if ! "$python" -c 'import numpy' >/dev/null 2>&1; then
  echo "  numpy: not available to $python (install Debian's python3-numpy: apt-get install python3-numpy);"
  echo "  skipping the comparison. core median: $core_ms ms"
  exit 0
fi

# compare NAME CORE_LINE NUMPY_LINE: checksums (summed in different orders: 1e-9 relative) and speed.
compare() {
  sed 's/^/  /' <<<"$3"
  awk -v name="$1" -v cm="$(field 'median ' "$2")" -v nm="$(field 'median ' "$3")" \
      -v cs="$(field 'sum=' "$2")" -v ns="$(field 'sum=' "$3")" \
      -v ce="$(field 'even=' "$2")" -v ne="$(field 'even=' "$3")" '
    function rel(a, b) { d = a - b; if (d < 0) d = -d; m = (a < 0 ? -a : a); return d / (m > 1 ? m : 1) }
    BEGIN {
      same = (rel(cs, ns) < 1e-9 && rel(ce, ne) < 1e-9) ? "match" : "DIFFER"
      printf "  %s checksums: %s (core sum %.12e, numpy sum %.12e)\n", name, same, cs, ns
      ratio = nm / cm
      printf "  %s: core %.2f ms, numpy %.2f ms, ratio numpy/core %.2f (>1: the core is faster)\n", name, cm, nm, ratio
      verdict = (ratio >= 1) ? "met" : "not met"
      printf "goal (%s): core at least as fast as NumPy — %s\n", name, verdict
    }'
}
compare "sinusoidal table" "$core_line" "$("$python" "$here/bench_numpy.py")"
compare "RoPE over a sequence" "$rope_line" "$("$python" "$here/bench_numpy.py" --rope)"
