# Lesson relative's notebook recipe: after the lesson's NumPy code (content/code/relative.py), one cell per
# step ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers the page
# shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
length, k, offset, seed = params["len"], params["k"], params["offset"], params["seed"]
heads, max_len, d_model = params["heads"], params["max_len"], params["d_model"]
n, d_z = 6, 4                                                       # the small example: 6 tokens, d_z = 4
# The page's seeded example, drawn in its order: the tokens, W^Q, W^K, W^V (scaled by 1/√d_z), then the
# tables a^K and a^V (2k + 1 rows each, standard deviation 0.5).
rng = PosencRandom(seed)
x = rng.gaussian_matrix(n, d_z)
wq, wk, wv = (rng.gaussian_matrix(d_z, d_z, 1 / np.sqrt(d_z)) for _w in range(3))
a_k = rng.gaussian_matrix(2 * k + 1, d_z, 0.5)
a_v = rng.gaussian_matrix(2 * k + 1, d_z, 0.5)


def terms(start):
    """e_ij's content and position parts, e, α and z for the example placed at positions start, start + 1, …"""
    p = start + np.arange(n)
    idx = (np.clip(p[None, :] - p[:, None], -k, k) + k).astype(int)  # shaw_index at these positions
    q, kk, v = x @ wq, x @ wk, x @ wv
    content = q @ kk.T / np.sqrt(d_z)
    position = np.einsum("id,ijd->ij", q, a_k[idx]) / np.sqrt(d_z)
    e = content + position
    alpha = np.exp(e - e.max(axis=1, keepdims=True))
    alpha /= alpha.sum(axis=1, keepdims=True)
    z = alpha @ v + np.einsum("ij,ijd->id", alpha, a_v[idx])
    return content, position, e, alpha, z


content, position, e, alpha, z = terms(0)
assert np.allclose(z, relative_attention(x, wq, wk, wv, a_k, a_v, k))  # the lesson's function agrees
labels = [f"x{i}" for i in range(n)]


def small(m, title, ax, rows=labels, cols=labels):
    heatmap(m, title, colorbar=False, values=True, rows=rows, cols=cols, ax=ax)


# %% step clip
index = shaw_index(length, k)                                       # the lesson's: clip(j − i, −k, k) + k
heatmap(index - k, _("Which learned vector w_clip(j − i, k) each pair (i, j) uses"), _("key position j"),
        _("query position i"), limit=max(1, k), size=(6.5, 6))
plt.show()
show_numbers(export0=index, vectors=2 * k + 1)

# %% step terms
axes_ = [a for _r in range(3) for a in panels(2, size=(9, 3.6))]
small(content, _("content: q_i · k_j / √d_z"), axes_[0])
small(position, _("position: q_i · a^K_ij / √d_z"), axes_[1])
small(e, _("e_ij = content + position"), axes_[2])
small(alpha, _("α = softmax of each row"), axes_[3])
small(a_k, _("a^K table (2k+1 rows)"), axes_[4], rows=[f"w{r - k}" for r in range(2 * k + 1)], cols=None)
small(z, "z_i = Σ α_ij (v_j + a^V_ij)", axes_[5], cols=None)
plt.show()
show_numbers(export0=e, export1=alpha, e01=e[0, 1], e01_content=content[0, 1], e01_position_abs=abs(position[0, 1]))

# %% step shift
e_shifted = terms(offset)[2]
left, right = panels(2, size=(9, 3.6))
small(e, _("e_ij at positions 0…5"), left)
small(e_shifted, _("e_ij at positions %s…") % f"{offset:g}", right)
plt.show()
# An absolute code added to the input instead: lesson 3's sinusoidal code at positions 0… and offset….


def absolute_scores(start):
    xp = x + sinusoidal_rows(start + np.arange(n), d_z)
    return (xp @ wq) @ (xp @ wk).T / np.sqrt(d_z)


relative_residual = np.max(np.abs(e_shifted - e))
absolute_residual = np.max(np.abs(absolute_scores(offset) - absolute_scores(0)))
print(_("relative: max |e(shifted) − e| ="), relative_residual)
print(_("absolute PE added to x: max |change of the logits| ="), absolute_residual)
show_numbers(export0=e_shifted, relative_residual=relative_residual, absolute_residual=absolute_residual)

# %% step params
per_table = (2 * k + 1) * (d_model // max(1, heads))
counts = {_("relative, a^K and a^V shared by all heads"): 2 * per_table,
          _("relative, separate tables per head"): 2 * per_table * heads,
          _("absolute learned table (max_len × d)"): max_len * d_model}
print(_("position parameters"), "|", _("count"))
for name, count in counts.items():
    print(name, "|", count)
# Shaw et al. 2018, Table 3: BLEU on newstest2013 (EN-DE) for clipping distances k, as the page plots it
# (src/lessons/relative/relative.cpp), each at k + 1 on a logarithmic axis.
ks, bleu = np.array([0, 1, 2, 4, 16, 64, 256]), [12.5, 25.5, 25.8, 25.9, 25.8, 25.9, 25.8]
curves([(_("BLEU, newstest2013 (Shaw et al. 2018)"), ks + 1, bleu, {"marker": "o"})],
       _("Clipping costs nothing: BLEU against k (plotted at k + 1)"), "k + 1", logx=True)
plt.show()
show_numbers(export0=e, export1=alpha, d_z=d_model // max(1, heads), shared_params=2 * per_table,
             per_head_params=2 * per_table * heads, absolute_params=max_len * d_model)
