import numpy as np

# Save your table for posenc's checker (rows = positions from 0, columns = dimensions):
pe = np.zeros((128, 64))                    # ← your implementation's output here
np.save("pe.npy", pe.astype(np.float64))    # or: np.savetxt("pe.csv", pe, delimiter=",")
# PyTorch: np.save("pe.npy", pe_tensor.detach().cpu().double().numpy())

# A RoPE cache, as transformers builds it (rotate_half halves, positions 0 … len−1), for the RoPE steps:
len_, head_dim, base = 1024, 128, 500000.0
inv_freq = 1.0 / base ** (np.arange(0, head_dim, 2) / head_dim)
angles = np.outer(np.arange(len_), inv_freq)              # pos · θ_j, float64
emb = np.concatenate([angles, angles], axis=-1)           # column j and j + head_dim/2 share θ_j
np.save("rope.npy", np.stack([np.cos(emb), np.sin(emb)]))  # shape (2, len, dim): cos, then sin
# transformers: cos, sin = model.model.rotary_emb(x, position_ids)
#               np.save("rope.npy", torch.stack([cos[0], sin[0]]).float().numpy())
# Meta's freqs_cis (one complex number per pair): np.repeat(freqs_cis.real, 2, -1), the same for .imag
