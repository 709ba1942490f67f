import numpy as np

rng = np.random.default_rng(1)
d, words, positions = 256, 200, 256
w = rng.standard_normal((words, d))
pos = np.arange(positions)[:, None]
omega = 10000.0 ** (-np.arange(0, d, 2) / d)
pe = np.empty((positions, d)); pe[:, 0::2] = np.sin(pos * omega); pe[:, 1::2] = np.cos(pos * omega)
cos = (w / np.linalg.norm(w, axis=1, keepdims=True)) @ (pe / np.linalg.norm(pe, axis=1, keepdims=True)).T
print(np.abs(cos).mean(), np.sqrt(2 / (np.pi * d)))   # nearly orthogonal: both about 0.05
