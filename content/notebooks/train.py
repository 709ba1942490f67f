# Lesson train's notebook recipe. The notebook trains nothing: it draws the runs the page trained (the data
# cell's runs_file, as the runs export writes them, and the weights of the two runs the attention and table
# steps show). From them it computes in NumPy what the page's text says: the fixed test sets and the
# position-blind baselines, each encoding's mean and spread over its seeds, the rules the sentences follow
# (learned, short of it, held up, best, the papers table's verdicts), and the attention map and learned table
# from the weights, with the lesson's NumPy code (content/code/train.py: its baselines and its forward pass of
# the model, in float64 from the float32 weights the page trained). _("…") is a label the page draws.

# %% setup
PES = ["none", "learned", "sinusoidal", "rope", "alibi", "t5", "random"]  # core::all_encodings()
RUNS = ["none", "learned", "sinusoidal", "RoPE", "ALiBi", "T5", "randomised positions"]  # params["run"]
NAMES = [_("none"), _("learned"), _("sinusoidal"), _("RoPE"), _("ALiBi"), _("T5"), _("randomised positions")]
METRICS = ["token_accuracy", "greedy_token_accuracy", "sequence_accuracy", "greedy_sequence_accuracy"]
GOOD, WIDE = 0.9, 0.1  # "learned the task"; Zhou's "large variances" (a range over seeds this wide)
GOOD_COLOUR, WARN, MUTED = "#148246", "#be3c14", "#686e78"  # the page's theme (src/ui/theme.cpp)
task, causal, start = params["task"], params["causal"], params["start"]
vocab, k = params["vocab"], params["k"]
lr, shown_run = float(params["rate"]), RUNS.index(params["run"])
d_model, layers, heads, train_len, seeds, seed0 = (params[n] for n in ("d_model", "layers", "heads",
                                                                       "train_len", "seeds", "seed"))
shortest = k + 1 if task == "k_back" else 1
min_len = max(shortest, params["min_len"])
encodings = 7 if params["random"] else 6
top = train_len * params["test_x"]
# The test lengths (TrainLesson::test_lens_for): half the training length, the training length, five more
# up to the top.
lens = sorted({max(shortest, (train_len + 1) // 2), train_len, *(train_len + (top - train_len) * j // 5
                                                                 for j in range(1, 6))})
ti, last = lens.index(train_len), len(lens) - 1


def seq_len(n):  # tokens in a sequence whose input has n (core::sequence_length)
    return int(start) + (n if task == "k_back" else 2 * n + 1)


def below(rng, n):  # core::Random::below
    return int(rng.uniform() * n)


def inputs_of(tokens):
    return inputs(tokens[int(start):], task)


# The fixed test sets (core::make_test_sets): 64 sequences per length, from a seed of their own.
test_sets = []
for n in lens:
    rng = PosencRandom(mix_seed(0x7E575E75, n))
    test_sets.append([make_example(task, [below(rng, vocab) for _i in range(n)], vocab, k, causal, start)
                      for _j in range(64)])
# The position-blind baseline of each set, and "clearly above it": 3 standard errors of a guesser right that
# often on this many answer tokens, at least 0.05; at the training length for either mask.
base = [position_blind_baseline(s, task, causal, start, vocab, k) for s in test_sets]
answers = [sum(int((t >= 0).sum()) for _x, t in s) for s in test_sets]
margin = [max(0.05, 3 * np.sqrt(b * (1 - b) / max(a, 1))) for b, a in zip(base, answers)]
mask_base = {c: position_blind_baseline([make_example(task, inputs_of(x), vocab, k, c, start) for x, _t in
                                         test_sets[ti]], task, c, start, vocab, k) for c in (False, True)}
# Parameters besides the position part: embeddings, per layer two norms, W_q W_k W_v W_o and the MLP, the
# final norm and the output layer (the MLP is 2 × d_model wide).
d, ff, vocab_in = d_model, 2 * d_model, vocab + 2 + int(start)
n_params = vocab_in * d + layers * (4 * d + 4 * d * d + 2 * d * ff + ff + d) + 2 * d + d * vocab + vocab
longest_seq = seq_len(max(train_len, lens[-1]))  # the learned table's rows
position_range = max(longest_seq, min(2 * longest_seq, 2048))  # randomised positions draw from 0 … this − 1


# ---- the runs: the page's own first in runs_file (the data cell); they must be every encoding × seed ----
setup_keys = {"task": task, "causal": causal, "start_token": start, "layers": layers, "heads": heads,
              "d_model": d, "vocab": vocab, "train_len": train_len, "min_len": min_len, "test_lens": lens,
              "max_steps": params["steps"], "batch": params["batch"], "lr": lr}
runs_all = runs_file["runs"] if runs_file else []
page = runs_all[:trained]
expected = [(PES[e], seed0 + s) for e in range(encodings) for s in range(seeds)]
other = [f"{key}: {r[key]} ≠ {v}" for r in page for key, v in setup_keys.items() if r[key] != v]
done = bool(page) and [(r["pe"], r["seed"]) for r in page] == expected and not other
nothing = (
    _("Nothing trained at these settings yet: press Train on the page, then download the notebook again."))
if not page:
    print(nothing)
    print(_("To read a runs file instead (the page's ↓ .json, or the PyTorch script's):"))
    print('    runs_file = json.load(open("runs.json", encoding="utf-8")); trained = len(runs_file["runs"])')
elif not done:  # runs of other settings than params: the first few differences
    print(_("not trained yet"), *sorted(set(other))[:6])
metric = METRICS[2 * (params["metric"] == "sequences") + int(params["greedy"])]


def run(e, s):
    return page[e * seeds + s]


def token(e, s, li):
    return run(e, s)["token_accuracy"][li]


def spread(e, li, token_accuracy=True):
    """Over the seeds (TrainLesson::spread): mean, lowest, highest, and how many are clearly above the
    baseline (token accuracy)."""
    values = [token(e, s, li) if token_accuracy else run(e, s)[metric][li] for s in range(seeds)]
    mean = 0.0
    for v in values:
        mean += v / seeds
    above = sum(token(e, s, li) > base[li] + margin[li] for s in range(seeds))
    return mean, min(values), max(values), above


def spread_text(e, li):  # "0.93 (0.91–0.95)"; a share of exactly 0 or 1 keeps three decimals
    mean, lo, hi, _a = spread(e, li)
    share = lambda v: "0.000" if v == 0 else "1.000" if v == 1 else short_number(v)
    return share(mean) if seeds == 1 else share(mean) + " (" + share(lo) + "–" + share(hi) + ")"


def names(pick):  # "RoPE, ALiBi and T5" (TrainLesson::names): a Chinese 和 gets a space beside a Latin name
    v = [_("the runs without positions") if e == 0 else NAMES[e] for e in range(encodings) if pick(e)]
    latin = lambda c: c.isascii() and c.isalnum()
    s = ""
    for i, name in enumerate(v):
        join = "" if i == 0 else _(" and ") if i + 1 == len(v) else _(", ")
        if i > 0 and i + 1 == len(v) and join[0] != " ":
            join = (" " if latin(s[-1]) else "") + join + (" " if latin(name[0]) else "")
        s += join + name
    return s or _("none of them")


def seeds_at(e, li):
    return sum(token(e, s, li) >= GOOD for s in range(seeds))


def unsettled_below(e, li):  # a seed below the mark whose run stopped at its cap
    return any(token(e, s, li) < GOOD and not run(e, s)["converged"] for s in range(seeds))


def converged(e):
    return all(run(e, s)["converged"] for s in range(seeds))


learned = lambda e: seeds_at(e, ti) == seeds
short_of = lambda e: seeds_at(e, ti) == 0 and not unsettled_below(e, ti)
unsettled = lambda e: not learned(e) and unsettled_below(e, ti)
split = lambda e: not learned(e) and not unsettled(e) and seeds_at(e, ti) > 0
holds = lambda e: learned(e) and seeds_at(e, last) == seeds
collapses = lambda e: learned(e) and seeds_at(e, last) == 0
split_long = lambda e: learned(e) and not holds(e) and not collapses(e)
count = lambda f: sum(bool(f(e)) for e in range(encodings))


def best(li):
    """The best encoding at a test length: among those clearly above the baseline on every seed, the highest
    mean; "clear" when its lowest seed is above every other encoding's highest, else "tied" with the next."""
    top_mean, winner = -1, -1
    for e in range(encodings):
        m, _lo, _hi, above = spread(e, li)
        if above == seeds and m > top_mean:
            top_mean, winner = m, e
    if winner < 0:
        return "none", -1, -1
    second, runner = -1, -1
    for e in range(encodings):
        if e != winner and spread(e, li)[0] > second:
            second, runner = spread(e, li)[0], e
    tied = runner >= 0 and spread(runner, li)[2] >= spread(winner, li)[1]
    return ("tied" if tied else "clear"), winner, runner


def best_numbers(li, tag):  # the placeholders and conditions of the best at a length, as the page says them
    numbers = {f"baseline{tag}": base[li]}
    if done:
        kind, winner, runner = best(li)
        numbers.update({f"best{tag}_{k_}": float(kind == k_) for k_ in ("none", "clear", "tied")})
        numbers.update({f"best{tag}": names(lambda e: e == winner),
                        f"runner{tag}": names(lambda e: e == runner),
                        f"above{tag}": names(lambda e: spread(e, li)[3] == seeds)})
        if winner >= 0:
            numbers[f"best{tag}_acc"] = spread_text(winner, li)
    return numbers


# ---- the pictures the page draws ----
def loss_plot(ax=None, size=(7.5, 3.4)):
    """Every run's loss, the mean of each stretch of steps (about 300 points a run), in its encoding's
    colour; the legend names each encoding once."""
    ax = axes(_("Training loss of every run (cross-entropy, log scale)"), _("step"), logy=True, ax=ax,
              size=size)
    per = max(1, params["steps"] // 300)
    for i, r in enumerate(page):
        loss = np.array(r["loss"], dtype=float)
        n = len(loss) // per
        if n:
            ax.plot(np.arange(n) * per + per / 2, loss[: n * per].reshape(n, per).mean(1),
                    color=POSENC_PALETTE[i // seeds], linewidth=1.5 if seeds > 1 else 2,
                    label=NAMES[i // seeds] if i % seeds == 0 else None)
    if page:
        ax.legend()
    return ax


def accuracy_axes(title, xlabel, ax=None, size=(7.5, 3.8)):
    ax = axes(title, xlabel, ax=ax, size=size)
    ax.set_ylim(0, 1.05)
    return ax


def dots(ax, e, x, li_list, token_accuracy, joined=False):
    """Encoding e's means at x (joined: a line through them), bars from its lowest seed to its highest."""
    s = [spread(e, li, token_accuracy) for li in li_list]
    mean = np.array([v[0] for v in s])
    bars = np.array([[v[0] - v[1] for v in s], [v[2] - v[0] for v in s]]) if seeds > 1 else None
    ax.errorbar(x, mean, yerr=bars, fmt="o-" if joined else "o", color=POSENC_PALETTE[e], label=NAMES[e],
                capsize=3, markersize=5, linewidth=1.6)


def accuracy_plot(ax=None, size=(7.5, 3.8)):
    """Accuracy against input length (the length and papers steps): the baseline under the runs."""
    title = [  # by METRICS
        _("Token accuracy against input length (mean; bars: lowest to highest seed)"),
        _("Token accuracy, free-running, against input length (mean; bars: lowest to highest seed)"),
        _("Whole-sequence accuracy against input length (mean; bars: lowest to highest seed)"),
        _("Whole-sequence accuracy, free-running, against input length (mean; bars: lowest to highest seed)"),
    ][METRICS.index(metric)]
    ax = accuracy_axes(title, _("input length n"), ax, size)
    if metric == "token_accuracy":  # the baseline counts teacher-forced answer tokens: drawn with them only
        ax.plot(lens, base, color=MUTED, alpha=110 / 255, linewidth=6, label=_("position-blind baseline"))
        ax.plot(lens, np.add(base, margin), color=MUTED, alpha=160 / 255, linewidth=1,
                label=_("clearly above it from here"))
    for e in range(encodings):
        dots(ax, e, lens, range(len(lens)), False, joined=True)
    ax.set_xlim(lens[0] - 0.5, lens[-1] + 0.5)
    ax.xaxis.set_major_locator(plt.MaxNLocator(integer=True))
    ax.axvspan(min_len, train_len, color=WARN, alpha=0.12, zorder=0)  # the lengths trained on
    ax.annotate(_("trained"), (max(min_len, lens[0] - 0.5), 0), xycoords=("data", "axes fraction"),
                xytext=(3, 4), textcoords="offset points", fontsize="small", color=WARN)
    ax.legend(ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.16))
    return ax


def bag_plot():
    several = _("Token accuracy at the training length (mean; bars: lowest to highest seed)")
    ax = accuracy_axes(several if seeds > 1 else _("Token accuracy at the training length, run by run"),
                       _("encoding"))
    for e in range(encodings):
        dots(ax, e, [e], [ti], True)
    ax.axhline(base[ti], color=MUTED, linewidth=1.2, linestyle="--")
    ax.annotate(_("position-blind baseline"), (0, base[ti]), xytext=(0, 3), textcoords="offset points",
                fontsize="small", color="0.4")
    ax.set_xticks(range(encodings), NAMES[:encodings])
    plt.show()
    loss_plot(size=(7.5, 3))
    plt.show()


def results(**numbers):  # the numbers the text quotes once every run is scored (else it quotes none)
    return numbers if done else {}


def need_results():  # as the page's result steps: their picture once every run is scored
    if not done:
        print(_("The results appear here once every run has trained and been tested."))
    return done


def accuracy_table():  # the export of the result steps: each test length, then every run's chosen score
    return np.column_stack([lens] + [run(e, s)[metric] for e in range(encodings) for s in range(seeds)])


def page_random_positions(n, limit, rng):  # core::random_positions: Floyd's draw from the page's stream
    taken, out = set(), []
    for j in range(limit - min(n, limit), limit):
        t = below(rng, j + 1)
        pick = j if t in taken else t
        taken.add(pick)
        out.append(pick)
    return sorted(out)


def run_weights(e, s):
    """Encoding e's run at seed index s, and its weights as matrices (None: not in the data cell)."""
    r = run(e, s)
    flat = weights.get((r["pe"], r["seed"]))
    if flat is None:
        print(_("Left out, too large for a notebook:"), f"weights[{(r['pe'], r['seed'])}]")
    return r, (named_weights(r, flat) if flat is not None else None)


def table(rows, header, colours=None):
    """A table as the page draws one: in Jupyter an HTML table (a cell's colour from colours[row][column]),
    elsewhere plain columns."""
    try:
        from html import escape
        from IPython.display import HTML, display
    except ImportError:
        for r in [header] + rows:
            print(" | ".join(str(c) for c in r))
        return
    colour = lambda i, j: colours[i][j] if colours and colours[i][j] else "inherit"
    cell = lambda tag, text, c: f"<{tag} style='text-align:left;color:{c}'>{escape(str(text))}</{tag}>"
    head = "<tr>" + "".join(cell("th", h, "inherit") for h in header) + "</tr>"
    body = "".join("<tr>" + "".join(cell("td", c, colour(i, j)) for j, c in enumerate(r)) + "</tr>"
                   for i, r in enumerate(rows))
    display(HTML("<table>" + head + body + "</table>"))


# %% step setup
loss_plot()
plt.show()
loss = np.full((max([len(r["loss"]) for r in page] or [0]), len(page)), np.nan)
for i, r in enumerate(page):
    loss[: len(r["loss"]), i] = r["loss"]
numbers = dict(seed_first=seed0, seed_last=seed0 + seeds - 1, runs=encodings * seeds, params=n_params,
               lr=lr, cap=params["steps"], min_len=min_len)
if params["random"]:
    numbers["random_last"] = position_range - 1
numbers.update(results(export0=loss, converged_runs=sum(r["converged"] for r in page),
                       train_seconds=wall_seconds))
show_numbers(**numbers)

# %% step bag
# The bound from its definition (content/code/train.py): on copy and reverse every answer slot holds MASK, so
# a model without positions writes one token into all of them; on k_back it guesses from the bag.
print(_("position-blind baseline"), short_number(base[ti]), "+", short_number(margin[ti], 2))
numbers = dict(bag_bound=base[ti], bag_margin=margin[ti], good=GOOD, k=k, causal_baseline=mask_base[True],
               bidir_baseline=mask_base[False])
if need_results():
    bag_plot()
    none_above = spread(0, ti)[3]
    numbers.update(export0=accuracy_table(), acc_none=spread_text(0, ti),
                   none_within_bound=float(not causal and none_above == 0),
                   any_learned_pe=float(count(lambda e: e > 0 and learned(e)) > 0),
                   learned_pe=names(lambda e: e > 0 and learned(e)))
show_numbers(**numbers)

# %% step nope
# With a causal mask a position-blind model still sees, at each slot, the input's bag and the answers before
# it (teacher forcing): its best guess is the most frequent input token not yet written.
numbers = dict(causal_baseline=mask_base[True], bidir_baseline=mask_base[False], bag_bound=base[ti], k=k)
if need_results():
    bag_plot()
    none_above = spread(0, ti)[3]
    numbers.update(export0=accuracy_table(), acc_none=spread_text(0, ti),
                   causal_none_above=float(causal and none_above == seeds),
                   causal_none_at_bound=float(causal and none_above == 0),
                   causal_none_split=float(causal and 0 < none_above < seeds))
show_numbers(**numbers)

# %% step length
numbers = dict(test_top=top, good=GOOD, **best_numbers(last, "_long"))
if need_results():
    accuracy_plot()
    plt.show()
    lists = dict(learned_at_train=learned, short_of=short_of, split=split, unsettled=unsettled, hold=holds,
                 collapse=collapses, split_long=split_long)
    numbers.update({key: names(pick) for key, pick in lists.items()})
    longer = last > ti
    numbers.update(export0=accuracy_table(), longest=lens[-1], any_learned=float(count(learned) > 0),
                   any_short=float(count(short_of) > 0), any_split=float(count(split) > 0),
                   any_unsettled=float(count(unsettled) > 0), longer=float(longer),
                   any_hold=float(longer and count(holds) > 0),
                   any_collapse=float(longer and count(collapses) > 0),
                   any_split_long=float(longer and count(split_long) > 0),
                   no_hold=float(longer and count(learned) > 0 and count(holds) == 0))
    print(" · ".join(f"{NAMES[e]} {spread_text(e, last)}" for e in range(encodings)))
if params["random"]:
    numbers["random_last"] = position_range - 1
show_numbers(**numbers)

# %% step attention
numbers = dict(k=k, shown_seed_value=seed0 + params["shown_seed"])
if need_results():
    shown, w = run_weights(shown_run, params["shown_seed"])
    rng = PosencRandom(mix_seed(0xE8A3F1E5, params["example"]))  # the page's example
    x = [below(rng, vocab) for _i in range(params["ex_len"])]
    tokens, targets = make_example(task, x, vocab, k, causal, start)
    positions = page_random_positions(len(tokens), position_range, rng) if shown["pe"] == "random" else None
    if w is not None:
        probs, logits = forward(shown, w, tokens, positions)
        attention = probs[params["layer"]][params["head"]]
        heatmap(attention, _("Attention of %s (seed %d), layer %d, head %d (row: query, column: key)") % (
            NAMES[shown_run], shown["seed"], params["layer"], params["head"]), _("key position"),
            _("query position"), limit=1.0, non_negative=True, size=(6.5, 6))
        plt.show()
        predicted = logits[targets >= 0].argmax(1)
        word = lambda t: ("|" if t == vocab else "_" if t == vocab + 1 else "^" if start and t == vocab + 2
                          else str(t))
        print(_("tokens: %s") % " ".join(map(word, tokens)))
        print(_("targets: %s") % " ".join(map(word, targets[targets >= 0])))
        print(_("predicted: %s") % " ".join(map(word, predicted)))
        if positions is not None:
            print(_("positions (drawn from 0 to %d): %s") % (position_range - 1,
                                                            " ".join(map(str, positions))))
        numbers.update(export0=attention, ex_right=int((predicted == targets[targets >= 0]).sum()),
                       ex_targets=int((targets >= 0).sum()))
show_numbers(**numbers)

# %% step table
trained_rows = seq_len(train_len)  # the rows a training sequence reaches
numbers = dict(shown_seed_value=seed0 + params["shown_seed"])
if need_results():
    _r, w = run_weights(1, params["shown_seed"])
    if w is not None:
        pos_table = w["positions"]
        ax = heatmap(pos_table, _("Learned position table (rows past the training lengths never trained)"),
                     _("dimension"), _("position"), size=(7.5, 4.8))
        ax.axhline(trained_rows - 1, color="black", linewidth=0.8)
        plt.show()
        # Its first two principal components over the trained rows (core::principal_components).
        x = pos_table[:trained_rows] - pos_table[:trained_rows].mean(0)
        value, vector = np.linalg.eigh(x.T @ x)
        explained = value[::-1][:2] / max(value.sum(), 1e-300)
        coords = x @ vector[:, ::-1][:, :2]
        coords *= np.sign(coords[np.abs(coords).argmax(0), [0, 1]])  # as the page: the largest one positive
        label = _("component %d (%s%% of the variance)")
        curves([(label % (i + 1, short_number(100 * explained[i])), coords[:, i]) for i in range(2)],
               _("First principal components of the trained rows, against position"), _("position"))
        plt.show()
        numbers.update(export0=pos_table, trained_rows=trained_rows, table_rows=len(pos_table),
                       pc1=100 * explained[0], pc2=100 * explained[1],
                       untrained=float(len(pos_table) > trained_rows))
show_numbers(**numbers)

# %% step runs
# The runs table, sorted by encoding as the page first shows it; runs read from a file follow the page's.
rows, colours = [], []
for r in sorted(runs_all, key=lambda r: PES.index(r["pe"])):
    own = r["test_lens"]

    def cell(i, column):  # the score at the run's own length i; a length other than the column's says so
        v = r[metric][i] if i < len(r[metric]) else None
        text = short_number(v) if v is not None and math.isfinite(v) else "—"
        return text + ("" if own[i] == column else _(" (at %d)") % own[i])

    stopped = (_("solved") if r["stop"] == "solved" else _("plateau")) if r["converged"] else _("step cap")
    colours.append([POSENC_PALETTE[PES.index(r["pe"])]] + [None] * 3 + [None if r["converged"] else WARN]
                   + [None] * 3)
    rows.append([NAMES[PES.index(r["pe"])], r["seed"], {"posenc": _("this page"), "pytorch": "PyTorch"}.get(
        r["source"], r["source"]), r["steps"], stopped, short_number(r["seconds"], 2),
        cell(own.index(r["train_len"]), train_len), cell(len(own) - 1, lens[-1])])
if rows:
    table(rows, [_("encoding"), _("seed"), _("trained by"), _("steps"), _("stopped"), _("time, s"),
                 _("at %d") % train_len, _("at %d") % lens[-1]], colours)
else:
    print(_("The table fills once every run has trained, or once a runs file is read (drop it here)."))
numbers = results(converged_runs=sum(r["converged"] for r in page), runs=encodings * seeds,
                  all_converged=float(all(r["converged"] for r in page)),
                  some_unconverged=float(not all(r["converged"] for r in page)))
show_numbers(**numbers)

# %% step papers
VERDICTS = [_("agree"), _("disagree"), _("seeds do not separate"), _("not settled: runs stopped by the cap"),
            _("not comparable: turn the causal mask on"), _("not run here"),
            _("one seed: no spread to compare"), _("not comparable: turn the causal mask off"),
            _("no test past the training length")]
AGREE, DISAGREE, UNDECIDED, UNSETTLED, NOT_CAUSAL, NOT_RUN, ONE_SEED, NOT_BIDIRECTIONAL, NO_LONGER = range(9)


def separated(a, b):  # +1: every seed of a above every seed of b; −1 the other way round; 0 they overlap
    return 0 if not a or not b else 1 if min(a) > max(b) else -1 if min(b) > max(a) else 0


def above_others(target, seeds_of, others, settled):
    if not settled:
        return UNSETTLED
    s = [separated(seeds_of[target], seeds_of[e]) for e in others if e != target]
    return AGREE if all(v > 0 for v in s) else DISAGREE if any(v < 0 for v in s) else UNDECIDED


def paper_rows():
    """The papers table (src/lessons/train/papers.cpp, where each claim's source is cited): a claim in its
    setting, what these runs show at the nearest one, and whether they agree."""
    twice = min(range(len(lens)), key=lambda i: abs(lens[i] - 2 * train_len))  # the first of the nearest
    at_twice, at_last = _("at n = %d: ") % lens[twice], _("at n = %d: ") % lens[last]
    settled = lambda es: all(converged(e) for e in es)
    at = lambda e, li: NAMES[e] + " " + spread_text(e, li)
    all_seeds = lambda li: [[token(e, s, li) for s in range(seeds)] for e in range(encodings)]
    explicit = [1, 2, 3, 4, 5]
    rows = []
    best_other = max(explicit, key=lambda e: (spread(e, twice)[0], -e))  # the first of the highest means
    rows.append([_("Kazemnejad et al. 2023"),
                 _("no positions generalise better than every explicit encoding"),
                 _("causal mask, copy and reverse, up to 2 × L"),
                 at_twice + at(0, twice) + _("; ") + at(best_other, twice),
                 above_others(0, all_seeds(twice), explicit, settled([0] + explicit))
                 if causal else NOT_CAUSAL])
    best_other = max([e for e in explicit if e != 5], key=lambda e: (spread(e, twice)[0], -e))
    rows.append([_("Kazemnejad et al. 2023"), _("T5's bias is the best explicit encoding"),
                 _("causal mask, up to 2 × L"), at_twice + at(5, twice) + _("; ") + at(best_other, twice),
                 above_others(5, all_seeds(twice), explicit, settled(explicit)) if causal else NOT_CAUSAL])
    verdict = NOT_CAUSAL
    if causal:  # holding up: above the sinusoidal code's seeds and clearly above the baseline, on every seed
        verdict = above_others(4, all_seeds(last), [2], settled([4, 2]))
        verdict = UNDECIDED if verdict == AGREE and spread(4, last)[3] < seeds else verdict
    rows.append([_("Press et al. 2022"),
                 _("ALiBi holds up past the training length; the sinusoidal code does not"),
                 _("causal language models; nearest here: k_back"),
                 at_last + at(4, last) + _("; ") + at(2, last), verdict])
    here, verdict = _("not trained: turn on include randomised positions"), NOT_RUN
    if params["random"]:  # an encoder's claim; here randomised positions randomise the sinusoidal code
        here = at_last + at(6, last) + _("; ") + at(2, last)
        verdict = NO_LONGER if last <= ti else NOT_BIDIRECTIONAL if causal else above_others(
            0, [all_seeds(last)[6], all_seeds(last)[2]], [1], settled([6, 2]))
    rows.append([_("Ruoss et al. 2023"),
                 _("randomised positions raise accuracy on longer inputs (by 12.0 percent on average)"),
                 _("an encoder (bidirectional mask), 15 tasks incl. reverse and duplicating a string; nearest here: randomised sinusoidal against sinusoidal"),
                 here, verdict])
    widest, width = -1, -1
    for e in range(encodings):
        lo_end, hi_end = spread(e, last)[1:3]
        if spread(e, ti)[1] >= GOOD and hi_end - lo_end > width:  # learned on every seed
            widest, width = e, hi_end - lo_end
    if widest < 0:
        here, verdict = _("no encoding learned the task on every seed"), UNDECIDED if seeds > 1 else ONE_SEED
    else:
        here = at_last + at(widest, last)
        verdict = (ONE_SEED if seeds == 1 else UNSETTLED if not settled([widest])
                   else AGREE if width >= WIDE else DISAGREE)
    rows.append([_("Zhou et al. 2024"), _("seeds that all learn the task can differ widely on longer inputs"),
                 _("causal, addition; several seeds"), here, verdict])
    return rows


numbers = dict(params=n_params, test_top=top, **best_numbers(ti, "_train"), **best_numbers(last, "_long"))
if need_results():
    papers = paper_rows()
    table([[p, _("%s (%s)") % (claim, setting), here, VERDICTS[v]] for p, claim, setting, here, v in papers],
          [_("paper"), _("reports (its setting)"), _("these runs"), _("agree?")],
          [[None] * 3 + [GOOD_COLOUR if v == AGREE else WARN if v == DISAGREE else MUTED]
           for *_r, v in papers])
    accuracy_plot(size=(7.5, 3.2))
    plt.show()
    numbers.update(export0=accuracy_table(), longest=lens[-1], acc_none_long=spread_text(0, last))
    # The table's cells this notebook computed, in one line a test reads back (tests/unit/train/).
    print("posenc-papers " + json.dumps([[here, VERDICTS[v]] for *_c, here, v in papers], ensure_ascii=False))
show_numbers(**numbers)
