import numpy as np

def shaw_index(length, k):
    """Row i, column j: clip(j − i, −k, k) + k, the learned vector used for the pair."""
    p = np.arange(length)
    return np.clip(p[None, :] - p[:, None], -k, k) + k

def relative_attention(x, wq, wk, wv, a_k, a_v, k):
    q, kk, v = x @ wq, x @ wk, x @ wv
    idx = shaw_index(len(x), k)
    e = (q @ kk.T + np.einsum("id,ijd->ij", q, a_k[idx])) / np.sqrt(kk.shape[1])
    alpha = np.exp(e - e.max(axis=1, keepdims=True)); alpha /= alpha.sum(axis=1, keepdims=True)
    return alpha @ v + np.einsum("ij,ijd->id", alpha, a_v[idx])
