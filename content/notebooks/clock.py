# Lesson clock's notebook recipe: after the lesson's NumPy code (content/code/clock.py), one cell per step
# ("# %% step <id>") drawing the step's clocks again at `params` and printing the numbers the page shows.
# _("…") is a label the page draws, in the notebook's language.

# %% setup
d, base, pos, length = params["dim"], params["base"], params["pos"], params["len"]
omega = base ** (-np.arange(0, d, 2) / d)                           # ω_i: hand i turns by ω_i per position
pairs = d // 2


def caption(i):
    return _("ω = %s, turn every %s") % (f"{omega[i]:.3g}", f"{2 * np.pi / omega[i]:.3g}")


def faces(ghost):
    """Every pair's hand at `pos` (and, with ghost, where it stood one position earlier)."""
    per_row = min(pairs, 4)                                         # four faces a row, as the page's wide layout
    rows = -(-pairs // per_row)
    _, grid = plt.subplots(rows, per_row, figsize=(2.9 * per_row, 3.2 * rows), layout="constrained", squeeze=False)
    for ax in grid.flat[pairs:]:
        ax.axis("off")
    for i in range(pairs):
        angle = np.angle(hands(pos, d, base)[i])                    # the lesson's hands(): e^{i·pos·ω_i}
        shown = [{"angle": angle - omega[i], "color": POSENC_PALETTE[i % 8], "ghost": True}] if ghost else []
        shown.append({"angle": angle, "color": POSENC_PALETTE[i % 8], "label": f"i={i}"})
        clock_face(shown, _("pair %d") % i, caption(i), ax=grid.flat[i])
    plt.show()


# %% step one-hand
angle = math.fmod(pos * omega[0], 2 * np.pi)
clock_face([{"angle": pos * omega[0], "label": "i=0"}], _("pair 0: (cos, sin) of pos · ω_0, a point on the unit circle"),
           caption(0), trail=True, size=(4.5, 4.8))
plt.show()
show_numbers(angle_fast=angle, sin_fast=np.sin(pos * omega[0]), cos_fast=np.cos(pos * omega[0]),
             period_fast=2 * np.pi / omega[0])

# %% step hands
faces(ghost=False)
show_numbers(pairs=pairs, period_slow=2 * np.pi / omega[-1])

# %% step one-step
faces(ghost=True)
# One step forward turns hand i by ω_i, wherever it stands: the angle between the ghost and the hand.
turned = np.angle(hands(pos, d, base) / hands(pos - 1, d, base))
print("max |turn − ω_i| =", np.max(np.abs(turned - omega)))
show_numbers()

# %% step unique
dist = distance_by_offset(length - 1, d, base)                     # the lesson's: ‖PE(p) − PE(p + k)‖
k = 1 + int(np.argmin(dist[1:]))
curves([(_("distance between PE(p) and PE(p + k)"), dist)], _("How far apart are the codes of two positions k apart?"),
       _("offset k"), markers=[(k, _("closest other position"))])
plt.show()
print(_("smallest distance between different positions ="), dist[k])
show_numbers(nearest=dist[k], nearest_k=k, norm=np.sqrt(d // 2))
