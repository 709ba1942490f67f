# Lesson naive's notebook recipe: after the lesson's NumPy code (content/code/naive.py), one cell per step
# ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers the page shows.
# _("…") is a label the page draws, in the notebook's language.

# %% setup
length, d, probe = params["len"], params["dim"], params["probe"]
# Word vectors as the page draws them: 256 Gaussian vectors from its seeded generator (seed 2024).
word_norm = np.linalg.norm(PosencRandom(2024).gaussian_matrix(256, d), axis=1).mean()
sin_table = sinusoidal_rows(np.arange(length), d)                  # lesson 3's code, base 10000
ratio_index = np.linalg.norm(index_code(length, d), axis=1) / word_norm
ratio_sin = np.linalg.norm(sin_table, axis=1) / word_norm
# Three lengths compared by the fraction code, all longer than the probed position, all different.
lengths = [max(probe + 1, length // 8), max(probe + 1, length // 2), length]
if lengths[1] == lengths[0]:
    lengths[1] = (lengths[0] + lengths[2]) // 2
bits = max(1, math.ceil(math.log2(length)))
binary = binary_code(length, bits)
jump_binary = np.linalg.norm(np.diff(binary, axis=0), axis=1)       # ‖code(p + 1) − code(p)‖
jump_sin = np.linalg.norm(np.diff(sin_table, axis=0), axis=1)


def fraction(p, n):
    return p / (n - 1) if n > 1 else 0.0


# %% step index
curves([(_("raw index: code = pos in every dimension"), ratio_index), (_("sinusoidal (lesson 3)"), ratio_sin)],
       _("Size of the position code relative to a word vector"), _("position"), _("|code| / |word|"), logy=True)
plt.show()
show_numbers(word_norm=word_norm, last=length - 1, ratio_last=ratio_index[-1], ratio_sin=ratio_sin[-1])

# %% step fraction
series = [(_("length %d") % n, np.arange(n), fraction(np.arange(n), n), {"marker": "o", "markersize": 3} if n <= 40 else {})
          for n in lengths]
curves(series, _("code = pos / (length − 1)"), _("position"), _("code"), ylim=(0, 1.02),
       markers=[(probe, _("position %d") % probe)])
plt.show()
show_numbers(len_a=lengths[0], len_b=lengths[2], frac_a=fraction(probe, lengths[0]), frac_b=fraction(probe, lengths[2]),
             step_b=1 / (lengths[2] - 1))

# %% step binary
heatmap(binary, _("Binary digits of each position (least significant bit first)"), _("bit"), _("position"), limit=1,
        colorbar=False, size=(7.5, 3.6))
ax = curves([(_("sinusoidal"), jump_sin)], _("Distance between the codes of neighbouring positions"),
            _("position p (distance from p to p + 1)"))
ax.step(np.arange(length - 1), jump_binary, where="post", label=_("binary digits"), color=POSENC_PALETTE[1])
ax.legend()
plt.show()
worst = int(np.argmax(jump_binary))
show_numbers(export0=binary, bits=bits, jump_from=worst, jump_to=worst + 1, jump_max=jump_binary[worst],
             jump_min=jump_binary.min(), jump_sin=jump_sin.mean())

# %% step wishlist
# Each verdict read off the numbers above, as the page's table does.
rows = [(_("raw index"), ratio_index[-1] < 2, True, True),
        (_("index / length"), True, fraction(probe, lengths[0]) == fraction(probe, lengths[2]), True),
        (_("binary digits"), True, True, jump_binary.max() <= 1.5 * jump_binary.min()),
        (_("sinusoidal"), ratio_sin.max() < 2, True, np.ptp(jump_sin) < 1e-9 * jump_sin.max() + 1e-12)]
print(" | ".join([_("code"), _("bounded"), _("same at any length"), _("neighbours close")]))
for name, *ok in rows:
    print(" | ".join([name] + [_("yes") if v else _("no") for v in ok]))
show_numbers()
