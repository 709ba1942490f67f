import math
import numpy as np

def make_example(task, x, vocab=10, k=2, causal=False, start=False):
    """One sequence of lesson train's tasks: (tokens, targets), −1 where a position has no target.
    copy / reverse: x, SEP (= vocab), then n slots — all MASK (= vocab + 1) with a bidirectional mask, the
    answers shifted right by one (teacher forcing) with a causal one. k_back: x itself, the target at
    position i ≥ k is x[i − k]. start: a start token (= vocab + 2) first, with no target."""
    x = list(x)
    n = len(x)
    if task == "k_back":
        tokens, targets = x, ([-1] * k + x[:n - k])[:n]
    else:
        y = x if task == "copy" else x[::-1]
        slots = [vocab + 1] + y[:-1] if causal else [vocab + 1] * n
        tokens, targets = x + [vocab] + slots, [-1] * (n + 1) + y
    if start:
        tokens, targets = [vocab + 2] + tokens, [-1] + targets
    return np.array(tokens), np.array(targets)

def random_positions(n, L, rng):
    """Randomised positions (Ruoss et al. 2023): n distinct positions of 0 … L − 1, drawn at random and
    kept in order. Training and test sequences alike sit there instead of at 0 … n − 1; with L longer than
    any test sequence, no position a test reaches is new."""
    return np.sort(rng.choice(L, size=n, replace=False))

def bag_of_tokens_bound(examples, task):
    """The best token accuracy of a model that sees its input only as a bag (no positions, bidirectional
    mask): positions holding the same token get the same output. copy / reverse: the slots all hold MASK
    and the targets are the input reordered, so per sequence the most frequent token is right that many
    times. k_back: as far as the bag tells, a slot's target is any of the other n − 1 tokens; the best guess,
    their most frequent, is right on average (its count) / (n − 1) of the time."""
    right = total = 0
    for tokens, targets in examples:
        has = targets >= 0
        if task == "k_back":
            counts = np.bincount(tokens)
            for t in tokens[has]:
                counts[t] -= 1
                right += counts.max() / max(len(tokens) - 1, 1)
                counts[t] += 1
        else:
            for t in np.unique(tokens[has]):
                right += np.bincount(targets[has & (tokens == t)]).max()
        total += has.sum()
    return right / total

def position_blind_baseline(examples, task, causal, start=False, vocab=10, k=2):
    """The expected token accuracy of the best guesser that sees no positions, for what it sees
    (teacher-forced). Bidirectional: the bag of the input (bag_of_tokens_bound on the same inputs).
    Causal copy / reverse: slot j sees the input's bag and the answers already written, so its answer is
    one of the input tokens not yet written; guess their most frequent. Causal k_back: position i sees
    x₁ … x_i; the target is one of the i − 1 before it; guess their most frequent. A start token, the same
    in every sequence, tells such a guesser nothing: the baseline is that of the sequences without it."""
    if start:
        examples = [(tokens[1:], targets[1:]) for tokens, targets in examples]
    if not causal:
        return bag_of_tokens_bound([make_example(task, inputs(t, task), vocab, k) for t, _ in examples], task)
    expected = total = 0
    for tokens, targets in examples:
        if task == "k_back":
            for i in np.flatnonzero(targets >= 0):
                expected += np.bincount(tokens[:i]).max() / i
                total += 1
            continue
        n = (len(tokens) - 1) // 2
        left = list(tokens[:n])
        for j in range(n):
            expected += max(left.count(t) for t in set(left)) / len(left)
            left.remove(targets[n + 1 + j])
            total += 1
    return expected / total

def inputs(tokens, task):
    """The input x₁ … xₙ of a sequence."""
    return list(tokens) if task == "k_back" else list(tokens[:(len(tokens) - 1) // 2])

def causal_mask(n):
    """0 where query i may read key j ≤ i, −inf above the diagonal (added to the attention logits)."""
    return np.where(np.arange(n)[None, :] <= np.arange(n)[:, None], 0.0, -np.inf)

# The model (src/core/train_model.cpp): pre-LayerNorm layers, x += MHA(LN(x))·W_o, x += MLP(LN(x)); seven runs
# differ only in how positions enter: none; learned (a table P added to the embeddings); sinusoidal (PE
# added); rope (q, k rotated, lesson 9); alibi (−m·|i − j| added to the logits); t5 (a learned bias per head
# and relative-position bucket, lesson 10); random (PE added at random_positions, L twice the longest test
# sequence). A forward pass from a run's weights, as the runs file holds them:

def alibi_slopes(n):
    """ALiBi's head slopes (lesson 10): 2^(−8/n) and its powers, for non-powers of two interleaved."""
    if math.log2(n).is_integer():
        start = 2 ** -(2 ** -(math.log2(n) - 3))
        return [start * start ** i for i in range(n)]
    p = 2 ** math.floor(math.log2(n))
    return alibi_slopes(p) + alibi_slopes(2 * p)[0::2][: n - p]

def t5_bucket(rel, bidirectional, buckets=32, max_distance=128):
    """T5's relative_position_bucket of rel = key − query (lesson 10): exact up close, logarithmic beyond."""
    n, ret = -np.asarray(rel), 0
    if bidirectional:
        buckets //= 2
        ret, n = (n < 0) * buckets, np.abs(n)
    else:
        n = np.maximum(n, 0)
    exact = buckets // 2
    far = np.log(np.maximum(n, 1) / exact) / math.log(max_distance / exact) * (buckets - exact)
    return ret + np.where(n < exact, n, np.minimum(exact + far.astype(int), buckets - 1))

def named_weights(setup, flat):
    """A run's weights (its record's "weights": every tensor in turn, each column by column) by name."""
    dm, ff, h, pe, vocab = setup["d_model"], setup["d_ff"], setup["heads"], setup["pe"], setup["vocab"]
    longest = max(setup["train_len"], setup["test_lens"][-1])
    rows = int(setup["start_token"]) + (longest if setup["task"] == "k_back" else 2 * longest + 1)
    shapes = [("embedding", vocab + 2 + int(setup["start_token"]), dm)]
    shapes += [("positions", rows, dm)] if pe == "learned" else []
    shapes += [("t5", 32, h)] if pe == "t5" else []
    for l in range(setup["layers"]):
        shapes += [(f"{l}.{n}", r, c) for n, r, c in [
            ("ln1_g", 1, dm), ("ln1_b", 1, dm), ("wq", dm, dm), ("wk", dm, dm), ("wv", dm, dm),
            ("wo", dm, dm), ("ln2_g", 1, dm), ("ln2_b", 1, dm), ("w1", dm, ff), ("b1", 1, ff),
            ("w2", ff, dm), ("b2", 1, dm)]]
    shapes += [("lnf_g", 1, dm), ("lnf_b", 1, dm), ("wout", dm, vocab), ("bout", 1, vocab)]
    flat, w, at = np.asarray(flat, dtype=np.float32).astype(float), {}, 0
    for name, r, c in shapes:
        w[name], at = flat[at:at + r * c].reshape(c, r).T, at + r * c
    return w if at == len(flat) else None

def layer_norm(x, gain, bias):
    x = x - x.mean(1, keepdims=True)
    return x / np.sqrt((x ** 2).mean(1, keepdims=True) + 1e-5) * gain + bias

def forward(setup, w, tokens, positions=None):
    """One sequence through the model: each layer's attention weights [layer][head] (query × key) and the
    logits at every position (the model is trained on those with a target). positions: random's, else
    token i sits at i."""
    T, dm, h, pe = len(tokens), setup["d_model"], setup["heads"], setup["pe"]
    dh, i = dm // h, np.arange(T)
    x = w["embedding"][tokens]
    if pe == "learned":
        x = x + w["positions"][i]
    if pe in ("sinusoidal", "random"):
        pos = i if positions is None else np.asarray(positions)
        angle = pos[:, None] * 10000.0 ** (-np.arange(0, dm, 2) / dm)  # interleaved sin, cos (lesson 3)
        pe_rows = np.empty((T, dm))
        pe_rows[:, 0::2], pe_rows[:, 1::2] = np.sin(angle), np.cos(angle[:, :dm // 2])
        x = x + pe_rows.astype(np.float32)
    bias = causal_mask(T)[None] if setup["causal"] else np.zeros((1, T, T))
    if pe == "alibi":
        bias = bias - np.array(alibi_slopes(h))[:, None, None] * np.abs(i[:, None] - i[None, :])
    if pe == "t5":
        bias = bias + w["t5"][t5_bucket(i[None, :] - i[:, None], not setup["causal"])].transpose(2, 0, 1)
    angle = i[:, None] * 10000.0 ** (-np.arange(0, dh, 2) / dh)  # RoPE: a head's pair j turns by i·θ_j
    cos, sin = np.cos(angle).astype(np.float32)[:, None], np.sin(angle).astype(np.float32)[:, None]
    weights = []
    for l in range(setup["layers"]):
        g = lambda name: w[f"{l}.{name}"]
        a = layer_norm(x, g("ln1_g"), g("ln1_b"))
        q, k, v = ((a @ g(n)).reshape(T, h, dh) for n in ("wq", "wk", "wv"))
        if pe == "rope":
            for m in (q, k):
                u, y = m[..., 0::2].copy(), m[..., 1::2].copy()
                m[..., 0::2], m[..., 1::2] = u * cos - y * sin, u * sin + y * cos
        scores = np.einsum("ihc,jhc->hij", q, k) / np.sqrt(dh) + bias
        p = np.exp(scores - scores.max(2, keepdims=True))
        p /= p.sum(2, keepdims=True)
        weights.append(p)
        x = x + np.einsum("hij,jhc->ihc", p, v).reshape(T, dm) @ g("wo")
        x = x + np.maximum(layer_norm(x, g("ln2_g"), g("ln2_b")) @ g("w1") + g("b1"), 0) @ g("w2") + g("b2")
    return weights, layer_norm(x, w["lnf_g"], w["lnf_b"]) @ w["wout"] + w["bout"]
