# Lesson sinusoidal's notebook recipe: the cells the notebook adds after the lesson's NumPy code
# (content/code/sinusoidal.py), one per step ("# %% step <id>"), each drawing the step's picture again at
# `params` and printing the numbers the page shows. _("…") is a label the page draws, in the notebook's
# language.

# %% setup
length, d, base, offset = params["len"], params["dim"], params["base"], params["offset"]
layout, pos, col = params["layout"], params["pos"], params["col"]
pe = sinusoidal(length, d, base, offset, layout)                     # the table, len × d
pairs = (d + 1) // 2
omega = base ** (-np.arange(0, d, 2) / d)                           # ω_i, power form


def pair_of(c):
    """Which pair column c belongs to, and whether it holds the sine."""
    if layout == "interleaved":
        return c // 2, c % 2 == 0
    return (c, True) if c < pairs else (c - pairs, False)


def table_map(ax=None, size=(7.5, 4.8)):
    return heatmap(pe, _("PE: one row per position, one column per dimension (click a cell)"), _("dimension"),
                   _("position"), limit=1, y0=offset, mark=(pos, col), ax=ax, size=size)


# %% step table
table_map()
i, is_sin = pair_of(col)
angle = (offset + pos) * omega[i]
print(f"PE({offset + pos:g}, {col}) = {'sin' if is_sin else 'cos'}({offset + pos:g} / {base:g}^({2 * i}/{d}))"
      f" = {'sin' if is_sin else 'cos'}({angle:.5g}) = {pe[pos, col]:.5g}")
plt.show()
show_numbers(export0=pe, pairs=pairs, value=pe[pos, col])

# %% step rows-cols
table_map(size=(7.5, 3.6))
row_ax, col_ax = panels(2, size=(10, 3))
curves([(_("row: the code of position %s") % f"{offset + pos:g}", pe[pos])], xlabel=_("dimension"),
       ylim=(-1.05, 1.05), ax=row_ax)
curves([(_("column %d: one wave over the positions") % col, offset + np.arange(length), pe[:, col],
         {"color": POSENC_PALETTE[1]})], xlabel=_("position"), ylim=(-1.05, 1.05), ax=col_ax)
plt.show()
show_numbers(export0=pe, omega_first=omega[0], omega_last=omega[-1], last_pair=pairs - 1)

# %% step forms
omega_exp = np.exp(-np.arange(0, d, 2) * np.log(base) / d)           # the div_term form
last = offset + length - 1
curves([("ω_i = base^(−2i/d)", omega)], _("Frequencies ω_i (log scale)"), _("pair i"), logy=True)
plt.show()
omega_residual = np.max(np.abs(omega - omega_exp) / omega)
row_residual = max(np.max(np.abs(np.sin(last * omega) - np.sin(last * omega_exp))),
                   np.max(np.abs(np.cos(last * omega) - np.cos(last * omega_exp))))
print(_("max relative |ω power form − ω exp form| ="), omega_residual)
print(_("max |PE difference| at the last position ="), row_residual)
show_numbers(export0=pe, omega_residual=omega_residual, row_residual=row_residual)

# %% step odd-d
table_map()
plt.show()
show_numbers(export0=pe, pairs=pairs, last_pair=pairs - 1, lone_col=d - 1)

# %% step layouts
rows = min(length, 64)
other = "half" if layout == "interleaved" else "interleaved"
mine, theirs = pe[:rows], sinusoidal(rows, d, base, offset, other)
moved = np.empty_like(mine)


def sine_col(i, lay):
    return 2 * i if lay == "interleaved" else i


def cosine_col(i, lay):
    return 2 * i + 1 if lay == "interleaved" else pairs + i


for i in range(pairs):                                              # each pair's columns back in place
    moved[:, sine_col(i, layout)] = theirs[:, sine_col(i, other)]
    if 2 * i + 1 < d:
        moved[:, cosine_col(i, layout)] = theirs[:, cosine_col(i, other)]
name = {"interleaved": _("interleaved"), "half": _("half")}
left, right = panels(2)
for ax, table, title in ((left, mine, _("%s (shown)") % name[layout]), (right, theirs, name[other])):
    heatmap(table, title, _("dimension"), limit=1, y0=offset, colorbar=False, ax=ax)
plt.show()
layout_residual, permuted_residual = np.max(np.abs(mine - theirs)), np.max(np.abs(mine - moved))
print(_("max |interleaved − half| ="), layout_residual)
print(_("after moving the columns back ="), permuted_residual)
show_numbers(export0=pe, layout_residual=layout_residual, permuted_residual=permuted_residual)

# %% step precision
rows = min(length, 64)


def float32_table(n, start):
    """The interleaved table as float32 code computes it: ω and the angles rounded to float32."""
    w = omega.astype(np.float32)
    angle = (start + np.arange(n)).astype(np.float32)[:, None] * w
    t = np.empty((n, d))
    t[:, 0::2] = np.sin(angle)
    t[:, 1::2] = np.cos(angle[:, : d // 2])
    return t


drift = float32_table(rows, offset) - sinusoidal(rows, d, base, offset)
far = float32_table(64, 1e6 - 64) - sinusoidal(64, d, base, 1e6 - 64)
heatmap(drift, _("float32 − double, the first positions shown (interleaved)"), _("dimension"), _("position"),
        y0=offset)
plt.show()
print(_("max |float32 − double| here ="), np.max(np.abs(drift)))
print(_("near position 1,000,000 ="), np.max(np.abs(far)))
show_numbers(export0=pe, drift_here=np.max(np.abs(drift)), drift_1e6=np.max(np.abs(far)),
             last_angle=offset + length - 1)
