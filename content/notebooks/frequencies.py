# Lesson frequencies' notebook recipe: after the lesson's NumPy code (content/code/frequencies.py), one cell
# per step ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers the
# page shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
length, d, base, pair = params["len"], params["dim"], params["base"], params["pair"]
pairs = (d + 1) // 2                                                # odd d: the last sine has no cosine
omega = base ** (-np.arange(0, d, 2) / d)
wavelength = 2 * np.pi / omega                                      # positions per turn, pair i


pe = sinusoidal_rows(np.arange(length), d, base)
last_angle = (length - 1) * 2 * np.pi / wavelength[-1]               # how far the slowest pair turns


def wavelength_plot(compare):
    series = []
    if compare:                                                     # the paper's curve, wide and grey
        paper = 2 * np.pi / 10000.0 ** (-np.arange(0, 512, 2) / 512)
        series.append((_("the paper: d = 512, base 10000"), np.arange(0, 512, 2) / 512, paper,
                       {"color": "0.6", "alpha": 0.5, "linewidth": 6}))
    series.append((_("this setting: d = %d, base %s") % (d, f"{base:g}"), np.arange(0, d, 2) / d, wavelength,
                   {"color": POSENC_PALETTE[0], "marker": "o", "markersize": 3}))
    curves(series, _("Wavelength 2π · base^(2i/d) of each pair (log scale)"), _("pair index as a fraction of the way, 2i/d"),
           _("positions per turn"), logy=True, size=(7.5, 4.2))
    plt.show()


# %% step waves
shown = sorted({(pairs - 1) * k // 3 for k in range(4)})           # four pairs across the range
curves([(_("dim %d (i = %d)") % (2 * i, i), pe[:, 2 * i]) for i in shown], _("sin(pos · ω_i) for a few pairs i"),
       _("position"), ylim=(-1.1, 1.1))
curves([(_("dim %d (the pair slider)") % (2 * pair), pe[:, 2 * pair], {"linewidth": 2.5})], _("the pair you choose"),
       _("position"), ylim=(-1.1, 1.1), size=(7.5, 2.6))
plt.show()
show_numbers(export0=pe, pair_col=2 * pair, pair_wavelength=wavelength[pair], longest=wavelength[-1],
             last_angle=last_angle, last_turns=last_angle / (2 * np.pi))

# %% step wavelengths
wavelength_plot(compare=False)
show_numbers(export0=pe, ratio=base ** (2 / d), pairs=pairs, shortest=wavelength[0], longest=wavelength[-1],
             limit=2 * np.pi * base)

# %% step base-d
wavelength_plot(compare=True)
show_numbers(export0=pe, pairs=pairs, slow_pairs=int(np.sum(wavelength > 2 * length)))

# %% step counter
bits = ((np.arange(64)[:, None] >> np.arange(6)[None, :]) & 1) * 2.0 - 1   # binary digits as ±1
left, right = panels(2, size=(9, 4.5))
heatmap(bits, _("binary digits (±1), fastest bit first"), _("bit"), _("position"), limit=1, colorbar=False, ax=left)
heatmap(sinusoidal_rows(np.arange(64), min(d, 16), base), _("sinusoidal code, first 16 dims"), _("dimension"), _("position"), limit=1,
        colorbar=False, ax=right)
plt.show()
show_numbers(export0=pe)
