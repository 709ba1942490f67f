import numpy as np

def index_code(length, d):          # grows without bound
    return np.repeat(np.arange(length, dtype=float)[:, None], d, axis=1)

def fraction_code(length, d):       # position p means a different value at another length
    return index_code(length, d) / max(length - 1, 1)

def binary_code(length, bits):      # bit b of p, least significant first
    p = np.arange(length)[:, None]
    return ((p >> np.arange(bits)[None, :]) & 1).astype(float)

jumps = np.linalg.norm(np.diff(binary_code(64, 6), axis=0), axis=1)
print(jumps.max(), jumps.min())     # 7 → 8 flips four bits: distance 2.0 against 1.0
