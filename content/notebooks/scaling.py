# Lesson scaling's notebook recipe: after the lesson's NumPy code (content/code/scaling.py: default_inv_freq,
# linear, dynamic, yarn, llama3, longrope, proportional, cos_sin_cache), the setup cell reads `config` (the
# data cell: the config.json the page read) layer by layer as transformers v5 builds the model, the way
# src/core/model_config.cpp, model_layers.cpp and model_families.cpp do (their places in transformers are
# cited below), then one cell per step ("# %% step <id>") draws the step's picture again at `params` and
# prints the numbers the page shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
# ---- reading config.json layer by layer, as transformers v5 builds the model ----
EXTENDS = ("yarn", "longrope", "llama3")      # types that read the trained length from original_max_…


def _find(obj, key):
    """obj[key] when obj is a dict that has it, not null (the C++ reader's Reader::find)."""
    return obj.get(key) if isinstance(obj, dict) else None


# ---- what transformers v5 does per model family (model_families.cpp: transformers @ decba1d2,
# src/transformers/models/<family>/configuration_<family>.py "cfg" and modeling_<family>.py "mdl") ----
_FAMILY = dict(theta=10000.0, max_positions=0, partial=0, partial_wins=False, original=0, two_sets=False,
               local_theta=0, local_key=None, global_key=None, scaling_both=False, layers="all_full",
               pattern=0, pattern_key=None, last_full=False, no_rope=None, no_rope_interval=0,
               no_rope_empty_default=False, temperature=False, default_params=None, global_head_key=None,
               global_head=0, query_scaling=False, phi3_types=False, legacy_layer_names=False,
               default_partial=False, known=True, head_dim=0, num_layers=0, frozen=False, neox_keys=False,
               all_name="full_attention", no_conversion=False, deepseek_v4=False, needs_text_config=False)
_GEMMA3 = dict(max_positions=131072, theta=1e6, local_theta=1e4, local_key="rope_local_base_freq",
               layers="sliding_but_each", pattern=6, pattern_key="sliding_window_pattern", two_sets=True,
               head_dim=256)
_DEEPSEEK = dict(max_positions=4096)
_QWEN3_NEXT = dict(default_partial=True, max_positions=32768, partial=0.25, partial_wins=True,
                   layers="linear_but_each", pattern=4, pattern_key="full_attention_interval",
                   legacy_layer_names=True, head_dim=256)
FAMILIES = {
    "llama": dict(max_positions=2048),                                # cfg:71; mdl:93–109 the whole head
    # mistral mdl:364, ministral cfg:92–95: every layer slides when sliding_window is set
    "mistral": dict(max_positions=32768, layers="sliding_if_window"),
    "ministral": dict(max_positions=32768, layers="sliding_if_window"),
    # qwen2 / qwen3 cfg:86–97: sliding from max_window_layers on, only with use_sliding_window; qwen3 cfg:68
    "qwen2": dict(max_positions=32768, layers="qwen_window", pattern=28, pattern_key="max_window_layers"),
    "qwen3": dict(max_positions=32768, layers="qwen_window", pattern=28, pattern_key="max_window_layers",
                  head_dim=128),
    "qwen3_moe": dict(max_positions=32768, layers="qwen_window", pattern=28, pattern_key="max_window_layers"),
    # gemma3 cfg:83, 85, 102 (θ 1e6 full, 1e4 sliding), 109 (sliding unless (i + 1) % 6 == 0), 140–160
    # (rope_scaling to the full set only; rope_local_base_freq the sliding set's base)
    "gemma3_text": _GEMMA3,
    "gemma3n_text": {**_GEMMA3, "pattern": 5, "pattern_key": None},  # gemma3n cfg:104, 120, 143–146
    # olmo3 cfg:84, 93–96, 101–122 (two sets; the sliding one always 500 000)
    "olmo3": dict(theta=5e5, two_sets=True, local_theta=5e5, layers="sliding_but_each", pattern=4),
    # cohere2 cfg:96–102; mdl:150–155, 229–230 (RoPE on sliding layers only, only with a sliding_window)
    "cohere2": dict(layers="sliding_but_each", pattern=4, pattern_key="sliding_window_pattern",
                    no_rope="sliding_only"),
    # modernbert cfg:77, 85, 115–119 (full where i % n == 0), 124–151 (rope_scaling to both sets)
    "modernbert": dict(max_positions=8192, theta=160000, global_key="global_rope_theta", two_sets=True,
                       local_theta=1e4, local_key="local_rope_theta", scaling_both=True, layers="full_each",
                       pattern=3, pattern_key="global_attn_every_n_layers"),
    # llama4 cfg:111, 148, 179–200 (no_rope_layers: 1 = RoPE, default every 4th layer without, an empty
    # list the default too; chunked where RoPE, else full); mdl:326, 367–374 (temperature tuning)
    "llama4_text": dict(max_positions=131072, theta=500000, layers="no_rope_layers", head_dim=128,
                        no_rope="no_rope_layers", no_rope_interval=4, no_rope_empty_default=True,
                        temperature=True),
    # smollm3 cfg:55, 79, 101–113; mdl:200, 222 (use_rope)
    "smollm3": dict(max_positions=32768, theta=2e6, layers="no_rope_layers", no_rope="no_rope_layers",
                    no_rope_interval=4),
    # deepseek_v3 cfg:104, 114, 124 (head_dim = qk_rope_head_dim); mdl:279–286 (softmax × mscale²)
    "deepseek_v3": _DEEPSEEK,
    "kimi_k2": _DEEPSEEK,                                               # kimi_k25 cfg:82–88
    "deepseek_v32": dict(max_positions=4096, all_name="deepseek_sparse_attention"),  # cfg:133, 139–140
    "glm_moe_dsa": dict(max_positions=4096, all_name="deepseek_sparse_attention"),   # cfg:138–149
    # deepseek_v4 cfg:28–32, 139–191, 246–321 (sets "main" for sliding layers, "compress" for the others)
    "deepseek_v4": dict(max_positions=1048576, deepseek_v4=True, layers="compression", head_dim=512),
    "deepseek_v2": dict(max_positions=2048),                            # cfg:83, 113
    # gpt_neox cfg:70, 90–99 (rotary_emb_base, rotary_pct default 0.25)
    "gpt_neox": dict(default_partial=True, max_positions=2048, partial=0.25, neox_keys=True),
    # glm / glm4 / glm4_moe cfg:62, 77, 123 (partial_rotary_factor 0.5 unless given)
    "glm": dict(default_partial=True, max_positions=131072, partial=0.5, partial_wins=True, head_dim=128),
    "glm4": dict(default_partial=True, max_positions=131072, partial=0.5, partial_wins=True, head_dim=128),
    "glm4_moe": dict(default_partial=True, max_positions=131072, partial=0.5, partial_wins=True),
    # phi3 cfg:71–72 (original_max_position_embeddings 4096 overrides rope_scaling's), 102–104 (su, yarn →
    # longrope)
    "phi3": dict(default_partial=True, max_positions=4096, original=4096, phi3_types=True,
                 layers="sliding_if_window"),
    # gpt_oss cfg:29, 49, 56, 75–78 (sliding unless (i + 1) % 2 == 0), 80–88 (its own yarn block)
    "gpt_oss": dict(max_positions=131072, theta=150000, layers="sliding_but_each", pattern=2, head_dim=64,
                    default_params={"rope_type": "yarn", "factor": 32.0, "beta_fast": 32.0, "beta_slow": 1.0,
                                    "truncate": False, "original_max_position_embeddings": 4096}),
    # ministral3 cfg:80, 82, 95–107; mdl:105–107, 146–150 (queries × 1 + β·log(1 + floor(pos / L0)))
    "ministral3": dict(max_positions=262144, query_scaling=True, layers="sliding_if_window", head_dim=128,
                       default_params={"type": "yarn", "rope_theta": 1000000.0, "factor": 16.0,
                                       "original_max_position_embeddings": 16384, "beta_fast": 32.0,
                                       "beta_slow": 1.0, "mscale_all_dim": 1.0, "mscale": 1.0,
                                       "llama_4_scaling_beta": 0.1}),
    # qwen2_vl cfg:65, 90, 128–129 and qwen2_5_vl cfg:88, 113, 151–152; mdl:488 (no dynamic_rope_update)
    "qwen2_vl_text": dict(max_positions=32768, theta=1e6, frozen=True),
    "qwen2_5_vl_text": dict(max_positions=32768, theta=1e6, frozen=True),
    "qwen3_vl_text": dict(max_positions=128000, theta=5e5, head_dim=128),          # qwen3_vl cfg:78, 87, 89
    "qwen3_vl_moe_text": dict(max_positions=128000, theta=5e5),                      # cfg:105, 107
    "qwen3_next": _QWEN3_NEXT,                                   # cfg:100, 108, 129, 131–138
    "qwen3_5_text": _QWEN3_NEXT,                                 # qwen3_5 cfg:56, 89, 108–119
    "qwen3_5_moe_text": _QWEN3_NEXT,
    # mimo_v2_flash cfg:113–117 (full at layer 0 and every 6th), 122–126, 133–134 (its own sets)
    "mimo_v2_flash": dict(default_partial=True, layers="first_and_each", pattern=6, no_conversion=True,
                          default_params={"full_attention": {"rope_type": "default", "rope_theta": 5000000.0,
                                                             "partial_rotary_factor": 0.334},
                                          "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0,
                                                                "partial_rotary_factor": 0.334}}),
    # step3p7 cfg:324–337: the language model from text_config only
    "step3p7": dict(needs_text_config=True, head_dim=128, num_layers=45, max_positions=128000),
    # exaone4 cfg:86, 97–110; mdl:240–242 (RoPE only when sliding_window is None or on sliding layers)
    "exaone4": dict(max_positions=2048, layers="sliding_but_each", pattern=4,
                    pattern_key="sliding_window_pattern", no_rope="exaone_full"),
    # gemma4 cfg:158, 185–201 (the last layer full), 203–208 (sliding θ 1e4; full: proportional, partial 0.25,
    # θ 1e6), 210–222 (full layers' head width global_head_dim, 512), 240–242 (no conversion), 280
    "gemma4_text": dict(max_positions=131072, layers="sliding_but_each", pattern=6, last_full=True,
                        global_head_key="global_head_dim", global_head=512, head_dim=256, no_conversion=True,
                        default_params={"sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
                                        "full_attention": {"rope_type": "proportional",
                                                           "partial_rotary_factor": 0.25,
                                                           "rope_theta": 1000000.0}}),
}
ARCHITECTURES = {"DeepseekV3ForCausalLM": "deepseek_v3", "DeepseekV2ForCausalLM": "deepseek_v2"}


def family_of(model_type):
    """A model_type's family (a multimodal wrapper's own name finds its _text model); else the defaults."""
    for t, f in FAMILIES.items():
        if model_type == t or (t.endswith("_text") and model_type == t[:-5]):
            return {**_FAMILY, **f, "model_type": t}
    return {**_FAMILY, "default_partial": True, "known": False, "model_type": model_type}


def clip_name(s):
    """A name as the page keeps it: 40 bytes, then …"""
    b = s.encode("utf-8")
    return s if len(b) <= 40 else b[:40].decode("utf-8", "ignore") + "…"


def layer_types_of(model, fam, layers):
    """Each layer's attention type, and whether it applies no RoPE (model_layers.cpp read_layers)."""
    types = [str(t) for t in _find(model, "layer_types") or []]
    if fam["legacy_layer_names"]:                                    # configuration_utils.py:91–100
        types = ["full_attention" if t == "attention" else "linear_attention" if t in ("mamba", "conv") else t
                 for t in types]
    rope_on = []
    if fam["no_rope"] == "no_rope_layers":                          # 1 where the layer uses RoPE
        given, count = _find(model, "no_rope_layers"), layers if layers > 0 else len(types)
        if given is not None and not (given == [] and fam["no_rope_empty_default"]):
            rope_on = [bool(e) for e in given]
        else:
            every = int(_find(model, "no_rope_layer_interval") or fam["no_rope_interval"])
            rope_on = [(i + 1) % every != 0 for i in range(count)]
    if not types and layers > 0 and fam["layers"] == "compression":  # deepseek_v4 cfg:268–276
        ratios = _find(model, "compress_ratios")
        if ratios is not None:
            kinds = {0: "sliding_attention", 4: "compressed_sparse_attention"}
            types = [kinds.get(r, "heavily_compressed_attention") for r in ratios][:layers]
        else:
            types = ["heavily_compressed_attention" if i < 2 or (i - 2) % 2 == 0 else
                     "compressed_sparse_attention" for i in range(layers)]
    elif not types and layers > 0:
        p = fam["pattern"]
        if fam["pattern_key"] and _find(model, fam["pattern_key"]) is not None:
            p = int(model[fam["pattern_key"]])
        window = _find(model, "sliding_window") is not None
        rule = fam["layers"]
        for i in range(layers):
            if rule == "all_full":
                types.append(fam["all_name"])
            elif rule == "first_and_each":
                types.append("full_attention" if i == 0 or (i + 1) % p == 0 else "sliding_attention")
            elif rule == "sliding_but_each":
                types.append("sliding_attention" if (i + 1) % p != 0 else "full_attention")
            elif rule == "full_each":
                types.append("sliding_attention" if i % p != 0 else "full_attention")
            elif rule == "linear_but_each":
                types.append("linear_attention" if (i + 1) % p != 0 else "full_attention")
            elif rule == "sliding_if_window":
                types.append("sliding_attention" if window else "full_attention")
            elif rule == "qwen_window":
                on = _find(model, "use_sliding_window") is True and window
                types.append("sliding_attention" if on and i >= p else "full_attention")
            elif fam["temperature"]:                                 # no_rope_layers: Llama 4
                types.append("chunked_attention" if rope_on[i] else "full_attention")
            else:                                                    # SmolLM3
                on = _find(model, "use_sliding_window") is True and window and not rope_on[i]
                types.append("sliding_attention" if on else "full_attention")
        if fam["last_full"] and types:
            types[-1] = "full_attention"
    elif fam["last_full"] and types:                                 # Gemma 4 forces the last layer full
        types[-1] = "full_attention"
    window = _find(model, "sliding_window") is not None
    no_rope = [t == "linear_attention"                               # no scores to turn (Qwen3-Next)
               or (i < len(rope_on) and not rope_on[i])
               or (fam["no_rope"] == "exaone_full" and window and t == "full_attention")
               or (fam["no_rope"] == "sliding_only" and (not window or t != "sliding_attention"))
               for i, t in enumerate(types)]
    return types, no_rope


def rope_dicts(model, fam, types, no_rope, shared):
    """Each layer type's RoPE parameters as transformers' convert_rope_params_to_dict and
    standardize_rope_params leave them (modeling_rope_utils.py:742–816; the families' own conversions), and
    whether they came one dict per layer type."""
    legacy, current = _find(model, "rope_scaling"), _find(model, "rope_parameters")
    params = dict(legacy if legacy is not None else current or {})
    if legacy is None and current is None and fam["default_params"]:
        params = json.loads(json.dumps(fam["default_params"]))      # the class's own
    top_theta = None
    if _find(model, "rope_theta") is not None and not fam["neox_keys"]:
        top_theta = model["rope_theta"]
    elif _find(model, "rotary_emb_base") is not None:
        top_theta = model["rotary_emb_base"]
    if fam["two_sets"]:                                              # Gemma 3, ModernBERT, OLMo 3
        two = dict(current) if isinstance(current, dict) else {}
        if current is None:
            two = {"sliding_attention": {"rope_type": "default"}, "full_attention": {"rope_type": "default"}}
        for t in ("full_attention", "sliding_attention"):
            s = dict(two[t]) if isinstance(two.get(t), dict) else {}
            if not s:
                s["rope_type"] = "default"
            if legacy is not None and (fam["scaling_both"] or t == "full_attention"):
                s.update(legacy)
            key = (fam["global_key"] or "rope_theta") if t == "full_attention" else fam["local_key"]
            given = _find(model, key) if key else None
            if given is not None:
                s.setdefault("rope_theta", given)
            elif "rope_theta" not in s:
                s["rope_theta"] = fam["theta"] if t == "full_attention" else fam["local_theta"]
            two[t] = s
        params = two
    if fam["deepseek_v4"]:                                           # deepseek_v4 cfg:302–321
        main, compress = params.get("main"), params.get("compress")
        if main is None or compress is None:
            main = {"rope_type": "default",
                    "rope_theta": top_theta if top_theta is not None else fam["theta"]}
            compress = {k: v for k, v in params.items() if k not in ("main", "compress")}
            ct = _find(model, "compress_rope_theta")
            compress["rope_theta"] = ct if ct is not None else 160000
            if "rope_type" not in compress:
                compress["rope_type"] = compress.get("type", "default")
            if compress["rope_type"] == "yarn":
                compress.setdefault("attention_factor", 1.0)
        params = {t: (main if t == "sliding_attention" else compress) for t in
                  ("sliding_attention", "compressed_sparse_attention", "heavily_compressed_attention")
                  if t in types}

    def type_default(s):
        if "rope_type" not in s:
            s["rope_type"] = s["type"] if s.get("type") is not None else "default"

    def theta_default(s):
        if "rope_theta" not in s:
            s["rope_theta"] = top_theta if top_theta is not None else fam["theta"]

    def partial_default(s):                                          # modeling_rope_utils.py:755–760, 783–788
        scaled = s.get("rope_type") != "default"
        top = _find(model, "partial_rotary_factor")
        attribute = top if top is not None else \
            fam["partial"] if fam["partial"] > 0 and fam["partial_wins"] else None
        if fam["neox_keys"]:                                         # GPT-NeoX cfg:98
            if "partial_rotary_factor" not in s:
                pct = _find(model, "rotary_pct")
                s["partial_rotary_factor"] = pct if pct is not None else fam["partial"]
            if top is not None and scaled:
                s["partial_rotary_factor"] = top
            return
        if attribute is not None and (scaled or "partial_rotary_factor" not in s):
            s["partial_rotary_factor"] = attribute
        elif "partial_rotary_factor" not in s and _find(model, "rotary_pct") is not None:
            s["partial_rotary_factor"] = model["rotary_pct"]

    def extends(s):
        return s.get("rope_type") in EXTENDS

    per_layer = bool(types) and bool(params) and all(k in types for k in params)
    dicts = {}
    if per_layer:                                                    # one dict per layer type
        for t in types:
            if t in dicts or t not in params:
                continue
            if params[t] is None:                                    # saved as null: no RoPE there
                no_rope[:] = [n or u == t for n, u in zip(no_rope, types)]
                continue
            s = dict(params[t])
            type_default(s)
            if not fam["no_conversion"]:
                theta_default(s)
                partial_default(s)
            if extends(s) and shared["has_max"]:
                s.setdefault("original_max_position_embeddings", shared["max_positions"])
            dicts[t] = s
    else:                                                            # one dict for every layer
        s = dict(params)
        type_default(s)
        theta_default(s)
        partial_default(s)
        if extends(s):
            if _find(model, "original_max_position_embeddings") is not None:
                s["original_max_position_embeddings"] = model["original_max_position_embeddings"]
            elif fam["original"] > 0:
                s["original_max_position_embeddings"] = fam["original"]
            elif "original_max_position_embeddings" not in s and shared["has_max"]:
                s["original_max_position_embeddings"] = shared["max_positions"]
        for t, none in zip(types, no_rope):
            if not none:
                dicts.setdefault(t, s)
        if not dicts:                                                # no layers, or none with RoPE
            dicts["full_attention"] = s
    return dicts, per_layer


def rope_set(s, fam, shared, head, per_layer):
    """One RoPE set's fields, transformers' defaults filled in (model_config.cpp read_set)."""
    rt = _find(s, "rope_type") or "default"
    if fam["phi3_types"] and rt in ("su", "yarn"):                   # phi3 cfg:102–104
        rt = "longrope"
    if rt == "mrope":                                                # Qwen2-VL's legacy name
        rt = "default"
    partial = _find(s, "partial_rotary_factor") or 1.0
    if rt == "default" and not fam["default_partial"]:               # a Llama-style default RoPE: whole head
        partial = 1.0
    c = dict(type=rt, head_dim=head, nope=shared["nope"], partial=partial, theta=float(s["rope_theta"]),
             max_pos=shared["max_positions"], original=0, factor=0.0, beta_fast=0, beta_slow=0, low=1.0,
             high=4.0, mscale=0, mscale_all_dim=0, truncate=True, attention_factor=None, short_factor=[],
             long_factor=[], frozen=fam["frozen"] and rt in ("dynamic", "longrope"))
    if rt in EXTENDS:
        c["original"] = s["original_max_position_embeddings"]
    if rt != "default":
        c["factor"] = _find(s, "factor") or 0.0
        if c["factor"] == 0 and rt in ("yarn", "longrope") and shared["has_max"] and c["original"] > 0:
            c["factor"] = c["max_pos"] / c["original"]
    if rt == "llama3":
        c["low"], c["high"] = s["low_freq_factor"], s["high_freq_factor"]
    if rt == "yarn":
        for k in ("beta_fast", "beta_slow", "mscale", "mscale_all_dim"):
            c[k] = _find(s, k) or 0
        if isinstance(_find(s, "truncate"), bool) and not (per_layer and not s["truncate"]):
            c["truncate"] = s["truncate"]                            # modeling_rope_utils.py:466
    if rt in ("yarn", "longrope") and _find(s, "attention_factor") is not None:
        c["attention_factor"] = s["attention_factor"]
    if rt == "longrope":
        c["short_factor"], c["long_factor"] = list(s["short_factor"]), list(s["long_factor"])
    return c


def read_config(root):
    """What a config.json says about RoPE, layer by layer (model_config.cpp read_config): who it is, each
    layer's type ("none" without RoPE), each type's RoPE set, and what the model does to its scores."""
    name, arch = root.get("_name_or_path"), root.get("architectures") or []
    ident = dict(name=clip_name(name) if isinstance(name, str) else "",
                 architectures=[clip_name(a) for a in arch if isinstance(a, str)][:8])
    model = root
    text = _find(root, "text_config")                                # multimodal: the language model's fields
    if isinstance(text, dict) and _find(root, "hidden_size") is None and _find(root, "head_dim") is None:
        model = text
    mt = [m.get("model_type") for m in (model, root) if isinstance(m.get("model_type"), str)]
    ident["model_type"] = clip_name((mt + [""])[0])
    fam = family_of(ident["model_type"])
    if not fam["known"] and ident["architectures"] and ident["architectures"][0] in ARCHITECTURES:
        fam = family_of(ARCHITECTURES[ident["architectures"][0]])
    if fam["needs_text_config"] and model is root:
        model = {}
    # The head width RoPE sees: DeepSeek's rotary part, head_dim, the class's, or hidden_size // heads.
    nope_dim = 0
    if _find(model, "qk_rope_head_dim") is not None:                 # multi-head latent attention
        head, nope_dim = int(model["qk_rope_head_dim"]), int(_find(model, "qk_nope_head_dim") or 0)
    else:
        head = int(_find(model, "head_dim") or fam["head_dim"])
    if head == 0:
        head = int(model["hidden_size"]) // int(model["num_attention_heads"])
    shared = dict(nope=nope_dim, has_max=_find(model, "max_position_embeddings") is not None,
                  max_positions=_find(model, "max_position_embeddings") or fam["max_positions"])
    shared["has_max"] = shared["has_max"] or fam["max_positions"] > 0
    layers = int(_find(model, "num_hidden_layers") or fam["num_layers"])
    types, no_rope = layer_types_of(model, fam, layers)
    dicts, per_layer = rope_dicts(model, fam, types, no_rope, shared)
    sets = {}
    for t, s in dicts.items():
        h = head
        if fam["global_head_key"] and t == "full_attention":         # Gemma 4's full layers are wider
            h = int(_find(model, fam["global_head_key"]) or fam["global_head"])
        sets[t] = rope_set(s, fam, shared, h, per_layer)
    out = dict(identity=ident, sets=sets, layer_types=["none" if n else t for t, n in zip(types, no_rope)],
               temperature=None, query_scaling=None)
    main = sets.get("full_attention") or next(iter(sets.values()))
    tuning = _find(model, "attn_temperature_tuning") is not False
    if fam["temperature"] and "none" in out["layer_types"] and tuning:
        # configuration_llama4.py: floor_scale 8192, attn_scale 0.1 by default; modeling_llama4.py:367–374
        out["temperature"] = (_find(model, "floor_scale") or 8192, _find(model, "attn_scale") or 0.1)
    if fam["query_scaling"]:                                         # modeling_ministral3.py:146–150
        out["query_scaling"] = (next(iter(dicts.values()))["llama_4_scaling_beta"], main["original"])
    return out



def rotary_of(c):
    """The columns that rotate: int(head_dim · partial_rotary_factor); proportional: the whole head."""
    return c["head_dim"] // 2 * 2 if c["type"] == "proportional" else int(c["head_dim"] * c["partial"])


def rope_init(c, seq_len):
    """A set's inv_freq and attention factor at the current length `seq_len` (dynamic and longrope only), by
    the lesson's functions above (transformers' ROPE_INIT_FUNCTIONS)."""
    seq_len = 0 if c["frozen"] else seq_len
    t, rd, b, f = c["type"], rotary_of(c), c["theta"], c["factor"]
    orig = c["original"] or c["max_pos"]
    implied = f if f > 0 else c["max_pos"] / orig if orig > 0 and c["max_pos"] > 0 else 1.0
    theta, af = default_inv_freq(rd, b), 1.0
    if t == "linear" and f > 0:
        theta = linear(rd, b, f)
    elif t == "dynamic" and c["max_pos"] > 0:
        theta = dynamic(rd, b, f if f > 0 else 1.0, c["max_pos"], seq_len)
    elif t == "yarn":
        theta, af = yarn(rd, b, implied, orig, c["beta_fast"] or 32, c["beta_slow"] or 1, c["truncate"],
                         c["mscale"], c["mscale_all_dim"], c["attention_factor"])
    elif t == "longrope":                                            # no lists: every pair as it was
        ones = [1.0] * (rd // 2)
        theta, af = longrope(rd, b, c["short_factor"] or ones, c["long_factor"] or ones, orig, c["max_pos"],
                             seq_len, factor=implied, attention_factor=c["attention_factor"])
    elif t == "llama3":
        with np.errstate(invalid="ignore"):                          # no blended band: high ≤ low (Llama 4)
            theta = llama3(rd, b, f if f > 0 else 1.0, orig, c["low"], c["high"])
    elif t == "proportional":
        theta = proportional(c["head_dim"], b, c["partial"], f if f > 0 else 1.0)
    return theta, af


def get_mscale(s, m=1.0):
    """YaRN's get_mscale: 0.1·m·ln s + 1 above s = 1."""
    return 0.1 * m * math.log(s) + 1 if s > 1 else 1.0


# ---- the settings: the model's main RoPE set as the page's controls hold it ----
head_dim, rotary, base, rope_type = params["dim"], params["rotary"], params["base"], params["type"]
original, target, factor = params["original"], params["target"], params["factor"]
beta_fast, beta_slow, low_freq, high_freq = (params["beta_fast"], params["beta_slow"], params["low_freq"],
                                             params["high_freq"])
mscale, mscale_all_dim, attention, nope = (params["mscale"], params["mscale_all_dim"], params["attention"],
                                           params["nope"])
sigma, model = params["sigma"], params["model"]
TWO_PI = 2 * np.pi

# ---- the config read, and the settings against it ----
read = config is not None
model_read = read_config(config) if read else dict(
    identity=dict(name="", architectures=[], model_type=""), sets={}, layer_types=[], temperature=None,
    query_scaling=None)
set_types = list(model_read["sets"])
main_type = "full_attention" if "full_attention" in set_types else set_types[0] if set_types else None
main_set = model_read["sets"].get(main_type)
truncate = main_set["truncate"] if main_set else True               # no control: the config's (gpt-oss off)


def settings_of(c):
    """The settings a config's main set implies (core::rope_settings): the lengths, the factor (4 without
    scaling, so that there is something to stretch) and transformers' defaults, clamped as the page does."""
    trained = c["original"] if c["type"] in EXTENDS and c["original"] > 0 else c["max_pos"]
    orig = int(min(max(trained if trained > 0 else 4096.0, 64), 1 << 20))
    f = 4.0 if c["type"] == "default" else min(max(c["factor"] if c["factor"] > 0 else 1.0, 1.0), 128.0)
    named = c["type"] in EXTENDS and c["max_pos"] > orig
    return dict(dim=c["head_dim"], rotary=c["partial"], base=c["theta"], type=c["type"], original=orig,
                target=int(min(max(c["max_pos"] if named else orig * f, 64), 1 << 22)), factor=f,
                beta_fast=c["beta_fast"] or 32, beta_slow=c["beta_slow"] or 1, low_freq=c["low"],
                high_freq=c["high"], mscale=c["mscale"], mscale_all_dim=c["mscale_all_dim"],
                attention=c["attention_factor"] or 0, nope=c["nope"])


def factor_list(text):
    return [float(x) for x in text.split(",")] if text else []


# LongRoPE's lists: the link's text, else the chosen preset's config (config.cpp read_factor_lists).
if params["short_factor"] == "" and params["long_factor"] == "" and model != "yours" and main_set:
    short_factor, long_factor = main_set["short_factor"], main_set["long_factor"]
else:
    short_factor, long_factor = factor_list(params["short_factor"]), factor_list(params["long_factor"])
rotary_dim = int(head_dim * rotary)
pairs = rotary_dim // 2
has_longrope = len(short_factor) == pairs and len(long_factor) == pairs
if not has_longrope:
    short_factor, long_factor = [], []
kind = "yarn" if rope_type == "longrope" and not has_longrope else rope_type   # the type computed
edited = False
if main_set:
    mine = settings_of(main_set)
    mine_lists = (main_set["short_factor"], main_set["long_factor"]) if model == "yours" else ([], [])
    edited = any(params[k] != v for k, v in mine.items()) or \
        (factor_list(params["short_factor"]), factor_list(params["long_factor"])) != tuple(mine_lists)


def settings_config(t):
    """The config the settings describe with rope type t (core::rope_config): yarn, longrope and llama3 run
    from the original length to the target, the others read the original one as max_position_embeddings."""
    return dict(type=t, head_dim=head_dim, partial=rotary, theta=base,
                max_pos=target if t in EXTENDS else original, original=original, factor=factor,
                beta_fast=beta_fast, beta_slow=beta_slow, low=low_freq, high=high_freq, mscale=mscale,
                mscale_all_dim=mscale_all_dim, truncate=truncate,
                attention_factor=attention if attention > 0 and t == kind else None,
                short_factor=short_factor, long_factor=long_factor, frozen=False)


# ---- every method at the settings (scaling.cpp update, methods.cpp fill_method) ----
theta0 = default_inv_freq(rotary_dim, base)                          # unscaled θ_i
wavelength = TWO_PI / theta0
seen = (original - 1) * theta0                                       # the largest angle within L0
current, current_af = rope_init(settings_config(kind), target)
with np.errstate(divide="ignore"):
    scaled_wavelength = TWO_PI / current                             # ∞ for a pair that stands still
METHODS = ["linear", "dynamic", "yarn", "llama3", "longrope"]
init = {t: rope_init(settings_config(t), target) for t in ["default"] + METHODS}
# new θ_i / old θ_i, over the pairs both have (proportional keeps one per pair of the whole head)
ratio = {t: init[t][0][:len(theta0)] / theta0[:len(init[t][0])] for t in init}
angle = {t: (target - 1) * init[t][0] for t in init}                 # the largest angle at the target length
# Beyond what training covered: past the angle of position L0 (interpolating by exactly L/L0 ends at
# (L − 1)/s = L0 − 1/s, inside that step), in a pair that never completed a turn within L0.
unseen = {t: int(np.sum((seen < TWO_PI) & (angle[t][:pairs] > original * theta0 * (1 + 1e-12))))
          for t in init}
llama_valid = high_freq > low_freq
drawn = [t for t in METHODS if (t != "longrope" or has_longrope) and (t != "llama3" or llama_valid)]
never_turn = int(np.sum(wavelength > original))
llama_kept = int(np.sum(wavelength < original / high_freq))
llama_divided = int(np.sum(wavelength > original / low_freq))
dyn = init["dynamic"][0]
dynamic_base = dyn[pairs - 1] ** (-rotary_dim / (2.0 * (pairs - 1))) if pairs > 1 else base   # read back


# ---- the model's layers and sets (config.cpp read_model, update_sets) ----
layer_types = model_read["layer_types"]
layer_set = [set_types.index(t) if t in set_types else -1 for t in layer_types]
none_layers = layer_set.count(-1)
sets = []                                                            # each set as the strip's key names it
for k, t in enumerate(set_types):
    c = model_read["sets"][t]
    if t == main_type:                                               # the main set as the controls set it
        inv, af = current, current_af
        sets.append(dict(layer_type=t, type=kind, theta=base, factor=factor, rotary=rotary_dim, inv=inv,
                         af=af))
    else:
        inv, af = rope_init(c, target)
        sets.append(dict(layer_type=t, type=c["type"], theta=c["theta"], factor=c["factor"],
                         rotary=int(c["head_dim"] * c["partial"]), inv=inv, af=af))
colors = 0                                                           # identical sets share a colour
for k, v in enumerate(sets):
    v["color"] = next((u["color"] for u in sets[:k] if len(u["inv"]) == len(v["inv"]) and
                       np.all(np.abs(u["inv"] - v["inv"]) <= 1e-12 * np.abs(u["inv"])) and
                       abs(u["af"] - v["af"]) <= 1e-12), None)
    if v["color"] is None:
        v["color"], colors = colors, colors + 1
SET_COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7"]             # config.cpp set_color, then the palette
METHOD_COLORS = dict(linear="#1f77b4", dynamic="#d62728", yarn="#2ca02c", llama3="#9467bd",
                     longrope="#8c564b", default="#ff7f0e")          # methods.cpp method_color
temperature, query_scaling = model_read["temperature"], model_read["query_scaling"]
ident = model_read["identity"]
if config_error is not None:                                         # a file not read: as the page names it
    model_name = config_name
else:                                                                # config.cpp identity_name, model_name
    model_name = ident["name"] or (config_name if model != "yours" else "") or \
        (ident["architectures"][0] if ident["architectures"] else ident["model_type"])
    if not model_name:
        plain = config_name in ("", "config.json", "pasted text")   # a file that says no more
        model_name = _("your config.json") if plain else config_name
    if edited:
        model_name = _("%s (edited)") % model_name


def positions(x):
    """A length in positions as the page writes one: whole from 1000 on, else four digits."""
    return "%d" % math.floor(x + 0.5) if x >= 1000 else short_number(x, 4)


def model_line(config_step=False):
    """The model the page's picker names; after a file not read, the caption the later steps show."""
    if config_error is not None and not config_step:
        print(_("%s was not read: the curves are those of the controls, kept from before.") % model_name)
    elif config_error is None:
        print(_("Model"), model_name)


def layer_runs():
    """The strip in words, run by run (layers from 1), a pattern that repeats from layer 0 said once."""
    runs = []
    for i, k in enumerate(layer_set):
        if runs and runs[-1][2] == k:
            runs[-1][1] = i
        else:
            runs.append([i, i, k])
    n, best, period, repeats = len(layer_set), 0, 0, 0
    if len(runs) > 2:                                                # the shortest period, most layers
        for p in range(2, n // 2 + 1):
            if all(k == layer_set[0] for k in layer_set[1:p]):
                continue
            k = 1
            while (k + 1) * p <= n and layer_set[:p] == layer_set[k * p:(k + 1) * p]:
                k += 1
            if k >= 2 and k * p > best:
                best, period, repeats = k * p, p, k
    named = set()

    def name(k):
        first = k >= 0 and k not in named
        named.add(k)
        if k < 0:
            return _("no RoPE")
        v = sets[k]
        return _("%s (θ %s)") % (v["layer_type"], short_number(v["theta"], 9)) if first else v["layer_type"]

    out, start = [], 0
    if period > 0:
        pattern = ""
        for first, last, k in runs:
            if first >= period:
                break
            one = "%d × %s" % (min(last, period - 1) - first + 1, name(k))
            pattern = one if not pattern else pattern + _(", then %s") % one
        start = period * repeats
        out.append(_("layers %d–%d: %s, %d times over") % (1, start, pattern, repeats))
    for first, last, k in runs:
        if last >= start:
            first = max(first, start)
            out.append(_("layer %d: %s") % (first + 1, name(k)) if first == last else
                       _("layers %d–%d: %s") % (first + 1, last + 1, name(k)))
    return (_("%s; %s") % ("", "")).join(out)


def pair_axes(title, ylabel=None, size=(7.5, 3.8)):
    """A plot over the pairs, log scale, as the page's pair plots."""
    return axes(title, _("pair i"), ylabel, logy=True, size=size)


def hline(ax, y, text):
    """A horizontal marker with its label, as the page's y markers."""
    ax.axhline(y, color="0.45", linewidth=1, linestyle="--")
    ax.annotate(text, (0, y), xycoords=("axes fraction", "data"), xytext=(3, 3), textcoords="offset points",
                fontsize="small", color="0.3")


METHOD_LABELS = dict(linear=_("linear (position interpolation)"),
                     dynamic=_("dynamic NTK at %d tokens") % target, yarn="YaRN",
                     llama3=_("Llama 3.1 (llama3)"), longrope="LongRoPE", default=_("unscaled"))


def layer_count(n):
    return (_("%d layer") if n == 1 else _("%d layers")) % n


def set_key(v, layers):
    """A set's entry in the strip's key: its type, rope_type, base, rotary width and layers."""
    t = v["type"] + (" ×" + short_number(v["factor"], 4) if v["type"] != "default" and v["factor"] > 0 and
                     v["factor"] != 1 else "")
    return _("%s · %s · θ %s · %d rotary dims") % (v["layer_type"], t, short_number(v["theta"], 9),
                                                    v["rotary"]) + " · " + layer_count(layers)


# ---- the attention temperature (temperature.cpp) ----
K = 1 << 17                                                          # the longest context the step samples
yarn_af = get_mscale(factor)
longrope_af = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(original))
# DeepSeek's attention multiplies its softmax scale by mscale(s, mscale_all_dim)² besides cos and sin's factor
# (transformers modeling_deepseek_v3.py:279–286; DeepSeek-V3 inference/model.py), unless rope_type is default.
latent = nope > 0 and mscale_all_dim != 0 and kind != "default"
mla_softmax = get_mscale(factor, mscale_all_dim) ** 2 if latent else 1.0
model_scale = current_af * current_af * mla_softmax


def attention_entropy(lengths, spread, scales, runs, seed):
    """Entropy (nats) of a random query's softmax over the first L random keys, each logit a N(0, spread²)
    draw (rotating isotropic Gaussian keys leaves that unchanged) times a scale; averaged over `runs` draws
    of max(lengths) logits from the page's seeded generator (core::attention_entropy)."""
    rng, total = PosencRandom(seed), int(min(max(lengths[-1], 1), 1 << 20))
    h = np.zeros((len(lengths), len(scales)))
    for _run in range(runs):
        g = np.array([rng.gaussian() for _k in range(total)]) * spread
        for j, s in enumerate(scales):
            z = s * g
            for k, n in enumerate(lengths):
                zk = z[:int(min(max(n, 1), 1 << 20))]
                m = zk.max()
                e = np.exp(zk - m)
                h[k, j] += np.log(e.sum()) + m - (zk * e).sum() / e.sum()   # −Σ p ln p
    return h / runs


top = min(K, max(target, original) * 2.0)                            # log-spaced: 16 … past the target
lengths = sorted({math.floor(16 * (top / 16) ** (k / 47.0) + 0.5) for k in range(48)} | {min(original, K),
                                                                                     min(target, K)})
scales = [1.0, yarn_af * yarn_af, longrope_af * longrope_af]
if all(abs(model_scale - x) > 1e-3 for x in scales):                  # the model's own, when none of these
    scales.append(model_scale)
entropy = attention_entropy(lengths, sigma, scales, max(1, int(K / lengths[-1])), 2024)
h_train = entropy[lengths.index(min(original, K)), 0]
h_target, h_target_yarn = entropy[lengths.index(min(target, K)), 0:2]
grows = h_target > h_train + 0.01
# Llama 4's attention temperature on its layers without RoPE (modeling_llama4.py:367–374) and Ministral 3's
# query scaling (modeling_ministral3.py:146–150): what the query at position p is multiplied by.
if temperature:
    floor_scale, attn_scale = temperature
    temp_at = lambda p: math.log1p(math.floor((p + 1) / floor_scale)) * attn_scale + 1   # noqa: E731
if query_scaling:
    qs_beta = query_scaling[0]
    qs_at = lambda p: 1 + qs_beta * math.log(1 + math.floor(p / original))              # noqa: E731


def large(x):
    """A number as the page writes one in prose (methods.cpp plain()): from 10⁵ on, four significant digits
    written out in full (65290000), so the page's digits are the rounded ones."""
    if not 1e5 <= x < 1e15:
        return x
    unit = 10.0 ** (math.floor(math.log10(x)) - 3)
    return math.floor(x / unit + 0.5) * unit


# %% step config
model_line(config_step=True)
if config_error is not None:                                         # nothing of the model before is shown
    print(_("%s was not read: %s") % (model_name, config_error))
    print(_("Pick a model, or open, drop or paste another config.json."))
    show_numbers(pairs=pairs, rotary_dim=rotary_dim)
else:
    if layer_set:                                                    # one cell per layer, hatched: no RoPE
        from matplotlib.patches import Patch, Rectangle
        ax = axes(_("The RoPE set of each of the %d layers") % len(layer_set), size=(7.5, 1.9))
        ax.grid(False)
        ax.set_yticks([])
        for side in ax.spines.values():
            side.set_visible(False)
        cell_color = [SET_COLORS[v["color"]] if v["color"] < 4 else POSENC_PALETTE[v["color"] % 8]
                      for v in sets]
        for i, k in enumerate(layer_set):
            ax.add_patch(Rectangle((i, 0), 0.9, 1, facecolor=cell_color[k] if k >= 0 else "white",
                                   edgecolor="0.4", hatch="////" if k < 0 else None, linewidth=0.5))
        ax.set_xlim(0, len(layer_set))
        ax.set_ylim(0, 1)
        ticks = plt.MaxNLocator(24, integer=True, steps=[1, 2, 5, 10]).tick_values(1, len(layer_set))
        ticks = [t for t in ticks if 1 <= t <= len(layer_set)]
        ax.set_xticks([t - 0.55 for t in ticks], [str(int(t)) for t in ticks], fontsize="x-small")
        ax.tick_params(axis="x", length=0)                           # layers counted from 1, under the cells
        key = [Patch(facecolor=cell_color[k], label=set_key(v, layer_set.count(k)))
               for k, v in enumerate(sets)]
        if none_layers:
            key.append(Patch(facecolor="white", edgecolor="0.4", hatch="////",
                             label=_("no RoPE · %s") % layer_count(none_layers)))
        ax.legend(handles=key, loc="upper left", bbox_to_anchor=(0, -0.2), fontsize="small")
        plt.show()
        print(layer_runs())
    if len(sets) > 1:
        print(_("The %s set, as the controls set it") % main_type)
    rows = [("head_dim", head_dim)] + ([("qk_nope_head_dim", nope)] if nope > 0 else []) + [
        ("rotary_dim", _("%d (%d pairs)") % (rotary_dim, pairs)), ("rope_theta", short_number(base, 9)),
        ("rope_type", kind)] + ([("factor", short_number(factor, 6))] if kind != "default" else []) + [
        (_("original length L0"), original), (_("target length"), target),
        ("attention_factor", short_number(current_af, 6)),
        (_("wavelengths"), _("%s … %s positions") % (positions(wavelength[0]), positions(wavelength[-1])))]
    for name, value in rows:
        print(f"  {name:<22} {value}")
    if colors > 1:                                                   # each different set's wavelengths
        ax = pair_axes(_("Wavelength 2π/θ_i of each RoPE set (positions, log scale)"), size=(7.5, 3.6))
        for c in range(colors):
            group = [v for v in sets if v["color"] == c]
            with np.errstate(divide="ignore"):
                w = TWO_PI / group[0]["inv"]
            w = w[:np.argmax(~np.isfinite(w))] if not np.all(np.isfinite(w)) else w   # the pairs that turn
            ax.plot(w, color=SET_COLORS[c] if c < 4 else POSENC_PALETTE[c % 8], linewidth=1.6,
                    label=_("%s (θ %s)") % (", ".join(v["layer_type"] for v in group),
                                            short_number(group[0]["theta"], 9)))
        hline(ax, original, _("original length %d") % original)
        ax.legend()
        plt.show()
    if config_source:
        print(_("Source: %s") % config_source)
    rows_cached = min(target, 4096)                                  # the cache of a text of that many tokens
    inv_at, af_at = rope_init(settings_config(kind), rows_cached)
    cos, sin = cos_sin_cache(inv_at, rows_cached, af_at)
    show_numbers(export0=current, export1=cos, export2=sin, rotary_dim=rotary_dim, pairs=pairs,
                 mla_dim=nope + rotary_dim, layers=len(layer_set), none_layers=none_layers,
                 cache_rows=rows_cached, af=current_af)

# %% step wavelengths
model_line()
ax = pair_axes(_("Wavelength 2π/θ_i of each pair (positions, log scale)"), size=(7.5, 4))
ax.plot(wavelength, color=METHOD_COLORS["default"], linewidth=4, label=_("unscaled"))
if kind != "default":
    ax.plot(scaled_wavelength[:pairs], color=METHOD_COLORS.get(kind, "#ff7f0e"), linewidth=1.6,
            label=_("with %s scaling") % kind)
hline(ax, original, _("original length %d") % original)
hline(ax, target, _("target length %d") % target)
ax.legend(loc="lower right")
plt.show()
print(_("Pairs above L0 never complete a turn within it."))
stretched = int(np.sum(scaled_wavelength[:pairs] > wavelength * (1 + 1e-12)))
show_numbers(last_pair=pairs - 1, fast_wavelength=wavelength[0], slow_wavelength=wavelength[-1],
             never_turn=never_turn, pairs=pairs, stretched=stretched)

# %% step methods
model_line()
ax = pair_axes(_("New θ_i / old θ_i for each method (log scale)"), size=(7.5, 4))
for t in drawn:
    ax.plot(ratio[t], color=METHOD_COLORS[t], linewidth=1.6, label=METHOD_LABELS[t])
ax.set_ylim(min([0.5 / factor] + [np.min(ratio[t]) / 2 for t in drawn]), 2.5)
hline(ax, 1.0, _("1: untouched"))
if factor > 1.05:
    hline(ax, 1 / factor, "1/s = 1/" + short_number(factor, 3))
ax.legend(loc="lower left", fontsize="small")
plt.show()
captions = [(not llama_valid, (
    _("high_freq_factor must exceed low_freq_factor (transformers refuses the config): no Llama 3.1 curve.")
)), (beta_fast <= beta_slow, (
    _("beta_fast should exceed beta_slow: YaRN's ramp now runs backwards (transformers warns the same).")
))]
for shown, caption in captions:
    if shown:
        print(caption)
show_numbers(high_wavelen=original / high_freq, low_wavelen=original / low_freq, llama_kept=llama_kept,
             llama_divided=llama_divided, llama_blend=pairs - llama_kept - llama_divided, pairs=pairs,
             dynamic_base=large(dynamic_base), dynamic_slowest=1 / ratio["dynamic"][pairs - 1])

# %% step coverage
model_line()
ax = pair_axes(_("Largest angle each pair reaches (radians, log scale)"), size=(7.5, 4))
ax.plot(seen, color="#bebebe", linewidth=6, label=_("reached within L0 (%d tokens)") % original)
ax.plot(angle["default"], color=METHOD_COLORS["default"], linewidth=1.6,
        label=_("unscaled at %d tokens") % target)
for t in drawn:
    ax.plot(angle[t], color=METHOD_COLORS[t], linewidth=1.5, label=METHOD_LABELS[t])
hline(ax, TWO_PI, _("2π: one full turn"))
ax.legend(loc="lower left", fontsize="small")
plt.show()
show_numbers(unseen_none=unseen["default"], unseen_linear=unseen["linear"], unseen_yarn=unseen["yarn"],
             unseen_llama3=unseen["llama3"], unseen_dynamic=unseen["dynamic"],
             unseen_longrope=unseen["longrope"], linear_step=init["linear"][0][0],
             length_ratio=target / original)

# %% step temperature
model_line()
names = [_("no attention factor"), _("YaRN: logits × %s"), _("LongRoPE: logits × %s"), _("%s: logits × %s")]
ax = axes(_("Attention entropy of a random query against context length (nats)"), _("keys L (log scale)"),
          logx=True, size=(7.5, 4))
for j, s in enumerate(scales):
    label = names[0] if j == 0 else names[j] % short_number(s, 4) if j < 3 else \
        names[3] % (model_name, short_number(s, 4))
    ax.plot(lengths, entropy[:, j], linewidth=1.6, label=label)
for x, text in ((original, "L0"), (target, _("target"))):
    if x > lengths[-1]:                                              # past the plot's end, as on the page
        continue
    ax.axvline(x, color="0.45", linewidth=1, linestyle="--")
    ax.annotate(text, (x, 1), xycoords=("data", "axes fraction"), xytext=(3, -12), textcoords="offset points",
                fontsize="small", color="0.3")
ax.legend(fontsize="small")
plt.show()
grown = h_target - h_train
numbers = dict(yarn_af=yarn_af, longrope_af=longrope_af, af=current_af, mla_softmax=mla_softmax,
               model_scale=model_scale, h_train_len=min(original, K), h_len=min(target, K), h_train=h_train,
               h_target=h_target, h_target_yarn=h_target_yarn,
               h_undone=100 * (h_target - h_target_yarn) / grown if grown > 1e-9 else 0)
if temperature:
    numbers.update(none_layers=none_layers, floor_scale=floor_scale, attn_scale=attn_scale,
                   temp_ones=max(0, math.ceil(floor_scale) - 1), temp_train=temp_at(original - 1),
                   train_pos=original - 1, temp_target=temp_at(target - 1), target_pos=target - 1)
if query_scaling:
    numbers.update(qs_beta=qs_beta, qs_target=qs_at(target - 1), target_pos=target - 1)
show_numbers(**numbers)
