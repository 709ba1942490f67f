# Lesson sum-vs-concat's notebook recipe: after the lesson's NumPy code (content/code/sum-vs-concat.py), one
# cell per step ("# %% step <id>") drawing the step's picture again at `params` and printing the numbers
# the page shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
d, vocab, length, tokens, seed = params["dim"], params["vocab"], params["len"], params["tokens"], params["seed"]
ladder = [4, 8, 16, 32, 64, 128, 256, 512, 1024]
# The page's samples, drawn once per seed at the largest sizes (1000 words × 1024 dimensions; a smaller d or
# vocabulary takes the first columns / rows), then 1000 (word, position) pairs from a stream of the
# vocabulary's own.
words = PosencRandom(mix_seed(seed, 77)).gaussian_matrix(1000, 1024)
pick = PosencRandom(mix_seed(seed, vocab))
truth, positions = [], []
for _s in range(1000):
    truth.append(int(pick.uniform() * vocab))
    positions.append(float(int(pick.uniform() * 512)))
truth, positions = np.array(truth), np.array(positions)


def cosines(n, width):
    """cos(w, PE(p)) of the first n words (first `width` dimensions) with positions 0 … n − 1."""
    w = words[:n, :width]
    pe = sinusoidal_rows(np.arange(n), width)
    return (w / np.linalg.norm(w, axis=1, keepdims=True)) @ (pe / np.linalg.norm(pe, axis=1, keepdims=True)).T


def recovery(width):
    """Nearest word to w + PE(p), and to [w; PE(p)], over the samples: the share right."""
    w = words[:vocab, :width]
    x = w[truth] + sinusoidal_rows(positions, width)
    best = np.argmax(x @ w.T - 0.5 * np.sum(w ** 2, axis=1), axis=1)  # argmin ‖x − w_k‖², ties to the lower k
    # Concatenated, the word's own coordinates are w itself: only an identical earlier word could win.
    first = {tuple(row): k for k, row in reversed(list(enumerate(w)))}
    concat = np.array([first[tuple(w[t])] == t for t in truth])
    return np.mean(best == truth), np.mean(concat)


def theory(width):
    return np.sqrt(2 / (np.pi * width))


# %% step mixing
cos = cosines(128, d)
hist = np.bincount(np.clip(((cos + 1) * 10).astype(int), 0, 19).ravel(), minlength=20) / cos.size
ax = curves([(_("share of word × position pairs"), -1 + 0.1 * np.arange(21), np.append(hist, hist[-1]),
              {"drawstyle": "steps-post"})], _("cos(word, PE(pos)) for 128 random words × 128 positions"), _("cosine"),
            ylim=(0, max(0.05, hist.max() * 1.1)))
plt.show()
mean_cos = np.abs(cos).mean()
print(_("mean |cos| ="), mean_cos)
print(_("theory √(2/(π d)) ="), theory(d))
show_numbers(mean_cos=mean_cos, angle=np.degrees(np.arccos(mean_cos)))

# %% step orthogonal
measured = [np.abs(cosines(64, width)).mean() for width in ladder]
curves([(_("measured mean |cos|"), ladder, measured, {"marker": "o"}), ("√(2 / (π d))", ladder, theory(np.array(ladder)))],
       _("Word and position vectors become nearly orthogonal"), _("dimension d"), logx=True,
       markers=[(d, _("your d"))])
plt.show()
show_numbers(theory=theory(d))

# %% step recovery
acc_sum, acc_concat = recovery(d)
steps = [recovery(width) for width in ladder if width <= 256]
curves([(_("sum w + PE"), ladder[: len(steps)], [100 * a for a, _c in steps], {"marker": "o"}),
        (_("concatenation [w; PE]"), ladder[: len(steps)], [100 * c for _a, c in steps])],
       _("Which word was it? Nearest word to the input (1000 random samples)"), _("dimension d"), _("correct, %"),
       logx=True, ylim=(0, 105))
plt.show()
# The true rate's 95% interval from 1000 samples (Wilson's score interval).
z, hits, n = 1.959963984540054, round(acc_sum * 1000), 1000
centre = (hits / n + z * z / n / 2) / (1 + z * z / n)
spread = z * np.sqrt(hits / n * (1 - hits / n) / n + z * z / n / (4 * n)) / (1 + z * z / n)
print(_("At d = %d with %d words: sum %s correct, concatenation %s.") % (d, vocab, f"{100 * acc_sum:.3g}%",
                                                                         f"{100 * acc_concat:.3g}%"))
show_numbers(acc_sum=100 * acc_sum, acc_concat=100 * acc_concat, acc_sum_lo=100 * max(0, centre - spread),
             acc_sum_hi=100 * min(1, centre + spread), samples=1000)

# %% step constant
variance = sinusoidal_rows(np.arange(length), d).var(axis=0)              # each column over positions 0 … len − 1
ax = curves([(_("variance of the column over the first positions"), variance)],
            _("How much each PE dimension changes along the sequence"), _("dimension"), logy=True)
ax.axhline(0.01, color="0.45", linestyle="--", linewidth=1, label=_("variance 0.01"))
ax.legend()
plt.show()
show_numbers(flat_dims=int(np.sum(variance < 0.01)))

# %% step cost


def layer_cost(w, n):
    """Multiply-adds and weights of one layer of width w on n tokens: Q, K, V and output projections,
    scores and weighted sum, a 4w feed-forward."""
    return 4 * n * w * w + 2 * n * n * w + 8 * n * w * w, 4 * w * w + 8 * w * w


(flops_sum, weights_sum), (flops_cat, weights_cat) = layer_cost(d, tokens), layer_cost(2 * d, tokens)
print(" | ".join([_("per layer"), _("sum (width d)"), _("concat (width 2d)")]))
for name, a, b in ((_("width"), d, 2 * d), (_("weights"), weights_sum, weights_cat), (_("multiply-adds"), flops_sum, flops_cat)):
    print(f"{name} | {a:.3g} | {b:.3g}")
show_numbers(param_ratio=weights_cat / weights_sum, cost_ratio=flops_cat / flops_sum)
