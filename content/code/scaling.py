import math
import numpy as np

def default_inv_freq(rotary_dim, base):
    """θ_i = base^(−2i/d) for the rotary_dim/2 pairs, fastest first."""
    return 1.0 / base ** (np.arange(0, rotary_dim // 2 * 2, 2) / rotary_dim)

def linear(rotary_dim, base, factor):
    """Position interpolation: every frequency divided by the factor."""
    return default_inv_freq(rotary_dim, base) / factor

def dynamic(rotary_dim, base, factor, trained_len, seq_len):
    """Dynamic NTK: past the trained length the base grows with the current length."""
    seq_len = max(seq_len, trained_len)
    grown = base * (factor * seq_len / trained_len - (factor - 1)) ** (rotary_dim / (rotary_dim - 2))
    return default_inv_freq(rotary_dim, grown)

def yarn(rotary_dim, base, factor, original_len, beta_fast=32, beta_slow=1, truncate=True,
         mscale=None, mscale_all_dim=None, attention_factor=None):
    """YaRN: keep pairs turning > beta_fast times in original_len, divide those turning < beta_slow
    times by the factor, a linear ramp between. Returns (inv_freq, attention_factor): the config's own,
    else DeepSeek's ratio of two mscale terms when both are given, else 0.1·ln(factor) + 1."""
    def pair_for(turns):  # the (fractional) pair that turns `turns` times in original_len
        return rotary_dim * math.log(original_len / (turns * 2 * math.pi)) / (2 * math.log(base))
    low, high = pair_for(beta_fast), pair_for(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, rotary_dim - 1)
    if low == high:
        high += 0.001
    theta = default_inv_freq(rotary_dim, base)
    ramp = np.clip((np.arange(len(theta)) - low) / (high - low), 0, 1)
    def get_mscale(scale, m=1.0):
        return 0.1 * m * math.log(scale) + 1 if scale > 1 else 1.0
    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim)
        else:
            attention_factor = get_mscale(factor)
    return theta / factor * ramp + theta * (1 - ramp), attention_factor

def deepseek_softmax_scale(factor, mscale_all_dim):
    """DeepSeek multiplies its softmax scale by mscale(factor, mscale_all_dim)² (1 without)."""
    m = 0.1 * mscale_all_dim * math.log(factor) + 1 if factor > 1 and mscale_all_dim else 1.0
    return m * m

def longrope(rotary_dim, base, short_factor, long_factor, original_len, max_len, seq_len=None,
             factor=None, attention_factor=None):
    """LongRoPE (Phi-3): a searched factor per pair, short_factor up to original_len tokens and
    long_factor beyond. Returns (inv_freq, attention_factor)."""
    ext = long_factor if seq_len and seq_len > original_len else short_factor
    theta = default_inv_freq(rotary_dim, base) / np.asarray(ext, dtype=float)
    if factor is None:
        factor = max_len / original_len
    if attention_factor is None:
        attention_factor = (math.sqrt(1 + math.log(factor) / math.log(original_len))
                            if factor > 1 else 1.0)
    return theta, attention_factor

def llama3(rotary_dim, base, factor, original_len, low_freq_factor=1.0, high_freq_factor=4.0):
    """Llama 3.1: divide wavelengths above original_len/low_freq_factor by the factor, keep those below
    original_len/high_freq_factor, blend in between (no blend when high ≤ low, as Llama 4 Scout)."""
    theta = default_inv_freq(rotary_dim, base)
    wavelen = 2 * math.pi / theta
    with np.errstate(divide='ignore', invalid='ignore'):
        smooth = (original_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    blended = (1 - smooth) * theta / factor + smooth * theta
    out = np.where(wavelen < original_len / high_freq_factor, theta, blended)
    return np.where(wavelen > original_len / low_freq_factor, theta / factor, out)

def proportional(head_dim, base, partial_rotary_factor, factor=1.0):
    """Gemma 4's full layers: int(partial·head_dim/2) pairs turn with exponents over the whole head,
    the other pairs stand still (frequency 0)."""
    turning = int(partial_rotary_factor * head_dim // 2)
    theta = np.zeros(head_dim // 2)
    theta[:turning] = 1.0 / base ** (np.arange(0, 2 * turning, 2) / head_dim)
    return theta / factor

def cos_sin_cache(inv_freq, length, attention_factor=1.0):
    """The cache rotate_half code reads: emb = cat(freqs, freqs), scaled by the attention factor."""
    freqs = np.outer(np.arange(length), inv_freq)
    emb = np.concatenate([freqs, freqs], axis=1)
    return np.cos(emb) * attention_factor, np.sin(emb) * attention_factor
