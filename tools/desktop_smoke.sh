#!/usr/bin/env bash
# Smoke test of the desktop build under Xvfb. Skipped (exit 77) without Xvfb.
#  1. A deep link for a few frames: the last frame is saved and must not be blank (many distinct colours).
#  2. Files, as a learner uses them: a .npy table with sine and cosine swapped (written here with NumPy)
#     opened from the command line on lesson 11; the state printed on exit must name the file, its shape
#     and the verdict that it swaps sin and cos, and the difference exported with --export-dir must hold exactly
#     table − reference.
#  3. Errors: a missing file and an export folder that does not exist give notices that say so.
#  4. A model's config.json named on the command line opens lesson 11 with its numbers; the exported
#     inv_freq is base^(−2i/d) for the pairs that rotate.
#  5. --export-on-start ipynb saves the lesson's notebook (↓ .ipynb) at the link's settings and language.
#  6. Save figure (--save-figure, as the button): the heatmap step's SVG parses and holds its axis labels
#     as text, in Chinese under LANG=zh_CN.UTF-8; its PNG decodes (Python's zlib) at twice the SVG's size.
set -u
bin=${1:?usage: desktop_smoke.sh POSENC_DESKTOP}
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed (Debian package xvfb); the desktop smoke test needs a virtual display"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { xvfb-run -a -s "-screen 0 1280x800x24" "$bin" "$@"; }

# 1. a deep link renders
run --frames 20 --screenshot "$work/shot.ppm" --hash "#lesson=sinusoidal&step=0" >/dev/null || {
  echo "FAIL: the desktop app exited with an error"; exit 1; }
/usr/bin/python3 - "$work/shot.ppm" <<'PY' || exit 1
import sys
data = open(sys.argv[1], 'rb').read()
parts = data.split(b'\n', 3)
w, h = map(int, parts[1].split())
px = parts[3]
colours = {px[i:i + 3] for i in range(0, len(px), 3 * 97)}
print(f"desktop screenshot {w}x{h}: {len(colours)} distinct colours in a sample")
sys.exit(0 if w == 1280 and len(colours) > 40 else 1)
PY

# 2. open a table from the command line, check it, export the difference
mkdir -p "$work/out"
/usr/bin/python3 - "$work/table.npy" <<'PY' || exit 1
import sys, numpy as np
pos = np.arange(16)[:, None]
freq = 1.0 / 10000 ** (np.arange(0, 8, 2) / 8)
t = np.zeros((16, 8))
t[:, 0::2] = np.cos(pos * freq)  # the classic bug: cos where sin belongs
t[:, 1::2] = np.sin(pos * freq)
np.save(sys.argv[1], t)
PY
run --frames 5 --hash "#lesson=check&step=0" --open "$work/table.npy" --export-dir "$work/out" \
    --export-on-start npy --print-state >"$work/stdout.txt" || { echo "FAIL: the desktop app exited with an error"; exit 1; }
/usr/bin/python3 - "$work" <<'PY' || { echo "--- app output:"; cat "$work/stdout.txt"; exit 1; }
import json, os, sys, numpy as np
work = sys.argv[1]
lines = [l for l in open(os.path.join(work, "stdout.txt"), encoding="utf-8") if l.startswith("{")]
assert lines, "no --print-state line"
st = json.loads(lines[-1])
print("state:", json.dumps(st["state"]), "values:", json.dumps(st["values"], ensure_ascii=False))
assert st["state"]["lesson"] == "check", st["state"]
assert st["values"]["source"] == "table.npy", st["values"]
assert st["values"]["shape"] == "16 × 8", st["values"]
assert st["values"]["verdict"] == "Your table swaps sin and cos: cos in the even columns, sin in the odd ones.", st["values"]
assert "table.npy: 16 × 8 loaded" in st["notices"], st["notices"]
out = os.path.join(work, "out", "your_table_minus_reference.npy")
assert any(n == "saved " + out for n in st["notices"]), (out, st["notices"])
got = np.load(out)
t = np.load(os.path.join(work, "table.npy"))
pos = np.arange(16)[:, None]
freq = 1.0 / 10000 ** (np.arange(0, 8, 2) / 8)
ref = np.zeros((16, 8))
ref[:, 0::2] = np.sin(pos * freq)
ref[:, 1::2] = np.cos(pos * freq)
assert got.dtype == np.float64 and got.shape == (16, 8), (got.dtype, got.shape)
err = np.abs(got - (t - ref)).max()
assert err < 1e-12 and np.abs(got).max() > 0.5, (err, np.abs(got).max())
print(f"exported difference matches table - reference to {err:.1e}")
PY

# 3. a missing file and a missing export folder are reported
run --frames 3 --hash "#lesson=check&step=0" "$work/nope.npy" --print-state >"$work/missing.txt" &&
run --frames 3 --hash "#lesson=check&step=0" "$work/table.npy" --export-dir "$work/absent" --export-on-start csv \
    --print-state >"$work/absent.txt" 2>/dev/null || { echo "FAIL: the desktop app exited with an error"; exit 1; }
/usr/bin/python3 - "$work" <<'PY' || { echo "--- app output:"; cat "$work/missing.txt" "$work/absent.txt"; exit 1; }
import json, os, sys
work = sys.argv[1]
def state(name):
    return json.loads([l for l in open(os.path.join(work, name), encoding="utf-8") if l.startswith("{")][-1])
missing = state("missing.txt")
assert "no such file: " + os.path.join(work, "nope.npy") in missing["notices"], missing["notices"]
assert missing["values"]["source"] == "nothing loaded", missing["values"]
absent = state("absent.txt")
assert any(n.startswith("could not save your_table_minus_reference.csv: " + os.path.join(work, "absent"))
           for n in absent["notices"]), absent["notices"]
assert not os.path.exists(os.path.join(work, "absent")), "the export created a folder"
print("errors reported:", missing["notices"][-1], "|", absent["notices"][-1])
PY

# 4. a config.json goes to lesson 11, and its inv_freq export is the formula's
cat >"$work/config.json" <<'JSON'
{"architectures": ["GPTNeoXForCausalLM"], "hidden_size": 512, "num_attention_heads": 8,
 "rotary_pct": 0.5, "rotary_emb_base": 20000, "max_position_embeddings": 1024}
JSON
mkdir -p "$work/cfg"
run --frames 5 --hash "#lesson=order&step=0" "$work/config.json" --export-dir "$work/cfg" --export-on-start npy \
    --print-state >"$work/config.txt" || { echo "FAIL: the desktop app exited with an error"; exit 1; }
/usr/bin/python3 - "$work" <<'PY' || { echo "--- app output:"; cat "$work/config.txt"; exit 1; }
import json, os, sys, glob, numpy as np
work = sys.argv[1]
st = json.loads([l for l in open(os.path.join(work, "config.txt"), encoding="utf-8") if l.startswith("{")][-1])
assert st["state"]["lesson"] == "scaling", st["state"]
assert st["state"]["params"]["model"] == "yours" and st["state"]["params"]["dim"] == 64, st["state"]
assert st["values"]["rotary_dim"] == "32", st["values"]
files = glob.glob(os.path.join(work, "cfg", "inv_freq_*.npy"))
assert len(files) == 1, (files, st["notices"])
got = np.load(files[0])
want = 1.0 / 20000 ** (np.arange(0, 32, 2) / 32)
assert got.shape == (16, 1) and np.abs(got[:, 0] - want).max() < 1e-15, got
print("config.json read:", os.path.basename(files[0]))
PY
# 5. the lesson's notebook (↓ .ipynb) is saved into --export-dir at the view's settings and language
mkdir -p "$work/nb"
run --frames 3 --hash "#lesson=rope&step=2&dim=16&lang=zh" --export-dir "$work/nb" --export-on-start ipynb \
    --print-state >"$work/nb.txt" || { echo "FAIL: the desktop app exited with an error"; exit 1; }
/usr/bin/python3 - "$work" <<'PY' || { echo "--- app output:"; cat "$work/nb.txt"; exit 1; }
import json, os, sys
work = sys.argv[1]
nb = json.load(open(os.path.join(work, "nb", "rope.ipynb"), encoding="utf-8"))
assert nb["nbformat"] == 4 and nb["metadata"]["posenc"]["lang"] == "zh", nb["metadata"]
params = [c for c in nb["cells"] if c["metadata"].get("posenc", {}).get("role") == "params"][0]
assert '"dim": 16,' in "".join(params["source"]), params["source"]
title = "".join(nb["cells"][0]["source"])
assert "(<index.html#lesson=rope&step=2&" in title and "dim=16" in title, title
print("notebook saved:", len(nb["cells"]), "cells")
PY

# 6. Save figure, in English and in Chinese
for lang in en zh; do
  mkdir -p "$work/fig_$lang"
  LANG=$([ $lang = zh ] && echo zh_CN.UTF-8 || echo C.UTF-8) \
    run --frames 3 --hash "#lesson=sinusoidal&step=table" --export-dir "$work/fig_$lang" --save-figure \
    >/dev/null || { echo "FAIL: the desktop app exited with an error"; exit 1; }
done
/usr/bin/python3 - "$work" "$(dirname "$0")/.." <<'PY' || exit 1
import os, struct, sys, zlib, xml.etree.ElementTree as ET
work, root = sys.argv[1], sys.argv[2]
def zh(key):  # the Chinese of an interface string, from src/lessons/zh.tsv
    for line in open(os.path.join(root, "src/lessons/zh.tsv"), encoding="utf-8"):
        k, _, v = line.rstrip("\n").partition("\t")
        if k == key:
            return v
    raise KeyError(key)
# The heatmap's axis labels as Lesson::position_rows (src/lessons/lesson.cpp) draws them.
labels = {"en": ["position", "dimension"], "zh": [zh("position"), zh("dimension")]}
for lang in ("en", "zh"):
    d = os.path.join(work, "fig_" + lang)
    svg = ET.parse(os.path.join(d, "figure_sinusoidal_table.svg")).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg", svg.tag
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    for label in labels[lang]:
        assert label in texts, (lang, label, texts)
    png = open(os.path.join(d, "figure_sinusoidal_table.png"), "rb").read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, h, depth, colour = struct.unpack(">IIBB", png[16:26])
    pos, idat = 8, b""
    while pos < len(png):
        n, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            idat += png[pos + 8:pos + 8 + n]
        pos += 12 + n
    raw = zlib.decompress(idat)
    assert len(raw) == h * (w * (3 if colour == 2 else 4) + 1), (len(raw), w, h)
    assert (w, h) == (round(2 * float(svg.get("width"))), round(2 * float(svg.get("height")))), (w, h)
    print(f"figure ({lang}): {len(texts)} texts, labels {labels[lang]}, PNG {w}x{h}")
PY

echo "desktop smoke test passed"
