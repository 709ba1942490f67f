import numpy as np

def softmax_rows(s):
    s = s - s.max(axis=1, keepdims=True)          # no overflow for large scores
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True)

def attention(x, wq, wk, wv):
    q, k, v = x @ wq, x @ wk, x @ wv
    return softmax_rows(q @ k.T / np.sqrt(k.shape[1])) @ v

rng = np.random.default_rng(1)
n, d = 7, 8
x = rng.standard_normal((n, d))
wq, wk, wv = (rng.standard_normal((d, d)) / np.sqrt(d) for _ in range(3))
perm = rng.permutation(n)                        # row i of P·X is row perm[i] of X
residual = np.abs(attention(x[perm], wq, wk, wv) - attention(x, wq, wk, wv)[perm]).max()
print(residual)                                  # ~1e-16: Attn(PX) = P·Attn(X)
