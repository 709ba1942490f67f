import numpy as np

def pe_dot(length, d, base=10000.0):
    """PE(p)·PE(q) = Σ_i cos(ω_i (p − q)) for even d: a Toeplitz matrix."""
    omega = base ** (-np.arange(0, d, 2) / d)
    p = np.arange(length)
    return np.cos((p[:, None, None] - p[None, :, None]) * omega).sum(axis=2)

def shift_map(d, k, base=10000.0):
    """M_k with PE(p+k) = M_k · PE(p), interleaved layout: 2×2 blocks [[cos, sin], [−sin, cos]]."""
    m = np.zeros((d, d))
    for i, w in enumerate(base ** (-np.arange(0, d, 2) / d)):
        c, s = np.cos(k * w), np.sin(k * w)
        m[2 * i: 2 * i + 2, 2 * i: 2 * i + 2] = [[c, s], [-s, c]]
    return m
