#!/usr/bin/python3
"""`make bench`, NumPy half: the 4096 x 1024 sinusoidal table (base 10000, interleaved layout), vectorised.

Run with Debian's interpreter (python3-numpy comes from Debian; a pyenv `python3` on PATH may lack it):
    /usr/bin/python3 tools/bench_numpy.py [--runs N] [--json]
Same formula as core::sinusoidal: w_i = 1 / base^(2i/d), angle = p * w_i, sin in even columns, cos in odd
columns, float64. Prints the median wall time of N runs after one warm-up run, and the checksums that
posenc_bench_core prints (sum of every entry, sum of the even columns).
"""
import argparse
import json
import sys
import time

try:
    import numpy as np
except ImportError:
    print("numpy is not available to %s (install Debian's python3-numpy)" % sys.executable, file=sys.stderr)
    sys.exit(3)

LEN, DIM, BASE = 4096, 1024, 10000.0


def sinusoidal(length, dim, base=10000.0, offset=0.0):
    pairs = (dim + 1) // 2
    pos = np.arange(length, dtype=np.float64) + offset
    omega = 1.0 / np.power(base, 2.0 * np.arange(pairs, dtype=np.float64) / dim)
    angle = pos[:, None] * omega[None, :]
    table = np.empty((length, dim), dtype=np.float64)
    table[:, 0::2] = np.sin(angle)
    table[:, 1::2] = np.cos(angle[:, : dim // 2])
    return table


def rope(x, base=10000.0):
    """RoPE over a sequence: row r rotated by position r, pairs (2i, 2i+1), theta_i = base^(-2i/d)."""
    n, d = x.shape
    theta = 1.0 / np.power(base, 2.0 * np.arange(d // 2, dtype=np.float64) / d)
    angle = np.arange(n, dtype=np.float64)[:, None] * theta[None, :]
    c, s = np.cos(angle), np.sin(angle)
    u, v = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = u * c - v * s
    out[:, 1::2] = u * s + v * c
    return out


def time_it(fn, runs):
    fn()  # warm-up
    ms = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        ms.append((time.perf_counter() - t0) * 1e3)
    return sorted(ms), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--rope", action="store_true", help="time RoPE over a 4096 x 1024 sequence instead")
    args = ap.parse_args()
    runs = max(1, args.runs)
    if args.rope:
        x = np.sin(0.001 * np.arange(LEN * DIM, dtype=np.float64)).reshape(LEN, DIM)
        s, out = time_it(lambda: rope(x, BASE), runs)
        print("numpy rope %dx%d interleaved: median %.2f ms (%d runs, min %.2f, max %.2f), "
              "checksum sum=%.12e even=%.12e (numpy %s)"
              % (LEN, DIM, s[len(s) // 2], runs, s[0], s[-1], float(out.sum()), float(out[:, 0::2].sum()),
                 np.__version__))
        return

    table = sinusoidal(LEN, DIM, BASE)  # warm-up
    ms = []
    for _ in range(runs):
        t0 = time.perf_counter()
        table = sinusoidal(LEN, DIM, BASE)
        ms.append((time.perf_counter() - t0) * 1e3)
    s = sorted(ms)
    median = s[len(s) // 2]
    total = float(table.sum())
    even = float(table[:, 0::2].sum())

    if args.json:
        print(json.dumps({"len": LEN, "dim": DIM, "base": BASE, "layout": "interleaved", "runs": runs,
                          "median_ms": round(median, 3), "min_ms": round(s[0], 3), "max_ms": round(s[-1], 3),
                          "sum": total, "even_sum": even, "numpy": np.__version__}))
    else:
        print("numpy sinusoidal %dx%d interleaved: median %.2f ms (%d runs, min %.2f, max %.2f), "
              "checksum sum=%.12e even=%.12e (numpy %s)"
              % (LEN, DIM, median, runs, s[0], s[-1], total, even, np.__version__))


if __name__ == "__main__":
    main()
