import numpy as np

d, base = 64, 10000.0
i = np.arange(d // 2)
omega = base ** (-2 * i / d)             # radians per position, pair i
wavelength = 2 * np.pi / omega           # positions per full turn: 2π … 2π·base^((d−2)/d)
ratio = wavelength[1] / wavelength[0]    # a geometric progression: base^(2/d)
print(wavelength[0], wavelength[-1], ratio)
