# posenc's notebook helpers: the page's colour map and line colours for matplotlib, a heatmap and a line
# plot drawn the way the page draws them, the page's seeded random numbers, and show_numbers(), which
# prints what a step's page shows as one line, "posenc-numbers {json}" (posenc's tests read it back).
import json
import math
import os

import numpy as np
import matplotlib.pyplot as plt
from matplotlib import font_manager
from matplotlib.colors import LinearSegmentedColormap

diverging = LinearSegmentedColormap.from_list("posenc", [((t + 1) / 2, rgb) for t, rgb in POSENC_DIVERGING])
_fonts = {f.name for f in font_manager.fontManager.ttflist}
plt.rcParams.update({
    "axes.prop_cycle": plt.cycler(color=POSENC_PALETTE),
    "axes.grid": True, "grid.alpha": 0.25, "axes.spines.top": False, "axes.spines.right": False,
    "figure.dpi": 100, "legend.fontsize": "small", "legend.frameon": False,
    # Chinese labels need a font with Chinese glyphs: those this machine has (matplotlib ≥ 3.6 falls back
    # glyph by glyph along the families named in font.family).
    "font.family": ["DejaVu Sans"] + [f for f in ("WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC",
                                                  "Microsoft YaHei", "PingFang SC", "SimHei") if f in _fonts],
})


def axes(title=None, xlabel=None, ylabel=None, logx=False, logy=False, ax=None, size=(7.5, 3.4)):
    """A plot's axes, titled and labelled like the page's."""
    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    if title:
        ax.set_title(title, fontsize="medium")
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)
    if logx:
        ax.set_xscale("log")
    if logy:
        ax.set_yscale("log")
    return ax


def panels(n, size=None):
    """n plots side by side, as the page's side_by_side draws two visuals."""
    _, row = plt.subplots(1, n, figsize=size or (4.2 * n, 3.8), layout="constrained", squeeze=False)
    return list(row[0])


def curves(series, title=None, xlabel=None, ylabel=None, logx=False, logy=False, ylim=None, markers=(),
           ax=None, size=(7.5, 3.4)):
    """Line plots: `series` holds (label, y) with x = 0, 1, … or (label, x, y), each optionally followed by
    a dict of matplotlib styles; `markers` (x, text) draw a vertical line with its label."""
    ax = axes(title, xlabel, ylabel, logx, logy, ax, size)
    for s in series:
        style = s[-1] if isinstance(s[-1], dict) else None
        s = s[:-1] if style is not None else s
        label, x, y = (s[0], np.arange(len(s[1])), s[1]) if len(s) == 2 else s
        ax.plot(x, y, label=label, **{"linewidth": 1.6, **(style or {})})
    for x, text in markers:
        ax.axvline(x, color="0.45", linewidth=1, linestyle="--")
        ax.annotate(text, (x, 1), xycoords=("data", "axes fraction"), xytext=(3, -12), textcoords="offset points",
                    fontsize="small", color="0.3")
    if ylim is not None:
        ax.set_ylim(*ylim)
    if any(s[0] for s in series):
        ax.legend()
    return ax


def heatmap(m, title=None, xlabel=None, ylabel=None, limit=None, x0=0, y0=0, non_negative=False, colorbar=True,
            mark=None, values=False, rows=None, cols=None, ax=None, size=(7.5, 4.8)):
    """A matrix in the page's diverging colours over [-limit, limit] (default: max |m|), row 0 at the top,
    rows and columns numbered from y0 and x0 (or named: `rows`, `cols`); `mark` = (row, col) draws lines
    through a cell; `values` writes each cell's value in it (a small matrix, as the page's matrix views);
    the colour bar below (0 … limit for a non-negative matrix)."""
    m = np.asarray(m, dtype=float)
    if limit is None:
        limit = float(np.max(np.abs(m))) if m.size else 1.0
    limit = limit if limit > 0 else 1.0
    ax = axes(title, xlabel, ylabel, ax=ax, size=size)
    ax.grid(False)
    image = ax.imshow(m, cmap=diverging, vmin=-limit, vmax=limit, aspect="auto", interpolation="nearest",
                      extent=(x0 - 0.5, x0 + m.shape[1] - 0.5, y0 + m.shape[0] - 0.5, y0 - 0.5))
    if values:
        for (r, c), v in np.ndenumerate(m):
            ax.text(x0 + c, y0 + r, f"{v:.3g}", ha="center", va="center", fontsize="x-small",
                    color="white" if abs(v) > 0.6 * limit else "black")
    if rows is not None:
        ax.set_yticks(y0 + np.arange(len(rows)), rows)
    if cols is not None:
        ax.set_xticks(x0 + np.arange(len(cols)), cols)
    if mark is not None:  # the marked cell's row and column, as the page's crosshair
        ax.axhline(y0 + mark[0], color="black", linewidth=0.8)
        ax.axvline(x0 + mark[1], color="black", linewidth=0.8)
    if colorbar:
        bar = ax.figure.colorbar(image, ax=ax, location="bottom", shrink=0.6, aspect=40, pad=0.02)
        bar.set_ticks([0, limit] if non_negative else [-limit, 0, limit])
        bar.ax.xaxis.set_major_formatter(lambda v, _pos: f"{v:.3g}")
        if non_negative:
            bar.ax.set_xlim(0, limit)
    return ax


def clock_face(hands, title=None, caption=None, trail=False, ax=None, size=(3.6, 3.9)):
    """A clock face in the complex plane, as the page draws one: the unit circle, the Re and Im axes, and
    hands — dicts with angle (radians, counter-clockwise from Re), and optionally length (of the radius),
    color, label and ghost (drawn faint). `trail`: a faint arc from angle 0 to the first hand's angle."""
    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    ax.set_aspect("equal")
    ax.axis("off")
    t = np.linspace(0, 2 * np.pi, 200)
    ax.plot(np.cos(t), np.sin(t), color="0.35", linewidth=1.2)
    ax.plot([0], [0], "o", color="black", markersize=2)
    ax.plot([-1, 1], [0, 0], color="0.85", linewidth=0.8)
    ax.plot([0, 0], [-1, 1], color="0.85", linewidth=0.8)
    ax.text(0.98, -0.1, "Re", color="0.5", fontsize="small", ha="right")
    ax.text(0.05, 0.9, "Im", color="0.5", fontsize="small")
    if trail and hands:
        arc = np.linspace(0, math.fmod(hands[0]["angle"], 2 * np.pi), 100)
        ax.plot(0.35 * np.cos(arc), 0.35 * np.sin(arc), color="0.6", linewidth=1)
    for h in hands:
        a, r = h["angle"], h.get("length", 1.0)
        color = h.get("color", POSENC_PALETTE[0])
        ax.plot([0, r * math.cos(a)], [0, r * math.sin(a)], color=color, alpha=0.35 if h.get("ghost") else 1,
                linewidth=2, marker="o", markevery=[1], markersize=5)
        if h.get("label"):
            ax.text(1.12 * r * math.cos(a), 1.12 * r * math.sin(a), h["label"], color=color, fontsize="small",
                    ha="center", va="center")
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    if title:
        ax.set_title(title, fontsize="medium")
    if caption:
        ax.text(0, -1.35, caption, color="0.4", fontsize="small", ha="center", va="top", wrap=True)
    return ax


def sinusoidal_rows(pos, width, base=10000.0):
    """The interleaved sinusoidal code (lesson 3) of each position in `pos`, `width` columns: sin(p·ω_i) in
    column 2i, cos(p·ω_i) in 2i + 1, ω_i = base^(−2i/width); with an odd width the last sine stands alone."""
    angle = np.asarray(pos, dtype=np.float64)[:, None] * base ** (-np.arange(0, width, 2) / width)
    pe = np.empty((len(angle), width))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angle), np.cos(angle[:, : width // 2])
    return pe


def show_numbers(**numbers):
    """Prints the numbers a step shows as one line: "posenc-numbers {json}". Arrays of more than 64 values
    are summarised (shape, largest |value|) unless the environment says POSENC_NUMBERS=all (the tests)."""
    full = os.environ.get("POSENC_NUMBERS") == "all"

    def plain(v):
        if isinstance(v, str):  # a text the page writes (names, a mean and its range), compared to the letter
            return v
        if isinstance(v, (np.ndarray, list, tuple)):
            a = np.asarray(v, dtype=float)
            if a.size > 64 and not full:
                return {"shape": list(a.shape), "max_abs": float(np.max(np.abs(a)))}
            return [plain(x) for x in a.tolist()] if a.ndim else plain(float(a))
        return float(v)  # json writes ±Infinity and NaN as Python reads them (a masked ALiBi bias is −∞)

    print("posenc-numbers " + json.dumps({k: plain(v) for k, v in numbers.items()}))


def short_number(v, digits=3):
    """A number as the page writes it (ui::short_number, src/ui/matrix_view.cpp): whole numbers whole, else
    `digits` significant digits, an exponent outside 0.001 … 100000."""
    a = abs(v)
    if v == 0:
        return "0"
    if v == math.floor(v) and a < 1e9:
        return "%.0f" % v
    if 1e-3 <= a < 1e5:
        e = math.floor(math.log10(a))
        s = "%.*f" % (max(0, digits - 1 - e), v)
        if abs(float(s)) >= 10.0 ** (e + 1) and digits - 1 - e > 0:  # rounded up to the next power of ten
            s = "%.*f" % (digits - 2 - e, v)
        return s
    return "%.*e" % (max(0, digits - 1), v)


def posenc_todo(step):
    print("posenc-todo " + step)


class PosencRandom:
    """The page's seeded random numbers (src/core/random.cpp): SplitMix64 seeds xoshiro256**, Box–Muller
    turns its uniforms into Gaussians — the same numbers on every machine."""
    MASK = (1 << 64) - 1

    def __init__(self, seed):
        x, self.s = seed & self.MASK, []
        for _ in range(4):
            x, z = _splitmix64(x)
            self.s.append(z)
        self.spare = None

    def next_u64(self):
        s, m = self.s, self.MASK
        result = (_rotl((s[1] * 5) & m, 7) * 9) & m
        t = (s[1] << 17) & m
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def uniform(self):
        return (self.next_u64() >> 11) * 2.0 ** -53

    def gaussian(self):
        if self.spare is not None:
            v, self.spare = self.spare, None
            return v
        u = 0.0
        while u <= 0.0:
            u = self.uniform()
        v = self.uniform()
        r, a = math.sqrt(-2.0 * math.log(u)), 2.0 * math.pi * v
        self.spare = r * math.sin(a)
        return r * math.cos(a)

    def gaussian_matrix(self, rows, cols, stddev=1.0):
        return np.array([[stddev * self.gaussian() for _ in range(cols)] for _ in range(rows)]).reshape(rows, cols)


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & PosencRandom.MASK


def _splitmix64(x):
    m = PosencRandom.MASK
    x = (x + 0x9E3779B97F4A7C15) & m
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return x, z ^ (z >> 31)


def hash_string(text):
    """FNV-1a of the UTF-8 bytes (core::hash_string): seeds a word's vector from the word."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & PosencRandom.MASK
    return h


def mix_seed(a, b):
    """core::mix_seed: two seeds into one."""
    x = (a ^ _rotl(b & PosencRandom.MASK, 32) ^ 0x5851F42D4C957F2D) & PosencRandom.MASK
    return _splitmix64(x)[1]
