import math
import numpy as np

def alibi_slopes(n):
    """Head slopes in the order of the ALiBi reference code, for any head count."""
    def power_of_two(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return power_of_two(n)
    p = 2 ** math.floor(math.log2(n))
    return power_of_two(p) + alibi_slopes(2 * p)[0::2][: n - p]

def t5_bucket(rel, bidirectional=True, buckets=32, max_distance=128):
    """T5's relative_position_bucket for rel = key − query (numpy arrays of ints)."""
    n = -np.asarray(rel)
    ret = np.zeros_like(n)
    if bidirectional:
        buckets //= 2
        ret += (n < 0) * buckets
        n = np.abs(n)
    else:
        n = np.maximum(n, 0)
    exact = buckets // 2
    large = exact + (np.log(np.maximum(n, 1) / exact) / math.log(max_distance / exact) * (buckets - exact)).astype(int)
    return ret + np.where(n < exact, n, np.minimum(large, buckets - 1))
