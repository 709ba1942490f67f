#!/usr/bin/env bash
# Smoke test of the desktop build: run it under Xvfb for a few frames on a deep link, save the last
# frame, and check that it is not blank (many distinct colours). Skipped (exit 77) without Xvfb.
set -u
bin=${1:?usage: desktop_smoke.sh POSENC_DESKTOP}
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed (Debian package xvfb); the desktop smoke test needs a virtual display"
  exit 77
fi
out=$(mktemp --suffix=.ppm)
trap 'rm -f "$out"' EXIT
xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --frames 20 --screenshot "$out" --hash "#lesson=sinusoidal&step=0" >/dev/null || {
  echo "FAIL: the desktop app exited with an error"; exit 1; }
/usr/bin/python3 - "$out" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
parts = data.split(b'\n', 3)
w, h = map(int, parts[1].split())
px = parts[3]
colours = {px[i:i + 3] for i in range(0, len(px), 3 * 97)}
print(f"desktop screenshot {w}x{h}: {len(colours)} distinct colours in a sample")
sys.exit(0 if w == 1280 and len(colours) > 40 else 1)
PY
