import numpy as np

def permute(w, n_heads):
    """convert_llama_weights_to_hf.py's permute, view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2):
    Meta's interleaved rows (2j, 2j+1) of each block of dim1 / n_heads rows go to rows j and j + block/2,
    where rotate_half pairs them. W_q takes n_heads = num_attention_heads, W_k num_key_value_heads (its
    dim1 is kv_heads · head_dim); any other count cuts W_k into blocks that are not its heads. Raises
    ValueError, as torch's view raises, when the rows do not make n_heads blocks of whole pairs."""
    dim1, dim2 = w.shape
    return w.reshape(n_heads, dim1 // n_heads // 2, 2, dim2).swapaxes(1, 2).reshape(dim1, dim2)

def kv_head(h, heads, kv_heads):
    """repeat_kv: each key head serves heads / kv_heads query heads in a row."""
    return h // (heads // kv_heads)

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

def mscale(factor, m=1.0):
    """YaRN's 0.1 · m · ln(factor) + 1 (1 without scaling)."""
    return 1.0 if factor <= 1 else 0.1 * m * np.log(factor) + 1.0

def logit_scales(config):
    """(a, s) for a config.json as transformers reads it: YaRN's and LongRoPE's attention factor a on cos
    and sin, and DeepSeek's factor s on its softmax scale. Every logit is multiplied by a² · s."""
    c = config.get("text_config", config)
    rs = c.get("rope_scaling") or c.get("rope_parameters") or {}
    kind = rs.get("rope_type", rs.get("type", "default"))
    factor, a, s = rs.get("factor", 1.0), 1.0, 1.0
    if kind == "yarn":
        if rs.get("attention_factor") is not None:
            a = rs["attention_factor"]
        elif rs.get("mscale") and rs.get("mscale_all_dim"):
            a = mscale(factor, rs["mscale"]) / mscale(factor, rs["mscale_all_dim"])
        else:
            a = mscale(factor)
    elif kind == "longrope":
        original = rs.get("original_max_position_embeddings") or c.get("original_max_position_embeddings")
        if original:
            factor = c["max_position_embeddings"] / original
        a = rs.get("attention_factor") or (1.0 if factor <= 1 else np.sqrt(1 + np.log(factor) / np.log(original)))
    if c.get("model_type", "").startswith("deepseek") and kind != "default" and rs.get("mscale_all_dim"):
        s = mscale(factor, rs["mscale_all_dim"]) ** 2
    return float(a), float(s)

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
hf = scores(x @ permute(wq, heads)[:hd].T, x @ permute(wk, heads)[:hd].T, range(6), range(6))
print(np.abs(hf - meta).max())                                  # ~1e-15: rounding

# Grouped-query attention: 4 query heads share 2 key heads; W_k has 2 · hd rows.
heads, kv_heads = 4, 2
wq, wk = rng.standard_normal((heads * hd, 16)), rng.standard_normal((kv_heads * hd, 16))
head = lambda w, h: w[h * hd:(h + 1) * hd]
h, g = 3, kv_head(3, heads, kv_heads)                           # query head 3 reads key head 1
meta = scores(x @ head(wq, h).T, x @ head(wk, g).T, range(6), range(6), layout="interleaved")
q = x @ head(permute(wq, heads), h).T
right = scores(q, x @ head(permute(wk, kv_heads), g).T, range(6), range(6))
wrong = scores(q, x @ head(permute(wk, heads), g).T, range(6), range(6))
print(np.abs(right - meta).max(), np.abs(wrong - meta).max())   # ~1e-15, then of the scores' size

# DeepSeek-V3's YaRN: a = mscale(40, 1) / mscale(40, 1) = 1, softmax × mscale(40, 1)² ≈ 1.874.
print(logit_scales({"model_type": "deepseek_v3", "rope_scaling": {"type": "yarn", "factor": 40,
                    "mscale": 1.0, "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096}}))
print(position_ids([0, 0, 0, 1, 1, 1, 1, 1]))                   # [1 1 1 0 1 2 3 4]
print(angle(256, 1.0, "bfloat16") == angle(257, 1.0, "bfloat16"))  # True: 8 significant bits
