import numpy as np

def hf_permute(w, n_heads):
    """convert_llama_weights_to_hf.py's permute: Meta's interleaved rows (2j, 2j+1) of each head go to
    rows j and j + head_dim/2, where rotate_half pairs them. Applied to W_q and W_k only."""
    rows, cols = w.shape
    return w.reshape(n_heads, rows // n_heads // 2, 2, cols).swapaxes(1, 2).reshape(rows, cols)

def rope(x, pos, base=10000.0, rotary_dim=None, layout="half"):
    """Rotate the first rotary_dim columns of each row of x (positions pos, one per row); the rest pass."""
    d = x.shape[-1] if rotary_dim is None else rotary_dim
    theta = 1.0 / base ** (np.arange(0, d, 2) / d)
    a = np.asarray(pos, dtype=np.float64)[:, None] * theta
    c, s = np.cos(a), np.sin(a)
    out = np.array(x, dtype=np.float64)
    if layout == "half":      # rotate_half (transformers, GPT-NeoX): column i with i + d/2
        u, v = np.arange(d // 2), np.arange(d // 2) + d // 2
    else:                     # interleaved (Meta's LLaMA, GPT-J): 2i with 2i + 1
        u, v = np.arange(0, d, 2), np.arange(1, d, 2)
    out[:, u], out[:, v] = x[:, u] * c - x[:, v] * s, x[:, u] * s + x[:, v] * c
    return out

def scores(q, k, q_pos, k_pos, **kw):
    return rope(q, q_pos, **kw) @ rope(k, k_pos, **kw).T / np.sqrt(q.shape[-1])

def position_ids(mask):
    """transformers' generate: cumsum(mask) − 1, pads set to 1. A plain arange counts the pads."""
    mask = np.asarray(mask)
    return np.where(mask == 0, 1, np.cumsum(mask, axis=-1) - 1)

def dynamic_inv_freq(d, base, factor, trained_len, seq_len):
    """Dynamic NTK: the base grows with the current length past the trained one."""
    seq_len = max(seq_len, trained_len)
    grown = base * (factor * seq_len / trained_len - (factor - 1)) ** (d / (d - 2))
    return 1.0 / grown ** (np.arange(0, d, 2) / d)

def dynamic_cache_error(q, k, base, factor, trained_len, length):
    """Decoding token by token: key j was rotated under the base of length j + 1, the newest query under
    the base of `length`. Largest |score(cached keys) − score(keys rotated now)| over the keys."""
    d = q.shape[-1]
    def rot(x, p, theta):  # rotate_half with given frequencies
        a = p * theta
        x1, x2 = x[: d // 2], x[d // 2:]
        return np.concatenate([x1 * np.cos(a) - x2 * np.sin(a), x1 * np.sin(a) + x2 * np.cos(a)])
    now = dynamic_inv_freq(d, base, factor, trained_len, length)
    query = rot(q[length - 1], length - 1, now)
    err = [query @ (rot(k[j], j, dynamic_inv_freq(d, base, factor, trained_len, j + 1)) - rot(k[j], j, now))
           for j in range(length)]
    return np.max(np.abs(err)) / np.sqrt(d)

def to_bfloat16(x):
    """Round float64 → bfloat16: keep 8 significant bits (7 stored), ties to even, on float64's bits."""
    b = np.asarray(x, dtype=np.float64).view(np.uint64)
    drop = np.uint64(52 - 7)
    b = (b + (np.uint64(1) << (drop - np.uint64(1))) - np.uint64(1) + ((b >> drop) & np.uint64(1))) >> drop << drop
    return b.view(np.float64)

def angle(pos, theta, dtype):
    """pos·θ as code in `dtype` forms it: both rounded to it, the product rounded again."""
    if dtype == "bfloat16":
        return to_bfloat16(to_bfloat16(pos) * to_bfloat16(theta))
    t = {"float16": np.float16, "float32": np.float32, "float64": np.float64}[dtype]
    with np.errstate(over="ignore"):
        return np.float64(t(t(pos) * t(theta)))

# The permutation makes transformers' rotate_half reproduce Meta's interleaved scores.
rng = np.random.default_rng(0)
heads, hd, x = 2, 8, rng.standard_normal((6, 16))
wq, wk = rng.standard_normal((heads * hd, 16)), rng.standard_normal((heads * hd, 16))
meta = scores(x @ wq[:hd].T, x @ wk[:hd].T, range(6), range(6), layout="interleaved")
hf = scores(x @ hf_permute(wq, heads)[:hd].T, x @ hf_permute(wk, heads)[:hd].T, range(6), range(6))
print(np.abs(hf - meta).max())                                  # ~1e-15: rounding
print(position_ids([0, 0, 0, 1, 1, 1, 1, 1]))                   # [1 1 1 0 1 2 3 4]
print(angle(256, 1.0, "bfloat16") == angle(257, 1.0, "bfloat16"))  # True: 8 significant bits
