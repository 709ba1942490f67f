# Lesson beyond-1d's notebook recipe: after the lesson's NumPy code (content/code/beyond-1d.py), one cell per
# step ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers the page
# shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
n, d, seed, order = params["n"], params["dim"], params["seed"], params["order"]
length, sharp = params["len"], params["sharp"]
rows, cols, rdim, rbase, prow, pcol = params["rows"], params["cols"], params["rdim"], params["rbase"], params["prow"], params["pcol"]
dr, dc = params["dr"], params["dc"]
tb, ft, gh, gw, ta = params["tb"], params["ft"], params["gh"], params["gw"], params["ta"]
shift3 = np.array([params["st"], params["sh"], params["sw"]])

# ---- no encoding, a causal mask: lesson 1's experiment; the counting and reading heads ----
rng = PosencRandom(mix_seed(seed, 0xCA05A1))                        # the page's tokens and W_Q, W_K, W_V
x = rng.gaussian_matrix(n, d)
wq, wk, wv = (rng.gaussian_matrix(d, d, 1 / np.sqrt(d)) for _w in range(3))
P = np.eye(n)[order]                                                # row i: a 1 in the column of token order[i]
weights_x, out_x = causal_attention(x, wq, wk, wv)                  # the lesson's causal_attention()
weights_px, out_px = causal_attention(P @ x, wq, wk, wv)


def unmasked(inp):
    return softmax((inp @ wq) @ (inp @ wk).T / np.sqrt(d)) @ (inp @ wv)


h, p = counting_head(length)                                        # the lesson's: h_i = 1/(i+1), p = 1/h − 1
f = np.stack([p, p ** 2, np.ones(length)], axis=1)                  # layer 2's features (p, p², 1)
s = sharp * np.sqrt(3)                                              # √3 undoes the head's 1/√d_k
wq2, wk2, wv2 = np.zeros((3, 3)), np.zeros((3, 3)), np.zeros((3, 3))
wq2[0, 0], wq2[2, 0], wq2[2, 1] = 2 * s, -2 * s, -s                 # q = λ(2(p − 1), −1, 0)
wk2[0, 0] = wk2[1, 1] = 1                                           # k = (p, p², 0)
wv2[0, 0] = 1                                                       # v = (p, 0, 0)
weights2, out2 = causal_attention(f, wq2, wk2, wv2)
i_all = np.arange(length)

# ---- 2-D RoPE on a grid of patches ----
rng2 = PosencRandom(mix_seed(seed, 0x2D))
q2, k2 = rng2.gaussian_matrix(rdim, 1)[:, 0], rng2.gaussian_matrix(rdim, 1)[:, 0]
half, quarter = rdim // 2, rdim // 4
axes_ = np.where(np.arange(half) < quarter, 1.0, -1.0)              # +1: the pair turns with the row
theta2 = rbase ** (-np.arange(0, half, 2) / half)                   # each half a 1-D RoPE of width d/2
q_at = rope_2d(q2, prow, pcol, rbase)                               # the lesson's rope_2d()
grid_scores = np.array([[q_at @ rope_2d(k2, r, c, rbase) for c in range(cols)] for r in range(rows)])
patch_ids = np.array([(r, c) for r in range(rows) for c in range(cols)], dtype=float)
angles2 = np.concatenate([patch_ids[:, :1] * theta2, patch_ids[:, 1:] * theta2], axis=1)
raster = np.abs((prow * cols + pcol) - (np.arange(rows)[:, None] * cols + np.arange(cols)[None, :])).astype(float)


def patch_map(m, title, non_negative=False):
    heatmap(m, title, _("column"), _("row"), mark=(prow, pcol), non_negative=non_negative, size=(6.5, 5))
    plt.show()
    print(_("Marked patch: row %d, column %d") % (prow, pcol))


# ---- M-RoPE: Qwen2-VL's position ids, sections, and a shift of every id ----
section = (16, 24, 24)                                              # Qwen2-VL-7B-Instruct: mrope_section, rope_theta
theta3 = 1000000.0
segments = ([("text", tb)] if tb > 0 else []) + [("vision", ft, gh, gw), ("text", ta)]
ids = mrope_position_ids(segments)                                  # the lesson's, 3 × N
mcos, msin = mrope_cos_sin(ids, section, theta3)
vision_tokens = ft * gh * gw
after = tb + vision_tokens                                          # the first text token after the grid


# %% step causal
print(_("Order P: token %s at positions 0, 1, …") % ", ".join(map(str, order)))
labels = [str(k) for k in range(n)]
left, right = panels(2, size=(10, 4.6))
heatmap(weights_x, _("causal weights for X"), _("key"), _("query"), limit=1, values=True, rows=labels, cols=labels, ax=left)
heatmap(weights_px, _("causal weights for P X"), _("key"), _("query"), limit=1, values=True, rows=labels, cols=labels,
        ax=right)
plt.show()
print(_("Above the diagonal: keys in the future, masked (weight 0)."))
bidir_residual = np.max(np.abs(unmasked(P @ x) - P @ unmasked(x)))
causal_residual = np.max(np.abs(out_px - P @ out_x))
print(_("no mask: max |Attn(P X) − P·Attn(X)| ="), bidir_residual)
print(_("causal mask: max |Attn(P X) − P·Attn(X)| ="), causal_residual)
show_numbers(export0=weights_x, export1=out_px, export2=P @ out_x, bidir_residual=bidir_residual,
             causal_residual=causal_residual)

# %% step counting
curves([(_("h_i: the head's output"), h), ("1/(i+1)", 1 / (i_all + 1), {"marker": "o", "linewidth": 1, "markersize": 3})],
       _("A uniform causal head over a start token"), _("position i"))
plt.show()
h_error, pos_error = np.max(np.abs(h - 1 / (i_all + 1))), np.max(np.abs(p - i_all))
print("max |h_i − 1/(i+1)| =", h_error)
print(_("max |(1/h_i − 1) − i| ="), pos_error)
show_numbers(export0=np.stack([h, 1 / (i_all + 1)], axis=1), last=length - 1, h_last=h[-1], h_error=h_error,
             pos_error=pos_error)

# %% step reading
heatmap(weights2, _("Layer 2's causal weights, built from h alone"), _("key j"), _("query i"), limit=1,
        non_negative=True, size=(6.5, 6))
plt.show()
prev_weight = weights2[i_all[1:], i_all[1:] - 1].min() if length > 1 else 1.0
read_error = np.max(np.abs(out2[1:, 0] - (i_all[1:] - 1))) if length > 1 else 0.0
if length > 1:
    print(_("smallest weight on j = i − 1: %s") % f"{prev_weight:.4g}")
    print(_("max |output − (i − 1)| ="), read_error)
show_numbers(export0=weights2, prev_weight=prev_weight, read_error=read_error)

# %% step patches
patch_map(grid_scores, _("Score of q at the marked patch with k at each patch (click a patch)"))
heatmap(axes_[None], _("Pairs: +1 turns with the row, −1 with the column"), _("pair"), limit=1, colorbar=False,
        size=(7.5, 1.3))
plt.show()
show_numbers(export0=patch_ids, export1=np.cos(angles2), export2=np.sin(angles2), export3=grid_scores,
             row_last=quarter - 1, col_first=quarter, col_last=half - 1, pairs2d=half)

# %% step shift-2d
span = np.arange(-2, 3)
offsets = np.array([[q_at @ rope_2d(k2, prow + a, pcol + b, rbase) for b in span] for a in span])
moved = rope_2d(q2, prow + dr, pcol + dc, rbase)
offsets_moved = np.array([[moved @ rope_2d(k2, prow + a + dr, pcol + b + dc, rbase) for b in span] for a in span])
names = [f"{a:+d}" if a else "0" for a in span]
limit = max(np.abs(offsets).max(), np.abs(offsets_moved).max())
left, right = panels(2, size=(10, 4.6))
heatmap(offsets, _("q at (%d, %d), k at (%d + Δr, %d + Δc)") % (prow, pcol, prow, pcol), "Δc", "Δr", limit=limit,
        values=True, rows=names, cols=names, ax=left)
heatmap(offsets_moved, _("both moved by (%d, %d)") % (dr, dc), "Δc", "Δr", limit=limit, values=True, rows=names,
        cols=names, ax=right)
plt.show()
shift_residual_2d = np.max(np.abs(offsets - offsets_moved))
print(_("max |score − shifted score| ="), shift_residual_2d)
show_numbers(export0=patch_ids, export1=np.cos(angles2), export2=np.sin(angles2), export3=grid_scores,
             shift_residual_2d=shift_residual_2d)

# %% step raster
patch_map(raster, _("Raster order: distance from the marked patch (click a patch)"), non_negative=True)
print(_("In raster order a patch's right-hand neighbour is 1 away, the patch below it %d away.") % cols)
corner = abs((0 * cols + cols - 1) - (1 * cols + 0))                # the end of row 0 against the start of row 1
show_numbers(export0=raster, export1=patch_ids, raster_sel=prow * cols + pcol, corner_distance=corner)

# %% step mrope-ids
tokens = np.arange(ids.shape[1])
ax = curves([(name, tokens, ids[a], {"drawstyle": "steps-post", "linewidth": 3 if a == 0 else 1.5})
             for a, name in enumerate((_("time"), _("height"), _("width")))],
            _("M-RoPE position ids of each token (Qwen2-VL's rule)"), _("token"),
            markers=[(max(tb - 0.5, 0), _("image / video tokens")), (after, _("next text: %d") % ids[0, after])])
ax.axvspan(tb - 0.5, after - 0.5, color="0.85", alpha=0.5)
plt.show()
print(_("Source: transformers, models/qwen2_vl/modeling_qwen2_vl.py, get_rope_index."))
show_numbers(export0=ids.T, export1=mcos, export2=msin, vision_tokens=vision_tokens, vision_start=tb,
             next_text=ids[0, after], naive_next=tb + vision_tokens, grid_max=max(ft, gh, gw), total=ids.shape[1],
             last_id=ids.max())

# %% step mrope-sections
half3 = sum(section)
sections = np.repeat([-1.0, 0.0, 1.0], section)                    # −1 time, 0 height, +1 width, pair by pair
heatmap(sections[None], _("Frequency pairs j: −1 time, 0 height, +1 width"), "j", limit=1, colorbar=False,
        size=(9, 1.3))
print(_("Qwen2-VL-7B-Instruct config.json: mrope_section [%d, %d, %d], rope_theta %.0f, head_dim %d / %d = %d.")
      % (*section, theta3, 3584, 28, 2 * half3))
heatmap(mcos, _("cos table: one row per token, columns j and j + %d share pair j") % half3, _("column"), _("token"),
        limit=1, size=(9, 5))
plt.show()
# The first text token after the grid scores every token; then every id moves by (st, sh, sw).
rng3 = PosencRandom(mix_seed(seed, 0x3D))
q3, k3 = rng3.gaussian_matrix(2 * half3, 1)[:, 0], rng3.gaussian_matrix(2 * half3, 1)[:, 0]


def scores(table_ids):
    cos, sin = mrope_cos_sin(table_ids, section, theta3)
    turn = lambda v: np.concatenate([-v[..., half3:], v[..., :half3]], axis=-1)   # rotate_half
    keys = cos * k3 + sin * turn(k3)
    query = q3 * cos[after] + turn(q3) * sin[after]
    return keys @ query


shift_residual_3d = np.max(np.abs(scores(ids) - scores(ids + shift3[:, None])))
print(_("max |score − shifted score| ="), shift_residual_3d)
show_numbers(export0=ids.T, export1=mcos, export2=msin, t_last=section[0] - 1, sec_h_first=section[0],
             sec_h_last=section[0] + section[1] - 1, w_first=section[0] + section[1], w_last=half3 - 1,
             head_dim3d=2 * half3, theta3d=theta3, shift_residual_3d=shift_residual_3d)
