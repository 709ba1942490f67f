import numpy as np

def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

def causal_attention(x, wq, wk, wv):
    """One head; keys after each query masked before the softmax (exp(-inf) = 0)."""
    q, k, v = x @ wq, x @ wk, x @ wv
    s = q @ k.T / np.sqrt(wk.shape[1])
    s[np.triu_indices(len(x), 1)] = -np.inf
    w = softmax(s)
    return w, w @ v

def counting_head(n):
    """Kazemnejad et al. 2023 (arXiv:2305.19466), Theorem 1: a start token and a uniform causal head
    write h_i = 1/(i+1); the position is 1/h - 1."""
    x = np.zeros((n, 2)); x[:, 1] = 1; x[0, 0] = 1          # feature 0: "I am the start token"
    zero = np.zeros((2, 2)); wv = zero.copy(); wv[0, 0] = 1
    _, out = causal_attention(x, zero, zero, wv)            # q = k = 0: every allowed score equal
    h = out[:, 0]
    return h, 1 / h - 1

def rope(x, pos, base=10000.0):
    """1-D RoPE, interleaved pairs (2i, 2i+1), one position for the vector x."""
    d = x.shape[-1]
    a = pos / base ** (np.arange(0, d, 2) / d)
    c, s = np.cos(a), np.sin(a)
    out = x.astype(np.float64).copy()
    out[0::2], out[1::2] = x[0::2] * c - x[1::2] * s, x[0::2] * s + x[1::2] * c
    return out

def rope_2d(x, row, col, base=10000.0):
    """Axial 2-D RoPE: the first half of x turns with the row, the second with the column."""
    h = x.shape[-1] // 2
    return np.concatenate([rope(x[:h], row, base), rope(x[h:], col, base)])

def mrope_position_ids(segments):
    """Qwen2-VL's rule (transformers, modeling_qwen2_vl.py, get_rope_index). segments: ("text", n) or
    ("vision", t, h, w) with h, w already divided by spatial_merge_size. Returns 3 x N (time, height, width)."""
    cols, start = [], 0
    for seg in segments:
        if seg[0] == "text":
            ids = start + np.arange(seg[1])
            cols.append(np.stack([ids, ids, ids]))
        else:
            t, h, w = seg[1:]
            ti, hi, wi = np.meshgrid(np.arange(t), np.arange(h), np.arange(w), indexing="ij")
            cols.append(start + np.stack([ti.ravel(), hi.ravel(), wi.ravel()]))
        start = cols[-1].max() + 1          # the next segment starts after the largest id so far
    return np.concatenate(cols, axis=1)

def mrope_cos_sin(ids, mrope_section=(16, 24, 24), base=1000000.0):
    """The cos and sin tables (N x 2*sum(mrope_section), rotate_half layout): pair j turns with the id of
    its section. Defaults: Qwen2-VL-7B-Instruct's config.json (mrope_section, rope_theta)."""
    half = sum(mrope_section)
    inv_freq = 1.0 / base ** (np.arange(0, 2 * half, 2) / (2 * half))
    section = np.repeat([0, 1, 2], mrope_section)           # section of each pair j
    angles = ids[section, :].T * inv_freq                   # N x half
    return np.cos(np.tile(angles, 2)), np.sin(np.tile(angles, 2))

if __name__ == "__main__":
    h, p = counting_head(6)
    print(h, p)                                             # 1, 1/2, 1/3, … and 0, 1, 2, …
    ids = mrope_position_ids([("text", 3), ("vision", 1, 4, 6), ("text", 3)])
    print(ids[:, -3:])                                      # the text after the image starts at 3 + 6
    rng = np.random.default_rng(0)
    q, k = rng.normal(size=16), rng.normal(size=16)
    s = rope_2d(q, 2, 3) @ rope_2d(k, 4, 1)
    print(s - rope_2d(q, 7, 0) @ rope_2d(k, 9, -2))         # ~1e-16: only (Δrow, Δcol) counts
