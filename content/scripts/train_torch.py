#!/usr/bin/env python3
"""posenc's lesson `train` in PyTorch: the runs of the page's runs table, for when the page is too small.

The same tiny Transformers, tasks, position encodings, budgets, stopping rule and metrics as posenc's core
(src/core/train_model, train_tasks, train, train_run), written from its definitions. SETUPS below holds
the exported runs (one JSON object per run, the format of docs/train-runs.md).

    python3 train_torch.py [--device cpu|cuda] [--out results.json] [--scale S] [--threads N]
                           [--setups FILE]

--scale multiplies every run's step cap (warm-up unchanged); --setups reads the runs from a JSON file (a
list of setups, or a runs file) instead of SETUPS. The results go to --out as
{"format": "posenc-train-runs", "version": 1, "runs": [record, ...]}, each record "source": "pytorch":
load the file into the page's runs table to see these runs beside the page's own.

What is the page's: the model (its shape and its initial scales), the tasks, their slot tokens and start
token, the encodings (randomised positions too: an ordered random subset of 0 … L − 1 for each sequence),
the lengths of each batch, Adam and its schedule, clipping, the plateau rule, the metrics.
What is not: the random streams. Weights, batches, randomised positions, the held-out set and the test
sets are drawn from torch's generators, seeded from the setup's seed (the held-out and test sets and
their positions from fixed seeds, the same for every run, as in the page), not from the page's xoshiro256**: a run here is another draw of the same experiment, not the page's run
replayed. Compare accuracies and steps to converge over seeds, never losses step by step. On a GPU, float
arithmetic also differs from the page's float32 in the last bits.
"""

import argparse
import json
import math
import sys
import time

import torch
import torch.nn.functional as F

SETUPS = json.loads(r"""
[]
""")

# The page's constants (src/core/train_run.hpp's Plateau, train.cpp, train_model.hpp).
EVAL_EVERY = 50        # steps between checks of the plateau rule
FLAT_MIN = 600         # the shortest window over which a run counts as flat
FLAT_ACCURACY = 0.01   # a rise of held-out accuracy above its best that is progress
FLAT_LOSS = 0.05       # a fall of the training loss, as a share of its value, that is progress
HELD_OUT = 64          # held-out sequences at train_len (the plateau rule's)
HELD_OUT_SEED = 0x4E1D0075  # the held-out set: the same for every run at one train_len
TEST_SEED = 0x7E575E75      # the test sets: the same for every run
HELD_OUT_POSITIONS_SEED = 0x4E1D905E  # random: the held-out set's positions …
TEST_POSITIONS_SEED = 0x7E57905E      # … and the test sets' (streams of their own)
BETAS, ADAM_EPS = (0.9, 0.98), 1e-8
LN_EPS = 1e-5
ROPE_BASE = SINUSOIDAL_BASE = 10000.0
T5_BUCKETS, T5_MAX_DISTANCE = 32, 128


def generator(seed, stream):
    """A torch generator for one of a run's random streams (SplitMix64 of seed and stream)."""
    x = (seed ^ (stream * 0x9E3779B97F4A7C15)) & (2**64 - 1)
    x = (x + 0x9E3779B97F4A7C15) & (2**64 - 1)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    return torch.Generator().manual_seed((x ^ (x >> 31)) >> 1)


# --- tasks (train_tasks.hpp) ---------------------------------------------------------------------------
# Content tokens 0 … vocab−1, SEP = vocab, MASK = vocab + 1; n is the input's length.
#   copy, reverse: x₁ … xₙ SEP s₁ … sₙ, targets at the slots (copy: x, reverse: x reversed). Slots are
#     all MASK with a bidirectional mask; with a causal one s₁ = MASK and s_j = y_{j−1} (teacher forcing).
#   k_back: x₁ … xₙ, the target at x_i, i > k, is x_{i−k}: the token k places back.
# With "start_token", START = vocab + 2 opens every sequence (no target there) and the rest moves right.

def shortest_input(s):
    return s["k"] + 1 if s["task"] == "k_back" else 1


def start(s):
    """1 when a start token opens every sequence, else 0."""
    return 1 if s.get("start_token") else 0


def sequence_length(s, n):
    return start(s) + (n if s["task"] == "k_back" else 2 * n + 1)


def make_batch(s, x):
    """Tokens and targets (−1: no target), both B × sequence_length, for inputs x (B × n)."""
    B, n = x.shape
    if s["task"] == "k_back":
        tokens, targets = x, torch.full_like(x, -1)
        targets[:, s["k"]:] = x[:, :n - s["k"]]
    else:
        y = x if s["task"] == "copy" else x.flip(1)
        slots = torch.full_like(x, s["vocab"] + 1)
        if s["causal"]:
            slots[:, 1:] = y[:, :-1]
        sep = torch.full((B, 1), s["vocab"], dtype=x.dtype)
        tokens = torch.cat([x, sep, slots], 1)
        targets = torch.cat([torch.full((B, n + 1), -1, dtype=x.dtype), y], 1)
    if start(s):
        tokens = torch.cat([torch.full((B, 1), s["vocab"] + 2, dtype=x.dtype), tokens], 1)
        targets = torch.cat([torch.full((B, 1), -1, dtype=x.dtype), targets], 1)
    return tokens, targets


def random_inputs(s, count, n, gen):
    return torch.randint(0, s["vocab"], (count, n), generator=gen)


# --- randomised positions (Ruoss et al. 2023, train_tasks.hpp) ----------------------------------------------
# For pe "random" each sequence of T tokens sits at T distinct positions drawn uniformly from 0 … L − 1 and
# sorted (an ordered random subset), in training and in the held-out and test sets alike (each from a
# stream of its own); L is twice the longest sequence, at most 2048 but never below it.

def position_range(longest):
    return max(longest, min(2 * longest, 2048))


def random_positions(count, T, L, gen):
    """count × T positions: each row T distinct values of 0 … L − 1, ascending."""
    return torch.stack([torch.randperm(L, generator=gen)[:T].sort().values for _ in range(count)])


# --- position encodings (sinusoidal.hpp, rope.hpp, extrapolation.hpp) ---------------------------------

def sinusoidal_table(positions, dim, base):
    """Column 2i = sin(p·ω_i), column 2i+1 = cos(p·ω_i), ω_i = base^(−2i/dim) (an odd dim's last sine has no
    cosine); angles in float64, as the page computes them."""
    table = torch.zeros(positions, dim, dtype=torch.float64)
    p = torch.arange(positions, dtype=torch.float64)
    for i in range((dim + 1) // 2):
        angle = p * (1.0 / base ** (2.0 * i / dim))
        table[:, 2 * i] = torch.sin(angle)
        if 2 * i + 1 < dim:
            table[:, 2 * i + 1] = torch.cos(angle)
    return table.float()


def rope(t, cos, sin):
    """Rotates each head's coordinate pairs (2i, 2i+1) by the position's angle p·θ_i, θ_i = base^(−2i/d_head):
    (x_2i + i·x_2i+1)·e^{i·p·θ_i}. t: B × heads × T × d_head; cos, sin: T × d_head/2."""
    x, y = t[..., 0::2], t[..., 1::2]
    return torch.stack((x * cos - y * sin, x * sin + y * cos), dim=-1).flatten(-2)


def alibi_slopes(heads):
    """The reference implementation's slopes: 2^(−8/n), 2^(−16/n), … for a power of two n; otherwise those of
    the largest power of two below heads, then every other slope of twice that."""
    p = 1
    while p * 2 <= heads:
        p *= 2
    start = 2.0 ** (-8.0 / p)
    slopes = [start ** (i + 1) for i in range(p)]
    return slopes if p == heads else slopes + alibi_slopes(2 * p)[0::2][:heads - p]


def t5_bucket(rel, bidirectional, buckets=T5_BUCKETS, max_distance=T5_MAX_DISTANCE):
    """T5's relative_position_bucket for rel = key − query."""
    ret, n = 0, -rel
    if bidirectional:
        buckets //= 2
        if n < 0:
            ret += buckets
        n = abs(n)
    else:
        n = max(n, 0)
    max_exact = buckets // 2
    if n < max_exact:
        return ret + n
    large = max_exact + int(math.log(n / max_exact) / math.log(max_distance / max_exact) * (buckets - max_exact))
    return ret + min(large, buckets - 1)


# --- the model (train_model.hpp) ------------------------------------------------------------------------
#   x⁰_t = E[token_t] (+ P[t] learned, + PE(t) sinusoidal, + PE(p_t) random: p_t the token's drawn position)
#   per layer:  x += MHA(LN₁(x))·W_o        MHA: per head softmax(q kᵀ/√d_h + bias + mask) v
#               x += ReLU(LN₂(x)·W₁ + b₁)·W₂ + b₂
#   logits = LN_f(x)·W_out + b_out          (at target positions only)
# No dropout, no biases in q, k, v, o. Weights are d_in × d_out (x·W), as in the page.

class Layer(torch.nn.Module):
    def __init__(self, d, ff, proj, gen):
        super().__init__()

        def gaussian(rows, cols, std):
            return torch.nn.Parameter(torch.randn(rows, cols, generator=gen) * std)

        self.ln1_gain, self.ln1_bias = torch.nn.Parameter(torch.ones(d)), torch.nn.Parameter(torch.zeros(d))
        self.wq, self.wk, self.wv = (gaussian(d, d, 1 / math.sqrt(d)) for _ in range(3))
        self.wo = gaussian(d, d, proj / math.sqrt(d))
        self.ln2_gain, self.ln2_bias = torch.nn.Parameter(torch.ones(d)), torch.nn.Parameter(torch.zeros(d))
        self.w1, self.b1 = gaussian(d, ff, 1 / math.sqrt(d)), torch.nn.Parameter(torch.zeros(ff))
        self.w2, self.b2 = gaussian(ff, d, proj / math.sqrt(ff)), torch.nn.Parameter(torch.zeros(d))


class Transformer(torch.nn.Module):
    def __init__(self, s, max_positions, seed):
        super().__init__()
        self.s = s
        d, ff, H, L = s["d_model"], s["d_ff"], s["heads"], s["layers"]
        P, pe, dh = max_positions, s["pe"], d // H
        gen = generator(seed, 1)
        # The page's scales: embeddings N(0, 1); q, k, v, W₁, W_out N(0, 1/d_in); W_o and W₂ further by
        # 1/√(2·layers) (GPT-2's residual scaling); gains 1, biases 0; the T5 bias table 0, as T5 starts.
        self.embedding = torch.nn.Parameter(torch.randn(s["vocab"] + 2 + start(s), d, generator=gen))
        if pe == "learned":  # from a stream of its own: every encoding starts from the same shared weights
            self.positions = torch.nn.Parameter(torch.randn(P, d, generator=generator(seed, 3)))
        if pe == "t5":
            self.t5_bias = torch.nn.Parameter(torch.zeros(T5_BUCKETS, H))
        self.layers = torch.nn.ModuleList(Layer(d, ff, 1 / math.sqrt(2 * L), gen) for _ in range(L))
        self.final_gain, self.final_bias = torch.nn.Parameter(torch.ones(d)), torch.nn.Parameter(torch.zeros(d))
        self.out_w = torch.nn.Parameter(torch.randn(d, s["vocab"], generator=gen) / math.sqrt(d))
        self.out_b = torch.nn.Parameter(torch.zeros(s["vocab"]))

        # Fixed tables (buffers: they follow the model to its device).
        if pe == "sinusoidal":
            self.register_buffer("sinusoidal", sinusoidal_table(P, d, SINUSOIDAL_BASE))
        if pe == "random":  # the sinusoidal table over the whole range positions are drawn from
            self.register_buffer("sinusoidal", sinusoidal_table(position_range(P), d, SINUSOIDAL_BASE))
        if pe == "rope":  # the angles p·θ_i of the sinusoidal table of width d_head
            angles = sinusoidal_table(P, dh, ROPE_BASE)
            self.register_buffer("rope_sin", angles[:, 0::2].contiguous())
            self.register_buffer("rope_cos", angles[:, 1::2].contiguous())
        i = torch.arange(P).view(-1, 1)  # query
        j = torch.arange(P).view(1, -1)  # key
        bias = torch.zeros(H, P, P)
        if pe == "alibi":  # −m_h·|i − j| (with the causal mask: the usual −m_h·(i − j) for j ≤ i)
            bias -= torch.tensor(alibi_slopes(H)).view(-1, 1, 1) * (i - j).abs()
        if s["causal"]:
            bias.masked_fill_(j > i, float("-inf"))
        self.register_buffer("bias", bias)
        if pe == "t5":  # one bucket per (query, key), the table shared by every layer
            buckets = [[t5_bucket(b - a, not s["causal"]) for b in range(P)] for a in range(P)]
            self.register_buffer("buckets", torch.tensor(buckets))

    def forward(self, tokens, lengths, target_mask, positions=None):
        """Logits at the target positions (in row-major order of target_mask) of a padded batch: tokens
        B × T, lengths B (keys at or after a sequence's length are masked); positions B × T, each token's
        position for pe "random" (None: 0 … T − 1)."""
        s, (B, T) = self.s, tokens.shape
        d, H = s["d_model"], s["heads"]
        dh = d // H
        x = self.embedding[tokens]
        if s["pe"] == "learned":
            x = x + self.positions[:T]
        if s["pe"] == "sinusoidal":
            x = x + self.sinusoidal[:T]
        if s["pe"] == "random":
            x = x + (self.sinusoidal[positions] if positions is not None else self.sinusoidal[:T])
        bias = self.bias[:, :T, :T]
        if s["pe"] == "t5":
            bias = bias + self.t5_bias[self.buckets[:T, :T]].permute(2, 0, 1)
        padding = torch.arange(T, device=tokens.device).view(1, -1) >= lengths.view(-1, 1)
        bias = bias.unsqueeze(0).masked_fill(padding.view(B, 1, 1, T), float("-inf"))

        def heads(m):
            return m.view(B, T, H, dh).transpose(1, 2)

        for layer in self.layers:
            a = F.layer_norm(x, (d,), layer.ln1_gain, layer.ln1_bias, LN_EPS)
            q, k, v = heads(a @ layer.wq), heads(a @ layer.wk), heads(a @ layer.wv)
            if s["pe"] == "rope":
                cos, sin = self.rope_cos[:T], self.rope_sin[:T]
                q, k = rope(q, cos, sin), rope(k, cos, sin)
            weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(dh) + bias, dim=-1)
            x = x + (weights @ v).transpose(1, 2).reshape(B, T, d) @ layer.wo
            b = F.layer_norm(x, (d,), layer.ln2_gain, layer.ln2_bias, LN_EPS)
            x = x + torch.relu(b @ layer.w1 + layer.b1) @ layer.w2 + layer.b2
        f = F.layer_norm(x[target_mask], (d,), self.final_gain, self.final_bias, LN_EPS)
        return f @ self.out_w + self.out_b


def pad(examples, device, positions=None):
    """(tokens, targets) pairs of different lengths as one padded batch: tokens, targets (−1 in the
    padding), lengths, and the positions (one tensor per pair, or None; 0 in the padding) or None."""
    T = max(t.shape[1] for t, _ in examples)
    tokens, targets, lengths = [], [], []
    for t, y in examples:
        extra = T - t.shape[1]
        tokens.append(F.pad(t, (0, extra), value=0))
        targets.append(F.pad(y, (0, extra), value=-1))
        lengths.append(torch.full((t.shape[0],), t.shape[1]))
    if positions is not None:
        positions = torch.cat([F.pad(p, (0, T - p.shape[1]), value=0) for p in positions]).to(device)
    return torch.cat(tokens).to(device), torch.cat(targets).to(device), torch.cat(lengths).to(device), positions


# --- training (train.hpp's Trainer, train_run.hpp's plateau rule) ------------------------------------------

def learning_rate(s, step, cap):
    """Linear warm-up over `warmup` steps, then cosine decay to a tenth of lr at the cap (step 0-based)."""
    lr, warmup = s["lr"], s["warmup"]
    if step < warmup:
        return lr * (step + 1) / (warmup + 1)
    t = (step - warmup) / (cap - warmup) if cap > warmup else 1.0
    return lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(t, 1.0))))


def training_batch(s, step, gen, device, positions_gen=None):
    """Lengths min_len … train_len in turn across the batch (continuing from step to step), tokens at random;
    for pe "random" each sequence's positions from positions_gen."""
    lo = max(s["min_len"], shortest_input(s))
    span = s["train_len"] - lo + 1
    lengths = [lo + (step * s["batch"] + b) % span for b in range(s["batch"])]
    groups = [make_batch(s, random_inputs(s, lengths.count(n), n, gen)) for n in sorted(set(lengths))]
    positions = None
    if s["pe"] == "random":
        L = position_range(max_positions(s))
        positions = [random_positions(t.shape[0], t.shape[1], L, positions_gen) for t, _ in groups]
    return pad(groups, device, positions)


def test_lengths(s):
    return s.get("test_lens") or [s["train_len"] * m for m in (1, 2, 3, 4)]


def max_positions(s):
    """The longest sequence a run reads (train or test): the learned table's rows."""
    return sequence_length(s, max(s["train_len"], test_lengths(s)[-1]))


def set_positions(s, count, n, seed):
    """For pe "random": positions for count sequences of inputs of length n, from a fixed stream (the
    held-out or test sets'); otherwise None."""
    if s["pe"] != "random":
        return None
    L = position_range(max_positions(s))
    return random_positions(count, sequence_length(s, n), L, generator(seed, n))


@torch.no_grad()
def scores(model, s, x, device, chunk=256, positions=None):
    """Token and sequence accuracy on inputs x (all of one length), teacher-forced and greedy (positions: for
    pe "random", one row per input). For causal copy and reverse, greedy writes the model's own earlier
    answers into the slots; elsewhere nothing feeds back and greedy equals teacher-forced."""
    out = [0.0, 0.0, 0.0, 0.0]
    for first in range(0, x.shape[0], chunk):
        tokens, targets = make_batch(s, x[first:first + chunk])
        tokens, targets = tokens.to(device), targets.to(device)
        at = None if positions is None else positions[first:first + chunk].to(device)
        B, T = tokens.shape
        lengths = torch.full((B,), T, device=device)
        mask = targets >= 0
        right = (model(tokens, lengths, mask, at).argmax(-1) == targets[mask]).view(B, -1)
        greedy = right
        if s["causal"] and s["task"] != "k_back":
            n, slots = x.shape[1], start(s) + x.shape[1] + 1  # slot j is token slots + j
            fed = tokens.clone()
            answers = torch.empty(B, n, dtype=tokens.dtype, device=device)
            for j in range(n):  # slot j sees only the tokens up to it: fill the slots left to right
                answers[:, j] = model(fed, lengths, mask, at).argmax(-1).view(B, n)[:, j]
                if j + 1 < n:
                    fed[:, slots + j + 1] = answers[:, j]
            greedy = answers == targets[:, slots:]
        for i, r in enumerate((right, greedy)):
            out[2 * i] += r.sum().item()
            out[2 * i + 1] += r.all(1).sum().item()
    answers = x.shape[0] * right.shape[1]  # every sequence of one length has as many targets
    return out[0] / answers, out[1] / x.shape[0], out[2] / answers, out[3] / x.shape[0]


def mean_loss(losses):
    """The mean of the finite ones among the last EVAL_EVERY losses."""
    finite = [x for x in losses[-EVAL_EVERY:] if math.isfinite(x)]
    return sum(finite) / len(finite) if finite else math.inf


def plateau(checks):
    """train_run.hpp's rule after the newest check: "solved", "flat" or None (train on). checks holds
    (steps done, held-out token accuracy, mean_loss) of every check so far. Solved: every held-out target
    right at two checks in a row. Flat: over the last max(FLAT_MIN, half the steps so far) steps neither did
    held-out accuracy rise more than FLAT_ACCURACY above its best before them, nor did the training loss fall
    by more than FLAT_LOSS of its value at their start."""
    if len(checks) >= 2 and checks[-1][1] >= 1.0 and checks[-2][1] >= 1.0:
        return "solved"
    now = checks[-1][0]
    start = now - max(FLAT_MIN, now // 2)  # the window is (start, now]
    if start < checks[0][0]:
        return None
    before = [(accuracy, loss) for step, accuracy, loss in checks if step <= start]
    best_before = max(accuracy for accuracy, _ in before)
    best_in = max(accuracy for step, accuracy, _ in checks if step > start)
    loss_then, loss_now = before[-1][1], checks[-1][2]
    if best_in <= best_before + FLAT_ACCURACY and not loss_now < loss_then * (1 - FLAT_LOSS):
        return "flat"
    return None


def train_step(model, moments, s, step, cap, tokens, targets, lengths, positions=None):
    """One optimiser step on a batch; returns its loss (the mean cross-entropy over every target). Adam as
    torch.optim.Adam(betas=BETAS, eps=ADAM_EPS) computes it, after clipping the gradient to a global norm of
    `clip` (≤ 0: none); a non-finite gradient skips the update (the loss still says so)."""
    params = list(model.parameters())
    mask = targets >= 0
    loss = F.cross_entropy(model(tokens, lengths, mask, positions), targets[mask])
    for p in params:
        p.grad = None
    loss.backward()
    norm = sum(p.grad.double().square().sum() for p in params).sqrt().item()
    if math.isfinite(norm):
        shrink = s["clip"] / norm if s["clip"] > 0 and norm > s["clip"] else 1.0
        lr, t = learning_rate(s, step, cap), step + 1
        c1, c2 = 1 - BETAS[0] ** t, 1 - BETAS[1] ** t
        with torch.no_grad():
            for p, (m, v) in zip(params, moments):
                g = p.grad * shrink
                m.mul_(BETAS[0]).add_(g, alpha=1 - BETAS[0])
                v.mul_(BETAS[1]).addcmul_(g, g, value=1 - BETAS[1])
                p.sub_(lr * (m / c1) / ((v / c2).sqrt() + ADAM_EPS))
    return loss.item()


def train_run(s, device, scale):
    """One run: train to the plateau rule or the step cap, then score on the test sets."""
    start = time.perf_counter()
    cap = max(1, round(s["max_steps"] * scale))
    model = Transformer(s, max_positions(s), s["seed"]).to(device)
    moments = [(torch.zeros_like(p), torch.zeros_like(p)) for p in model.parameters()]
    data, positions = generator(s["seed"], 2), generator(s["seed"], 3)  # tokens; random's positions
    held_out = random_inputs(s, HELD_OUT, s["train_len"], generator(HELD_OUT_SEED, s["train_len"]))
    held_out_at = set_positions(s, HELD_OUT, s["train_len"], HELD_OUT_POSITIONS_SEED)
    losses, checks, stop = [], [], None
    for step in range(cap):
        batch = training_batch(s, step, data, device, positions)
        losses.append(train_step(model, moments, s, step, cap, *batch))
        if (step + 1) % EVAL_EVERY == 0 and step + 1 < cap:  # at the cap the run stops anyway
            checks.append((step + 1, scores(model, s, held_out, device, positions=held_out_at)[0],
                           mean_loss(losses)))
            stop = plateau(checks)
            if stop:
                break
    stop = stop or "cap"
    lens = test_lengths(s)
    results = [scores(model, s, random_inputs(s, s["test_examples"], n, generator(TEST_SEED, n)), device,
                      positions=set_positions(s, s["test_examples"], n, TEST_POSITIONS_SEED))
               for n in lens]
    record = dict(s)
    record.update({
        "device": str(device), "test_lens": lens, "max_steps": cap, "source": "pytorch", "steps": len(losses),
        "converged": stop != "cap", "stop": stop, "seconds": time.perf_counter() - start,
        "loss": [float(f"{x:.7g}") if math.isfinite(x) else None for x in losses],  # JSON has no NaN: null
        "token_accuracy": [r[0] for r in results], "sequence_accuracy": [r[1] for r in results],
        "greedy_token_accuracy": [r[2] for r in results], "greedy_sequence_accuracy": [r[3] for r in results],
    })
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default="cpu", help="cpu, cuda or cuda:N (default cpu)")
    parser.add_argument("--out", default="results.json", help="where the runs file goes (default results.json)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every run's step cap")
    parser.add_argument("--threads", type=int, default=0, help="CPU threads for torch (default: torch's)")
    parser.add_argument("--setups", help="a JSON file of setups (a list, or a runs file) instead of SETUPS")
    args = parser.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    setups = SETUPS
    if args.setups:
        with open(args.setups, encoding="utf-8") as f:
            setups = json.load(f)
        if isinstance(setups, dict):
            setups = setups["runs"]
    if not setups:
        sys.exit("no setups: export them from the page's runs table, or pass --setups FILE")
    runs = []
    for i, s in enumerate(setups):
        keep = ("task", "pe", "causal", "layers", "heads", "d_model", "d_ff", "vocab", "k", "train_len",
                "min_len", "test_lens", "max_steps", "batch", "lr", "warmup", "clip", "test_examples", "seed")
        s = {key: s[key] for key in keep} | {"start_token": bool(s.get("start_token", False))}
        run = train_run(s, torch.device(args.device), args.scale)
        runs.append(run)
        at = run["test_lens"].index(s["train_len"])
        print(f"run {i + 1}/{len(setups)}: {s['task']} {s['pe']}{' causal' if s['causal'] else ''}"
              f"{' start' if s['start_token'] else ''} seed {s['seed']}:"
              f" {run['steps']} steps ({run['stop']}), loss {run['loss'][0]:.3f} → {run['loss'][-1]:.3f},"
              f" token accuracy at {s['train_len']}: {run['token_accuracy'][at]:.3f}, {run['seconds']:.1f} s",
              file=sys.stderr)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"format": "posenc-train-runs", "version": 1, "runs": runs}, f)
    print(f"wrote {len(runs)} runs to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
