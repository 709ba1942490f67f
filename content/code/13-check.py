import numpy as np

# Save your table for posenc's checker (rows = positions from 0, columns = dimensions):
pe = np.zeros((128, 64))                    # ← your implementation's output here
np.save("pe.npy", pe.astype(np.float64))    # or: np.savetxt("pe.csv", pe, delimiter=",")
# PyTorch: np.save("pe.npy", pe_tensor.detach().cpu().double().numpy())
