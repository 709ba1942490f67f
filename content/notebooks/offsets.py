# Lesson offsets' notebook recipe: after the lesson's NumPy code (content/code/offsets.py), one cell per
# step ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers the page
# shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
length, d, base, k = params["len"], params["dim"], params["base"], params["k"]


pe = sinusoidal_rows(np.arange(length), d, base)
dots = pe @ pe.T                                                    # PE(p) · PE(q), the direct product
offsets = np.arange(1 - length, length)                             # q − p
curve = np.array([dots[0, o] if o >= 0 else dots[-o, 0] for o in offsets])


def curve_plot(mark):
    curves([(_("PE(p) · PE(p + offset)"), offsets, curve)], _("One curve describes the whole matrix"), _("offset q − p"),
           markers=[(k, "+k"), (-k, "−k")] if mark else ())
    plt.show()


# %% step dot
heatmap(dots, _("PE(p) · PE(q) for every pair of positions"), _("position q"), _("position p"), size=(6.5, 6))
plt.show()
toeplitz_residual = np.max(np.abs(dots[:-1, :-1] - dots[1:, 1:]))  # D(p, q) against D(p + 1, q + 1)
direct_residual = np.max(np.abs(pe_dot(length, d, base) - dots))   # the lesson's closed form
print(_("max |D(p, q) − D(p+1, q+1)| (Toeplitz) ="), toeplitz_residual)
print(_("max |closed form Σ cos(ω_i (p−q)) − direct product| ="), direct_residual)
show_numbers(export0=dots, toeplitz_residual=toeplitz_residual)

# %% step offset
curve_plot(mark=False)
show_numbers(export0=dots, half_dim=d // 2, direct_residual=direct_residual)

# %% step direction
curve_plot(mark=True)
symmetry_residual = np.max(np.abs(dots - dots.T))
print("max |D(p, q) − D(q, p)| =", symmetry_residual)
at = lambda o: curve[length - 1 + np.clip(o, 1 - length, length - 1)]   # the curve at offset o, kept in range
show_numbers(export0=dots, dot_k=at(k), dot_minus_k=at(-k), symmetry_residual=symmetry_residual)

# %% step rotation
M = shift_map(d, k, base)                                           # the lesson's M_k
heatmap(M, _("M_k: block-diagonal 2 × 2 rotations by k · ω_i"), _("column"), _("row"), limit=1, size=(6.5, 6))
plt.show()
shift_residual = np.max(np.abs(pe @ M.T - sinusoidal_rows(k + np.arange(length), d, base)))         # M_k · PE(p) against PE(p + k), every p
print(_("max |M_k · PE(p) − PE(p + k)| over all p shown ="), shift_residual)
show_numbers(export0=M, shift_residual=shift_residual, abs_k=abs(k))
