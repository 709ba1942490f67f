# Lesson in-practice's notebook recipe: after the lesson's NumPy code (content/code/in-practice.py, whose
# permute(), kv_head(), rope(), scores(), logit_scales(), position_ids(), dynamic_inv_freq(), to_bfloat16()
# and angle() it uses), one cell per step ("# %% step <id>") drawing the step's picture again at `params`
# and printing the numbers the page shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
import math
import re
from fractions import Fraction

from matplotlib.ticker import MaxNLocator

T, d_model, heads, kv_heads = params["tokens"], params["d_model"], params["heads"], params["kv_heads"]
hd, head, seed = params["head_dim"], params["head"], params["seed"]
base, wrong, max_dist = params["base"], params["wrong"], params["max_dist"]
# The page's head (core::random_rope_head): its seeded generator draws W_q, then W_k (standard deviation
# 1/√d_model, heads·head_dim rows each, in Meta's interleaved row order), then the tokens X.
rng = PosencRandom(seed)
wq = rng.gaussian_matrix(heads * hd, d_model, 1 / math.sqrt(d_model))
wk = rng.gaussian_matrix(heads * hd, d_model, 1 / math.sqrt(d_model))
x = rng.gaussian_matrix(T, d_model)
wq_hf, wk_hf = permute(wq, heads), permute(wk, heads)    # the conversion script's rows, for rotate_half
pos = np.arange(T)


def rows_of(w, h):
    """Head h's rows of a weight matrix."""
    return w[h * hd:(h + 1) * hd]


def project(tokens, w, h=head):
    """Head h's queries or keys: X · W_hᵀ (tokens × head_dim)."""
    return tokens @ rows_of(w, h).T


def causal_softmax(s):
    """Row i attends to keys 0 … i only."""
    s = np.where(np.tril(np.ones_like(s, dtype=bool)), s, -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def top_key_changes(a, b):
    """Queries whose most attended key differs between two score matrices (causal softmax)."""
    return int(np.sum(np.argmax(causal_softmax(a), axis=1) != np.argmax(causal_softmax(b), axis=1)))


def whole_ticks(ax):
    """Rows and columns are counted: no tick between two of them."""
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    return ax


def score_maps(pairs, limit=None, non_negative=False):
    """Score (or attention) matrices side by side: query down, key across, one colour scale."""
    for ax, (m, title) in zip(panels(len(pairs), size=(4.2 * len(pairs), 3.9)), pairs):
        whole_ticks(heatmap(m, title, _("key"), _("query"), limit=limit, non_negative=non_negative, ax=ax))
    plt.show()


def wrapped(text, width=100):
    """Lines of at most `width` columns (a Chinese character counts two), broken at spaces or between
    Chinese characters."""
    wide = lambda ch: "\u2e80" <= ch <= "\uffef"
    lines, line, size = [], "", 0
    for piece in re.findall(r"[\u2e80-\uffef]|[^\s\u2e80-\uffef]+|\s+", text):
        w = sum(2 if wide(ch) else 1 for ch in piece)
        if size + w > width and line.strip():
            lines, line, size = lines + [line.rstrip()], "", 0
            if piece.isspace():
                continue
        line, size = line + piece, size + w
    return "\n".join(lines + [line.rstrip()])


def text_table(rows, header, widths, size, style=lambda r, c: {}, caption=None, align="left"):
    """A table as the page draws one: the header in bold, style(row, column) → the cell's text properties,
    a caption under it."""
    fig, ax = plt.subplots(figsize=size, layout="constrained")
    ax.axis("off")
    grid = ax.table(cellText=rows, colLabels=header, colWidths=widths, bbox=[0, 0, 1, 1], cellLoc=align)
    grid.auto_set_font_size(False)
    grid.set_fontsize(8.5)
    for (r, c), box in grid.get_celld().items():
        box.set_text_props(**({"fontweight": "bold"} if r == 0 else style(r - 1, c)))
    if caption:
        fig.supxlabel(wrapped(caption), fontsize="small", color=MUTED, x=0.01, ha="left")
    plt.show()


MUTED, ACCENT = "#686e78", "#2563c8"                     # the page's muted and accent (src/ui/theme.cpp)


def short(v, digits=3):
    return f"{v:.{digits}g}"


q_meta, k_meta = project(x, wq), project(x, wk)          # Meta's rows, as Meta's code rotates them
q_hf, k_hf = project(x, wq_hf), project(x, wk_hf)        # the converted rows, as transformers rotates them
scores_meta = scores(q_meta, k_meta, pos, pos, base=base, layout="interleaved")
scores_broken = scores(q_meta, k_meta, pos, pos, base=base)          # rotate_half, Meta's rows as they are
res_broken = np.max(np.abs(scores_broken - scores_meta))

# %% step permute
scores_right = scores(q_hf, k_hf, pos, pos, base=base)               # rotate_half, permuted rows
res_right = np.max(np.abs(scores_right - scores_meta))
score_scale = np.max(np.abs(scores_meta))
# Which of Meta's rows each converted row holds, within head `head`: permute() applied to the row numbers.
source = permute(np.arange(heads * hd, dtype=float)[:, None], heads)[:, 0].astype(int)
within = source[head * hd:(head + 1) * hd] - head * hd
moved = int(np.sum(within != np.arange(hd)))
perm_rows = min(hd, 16)                                  # the page draws the first 16 rows at most
view = np.zeros((perm_rows, min(hd, 2 * perm_rows)))
for r in range(perm_rows):
    if within[r] < view.shape[1]:
        view[r, within[r]] = 1
if perm_rows == hd:
    title = _("permute, head %d: converted row ← Meta's row (within the head)") % head
else:
    title = _("permute, head %d: its first %d converted rows ← Meta's rows (within the head)")
    title %= (head, perm_rows)
heatmap(view, title, _("Meta's row"), _("converted row"), limit=1, non_negative=True, colorbar=False,
        size=(6.5, 0.25 * perm_rows + 1.2))
plt.show()
print(_("transformers, W_q and W_k permuted: max |score − Meta's| ="), short(res_right))
print(_("transformers, Meta's rows as they are ="), short(res_broken))
limit = max(score_scale, np.max(np.abs(scores_broken)))
score_maps([(scores_right, _("scores, permuted")), (scores_broken, _("scores, not permuted"))], limit)
score_maps([(causal_softmax(scores_right), _("attention (causal softmax), permuted")),
            (causal_softmax(scores_broken), _("attention, not permuted"))], 1, non_negative=True)
show_numbers(export0=scores_right, export1=scores_broken, half_dim=hd // 2, moved=moved, perm_rows=perm_rows,
             res_right=res_right, res_broken=res_broken, score_scale=score_scale,
             attention_moved=top_key_changes(scores_right, scores_broken))

# %% step gqa
group, g, kv_rows = heads // kv_heads, kv_head(head, heads, kv_heads), kv_heads * hd
wk_kv = wk[:kv_rows]                                     # Meta's W_k for kv_heads key heads: its first heads
print(_("query heads: %d, key heads: %d, query heads per key head: %d; query head %d reads key head %d")
      % (heads, kv_heads, group, head, g))


def permuted_rows(n_heads):
    """Meta's row each row of W_k holds after permute(w_k, n_heads): None where torch's view raises."""
    try:
        return permute(np.arange(kv_rows, dtype=float)[:, None], n_heads)[:, 0].astype(int)
    except ValueError as e:                              # numpy's reshape fails where torch's view does
        print("permute(w_k, n_heads=%d): ValueError: %s" % (n_heads, e))
        return None


right_rows, wrong_rows = permuted_rows(kv_heads), permuted_rows(heads)
gqa_meta = scores(q_meta, project(x, wk_kv, g), pos, pos, base=base, layout="interleaved")
gqa_right = scores(q_hf, project(x, wk_kv[right_rows], g), pos, pos, base=base)
res_gqa_right, gqa_scale = np.max(np.abs(gqa_right - gqa_meta)), np.max(np.abs(gqa_meta))
shown = [right_rows[g * hd:(g + 1) * hd] - g * hd]       # key head g's rows, within the head
labels = ["num_key_value_heads = %d" % kv_heads]
if wrong_rows is not None:
    shown.append(wrong_rows[g * hd:(g + 1) * hd] - g * hd)
    labels.append("num_attention_heads = %d" % heads)
whole_ticks(heatmap(np.array(shown), _("W_k, key head %d: the row of Meta's each converted row holds") % g,
                    _("converted row"), "n_heads", limit=hd, values=hd <= 32, rows=labels, colorbar=False,
                    size=(min(13, max(6.5, 0.42 * hd)), 1.6 + 0.5 * len(shown))))
plt.show()
print(_("W_k permuted with the key heads' count: max |score − Meta's| ="), short(res_gqa_right))
numbers = {}
if wrong_rows is not None:
    gqa_wrong = scores(q_hf, project(x, wk_kv[wrong_rows], g), pos, pos, base=base)
    res_gqa_wrong = np.max(np.abs(gqa_wrong - gqa_meta))
    print(_("with the query heads' count ="), short(res_gqa_wrong))
    score_maps([(gqa_right, _("scores, W_k permuted with the key heads' count")),
                (gqa_wrong, _("scores, W_k permuted with the query heads' count"))],
               max(gqa_scale, np.max(np.abs(gqa_wrong))))
    numbers = dict(export1=gqa_wrong, gqa_moved=top_key_changes(gqa_right, gqa_wrong))
else:
    res_gqa_wrong = 0
    # (A label is one literal on one line, so the notebook's language can replace it: this line is longer.)
    fails = _("num_attention_heads = %d: view(%d, %d, 2, %d) cannot hold the %d rows of W_k, so torch raises an error")
    print(fails % (heads, heads, kv_rows // heads // 2, d_model, kv_rows))
    score_maps([(gqa_right, _("scores, W_k permuted with the key heads' count"))], gqa_scale)
show_numbers(export0=gqa_right, **numbers, kv_head=g, group=group, q_rows=heads * hd, kv_rows=kv_rows,
             block=kv_rows // heads, res_gqa_right=res_gqa_right, res_gqa_wrong=res_gqa_wrong,
             gqa_scale=gqa_scale)

# %% step models
# The presets of lesson 11 (src/core/model_presets.cpp, where each entry names the file its numbers were read
# from): the fields of their config.json these rules read, values as published; the source after each.
PRESETS = [
    ("Llama 2 7B", {"max_position_embeddings": 4096, "rope_scaling": None}),
    # https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json
    ("Llama 3.1 8B", {"max_position_embeddings": 131072, "rope_theta": 500000.0, "rope_scaling": {
        "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
        "original_max_position_embeddings": 8192, "rope_type": "llama3"}}),
    # https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json
    (_("Qwen2.5 7B Instruct, YaRN ×4"), {"max_position_embeddings": 32768, "rope_theta": 1000000.0,
                                         "rope_scaling": {"factor": 4.0, "type": "yarn",
                                                          "original_max_position_embeddings": 32768}}),
    # https://huggingface.co/Qwen/Qwen2.5-7B-Instruct#processing-long-texts
    ("Mistral 7B v0.1", {"max_position_embeddings": 32768, "rope_theta": 10000.0}),
    # https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json
    (_("GPT-NeoX-20B (partial rotary)"), {"max_position_embeddings": 2048, "rotary_pct": 0.25,
                                          "rotary_emb_base": 10000}),
    # https://huggingface.co/EleutherAI/gpt-neox-20b/blob/main/config.json
    (_("Phi-3.5-mini (LongRoPE)"), {"max_position_embeddings": 131072,
                                    "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
                                    "rope_scaling": {"type": "longrope"}}),
    # https://huggingface.co/microsoft/Phi-3.5-mini-instruct/blob/main/config.json (its long_factor and
    # short_factor lists left out: the attention factor reads only the two lengths)
    (_("DeepSeek-V3 (YaRN, mscale)"), {"model_type": "deepseek_v3", "max_position_embeddings": 163840,
                                       "rope_theta": 10000, "rope_scaling": {
                                           "beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0,
                                           "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096,
                                           "type": "yarn"}}),
    # https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json
    ("Gemma 2 9B", {"head_dim": 256, "max_position_embeddings": 8192, "rope_theta": 10000.0}),
    # https://huggingface.co/google/gemma-2-9b/blob/main/config.json
    ("Llama 4 Scout 17B-16E", {"model_type": "llama4", "text_config": {
        "model_type": "llama4_text", "max_position_embeddings": 10485760, "rope_theta": 500000.0,
        "rope_scaling": {"factor": 16.0, "high_freq_factor": 1.0, "low_freq_factor": 1.0,
                         "original_max_position_embeddings": 8192, "rope_type": "llama3"}}}),
    # https://huggingface.co/meta-llama/Llama-4-Scout-17B-16E-Instruct/blob/main/config.json
    ("Qwen3 8B", {"model_type": "qwen3", "max_position_embeddings": 40960, "rope_theta": 1000000,
                  "rope_scaling": None}),
    # https://huggingface.co/Qwen/Qwen3-8B/blob/main/config.json
    (_("Qwen3 8B, YaRN ×4"), {"model_type": "qwen3", "max_position_embeddings": 131072,
                             "rope_theta": 1000000, "rope_scaling": {
                                 "rope_type": "yarn", "factor": 4.0,
                                 "original_max_position_embeddings": 32768}}),
    # https://huggingface.co/Qwen/Qwen3-8B#processing-long-texts
    (_("Gemma 3 27B (two RoPE sets)"), {"model_type": "gemma3", "text_config": {
        "model_type": "gemma3_text", "rope_scaling": {"factor": 8.0, "rope_type": "linear"}}}),
    # https://huggingface.co/google/gemma-3-27b-it/blob/main/config.json
    ("gpt-oss-20b", {"model_type": "gpt_oss", "max_position_embeddings": 131072, "rope_theta": 150000,
                     "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0,
                                      "original_max_position_embeddings": 4096, "rope_type": "yarn",
                                      "truncate": False}}),
    # https://huggingface.co/openai/gpt-oss-20b/blob/main/config.json
    (_("SmolLM3 3B (no RoPE every 4th layer)"), {"model_type": "smollm3", "max_position_embeddings": 65536,
                                                 "rope_theta": 5000000.0, "rope_scaling": None}),
    # https://huggingface.co/HuggingFaceTB/SmolLM3-3B/blob/main/config.json
    (_("Qwen2.5-VL 7B (M-RoPE)"), {"model_type": "qwen2_5_vl", "max_position_embeddings": 128000,
                                   "rope_theta": 1000000.0,
                                   "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}}),
    # https://huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct/blob/main/config.json
    ("Ministral 3 3B", {"model_type": "mistral3", "text_config": {
        "model_type": "ministral3", "max_position_embeddings": 262144, "rope_parameters": {
            "beta_fast": 32.0, "beta_slow": 1.0, "factor": 16.0, "llama_4_scaling_beta": 0.1, "mscale": 1.0,
            "mscale_all_dim": 1.0, "original_max_position_embeddings": 16384, "rope_theta": 1000000.0,
            "rope_type": "yarn", "type": "yarn"}}}),
    # https://huggingface.co/mistralai/Ministral-3-3B-Reasoning-2512/blob/main/config.json
]
# Which model classes keep Meta's interleaved rotation, and which scale the queries by position, as
# src/core/model_families.cpp reads transformers (huggingface/transformers main as mirrored in
# zucchini-nlp/transformers @ decba1d2ea4ed3cbf0495d1828abad4b2dba1846, src/transformers/models/<family>/):
# llama4 modeling_llama4.py:233–240 (complex rotation) and 367–374 (temperature tuning on its no-RoPE
# layers, every 4th by default, unless attn_temperature_tuning is false); deepseek_v3
# configuration_deepseek_v3.py:114 (rope_interleave True unless the file says false), deepseek_v2
# modeling_deepseek_v2.py:224, 272; glm, glm4 (rotate_half on even/odd columns); cohere2
# modeling_cohere2.py:89; ministral3 modeling_ministral3.py:146–150 (queries × 1 + β·log(1 + floor(pos /
# original_max_position_embeddings)), β = llama_4_scaling_beta).
INTERLEAVED = {"llama4_text", "deepseek_v2", "deepseek_v3", "kimi_k2", "deepseek_v32", "deepseek_v4",
               "glm_moe_dsa", "glm", "glm4", "cohere2"}


def rotation_and_position(config):
    """(keeps Meta's interleaved rotation, scales its queries by position) for a config.json."""
    c = config.get("text_config", config)
    kind = c.get("model_type", "")
    interleaved = kind in INTERLEAVED and c.get("rope_interleave") is not False
    rs = c.get("rope_scaling") or c.get("rope_parameters") or {}
    by_position = ((kind == "llama4_text" and c.get("attn_temperature_tuning") is not False)
                   or (kind == "ministral3" and bool(rs.get("llama_4_scaling_beta"))))
    return interleaved, by_position


table = []                                               # per preset: interleaved (0/1), a, s, a²·s
for name, config in PRESETS:
    a, s = logit_scales(config)                          # the lesson's code: a on cos and sin, s on 1/√d
    table.append([float(rotation_and_position(config)[0]), a, s, a * a * s])
table = np.array(table)
top = int(np.argmax(table[:, 3])) if np.max(table[:, 3]) > 1 + 1e-12 else -1
names = [name for name, _config in PRESETS]
interleaved_names = [name for name, config in PRESETS if rotation_and_position(config)[0]]
print(_("interleaved") + ":", ", ".join(interleaved_names))


def cell(v):
    return "1" if abs(v - 1) <= 1e-12 else f"{v:#.4g}"     # 4 significant digits, as the page


def preset_style(r, c):
    if c == 1 and table[r, 0]:
        return {"color": ACCENT}                         # interleaved
    if c >= 2 and cell(table[r, c - 1]) == "1":
        return {"color": MUTED}                          # no factor
    return {"fontweight": "bold"} if (r, c) == (top, 4) else {}   # the largest factor


# (A label is one literal on one line, so the notebook's language can replace it: this line is longer.)
caption = _("Each preset as transformers builds it (lesson 11 shows each in full). a multiplies cos and sin, so each logit q·k by a²; s multiplies the softmax scale 1/√d; every logit is multiplied by a²·s.")
text_table([[n, _("interleaved") if t[0] else "rotate_half", cell(t[1]), cell(t[2]), cell(t[3])]
            for n, t in zip(names, table)], [_("model"), _("rotation"), "a", "s", "a²·s"],
           [0.46, 0.18, 0.12, 0.12, 0.12], (7.5, 0.26 * len(PRESETS) + 1.2), preset_style, caption)
factor = table[top, 3] if top >= 0 else 1.0
res_double = np.max(np.abs(scores(q_hf, k_hf, pos, pos, base=base, layout="interleaved") - scores_meta))
peak = lambda s_: np.mean(np.max(causal_softmax(s_), axis=1))   # each query's most attended key, averaged
top_a, top_s = (table[top, 1], table[top, 2]) if top >= 0 else (1.0, 1.0)
print(_("model") + ":", names[top] if top >= 0 else "-", "a²·s =", cell(factor), "1/(a²·s) =",
      cell(1 / factor))
show_numbers(export0=table, preset_count=len(PRESETS), interleaved_count=len(interleaved_names),
             res_broken=res_broken, res_double=res_double, top_a=top_a, top_s=top_s, top_logit=factor,
             top_inverse=1 / factor, peak_plain=peak(scores_meta), peak_scaled=peak(scores_meta * factor))

# %% step base
# The query of token 0 placed r positions after the key of token 1 (transformers' layout: converted rows).
q0, k1 = q_hf[0], k_hf[1]
r = np.arange(max_dist + 1)


def by_distance(b):
    return rope(np.tile(q0, (len(r), 1)), r, base=b) @ k1 / math.sqrt(hd)


curve_right, curve_wrong = by_distance(base), by_distance(wrong)
curve_rms = math.sqrt(np.mean(curve_right ** 2))
apart = np.nonzero(np.abs(curve_right - curve_wrong) > 0.1 * curve_rms)[0]   # more than 10% of the RMS
part = int(apart[0]) if len(apart) else -1
curves([(_("trained base %s") % f"{base:.6g}", curve_right, {"linewidth": 3}),
        (_("used base %s") % f"{wrong:.6g}", curve_wrong)],
       _("Score of one query and key against their distance r"), _("distance r"),
       markers=[(part, _("they part: r = %d") % part)] if part >= 0 else ())
plt.show()
show_numbers(part=part, part_percent=10, curve_rms=curve_rms)

# %% step padding
len_a, len_b, decode = params["len_a"], params["len_b"], params["decode"]
pads = len_a - len_b
mask_a, mask_b = np.ones(len_a, dtype=int), np.array([0] * pads + [1] * len_b)
arange = np.arange(len_a)
table_rows = [(_("A: mask"), mask_a, None), (_("A: arange"), arange, None),
              (_("A: cumsum − 1"), position_ids(mask_a), None), (_("B: mask"), mask_b, None),
              (_("B: arange"), arange, mask_b), (_("B: cumsum − 1"), position_ids(mask_b), mask_b)]
is_pad = lambda r, c: c > 0 and table_rows[r][2] is not None and table_rows[r][2][c - 1] == 0
text_table([[label] + [str(v) for v in values] for label, values, _mask in table_rows],
           ["token"] + [str(c) for c in range(len_a)], np.array([4] + [1] * len_a) / (4 + len_a),
           (max(5.0, 1.4 + 0.32 * len_a), 2.1), lambda r, c: {"color": MUTED} if is_pad(r, c) else {},
           align="center")                               # a pad: muted, as the page draws it
# Sequence B's real tokens (the page's generator, seeded from the lesson's seed and purpose 3): the prompt,
# then one per decoding step, 16 in all.
xb = PosencRandom(mix_seed(seed, 3)).gaussian_matrix(len_b + 16, d_model)
qb, kb = project(xb, wq_hf), project(xb, wk_hf)
prompt = np.arange(len_b)
shift_residual = np.max(np.abs(scores(qb[:len_b], kb[:len_b], prompt + pads, prompt + pads, base=base)
                               - scores(qb[:len_b], kb[:len_b], prompt, prompt, base=base)))
rules = {"correct": lambda s: len_b + s - 1, "pads": lambda s: len_b + s - 1 + pads,
         "off": lambda s: len_b + s}                       # position of generated token s (s = 1, 2, …)
keys = len_b + decode


def new_token_scores(rule):
    """Step `decode`: the new token's scores against every cached key (the prompt's rotated at 0 …, each
    generated token's at the position the rule gave it, the new token's own last)."""
    at = list(prompt) + [rules[rule](s) for s in range(1, decode + 1)]
    return scores(qb[keys - 1:keys], kb[:keys], [at[-1]], at, base=base)[0]


err_pad = new_token_scores("pads") - new_token_scores("correct")
err_off = new_token_scores("off") - new_token_scores("correct")
print(_("B's new token at step %d: position %d (right), %d (pads counted), %d (off by one)")
      % (decode, rules["correct"](decode), rules["pads"](decode), rules["off"](decode)))
ax = curves([(_("pads counted"), err_pad, {"marker": "o", "markersize": 4}),
             (_("off by one"), err_off, {"marker": "o", "markersize": 4})],
            _("Score error of the new token against each cached key of B"),
            _("cached key (B's real tokens; the last is the new one)"), size=(7.5, 3.2))
if decode > 1:
    ax.axvspan(len_b - 0.5, len_b + decode - 0.5, color="0.9", zorder=0)
    ax.annotate(_("generated"), (len_b - 0.4, 1), xycoords=("data", "axes fraction"), xytext=(0, -12),
                textcoords="offset points", fontsize="small", color="0.3")
ax.xaxis.get_major_locator().set_params(integer=True)
plt.show()
show_numbers(pads=pads, last_prompt=len_b - 1, new_index=len_b + decode - 1,
             pos_correct=rules["correct"](decode), pos_pad=rules["pads"](decode),
             pos_off=rules["off"](decode), shift_residual=shift_residual,
             err_pad=np.max(np.abs(err_pad)), err_off=np.max(np.abs(err_off)),
             err_generated=max(np.max(np.abs(err_pad[len_b:])), np.max(np.abs(err_off[len_b:]))),
             decode_scale=np.max(np.abs(scores(qb[keys - 1:keys], kb[:keys], [keys - 1], np.arange(keys),
                                               base=base))))

# %% step dynamic
L0, s_factor, growth = params["original"], params["factor"], params["growth"]
longest = math.floor(L0 * growth + 0.5)                  # rounded half away from zero, as the page's lround
# A text of random tokens (the page's generator, purpose 4) through the same head, decoded token by token.
xd = PosencRandom(mix_seed(seed, 4)).gaussian_matrix(longest, d_model)
n = hd // 2
# rotate_half's pairs (i, i + d/2) as complex numbers: rotating by p·θ is multiplying by e^{i·p·θ}.
qc = project(xd, wq_hf)[:, :n] + 1j * project(xd, wq_hf)[:, n:]
kc = project(xd, wk_hf)[:, :n] + 1j * project(xd, wk_hf)[:, n:]
inv = lambda length: dynamic_inv_freq(hd, base, s_factor, L0, length)   # the frequencies at this length
first = inv(1)
grid_now = np.exp(1j * np.arange(longest)[:, None] * first)    # every position under the base never grown
# Key j was cached when the text was j + 1 tokens long, rotated with that length's frequencies.
written = np.array([grid_now[j] if np.array_equal(inv(j + 1), first) else np.exp(1j * j * inv(j + 1))
                    for j in range(longest)])
# The lengths the page samples: as many as its work allows (16 … 96), evenly spaced, L0 and L0 + 1 too.
count = min(max(int(24.0 * 1024 * 32 / (longest / 2.0 * n)), 16), 96)
spread = {1 + math.floor((longest - 1.0) * k / (count - 1) + 0.5) for k in range(count)}
lengths = sorted({L0, L0 + 1} | spread)
err, score_rms = [], 0.0
for length in lengths:
    theta_now = inv(length)
    now = grid_now[:length] if np.array_equal(theta_now, first) else \
        np.exp(1j * np.arange(length)[:, None] * theta_now)
    query = qc[length - 1] * now[length - 1]
    # Re[q̃ · conj(k̃)] summed over pairs: the cached keys' error and the keys rotated now.
    diff = np.real(query[None, :] * np.conj(kc[:length] * (written[:length] - now))).sum(axis=1)
    fresh = np.real(query[None, :] * np.conj(kc[:length] * now)).sum(axis=1)
    err.append(np.max(np.abs(diff)) / math.sqrt(hd))
    score_rms = math.sqrt(np.mean(fresh ** 2)) / math.sqrt(hd)   # kept: the longest length's
err = np.array(err)
before = [e for length, e in zip(lengths, err) if length <= L0]
# The grown base at the longest length, read back from the slowest pair as the page does:
# θ_last = base'^(−(d−2)/d).
base_end = inv(longest)[-1] ** (-hd / (hd - 2))
ax = curves([("", lengths, err)],
            _("Dynamic NTK with a KV cache: the newest query against keys cached earlier"),
            _("current length L (tokens)"), _("max |score error| over the cached keys"), markers=[(L0, "L0")],
            size=(7.5, 3.8))
ax.axhline(score_rms, color="0.45", linewidth=1, linestyle="--")
ax.annotate(_("typical |score|"), (0, score_rms), xycoords=("axes fraction", "data"), xytext=(4, 3),
            textcoords="offset points", fontsize="small", color="0.3")
plt.show()
show_numbers(longest=longest, err_before=max(before), err_max=np.max(err), err_end=err[-1], base_end=base_end,
             score_rms=score_rms)

# %% step partial
rotary, pairing = params["rotary"], params["pairing"]
rd = int(hd * rotary)                                    # GPT-NeoX: int(head_size · rotary_pct)


def pairs(kind):
    """(first columns, second columns, frequencies) of each rotating pair."""
    k = np.arange(rd // 2)
    if kind == "whole-head":                             # rotate_half over the whole head, its frequencies
        return np.arange(hd // 2), np.arange(hd // 2) + hd // 2, base ** -(np.arange(0, hd, 2) / hd)
    freq = base ** -(np.arange(0, rd, 2) / rd)           # θ_i over the rotary columns
    return (k, k + rd // 2, freq) if kind == "correct" else (k, k + hd // 2, freq)   # across-halves


def turn(m, kind):
    u, v, freq = pairs(kind)
    a = pos[:, None] * freq
    out, c, s = m.copy(), np.cos(a), np.sin(a)
    out[:, u], out[:, v] = m[:, u] * c - m[:, v] * s, m[:, u] * s + m[:, v] * c
    return out


def column_map(kind):
    """Column c: i + 1 where pair i starts, −(i + 1) where it ends, 0 where nothing turns it."""
    u, v, _freq = pairs(kind)
    m = np.zeros(hd)
    m[u], m[v] = np.arange(1, len(u) + 1), -np.arange(1, len(u) + 1)
    return m


right = turn(q_hf, "correct") @ turn(k_hf, "correct").T / math.sqrt(hd)
partial_diff = turn(q_hf, pairing) @ turn(k_hf, pairing).T / math.sqrt(hd) - right
partial_err = np.max(np.abs(partial_diff))
step = max(1, hd // 16)                                  # about 16 column labels
mistake = {"whole-head": _("whole-head"), "across-halves": _("across-halves")}[pairing]
ax = heatmap(np.array([column_map("correct"), column_map(pairing)]),
             _("Which columns rotate: pair i as +(i+1) and −(i+1), 0 passes through"), _("column"),
             _("pairing"), values=hd <= 32, rows=["GPT-NeoX", mistake], colorbar=False,
             size=(min(13, max(6.5, 0.3 * hd)), 2))
ax.set_xticks(np.arange(0, hd, step))
plt.show()
print(_("max |score error| ="), short(partial_err))
whole_ticks(heatmap(partial_diff, _("mispaired scores − GPT-NeoX's"), _("key"), _("query"),
                    limit=partial_err if partial_err > 0 else 1.0, size=(5, 4.2)))
plt.show()
show_numbers(export0=partial_diff, rotary_dim=rd, half_rotary=rd // 2, rotary_percent=100.0 * rd / hd,
             half_dim=hd // 2, partial_err=partial_err, partial_scale=np.max(np.abs(right)))

# %% step precision
# How the page rounds (src/core/float_types.cpp, round_to_precision): a double straight to the type, to
# nearest, ties to even — float32 as C's cast does (np.float32 the same); bfloat16 (8 significant bits) and
# float16 (11) by cutting the double's own bit pattern, a carry stepping into the exponent when it rounds
# up. The code panel's to_bfloat16 does exactly that on the bits (every value here is a normal bfloat16
# number); np.float16 rounds a double the same way, to infinity past 65504. A product of two rounded numbers
# is exact in the wider type, so angle() rounds it once, as the page does. Cosines and the reference come
# from Python's math (the C library, as the page's std::cos): NumPy's vectorised cos may differ in the last
# bit on this machine's SIMD, and these errors are differences of cosines.
pair, max_pos = params["pair"], params["max_pos"]
theta = 1.0 / math.pow(base, 2.0 * pair / hd)           # θ_pair, as rope_default_inv_freq
TYPES = ["bfloat16", "float16", "float32", "float64"]


def split_angle(p):
    """cos(p·θ) for the exact product: p·θ = a + rest (rest exact, from fractions), cos(a + rest) to first
    order in rest."""
    a = p * theta
    rest = float(Fraction(p) * Fraction(theta) - Fraction(a))
    return a, rest


def cos_error(p, dtype):
    """|cos(the angle as the type forms it) − cos(p·θ)|; NaN once the position overflows the type."""
    exact, rest = split_angle(p)
    with np.errstate(over="ignore"):
        a = float(angle(p, theta, dtype))
    if not math.isfinite(a):
        return math.nan
    return abs((math.cos(a) - math.cos(exact)) + math.sin(exact) * rest)


def fix_error(p):
    """The fix: a float32 angle, its cosine stored in bfloat16."""
    exact, rest = split_angle(p)
    stored = float(to_bfloat16(math.cos(float(angle(p, theta, "float32")))))
    return abs(stored - (math.cos(exact) - math.sin(exact) * rest))


def rounds(v, dtype):
    """v rounded to the type, as a Python float."""
    if dtype == "bfloat16":
        return float(to_bfloat16(v))
    with np.errstate(over="ignore"):
        return float({"float16": np.float16, "float32": np.float32}[dtype](v))


positions = []
for k in range(320):                                     # 320 positions, evenly spaced on a log axis
    p = math.floor(math.pow(float(max_pos), k / 319.0) + 0.5)
    if not positions or p > positions[-1]:
        positions.append(p)
errors = np.array([[cos_error(p, t) for t in TYPES] + [fix_error(p)] for p in positions])
worst = [np.max(e[np.isfinite(e)]) if np.any(np.isfinite(e)) else 0.0 for e in errors.T]
# The first p whose p + 1 rounds to the same number: where each binade of spacing 2 begins.
collision = {t: next(2 ** e for e in range(62) if rounds(2.0 ** e, t) == rounds(2.0 ** e + 1, t))
             for t in TYPES[:3]}
lo, hi = 1, 2 ** 62                                      # the first position float16 rounds to ∞: bisect
while lo < hi:
    mid = (lo + hi) // 2
    lo, hi = (mid + 1, hi) if math.isfinite(rounds(float(mid), "float16")) else (lo, mid)
fp16_overflow = lo
below_one = rounds(1 - 1e-9, "bfloat16")                 # bfloat16's largest rounding of a cosine: half its
below_one = 1 - 2.0 ** -8 if below_one == 1.0 else below_one   # spacing just below 1
colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#282828"]
labels = [_("angle in bfloat16"), _("angle in float16"), _("angle in float32"), _("angle in float64"),
          _("fix: float32 angle, cos stored in bfloat16")]
finite = errors[np.isfinite(errors) & (errors > 0)]
ax = curves([(labels[t], positions, errors[:, t], {"color": colors[t], "linewidth": 2.5 if t == 4 else 1.5})
             for t in range(5)],
            _("|cos(angle as formed) − cos(p·θ)| against position (log scales)"), _("position p"),
            logx=True, logy=True, ylim=(min(1e-17, finite.min() / 2) if finite.size else 1e-17, 1e3),
            markers=[(collision["bfloat16"], f"{collision['bfloat16']} = {collision['bfloat16'] + 1}")],
            size=(7.5, 4.4))
if max_pos >= fp16_overflow:
    ax.axvspan(fp16_overflow, max_pos, color=colors[1], alpha=0.1, zorder=0)   # float16's colour
    ax.annotate(_("float16: ∞"), (fp16_overflow, 0.06), xycoords=("data", "axes fraction"), xytext=(3, 0),
                textcoords="offset points", fontsize="small", color=colors[1])
plt.show()
show_numbers(export0=np.column_stack([positions, errors]), theta=theta, bf16_collision=collision["bfloat16"],
             bf16_next=collision["bfloat16"] + 1, fp16_collision=collision["float16"],
             fp32_collision=collision["float32"], fp16_overflow=fp16_overflow, err_bf16=worst[0],
             err_fp16=worst[1], err_fp32=worst[2], err_fp64=worst[3], err_fix=worst[4],
             bf16_cos_rounding=(1 - below_one) / 2)
