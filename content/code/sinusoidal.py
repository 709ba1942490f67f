import numpy as np

def sinusoidal(length, d, base=10000.0, offset=0.0, layout="interleaved"):
    """PE[p, 2i] = sin(p·ω_i), PE[p, 2i+1] = cos(p·ω_i), ω_i = base^(−2i/d), in float64."""
    pos = offset + np.arange(length, dtype=np.float64)[:, None]      # (length, 1)
    omega = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)       # arange over d, not length
    angle = pos * omega                                               # (length, ⌈d/2⌉)
    pe = np.empty((length, d))
    if layout == "interleaved":
        pe[:, 0::2] = np.sin(angle)
        pe[:, 1::2] = np.cos(angle[:, : d // 2])                      # odd d: the last sine has no cosine
    else:                                                             # "half": all sines, then all cosines
        h = angle.shape[1]
        pe[:, :h] = np.sin(angle)
        pe[:, h:] = np.cos(angle[:, : d - h])
    return pe

# PyTorch: same with torch.arange(..., dtype=torch.float64); compute angles in float64, then cast.
