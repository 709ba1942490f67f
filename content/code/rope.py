import numpy as np

def rope(x, pos, base=10000.0, layout="interleaved"):
    """Rotate each pair of x by pos·θ_i, θ_i = base^(−2i/d) (d even)."""
    d = x.shape[-1]
    theta = base ** (-np.arange(0, d, 2) / d)
    c, s = np.cos(pos * theta), np.sin(pos * theta)
    out = np.empty_like(x, dtype=np.float64)
    if layout == "interleaved":            # pairs (2i, 2i+1): the paper, GPT-J
        a, b = x[..., 0::2], x[..., 1::2]
        out[..., 0::2], out[..., 1::2] = a * c - b * s, a * s + b * c
    else:                                  # pairs (i, i + d/2): rotate_half (GPT-NeoX, LLaMA-style)
        a, b = x[..., : d // 2], x[..., d // 2:]
        out[..., : d // 2], out[..., d // 2:] = a * c - b * s, a * s + b * c
    return out

q, k = np.random.default_rng(0).standard_normal((2, 64))
print(rope(q, 1007) @ rope(k, 1000) - rope(q, 7) @ rope(k, 0))   # ~1e-13: only m − n matters
