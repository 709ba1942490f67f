# Lesson check's notebook recipe: after the lesson's NumPy code (content/code/check.py), one cell per step
# ("# %% step <id>") drawing the step's picture again and printing the numbers the page shows. The table
# and the cache come from the data cell (what the page had loaded) or, for a RoPE example, are rebuilt here
# from the example's definition. Everything the page infers is computed again in NumPy from the C++'s
# definitions (each function names the one it follows). _("…") is a label the page draws, in the
# notebook's language; it stays whole on one line (the catalogue finds it so), the only lines past 110
# columns.

# %% setup
TWO_PI = 2 * np.pi
table, table_source = globals().get("table"), globals().get("table_source")
rope_cos, rope_sin = globals().get("rope_cos"), globals().get("rope_sin")
rope_source, config_sets = globals().get("rope_source"), globals().get("config_sets") or []
config_name, config_rotation = globals().get("config_name"), globals().get("config_rotation", "half")


short = short_number  # a number as the page prints it (the helpers' ui::short_number)


def seqsum(a):
    """A sum added left to right, as the C++ loops add (np.sum adds pairwise)."""
    a = np.asarray(a, dtype=float)
    return float(np.add.accumulate(a)[-1]) if a.size else 0.0


def median(v):
    """The element of rank n/2 (std::nth_element's median, check_rope_infer.cpp: median)."""
    v = np.asarray(v, dtype=float)
    return float(np.partition(v, len(v) // 2)[len(v) // 2]) if len(v) else 0.0


# ---- the sinusoidal table: core::check_table (src/core/check.cpp) --------------------------------------
def sinusoidal_table(n, d, base, layout="interleaved", offset=0.0):
    """core::sinusoidal: sin(p·ω_i), cos(p·ω_i), ω_i = base^(−2i/d); half layout: the sines first."""
    pairs = (d + 1) // 2
    angle = (offset + np.arange(n, dtype=float))[:, None] * (1.0 / base ** (2.0 * np.arange(pairs) / d))
    t = np.empty((n, d))
    sin_cols = 2 * np.arange(pairs) if layout == "interleaved" else np.arange(pairs)
    cos_cols = (2 * np.arange(pairs) + 1) if layout == "interleaved" else pairs + np.arange(pairs)
    t[:, sin_cols] = np.sin(angle)
    keep = cos_cols < d
    t[:, cos_cols[keep]] = np.cos(angle[:, keep])
    return t


def variant(n, d, omega, offset=0.0, swap=False):
    """check.cpp: variant — the reference's pairing with another ω_i, offset, or sin/cos swapped."""
    angle = (offset + np.arange(n, dtype=float))[:, None] * omega[None, :]
    first, second = (np.cos(angle), np.sin(angle)) if swap else (np.sin(angle), np.cos(angle))
    t = np.empty((n, d))
    t[:, 0::2] = first
    t[:, 1::2] = second[:, : d // 2]
    return t


def float32_table(n, d, base):
    """core::sinusoidal_float32 (src/core/precision.cpp): ω_i, the angles, sin and cos in float32."""
    w = (1.0 / base ** (2.0 * np.arange((d + 1) // 2) / d)).astype(np.float32)
    angle = np.arange(n).astype(np.float32)[:, None] * w[None, :]
    t = np.empty((n, d))
    t[:, 0::2] = np.sin(angle)
    t[:, 1::2] = np.cos(angle[:, : d // 2])
    return t


def check_table(yours, base):
    """The reference, every classic mistake's table and its distance from yours, and the verdict. Mistakes
    that give the same numbers (exponent i/d at base b is 2i/d at base √b) explain a table alike up to the
    last bit of sin and cos, where NumPy's differ from C's libm: the notebook may name them in the other
    order than the page."""
    n, d = yours.shape
    ref = sinusoidal_table(n, d, base)
    pairs = np.arange((d + 1) // 2)
    empty = ref.copy()
    empty[:, d - 1] = 0
    hyps = [
        ("correct", _("reference"),
         _("matches the reference (interleaved sin/cos, ω_i = base^(−2i/d), positions from 0)"), ref),
        ("half_layout", _("halves layout"),
         _("puts all sines first and all cosines after (the halves layout) instead of interleaving them"),
         sinusoidal_table(n, d, base, "half")),
        ("swapped", _("sin/cos swapped"),
         _("swaps sin and cos: cos in the even columns, sin in the odd ones"),
         variant(n, d, 1.0 / base ** (2.0 * pairs / d), swap=True)),
        ("exponent_i", _("exponent i/d"),
         _("uses the exponent i/d instead of 2i/d (the pair index without the factor 2)"),
         variant(n, d, base ** (-pairs.astype(float) / d))),
        ("length_divisor", _("length in divisor"),
         _("divides the exponent by the sequence length instead of d_model (2i/len)"),
         variant(n, d, base ** (-2.0 * pairs / n))),
        ("start_at_1", _("positions from 1"), _("numbers positions from 1 instead of 0"),
         sinusoidal_table(n, d, base, offset=1.0))]
    for other in (10.0, 100.0, 1000.0, 10000.0, 100000.0, 500000.0, 1000000.0):
        if other != base:
            hyps.append(("base", _("base %s") % f"{other:g}",
                         _("uses base %s instead of %s") % (f"{other:g}", short(base, 9)),
                         sinusoidal_table(n, d, other)))
    even = _("leaves the last column, the last pair's cosine, at zero (a loop or a guard that stops one column early, such as if 2i + 1 < d − 1)")
    odd = _("leaves the last column at zero: with odd d it is a lone sine, which a loop over the d // 2 pairs never reaches")
    hyps += [
        ("last_column_empty", _("last column empty"), even if d % 2 == 0 else odd, empty),
        ("transposed", _("transposed"),
         _("is transposed: dimensions in rows and positions in columns (pe.T was saved)"),
         sinusoidal_table(d, n, base).T),
        ("saved_float32", _("saved as float32"),
         _("is right, stored in float32: the numbers were computed correctly, then saved in single precision"),
         ref.astype(np.float32).astype(float)),
        ("float32", _("float32 arithmetic"),
         _("is right up to float32 rounding: angles or values computed in single precision"),
         float32_table(n, d, base))]
    hyps = [{"id": i, "label": lab, "message": msg, "error": float(np.max(np.abs(yours - t)))}
            for i, lab, msg, t in hyps]
    max_error, best = hyps[0]["error"], None
    for h in hyps:  # a hypothesis that explains the table to rounding (float32 to its own)
        tol = 1e-5 if h["id"] == "float32" else 1e-9
        if h["error"] <= tol and (best is None or h["error"] < best["error"]):
            best = h
    if max_error <= 1e-9:
        best = hyps[0]
    if best is None and max_error <= 1e-6 + 2.5e-7 * n:  # float32 drift grows with the position
        best = hyps[-1]
    if best is not None:
        words = _("Your table %s.") % best["message"]
        for h in hyps:
            if h is not best and h["id"] != "float32" and h["error"] <= 1e-9 and best["id"] != "correct":
                words += _(" Equivalently, it %s.") % h["message"]
    else:
        least = min(h["error"] for h in hyps)
        closest = next(h for h in hyps if h["error"] <= least + 1e-6)
        near = _("No known bug explains the difference (largest %s): it is nearest the correct table, and none of the classic mistakes comes closer.")
        guess = _("No known bug explains the difference (largest %s). Closest guess: it %s (off by %s).")
        words = (near % f"{max_error:g}" if closest["id"] == "correct"
                 else guess % (f"{max_error:g}", closest["message"], f"{closest['error']:g}"))
    return {"reference": ref, "diff": yours - ref, "max_error": max_error, "hypotheses": hyps,
            "verdict": best["id"] if best else "unknown", "words": words}


# ---- float types: src/core/float_types.cpp ----------------------------------------------------------------
def round_bits(x, mant, emin, max_finite):
    """float_types.cpp: round_bits — x rounded to nearest-even with `mant` fraction bits (subnormals below
    2^emin keep that binade's spacing), beyond max_finite an infinity."""
    x = np.asarray(x, dtype=np.float64)
    u = x.view(np.uint64)
    exp = ((u >> np.uint64(52)) & np.uint64(0x7FF)).astype(np.int64) - 1023
    drop = np.uint64(52 - mant)
    up = u + ((np.uint64(1) << (drop - np.uint64(1))) - np.uint64(1)) + ((u >> drop) & np.uint64(1))
    normal = (up & ~((np.uint64(1) << drop) - np.uint64(1))).view(np.float64)
    ulp = 2.0 ** (emin - mant)
    r = np.where(exp >= emin, normal, np.rint(x / ulp) * ulp)
    r = np.where(np.abs(r) > max_finite, np.copysign(np.inf, r), r)
    return np.where((x == 0) | ~np.isfinite(x), x, r)


def round_to(x, p):
    """float_types.cpp: round_to_precision."""
    if p == "float64":
        return np.asarray(x, dtype=np.float64)
    if p == "float32":
        return np.asarray(x, dtype=np.float64).astype(np.float32).astype(np.float64)
    if p == "bfloat16":
        return round_bits(x, 7, -126, 3.3895313892515355e38)
    return round_bits(x, 10, -14, 65504.0)


def rounded_angle(pos, theta, p):
    """float_types.cpp: rounded_angle — pos and θ rounded to the type, their product rounded again."""
    return pos * theta if p == "float64" else round_to(round_to(pos, p) * round_to(theta, p), p)


def stored_type(c, s):
    """float_types.cpp: stored_type — the narrowest type that holds every value of both tables exactly."""
    for p in ("bfloat16", "float16", "float32"):
        if all(np.array_equal(round_to(m, p), m) for m in (c, s)):
            return p
    return "float64"


def storage_bound(v, storage):
    """float_types.cpp: storage_bound."""
    a = np.abs(v)
    return {"bfloat16": a * 2.0 ** -8 + 2.0 ** -133, "float16": a * 2.0 ** -11 + 2.0 ** -25,
            "float32": a * 2.0 ** -24 + 2.0 ** -149}.get(storage, 0 * a)


# ---- a config's frequencies: rope_init (src/core/rope_scaling.cpp, after transformers'
# modeling_rope_utils.py ROPE_INIT_FUNCTIONS) --------------------------------------------------------------
def rope_config(**fields):
    """A RopeConfig (src/core/rope_scaling.hpp) with its defaults."""
    c = {"head_dim": 0, "hidden_size": 0, "num_attention_heads": 0, "rope_theta": 10000.0,
         "partial_rotary_factor": 1.0, "max_position_embeddings": 0.0,
         "original_max_position_embeddings": 0.0,
         "rope_type": "default", "factor": 0.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
         "beta_fast": 0.0, "beta_slow": 0.0, "attention_factor": None, "mscale": 0.0, "mscale_all_dim": 0.0,
         "truncate": True, "short_factor": [], "long_factor": [], "frozen": False}
    c.update(fields)
    return c


def head_dim(c):
    """rope_scaling.cpp: rope_head_dim."""
    if c["head_dim"] > 0:
        return c["head_dim"]
    if c["num_attention_heads"] > 0 and c["hidden_size"] > 0:
        return c["hidden_size"] // c["num_attention_heads"]
    return 0


def rotary_dim(c):
    """rope_scaling.cpp: rope_rotary_dim — int(head_dim · partial_rotary_factor)."""
    d = head_dim(c) * c["partial_rotary_factor"]
    return int(d) if 1 <= d < 1e9 else 0


def default_inv_freq(rd, base):
    """θ_i = base^(−2i/d), i = 0 … d/2 − 1 (rope_default_inv_freq)."""
    return 1.0 / np.power(float(base), 2.0 * np.arange(max(0, rd // 2)) / rd)


def yarn_mscale(scale, mscale=1.0):
    return 1.0 if scale <= 1.0 else 0.1 * mscale * np.log(scale) + 1.0


def rope_init(c, seq_len=0.0):
    """rope_scaling.cpp: rope_init — inv_freq, attention factor, rotary width and type of a config at the
    current length `seq_len` (dynamic and longrope only)."""
    if c["frozen"]:
        seq_len = 0.0
    kind, theta = c["rope_type"], c["rope_theta"]
    rd = head_dim(c) // 2 * 2 if kind == "proportional" else rotary_dim(c)
    inv, af = default_inv_freq(rd, theta), 1.0
    orig = c["original_max_position_embeddings"] or c["max_position_embeddings"]
    implied = c["factor"] if c["factor"] > 0 else (
        c["max_position_embeddings"] / orig if orig > 0 and c["max_position_embeddings"] > 0 else 1.0)
    if inv.size == 0:
        pass
    elif kind == "linear":
        if c["factor"] > 0:
            inv = inv / c["factor"]
    elif kind == "dynamic":  # the base grows with the length beyond max_position_embeddings
        l0 = c["max_position_embeddings"]
        if l0 > 0 and rd > 2:
            length = seq_len if seq_len > l0 else l0
            s = c["factor"] if c["factor"] > 0 else 1.0
            inv = default_inv_freq(rd, theta * (s * length / l0 - (s - 1.0)) ** (rd / (rd - 2)))
    elif kind == "yarn":  # a ramp between the pairs that keep their frequency and those divided by the factor
        if c["attention_factor"] is not None:
            af = c["attention_factor"]
        elif c["mscale"] != 0 and c["mscale_all_dim"] != 0:
            af = yarn_mscale(implied, c["mscale"]) / yarn_mscale(implied, c["mscale_all_dim"])
        else:
            af = yarn_mscale(implied)
        fast, slow = c["beta_fast"] or 32.0, c["beta_slow"] or 1.0

        def correction_dim(turns):
            return rd * np.log(orig / (turns * 2 * np.pi)) / (2 * np.log(theta))
        low, high = correction_dim(fast), correction_dim(slow)
        if c["truncate"]:
            low, high = np.floor(low), np.ceil(high)
        low, high = max(low, 0.0), min(high, float(rd - 1))
        if low == high:
            high += 0.001
        ramp = np.clip((np.arange(inv.size) - low) / (high - low), 0.0, 1.0)
        inv = inv / implied * ramp + inv * (1.0 - ramp)
    elif kind == "longrope":  # a searched factor per pair
        if c["attention_factor"] is not None:
            af = c["attention_factor"]
        elif implied > 1.0 and orig > 1.0:
            af = np.sqrt(1.0 + np.log(implied) / np.log(orig))
        ext = c["long_factor"] if 0 < seq_len and seq_len > orig else c["short_factor"]
        inv = np.array([t / ext[i] if i < len(ext) and ext[i] > 0 else t for i, t in enumerate(inv)])
    elif kind == "llama3":  # long wavelengths divided by the factor, short ones kept, a blend between
        factor, lo, hi = c["factor"] if c["factor"] > 0 else 1.0, c["low_freq_factor"], c["high_freq_factor"]
        if orig > 0 and lo > 0 and hi > 0:
            out = inv.copy()
            for i, t in enumerate(inv):
                wavelen = 2 * np.pi / t
                if wavelen > orig / lo:
                    out[i] = t / factor
                elif not (wavelen < orig / hi or hi <= lo):
                    smooth = (orig / wavelen - lo) / (hi - lo)
                    out[i] = (1.0 - smooth) * t / factor + smooth * t
            inv = out
    elif kind == "proportional":  # the first pairs turn with exponents over the whole head, the rest stand
        head = head_dim(c)
        turning = int(np.floor(c["partial_rotary_factor"] * head / 2))
        i = np.arange(inv.size)
        inv = np.where(i < turning, 1.0 / np.power(float(theta), 2.0 * i / head), 0.0)
        if c["factor"] > 0:
            inv = inv / c["factor"]
        rd = 2 * int(np.count_nonzero(inv))
    return {"inv_freq": inv, "attention_factor": af, "rotary_dim": rd, "rope_type": kind}


def rope_expected(c, length):
    """rope_cache.cpp: rope_expected — what a config implies for a cache of `length` rows."""
    init = rope_init(c, length)
    factor = 1.0
    if c["rope_type"] != "default":
        orig = c["original_max_position_embeddings"] or c["max_position_embeddings"]
        factor = c["factor"] if c["factor"] > 0 else (
            c["max_position_embeddings"] / orig if orig > 0 else 1.0)
    return {"init": init, "base": c["rope_theta"], "factor": factor, "head_dim": head_dim(c)}


# ---- building a cache: rope_cache.cpp: fill_rope_cache ---------------------------------------------------
def rope_cache(inv_freq, length, offset=0, dim=0, interleaved=False, af=1.0, precision="float64",
               store32=False):
    """cos and sin, length × dim: rows at positions offset …, pairs (2j, 2j+1) or (j, j + rd/2), angles
    formed in `precision`; exact (float64) angles turn each row from the one before, re-anchored on the
    formula every 32 rows, as the page builds them."""
    theta = np.asarray(inv_freq, dtype=float)
    half = theta.size
    dim = max(dim, 2 * half)
    c, s = np.ones((length, dim)), np.zeros((length, dim))
    pos = (offset + np.arange(length)).astype(float)
    if precision == "float64":
        pc, ps = np.empty((length, half)), np.empty((length, half))
        step_c, step_s = np.cos(theta), np.sin(theta)
        for r in range(length):
            if r % 32 == 0:
                angle = pos[r] * theta
                cc, ss = np.cos(angle), np.sin(angle)
            else:
                cc, ss = cc * step_c - ss * step_s, ss * step_c + cc * step_s
            pc[r], ps[r] = cc, ss
    else:
        angle = rounded_angle(pos[:, None], theta[None, :], precision)
        pc, ps = np.cos(angle), np.sin(angle)
    pc, ps = af * pc, af * ps
    if store32:
        pc, ps = pc.astype(np.float32).astype(float), ps.astype(np.float32).astype(float)
    a = 2 * np.arange(half) if interleaved else np.arange(half)
    b = a + 1 if interleaved else a + half
    c[:, a], c[:, b], s[:, a], s[:, b] = pc, pc, ps, ps
    return c, s


# The examples: ports of Llama 3 8B (head_dim 128, rope_theta 500000), 1024 rows, angles formed in float32
# and values saved as float32, each with one thing of its own (rope_cache.cpp: kExamples,
# rope_example_cache; the config: https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json).
LLAMA3_8B = rope_config(hidden_size=4096, num_attention_heads=32, head_dim=128, rope_theta=500000.0,
                        max_position_embeddings=8192.0)
EXAMPLES = {"correct": ({}, {}), "interleaved": ({}, {"interleaved": True}), "from-1": ({}, {"offset": 1}),
            "bfloat16": ({}, {"precision": "bfloat16"}), "base-10000": ({"rope_theta": 10000.0}, {}),
            "partial-25": ({"partial_rotary_factor": 0.25}, {}),
            "linear-4": ({"rope_type": "linear", "factor": 4.0}, {}),
            "yarn-4": ({"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 8192.0,
                        "max_position_embeddings": 4 * 8192.0}, {})}


EXAMPLE_LABELS = {"correct": _("correct (as transformers builds it)"), "interleaved": _("interleaved pairs"),
                  "from-1": _("positions from 1"), "bfloat16": _("angles in bfloat16"),
                  "base-10000": _("base 10000 (rope_theta forgotten)"),
                  "partial-25": _("partial rotary (25%)"),
                  "linear-4": _("linear scaling ×4"), "yarn-4": _("YaRN ×4")}


def example_cache(name):
    change, spec = EXAMPLES[name]
    init = rope_init(dict(LLAMA3_8B, **change), 0)
    options = {"precision": "float32", **spec}
    return rope_cache(init["inv_freq"], 1024, dim=128, af=init["attention_factor"], store32=True, **options)


# ---- the RoPE checker's inference: infer_rope (src/core/check_rope_infer.cpp) --------------------------
def wrap(a):
    """An angle into [−π, π] (check_rope_infer.cpp: wrap, ties to even)."""
    return a - TWO_PI * np.rint(a / TWO_PI)


def still_column(phi):
    """check_rope_infer.cpp: still_column — angles near 0 with no trend beyond their scatter."""
    n = len(phi)
    if np.max(np.abs(phi)) > 1e-3:
        return False
    r = np.arange(n) - (n - 1) / 2.0
    mean = phi.mean()
    slope = seqsum(r * (phi - mean)) / seqsum(r * r)
    rms = np.sqrt(seqsum((phi - mean - slope * r) ** 2) / n)
    return abs(slope) * (n - 1) <= 6 * rms * np.sqrt(12.0 / n) + 1e-13


def pairing(phi, rd, interleaved):
    """check_rope_infer.cpp: pairing_mismatch — how much the columns a layout pairs disagree, and each
    pair's angle (the mean of its two columns)."""
    h = rd // 2
    a = 2 * np.arange(h) if interleaved else np.arange(h)
    b = a + 1 if interleaved else a + h
    d = wrap(phi[:, b] - phi[:, a])
    return np.sum(np.abs(d)) / (1e-300 + np.sum(np.abs(phi[:, a]) + np.abs(phi[:, b]))), phi[:, a] + d / 2


def track_rate(phi):
    """check_rope_infer.cpp: track_rate — θ of one pair's angles: the median step of the first rows, then
    windows that double, each correcting θ by the median of wrap(φ_r − φ_0 − r·θ)/r; and its uncertainty."""
    n = len(phi)
    theta = median(wrap(phi[1:min(n, 17)] - phi[:min(n, 17) - 1]))
    w, last = 32, 0
    while last < 2:
        m = min(w, n)
        last += m == n
        r = np.arange(1, m)
        theta += median(wrap(phi[r] - phi[0] - r * theta) / r)
        w *= 2
    r = np.arange(1, n)
    return theta, 4 * 1.4826 * median(np.abs(wrap(phi[r] - phi[0] - r * theta))) / n


def misfit(measured, model):
    """rope_rule_fit.cpp: misfit — max_j |log(measured_j / model_j)|."""
    if np.any(~(measured > 0)) or np.any(~(model > 0)):
        return np.inf
    return float(np.max(np.abs(np.log(measured / model))))


def rule(kind="default", base=10000.0, factor=1.0, l0=0.0, high=4.0, ramp_low=0.0, ramp_high=0.0,
         truncate=True):
    """A frequency rule (rope_rule_fit.hpp: FreqModel)."""
    return {"type": kind, "base": base, "factor": factor, "l0": l0, "high": high, "ramp_low": ramp_low,
            "ramp_high": ramp_high, "truncate": truncate, "misfit": np.inf}


def rule_config(m, rd):
    """A rule as a config of rd rotating columns (rope_rule_fit.cpp: model_theta)."""
    c = rope_config(head_dim=rd, rope_theta=m["base"], rope_type=m["type"], factor=m["factor"])
    if m["type"] == "llama3":
        c.update(original_max_position_embeddings=m["l0"], max_position_embeddings=m["l0"],
                 low_freq_factor=1.0, high_freq_factor=m["high"])
    elif m["type"] == "yarn" and m["l0"] > 0:  # the trained length and the default betas
        c.update(original_max_position_embeddings=m["l0"], max_position_embeddings=m["l0"] * m["factor"],
                 truncate=m["truncate"])
    elif m["type"] == "yarn":  # betas that put the ramp's ends where they were measured
        def turns(pair):
            return 4096.0 / (TWO_PI * m["base"] ** (2.0 * pair / rd))
        c.update(original_max_position_embeddings=4096.0, max_position_embeddings=4096.0 * m["factor"],
                 beta_fast=turns(m["ramp_low"]), beta_slow=turns(m["ramp_high"]), truncate=False)
    return c


def model_theta(m, rd):
    return rope_init(rule_config(m, rd), 0)["inv_freq"]


def snap_factor(s, tol):
    """rope_rule_fit.cpp: snap_factor — a factor close to a whole number is that number."""
    r = float(np.rint(s))
    return r if r >= 1 and abs(s - r) <= max(1e-9, 3 * tol) * s else s


def fit_rule(theta, spread, rd, amp, log_base_given=None):
    """rope_rule_fit.cpp: fit_rule — default, linear, llama3 and yarn fitted to log θ_j, the plainest that
    fits kept; the base from a log-linear fit over the pairs the scaling leaves alone."""
    h = len(theta)
    lt = np.log(np.maximum(theta, 1e-300))
    j = np.arange(h)
    x, w = 2.0 * j / rd, 1 / (1e-12 + spread)
    tol = 0.01

    def tol_at(k):
        return tol + 4 * spread[k]

    def prefix_log_base():  # log θ_j = −(2j/d)·log b through θ_0 = 1, the longest prefix that fits
        sxy, sxx, best, end = 0.0, 0.0, 0.0, 0
        fits0 = abs(lt[0]) <= tol_at(0)
        for k in range(1, h):
            sxy += w[k] * x[k] * lt[k]
            sxx += w[k] * x[k] * x[k]
            lb = -sxy / sxx
            if not (fits0 and np.all(np.abs(lt[1:k + 1] + 2.0 * j[1:k + 1] / rd * lb) <= tol_at(j[1:k + 1]))):
                break
            best, end = lb, k
        if end == 0:
            best = -lt[1] * rd / 2.0 if h > 1 else np.log(10000.0)
        return best, end

    def prefix_tol(lb, end, floor):
        ss = lt[0] * lt[0] + seqsum((lt[1:end + 1] + 2.0 * j[1:end + 1] / rd * lb) ** 2)
        return float(np.clip(8 * np.sqrt(ss / (end + 1)), floor, 0.01))

    log_base, end = prefix_log_base()
    for _pass in range(2):
        tol = prefix_tol(log_base, end, 1e-10)
        log_base, end = prefix_log_base()
    tol = prefix_tol(log_base, end, 1e-9)
    if log_base_given is not None:
        log_base = log_base_given
    models = [rule(base=np.exp(log_base))]
    if log_base_given is None:  # default over every pair (a dynamic-NTK cache is this, its base grown)
        sxy, sxx = seqsum(w[1:] * x[1:] * lt[1:]), seqsum(w[1:] * x[1:] * x[1:])
        models.append(rule(base=np.exp(-sxy / sxx) if sxx > 0 else models[0]["base"]))
    sw, sx, sy = seqsum(w), seqsum(w * x), seqsum(w * lt)
    sxx, sxy = seqsum(w * x * x), seqsum(w * x * lt)
    det = sw * sxx - sx * sx
    slope = (sw * sxy - sx * sy) / det if det > 0 else 0.0
    icept = (sy - slope * sx) / sw if sw > 0 else 0.0
    lin = rule("linear", np.exp(-slope), snap_factor(np.exp(-icept), tol + 4 / sw))  # intercept −log s
    if log_base_given is not None:  # the intercept alone, with the slope the base gives
        lin["base"] = models[0]["base"]
        lin["factor"] = snap_factor(np.exp(-seqsum(w * (lt + 2.0 * j / rd * log_base)) / sw), tol + 4 / sw)
    models.append(lin)
    if h >= 3:  # llama3 and yarn: fast pairs untouched, slow ones divided by s, a blend between
        dflt = default_inv_freq(rd, models[0]["base"])
        ratio = theta / dflt
        tail = h - 1
        bw = 1 / (1e-12 + spread[tail])
        bsum = bw * np.log(ratio[tail])
        while tail > 0 and abs(np.log(ratio[tail - 1]) - bsum / bw) <= tol_at(tail - 1) + 4 * spread[h - 1]:
            tail -= 1
            bw += 1 / (1e-12 + spread[tail])
            bsum += 1 / (1e-12 + spread[tail]) * np.log(ratio[tail])
        s = snap_factor(np.exp(-bsum / bw), tol + 4 / bw)
        head = 0
        while head + 1 < tail and abs(np.log(ratio[head + 1])) <= tol_at(head + 1):
            head += 1
        first, last = head + 1, tail - 1
        if s > 1 + tol and head >= 0:
            models.append(fit_llama3(ratio, dflt, s, first, last, head, models[0]["base"]))
            models.append(fit_yarn(ratio, s, first, last, head, models[0]["base"]))
    for m in models:
        m["misfit"] = misfit(theta, model_theta(m, rd))
    for m in models:
        if m["type"] == "llama3":
            polish_llama3(m, theta, rd, tol)
        if m["type"] == "yarn":
            polish_yarn(m, theta, rd, tol)
    best = 0
    for i in range(1, len(models)):  # a later model must fit clearly better to win
        if models[i]["misfit"] < models[best]["misfit"] / 1.5 - 1e-13:
            best = i
    if (models[best]["type"] == "llama3" and abs(amp - 1) > 1e-4
            and models[-1]["misfit"] <= models[best]["misfit"] * 1.5 + tol):
        best = len(models) - 1  # YaRN's mark, the attention factor, decides a tie with llama3
    return models[best]


def fit_llama3(ratio, dflt, s, first, last, last_unscaled, base):
    """rope_rule_fit.cpp: fit_llama3 — smooth = (L0/λ − 1)/(high − 1), linear in 1/λ = θ/2π."""
    m = rule("llama3", base, s)
    inv_s = 1.0 / s
    xs = [dflt[k] / TWO_PI for k in range(first, last + 1)]
    ys = [(ratio[k] - inv_s) / (1 - inv_s) for k in range(first, last + 1)]
    if len(xs) >= 2:
        n = float(len(xs))
        sx, sy = seqsum(xs), seqsum(ys)
        sxx, sxy = seqsum(np.square(xs)), seqsum(np.multiply(xs, ys))
        a = (n * sxy - sx * sy) / (n * sxx - sx * sx)
        c = (sy - a * sx) / n
        if c < 0:
            m["high"] = 1 - 1 / c
            m["l0"] = a * (m["high"] - 1)
    if not (m["l0"] > 0) or not (m["high"] > 1):
        m["high"] = 4.0  # Meta's default: one blend pair (or none) pins only L0
        if xs:
            m["l0"] = (3 * ys[0] + 1) / xs[0]
        else:
            nxt = min(last + 1, len(dflt) - 1)
            lo, hi = 4 * TWO_PI / dflt[max(0, last_unscaled)], TWO_PI / dflt[nxt]
            m["l0"] = np.sqrt(lo * max(lo, hi))
    return m


def fit_yarn(ratio, s, first, last, last_unscaled, base):
    """rope_rule_fit.cpp: fit_yarn — ramp = (j − low)/(high − low), linear in the pair index."""
    m = rule("yarn", base, s)
    inv_s = 1.0 / s
    js = np.arange(first, last + 1, dtype=float)
    ramps = (1 - ratio[first:last + 1]) / (1 - inv_s)
    n = float(len(js))
    if n >= 2:
        sx, sy, sxx, sxy = seqsum(js), seqsum(ramps), seqsum(js * js), seqsum(js * ramps)
        k = (n * sxy - sx * sy) / (n * sxx - sx * sx)
        c = (sy - k * sx) / n
        m["ramp_low"], m["ramp_high"] = -c / k, (1 - c) / k
    else:  # one blend pair or a step: the ramp starts at the last pair kept
        m["ramp_low"], m["ramp_high"] = float(last_unscaled), float(last + 1)
        t = (1 - ratio[first]) / (1 - inv_s) if n == 1 else 0.0
        if t > 1e-3:
            m["ramp_high"] = m["ramp_low"] + 1 / t
    return m


def polish(m, theta, rd, tol, variants):
    """rope_rule_fit.cpp: polish — rounder parameters first; the first within reach of the best fit wins."""
    variants = variants + [dict(m)]
    for v in variants:
        v["misfit"] = misfit(theta, model_theta(v, rd))
    least = min(v["misfit"] for v in variants)
    m.update(next(v for v in variants if v["misfit"] <= 1.5 * least + tol * 0.1))


def polish_llama3(m, theta, rd, tol):
    variants = []
    if m["l0"] > 0 and np.isfinite(m["l0"]):
        p2 = 2.0 ** np.floor(np.log2(m["l0"]) + 0.5)  # lround
        for high in (float(np.rint(m["high"])), m["high"]):
            for l0 in (p2, float(np.rint(m["l0"]))):
                if abs(l0 / m["l0"] - 1) < 0.05 and abs(high / m["high"] - 1) < 0.1 and high > 1:
                    variants.append(dict(m, high=high, l0=l0))
    polish(m, theta, rd, tol, variants)


def polish_yarn(m, theta, rd, tol):
    c = dict(m, ramp_low=max(0.0, float(np.rint(m["ramp_low"]))), ramp_high=float(np.rint(m["ramp_high"])))
    polish(m, theta, rd, tol, [c] if c["ramp_high"] > c["ramp_low"] else [])
    # rope_rule_fit.cpp: yarn_trained_length — the power of two whose default betas (32, 1) give these ends
    m["l0"] = 0.0

    def cd(l0, turns):
        return rd * np.log(l0 / (turns * TWO_PI)) / (2 * np.log(m["base"]))
    for k in range(8, 23):
        l0 = 2.0 ** k
        if (max(0.0, np.floor(cd(l0, 32))) == m["ramp_low"]
                and min(rd - 1.0, np.ceil(cd(l0, 1))) == m["ramp_high"]):
            m.update(l0=l0, truncate=True)
            return
    for k in range(8, 23):
        l0 = 2.0 ** k
        if (abs(max(0.0, cd(l0, 32)) - m["ramp_low"]) <= 0.05
                and abs(min(rd - 1.0, cd(l0, 1)) - m["ramp_high"]) <= 0.05):
            m.update(l0=l0, truncate=False)
            return


def estimate_offset(pairs0, theta, phase=0.0):
    """check_rope_infer.cpp: estimate_offset — the position of row 0 from its angles, slow pairs first."""
    order = np.argsort(theta, kind="stable")
    y = wrap(pairs0 - phase)
    cands, o = [0, 1], y[order[0]] / theta[order[0]]
    for j in order:
        k = np.rint((o * theta[j] - y[j]) / TWO_PI)
        oj = (y[j] + TWO_PI * k) / theta[j]
        if abs(oj) < 1e15:
            cands.append(int(np.sign(oj) * np.floor(abs(oj) + 0.5)))  # llround
            o = oj
    best, best_score = 0, np.inf
    for c in cands:
        sc = seqsum(np.minimum(1.0, np.abs(wrap(y - float(c) * theta))))
        if sc < best_score - 1e-12 or (sc <= best_score + 1e-12 and abs(c) < abs(best)):
            best, best_score = c, sc
    return best


def rebuild_error(C, S, cols_a, cols_b, theta, offset, precision, amp, rows=None, sign=1.0, phase=0.0):
    """check_rope_infer.cpp: rebuild_error — max |cache − rebuilt| over `rows` (all when None)."""
    rows = np.arange(C.shape[0]) if rows is None else np.asarray(rows)
    pos = round_to((offset + rows).astype(float), precision)[:, None]
    t = round_to(theta, precision)[None, :]
    prod = pos * t
    angle = sign * (prod if precision == "float64" else round_to(prod, precision)) + phase
    if not np.all(np.isfinite(angle)):
        return np.inf  # float16 beyond 65504
    cv, sv = amp * np.cos(angle), amp * np.sin(angle)
    Cr, Sr = C[rows], S[rows]
    return float(max(np.max(np.abs(Cr[:, cols_a] - cv)), np.max(np.abs(Sr[:, cols_a] - sv)),
                     np.max(np.abs(Cr[:, cols_b] - cv)), np.max(np.abs(Sr[:, cols_b] - sv))))


def base_candidates(fitted):
    """check_rope_infer.cpp: base_candidates — round bases near a fitted one, plainest first, then the fit."""
    if not (fitted > 0) or not np.isfinite(fitted):
        return [fitted]
    out = []
    for digits in range(1, 5):
        scale = 10.0 ** (np.floor(np.log10(fitted)) - (digits - 1))
        v = float(np.rint(fitted / scale) * scale)
        if abs(v / fitted - 1) < 0.05 and v not in out:
            out.append(v)
    return out + [fitted]


def infer_rope(C, S):
    """check_rope_infer.cpp: infer_rope — layout, base, offset, rotary width, rule, attention factor and angle
    precision measured from the two tables, before any verdict."""
    n, dim = C.shape
    out = {"error": None, "verdict": None, "rows": n, "dim": dim}
    if C.shape != S.shape or n < 3 or dim < 2 or not (np.all(np.abs(C) <= 1.5) and np.all(np.abs(S) <= 1.5)):
        out["error"] = "the checker needs two tables of one shape, at least 3 × 2, values within ±1.5"
        return out
    phi = np.arctan2(S, C)  # 1. the angles
    rd = dim  # 2. the rotary width: trailing columns whose angle stays 0 do not rotate
    while rd > 0 and still_column(phi[:, rd - 1]):
        rd -= 1
    if rd == 0 or rd % 2:
        out["error"] = "no column rotates" if rd == 0 else "an odd number of columns rotate"
        return out
    half = rd // 2
    stride = max(1, n * rd // 65536)  # the amplitude: the attention factor, one number for the cache
    q = C[:, :rd] ** 2 + S[:, :rd] ** 2
    lo, hi = np.sqrt(q.min()), np.sqrt(q.max())
    amp = median(np.sqrt(q[::stride].T.ravel()))
    amp = 1.0 if abs(amp - 1) < 1e-4 else amp
    if hi - lo > 0.05 * amp or amp < 0.1:
        out["verdict"] = "not_rotation"
        return out
    pass_amp = amp if rd < dim and abs(C[0, dim - 1] - amp) < abs(C[0, dim - 1] - 1) else 1.0
    mis_half, pairs_half = pairing(phi, rd, False)  # 3. the layout
    mis_inter, pairs_inter = pairing(phi, rd, True)
    interleaved = bool(mis_inter < mis_half)
    if min(mis_half, mis_inter) > 0.02:
        out["verdict"] = "not_rotation"
        return out
    pairs = pairs_inter if interleaved else pairs_half
    tracked = [track_rate(pairs[:, j]) for j in range(half)]  # 4. θ per pair
    theta = np.array([t for t, _sd in tracked])
    spread = np.array([sd / max(abs(t), 1e-300) for t, sd in tracked])
    flipped = np.count_nonzero(theta < 0) * 2 > half
    if flipped:
        pairs, theta = -pairs, -theta
    fit = fit_rule(theta, spread, rd, amp)  # 5. the rule
    cols_a = 2 * np.arange(half) if interleaved else np.arange(half)
    cols_b = cols_a + 1 if interleaved else cols_a + half
    sign, phase, swapped = (-1.0 if flipped else 1.0), 0.0, False
    offset = estimate_offset(pairs[0], model_theta(fit, rd))  # 6. the offset
    if flipped:  # backwards: a quarter turn (cos and sin swapped) may fit row 0 better
        mt = model_theta(fit, rd)
        o2 = estimate_offset(pairs[0], mt, -np.pi / 2)
        e1 = seqsum(np.abs(wrap(pairs[0] - offset * mt)))
        e2 = seqsum(np.abs(wrap(pairs[0] + np.pi / 2 - o2 * mt)))
        if e2 < e1:
            swapped, offset, phase = True, o2, np.pi / 2
    # 7. round bases and the angle precision, by rebuilding a sample of rows (the last included)
    sample = min(n, 256)
    rows = np.array([k * (n - 1) // max(1, sample - 1) for k in range(sample)])
    types = ("float32", "float64", "bfloat16", "float16")  # float32 first: transformers' own pipeline
    errs_base, types_base, rules = [], [], []
    for i, b in enumerate(bases := base_candidates(fit["base"])):
        r = dict(fit) if i + 1 == len(bases) else fit_rule(theta, spread, rd, amp, np.log(b))
        r["base"] = b
        mt = model_theta(r, rd)
        errs = [rebuild_error(C, S, cols_a, cols_b, mt, offset, p, amp, rows, sign, phase) for p in types]
        pick = next(k for k in range(4) if errs[k] <= 1.5 * min(errs) + 1e-12)
        rules.append(r), errs_base.append(errs[pick]), types_base.append(types[pick])
    pick = next(k for k in range(len(bases)) if errs_base[k] <= 1.5 * min(errs_base) + 1e-12)
    fit = rules[pick]
    if fit["type"] == "yarn" and abs(amp - yarn_mscale(fit["factor"])) < 1e-4 * amp:
        amp = yarn_mscale(fit["factor"])
    mt = model_theta(fit, rd)
    pass_error = 0.0
    if rd < dim:
        pass_error = max(np.max(np.abs(C[:, rd:] - pass_amp)), np.max(np.abs(S[:, rd:])))
    max_error = max(rebuild_error(C, S, cols_a, cols_b, mt, offset, types_base[pick], amp, None, sign, phase),
                    pass_error)
    known = misfit(theta, mt) < 0.02 or max_error < 1e-2
    out.update(layout="interleaved" if interleaved else "half", base=fit["base"], offset=offset,
               rotary_dim=rd,
               rope_type=fit["type"] if known else "unknown", factor=fit["factor"], attention_factor=amp,
               precision=types_base[pick], max_error=max_error, measured=theta, model=mt, rule=fit,
               known=known,
               flipped=flipped, swapped=swapped, spread=spread, pass_amp=pass_amp,
               original_max_position=fit["l0"] if fit["type"] in ("llama3", "yarn") else 0.0)
    return out


# ---- the direct test: does a config build this cache? (src/core/rope_match.cpp) --------------------------
def wrap_away(a):
    """rope_match.cpp: wrap (std::round: ties away from zero)."""
    return a - TWO_PI * np.trunc(a / TWO_PI + np.copysign(0.5, a))


def find_offset(angle, theta):
    """rope_match.cpp: find_offset — every position the slowest pair allows (up to 2^24), each refined pair by
    pair from slow to fast, the one whose angles fit best."""
    order = [j for j in np.argsort(theta, kind="stable") if theta[j] > 0]
    if not order:
        return 0
    slow = theta[order[0]]
    first = np.fmod(angle[order[0]] + TWO_PI, TWO_PI)
    turns = int(min(65536, np.floor(16777216.0 * slow / TWO_PI) + 1))
    p = (first + TWO_PI * np.arange(-1, turns)) / slow
    for j in order:
        turn = (p * theta[j] - angle[j]) / TWO_PI
        p = (angle[j] + TWO_PI * np.trunc(turn + np.copysign(0.5, turn))) / theta[j]
    pos = np.trunc(p + np.copysign(0.5, p))
    fit = np.zeros_like(pos)
    for j in order:
        fit += wrap_away(angle[j] - pos * theta[j]) ** 2
    fit[(pos < 0) | (pos > 16777216.0)] = np.inf
    return int(pos[np.argmin(fit)]) if np.isfinite(fit).any() else 0


def fit_rope_set(C, S, config, interleaved, storage):
    """rope_match.cpp: compare_set — row 0's position from its angles, the cache transformers builds there
    (float32 angles), and the largest difference over the rounding a correct pipeline allows (≤ 1: built)."""
    n, dim = C.shape

    def at(seq_len):
        init = rope_init(config, seq_len)
        width = 2 * init["inv_freq"].size
        if width < 2 or (dim != width and dim != head_dim(config)):
            return {"offset": 0, "max_error": 0.0, "max_excess": np.inf}
        cols = 2 * np.arange(width // 2) if interleaved else np.arange(width // 2)
        angles = np.arctan2(S[0, cols], C[0, cols])
        offset = find_offset(angles, init["inv_freq"])
        if config["rope_type"] in ("dynamic", "longrope"):  # they follow the length the text has reached
            init = rope_init(config, float(offset + n))
            offset = find_offset(angles, init["inv_freq"])
        af = init["attention_factor"]
        rc, rs = rope_cache(init["inv_freq"], n, offset, dim, interleaved, af, "float32")
        k = np.arange(dim)
        j = np.where(k < width, k // 2 if interleaved else k % max(1, width // 2), -1)
        theta = np.where(j >= 0, init["inv_freq"][np.maximum(j, 0)], 0.0)[None, :]
        pos = (offset + np.arange(n)).astype(float)[:, None]
        angle_bound = pos * theta * 2.0 ** -22 + np.where(pos > 16777216.0, pos * theta * 2.0 ** -24, 0.0)
        worst, excess = 0.0, 0.0
        for have, want in ((C, rc), (S, rs)):
            bound = 2 * (abs(af) * (angle_bound + 2.0 ** -21) + storage_bound(want, storage)) + 1e-12
            error = np.abs(have - want)
            worst, excess = max(worst, float(error.max())), max(excess, float((error / bound).max()))
        return {"offset": offset, "max_error": worst, "max_excess": excess}

    best = at(float(n))
    if config["rope_type"] in ("dynamic", "longrope"):
        orig = config["original_max_position_embeddings"] or config["max_position_embeddings"]
        longer = at(max(float(n), orig + 1))
        best = longer if longer["max_excess"] < best["max_excess"] else best
    return best


def base_over_all_pairs(theta, spread, rd):
    """check_rope.cpp: base_over_all_pairs — the default rule through every pair's θ_j."""
    if not np.all(theta[1:] > 0):
        return 0.0
    x, w = 2.0 * np.arange(1, theta.size) / rd, 1 / (1e-12 + spread[1:])
    sxx = seqsum(w * x * x)
    return float(np.exp(-seqsum(w * x * np.log(theta[1:])) / sxx)) if sxx > 0 else 0.0


def candidate_of(r, rd, dim, amp):
    """check_rope.cpp: candidate_of — the inferred rule as a config of `dim` columns, `rd` rotating."""
    c = rope_config(head_dim=dim, rope_theta=r["base"], rope_type=r["type"])
    if rd < dim:
        c["partial_rotary_factor"] = (rd + 0.5) / dim
    if r["type"] != "default":
        c["factor"] = r["factor"]
    k = {"config": c, "explicit": False, "usual": 1.0, "as_inferred": False}
    if r["type"] == "llama3":
        c.update(original_max_position_embeddings=r["l0"], max_position_embeddings=r["l0"],
                 low_freq_factor=1.0, high_freq_factor=r["high"])
    elif r["type"] == "yarn":
        l0 = r["l0"] if r["l0"] > 0 else 4096.0
        c.update(original_max_position_embeddings=l0, max_position_embeddings=l0 * r["factor"],
                 truncate=r["l0"] > 0 and r["truncate"])
        if not r["l0"] > 0:
            def turns(pair):
                return l0 / (TWO_PI * r["base"] ** (2.0 * pair / rd))
            c.update(beta_fast=turns(r["ramp_low"]), beta_slow=turns(r["ramp_high"]))
        k["usual"] = rope_init(c, 0)["attention_factor"]
        if abs(amp - k["usual"]) > 2e-3 * amp:
            c["attention_factor"], k["explicit"] = amp, True
    return k


def verdict_of(C, S):
    """check_rope.cpp: verdict_of — the inference verified by rebuilding: the plainest candidate that builds
    the cache within a correct pipeline's rounding gives the parameters; else what the inference found."""
    inf = infer_rope(C, S)
    if inf["error"] or inf["verdict"] == "not_rotation":
        return inf
    out = dict(inf, storage=stored_type(C, S), undecided=False, preset=None)
    out["hidden_below"] = float(storage_bound(max(1.0, out["attention_factor"]), out["storage"]))
    dim, rd = C.shape[1], out["rotary_dim"]
    if inf["flipped"]:
        out["verdict"] = "sign"
        return out
    cands = []
    fit, known = inf["rule"], inf["known"]

    def add_rule(r, inferred):
        if r["type"] != "default" and r["factor"] != np.rint(r["factor"]) and abs(
                np.rint(r["factor"]) / r["factor"] - 1) < 0.02:
            rounder = dict(r, factor=float(np.rint(r["factor"])))
            cands.append(candidate_of(rounder, rd, dim, out["attention_factor"]))
        cands.append(candidate_of(r, rd, dim, out["attention_factor"]))
        cands[-1]["as_inferred"] = inferred
    all_base = base_over_all_pairs(out["measured"], inf["spread"], rd)
    plain = known and fit["type"] == "default"
    if plain:
        add_rule(fit, True)
    if all_base > 0 and not (plain and fit["base"] == all_base):
        add_rule(rule(base=all_base), False)
    if known and not plain:
        add_rule(fit, True)
    if not known:  # round bases near the fast pairs' (a slice too short for the slow pairs to be measured)
        for digits in range(1, 5):
            scale = 10.0 ** (np.floor(np.log10(fit["base"])) - (digits - 1)) if fit["base"] > 1 else 0
            if scale and abs(np.rint(fit["base"] / scale) * scale / fit["base"] - 1) < 0.05:
                cands.append(candidate_of(rule(base=float(np.rint(fit["base"] / scale) * scale)), rd, dim,
                                          out["attention_factor"]))
    # (The page also tries the RoPE sets of lesson scaling's preset models here — LongRoPE's per-pair
    # factors, slices too short to measure the slow pairs; this notebook does not.)
    pick = closest = None
    for k in cands:
        k["fit"] = fit_rope_set(C, S, k["config"], out["layout"] == "interleaved", out["storage"])
        if closest is None or k["fit"]["max_excess"] < closest["fit"]["max_excess"]:
            closest = k
        if k["fit"]["max_excess"] <= 1:
            pick = k
            break

    def take(k):
        c = k["config"]
        init = rope_init(c, float(k["fit"]["offset"] + out["rows"]))
        out.update(rope_type=c["rope_type"], base=c["rope_theta"],
                   factor=1.0 if c["rope_type"] == "default" else c["factor"],
                   attention_factor=init["attention_factor"], offset=k["fit"]["offset"],
                   model=init["inv_freq"],
                   max_error=min(inf["max_error"], k["fit"]["max_error"]) if k["as_inferred"]
                   else k["fit"]["max_error"],
                   original_max_position=c["original_max_position_embeddings"]
                   if c["rope_type"] in ("llama3", "yarn") else 0.0)
    if pick is not None:
        take(pick)
        low = out["precision"] in ("bfloat16", "float16")
        if low:
            out["precision"] = "float32"  # transformers' float32 pipeline builds it as well
        out["undecided"] = pick["explicit"] or low
        out["verdict"] = ("off_by_one" if out["offset"] == 1 else "offset" if out["offset"] != 0
                          else "undecided" if out["undecided"] else "matches")
    elif closest is not None and closest["fit"]["max_excess"] <= 4:
        take(closest)
        out.update(undecided=True, verdict="undecided")
    elif known and out["offset"] == 1:
        out["verdict"] = "off_by_one"
    elif known and out["offset"] != 0:
        out["verdict"] = "offset"
    elif known and inf["precision"] in ("bfloat16", "float16"):
        out["verdict"] = "low_precision"
    elif not known and (per_pair_factors(out) or slow_pairs_unmeasured(out)):
        out.update(verdict="undecided", undecided=True)
    elif not known:
        out["verdict"] = "unknown"
    else:
        out["verdict"] = "mismatch"
    return out


def per_pair_factors(out):
    """check_rope.cpp: per_pair_factors — LongRoPE's shape without its config (every pair slower than base
    10000's or the fitted base's, by a factor growing towards the slow pairs, and an attention factor)."""
    theta = out["measured"]
    if not out["attention_factor"] > 1 + 1e-4 or theta.size < 2:
        return False
    for base in (10000.0, out["base"]):
        f = default_inv_freq(out["rotary_dim"], base) / theta if base > 1 else None
        if f is not None and np.all((f > 0.99) & (f < 1e4)) and f.max() > 1.01:
            out.update(base=base, rope_type="longrope")
            return True
    return False


def slow_pairs_unmeasured(out):
    """check_rope.cpp: slow_pairs_unmeasured — the slowest pair turns too little over the rows to measure."""
    last = out["measured"].size - 1
    turn = abs(out["measured"][last]) * (out["rows"] - 1)
    blur = max(out["hidden_below"] / max(out["attention_factor"], 1e-3), 1e-7)
    return last >= 0 and (turn < 100 * blur or out["spread"][last] > 0.01)


def check_rope(C, S):
    """check_rope.cpp: check_rope — the verdict; no rotation read as given: a transposed cache, or one angle
    per pair before torch.cat((freqs, freqs)), is tried before saying so."""
    out = verdict_of(C, S)
    if out.get("verdict") != "not_rotation":
        return out
    found = ("matches", "offset", "off_by_one", "undecided")
    if C.shape[1] >= 3 and 2 <= C.shape[0] <= 4096:
        t = verdict_of(C.T, S.T)
        if not t["error"] and t["verdict"] in found:
            return dict(t, cause=t["verdict"], verdict="transposed")
    h = verdict_of(np.hstack([C, C]), np.hstack([S, S])) if 2 * C.shape[1] <= 4096 else {"error": "wide"}
    if not h["error"] and h["verdict"] in found:
        return dict(h, cause=h["verdict"], verdict="half_width")
    return out  # (the page also reads Gemma 4's proportional RoPE here; this notebook does not)


# ---- what differs, and the comparison the page draws (rope_cache.cpp: rope_differences; the lesson's
# src/lessons/check/rope_read.cpp: compare, rope_words.cpp: clause) ----------------------------------------
def relative(a, b):
    return abs(a - b) / max(abs(b), 1e-300)


def rope_differences(k, dim, e):
    """rope_cache.cpp: rope_differences — what a checked cache does differently from a config's expectation
    `e` (None: transformers' defaults), as (kind, have, want, …)."""
    out = []
    if k.get("error") or k.get("verdict") == "not_rotation":
        return out
    if k["verdict"] == "sign":
        out.append(("swapped",) if k["swapped"] else ("sign",))
    if k["layout"] == "interleaved":
        out.append(("layout", 0, k["rotary_dim"] // 2))
    if k["offset"] != 0:
        out.append(("offset", k["offset"]))
    unknown, scaling_said = k["rope_type"] == "unknown", False
    if e is not None:
        rd = e["init"]["rotary_dim"]
        other_width = dim != e["head_dim"] and dim != rd
        if other_width:
            out.append(("width", dim, e["head_dim"], rd))
        same_width = k["rotary_dim"] == rd
        if not same_width and not (other_width and k["rotary_dim"] == dim):
            out.append(("rotary", k["rotary_dim"], rd))
        if unknown:
            out.append(("unknown",))
        else:
            kind, named = e["init"]["rope_type"], False
            if kind not in ("longrope", "dynamic"):
                if relative(k["base"], e["base"]) > 1e-6:
                    named = True
                    out.append(("base", k["base"], e["base"]))
                if k["rope_type"] != kind:
                    out.append(("scaling", k["factor"], e["factor"], k["rope_type"], kind))
                    named = scaling_said = True
                elif kind != "default" and relative(k["factor"], e["factor"]) > 1e-3:
                    out.append(("factor", k["factor"], e["factor"], kind))
                    named = True
            if not named and same_width and k["model"].size == e["init"]["inv_freq"].size:
                worst = max([relative(a, b) for a, b in zip(k["model"], e["init"]["inv_freq"])] + [0.0])
                if worst > 1e-3:
                    out.append(("frequencies", worst))
        yarn_own = scaling_said and k["rope_type"] == "yarn" and relative(
            k["attention_factor"], yarn_mscale(k["factor"])) < 1e-3
        config_own = scaling_said and e["init"]["rope_type"] in ("yarn", "longrope") and abs(
            k["attention_factor"] - 1) < 1e-3
        factor_differs = relative(k["attention_factor"], e["init"]["attention_factor"]) > 1e-3
        if not yarn_own and not config_own and factor_differs:
            out.append(("attention", k["attention_factor"], e["init"]["attention_factor"]))
    else:
        if k["rotary_dim"] < dim:
            out.append(("rotary", k["rotary_dim"], dim))
        if unknown:
            out.append(("unknown",))
        elif k["rope_type"] != "default":
            out.append(("scaling", k["factor"], 1.0, k["rope_type"], "default"))
            scaling_said = True
        yarn_own = scaling_said and k["rope_type"] == "yarn" and relative(
            k["attention_factor"], yarn_mscale(k["factor"])) < 1e-3
        if not yarn_own and abs(k["attention_factor"] - 1) > 1e-3:
            out.append(("attention", k["attention_factor"], 1.0))
    if k["precision"] in ("bfloat16", "float16"):
        out.append(("precision", k["precision"]))
    if k["verdict"] == "mismatch" and k["max_error"] > 2 * k["hidden_below"] + 1e-6:
        out.append(("mismatch", k["max_error"]))
    return out


def scaling_text(kind, factor):
    """The lesson's scaling_text: "linear ×4", "none"."""
    if kind == "default":
        return _("none")
    if kind in ("dynamic", "longrope", "unknown"):
        return _("no known rule") if kind == "unknown" else kind
    return _("%s ×%s") % (kind, short(factor, 4))


def clause(d, with_config):
    """One difference in words (the lesson's rope_words.cpp: clause)."""
    kind, n = d[0], (lambda v: short(v, 6))
    if kind == "sign":
        return _("its angles run backwards (sin is negated)")
    if kind == "swapped":
        return _("cos and sin are swapped")
    if kind == "layout":
        pairs_words = _("its pairs are interleaved (columns 2j and 2j+1) where transformers' rotate_half pairs column j with j + %d")
        return pairs_words % d[2]
    if kind == "offset":
        slice_words = _("its rows start at position %s, not 0 (right for a slice of a KV cache, wrong for a fresh sequence)")
        return _("its rows start at position 1, not 0") if d[1] == 1 else slice_words % n(d[1])
    if kind == "width":
        return _("it has %d columns where the config's heads have %d (%d of them rotating)") % d[1:4]
    if kind == "rotary":
        if with_config:
            return _("%d of its columns rotate where the config rotates %d") % d[1:3]
        share = short(100 * d[1] / d[2]) + "%"
        return _("only %d of its %d columns rotate (partial rotary, %s)") % (d[1], d[2], share)
    if kind == "base":
        return _("its base is %s where the config's rope_theta is %s") % (n(d[1]), n(d[2]))
    if kind == "scaling":
        have, want = scaling_text(d[3], d[1]), scaling_text(d[4], d[2])
        if d[3] == "default":
            return _("it has no scaling where the config has %s") % want
        if d[4] == "default":
            return _("it is scaled: %s") % have
        return _("it uses %s scaling where the config has %s") % (have, want)
    if kind == "factor":
        return _("its %s factor is %s where the config's is %s") % (d[3], n(d[1]), n(d[2]))
    if kind == "frequencies":
        return _("its frequencies differ from the config's by up to %s") % (short(100 * d[1], 3) + "%")
    if kind == "unknown":
        return _("its frequencies follow none of the known rules (default, linear, llama3, yarn)")
    if kind == "attention":
        return _("cos and sin are multiplied by %s where the config implies %s") % (n(d[1]), n(d[2])) \
            if with_config else _("cos and sin are multiplied by %s (an attention factor)") % n(d[1])
    if kind == "precision":
        return _("its angles were rounded to %s before cos and sin") % d[1]
    return _("even so, its numbers differ by up to %s from the cache these parameters give") % short(d[1])


def compare(C, S, k):
    """The lesson's compare (rope_read.cpp): the config's RoPE set the cache is compared with, what differs,
    the reference cache (the config's — rotate_half pairs, positions 0 … len − 1, exact angles — or, with
    no config, the inferred parameters'), yours − reference, and each pair's θ_j against the reference's."""
    n, dim = C.shape
    cmp = {"valid": False, "with_config": bool(config_sets), "matched": False, "fallback": False, "sets": 1}
    distinct = []  # sets that build the same cache count once
    for s in config_sets:
        e = rope_expected(rope_config(**s["config"]), n)
        if not any(np.array_equal(d[1]["init"]["inv_freq"], e["init"]["inv_freq"])
                   and d[1]["init"]["attention_factor"] == e["init"]["attention_factor"] for d in distinct):
            distinct.append((s, e))
    cmp["sets"] = max(1, len(distinct))
    if distinct:
        first = distinct[0]
        cmp.update(expected=first[1], set_type=first[0]["layer_type"],
                   set=rope_config(**first[0]["config"]))
        for s, _e in distinct:
            if s["layer_type"] == "full_attention":
                cmp.update(full_set=rope_config(**s["config"]), has_full=True)
    if k.get("error") or k.get("verdict") == "not_rotation":
        return cmp
    cmp["differences"] = rope_differences(k, dim, cmp.get("expected"))
    if distinct:  # the direct test first (rope_match.cpp: match_rope_cache): a set of the model builds it?
        storage, best = stored_type(C, S), None
        for s, e in distinct:
            for inter in ((False, True) if config_rotation == "interleaved" else (False,)):
                f = fit_rope_set(C, S, rope_config(**s["config"]), inter, storage)
                if best is None or f["max_excess"] < best[0]["max_excess"] or (
                        f["max_excess"] == best[0]["max_excess"] and s["layer_type"] == "full_attention"):
                    best = (f, s, e)
        if best[0]["max_excess"] <= 1:
            cmp.update(matched=True, expected=best[2], set_type=best[1]["layer_type"],
                       set=rope_config(**best[1]["config"]),
                       differences=[("offset", best[0]["offset"])] if best[0]["offset"] != 0 else [])
        for s, e in distinct[1:] if not cmp["matched"] else []:  # else the set it differs from least
            d = rope_differences(k, dim, e)
            if len(d) < len(cmp["differences"]) or (len(d) == len(cmp["differences"])
                                                    and s["layer_type"] == "full_attention"):
                cmp.update(differences=d, expected=e, set_type=s["layer_type"],
                           set=rope_config(**s["config"]))
    cmp["fallback"] = bool(distinct) and cmp["expected"]["init"]["rotary_dim"] > dim
    if distinct and not cmp["fallback"]:
        e = cmp["expected"]
        rc, rs = rope_cache(e["init"]["inv_freq"], n, 0, dim, False, e["init"]["attention_factor"])
        reference_theta = e["init"]["inv_freq"]
    else:
        rc, rs = rope_cache(k["model"], n, k["offset"], dim, k["layout"] == "interleaved",
                            k["attention_factor"])
        if k["verdict"] == "sign":
            rc, rs = (rs, rc) if k["swapped"] else (rc, -rs)
        reference_theta = k["model"]
    dc, ds = C - rc, S - rs
    m1, m2 = np.max(np.abs(dc)), np.max(np.abs(ds))
    worst_in_sin = bool(m2 > m1)
    worst = np.abs(ds if worst_in_sin else dc)
    col, row = np.unravel_index(np.argmax(worst.T), worst.T.shape)  # the first in column order, as Eigen
    measured = k["measured"]
    m = min(measured.size, reference_theta.size)
    ratio = np.where(reference_theta[:m] != 0, measured[:m] / np.where(reference_theta[:m] != 0,
                                                                       reference_theta[:m], 1), 0.0)
    pairs = np.column_stack([np.arange(m), measured[:m], reference_theta[:m], ratio])
    # A pair differs by more than 0.1% and by more than the storage lets an angle be read over the rows.
    angle_error = {"bfloat16": 2.0 ** -7, "float16": 2.0 ** -10, "float32": 1e-6}.get(stored_type(C, S),
                                                                                     1e-12)
    off = (np.abs(ratio - 1) > 1e-3) & (np.abs(measured[:m] - reference_theta[:m]) * max(1, n - 1)
                                        > 4 * angle_error)
    cmp.update(valid=True, ref_cos=rc, ref_sin=rs, diff_cos=dc, diff_sin=ds, max_diff=float(max(m1, m2)),
               worst_in_sin=worst_in_sin, worst_row=int(row), worst_col=int(col), pairs=pairs,
               pairs_off=int(np.count_nonzero(off)), first_pair_off=int(np.argmax(off)) if off.any() else -1)
    return cmp


def set_name(layer_type, c):
    """One RoPE set of a model as a name in a sentence (rope_words.cpp: set_name)."""
    kind = {"full_attention": _("the full-attention layers"),
            "sliding_attention": _("the sliding-attention layers"),
            "chunked_attention": _("the chunked-attention layers")}.get(layer_type)
    kind = kind or _("the %s layers") % layer_type
    if c["rope_type"] == "default":
        return _("%s (θ = %s)") % (kind, short(c["rope_theta"], 9))
    return _("%s (θ = %s, %s)") % (kind, short(c["rope_theta"], 9), scaling_text(c["rope_type"], c["factor"]))


def set_sentence(cmp, words):
    """A model with several RoPE sets: which one the cache matches or is closest to (rope_words.cpp)."""
    mine = set_name(cmp["set_type"], cmp["set"])
    if words:
        return _("Of the %d RoPE sets of %s, it matches none of them; it is closest to %s: %s.") % (
            cmp["sets"], config_name, mine, words)
    matched = _("Of the %d RoPE sets of %s, it matches %s: the same frequencies, pairs and positions (largest difference %s).")
    matched %= (cmp["sets"], config_name, mine, short(cmp["max_diff"]))
    if cmp["set_type"] == "full_attention" or not cmp.get("has_full"):
        return matched
    return _("%s A cache for %s must differ: built with this set, it would be wrong there.") % (
        matched, set_name("full_attention", cmp["full_set"]))


def rope_sentence(k, cmp):
    """The sentence the page shows (rope_words.cpp: rope_sentence), from the differences found here."""
    if k.get("error"):
        return k["error"]
    if k.get("verdict") == "not_rotation":
        return _("These are not the cos and sin of RoPE rotations: cos² + sin² changes from entry to entry, or the columns do not come in pairs that share an angle.")
    words = _("; ").join(clause(d, cmp["with_config"]) for d in cmp["differences"])
    if cmp["with_config"] and cmp["sets"] > 1:
        return set_sentence(cmp, words)
    if cmp["with_config"] and not words:
        return _("It matches %s: the same frequencies, pairs and positions (largest difference %s).") % (
            config_name, short(cmp["max_diff"]))
    if cmp["with_config"]:
        return _("Compared with %s: %s.") % (config_name, words)
    if not words:
        return _("Nothing differs from transformers' defaults (rotate_half pairs, positions from 0, every column rotating, no scaling, angles in float32 or better).")
    return _("Compared with transformers' defaults (rotate_half pairs, positions from 0, every column rotating, no scaling, angles in float32 or better): %s.") % words


# ---- what this notebook checks ----------------------------------------------------------------------------
if rope_cos is None and params["rope_example"] != "none":  # an example: rebuilt from its definition
    rope_cos, rope_sin = example_cache(params["rope_example"])
    rope_source = _("example: %s") % EXAMPLE_LABELS[params["rope_example"]]
have_table, have_cache = table is not None, rope_cos is not None
if have_table:
    table = np.asarray(table, dtype=float)
    table_check = check_table(table, params["base"])
if have_cache:
    rope_cos, rope_sin = np.asarray(rope_cos, dtype=float), np.asarray(rope_sin, dtype=float)
    found = check_rope(rope_cos, rope_sin)
    cmp = compare(rope_cos, rope_sin, found)
# Nothing to check: what the page says, and the line that brings one's own, for the data cell (a file too
# large for the data cell is named there: load it the same way).
def npy_name(name, default):
    return name if isinstance(name, str) and name.endswith(".npy") and " + " not in name else default


nothing_table = _("No table yet: drop a file on the page, open one, paste numbers, or load an example.")
table_file = npy_name(table_source, "pe.npy")
nothing_table += f"\n→ table_source, table = {table_file!r}, np.load({table_file!r})"
nothing_cache = _("No cache yet: drop or open a file, paste one, or load an example.")
rope_file = npy_name(rope_source, "rope.npy")
nothing_cache += f"\n→ rope_source, rope_cos, rope_sin = {rope_file!r}, *np.load({rope_file!r})"


def verdict_view():
    """What the page shows on steps load and verdict: the table, its largest difference, the verdict and
    every hypothesis with its distance from your numbers (closest first)."""
    print(_("%s: %d × %d") % (table_source, *table.shape))
    print(_("max |yours − reference| ="), short(table_check["max_error"]))
    print(table_check["words"])
    print("\n" + _("hypothesis").ljust(28) + _("max difference"))
    for h in sorted(table_check["hypotheses"], key=lambda h: h["error"]):
        print(f"{h['label']:<28}{short(h['error'])}")


def rope_status():
    """The first lines of the RoPE steps: what is loaded, and the sentence."""
    print(_("%s: cos and sin, %d × %d each") % (rope_source, *rope_cos.shape))
    print(rope_sentence(found, cmp))


# %% step load
if have_table:
    verdict_view()
    show_numbers(export0=table_check["diff"], shape=table.shape[0])  # "50 × 16" reads as its rows
else:
    print(nothing_table)
    show_numbers()

# %% step verdict
if have_table:
    verdict_view()
    show_numbers(export0=table_check["diff"], shape=table.shape[0], max_error=table_check["max_error"])
else:
    print(nothing_table)
    show_numbers()

# %% step diff
if have_table:
    heatmap(table_check["diff"], _("yours − reference"), _("dimension"), _("position"))
    plt.show()
    show_numbers(export0=table_check["diff"])
else:
    print(nothing_table)
    show_numbers()

# %% step rope-load
if have_cache:
    rope_status()
    heatmap(rope_cos, _("your cos table, as read"), _("dimension"), _("position"), limit=1.0)
    plt.show()
    show_numbers(rope_shape=rope_cos.shape[0])  # "1024 × 128" reads as its rows
else:
    print(nothing_cache)
    show_numbers()

# %% step rope-verdict
if have_cache:
    rope_status()
if have_cache and cmp["valid"]:
    e, with_config, dim = cmp.get("expected"), cmp["with_config"], rope_cos.shape[1]
    rows = [(_("pairs"), _("interleaved (2j, 2j+1)") if found["layout"] == "interleaved"
             else f"rotate_half (j, j + {found['rotary_dim'] // 2})", "rotate_half"),
            (_("base"), short(found["base"], 9),
             short(e["base"], 9) if with_config else _("(the model's choice)")),
            (_("row 0 is position"), str(found["offset"]), "0"),
            (_("rotating columns"), _("%d of %d") % (found["rotary_dim"], dim),
             str(e["init"]["rotary_dim"] if with_config else dim)),
            (_("scaling"), scaling_text(found["rope_type"], found["factor"]),
             scaling_text(e["init"]["rope_type"], e["factor"]) if with_config else _("none")),
            (_("attention factor"), short(found["attention_factor"], 6),
             short(e["init"]["attention_factor"] if with_config else 1.0, 6)),
            (_("angles formed in"), found["precision"], _("float32 or better")),
            (_("left unexplained (max)"), short(found["max_error"]), "")]
    if with_config and cmp["sets"] > 1:
        rows.insert(0, (_("RoPE set"), "–", set_name(cmp["set_type"], cmp["set"])))
    print("\n" + _("parameter").ljust(26) + _("your cache").ljust(28) + (_("the config") if with_config
                                                                        else _("the defaults")))
    for name, have, want in rows:
        print(f"{name:<26}{have:<28}{want}")
    config_reference = with_config and not cmp["fallback"]
    pairs = cmp["pairs"]
    differ = _("%d pairs differ, from pair %d") % (cmp["pairs_off"], cmp["first_pair_off"])
    markers = [(cmp["first_pair_off"], differ)] if cmp["first_pair_off"] >= 0 else []
    curves([(_("yours (measured)"), pairs[:, 0], pairs[:, 1], {"linewidth": 3.5}),
            (_("the config's") if config_reference else _("the inferred parameters'"),
             pairs[:, 0], pairs[:, 2])],
           _("Frequency θ_j of each pair (radians per position, log scale)"), _("pair j"), logy=True,
           markers=markers)
    plt.show()
    show_numbers(export0=pairs, rope_pairs_off=cmp["pairs_off"], rope_first_pair=cmp["first_pair_off"])
else:
    if not have_cache:
        print(nothing_cache)
    show_numbers()

# %% step rope-diff
if have_cache and cmp["valid"]:
    print(_("max |yours − reference| ="), short(cmp["max_diff"]))
    worst = (cmp["worst_row"], cmp["worst_col"])
    left, right = panels(2, size=(11, 4.6))
    heatmap(cmp["diff_cos"], _("cos: yours − reference"), _("dimension"), _("position"),
            limit=cmp["max_diff"], mark=None if cmp["worst_in_sin"] else worst, ax=left)
    heatmap(cmp["diff_sin"], _("sin: yours − reference"), _("dimension"), limit=cmp["max_diff"],
            mark=worst if cmp["worst_in_sin"] else None, ax=right)
    plt.show()
    show_numbers(export0=cmp["diff_cos"], export1=cmp["diff_sin"], export2=cmp["ref_cos"],
                 export3=cmp["ref_sin"], rope_max_diff=cmp["max_diff"], rope_worst_row=cmp["worst_row"],
                 rope_worst_col=cmp["worst_col"])
else:
    print(rope_sentence(found, cmp) if have_cache else nothing_cache)
    show_numbers()
