import numpy as np

def hands(pos, d, base=10000.0):
    """Each (sin, cos) pair as a point on the unit circle: the angle of hand i at position pos."""
    omega = base ** (-np.arange(0, d, 2) / d)
    return np.exp(1j * pos * omega)          # unit complex numbers: cos + i·sin

def distance_by_offset(max_k, d, base=10000.0):
    """‖PE(p) − PE(p+k)‖ = sqrt(Σ_i 4 sin²(k ω_i / 2)), the same for every p (even d)."""
    omega = base ** (-np.arange(0, d, 2) / d)
    k = np.arange(max_k + 1)[:, None]
    return np.sqrt((4 * np.sin(k * omega / 2) ** 2).sum(axis=1))

dist = distance_by_offset(511, 16)
print(dist[1:].min(), 1 + dist[1:].argmin())   # closest pair of different positions
