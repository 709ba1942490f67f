# Lesson extrapolation's notebook recipe: after the lesson's NumPy code (content/code/extrapolation.py:
# alibi_slopes(), t5_bucket()), one cell per step ("# %% step <id>") drawing the step's picture again at
# `params` and printing the numbers the page shows. _("…") is a label the page draws, in the notebook's
# language.

# %% setup
train, target, d, base = params["train"], params["target"], params["dim"], params["base"]
heads, head, causal = params["heads"], params["head"], params["causal"]
buckets, max_distance, bidirectional = params["buckets"], params["max_distance"], params["bidirectional"]
theta = base ** (-np.arange(0, d, 2) / d)                           # θ_i = ω_i, pair i
pairs = d // 2


def nearest_pair(wavelength):
    """The pair whose wavelength 2π·base^(2i/d) is nearest `wavelength` (rounded half away from 0)."""
    i = 0.5 * d * math.log(wavelength / (2 * np.pi)) / math.log(base)
    return int(min(max(math.copysign(math.floor(abs(i) + 0.5), i), 0), max(1, pairs) - 1))


# A fast pair (eight turns in training, or a faster one where none is that fast), one that turns about once
# in training, and the slowest.
fast = nearest_pair(train / 8)
while fast > 0 and 2 * np.pi / theta[fast] > train / 8:
    fast -= 1
shown_pairs = [fast, nearest_pair(train), pairs - 1]


def max_angles(b, scale=1.0):
    """The largest angle each pair reaches over `target` positions (times `scale`), with base b."""
    return (target - 1) * scale * b ** (-np.arange(0, d, 2) / d)


seen, needed = (train - 1) * theta, max_angles(base)
ntk_base = base * (target / train) ** (d / (d - 2))                 # NTK-aware: the base raised by factor^(d/(d−2))


def angle_plot(scaled):
    series = [(_("largest angle seen in training"), seen, {"linewidth": 6, "alpha": 0.6}),
              (_("needed at the target length"), needed)]
    if scaled:
        series += [(_("position interpolation"), max_angles(base, train / target), {"linewidth": 1.5}),
                   (_("NTK-aware base"), max_angles(ntk_base))]
    ax = curves(series, _("Largest RoPE angle each pair reaches (radians, log scale)"), _("pair i"), logy=True,
                size=(7.5, 4.2))
    ax.axhline(2 * np.pi, color="0.45", linestyle="--", linewidth=1)
    ax.annotate(_("2π: one full turn"), (0, 2 * np.pi), xytext=(2, 3), textcoords="offset points", fontsize="small")
    plt.show()
    print(_("Pairs below 2π never completed a turn in training; past it every angle has been seen."))


# %% step combinations
rows = min(target, 4096)
pos = np.arange(rows)
names = [_("a fast pair (i = %d)"), _("one turn in training (i = %d)"), _("the slowest pair (i = %d)")]
# Each pair once: "one turn" gives way to the fast or the slowest pair it coincides with.
keep = [c for c in range(3) if not ((c == 1 and shown_pairs[1] in (shown_pairs[0], shown_pairs[2])) or
                                    (c == 2 and shown_pairs[2] == shown_pairs[0]))]
title = (_("Sine columns of the code, with the positions past L_train shaded") if train < target else
         _("Sine columns of the code (L_target ≤ L_train: no position lies past training)"))
ax = curves([(names[c] % shown_pairs[c], np.sin(pos * theta[shown_pairs[c]]), {"linewidth": 1.0 if k == 0 else 1.6})
             for k, c in enumerate(keep)], title, _("position"), ylim=(-1.1, 1.5))
if train < target:
    ax.axvspan(train, target, color="0.85", alpha=0.5, label=_("beyond training"))
ax.legend(loc="upper left", ncol=2)
plt.show()
show_numbers(fast_pair=fast, fast_turns=(train - 1) * theta[fast] / (2 * np.pi), slow_trained_angle=seen[-1])

# %% step unseen-angles
angle_plot(scaled=False)
unseen = int(np.sum((seen < 2 * np.pi) & (needed > seen)))
show_numbers(slow_seen=seen[-1], slow_needed=needed[-1], unseen_pairs=unseen, pairs=pairs)

# %% step alibi
slopes = np.array(alibi_slopes(heads))                              # the lesson's, in the reference order
i, j = np.arange(24)[:, None], np.arange(24)[None, :]
bias = np.where((j > i) & causal, -np.inf, -slopes[head] * np.abs(i - j))
title = (_("ALiBi bias −m·(i − j) for one head (grey: masked future keys)") if causal else
         _("ALiBi bias −m·|i − j| for one head (no mask: keys on both sides)"))
ax = heatmap(np.where(np.isfinite(bias), bias, np.nan), title, _("key j"), _("query i"),
             limit=np.max(np.abs(bias[np.isfinite(bias)])), size=(6.5, 6))
ax.set_facecolor("0.8")                                             # masked keys: grey
curves([(_("slope m of each head"), slopes, {"marker": "o"})], _("Head slopes (log scale)"), _("head"), logy=True,
       size=(7.5, 2.8))
plt.show()
show_numbers(export0=bias, alibi_slopes=slopes, slope=slopes[head], slope_max=slopes.max(), slope_min=slopes.min())

# %% step t5
rel = np.arange(-3 * max_distance, 3 * max_distance + 1)
bucket = t5_bucket(rel, bidirectional, buckets, max_distance)      # the lesson's
ax = curves([(_("bucket id"), rel, bucket, {"drawstyle": "steps-post"})], _("T5: relative position (key − query) → bucket"),
            _("relative position"), markers=[(-max_distance, "−max_distance"), (max_distance, "max_distance")])
plt.show()
side = 1 if bidirectional else -1                                   # bidirectional: keys after the query
last = t5_bucket(np.array([side * 3 * max_distance]), bidirectional, buckets, max_distance)[0]
reach = t5_bucket(side * np.arange(3 * max_distance), bidirectional, buckets, max_distance) == last
show_numbers(t5_bucket=bucket, exact=(buckets // 2 if bidirectional else buckets) // 2,
             last_start=int(np.argmax(reach)) if reach.any() else 3 * max_distance)

# %% step stretch
angle_plot(scaled=True)
show_numbers(scale=train / target, ntk_base=ntk_base)
