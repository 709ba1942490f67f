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

def position_blind_baseline(examples, task, causal, start=False):
    """The expected token accuracy of the best guesser that sees no positions, for what it sees
    (teacher-forced). Bidirectional: the bag of the input (bag_of_tokens_bound on the same inputs).
    Causal copy / reverse: slot j sees the input's bag and the answers already written, so its answer is
    one of the input tokens not yet written; guess their most frequent. Causal k_back: position i sees
    x₁ … x_i; the target is one of the i − 1 before it; guess their most frequent. A start token, the same
    in every sequence, tells such a guesser nothing: the baseline is that of the sequences without it."""
    if start:
        examples = [(tokens[1:], targets[1:]) for tokens, targets in examples]
    if not causal:
        return bag_of_tokens_bound([make_example(task, inputs(t, task)) for t, _ in examples], task)
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

# Seven runs differ only in how positions enter: none; learned (a table P added to the embeddings);
# sinusoidal (PE added); rope (q, k rotated, lesson 9); alibi (−m·|i − j| added to the logits); t5 (a
# learned bias per head and relative-position bucket, lesson 10); random (PE added at random_positions,
# L twice the longest test sequence).
