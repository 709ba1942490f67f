# Lesson rope's notebook recipe: after the lesson's NumPy code (content/code/rope.py), one cell per step
# ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers the page shows.
# _("…") is a label the page draws, in the notebook's language.

# %% setup
m, n, pair, d, base = params["m"], params["n"], params["pair"], params["dim"], params["base"]
shift, seed, max_dist = params["shift"], params["seed"], params["max_dist"]
# The page's seeded query and key (its generator, in its order: q first).
rng = PosencRandom(seed)
q, k = rng.gaussian_matrix(d, 1)[:, 0], rng.gaussian_matrix(d, 1)[:, 0]
theta = base ** (-np.arange(0, d, 2) / d)                           # θ_i, as the sinusoidal code's ω_i


def score(qv, kv, pm, pn, layout="interleaved"):
    """⟨f(q, m), f(k, n)⟩ with the lesson's rope()."""
    return rope(qv, pm, base, layout) @ rope(kv, pn, base, layout)


q_pair, k_pair = complex(q[2 * pair], q[2 * pair + 1]), complex(k[2 * pair], k[2 * pair + 1])


def plane(complex_view):
    scale = max(abs(q_pair), abs(k_pair))
    hands = [{"angle": np.angle(q_pair), "length": abs(q_pair) / scale, "color": POSENC_PALETTE[0], "ghost": True},
             {"angle": np.angle(k_pair), "length": abs(k_pair) / scale, "color": POSENC_PALETTE[1], "ghost": True},
             {"angle": np.angle(q_pair) + m * theta[pair], "length": abs(q_pair) / scale, "color": POSENC_PALETTE[0],
              "label": _("q at m")},
             {"angle": np.angle(k_pair) + n * theta[pair], "length": abs(k_pair) / scale, "color": POSENC_PALETTE[1],
              "label": _("k at n")}]
    title = _("pair %d of q and k as complex numbers (Re, Im)") if complex_view else _("pair %d of q and k as 2-D vectors")
    caption = _("q turned by m·θ = %s, k by n·θ = %s; between them: (m − n)·θ plus their own angle") % (
        f"{m * theta[pair]:.4g}", f"{n * theta[pair]:.4g}")
    clock_face(hands, title % pair, caption, size=(5, 5.4))
    plt.show()


# %% step plane
plane(complex_view=False)
show_numbers(theta=theta[pair], angle_q=m * theta[pair], angle_k=n * theta[pair], angle_between=(m - n) * theta[pair])

# %% step complex
s, s_shifted = score(q, k, m, n), score(q, k, m + shift, n + shift)
print("⟨f(q, m), f(k, n)⟩ =", s, _(";  positions + "), shift, ":", s_shifted)
print(_("|score − shifted score| ="), abs(s - s_shifted))
print(_("With m − n changed by one instead, the score becomes %s.") % f"{score(q, k, m + 1, n):.5g}")
plane(complex_view=True)
# The drawn pair's term of the score: Re[q · conj(k) · e^{i (m − n) θ_i}].
pair_score = (q_pair * np.conj(k_pair) * np.exp(1j * (m - n) * theta[pair])).real
show_numbers(score=s, score_shifted=s_shifted, shift_residual=abs(s - s_shifted), pair_score=pair_score)

# %% step decay
half = d // 2
h = q[0::2] * k[0::2] + q[1::2] * k[1::2] + 1j * (q[1::2] * k[0::2] - q[0::2] * k[1::2])   # pair of q × conj(pair of k)
step = np.max(np.abs(np.diff(np.append(h, 0))))                    # max |h_{i+1} − h_i|, with h_{d/2} = 0
r = np.arange(max_dist + 1)
partial = np.cumsum(np.exp(1j * r[:, None] * theta[None, :]), axis=1)   # S_j = Σ_{i<j} e^{i r θ_i}
decay = np.abs(partial).sum(axis=1) / half                          # (1/(d/2)) Σ_j |S_j|
bound = decay * step * half
actual = np.abs([score(q, k, dist, 0) for dist in r])
top = bound.max() * 1.5
low = max(actual[actual > 0].min() / 1.5, top * 1e-6)
curves([(_("|score of q and k|, r apart"), actual, {"linewidth": 1}), (_("RoFormer's bound on |score|"), bound, {"linewidth": 2.5})],
       _("|score| and RoFormer's bound on it against distance (log scale)"), _("relative distance r = m − n"),
       logy=True, ylim=(low, top), size=(7.5, 4.2))
plt.show()
show_numbers(rope_decay=decay, bound_start=bound[0], bound_far=bound[-1], bound_ratio=bound[-1] / bound[0])

# %% step layouts
perm = np.concatenate([np.arange(0, d, 2), np.arange(1, d, 2)])    # half coordinate j takes interleaved perm[j]
rows = min(d, 16)
shown = np.zeros((rows, min(d, 2 * rows)))
shown[np.arange(rows), perm[:rows]] = 1
title = (_("Permutation from interleaved to half coordinates, d = %d") % d if rows == d else
         _("Permutation from interleaved to half coordinates, d = %d: its first %d rows") % (d, rows))
heatmap(shown, title, _("interleaved coordinate"), _("half coordinate"), limit=1, non_negative=True, colorbar=False,
        size=(7.5, 4))
plt.show()
layout_residual = abs(score(q[perm], k[perm], m, n, "half") - score(q, k, m, n))
layout_mismatch = abs(score(q, k, m, n, "half") - score(q, k, m, n))
print(_("half layout with permuted q, k: |score difference| ="), layout_residual)
print(_("half layout on interleaved q, k (no permutation) ="), layout_mismatch)
show_numbers(perm_rows=rows, layout_residual=layout_residual, layout_mismatch=layout_mismatch)

# %% step elementwise
R = np.zeros((d, d))                                                # R_m, block-diagonal: a 2 × 2 rotation per pair
for i in range(d // 2):
    c, s_ = np.cos(m * theta[i]), np.sin(m * theta[i])
    R[2 * i: 2 * i + 2, 2 * i: 2 * i + 2] = [[c, -s_], [s_, c]]
heatmap(R, _("R_m: the rotation as a d × d matrix (mostly zeros)"), _("column"), _("row"), limit=1, size=(6.5, 6))
plt.show()
matrix_residual = np.max(np.abs(R @ q - rope(q, m, base)))
print(_("max |R_m q − elementwise rotation of q| ="), matrix_residual)
show_numbers(export0=R, matrix_residual=matrix_residual, elementwise_ops=2 * d, matrix_ops=d * d)
