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

def yarn(rotary_dim, base, factor, original_len, beta_fast=32, beta_slow=1, truncate=True):
    """YaRN: keep pairs turning > beta_fast times in original_len, divide those turning < beta_slow
    times by the factor, a linear ramp between. Returns (inv_freq, attention_factor)."""
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
    attention_factor = 0.1 * math.log(factor) + 1 if factor > 1 else 1.0
    return theta / factor * ramp + theta * (1 - ramp), attention_factor

def llama3(rotary_dim, base, factor, original_len, low_freq_factor=1.0, high_freq_factor=4.0):
    """Llama 3.1: keep wavelengths below original_len/high_freq_factor, divide those above
    original_len/low_freq_factor by the factor, blend in between."""
    theta = default_inv_freq(rotary_dim, base)
    wavelen = 2 * math.pi / theta
    smooth = (original_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    blended = (1 - smooth) * theta / factor + smooth * theta
    out = np.where(wavelen > original_len / low_freq_factor, theta / factor, blended)
    return np.where(wavelen < original_len / high_freq_factor, theta, out)

def cos_sin_cache(inv_freq, length, attention_factor=1.0):
    """The cache rotate_half code reads: emb = cat(freqs, freqs), scaled by the attention factor."""
    freqs = np.outer(np.arange(length), inv_freq)
    emb = np.concatenate([freqs, freqs], axis=1)
    return np.cos(emb) * attention_factor, np.sin(emb) * attention_factor
