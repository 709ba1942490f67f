#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""rope_twin.py -- an independent float64 NumPy twin of how Hugging Face transformers v5 turns a
model's config.json into rotary position embeddings (RoPE), layer by layer.

Usage:
    python3 rope_twin.py FILE.json [--seq-len N]
    python3 rope_twin.py --all DIR [--seq-len N]

Needs only python3 + numpy (Debian bookworm: python3 3.11, python3-numpy 1.24).  It never imports
torch or transformers: the rules below are a re-statement, in plain Python, of the transformers
code, and every rule cites the line it restates.

Citation key -- all paths are relative to src/transformers/ of huggingface/transformers "main" as
mirrored at commit decba1d2ea4ed3cbf0495d1828abad4b2dba1846 (github.com/zucchini-nlp/transformers,
2026-08-19):
    MRU  = modeling_rope_utils.py
    CU   = configuration_utils.py
    HET  = integrations/heterogeneity/configuration_utils.py
    AUTO = models/auto/configuration_auto.py
    <m>/cfg:N = models/<m>/configuration_<m>.py line N ; <m>/mdl:N = models/<m>/modeling_<m>.py line N
    HH   = src/huggingface_hub/dataclasses.py of huggingface/huggingface_hub at commit
           ee0a4510f4bc15e26cb722be2efc2bdb01383ca0 (1.29.0.dev0; transformers' setup.py asks for
           huggingface-hub>=1.5.0,<2.0): `@strict`, which PreTrainedConfig uses (CU:26, CU:144-147).
           HH:139-146 type-checks every setattr of a dataclass field (HH:608-618: an int is not a
           float, a bool is not an int); HH:230-255 + HH:273-276 run every `validate_*(self)` method
           after __init__; a ValueError/TypeError there refuses the config.

What --seq-len N means: the rotary tables transformers holds after the model was built and then run
once (first forward call) on positions 0..N-1, i.e. max(position_ids)+1 == N (MRU:49, MRU:88).
Without it: the tables at model init (no forward yet).  Only rotary classes whose forward carries
@dynamic_rope_update change (dynamic at N > max_position_embeddings, longrope at N >
original_max_position_embeddings); Qwen2-VL / Qwen2.5-VL forwards are not decorated.

Output ("sets" are keyed by the layer-type names that appear in "layer_types"):
  {"model_type", "has_rope", "layer_types", "sets": {type: {"inv_freq", "attention_factor",
   "rotary_dim", "rope_type", "theta"}}, "softmax_scale", "mrope_section", "mrope_interleaved",
   "rotation", "attn_temperature", "query_scaling"}   or   {"error": "..."}

Conventions chosen here (where the brief left a choice):
  * layer_types[i] is the attention type transformers gives layer i, or "none" when layer i applies
    no RoPE at all (NoPE layers, linear-attention/recurrent layers of hybrids -- so a Qwen3-Next /
    Qwen3.5 "linear_attention" layer reads "none": the brief asks for "none" wherever no RoPE is
    applied, and that rule is taken to win over echoing the type name).  For models whose
    config has no layer_types, the name is the mask the model builds for every layer:
    "sliding_attention" when the model switches to create_sliding_window_causal_mask because
    config.sliding_window is set (Mistral, Ministral3, Phi-3, Mixtral, Qwen3-MoE), else
    "full_attention".  Nemotron-H lists every block of layers_block_type (Mamba-2, attention, MoE,
    MLP -- each is a decoder layer in transformers) and all of them read "none": its attention is NoPE.
  * has_rope is true when at least one layer applies RoPE; "sets" only holds the types such layers
    use.  A model with one rotary module (all but Gemma 3/3n/4, ModernBERT, OLMo 3, Step-3.7,
    MiMo-V2-Flash, DeepSeek-V4) repeats the same set under each of its layer-type names.  DeepSeek-V4
    keys its two tables by rope LABEL ("main" / "compress"); here they appear under the layer types
    that use them (sliding_attention -> main, compressed_sparse / heavily_compressed -> compress).
  * attention_factor is the factor transformers multiplies cos and sin by (`attention_scaling`).
  * rotary_dim is the number of head dims that rotate: 2*len(inv_freq), except for Gemma 4's
    "proportional" RoPE where inv_freq is padded with zeros up to head_dim/2 (MRU:253-263), and
    rotary_dim counts only the non-zero (rotating) pairs: 2*rope_angles.
  * theta is the configured base (rope_parameters["rope_theta"]); dynamic NTK's enlarged base shows
    only in inv_freq.
  * softmax_scale is the factor by which the model's softmax scale departs from its own plain
    choice (head_dim**-0.5, or query_pre_attn_scalar**-0.5 / 1.0 for Gemma and Step-3.7): the
    DeepSeek-V2/V3 / V3.2 / GLM-MoE-DSA MLA mscale(factor, mscale_all_dim)**2, else 1.0.
  * rotation: "half" (rotate_half: pairs (i, i+d/2) within the rotated span) or "interleaved"
    (pairs (2i, 2i+1): complex multiply, or rotate_half on even/odd slices); null without RoPE.
  * attn_temperature.enabled is config.attn_temperature_tuning as the attention reads it
    (llama4/mdl:323, 367); it acts only on the layers listed as "none" (NoPE).
  * Reading chosen where a layer's type and its RoPE use disagree: RoPE use follows the attention
    code (Llama 4 / SmolLM3 no_rope_layers, EXAONE 4 / Cohere 2 sliding_window tests), the type name
    follows config.layer_types.
  * A config transformers refuses -- while building the config (type checks, validators, explicit
    raises), while building the model, or at the first forward call (e.g. a cos/sin width that cannot
    broadcast against the head) -- prints {"error": "..."}.
Limits: vision/audio towers of multimodal configs are not built (only the language model's RoPE);
generation parameters, id2label/num_labels handling and `interval(...)` range validators are not
emulated; float64 throughout where torch computes in float32.  The _init_weights re-computation of
the rotary buffers during post_init is not emulated (it matters only where one table's computation
mutates rope_parameters before another is recomputed; such set orders are taken sorted).
Not expressible in the output format (noted at the runners): DeepSeek-V3.2's indexer rotates the
FIRST qk_rope_head_dim dims of its own q/k half-split while the MLA rotation is interleaved;
DeepSeek-V4 rotates the LAST rotary_dim channels of each head, rotates the attention output back
with -sin, and rotates compressed KV entries at their window-start positions.
"""

import argparse
import ast
import collections.abc
import copy
import json
import math
import os
import sys

import numpy as np


class Refused(Exception):
    """transformers raises here (config build, model build or first forward)."""


# ------------------------------------------------------------------------------------------------
# HH: strict field type validation (HH `type_validator`, HH:608-618 `_validate_simple_type`,
# HH:497 `_validate_union`, HH:524 `_validate_list`, HH:538 `_validate_dict`, HH:512 `_validate_literal`),
# run on every setattr of a declared field (HH:139-146).
# ------------------------------------------------------------------------------------------------
_CONFIG_CLASSES = {}  # class name -> emulated class (filled by @register)


def _type_ok(value, node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # x | y -> _validate_union
        return _type_ok(value, node.left) or _type_ok(value, node.right)
    if isinstance(node, ast.Constant) and node.value is None:  # _validate_none
        return value is None
    if isinstance(node, ast.Name):
        n = node.id
        if n == "Any":
            return True
        if n == "int":  # _validate_simple_type: bool is rejected for int
            return isinstance(value, int) and not isinstance(value, bool)
        if n == "float":  # an int is NOT accepted for float (isinstance(1, float) is False)
            return isinstance(value, float)
        simple = {"bool": bool, "str": str, "dict": dict, "list": list, "tuple": tuple}
        if n in simple:
            return isinstance(value, simple[n])
        if n == "RopeParameters":  # TypedDict: isinstance() raises TypeError -> not this member
            return False
        if n == "PreTrainedConfig":
            return isinstance(value, PreTrainedConfig)
        cls = _CONFIG_CLASSES.get(n)
        return cls is not None and isinstance(value, cls)
    if isinstance(node, ast.Subscript):
        base = node.value.id
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if base == "list":
            return isinstance(value, list) and all(_type_ok(v, args[0]) for v in value)
        if base == "tuple":
            return isinstance(value, tuple)
        if base == "dict":
            return isinstance(value, dict) and all(
                _type_ok(k, args[0]) and _type_ok(v, args[1]) for k, v in value.items())
        if base == "Literal":
            lits = [a.value for a in args]
            if isinstance(value, bool):
                return value in [a for a in lits if isinstance(a, bool)]
            return value in lits
        if base == "Sequence":
            return isinstance(value, collections.abc.Sequence)
    raise AssertionError("twin: unsupported annotation %s" % ast.dump(node))


def _type_check(cls_name, field, value, ann):
    if not _type_ok(value, ast.parse(ann, mode="eval").body):
        raise Refused("%s: field %r expected %s, got %r (HH strict type validation)"
                      % (cls_name, field, ann, value))


# ------------------------------------------------------------------------------------------------
# CU: ALLOWED_ATTN_LAYER_TYPES (CU:63-78) and remap_legacy_layer_types (CU:91-100)
# ------------------------------------------------------------------------------------------------
ALLOWED_ATTN_LAYER_TYPES = (
    "full_attention", "sliding_attention", "chunked_attention", "window_attention",
    "compressed_sparse_attention", "heavily_compressed_attention", "minimax_m3_sparse", "conv", "moe",
    "hybrid", "hybrid_sliding", "deepseek_sparse_attention", "linear_attention",
)
_LEGACY_LAYER_TYPE_REMAP = {"conv": "linear_attention", "mamba": "linear_attention",
                            "attention": "full_attention"}


def remap_legacy_layer_types(layer_types):  # CU:98-100
    return [_LEGACY_LAYER_TYPE_REMAP.get(t, t) for t in layer_types]


_MISSING = object()


class _PerLayerConfigView:
    """HET:211-263 -- config.per_layer_config[i | layer_type]."""

    def __init__(self, config):
        self._config = config

    def __len__(self):
        return self._config.num_hidden_layers

    def __getitem__(self, layer_idx):
        cfg = self._config
        if isinstance(layer_idx, str):
            layer_types = getattr(cfg, "layer_types", None)
            if layer_types is None:  # HET:221-222
                raise ValueError("Layer type %r requested, but config.layer_types is not defined." % layer_idx)
            if layer_idx not in layer_types:  # HET:224-228
                raise ValueError("Layer type %r not found in config.layer_types" % layer_idx)
            if not cfg.is_heterogeneous:  # HET:231-232
                return cfg
            overrides = cfg.__dict__["_heterogeneity_spec"]["per_layer_overrides"]
            reference = overrides.get(layer_types.index(layer_idx), {})  # HET:235-236
            for idx, lt in enumerate(layer_types):  # HET:237-242
                if lt == layer_idx and overrides.get(idx, {}) != reference:
                    raise ValueError("Layer type %r is not homogeneous across layers (layer %d differs)."
                                     % (layer_idx, idx))
            return _get_layer_config(cfg, reference)
        if layer_idx < 0:
            layer_idx += len(self)
        if layer_idx < 0 or layer_idx >= len(self):
            raise IndexError("list index out of range")
        if not cfg.is_heterogeneous:
            return cfg
        return _get_layer_config(cfg, cfg.__dict__["_heterogeneity_spec"]["per_layer_overrides"].get(layer_idx, {}))


def _get_layer_config(config, layer_overrides):  # HET:194-208
    out = copy.copy(config)
    out.__dict__.pop("_heterogeneity_spec", None)
    out.skip = layer_overrides.get("skip", [])
    for attr, value in layer_overrides.items():
        if attr == "skip":
            continue
        setattr(out, attr, value)
    return out


def _apply_heterogeneous_config(config, per_layer_config):  # HET:162-191
    over = {int(k): copy.deepcopy(v) for k, v in per_layer_config.items()}  # HET:183-186 (skip normalisation omitted)
    n = config.num_hidden_layers
    bad = [i for i in over if i < 0 or i >= n]  # HET:64-76
    if over and bad:
        raise ValueError("`per_layer_config` keys must be integer layer indices in [0, %d); got %s" % (n, bad))
    d = config.__dict__
    problematic = []  # HET:79-102
    for i in range(n):
        lo = over.get(i, {})
        if lo.get("sliding_window", d.get("sliding_window")) is not None and \
                lo.get("attention_chunk_size", d.get("attention_chunk_size")) is not None:
            problematic.append(i)
    if problematic:
        raise ValueError("layers %s have both sliding_window and attention_chunk_size" % problematic)
    explicit = set()
    for lo in over.values():
        explicit.update(lo)
    explicit.discard("skip")
    missing = set()  # HET:119-135
    for attr in explicit:
        if len(over) != n:
            if attr not in d and not hasattr(type(config), attr):
                missing.add(attr)
        else:
            for lo in over.values():
                if attr not in lo:
                    if attr not in d and not hasattr(type(config), attr):
                        missing.add(attr)
                    break
    if missing:
        raise ValueError("The following attributes are missing: %s" % sorted(missing))
    for attr in explicit:  # HET:137-145 -- drop overrides equal to the global value
        if attr not in d and not hasattr(type(config), attr):
            continue
        g = object.__getattribute__(config, attr)
        for lo in over.values():
            if attr in lo and lo[attr] == g:
                del lo[attr]
    for i, lo in list(over.items()):  # HET:148-150
        if not lo:
            del over[i]
    per_layer_attributes = set()
    for lo in over.values():
        per_layer_attributes.update(lo)
    per_layer_attributes.discard("skip")
    d["_heterogeneity_spec"] = {"per_layer_overrides": over, "per_layer_attributes": per_layer_attributes}


# ------------------------------------------------------------------------------------------------
# RotaryEmbeddingConfigMixin (MRU:734-1072), ported line by line.
# ------------------------------------------------------------------------------------------------
class RotaryEmbeddingConfigMixin:
    default_theta = 10_000.0  # MRU:739
    ignore_keys_at_rope_validation = set()  # MRU:740

    def convert_rope_params_to_dict(self, **kwargs):  # MRU:742-763
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters  # MRU:744: a truthy rope_scaling wins
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        # MRU:752-753: top-level rope_theta (else the class default_theta) only fills a missing key
        rope_theta = kwargs.pop("rope_theta", getattr(self, "rope_theta", self.default_theta))
        self.rope_parameters.setdefault("rope_theta", rope_theta)
        # MRU:755-760: kwargs.get (not pop): partial_rotary_factor also becomes an attribute later
        partial_rotary_factor = kwargs.get("partial_rotary_factor", getattr(self, "partial_rotary_factor", None))
        if partial_rotary_factor is not None:
            self.rope_parameters.setdefault("partial_rotary_factor", partial_rotary_factor)
            self.ignore_keys_at_rope_validation = set(self.ignore_keys_at_rope_validation or []) | {
                "partial_rotary_factor"}
        self.standardize_rope_params()  # MRU:762
        return kwargs

    def standardize_rope_params(self):  # MRU:765-816
        rope_theta = getattr(self, "rope_theta", None)
        partial_rotary_factor = getattr(self, "partial_rotary_factor", None)
        rope_parameters = getattr(self, "rope_parameters", None) or {}
        layer_types = getattr(self, "_rope_type_labels", getattr(self, "layer_types", None))  # MRU:776
        if not (rope_parameters or rope_theta):  # MRU:779-782 case 0
            return
        elif layer_types is None or rope_parameters == {} or not set(rope_parameters.keys()).issubset(layer_types):
            # MRU:784-798 case 1: one global dict
            rope_parameters.setdefault("rope_type", rope_parameters.get("type", "default"))  # legacy "type"
            rope_parameters.setdefault("rope_theta", rope_theta)
            if partial_rotary_factor is not None:  # MRU:787-788: an attribute overrides the nested value
                rope_parameters["partial_rotary_factor"] = partial_rotary_factor
            if rope_parameters["rope_type"] in ["llama3", "yarn", "longrope"]:  # MRU:791-798
                if hasattr(self, "original_max_position_embeddings"):
                    # a top-level original_max_position_embeddings OVERRIDES the nested one (MRU:796)
                    self.rope_parameters["original_max_position_embeddings"] = self.original_max_position_embeddings
                else:
                    self.rope_parameters.setdefault("original_max_position_embeddings", self.max_position_embeddings)
        else:  # MRU:801-814 case 2: one dict per layer type
            for layer_type in set(layer_types):
                if rope_parameters[layer_type] is None:  # KeyError if a type has no entry
                    continue
                rope_parameters[layer_type].setdefault("rope_type", rope_parameters[layer_type].get("type", "default"))
                rope_parameters[layer_type].setdefault("rope_theta", rope_theta)
                if partial_rotary_factor is not None:
                    rope_parameters[layer_type]["partial_rotary_factor"] = partial_rotary_factor
                if rope_parameters[layer_type]["rope_type"] in ["llama3", "yarn", "longrope"]:
                    # NB: no top-level original_max_position_embeddings override in this branch (MRU:811-814)
                    self.rope_parameters[layer_type].setdefault(
                        "original_max_position_embeddings", self.max_position_embeddings)
        self.rope_parameters = rope_parameters  # MRU:816

    def validate_rope(self):  # MRU:818-848
        rope_parameters_dict = getattr(self, "rope_parameters", None)
        if not rope_parameters_dict:
            return
        if getattr(self, "layer_types", None) is not None and set(rope_parameters_dict.keys()).issubset(
                self.layer_types):
            pass
        else:
            rope_parameters_dict = {"full_attention": rope_parameters_dict}
        for rope_parameters in rope_parameters_dict.values():
            if rope_parameters is None:
                continue
            rope_type = rope_parameters.get("rope_type", rope_parameters.get("type", "default"))
            validation_fn = getattr(self, "_validate_%s_rope_parameters" % rope_type, None)
            rope_parameters["rope_type"] = rope_type  # MRU:841 (mutates)
            if validation_fn is not None:
                validation_fn(rope_parameters, ignore_keys=self.ignore_keys_at_rope_validation)
            # else: only a warning (MRU:845-848); the model build fails later in ROPE_INIT_FUNCTIONS

    # Only the raising parts of the _validate_* functions are kept (the rest only logs warnings).
    def _validate_default_rope_parameters(self, rp, ignore_keys=None):  # MRU:850-857
        self._check_received_keys(rp["rope_type"], set(rp.keys()), {"rope_type"}, {"rope_theta"}, ignore_keys)

    def _validate_linear_rope_parameters(self, rp, ignore_keys=None):  # MRU:859-870
        self._check_received_keys(rp["rope_type"], set(rp.keys()), {"rope_type", "factor"}, {"rope_theta"},
                                  ignore_keys)
        factor = rp["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:  # MRU:868-870 (warning only)
            pass

    def _validate_dynamic_rope_parameters(self, rp, ignore_keys=None):  # MRU:872-883
        self._check_received_keys(rp["rope_type"], set(rp.keys()), {"rope_type", "factor"}, {"rope_theta"},
                                  ignore_keys)
        factor = rp["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:  # MRU:881-883 (warning only)
            pass

    def _validate_yarn_rope_parameters(self, rp, ignore_keys=None):  # MRU:885-935
        self._check_received_keys(rp["rope_type"], set(rp.keys()),
                                  {"rope_type", "factor", "original_max_position_embeddings"},
                                  {"rope_theta", "attention_factor", "beta_fast", "beta_slow", "mscale",
                                   "mscale_all_dim", "truncate"}, ignore_keys)
        factor = rp["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:  # MRU:900-902 (warning;
            pass  # but `factor < 1.0` itself raises TypeError for a non-number -- as here)
        bf, bs = rp.get("beta_fast"), rp.get("beta_slow")
        if (bf or 32) < (bs or 1):  # MRU:916 (warning only; the comparison itself may raise)
            pass
        _ = self.max_position_embeddings / rp["original_max_position_embeddings"]  # MRU:925-926 (may raise)

    def _validate_longrope_rope_parameters(self, rp, ignore_keys=None):  # MRU:937-985
        self._check_received_keys(rp["rope_type"], set(rp.keys()),
                                  {"rope_type", "short_factor", "long_factor", "original_max_position_embeddings"},
                                  {"rope_theta", "attention_factor", "factor"}, ignore_keys)
        # MRU:944-962 (warnings only, but these expressions themselves raise TypeError on bad values)
        partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
        head_dim = getattr(self, "head_dim", self.hidden_size // self.num_attention_heads)
        _ = int(head_dim * partial_rotary_factor)
        len(rp.get("short_factor"))
        len(rp.get("long_factor"))

    def _validate_llama3_rope_parameters(self, rp, ignore_keys=None):  # MRU:987-1028
        self._check_received_keys(rp["rope_type"], set(rp.keys()),
                                  {"rope_type", "factor", "original_max_position_embeddings", "low_freq_factor",
                                   "high_freq_factor", "rope_theta"}, None, ignore_keys)
        factor = rp["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:  # MRU:1000-1002 (warning)
            pass
        if rp["high_freq_factor"] <= rp["low_freq_factor"]:  # MRU:1012 (warning; the comparison may raise)
            pass
        omax = rp["original_max_position_embeddings"]
        if omax is None or not isinstance(omax, int):  # MRU:1019 (warning)
            pass
        if omax >= self.max_position_embeddings:  # MRU:1024 (warning; the comparison may raise)
            pass

    def _validate_proportional_rope_parameters(self, rp, ignore_keys=None):  # MRU:1030-1042
        self._check_received_keys(rp["rope_type"], set(rp.keys()), {"rope_type", "rope_theta"}, None, ignore_keys)

    @staticmethod
    def _check_received_keys(rope_type, received_keys, required_keys, optional_keys=None, ignore_keys=None):
        # MRU:1044-1072
        if "type" in received_keys:
            received_keys -= {"type"}
            required_keys.add("rope_type")
        if ignore_keys is not None:
            received_keys -= set(ignore_keys)
        missing_keys = required_keys - received_keys
        if missing_keys:  # MRU:1066-1068 raises KeyError
            raise Refused("KeyError: Missing required keys in `rope_parameters` for 'rope_type'='%s': %s (MRU:1068)"
                          % (rope_type, sorted(missing_keys)))


# ------------------------------------------------------------------------------------------------
# PreTrainedConfig (CU:144-552) -- only what bears on RoPE.
# ------------------------------------------------------------------------------------------------
def register(cls):
    _CONFIG_CLASSES[cls.__name__] = cls
    return cls


class PreTrainedConfig(RotaryEmbeddingConfigMixin):
    model_type = ""
    FIELDS = []  # [(name, annotation, default)] -- the dataclass fields of the transformers class
    attribute_map = {}
    # PreTrainedConfig's own dataclass fields (CU:262-275): they matter for Qwen2-VL's text_params.
    BASE_FIELD_NAMES = ("transformers_version", "architectures", "output_hidden_states", "return_dict", "dtype",
                        "chunk_size_feed_forward", "is_encoder_decoder", "id2label", "label2id", "problem_type")

    def __init__(self, **kwargs):
        # wrap_init_to_accept_kwargs (CU:104-141): declared fields first (type-checked), the rest go
        # to __post_init__(**kwargs); then HH init_with_validate runs every validate_*(self).
        names = [f[0] for f in self.FIELDS]
        for name, ann, default in self.FIELDS:
            setattr(self, name, kwargs[name] if name in kwargs else copy.deepcopy(default))
        extra = {k: v for k, v in kwargs.items() if k not in names and k not in self.BASE_FIELD_NAMES}
        for k in self.BASE_FIELD_NAMES:  # plain attributes (no declared type here)
            if k in kwargs:
                object.__setattr__(self, k, kwargs[k])
        self.__post_init__(**extra)
        self.validate()

    # --- attribute access: attribute_map (CU:474-482), strict setattr (HH), heterogeneity (HET:291-312)
    def __setattr__(self, key, value):
        cls = type(self)
        for name, ann, _ in cls.FIELDS:  # HH __strict_setattr__ validates by the *unmapped* name
            if name == key:
                _type_check(cls.__name__, key, value, ann)
                break
        key = cls.attribute_map.get(key, key)  # CU:474-477
        object.__setattr__(self, key, value)

    def __getattribute__(self, key):
        if key != "attribute_map" and not key.startswith("__"):
            amap = object.__getattribute__(self, "attribute_map")
            if key in amap:  # CU:479-482
                key = amap[key]
            spec = object.__getattribute__(self, "__dict__").get("_heterogeneity_spec")
            if spec is not None and key in spec["per_layer_attributes"]:  # HET:291-304
                raise Refused("AmbiguousGlobalPerLayerAttributeError: %r is a per-layer attribute (HET:298)" % key)
        return object.__getattribute__(self, key)

    @property
    def rope_scaling(self):  # CU:546-548
        return self.rope_parameters

    @rope_scaling.setter
    def rope_scaling(self, value):  # CU:550-552: setting rope_scaling sets rope_parameters
        self.rope_parameters = value

    @property
    def is_heterogeneous(self):  # HET:314-316
        return "_heterogeneity_spec" in self.__dict__

    @property
    def per_layer_config(self):  # HET:318-320
        return _PerLayerConfigView(self)

    @per_layer_config.setter
    def per_layer_config(self, value):  # HET:322-328
        if value is None:
            self.__dict__.pop("_heterogeneity_spec", None)
            return
        _apply_heterogeneous_config(self, value)

    def __post_init__(self, **kwargs):  # CU:277-355
        kwargs.pop("torch_dtype", None)  # CU:280
        if hasattr(self, "rope_parameters"):  # CU:312-313
            kwargs = self.convert_rope_params_to_dict(**kwargs)
        elif kwargs.get("rope_scaling") and kwargs.get("rope_theta"):  # CU:314-319
            kwargs = self.convert_rope_params_to_dict(**kwargs)
        for k in ("name_or_path", "_commit_hash", "output_attentions", "attn_implementation",
                  "experts_implementation"):  # CU:326-332
            kwargs.pop(k, None)
        per_layer_config = kwargs.pop("per_layer_config", None)  # CU:335
        for key, value in kwargs.items():  # CU:338-345: every other config.json key becomes an attribute
            if key not in ("_attn_implementation_internal", "_experts_implementation_internal"):
                try:
                    setattr(self, key, value)
                except AttributeError as e:  # e.g. a read-only property
                    raise Refused("Can't set %s (CU:343-345): %s" % (key, e))
        if per_layer_config is not None:  # CU:348-349
            self.per_layer_config = per_layer_config

    # --- HH:230-255, 273-276: validate() runs every validate_* method (sorted by name, as dir() lists them)
    def validate(self):
        for name in sorted(n for n in dir(type(self)) if n.startswith("validate_")):
            try:
                getattr(self, name)()
            except (ValueError, TypeError) as e:
                raise Refused("StrictDataclassClassValidationError in %s: %s" % (name, e))

    def validate_architecture(self):  # CU:491-506
        if self.is_heterogeneous:
            for i in range(self.num_hidden_layers):
                self.per_layer_config[i].validate_architecture()
            return
        d = self.__dict__
        if "head_dim" in d and "num_heads" in d and "embed_dim" in d and d["head_dim"] * d["num_heads"] != d["embed_dim"]:
            raise ValueError("The embed_dim is not a multiple of the number of attention heads")

    def validate_layer_type(self):  # CU:524-544 (layer_types part)
        layers = getattr(self, "layer_types", None)
        if not (layers is not None and hasattr(self, "num_hidden_layers")):
            return
        if not all(lt in ALLOWED_ATTN_LAYER_TYPES for lt in layers):
            raise ValueError("The `layer_types` entries must be in %s but got %s" % (ALLOWED_ATTN_LAYER_TYPES, layers))
        elif self.num_hidden_layers is not None and self.num_hidden_layers != len(layers):
            raise ValueError("`num_hidden_layers` (%s) must be equal to the number of `layer_types` (%d)"
                             % (self.num_hidden_layers, len(layers)))


def _validate_hidden_divisible(self):
    # llama/cfg:94-100, gemma3/cfg:119-125, gemma3n/cfg:162-168, deepseek_v2/cfg:133-139,
    # gpt_neox/cfg:83-88: hidden_size must be a multiple of num_attention_heads
    if self.hidden_size % self.num_attention_heads != 0:
        raise ValueError("The hidden size (%s) is not a multiple of the number of attention heads (%s)."
                         % (self.hidden_size, self.num_attention_heads))


# ------------------------------------------------------------------------------------------------
# ROPE_INIT_FUNCTIONS (MRU:133-675) in float64.  Each returns (inv_freq, attention_factor).
# torch.arange(0, dim, 2) / dim  ->  np.arange(0, dim, 2, dtype=float64) / dim.
# ------------------------------------------------------------------------------------------------
def _per_layer(config, layer_type):
    # MRU:166-169 (same in every _compute_*): "Sloppy workaround for per-layer-config in gemma4
    # family": config.per_layer_config[layer_type] when a layer_type is passed; ValueError ignored.
    try:
        return config.per_layer_config[layer_type] if layer_type is not None else config
    except ValueError:
        return config


def _arange_ratio(dim, denom=None):
    return np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / (dim if denom is None else denom)


def compute_linear(config, seq_len=None, layer_type=None):  # MRU:133-190
    config = _per_layer(config, layer_type)
    config.standardize_rope_params()  # MRU:172
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    factor = rp["factor"]
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)  # MRU:178
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads  # MRU:179
    dim = int(head_dim * partial_rotary_factor)
    inv_freq = 1.0 / (base ** _arange_ratio(dim))  # MRU:184
    inv_freq = inv_freq / factor  # MRU:189
    return inv_freq, 1.0


def compute_proportional(config, seq_len=None, layer_type=None, head_dim_key="head_dim"):  # MRU:193-266
    config = _per_layer(config, layer_type)
    config.standardize_rope_params()  # MRU:236
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    head_dim = getattr(config, head_dim_key, None) or config.hidden_size // config.num_attention_heads  # MRU:239
    base = rp["rope_theta"]
    factor = rp.get("factor", 1.0)  # MRU:241
    rope_proportion = rp.get("partial_rotary_factor", 1.0)
    rope_angles = int(rope_proportion * head_dim // 2)  # MRU:246: (p*head_dim)//2, floored
    # MRU:248-251: the exponent's denominator is head_dim, not the rotated width
    inv_freq_rotated = 1.0 / (base ** (np.arange(0, 2 * rope_angles, 2, dtype=np.int64).astype(np.float64) / head_dim))
    nope_angles = head_dim // 2 - rope_angles  # MRU:253-263: zero frequencies pad to head_dim/2
    if nope_angles > 0:
        inv_freq = np.concatenate([inv_freq_rotated, np.zeros(nope_angles)])
    else:
        inv_freq = inv_freq_rotated
    inv_freq = inv_freq / factor  # MRU:265
    return inv_freq, 1.0


def compute_dynamic(config, seq_len=None, layer_type=None):  # MRU:269-342
    config = _per_layer(config, layer_type)
    config.standardize_rope_params()  # MRU:318
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
    # MRU:323: getattr WITHOUT `or` -- an explicit head_dim=None is not replaced here
    head_dim = getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)
    dim = int(head_dim * partial_rotary_factor)
    factor = rp["factor"]
    if seq_len is None:  # MRU:329-337: at init seq_len = max_position_embeddings
        seq_len = config.max_position_embeddings
    else:
        seq_len = max(seq_len, config.max_position_embeddings)
    base = base * ((factor * seq_len / config.max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))  # MRU:340
    inv_freq = 1.0 / (base ** _arange_ratio(dim))
    return inv_freq, 1.0


def _yarn_get_mscale(scale, mscale=1):  # MRU:429-432
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def compute_yarn(config, seq_len=None, layer_type=None):  # MRU:345-483
    config = _per_layer(config, layer_type)
    config.standardize_rope_params()  # MRU:409
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)  # MRU:414
    dim = int(head_dim * partial_rotary_factor)
    factor = rp["factor"]
    attention_factor = rp.get("attention_factor")
    mscale = rp.get("mscale")
    mscale_all_dim = rp.get("mscale_all_dim")
    original_max_position_embeddings = rp["original_max_position_embeddings"]
    if factor is None:  # MRU:426-427
        factor = config.max_position_embeddings / original_max_position_embeddings
    if attention_factor is None:  # MRU:435-439: mscale ratio only when both are truthy
        if mscale and mscale_all_dim:
            attention_factor = float(_yarn_get_mscale(factor, mscale) / _yarn_get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = _yarn_get_mscale(factor)
    beta_fast = rp.get("beta_fast") or 32  # MRU:443-444 (0 or None -> default)
    beta_slow = rp.get("beta_slow") or 1

    def find_correction_dim(num_rotations, dim, base, max_position_embeddings):  # MRU:447-449
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):  # MRU:451-458
        low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
        high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
        if truncate:
            low = math.floor(low)
            high = math.ceil(high)
        return max(low, 0), min(high, dim - 1)

    def linear_ramp_factor(mn, mx, n):  # MRU:460-466
        if mn == mx:
            mx += 0.001
        return np.clip((np.arange(n, dtype=np.float64) - mn) / (mx - mn), 0, 1)

    pos_freqs = base ** _arange_ratio(dim)  # MRU:470
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)
    # MRU:474: `truncate` is read from config.rope_parameters (the WHOLE dict), not from this layer
    # type's dict: with per-layer-type rope_parameters it is always the default True.
    truncate = config.rope_parameters.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2)  # MRU:478
    inv_freq = (inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
                + inv_freq_extrapolation * inv_freq_extrapolation_factor)  # MRU:479-482
    return inv_freq, attention_factor


def compute_longrope(config, seq_len=None, layer_type=None):  # MRU:486-577
    config = _per_layer(config, layer_type)
    config.standardize_rope_params()  # MRU:542
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)  # MRU:547
    dim = int(head_dim * partial_rotary_factor)
    long_factor = rp["long_factor"]
    short_factor = rp["short_factor"]
    factor = rp.get("factor")
    attention_factor = rp.get("attention_factor")
    original_max_position_embeddings = rp["original_max_position_embeddings"]
    if factor is None:  # MRU:559-560 (Phi-3: max_position_embeddings / original)
        factor = config.max_position_embeddings / original_max_position_embeddings
    if attention_factor is None:  # MRU:563-567
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))
    if seq_len and seq_len > original_max_position_embeddings:  # MRU:570-573
        ext_factors = np.asarray(long_factor, dtype=np.float64)
    else:
        ext_factors = np.asarray(short_factor, dtype=np.float64)
    inv_freq_shape = _arange_ratio(dim)  # MRU:574
    if ext_factors.shape not in ((), (len(inv_freq_shape),), (1,)):  # MRU:575 broadcasting fails
        raise Refused("longrope: %d ext factors cannot broadcast against %d frequencies (MRU:575)"
                      % (ext_factors.size, len(inv_freq_shape)))
    inv_freq = 1.0 / (ext_factors * base ** inv_freq_shape)  # MRU:575
    return inv_freq, attention_factor


def compute_llama3(config, seq_len=None, layer_type=None):  # MRU:580-662
    config = _per_layer(config, layer_type)
    config.standardize_rope_params()  # MRU:631
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads  # MRU:637
    dim = int(head_dim * partial_rotary_factor)
    inv_freq = 1.0 / (base ** _arange_ratio(dim))  # MRU:642
    factor = rp["factor"]  # MRU:644-647
    low_freq_factor = rp["low_freq_factor"]
    high_freq_factor = rp["high_freq_factor"]
    old_context_len = rp["original_max_position_embeddings"]
    low_freq_wavelen = old_context_len / low_freq_factor  # MRU:649-650
    high_freq_wavelen = old_context_len / high_freq_factor
    # numpy warns where torch silently yields inf/nan (e.g. high_freq_factor == low_freq_factor, as in
    # Llama 4's config): those entries are then discarded by np.where, as torch.where discards them.
    with np.errstate(divide="ignore", invalid="ignore"):
        wavelen = 2 * math.pi / inv_freq  # MRU:652
        # wavelen < high_freq_wavelen: keep; wavelen > low_freq_wavelen: divide by factor (MRU:653-655)
        inv_freq_llama = np.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
        smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)  # MRU:657
        smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama  # MRU:658
        is_medium_freq = ~(wavelen < high_freq_wavelen) & ~(wavelen > low_freq_wavelen)  # MRU:659
        inv_freq_llama = np.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)  # MRU:660
    return inv_freq_llama, 1.0


ROPE_INIT_FUNCTIONS = {  # MRU:668-675
    "linear": compute_linear,
    "dynamic": compute_dynamic,
    "yarn": compute_yarn,
    "longrope": compute_longrope,
    "llama3": compute_llama3,
    "proportional": compute_proportional,
}


# The models' own compute_default_rope_parameters (not in ROPE_INIT_FUNCTIONS; used for "default").
def default_full_head(config, seq_len=None, layer_type=None):
    """Llama-style default: the whole head_dim, partial_rotary_factor IGNORED, no standardize call.
    llama/mdl:93-109 and identical copies: mistral/mdl:282-298, ministral/mdl:302-318,
    ministral3/mdl:293-309, qwen3/mdl:106-122, smollm3/mdl:69-85, exaone4/mdl:90-106,
    cohere2/mdl:62-78, deepseek_v2/mdl:197-213, deepseek_v3/mdl:78-94, gpt_oss/mdl:169-185,
    llama4/mdl:199-215, qwen2_vl/mdl:137-153, qwen2_5_vl/mdl:506-522, qwen3_vl/mdl:330-348,
    qwen3_vl_moe/mdl:761-779.  Per-layer-type variants read rope_parameters[layer_type]:
    gemma3/mdl:181-204, gemma3n/mdl:1554-1577, gemma4/mdl:1119-1142, modernbert/mdl:119-142,
    olmo3/mdl:295-318."""
    rp = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    base = rp["rope_theta"]
    dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    return 1.0 / (base ** _arange_ratio(dim)), 1.0


def default_partial(config, seq_len=None, layer_type=None):
    """Default that honours rope_parameters["partial_rotary_factor"] (no standardize call):
    glm/mdl:86-104, glm4/mdl:282-300, glm4_moe/mdl:66-84, phi3/mdl:87-105, gpt_neox/mdl:72-90,
    qwen3_next/mdl:97-115, qwen3_5/mdl:105-125."""
    rp = config.rope_parameters
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    return 1.0 / (base ** _arange_ratio(dim)), 1.0

def default_partial_per_type(config, seq_len=None, layer_type=None, default_prf=1.0):
    """Per-layer-type default that honours rope_parameters[layer_type]["partial_rotary_factor"] (no standardize
    call): deepseek_v4/mdl:115-141, step3p7/mdl:460-486, mimo_v2_flash/mdl:92-117 (whose missing-key default
    is 0.334, mimo_v2_flash/mdl:109).  head_dim: `getattr(config, "head_dim", None) or hidden // heads`."""
    rp = config.rope_parameters[layer_type]
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", default_prf)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    return 1.0 / (base ** _arange_ratio(dim)), 1.0


def default_partial_per_type_mimo(config, seq_len=None, layer_type=None):
    return default_partial_per_type(config, seq_len, layer_type, default_prf=0.334)  # mimo_v2_flash/mdl:109


# ------------------------------------------------------------------------------------------------
# Rotary modules: init + the first forward's @dynamic_rope_update (MRU:34-130)
# ------------------------------------------------------------------------------------------------
class RopeSet:
    def __init__(self, inv_freq, attention_factor, rope_type, theta, rotary_dim=None):
        self.inv_freq = np.asarray(inv_freq, dtype=np.float64)
        self.attention_factor = attention_factor
        self.rope_type = rope_type
        self.theta = theta
        self.rotary_dim = 2 * len(self.inv_freq) if rotary_dim is None else rotary_dim

    @property
    def span(self):  # width of cos/sin after cat((freqs, freqs)) -- the head dims the module touches
        return 2 * len(self.inv_freq)


def _init_fn(rope_type, default_fn):
    # e.g. llama/mdl:82-86: "default" -> the model's own function, else ROPE_INIT_FUNCTIONS[rope_type]
    if rope_type != "default":
        if rope_type not in ROPE_INIT_FUNCTIONS:
            raise Refused("KeyError: rope_type %r is not in ROPE_INIT_FUNCTIONS (MRU:668-675)" % (rope_type,))
        return ROPE_INIT_FUNCTIONS[rope_type]
    return default_fn


def _forward_update(config, rope_type, init_fn, inv_freq, seq_len, layer_type=None):
    """MRU:120-128 wrapper on the first forward call with max(position_ids)+1 == seq_len.
    max_seq_len_cached == original_max_seq_len == config.max_position_embeddings at init
    (e.g. llama/mdl:77-78)."""
    if seq_len is None:
        return inv_freq
    if "dynamic" in rope_type:  # MRU:124 -- substring test
        if seq_len > config.max_position_embeddings:  # MRU:100-110 growth
            inv_freq, _ = init_fn(config, seq_len=seq_len, layer_type=layer_type)
        # (MRU:112 reset branch needs a previous growth: not on a first call)
        return inv_freq
    if rope_type == "longrope":  # MRU:126-127 -> MRU:47-80
        rp = config.rope_parameters if layer_type is None else config.rope_parameters[layer_type]
        omax = rp["original_max_position_embeddings"]
        if seq_len > omax:  # MRU:64-74: long factors, computed with seq_len = omax + 1
            inv_freq, _ = init_fn(config, seq_len=omax + 1, layer_type=layer_type)
            # attention scaling is NOT recomputed (the `_` at MRU:67): it stays the init value
    return inv_freq


def single_rotary(config, default_fn, seq_len, decorated=True):
    """A model-wide rotary module (LlamaRotaryEmbedding pattern, llama/mdl:73-89)."""
    rope_type = config.rope_parameters["rope_type"]  # llama/mdl:82
    fn = _init_fn(rope_type, default_fn)
    inv_freq, attention_scaling = fn(config)  # llama/mdl:86 (seq_len=None at init)
    if decorated:
        inv_freq = _forward_update(config, rope_type, fn, inv_freq, seq_len)
    return RopeSet(inv_freq, attention_scaling, rope_type, config.rope_parameters["rope_theta"])


def per_type_rotary(config, default_fn, seq_len, layer_config_for=None, none_where=None):
    """One inv_freq per layer type (Gemma3RotaryEmbedding pattern, gemma3/mdl:156-177; also
    gemma3n/mdl:1529-1550, modernbert/mdl:94-115, olmo3/mdl:270-291, gemma4/mdl:1084-1115)."""
    sets = {}
    for layer_type in sorted(set(config.layer_types)):  # gemma3/mdl:163-165
        rope_params = config.rope_parameters[layer_type]  # gemma3/mdl:166 (KeyError if absent)
        if rope_params is None:  # gemma3/mdl:167-168 ... but forward then needs it:
            raise Refused("rope_parameters[%r] is None: forward reads %s_inv_freq (%s)"
                          % (layer_type, layer_type, none_where or "gemma3/mdl:209"))
        rope_type = rope_params["rope_type"]
        fn = _init_fn(rope_type, default_fn)
        rope_config = layer_config_for(layer_type) if layer_config_for else config  # gemma4/mdl:1111
        inv_freq, attention_scaling = fn(rope_config, layer_type=layer_type)  # gemma3/mdl:174
        inv_freq = _forward_update(config, rope_type, fn, inv_freq, seq_len, layer_type)  # MRU:95-118 per type
        sets[layer_type] = RopeSet(inv_freq, attention_scaling, rope_type,
                                   config.rope_parameters[layer_type]["rope_theta"])
    return sets


# ------------------------------------------------------------------------------------------------
# Dataclass fields (name, annotation, default) of each transformers config class, copied from the
# class bodies at the lines given (vision/audio sub-config fields of the wrappers left out).  These
# decide three things: the defaults a silent config.json gets, which keys are "fields" (set before
# __post_init__) rather than late plain attributes (CU:338-345), and the HH type checks.
# ------------------------------------------------------------------------------------------------
_FIELDS = {
    # LlamaConfig: models/llama/configuration_llama.py:64-84
    'LlamaConfig': [
        ('vocab_size', 'int', 32000),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 11008),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 2048),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('pretraining_tp', 'int | None', 1),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'int | float | None', 0.0),
        ('mlp_bias', 'bool', False),
        ('head_dim', 'int | None', None),
    ],
    # Gemma3TextConfig: models/gemma3/configuration_gemma3.py:77-101
    'Gemma3TextConfig': [
        ('vocab_size', 'int', 262_208),
        ('hidden_size', 'int', 2304),
        ('intermediate_size', 'int', 9216),
        ('num_hidden_layers', 'int', 26),
        ('num_attention_heads', 'int', 8),
        ('num_key_value_heads', 'int', 4),
        ('head_dim', 'int', 256),
        ('hidden_activation', 'str', "gelu_pytorch_tanh"),
        ('max_position_embeddings', 'int', 131_072),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('bos_token_id', 'int | None', 2),
        ('tie_word_embeddings', 'bool', True),
        ('rope_parameters', 'dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'int | float | None', 0.0),
        ('query_pre_attn_scalar', 'int', 256),
        ('sliding_window', 'int | None', 4096),
        ('layer_types', 'list[str] | None', None),
        ('final_logit_softcapping', 'float | None', None),
        ('attn_logit_softcapping', 'float | None', None),
        ('use_bidirectional_attention', 'bool | None', False),
    ],
    # Gemma3Config: models/gemma3/configuration_gemma3.py:209-216
    'Gemma3Config': [
        ('text_config', 'Gemma3TextConfig | dict[str, Any] | None', None),
        ('mm_tokens_per_image', 'int | None', 256),
        ('boi_token_index', 'int | None', 255_999),
        ('eoi_token_index', 'int | None', 256_000),
        ('image_token_index', 'int | None', 262_144),
        ('initializer_range', 'float | None', 0.02),
        ('tie_word_embeddings', 'bool | None', True),
    ],
    # Gemma3nTextConfig: models/gemma3n/configuration_gemma3n.py:98-129
    'Gemma3nTextConfig': [
        ('vocab_size', 'int', 262_400),
        ('hidden_size', 'int', 2048),
        ('intermediate_size', 'int | list[int]', 16_384),
        ('num_hidden_layers', 'int', 35),
        ('num_attention_heads', 'int', 8),
        ('num_key_value_heads', 'int', 2),
        ('head_dim', 'int', 256),
        ('hidden_activation', 'str', "gelu_pytorch_tanh"),
        ('max_position_embeddings', 'int', 32_768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('bos_token_id', 'int | None', 2),
        ('tie_word_embeddings', 'bool', True),
        ('rope_parameters', 'dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'int | float | None', 0.0),
        ('sliding_window', 'int', 512),
        ('layer_types', 'list[str] | None', None),
        ('final_logit_softcapping', 'float', 30.0),
        ('vocab_size_per_layer_input', 'int', 262_144),
        ('hidden_size_per_layer_input', 'int', 256),
        ('altup_active_idx', 'int', 0),
        ('altup_coef_clip', 'float', 120.0),
        ('altup_correct_scale', 'bool', True),
        ('altup_num_inputs', 'int', 4),
        ('num_kv_shared_layers', 'int', 15),
        ('laurel_rank', 'int', 64),
        ('activation_sparsity_pattern', 'float | list[float] | None', None),
    ],
    # Gemma3nConfig: models/gemma3n/configuration_gemma3n.py:450-463
    'Gemma3nConfig': [
        ('text_config', 'Gemma3nTextConfig | dict[str, Any] | None', None),
        ('audio_soft_tokens_per_image', 'int | None', 188),
        ('vision_soft_tokens_per_image', 'int | None', 256),
        ('boi_token_id', 'int | None', 255_999),
        ('eoi_token_id', 'int | None', 262_144),
        ('image_token_id', 'int | None', 262_145),
        ('boa_token_id', 'int | None', 256_000),
        ('eoa_token_id', 'int | None', 262_272),
        ('audio_token_id', 'int | None', 262_273),
        ('initializer_range', 'float | None', 0.02),
        ('tie_word_embeddings', 'bool | None', True),
        ('use_cache', 'bool', True),
    ],
    # Gemma4TextConfig: models/gemma4/configuration_gemma4.py:152-183
    'Gemma4TextConfig': [
        ('vocab_size', 'int', 262_144),
        ('hidden_size', 'int', 2304),
        ('intermediate_size', 'int', 9216),
        ('num_hidden_layers', 'int', 30),
        ('num_attention_heads', 'int', 8),
        ('num_key_value_heads', 'int', 4),
        ('head_dim', 'int', 256),
        ('hidden_activation', 'str', "gelu_pytorch_tanh"),
        ('max_position_embeddings', 'int', 131_072),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('bos_token_id', 'int | None', 2),
        ('tie_word_embeddings', 'bool', True),
        ('rope_parameters', 'dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'int | float | None', 0.0),
        ('sliding_window', 'int', 512),
        ('layer_types', 'list[str] | None', None),
        ('final_logit_softcapping', 'float | None', None),
        ('use_bidirectional_attention', 'Literal["all", "vision"] | None', None),
        ('vocab_size_per_layer_input', 'int', 262_144),
        ('hidden_size_per_layer_input', 'int', 256),
        ('attention_k_eq_v', 'bool', False),
        ('num_kv_shared_layers', 'int', 0),
        ('enable_moe_block', 'bool', False),
        ('use_double_wide_mlp', 'bool', False),
        ('num_experts', 'int | None', None),
        ('top_k_experts', 'int | None', None),
        ('moe_intermediate_size', 'int | None', None),
    ],
    # Gemma4Config: models/gemma4/configuration_gemma4.py:348-359
    'Gemma4Config': [
        ('text_config', 'Gemma4TextConfig | dict[str, Any] | None', None),
        ('boi_token_id', 'int | None', 255_999),
        ('eoi_token_id', 'int | None', 258_882),
        ('image_token_id', 'int | None', 258_880),
        ('video_token_id', 'int | None', 258_884),
        ('boa_token_id', 'int | None', 256_000),
        ('eoa_token_index', 'int | None', 258_883),
        ('audio_token_id', 'int | None', 258_881),
        ('initializer_range', 'float | None', 0.02),
        ('tie_word_embeddings', 'bool', True),
    ],
    # Llama4TextConfig: models/llama4/configuration_llama4.py:139-173
    'Llama4TextConfig': [
        ('vocab_size', 'int', 202048),
        ('hidden_size', 'int', 5120),
        ('intermediate_size', 'int', 8192),
        ('intermediate_size_mlp', 'int', 16384),
        ('num_hidden_layers', 'int', 48),
        ('num_attention_heads', 'int', 40),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 4096 * 32),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('tie_word_embeddings', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('num_experts_per_tok', 'int', 1),
        ('num_local_experts', 'int', 16),
        ('moe_layers', 'list[int] | None', None),
        ('interleave_moe_layer_step', 'int', 1),
        ('use_qk_norm', 'bool', True),
        ('output_router_logits', 'bool', False),
        ('router_aux_loss_coef', 'float', 0.001),
        ('router_jitter_noise', 'float', 0.0),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('no_rope_layers', 'list[int] | None', None),
        ('no_rope_layer_interval', 'int', 4),
        ('attention_chunk_size', 'int | None', 8192),
        ('layer_types', 'list[str] | None', None),
        ('attn_temperature_tuning', 'bool', True),
        ('floor_scale', 'int', 8192),
        ('attn_scale', 'float', 0.1),
        ('attention_bias', 'bool', False),
    ],
    # Llama4Config: models/llama4/configuration_llama4.py:239-244
    'Llama4Config': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('boi_token_index', 'int', 200080),
        ('eoi_token_index', 'int', 200081),
        ('image_token_index', 'int', 200092),
        ('tie_word_embeddings', 'bool', False),
    ],
    # SmolLM3Config: models/smollm3/configuration_smollm3.py:72-95
    'SmolLM3Config': [
        ('vocab_size', 'int', 128256),
        ('hidden_size', 'int', 2048),
        ('intermediate_size', 'int', 11008),
        ('num_hidden_layers', 'int', 36),
        ('num_attention_heads', 'int', 16),
        ('num_key_value_heads', 'int | None', 4),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 128004),
        ('bos_token_id', 'int | None', 128000),
        ('eos_token_id', 'int | list[int] | None', 128001),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('use_sliding_window', 'bool', False),
        ('sliding_window', 'int | None', None),
        ('no_rope_layers', 'list[int] | None', None),
        ('no_rope_layer_interval', 'int', 4),
        ('layer_types', 'list[str] | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('mlp_bias', 'bool', False),
        ('tie_word_embeddings', 'bool', True),
    ],
    # DeepseekV2Config: models/deepseek_v2/configuration_deepseek_v2.py:76-120
    'DeepseekV2Config': [
        ('vocab_size', 'int', 32000),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 11008),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 2048),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('pretraining_tp', 'int | None', 1),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | None', 0.0),
        ('mlp_bias', 'bool', False),
        ('head_dim', 'int | None', None),
        ('first_k_dense_replace', 'int', 0),
        ('kv_lora_rank', 'int', 512),
        ('q_lora_rank', 'int | None', 1536),
        ('n_group', 'int | None', None),
        ('n_routed_experts', 'int', 64),
        ('n_shared_experts', 'int', 2),
        ('qk_nope_head_dim', 'int', 128),
        ('qk_rope_head_dim', 'int', 64),
        ('routed_scaling_factor', 'float', 1.0),
        ('topk_group', 'int | None', None),
        ('topk_method', 'str | None', "greedy"),
        ('norm_topk_prob', 'bool | None', False),
        ('v_head_dim', 'int', 128),
        ('num_experts_per_tok', 'int | None', None),
        ('moe_intermediate_size', 'int', 1407),
    ],
    # DeepseekV3Config: models/deepseek_v3/configuration_deepseek_v3.py:83-117
    'DeepseekV3Config': [
        ('vocab_size', 'int', 129280),
        ('hidden_size', 'int', 7168),
        ('intermediate_size', 'int', 18432),
        ('moe_intermediate_size', 'int', 2048),
        ('num_hidden_layers', 'int', 61),
        ('num_attention_heads', 'int', 128),
        ('num_key_value_heads', 'int | None', 128),
        ('n_shared_experts', 'int', 1),
        ('n_routed_experts', 'int', 256),
        ('routed_scaling_factor', 'float', 2.5),
        ('kv_lora_rank', 'int', 512),
        ('q_lora_rank', 'int | None', 1536),
        ('qk_rope_head_dim', 'int', 64),
        ('v_head_dim', 'int | None', 128),
        ('qk_nope_head_dim', 'int', 128),
        ('n_group', 'int | None', 8),
        ('topk_group', 'int | None', 4),
        ('num_experts_per_tok', 'int | None', 8),
        ('first_k_dense_replace', 'int | None', 3),
        ('norm_topk_prob', 'bool | None', True),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 4096),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('pretraining_tp', 'int | None', 1),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('rope_interleave', 'bool | None', True),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int | None', 0.0),
        ('num_mtp_layers', 'int', 1),
    ],
    # GptOssConfig: models/gpt_oss/configuration_gpt_oss.py:44-68
    'GptOssConfig': [
        ('num_hidden_layers', 'int', 36),
        ('num_local_experts', 'int', 128),
        ('vocab_size', 'int', 201088),
        ('hidden_size', 'int', 2880),
        ('intermediate_size', 'int', 2880),
        ('head_dim', 'int', 64),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int', 8),
        ('sliding_window', 'int | None', 128),
        ('tie_word_embeddings', 'bool', False),
        ('hidden_act', 'str', "silu"),
        ('initializer_range', 'float', 0.02),
        ('max_position_embeddings', 'int', 131072),
        ('rms_norm_eps', 'float', 1e-5),
        ('rope_parameters', 'dict | None', None),
        ('attention_dropout', 'float | int', 0.0),
        ('num_experts_per_tok', 'int', 4),
        ('router_aux_loss_coef', 'float', 0.001),
        ('output_router_logits', 'bool', False),
        ('use_cache', 'bool', True),
        ('layer_types', 'list[str] | None', None),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
        ('attention_bias', 'bool', True),
    ],
    # Ministral3Config: models/ministral3/configuration_ministral3.py:74-92
    'Ministral3Config': [
        ('vocab_size', 'int', 131072),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 14336),
        ('num_hidden_layers', 'int', 34),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 262144),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 11),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('sliding_window', 'int | None', None),
        ('attention_dropout', 'float | int', 0.0),
    ],
    # MinistralConfig: models/ministral/configuration_ministral.py:66-86
    'MinistralConfig': [
        ('vocab_size', 'int', 32000),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 14336),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 4096 * 32),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('sliding_window', 'int | None', 4096),
        ('attention_dropout', 'float | int', 0.0),
        ('layer_types', 'list[str] | None', None),
    ],
    # Mistral3Config: models/mistral3/configuration_mistral3.py:56-63
    'Mistral3Config': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('image_token_index', 'int', 10),
        ('projector_hidden_act', 'str', "gelu"),
        ('vision_feature_layer', 'int | list[int]', -1),
        ('multimodal_projector_bias', 'bool', False),
        ('spatial_merge_size', 'int', 2),
        ('tie_word_embeddings', 'bool', True),
    ],
    # Qwen2VLTextConfig: models/qwen2_vl/configuration_qwen2_vl.py:83-102
    'Qwen2VLTextConfig': [
        ('vocab_size', 'int', 152064),
        ('hidden_size', 'int', 8192),
        ('intermediate_size', 'int', 29568),
        ('num_hidden_layers', 'int', 80),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int | None', 8),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-05),
        ('use_cache', 'bool', True),
        ('use_sliding_window', 'bool | None', False),
        ('sliding_window', 'int | None', 4096),
        ('max_window_layers', 'int | None', 80),
        ('layer_types', 'list[str] | None', None),
        ('attention_dropout', 'float | int | None', 0.0),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('bos_token_id', 'int | None', 151643),
        ('eos_token_id', 'int | list[int] | None', 151645),
        ('pad_token_id', 'int | None', None),
    ],
    # Qwen2VLConfig: models/qwen2_vl/configuration_qwen2_vl.py:157-163
    'Qwen2VLConfig': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('image_token_id', 'int', 151655),
        ('video_token_id', 'int', 151656),
        ('vision_start_token_id', 'int', 151652),
        ('vision_end_token_id', 'int', 151653),
        ('tie_word_embeddings', 'bool', False),
    ],
    # Qwen2_5_VLTextConfig: models/qwen2_5_vl/configuration_qwen2_5_vl.py:106-125
    'Qwen2_5_VLTextConfig': [
        ('vocab_size', 'int', 152064),
        ('hidden_size', 'int', 8192),
        ('intermediate_size', 'int', 29568),
        ('num_hidden_layers', 'int', 80),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int | None', 8),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-05),
        ('use_cache', 'bool', True),
        ('use_sliding_window', 'bool | None', False),
        ('sliding_window', 'int | None', 4096),
        ('max_window_layers', 'int | None', 80),
        ('layer_types', 'list[str] | None', None),
        ('attention_dropout', 'float | int | None', 0.0),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('bos_token_id', 'int | None', 151643),
        ('eos_token_id', 'int | list[int] | None', 151645),
        ('pad_token_id', 'int | None', None),
    ],
    # Qwen2_5_VLConfig: models/qwen2_5_vl/configuration_qwen2_5_vl.py:180-186
    'Qwen2_5_VLConfig': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('image_token_id', 'int', 151655),
        ('video_token_id', 'int', 151656),
        ('vision_start_token_id', 'int', 151652),
        ('vision_end_token_id', 'int', 151653),
        ('tie_word_embeddings', 'bool', False),
    ],
    # Qwen3VLTextConfig: models/qwen3_vl/configuration_qwen3_vl.py:81-96
    'Qwen3VLTextConfig': [
        ('vocab_size', 'int', 151936),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 22016),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', 32),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 128000),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('pad_token_id', 'int | None', None),
    ],
    # Qwen3VLConfig: models/qwen3_vl/configuration_qwen3_vl.py:128-134
    'Qwen3VLConfig': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('image_token_id', 'int', 151655),
        ('video_token_id', 'int', 151656),
        ('vision_start_token_id', 'int', 151652),
        ('vision_end_token_id', 'int', 151653),
        ('tie_word_embeddings', 'bool', False),
    ],
    # Qwen3VLMoeTextConfig: models/qwen3_vl_moe/configuration_qwen3_vl_moe.py:79-107
    'Qwen3VLMoeTextConfig': [
        ('vocab_size', 'int', 151936),
        ('hidden_size', 'int', 2048),
        ('intermediate_size', 'int', 5632),
        ('num_hidden_layers', 'int', 24),
        ('num_attention_heads', 'int', 16),
        ('num_key_value_heads', 'int', 16),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 128000),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', True),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('decoder_sparse_step', 'int', 1),
        ('moe_intermediate_size', 'int', 1408),
        ('num_experts_per_tok', 'int', 4),
        ('num_experts', 'int', 60),
        ('router_aux_loss_coef', 'float', 0.001),
        ('mlp_only_layers', 'list[int] | None', None),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
        ('head_dim', 'int | None', None),
    ],
    # Qwen3VLMoeConfig: models/qwen3_vl_moe/configuration_qwen3_vl_moe.py:172-178
    'Qwen3VLMoeConfig': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('image_token_id', 'int', 151655),
        ('video_token_id', 'int', 151656),
        ('vision_start_token_id', 'int', 151652),
        ('vision_end_token_id', 'int', 151653),
        ('tie_word_embeddings', 'bool', False),
    ],
    # Qwen3Config: models/qwen3/configuration_qwen3.py:62-84
    'Qwen3Config': [
        ('vocab_size', 'int', 151936),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 22016),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', 32),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('use_sliding_window', 'bool', False),
        ('sliding_window', 'int | None', 4096),
        ('max_window_layers', 'int', 28),
        ('layer_types', 'list[str] | None', None),
        ('attention_dropout', 'float | int', 0.0),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
    ],
    # Qwen3NextConfig: models/qwen3_next/configuration_qwen3_next.py:93-126
    'Qwen3NextConfig': [
        ('vocab_size', 'int', 151936),
        ('hidden_size', 'int', 2048),
        ('intermediate_size', 'int', 5632),
        ('num_hidden_layers', 'int', 48),
        ('num_attention_heads', 'int', 16),
        ('num_key_value_heads', 'int', 2),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('head_dim', 'int', 256),
        ('linear_conv_kernel_dim', 'int', 4),
        ('linear_key_head_dim', 'int', 128),
        ('linear_value_head_dim', 'int', 128),
        ('linear_num_key_heads', 'int', 16),
        ('linear_num_value_heads', 'int', 32),
        ('decoder_sparse_step', 'int', 1),
        ('moe_intermediate_size', 'int', 512),
        ('shared_expert_intermediate_size', 'int', 512),
        ('num_experts_per_tok', 'int', 10),
        ('num_experts', 'int', 512),
        ('norm_topk_prob', 'bool', True),
        ('output_router_logits', 'bool', False),
        ('router_aux_loss_coef', 'float', 0.001),
        ('mlp_only_layers', 'list[int] | None', None),
        ('layer_types', 'list[str] | None', None),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
    ],
    # Qwen3_5TextConfig: models/qwen3_5/configuration_qwen3_5.py:82-106
    'Qwen3_5TextConfig': [
        ('vocab_size', 'int', 248320),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 12288),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 16),
        ('num_key_value_heads', 'int', 4),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('head_dim', 'int', 256),
        ('linear_conv_kernel_dim', 'int', 4),
        ('linear_key_head_dim', 'int', 128),
        ('linear_value_head_dim', 'int', 128),
        ('linear_num_key_heads', 'int', 16),
        ('linear_num_value_heads', 'int', 32),
        ('layer_types', 'list[str] | None', None),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
    ],
    # Qwen3_5Config: models/qwen3_5/configuration_qwen3_5.py:174-181
    'Qwen3_5Config': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('image_token_id', 'int', 248056),
        ('video_token_id', 'int', 248057),
        ('vision_start_token_id', 'int', 248053),
        ('vision_end_token_id', 'int', 248054),
        ('tie_word_embeddings', 'bool', False),
    ],
    # Exaone4Config: models/exaone4/configuration_exaone4.py:79-98
    'Exaone4Config': [
        ('vocab_size', 'int', 102400),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 16384),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 32),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 2048),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('bos_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('pad_token_id', 'int | None', None),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_dropout', 'float | int', 0.0),
        ('sliding_window', 'int | None', 4096),
        ('sliding_window_pattern', 'str | int | None', 4),
        ('layer_types', 'list[str] | None', None),
    ],
    # ModernBertConfig: models/modernbert/configuration_modernbert.py:79-111
    'ModernBertConfig': [
        ('vocab_size', 'int', 50368),
        ('hidden_size', 'int', 768),
        ('intermediate_size', 'int', 1152),
        ('num_hidden_layers', 'int', 22),
        ('num_attention_heads', 'int', 12),
        ('hidden_activation', 'str', "gelu"),
        ('max_position_embeddings', 'int', 8192),
        ('initializer_range', 'float', 0.02),
        ('initializer_cutoff_factor', 'float', 2.0),
        ('norm_eps', 'float', 1e-5),
        ('norm_bias', 'bool', False),
        ('pad_token_id', 'int | None', 50283),
        ('eos_token_id', 'int | list[int] | None', 50282),
        ('bos_token_id', 'int | None', 50281),
        ('cls_token_id', 'int | None', 50281),
        ('sep_token_id', 'int | None', 50282),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('layer_types', 'list[str] | None', None),
        ('rope_parameters', 'dict[Literal["full_attention", "sliding_attention"], dict] | None', None),
        ('local_attention', 'int', 128),
        ('embedding_dropout', 'float | int', 0.0),
        ('mlp_bias', 'bool', False),
        ('mlp_dropout', 'float | int', 0.0),
        ('decoder_bias', 'bool', True),
        ('classifier_pooling', 'Literal["cls", "mean"]', "cls"),
        ('classifier_dropout', 'float | int', 0.0),
        ('classifier_bias', 'bool', False),
        ('classifier_activation', 'str', "gelu"),
        ('deterministic_flash_attn', 'bool', False),
        ('sparse_prediction', 'bool', False),
        ('sparse_pred_ignore_index', 'int', -100),
        ('tie_word_embeddings', 'bool', True),
    ],
    # GlmConfig: models/glm/configuration_glm.py:56-74
    'GlmConfig': [
        ('vocab_size', 'int', 151552),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 13696),
        ('num_hidden_layers', 'int', 40),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', 2),
        ('head_dim', 'int | None', 128),
        ('hidden_act', 'str', "silu"),
        ('attention_dropout', 'float | int | None', 0.0),
        ('max_position_embeddings', 'int', 131072),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 0.00000015625),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('pad_token_id', 'int | None', 151329),
        ('eos_token_id', 'int | list[int] | None', None),
        ('bos_token_id', 'int | None', None),
        ('attention_bias', 'bool', True),
    ],
    # Glm4Config: models/glm4/configuration_glm4.py:56-74
    'Glm4Config': [
        ('vocab_size', 'int', 151552),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 13696),
        ('num_hidden_layers', 'int', 40),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 2),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('attention_dropout', 'float | int', 0.0),
        ('max_position_embeddings', 'int', 131072),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 0.00000015625),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('pad_token_id', 'int | None', 151329),
        ('eos_token_id', 'int | list[int] | None', None),
        ('bos_token_id', 'int | None', None),
        ('attention_bias', 'bool', True),
    ],
    # Glm4MoeConfig: models/glm4_moe/configuration_glm4_moe.py:92-120
    'Glm4MoeConfig': [
        ('vocab_size', 'int', 151552),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 10944),
        ('num_hidden_layers', 'int', 46),
        ('num_attention_heads', 'int', 96),
        ('num_key_value_heads', 'int', 8),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 131072),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('moe_intermediate_size', 'int', 1408),
        ('num_experts_per_tok', 'int', 8),
        ('n_shared_experts', 'int', 1),
        ('n_routed_experts', 'int', 128),
        ('routed_scaling_factor', 'float', 1.0),
        ('n_group', 'int', 1),
        ('topk_group', 'int', 1),
        ('first_k_dense_replace', 'int', 1),
        ('norm_topk_prob', 'bool', True),
        ('use_qk_norm', 'bool', False),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
        ('pad_token_id', 'int | None', None),
        ('num_mtp_layers', 'int', 1),
    ],
    # Phi3Config: models/phi3/configuration_phi3.py:61-81
    'Phi3Config': [
        ('vocab_size', 'int', 32064),
        ('hidden_size', 'int', 3072),
        ('intermediate_size', 'int', 8192),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', None),
        ('resid_pdrop', 'float | int', 0.0),
        ('embd_pdrop', 'float | int', 0.0),
        ('attention_dropout', 'float | int', 0.0),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 4096),
        ('original_max_position_embeddings', 'int', 4096),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 32000),
        ('pad_token_id', 'int | None', 32000),
        ('sliding_window', 'int | None', None),
    ],
    # GPTNeoXConfig: models/gpt_neox/configuration_gpt_neox.py:61-81
    'GPTNeoXConfig': [
        ('vocab_size', 'int', 50432),
        ('hidden_size', 'int', 6144),
        ('num_hidden_layers', 'int', 44),
        ('num_attention_heads', 'int', 64),
        ('intermediate_size', 'int', 24576),
        ('hidden_act', 'str', "gelu"),
        ('attention_dropout', 'float | int', 0.0),
        ('hidden_dropout', 'float | int', 0.0),
        ('classifier_dropout', 'float | int', 0.1),
        ('max_position_embeddings', 'int', 2048),
        ('initializer_range', 'float', 0.02),
        ('layer_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('bos_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('pad_token_id', 'int | None', None),
        ('tie_word_embeddings', 'bool', False),
        ('use_parallel_residual', 'bool', True),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', True),
        ('is_decoder', 'bool', False),
    ],
    # Olmo3Config: models/olmo3/configuration_olmo3.py:65-87
    'Olmo3Config': [
        ('vocab_size', 'int', 50304),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 11008),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 2048),
        ('initializer_range', 'float', 0.02),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 1),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', 50279),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('rms_norm_eps', 'float', 1e-5),
        ('sliding_window', 'int | None', 4096),
        ('layer_types', 'list[str] | None', None),
    ],
    # Cohere2Config: models/cohere2/configuration_cohere2.py:66-86
    'Cohere2Config': [
        ('vocab_size', 'int', 256000),
        ('hidden_size', 'int', 8192),
        ('intermediate_size', 'int', 22528),
        ('logit_scale', 'float', 0.0625),
        ('num_hidden_layers', 'int', 40),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 8192),
        ('initializer_range', 'float', 0.02),
        ('layer_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', 0),
        ('bos_token_id', 'int | None', 5),
        ('eos_token_id', 'int | list[int] | None', 255001),
        ('tie_word_embeddings', 'bool', True),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('sliding_window', 'int | None', 4096),
        ('layer_types', 'list[str] | None', None),
    ],
    # BertConfig: models/bert/configuration_bert.py:44-63
    'BertConfig': [
        ('vocab_size', 'int', 30522),
        ('hidden_size', 'int', 768),
        ('num_hidden_layers', 'int', 12),
        ('num_attention_heads', 'int', 12),
        ('intermediate_size', 'int', 3072),
        ('hidden_act', 'str', "gelu"),
        ('hidden_dropout_prob', 'float | int', 0.1),
        ('attention_probs_dropout_prob', 'float | int', 0.1),
        ('max_position_embeddings', 'int', 512),
        ('type_vocab_size', 'int', 2),
        ('initializer_range', 'float', 0.02),
        ('layer_norm_eps', 'float', 1e-12),
        ('pad_token_id', 'int | None', 0),
        ('use_cache', 'bool', True),
        ('classifier_dropout', 'float | int | None', None),
        ('is_decoder', 'bool', False),
        ('add_cross_attention', 'bool', False),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
        ('tie_word_embeddings', 'bool', True),
    ],
    # GPT2Config: models/gpt2/configuration_gpt2.py:78-103
    'GPT2Config': [
        ('vocab_size', 'int', 50257),
        ('n_positions', 'int', 1024),
        ('n_embd', 'int', 768),
        ('n_layer', 'int', 12),
        ('n_head', 'int', 12),
        ('n_inner', 'int | None', None),
        ('activation_function', 'str', "gelu_new"),
        ('resid_pdrop', 'float | int', 0.1),
        ('embd_pdrop', 'float | int', 0.1),
        ('attn_pdrop', 'float | int', 0.1),
        ('layer_norm_epsilon', 'float', 1e-5),
        ('initializer_range', 'float', 0.02),
        ('summary_type', 'str', "cls_index"),
        ('summary_use_proj', 'bool', True),
        ('summary_activation', 'str | None', None),
        ('summary_proj_to_labels', 'bool', True),
        ('summary_first_dropout', 'float | int', 0.1),
        ('scale_attn_weights', 'bool', True),
        ('use_cache', 'bool', True),
        ('bos_token_id', 'int | None', 50256),
        ('eos_token_id', 'int | list[int] | None', 50256),
        ('pad_token_id', 'int | None', None),
        ('scale_attn_by_inverse_layer_idx', 'bool', False),
        ('reorder_and_upcast_attn', 'bool', False),
        ('add_cross_attention', 'bool', False),
        ('tie_word_embeddings', 'bool', True),
    ],

    # MistralConfig: models/mistral/configuration_mistral.py:63-81
    'MistralConfig': [
        ('vocab_size', 'int', 32000),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 14336),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 4096 * 32),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('sliding_window', 'int | None', 4096),
        ('attention_dropout', 'float | int', 0.0),
    ],
}

# Dataclass fields of the families added later (same layout as _FIELDS above).
_FIELDS.update({
    # Qwen3MoeConfig: models/qwen3_moe/configuration_qwen3_moe.py:85-112 (no head_dim field: a config.json
    # head_dim becomes a plain attribute via CU:338-345)
    'Qwen3MoeConfig': [
        ('vocab_size', 'int', 151936),
        ('hidden_size', 'int', 2048),
        ('intermediate_size', 'int', 6144),
        ('num_hidden_layers', 'int', 24),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 4),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 32768),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('use_sliding_window', 'bool', False),
        ('sliding_window', 'int | None', 4096),
        ('attention_dropout', 'float | int', 0.0),
        ('decoder_sparse_step', 'int', 1),
        ('moe_intermediate_size', 'int', 768),
        ('num_experts_per_tok', 'int', 8),
        ('num_experts', 'int', 128),
        ('norm_topk_prob', 'bool', False),
        ('output_router_logits', 'bool', False),
        ('router_aux_loss_coef', 'float', 0.001),
        ('mlp_only_layers', 'list[int] | None', None),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
    ],
    # MixtralConfig: models/mixtral/configuration_mixtral.py:68-91
    'MixtralConfig': [
        ('vocab_size', 'int', 32000),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 14336),
        ('num_hidden_layers', 'int', 32),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int | None', None),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 4096 * 32),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('tie_word_embeddings', 'bool', False),
        ('sliding_window', 'int | None', None),
        ('attention_dropout', 'float | int', 0.0),
        ('num_experts_per_tok', 'int', 2),
        ('num_local_experts', 'int', 8),
        ('output_router_logits', 'bool', False),
        ('router_aux_loss_coef', 'float', 0.001),
        ('router_jitter_noise', 'float', 0.0),
        ('rope_parameters', 'RopeParameters | dict | None', None),
    ],
    # DeepseekV32Config: models/deepseek_v32/configuration_deepseek_v32.py:89-127
    'DeepseekV32Config': [
        ('vocab_size', 'int', 129280),
        ('hidden_size', 'int', 7168),
        ('intermediate_size', 'int', 18432),
        ('moe_intermediate_size', 'int', 2048),
        ('num_hidden_layers', 'int', 61),
        ('num_attention_heads', 'int', 128),
        ('num_key_value_heads', 'int', 128),
        ('n_shared_experts', 'int', 1),
        ('n_routed_experts', 'int', 256),
        ('routed_scaling_factor', 'float', 2.5),
        ('kv_lora_rank', 'int', 512),
        ('q_lora_rank', 'int', 1536),
        ('qk_rope_head_dim', 'int', 64),
        ('v_head_dim', 'int', 128),
        ('qk_nope_head_dim', 'int', 128),
        ('n_group', 'int', 8),
        ('topk_group', 'int', 4),
        ('num_experts_per_tok', 'int', 8),
        ('norm_topk_prob', 'bool', True),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 163840),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'dict | None', None),
        ('mlp_layer_types', 'list[str] | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('index_topk', 'int', 2048),
        ('index_head_dim', 'int', 128),
        ('index_n_heads', 'int', 64),
        ('mlp_bias', 'bool', False),
        ('head_dim', 'int', 64),
        ('first_k_dense_replace', 'int', 3),
        ('layer_types', 'list[str] | None', None),
    ],
    # DeepseekV4Config: models/deepseek_v4/configuration_deepseek_v4.py:139-191 (class attributes without an
    # annotation -- default_partial_rotary_factor, default_compress_rates, default_num_hash_layers -- are
    # not fields)
    'DeepseekV4Config': [
        ('vocab_size', 'int', 129280),
        ('hidden_size', 'int', 4096),
        ('moe_intermediate_size', 'int', 2048),
        ('num_hidden_layers', 'int', 43),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int', 1),
        ('head_dim', 'int', 512),
        ('q_lora_rank', 'int', 1024),
        ('num_experts_per_tok', 'int', 6),
        ('n_routed_experts', 'int', 256),
        ('n_shared_experts', 'int', 1),
        ('scoring_func', 'str', "sqrtsoftplus"),
        ('norm_topk_prob', 'bool', True),
        ('routed_scaling_factor', 'float', 1.5),
        ('max_position_embeddings', 'int', 1048576),
        ('rope_theta', 'float | int', 10000.0),
        ('layer_types', 'list[str] | None', None),
        ('compress_rates', 'dict | None', None),
        ('compress_rope_theta', 'float | int', 160000.0),
        ('hc_mult', 'int', 4),
        ('hc_sinkhorn_iters', 'int', 20),
        ('hc_eps', 'float', 1.0e-6),
        ('mlp_layer_types', 'list[str] | None', None),
        ('swiglu_limit', 'float', 10.0),
        ('sliding_window', 'int', 128),
        ('o_groups', 'int', 8),
        ('o_lora_rank', 'int', 1024),
        ('index_n_heads', 'int', 64),
        ('index_head_dim', 'int', 128),
        ('index_topk', 'int', 512),
        ('num_nextn_predict_layers', 'int', 1),
        ('output_router_logits', 'bool', False),
        ('router_aux_loss_coef', 'float', 0.001),
        ('router_jitter_noise', 'float', 0.0),
        ('hidden_act', 'str', "silu"),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1.0e-6),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('partial_rotary_factor', 'float | None', None),
        ('attention_bias', 'bool', False),
        ('mlp_bias', 'bool', False),
        ('attention_dropout', 'float', 0.0),
    ],
    # Kimi_K25Config: models/kimi_k25/configuration_kimi_k25.py:70-78
    'Kimi_K25Config': [
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('vision_config', 'dict | PreTrainedConfig | None', None),
        ('projection_hidden_size', 'int | None', 1152),
        ('projection_layer_norm_eps', 'float', 1e-5),
        ('image_token_id', 'int', 163605),
        ('video_token_id', 'int', 163840),
        ('vision_start_token_id', 'int', 163602),
        ('vision_end_token_id', 'int', 163604),
        ('tie_word_embeddings', 'bool', True),
    ],
    # GlmMoeDsaConfig: models/glm_moe_dsa/configuration_glm_moe_dsa.py:94-134
    'GlmMoeDsaConfig': [
        ('vocab_size', 'int', 154880),
        ('hidden_size', 'int', 6144),
        ('intermediate_size', 'int', 12288),
        ('moe_intermediate_size', 'int', 2048),
        ('num_hidden_layers', 'int', 78),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int', 64),
        ('n_shared_experts', 'int', 1),
        ('n_routed_experts', 'int', 256),
        ('routed_scaling_factor', 'float', 2.5),
        ('kv_lora_rank', 'int', 512),
        ('q_lora_rank', 'int', 2048),
        ('qk_rope_head_dim', 'int', 64),
        ('v_head_dim', 'int', 256),
        ('qk_nope_head_dim', 'int', 192),
        ('n_group', 'int', 1),
        ('topk_group', 'int', 1),
        ('num_experts_per_tok', 'int', 8),
        ('norm_topk_prob', 'bool', True),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 202752),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 0),
        ('eos_token_id', 'int | list[int] | None', 1),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'dict | None', None),
        ('mlp_layer_types', 'list[str] | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('index_topk', 'int', 2048),
        ('index_head_dim', 'int', 128),
        ('index_n_heads', 'int', 32),
        ('mlp_bias', 'bool', False),
        ('head_dim', 'int', 64),
        ('first_k_dense_replace', 'int', 3),
        ('layer_types', 'list[str] | None', None),
        ('indexer_types', 'list[str] | None', None),
    ],
    # MiniMaxM2Config: models/minimax_m2/configuration_minimax_m2.py:76-98
    'MiniMaxM2Config': [
        ('vocab_size', 'int', 200064),
        ('hidden_size', 'int', 3072),
        ('intermediate_size', 'int', 1536),
        ('num_hidden_layers', 'int', 62),
        ('num_attention_heads', 'int', 48),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 196608),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-06),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int | None', None),
        ('bos_token_id', 'int | None', 200034),
        ('eos_token_id', 'int | list[int] | None', 200020),
        ('tie_word_embeddings', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('num_experts_per_tok', 'int', 8),
        ('num_local_experts', 'int', 256),
        ('output_router_logits', 'bool', False),
        ('router_aux_loss_coef', 'float', 0.001),
        ('router_jitter_noise', 'float', 0.0),
        ('rope_parameters', 'RopeParameters | dict | None', None),
    ],
    # NemotronHConfig: models/nemotron_h/configuration_nemotron_h.py:87-140 (no rope_parameters field at all;
    # num_hidden_layers is a property, nemotron_h/cfg:230-245)
    'NemotronHConfig': [
        ('vocab_size', 'int', 131072),
        ('hidden_size', 'int', 4096),
        ('layers_block_type', 'list[str] | None', None),
        ('tie_word_embeddings', 'bool', False),
        ('use_cache', 'bool', True),
        ('num_logits_to_keep', 'int', 1),
        ('pad_token_id', 'int | None', 0),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', 2),
        ('num_attention_heads', 'int', 32),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int', 128),
        ('max_position_embeddings', 'int', 4096),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('sliding_window', 'int | None', None),
        ('intermediate_size', 'int', 21504),
        ('mlp_hidden_act', 'str', "relu2"),
        ('mlp_bias', 'bool', False),
        ('use_mamba_kernels', 'bool', True),
        ('ssm_state_size', 'int', 128),
        ('mamba_num_heads', 'int', 128),
        ('mamba_head_dim', 'int', 64),
        ('mamba_hidden_act', 'str', "silu"),
        ('n_groups', 'int', 8),
        ('conv_kernel', 'int', 4),
        ('expand', 'int', 2),
        ('time_step_min', 'float', 0.001),
        ('time_step_max', 'float', 0.1),
        ('time_step_limit', 'list[float] | tuple[float, ...]', (0.0, float("inf"))),
        ('time_step_floor', 'float', 1e-4),
        ('use_conv_bias', 'bool', True),
        ('chunk_size', 'int', 128),
        ('mamba_proj_bias', 'bool', False),
        ('mamba_ssm_cache_dtype', 'str', "float32"),
        ('n_routed_experts', 'int', 8),
        ('n_shared_experts', 'int', 1),
        ('moe_intermediate_size', 'int', 7688),
        ('moe_shared_expert_intermediate_size', 'int', 7688),
        ('moe_latent_size', 'int | None', None),
        ('moe_shared_expert_overlap', 'bool', True),
        ('num_experts_per_tok', 'int', 2),
        ('routed_scaling_factor', 'float | int', 1.0),
        ('n_group', 'int', 1),
        ('topk_group', 'int', 1),
        ('norm_topk_prob', 'bool', True),
        ('num_nextn_predict_layers', 'int', 0),
        ('mtp_layers_block_type', 'list[str] | None', None),
        ('use_bias', 'bool', False),
        ('initializer_range', 'float', 0.02),
        ('layer_norm_epsilon', 'float', 1e-5),
        ('residual_in_fp32', 'bool', False),
        ('hidden_dropout', 'float | int', 0.0),
        ('rescale_prenorm_residual', 'bool', True),
    ],
    # Step3p7TextConfig: models/step3p7/configuration_step3p7.py:145-183 (gating, use_bidirectional_attention
    # and base_config_key carry no annotation: class attributes, not fields)
    'Step3p7TextConfig': [
        ('vocab_size', 'int', 128815),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 11264),
        ('num_hidden_layers', 'int', 45),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int', 8),
        ('head_dim', 'int', 128),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 128000),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('pad_token_id', 'int', 1),
        ('bos_token_id', 'int | None', None),
        ('eos_token_id', 'int | list[int] | None', None),
        ('tie_word_embeddings', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('num_experts_per_tok', 'int', 8),
        ('num_local_experts', 'int', 128),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('mlp_layer_types', 'list[str] | None', None),
        ('layer_types', 'list[str] | None', None),
        ('moe_intermediate_size', 'int', 1280),
        ('n_routed_experts', 'int', 288),
        ('share_expert_dim', 'int', 1280),
        ('sliding_window', 'int | None', None),
        ('num_sliding_attention_heads', 'int | None', None),
        ('attention_bias', 'bool', False),
        ('query_pre_attn_scalar', 'int | float | None', None),
        ('moe_router_scaling_factor', 'float', 1.0),
        ('mlp_bias', 'bool', False),
        ('swiglu_limits', 'list[float | int | None] | None', None),
        ('swiglu_limits_shared', 'list[float | int | None] | None', None),
        ('mtp_layer_types', 'list[str] | None', None),
        ('mtp_mlp_layer_types', 'list[str] | None', None),
    ],
    # Step3p7Config: models/step3p7/configuration_step3p7.py:319-322
    'Step3p7Config': [
        ('vision_config', 'dict | PreTrainedConfig | None', None),
        ('text_config', 'dict | PreTrainedConfig | None', None),
        ('projector_bias', 'bool', False),
        ('image_token_id', 'int', 151679),
    ],
    # MiMoV2FlashConfig: models/mimo_v2_flash/configuration_mimo_v2_flash.py:78-109
    'MiMoV2FlashConfig': [
        ('vocab_size', 'int', 152576),
        ('hidden_size', 'int', 4096),
        ('intermediate_size', 'int', 16384),
        ('num_hidden_layers', 'int', 48),
        ('num_attention_heads', 'int', 64),
        ('num_key_value_heads', 'int', 4),
        ('hidden_act', 'str', "silu"),
        ('max_position_embeddings', 'int', 131072),
        ('initializer_range', 'float', 0.02),
        ('rms_norm_eps', 'float', 1e-5),
        ('use_cache', 'bool', True),
        ('tie_word_embeddings', 'bool', False),
        ('rope_parameters', 'RopeParameters | dict | None', None),
        ('attention_bias', 'bool', False),
        ('attention_dropout', 'float | int', 0.0),
        ('moe_intermediate_size', 'int', 2048),
        ('num_experts_per_tok', 'int', 8),
        ('n_routed_experts', 'int', 256),
        ('routed_scaling_factor', 'float | None', 1.0),
        ('n_group', 'int', 1),
        ('topk_group', 'int', 1),
        ('norm_topk_prob', 'bool', True),
        ('bos_token_id', 'int | None', 1),
        ('eos_token_id', 'int | list[int] | None', None),
        ('pad_token_id', 'int | None', None),
        ('head_dim', 'int', 192),
        ('v_head_dim', 'int', 128),
        ('sliding_window', 'int', 128),
        ('layer_types', 'list[str] | None', None),
        ('mlp_layer_types', 'list[str] | None', None),
        ('attention_value_scale', 'float | None', 0.707),
    ],
})


# ------------------------------------------------------------------------------------------------
# The config classes.  FIELDS come from _FIELDS (the dataclass fields, types and defaults, at the
# lines named there); __post_init__ / convert_rope_params_to_dict are ported line by line.
# ------------------------------------------------------------------------------------------------
@register
class LlamaConfig(PreTrainedConfig):
    model_type = "llama"
    FIELDS = _FIELDS["LlamaConfig"]

    def __post_init__(self, **kwargs):  # llama/cfg:86-92
        if self.head_dim is None:
            self.head_dim = self.hidden_size // self.num_attention_heads
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)

    validate_architecture = _validate_hidden_divisible  # llama/cfg:94-100


@register
class MistralConfig(PreTrainedConfig):
    model_type = "mistral"
    FIELDS = _FIELDS["MistralConfig"]

    def __post_init__(self, **kwargs):  # mistral/cfg:83-92
        self.head_dim = self.head_dim if self.head_dim is not None else self.hidden_size // self.num_attention_heads
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        # mistral/cfg:88-91: a layer_types key only logs a warning here (it becomes a plain attribute)
        return super().__post_init__(**kwargs)


@register
class MinistralConfig(PreTrainedConfig):
    model_type = "ministral"
    FIELDS = _FIELDS["MinistralConfig"]

    def __post_init__(self, **kwargs):  # ministral/cfg:88-96 -- note: head_dim stays None if absent
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.layer_types is None:  # ministral/cfg:92-95: all sliding iff sliding_window is set
            self.layer_types = ["sliding_attention" if self.sliding_window is not None else "full_attention"
                                ] * self.num_hidden_layers
        super().__post_init__(**kwargs)


@register
class Ministral3Config(PreTrainedConfig):
    model_type = "ministral3"
    FIELDS = _FIELDS["Ministral3Config"]
    # ministral3/cfg:72: keys the rope validation ignores
    ignore_keys_at_rope_validation = {"llama_4_scaling_beta", "max_position_embeddings"}

    def __post_init__(self, **kwargs):  # ministral3/cfg:94-117
        if self.rope_parameters is None:  # ministral3/cfg:95-107: default YaRN x16 over 16384 + beta 0.1
            self.rope_parameters = {
                "type": "yarn", "rope_theta": 1000000.0, "factor": 16.0,
                "original_max_position_embeddings": 16384,
                "max_position_embeddings": self.max_position_embeddings,
                "beta_fast": 32.0, "beta_slow": 1.0, "mscale_all_dim": 1.0, "mscale": 1.0,
                "llama_4_scaling_beta": 0.1,
            }
        self.head_dim = self.head_dim if self.head_dim is not None else self.hidden_size // self.num_attention_heads
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)


@register
class Qwen3Config(PreTrainedConfig):
    model_type = "qwen3"
    FIELDS = _FIELDS["Qwen3Config"]

    def __post_init__(self, **kwargs):  # qwen3/cfg:86-100
        self.sliding_window = self.sliding_window if self.use_sliding_window else None
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.layer_types is None:  # qwen3/cfg:91-97: sliding from max_window_layers on, if enabled
            self.layer_types = ["sliding_attention" if self.sliding_window is not None and i >= self.max_window_layers
                                else "full_attention" for i in range(self.num_hidden_layers)]
        super().__post_init__(**kwargs)


@register
class SmolLM3Config(PreTrainedConfig):
    model_type = "smollm3"
    FIELDS = _FIELDS["SmolLM3Config"]
    default_theta = 2000000.0  # smollm3/cfg:55

    def __post_init__(self, **kwargs):  # smollm3/cfg:97-114
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.no_rope_layers is None:  # smollm3/cfg:101-104: 1 = RoPE, 0 = NoPE; every 4th NoPE
            self.no_rope_layers = [int((layer_idx + 1) % self.no_rope_layer_interval != 0)
                                   for layer_idx in range(self.num_hidden_layers)]
        if self.layer_types is None:  # smollm3/cfg:106-113
            self.layer_types = []
            for layer_idx in range(self.num_hidden_layers):
                has_rope = self.no_rope_layers[layer_idx]
                if self.use_sliding_window and self.sliding_window is not None and not has_rope:
                    self.layer_types.append("sliding_attention")
                else:
                    self.layer_types.append("full_attention")
        super().__post_init__(**kwargs)


@register
class Exaone4Config(PreTrainedConfig):
    model_type = "exaone4"
    FIELDS = _FIELDS["Exaone4Config"]

    def __post_init__(self, **kwargs):  # exaone4/cfg:100-111
        if self.sliding_window is None:
            self.sliding_window_pattern = 0
        if self.layer_types is None:
            # exaone4/cfg:104-109: with sliding_window None the pattern is 0 and `% 0` raises
            # ZeroDivisionError; a string pattern such as "LLLG" raises TypeError.
            try:
                self.layer_types = ["sliding_attention" if ((i + 1) % (self.sliding_window_pattern) != 0
                                                            and i < self.num_hidden_layers)
                                    else "full_attention" for i in range(self.num_hidden_layers)]
            except (ZeroDivisionError, TypeError) as e:
                raise Refused("Exaone4Config: deriving layer_types failed: %s: %s (exaone4/cfg:104-109)"
                              % (type(e).__name__, e))
        super().__post_init__(**kwargs)


@register
class Olmo3Config(PreTrainedConfig):
    model_type = "olmo3"
    FIELDS = _FIELDS["Olmo3Config"]
    default_theta = 500000.0  # olmo3/cfg:84

    def __post_init__(self, **kwargs):  # olmo3/cfg:89-99
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.layer_types is None:  # olmo3/cfg:93-96: every 4th layer full
            self.layer_types = ["sliding_attention" if (i + 1) % 4 != 0 else "full_attention"
                                for i in range(self.num_hidden_layers)]
        super().__post_init__(**kwargs)

    def convert_rope_params_to_dict(self, **kwargs):  # olmo3/cfg:101-122
        rope_scaling = kwargs.pop("rope_scaling", None)
        default_rope_params = {"sliding_attention": {"rope_type": "default"},
                               "full_attention": {"rope_type": "default"}}
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else default_rope_params
        if rope_scaling is not None:  # olmo3/cfg:111-112: legacy rope_scaling only for full attention
            self.rope_parameters["full_attention"].update(rope_scaling)
        if self.rope_parameters.get("full_attention") is None:
            self.rope_parameters["full_attention"] = {"rope_type": "default"}
        self.rope_parameters["full_attention"].setdefault("rope_theta", kwargs.pop("rope_theta", self.default_theta))
        if self.rope_parameters.get("sliding_attention") is None:
            self.rope_parameters["sliding_attention"] = {"rope_type": "default"}
        # olmo3/cfg:117 already POPPED rope_theta for the full set, so this second pop (olmo3/cfg:120-122)
        # finds nothing: the sliding set gets default_theta (500000) whatever config.json's rope_theta says.
        self.rope_parameters["sliding_attention"].setdefault("rope_theta", kwargs.pop("rope_theta", self.default_theta))
        self.standardize_rope_params()
        return kwargs


@register
class Cohere2Config(PreTrainedConfig):
    model_type = "cohere2"
    FIELDS = _FIELDS["Cohere2Config"]

    def __post_init__(self, **kwargs):  # cohere2/cfg:88-103
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        # cohere2/cfg:93: head_dim forced to hidden/heads (a config.json head_dim, set later as a
        # plain attribute by CU:338-345, still wins)
        self.head_dim = self.hidden_size // self.num_attention_heads
        if self.layer_types is None:  # cohere2/cfg:96-102: every 4th layer full by default
            _sliding_window_pattern = kwargs.pop("sliding_window_pattern", 4)
            self.layer_types = ["sliding_attention" if bool((i + 1) % _sliding_window_pattern) else "full_attention"
                                for i in range(self.num_hidden_layers)]
        super().__post_init__(**kwargs)


@register
class GptOssConfig(PreTrainedConfig):
    model_type = "gpt_oss"
    FIELDS = _FIELDS["GptOssConfig"]
    attribute_map = {"num_experts": "num_local_experts"}  # gpt_oss/cfg:26-28
    default_theta = 150000.0  # gpt_oss/cfg:29

    def __post_init__(self, **kwargs):  # gpt_oss/cfg:70-89
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        self.head_dim = self.head_dim if self.head_dim is not None else self.hidden_size // self.num_attention_heads
        if self.layer_types is None:  # gpt_oss/cfg:75-78: alternate sliding / full, sliding first
            self.layer_types = ["sliding_attention" if bool((i + 1) % 2) else "full_attention"
                                for i in range(self.num_hidden_layers)]
        if self.rope_parameters is None:  # gpt_oss/cfg:80-88: default YaRN x32 over 4096, truncate False
            self.rope_parameters = {"rope_type": "yarn", "factor": 32.0, "beta_fast": 32.0, "beta_slow": 1.0,
                                    "truncate": False, "original_max_position_embeddings": 4096}
        super().__post_init__(**kwargs)


@register
class DeepseekV2Config(PreTrainedConfig):
    model_type = "deepseek_v2"
    FIELDS = _FIELDS["DeepseekV2Config"]
    attribute_map = {"num_experts": "n_routed_experts"}  # deepseek_v2/cfg:103-105

    def __post_init__(self, **kwargs):  # deepseek_v2/cfg:122-131
        self.qk_head_dim = self.qk_nope_head_dim + self.qk_rope_head_dim
        self.head_dim = self.qk_rope_head_dim  # RoPE runs on the qk_rope_head_dim slice only
        if self.head_dim is None:
            self.head_dim = self.hidden_size // self.num_attention_heads
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)

    validate_architecture = _validate_hidden_divisible  # deepseek_v2/cfg:133-139


@register
class DeepseekV3Config(PreTrainedConfig):
    model_type = "deepseek_v3"
    FIELDS = _FIELDS["DeepseekV3Config"]
    attribute_map = {"num_local_experts": "n_routed_experts", "num_mtp_layers": "num_nextn_predict_layers"}

    def __post_init__(self, **kwargs):  # deepseek_v3/cfg:119-125
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        self.qk_head_dim = self.qk_nope_head_dim + self.qk_rope_head_dim
        # deepseek_v3/cfg:124: head_dim is not a field here, so a config.json head_dim (set later by
        # CU:338-345) would override this
        self.head_dim = self.qk_rope_head_dim
        super().__post_init__(**kwargs)


@register
class GlmConfig(PreTrainedConfig):
    model_type = "glm"
    FIELDS = _FIELDS["GlmConfig"]

    def __post_init__(self, **kwargs):  # glm/cfg:76-80
        kwargs.setdefault("partial_rotary_factor", 0.5)  # glm/cfg:77: half the head rotates by default
        if self.eos_token_id is None:
            self.eos_token_id = [151329, 151336, 151338]
        super().__post_init__(**kwargs)


@register
class Glm4Config(PreTrainedConfig):
    model_type = "glm4"
    FIELDS = _FIELDS["Glm4Config"]

    def __post_init__(self, **kwargs):  # glm4/cfg:76-80
        kwargs.setdefault("partial_rotary_factor", 0.5)  # glm4/cfg:77
        if self.eos_token_id is None:
            self.eos_token_id = [151329, 151336, 151338]
        super().__post_init__(**kwargs)


@register
class Glm4MoeConfig(PreTrainedConfig):
    model_type = "glm4_moe"
    FIELDS = _FIELDS["Glm4MoeConfig"]
    attribute_map = {"num_local_experts": "n_routed_experts"}  # glm4_moe/cfg:87-89

    def __post_init__(self, **kwargs):  # glm4_moe/cfg:122-124
        kwargs.setdefault("partial_rotary_factor", 0.5)  # glm4_moe/cfg:123
        super().__post_init__(**kwargs)


@register
class Phi3Config(PreTrainedConfig):
    model_type = "phi3"
    FIELDS = _FIELDS["Phi3Config"]  # note: original_max_position_embeddings IS a field (phi3/cfg:72)

    def __post_init__(self, **kwargs):  # phi3/cfg:83-87
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)

    def convert_rope_params_to_dict(self, default_theta=10_000.0, ignore_keys=None, **kwargs):  # phi3/cfg:89-105
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rope_theta", default_theta))
        self.rope_parameters.setdefault("partial_rotary_factor", kwargs.get("partial_rotary_factor", 1.0))
        self.standardize_rope_params()  # phi3/cfg:99 -- BEFORE the su/yarn -> longrope rename below
        rope_parameters_type = self.rope_parameters.get("rope_type", None)
        if rope_parameters_type is not None and rope_parameters_type in ["su", "yarn"]:  # phi3/cfg:102-104
            self.rope_parameters["rope_type"] = "longrope"
        return kwargs

    def validate_rope(self):  # phi3/cfg:107-149
        super().validate_rope()
        if not isinstance(self.rope_parameters, dict):
            raise ValueError("`rope_parameters` must be a dictionary")
        rope_parameters_type = self.rope_parameters.get("rope_type", None)
        short = self.rope_parameters.get("short_factor", None)
        long_ = self.rope_parameters.get("long_factor", None)
        rotary_ndims = int(self.hidden_size // self.num_attention_heads * self.rope_parameters["partial_rotary_factor"])
        if rope_parameters_type not in ["default", "longrope"]:  # phi3/cfg:122-123
            raise ValueError("`rope_parameters`'s type field must be one of ['longrope'], got %s" % rope_parameters_type)
        for name, fac in (("short_factor", short), ("long_factor", long_)):  # phi3/cfg:125-149
            if fac is not None:
                if not (isinstance(fac, list) and all(isinstance(x, (int, float)) for x in fac)):
                    raise ValueError("`rope_parameters`'s %s field must be a list of numbers" % name)
                if not len(fac) == rotary_ndims // 2:
                    raise ValueError("`rope_parameters`'s %s field must have length %d, got %d"
                                     % (name, rotary_ndims // 2, len(fac)))


@register
class GPTNeoXConfig(PreTrainedConfig):
    model_type = "gpt_neox"
    FIELDS = _FIELDS["GPTNeoXConfig"]

    validate_architecture = _validate_hidden_divisible  # gpt_neox/cfg:83-88

    def convert_rope_params_to_dict(self, **kwargs):  # gpt_neox/cfg:90-100
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        # gpt_neox/cfg:97-98: theta from `rotary_emb_base`, rotated fraction from `rotary_pct` (0.25)
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rotary_emb_base", self.default_theta))
        self.rope_parameters.setdefault("partial_rotary_factor", kwargs.pop("rotary_pct", 0.25))
        self.standardize_rope_params()
        return kwargs


class _TwoSetConvertMixin:
    """Gemma 3 / Gemma 3n convert_rope_params_to_dict (gemma3/cfg:136-163, gemma3n/cfg:179-206)."""

    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        default_rope_params = {"sliding_attention": {"rope_type": "default"},
                               "full_attention": {"rope_type": "default"}}
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else default_rope_params
        if rope_scaling is not None:  # gemma3/cfg:146-147: legacy rope_scaling -> full_attention only
            self.rope_parameters["full_attention"].update(rope_scaling)
        if self.rope_parameters.get("full_attention") is None:
            self.rope_parameters["full_attention"] = {"rope_type": "default"}
        # gemma3/cfg:152-154: full theta from rope_theta, default_theta["global"] = 1e6
        self.rope_parameters["full_attention"].setdefault(
            "rope_theta", kwargs.pop("rope_theta", self.default_theta["global"]))
        if self.rope_parameters.get("sliding_attention") is None:
            self.rope_parameters["sliding_attention"] = {"rope_type": "default"}
        # gemma3/cfg:157-159: sliding theta from rope_local_base_freq, default_theta["local"] = 1e4
        self.rope_parameters["sliding_attention"].setdefault(
            "rope_theta", kwargs.pop("rope_local_base_freq", self.default_theta["local"]))
        self.standardize_rope_params()
        return kwargs


@register
class Gemma3TextConfig(_TwoSetConvertMixin, PreTrainedConfig):
    model_type = "gemma3_text"
    FIELDS = _FIELDS["Gemma3TextConfig"]
    default_theta = {"global": 1_000_000.0, "local": 10_000.0}  # gemma3/cfg:102

    def __post_init__(self, **kwargs):  # gemma3/cfg:104-117
        if self.use_bidirectional_attention:
            self.sliding_window = (self.sliding_window // 2) + 1
        # gemma3/cfg:109: legacy int sliding_window_pattern (default 6: 5 sliding then 1 full)
        self._sliding_window_pattern = kwargs.get("sliding_window_pattern", 6)
        if self.layer_types is None:
            self.layer_types = ["sliding_attention" if bool((i + 1) % self._sliding_window_pattern)
                                else "full_attention" for i in range(self.num_hidden_layers)]
        super().__post_init__(**kwargs)

    validate_architecture = _validate_hidden_divisible  # gemma3/cfg:119-125


@register
class Gemma3nTextConfig(_TwoSetConvertMixin, PreTrainedConfig):
    model_type = "gemma3n_text"
    FIELDS = _FIELDS["Gemma3nTextConfig"]
    default_theta = {"global": 1_000_000.0, "local": 10_000.0}  # gemma3n/cfg:120

    def __post_init__(self, **kwargs):  # gemma3n/cfg:131-160
        if isinstance(self.intermediate_size, collections.abc.Sequence) and \
                len(self.intermediate_size) != self.num_hidden_layers:
            raise Refused("intermediate_size must have one entry per layer (gemma3n/cfg:132-139)")
        elif not isinstance(self.intermediate_size, collections.abc.Sequence):
            self.intermediate_size = [self.intermediate_size] * self.num_hidden_layers
        if self.layer_types is None:  # gemma3n/cfg:143-146: every 5th layer full
            self.layer_types = ["full_attention" if (i + 1) % 5 == 0 else "sliding_attention"
                                for i in range(self.num_hidden_layers)]
        if self.activation_sparsity_pattern is None:
            n_sparse = 10 if self.num_hidden_layers > 10 else 0
            self.activation_sparsity_pattern = [0.95] * n_sparse + [0.0] * (self.num_hidden_layers - n_sparse)
        if len(self.activation_sparsity_pattern) != self.num_hidden_layers:  # gemma3n/cfg:154-158
            raise Refused("activation_sparsity_pattern must have one entry per layer (gemma3n/cfg:154-158)")
        super().__post_init__(**kwargs)

    validate_architecture = _validate_hidden_divisible  # gemma3n/cfg:162-168


@register
class Gemma4TextConfig(PreTrainedConfig):
    model_type = "gemma4_text"
    FIELDS = _FIELDS["Gemma4TextConfig"]

    def __post_init__(self, **kwargs):  # gemma4/cfg:185-225
        if self.use_bidirectional_attention == "all":
            self.is_causal = False
            self.sliding_window = (self.sliding_window // 2) + 1
        if self.layer_types is None:  # gemma4/cfg:190-195: 5 sliding : 1 full
            sliding_window_pattern = 6
            self.layer_types = ["sliding_attention" if bool((i + 1) % sliding_window_pattern) else "full_attention"
                                for i in range(self.num_hidden_layers)]
        if self.layer_types and self.layer_types[-1] != "full_attention":  # gemma4/cfg:197-201: forced
            self.layer_types[-1] = "full_attention"
        default_rope_params = {  # gemma4/cfg:203-206: proportional 0.25 of the global head on full layers
            "sliding_attention": {"rope_type": "default", "rope_theta": 10_000.0},
            "full_attention": {"rope_type": "proportional", "partial_rotary_factor": 0.25, "rope_theta": 1_000_000.0},
        }
        if self.rope_parameters is None:
            self.rope_parameters = default_rope_params
        global_head_dim = kwargs.pop("global_head_dim", 512)  # gemma4/cfg:210: full layers' head_dim
        num_global_key_value_heads = kwargs.pop("num_global_key_value_heads", None)
        if "per_layer_config" not in kwargs:  # gemma4/cfg:212-223
            layer_overrides = {"head_dim": global_head_dim}
            num_key_value_heads = num_global_key_value_heads if getattr(self, "attention_k_eq_v", True) else None
            if num_key_value_heads is not None:
                layer_overrides["num_key_value_heads"] = num_key_value_heads
            kwargs["per_layer_config"] = {i: dict(layer_overrides) for i, lt in enumerate(self.layer_types)
                                          if lt == "full_attention"}
        super().__post_init__(**kwargs)

    def convert_rope_params_to_dict(self, **kwargs):  # gemma4/cfg:236-238: NO standardisation at
        return kwargs  # config time: rope_scaling / rope_theta stay in kwargs and become attributes


@register
class ModernBertConfig(PreTrainedConfig):
    model_type = "modernbert"
    FIELDS = _FIELDS["ModernBertConfig"]
    default_theta = {"global": 160_000.0, "local": 10_000.0}  # modernbert/cfg:77

    def __post_init__(self, **kwargs):  # modernbert/cfg:113-122
        # modernbert/cfg:115: layer i is global (full) when i % global_attn_every_n_layers == 0 (default 3)
        global_attn_every_n_layers = kwargs.get("global_attn_every_n_layers", 3)
        if self.layer_types is None:
            self.layer_types = ["sliding_attention" if bool(i % global_attn_every_n_layers) else "full_attention"
                                for i in range(self.num_hidden_layers)]
        super().__post_init__(**kwargs)

    def convert_rope_params_to_dict(self, **kwargs):  # modernbert/cfg:124-152
        rope_scaling = kwargs.pop("rope_scaling", None)
        default_rope_params = {"sliding_attention": {"rope_type": "default"},
                               "full_attention": {"rope_type": "default"}}
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else default_rope_params
        if rope_scaling is not None:  # modernbert/cfg:134-136: legacy rope_scaling -> BOTH sets
            self.rope_parameters["full_attention"].update(rope_scaling)
            self.rope_parameters["sliding_attention"].update(rope_scaling)
        if self.rope_parameters.get("full_attention") is None:
            self.rope_parameters["full_attention"] = {"rope_type": "default"}
        self.rope_parameters["full_attention"].setdefault(  # modernbert/cfg:141-143: global_rope_theta
            "rope_theta", kwargs.pop("global_rope_theta", self.default_theta["global"]))
        if self.rope_parameters.get("sliding_attention") is None:
            self.rope_parameters["sliding_attention"] = {"rope_type": "default"}
        self.rope_parameters["sliding_attention"].setdefault(  # modernbert/cfg:146-148: local_rope_theta
            "rope_theta", kwargs.pop("local_rope_theta", self.default_theta["local"]))
        self.standardize_rope_params()
        return kwargs

    @property
    def sliding_window(self):  # modernbert/cfg:159-166
        return self.local_attention // 2

    @sliding_window.setter
    def sliding_window(self, value):
        self.local_attention = value * 2


@register
class Llama4TextConfig(PreTrainedConfig):
    model_type = "llama4_text"
    FIELDS = _FIELDS["Llama4TextConfig"]
    default_theta = 500000.0  # llama4/cfg:111

    def __post_init__(self, **kwargs):  # llama4/cfg:175-202
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        # llama4/cfg:179-182: no_rope_layers[i] == 1 means layer i USES RoPE; every 4th layer is NoPE;
        # an empty list also falls back to the default (truthiness test)
        default_no_rope_layers = [int((layer_idx + 1) % self.no_rope_layer_interval != 0)
                                  for layer_idx in range(self.num_hidden_layers)]
        self.no_rope_layers = self.no_rope_layers if self.no_rope_layers else default_no_rope_layers
        self.head_dim = self.head_dim if self.head_dim is not None else self.hidden_size // self.num_attention_heads
        if self.layer_types is None:  # llama4/cfg:197-200: RoPE layers chunked, NoPE layers full
            self.layer_types = ["chunked_attention" if no_rope else "full_attention" for no_rope in self.no_rope_layers]
        super().__post_init__(**kwargs)


class _Qwen2VLTextBase(PreTrainedConfig):
    ignore_keys_at_rope_validation = {"mrope_section"}
    default_theta = 1000000.0

    def __post_init__(self, **kwargs):  # qwen2_vl/cfg:104-119 == qwen2_5_vl/cfg:127-142
        self.sliding_window = self.sliding_window if self.use_sliding_window else None
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.layer_types is None:
            self.layer_types = ["sliding_attention" if self.sliding_window is not None and i >= self.max_window_layers
                                else "full_attention" for i in range(self.num_hidden_layers)]
        super().__post_init__(**kwargs)

    def convert_rope_params_to_dict(self, **kwargs):  # qwen2_vl/cfg:121-131 == qwen2_5_vl/cfg:144-154
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rope_theta", self.default_theta))
        # qwen2_vl/cfg:128-129: legacy type "mrope" becomes rope_type "default"
        if self.rope_parameters.get("rope_type", self.rope_parameters.get("type")) == "mrope":
            self.rope_parameters["rope_type"] = "default"
        self.standardize_rope_params()
        return kwargs


@register
class Qwen2VLTextConfig(_Qwen2VLTextBase):
    model_type = "qwen2_vl_text"
    FIELDS = _FIELDS["Qwen2VLTextConfig"]


@register
class Qwen2_5_VLTextConfig(_Qwen2VLTextBase):
    model_type = "qwen2_5_vl_text"
    FIELDS = _FIELDS["Qwen2_5_VLTextConfig"]


@register
class Qwen3VLTextConfig(PreTrainedConfig):
    model_type = "qwen3_vl_text"
    FIELDS = _FIELDS["Qwen3VLTextConfig"]
    default_theta = 500000.0  # qwen3_vl/cfg:78
    ignore_keys_at_rope_validation = {"mrope_section", "mrope_interleaved"}

    def __post_init__(self, **kwargs):  # qwen3_vl/cfg:98-102
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)


@register
class Qwen3VLMoeTextConfig(PreTrainedConfig):
    model_type = "qwen3_vl_moe_text"
    FIELDS = _FIELDS["Qwen3VLMoeTextConfig"]
    default_theta = 500000.0  # qwen3_vl_moe/cfg:105
    ignore_keys_at_rope_validation = {"mrope_section", "mrope_interleaved"}

    def __post_init__(self, **kwargs):  # qwen3_vl_moe/cfg:109-115
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        self.head_dim = self.head_dim or self.hidden_size // self.num_attention_heads
        self.sliding_window = None
        self.mlp_only_layers = [] if self.mlp_only_layers is None else self.mlp_only_layers
        super().__post_init__(**kwargs)


class _HybridLinearBase(PreTrainedConfig):
    def __post_init__(self, **kwargs):  # qwen3_next/cfg:128-139, qwen3_5/cfg:110-121
        kwargs.setdefault("partial_rotary_factor", 0.25)  # a quarter of the head rotates by default
        if isinstance(self, Qwen3NextConfig):
            self.mlp_only_layers = [] if self.mlp_only_layers is None else self.mlp_only_layers
        if self.layer_types is None:  # every 4th layer full attention, the rest linear (Gated DeltaNet)
            interval_pattern = kwargs.pop("full_attention_interval", 4)
            self.layer_types = ["linear_attention" if bool((i + 1) % interval_pattern) else "full_attention"
                                for i in range(self.num_hidden_layers)]
        else:
            self.layer_types = remap_legacy_layer_types(self.layer_types)
        super().__post_init__(**kwargs)


@register
class Qwen3NextConfig(_HybridLinearBase):
    model_type = "qwen3_next"
    FIELDS = _FIELDS["Qwen3NextConfig"]


@register
class Qwen3_5TextConfig(_HybridLinearBase):
    model_type = "qwen3_5_text"
    FIELDS = _FIELDS["Qwen3_5TextConfig"]
    ignore_keys_at_rope_validation = {"mrope_section", "mrope_interleaved"}


@register
class BertConfig(PreTrainedConfig):
    model_type = "bert"
    FIELDS = _FIELDS["BertConfig"]


@register
class GPT2Config(PreTrainedConfig):
    model_type = "gpt2"
    FIELDS = _FIELDS["GPT2Config"]
    attribute_map = {"hidden_size": "n_embd", "max_position_embeddings": "n_positions",
                     "num_attention_heads": "n_head", "num_hidden_layers": "n_layer"}  # gpt2/cfg:71-76

# --- families added: Qwen3-MoE, Mixtral, DeepSeek-V3.2, DeepSeek-V4, Kimi-K2.5, GLM-MoE-DSA (GLM-5),
# --- MiniMax-M2, Nemotron-H, Step-3.7, MiMo-V2-Flash
@register
class Qwen3MoeConfig(PreTrainedConfig):
    model_type = "qwen3_moe"
    FIELDS = _FIELDS["Qwen3MoeConfig"]
    attribute_map = {"num_experts": "num_local_experts"}  # qwen3_moe/cfg:51-53

    def __post_init__(self, **kwargs):  # qwen3_moe/cfg:114-117
        # qwen3_moe/cfg:115: the window is kept only when use_sliding_window; NO layer_types and NO
        # max_window_layers here (unlike Qwen3 dense): a config.json max_window_layers is a plain attribute.
        self.sliding_window = self.sliding_window if self.use_sliding_window else None
        self.mlp_only_layers = [] if self.mlp_only_layers is None else self.mlp_only_layers
        super().__post_init__(**kwargs)


@register
class MixtralConfig(PreTrainedConfig):
    model_type = "mixtral"
    FIELDS = _FIELDS["MixtralConfig"]
    attribute_map = {"num_experts": "num_local_experts"}  # mixtral/cfg:66
    default_theta = 1000000.0  # mixtral/cfg:44

    def __post_init__(self, **kwargs):  # mixtral/cfg:93-97 -- head_dim stays None if absent
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)


class _DsaConfigBase(PreTrainedConfig):
    """DeepseekV32Config (deepseek_v32/cfg:129-148) and GlmMoeDsaConfig (glm_moe_dsa/cfg:150-168) share
    this tail of __post_init__ line for line."""
    attribute_map = {"num_local_experts": "n_routed_experts"}  # deepseek_v32/cfg:87, glm_moe_dsa/cfg:92

    def _dsa_post_init(self, kwargs):
        self.qk_head_dim = self.qk_nope_head_dim + self.qk_rope_head_dim
        # deepseek_v32/cfg:133, glm_moe_dsa/cfg:153: head_dim IS a field here (so a config.json head_dim,
        # e.g. GLM-5.2's 192, is set first and then overwritten): RoPE width = qk_rope_head_dim.
        self.head_dim = self.qk_rope_head_dim
        if self.mlp_layer_types is None:
            n_dense = min(self.first_k_dense_replace, self.num_hidden_layers)
            self.mlp_layer_types = ["dense"] * n_dense + ["sparse"] * (self.num_hidden_layers - n_dense)
        # deepseek_v32/cfg:139-140, glm_moe_dsa/cfg:159-160: every layer is DSA by default
        if self.layer_types is None:
            self.layer_types = ["deepseek_sparse_attention"] * self.num_hidden_layers
        if (num_experts := kwargs.get("num_experts")) is not None:
            self.n_routed_experts = num_experts
        self.qk_head_dim = self.qk_nope_head_dim + self.qk_rope_head_dim
        super().__post_init__(**kwargs)


@register
class DeepseekV32Config(_DsaConfigBase):
    model_type = "deepseek_v32"
    FIELDS = _FIELDS["DeepseekV32Config"]

    def __post_init__(self, **kwargs):  # deepseek_v32/cfg:129-148
        self._dsa_post_init(kwargs)


@register
class GlmMoeDsaConfig(_DsaConfigBase):
    model_type = "glm_moe_dsa"
    FIELDS = _FIELDS["GlmMoeDsaConfig"]

    def __post_init__(self, **kwargs):  # glm_moe_dsa/cfg:136-168
        if self.indexer_types is None:  # glm_moe_dsa/cfg:138-149: "full" runs the indexer, "shared" reuses
            pattern = kwargs.get("index_topk_pattern")
            if pattern is not None:
                self.indexer_types = ([{"F": "full", "S": "shared"}[c] for c in pattern] if isinstance(pattern, str)
                                      else list(pattern))
            else:
                freq = max(kwargs.get("index_topk_freq", 1), 1)
                offset = kwargs.get("index_skip_topk_offset", 2)
                self.indexer_types = ["full" if (max(i - offset + 1, 0) % freq) == 0 else "shared"
                                      for i in range(self.num_hidden_layers)]
        self._dsa_post_init(kwargs)


_DSV4_LAYER_TYPES = ("sliding_attention", "compressed_sparse_attention", "heavily_compressed_attention")  # cfg:21-25
_DSV4_COMPRESS_RATIO_TO_LAYER_TYPE = {0: "sliding_attention", 4: "compressed_sparse_attention",
                                      128: "heavily_compressed_attention"}  # deepseek_v4/cfg:28-32
_DSV4_MLP_LAYER_TYPES = ("hash_moe", "moe")  # deepseek_v4/cfg:35


@register
class DeepseekV4Config(PreTrainedConfig):
    model_type = "deepseek_v4"
    FIELDS = _FIELDS["DeepseekV4Config"]
    # deepseek_v4/cfg:104-107
    attribute_map = {"num_local_experts": "n_routed_experts", "intermediate_size": "moe_intermediate_size"}
    default_partial_rotary_factor = 64 / 512  # deepseek_v4/cfg:147
    default_compress_rates = {"compressed_sparse_attention": 4, "heavily_compressed_attention": 128}  # cfg:159
    default_num_hash_layers = 3  # deepseek_v4/cfg:165
    # deepseek_v4/cfg:198: rope_parameters is keyed by rope-type LABELS ("main" / "compress"), not by layer
    # types; standardize_rope_params reads this attribute first (MRU:776).
    _rope_type_labels = ("main", "compress")

    def validate_rope(self):  # deepseek_v4/cfg:200-223: validate each label's sub-dict
        rope_parameters_dict = getattr(self, "rope_parameters", None) or {}
        ignore_keys = self.ignore_keys_at_rope_validation
        for rope_type_label in self._rope_type_labels:
            rope_parameters = rope_parameters_dict.get(rope_type_label)
            if not isinstance(rope_parameters, dict):
                continue
            rope_type = rope_parameters.get("rope_type", rope_parameters.get("type", "default"))
            rope_parameters["rope_type"] = rope_type
            validation_fn = getattr(self, "_validate_%s_rope_parameters" % rope_type, None)
            if validation_fn is None:
                continue
            self.rope_parameters = rope_parameters
            try:
                validation_fn(rope_parameters, ignore_keys=ignore_keys)
            finally:
                self.rope_parameters = rope_parameters_dict

    def validate_layer_type(self):  # deepseek_v4/cfg:225-244 (replaces CU:524-544)
        if self.num_hidden_layers is None:
            return
        for name, types, allowed in (("layer_types", self.layer_types, _DSV4_LAYER_TYPES),
                                     ("mlp_layer_types", self.mlp_layer_types, _DSV4_MLP_LAYER_TYPES)):
            if types is None:
                continue
            if len(types) != self.num_hidden_layers:
                raise ValueError("`num_hidden_layers` (%s) must equal `len(%s)` (%d)."
                                 % (self.num_hidden_layers, name, len(types)))
            bad = [t for t in types if t not in allowed]
            if bad:
                raise ValueError("`%s` entries must be one of %s for DeepSeek-V4; got %s." % (name, allowed, bad))

    def __post_init__(self, **kwargs):  # deepseek_v4/cfg:246-321
        legacy_compress_ratios = kwargs.pop("compress_ratios", None)
        legacy_compress_rate_csa = kwargs.pop("compress_rate_csa", None)
        legacy_compress_rate_hca = kwargs.pop("compress_rate_hca", None)
        legacy_num_hash_layers = kwargs.pop("num_hash_layers", None)
        legacy_qk_rope_head_dim = kwargs.pop("qk_rope_head_dim", None)
        # deepseek_v4/cfg:255: CU:277-355 first -- rope_scaling / rope_theta / partial_rotary_factor are
        # standardised (MRU:742-816) as ONE global dict (its keys are not a subset of _rope_type_labels)
        PreTrainedConfig.__post_init__(self, **kwargs)
        n = self.num_hidden_layers
        if self.compress_rates is None:
            self.compress_rates = dict(self.default_compress_rates)
        if legacy_compress_rate_csa is not None:
            self.compress_rates["compressed_sparse_attention"] = legacy_compress_rate_csa
        if legacy_compress_rate_hca is not None:
            self.compress_rates["heavily_compressed_attention"] = legacy_compress_rate_hca
        # deepseek_v4/cfg:268-276: explicit layer_types > legacy compress_ratios (0 / 4 / 128; any other
        # value -> KeyError) > default 2x HCA then CSA/HCA alternating; truncated to num_hidden_layers (the
        # hub's compress_ratios carries one extra entry for the MTP layer)
        if self.layer_types is None and legacy_compress_ratios is not None:
            self.layer_types = [_DSV4_COMPRESS_RATIO_TO_LAYER_TYPE[r] for r in legacy_compress_ratios]
        if self.layer_types is None:
            interleave = ["compressed_sparse_attention" if i % 2 else "heavily_compressed_attention"
                          for i in range(max(n - 2, 0))]
            self.layer_types = ["heavily_compressed_attention"] * min(n, 2) + interleave
        self.layer_types = list(self.layer_types[:n])
        if self.mlp_layer_types is None:  # deepseek_v4/cfg:279-282
            n_hash = legacy_num_hash_layers if legacy_num_hash_layers is not None else self.default_num_hash_layers
            self.mlp_layer_types = ["hash_moe"] * min(n, n_hash) + ["moe"] * max(0, n - n_hash)
        self.mlp_layer_types = list(self.mlp_layer_types[:n])
        # deepseek_v4/cfg:286-292: rotated fraction = legacy qk_rope_head_dim / head_dim, else 64/512
        if self.partial_rotary_factor is None:
            self.partial_rotary_factor = (legacy_qk_rope_head_dim / self.head_dim if legacy_qk_rope_head_dim is not None
                                          else self.default_partial_rotary_factor)
        self.qk_rope_head_dim = int(self.head_dim * self.partial_rotary_factor)
        # deepseek_v4/cfg:302-321: two rope sets.  "main" = plain default RoPE at rope_theta (sliding-only
        # layers); "compress" = the global (rope_scaling) dict at compress_rope_theta (CSA / HCA layers),
        # with attention_factor forced to 1.0 when it is YaRN.  Both carry partial_rotary_factor.
        rp = self.rope_parameters or {}
        if isinstance(rp.get("main"), dict) and isinstance(rp.get("compress"), dict):
            self.rope_parameters = {"main": rp["main"], "compress": rp["compress"]}
        else:
            yarn = {k: v for k, v in rp.items() if k not in ("main", "compress")}
            main = {"rope_type": "default", "rope_theta": self.rope_theta,
                    "partial_rotary_factor": self.partial_rotary_factor}
            compress = dict(yarn)
            compress.update({"rope_theta": self.compress_rope_theta, "partial_rotary_factor": self.partial_rotary_factor})
            compress.setdefault("rope_type", "default")
            if compress["rope_type"] == "yarn":
                compress.setdefault("attention_factor", 1.0)
            self.rope_parameters = {"main": main, "compress": compress}


@register
class MiniMaxM2Config(PreTrainedConfig):
    model_type = "minimax_m2"
    FIELDS = _FIELDS["MiniMaxM2Config"]  # no __post_init__ of its own
    attribute_map = {"num_experts": "num_local_experts"}  # minimax_m2/cfg:71-73
    default_theta = 5000000.0  # minimax_m2/cfg:74
    # NB: nothing in transformers reads the hub's `rotary_dim` key (it becomes a plain attribute,
    # CU:338-345); only `partial_rotary_factor` (MRU:755-760) narrows the rotated span.


@register
class NemotronHConfig(PreTrainedConfig):
    model_type = "nemotron_h"
    FIELDS = _FIELDS["NemotronHConfig"]
    # nemotron_h/cfg:84: layer_types is an alias of layers_block_type
    attribute_map = {"layer_types": "layers_block_type", "num_local_experts": "n_routed_experts"}
    _PATTERN = {"M": "linear_attention", "E": "moe", "*": "full_attention", "-": "mlp"}  # nemotron_h/cfg:270-273

    def __post_init__(self, **kwargs):  # nemotron_h/cfg:142-196
        for attr, legacy in (("n_groups", "mamba_n_groups"), ("conv_kernel", "mamba_d_conv"),
                             ("expand", "mamba_expand"), ("time_step_min", "mamba_dt_min"),
                             ("time_step_max", "mamba_dt_max"), ("time_step_limit", "mamba_dt_limit"),
                             ("time_step_floor", "mamba_dt_init_floor"), ("use_conv_bias", "mamba_conv_bias"),
                             ("chunk_size", "mamba_chunk_size")):  # nemotron_h/cfg:145-155
            if legacy in kwargs:
                setattr(self, attr, kwargs.pop(legacy))
        # nemotron_h/cfg:159-168: hybrid_override_pattern ("M" Mamba-2, "*" attention, "E" MoE, "-" MLP;
        # another character -> KeyError) -> layers_block_type; an explicit list only gets the legacy renames
        # (mamba -> linear_attention, attention -> full_attention, CU:91-100)
        if "hybrid_override_pattern" in kwargs:
            pattern = kwargs.pop("hybrid_override_pattern")
            if self.layer_types is None:
                self.layer_types = [self._PATTERN[c] for c in pattern]
        elif self.layer_types is None:
            self.layer_types = ["linear_attention", "moe", "full_attention", "mlp"]
        else:
            self.layer_types = remap_legacy_layer_types(self.layer_types)
        # nemotron_h/cfg:182-190 (MTP blocks are not part of the decoder stack)
        if self.mtp_layers_block_type is None:
            self.mtp_layers_block_type = ["full_attention", "moe"]
        else:
            self.mtp_layers_block_type = remap_legacy_layer_types(self.mtp_layers_block_type)
        if "mtp_hybrid_override_pattern" in kwargs:
            pattern = kwargs.pop("mtp_hybrid_override_pattern")
            if self.mtp_layers_block_type == ["full_attention", "moe"]:
                self.mtp_layers_block_type = [self._PATTERN[c] for c in pattern]
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)

    # nemotron_h/cfg:198-228 (declared @staticmethod with a `self` parameter; HH calls every validator
    # as validator(self), so it runs exactly like a method).  Replaces CU:524-544.
    def validate_layer_type(self):
        if not isinstance(self.layer_types, list):
            raise ValueError("`layers_block_type` must be a list of strings. Got type: %s" % type(self.layer_types))
        valid_types = {"full_attention", "linear_attention", "moe", "mlp"}
        if not all(t in valid_types for t in self.layer_types):
            raise ValueError("`layers_block_type` contains invalid types: %s" % (set(self.layer_types) - valid_types))
        if self.num_nextn_predict_layers > 0:
            if self.mtp_layers_block_type is None:
                raise ValueError("mtp_layers_block_type is required when num_nextn_predict_layers > 0.")
            if not isinstance(self.mtp_layers_block_type, list):
                raise ValueError("`mtp_layers_block_type` must be a list of strings.")
            if not all(t in valid_types for t in self.mtp_layers_block_type):
                raise ValueError("`mtp_layers_block_type` contains invalid types: %s"
                                 % (set(self.mtp_layers_block_type) - valid_types))

    @property
    def num_hidden_layers(self):  # nemotron_h/cfg:230-236: always len(layers_block_type)
        return len(self.layers_block_type)

    @num_hidden_layers.setter
    def num_hidden_layers(self, value):  # nemotron_h/cfg:238-245: a config.json value is ignored
        pass


@register
class Step3p7TextConfig(PreTrainedConfig):
    model_type = "step3p5"  # step3p7/cfg:110 (sic); not registered in CONFIG_MAPPING here
    FIELDS = _FIELDS["Step3p7TextConfig"]
    # step3p7/cfg:136-143
    attribute_map = {"num_local_experts": "n_routed_experts", "num_attention_groups": "num_key_value_heads",
                     "moe_num_experts": "n_routed_experts", "moe_top_k": "num_experts_per_tok",
                     "share_expert_dims": "share_expert_dim", "num_mtp_layers": "num_nextn_predict_layers"}
    default_theta = 10000.0  # step3p7/cfg:144
    gating = True  # step3p7/cfg:169
    use_bidirectional_attention = False  # step3p7/cfg:170

    def __post_init__(self, **kwargs):  # step3p7/cfg:185-310
        # step3p7/cfg:190-209: per-layer lists padded with num_nextn_predict_layers MTP entries are cut back
        num_nextn_predict_layers = kwargs.pop("num_nextn_predict_layers", 0)
        self.num_nextn_predict_layers = num_nextn_predict_layers
        n, padded = self.num_hidden_layers, self.num_hidden_layers + num_nextn_predict_layers
        if num_nextn_predict_layers:
            for field, mtp_field in (("layer_types", "mtp_layer_types"), ("mlp_layer_types", "mtp_mlp_layer_types")):
                value = getattr(self, field)
                if isinstance(value, list) and len(value) == padded:
                    setattr(self, field, value[:n])
                    setattr(self, mtp_field, value[n:padded])
            for field in ("swiglu_limits", "swiglu_limits_shared"):
                value = getattr(self, field)
                if isinstance(value, list) and len(value) == padded:
                    setattr(self, field, value[:n])
            for key in ("rope_theta", "partial_rotary_factors"):
                value = kwargs.get(key)
                if isinstance(value, list) and len(value) == padded:
                    kwargs[key] = value[:n]
        if self.layer_types is None:  # step3p7/cfg:211-214: all full attention by default
            self.layer_types = ["full_attention"] * n
            if num_nextn_predict_layers:
                self.mtp_layer_types = ["full_attention"] * num_nextn_predict_layers
        if self.mlp_layer_types is None:  # step3p7/cfg:216-228
            moe_layers_enum = kwargs.pop("moe_layers_enum", None)
            if moe_layers_enum is not None:
                items = moe_layers_enum.split(",") if isinstance(moe_layers_enum, str) else moe_layers_enum
                moe_set = {int(i) for i in items if str(i).strip()}
            else:
                moe_set = set(range(3, n))
            mlp_layer_types = ["sparse" if i in moe_set else "dense" for i in range(padded)]
            self.mlp_layer_types = mlp_layer_types[:n]
            if num_nextn_predict_layers:
                self.mtp_mlp_layer_types = mlp_layer_types[n:padded]
        if self.num_sliding_attention_heads is None:  # step3p7/cfg:230-239
            attention_other_setting = kwargs.pop("attention_other_setting", None)
            if attention_other_setting:
                self.num_sliding_attention_heads = attention_other_setting.get("num_attention_heads",
                                                                               self.num_attention_heads)
            else:
                self.num_sliding_attention_heads = self.num_attention_heads
        # step3p7/cfg:242-249: sliding layers get their own head count through per_layer_config (HET)
        kwargs.setdefault("per_layer_config", {
            layer_idx: {"num_attention_heads": self.num_sliding_attention_heads}
            for layer_idx, layer_type in enumerate(self.layer_types) if layer_type == "sliding_attention"})
        if self.query_pre_attn_scalar is None:  # step3p7/cfg:251-252: softmax scale base = head_dim
            self.query_pre_attn_scalar = self.head_dim
        # step3p7/cfg:257-261: rope_theta (scalar or per-layer list), partial_rotary_factors (per-layer list)
        # and rope_scaling are popped BEFORE CU:277-355, so convert_rope_params_to_dict only sees the
        # default theta (MRU:752-753)
        rope_theta = kwargs.pop("rope_theta", self.default_theta)
        partial_rotary_factors = kwargs.pop("partial_rotary_factors", None)
        rope_scaling = kwargs.pop("rope_scaling", None)
        sparse_cfg = kwargs.pop("sparse_attention_config", None) or {}
        moe_layer_freq = kwargs.pop("moe_layer_freq", None)
        super().__post_init__(**kwargs)
        self.hidden_act = "silu"  # step3p7/cfg:265
        for flat, legacy in {"index_n_heads": "sparse_num_index_heads", "index_head_dim": "sparse_index_dim",
                             "index_block_size": "sparse_block_size", "index_topk_blocks": "sparse_topk_blocks",
                             "index_local_blocks": "sparse_local_block"}.items():  # step3p7/cfg:267-275
            if legacy in sparse_cfg:
                setattr(self, flat, sparse_cfg[legacy])
        if self.layer_types is None and "sparse_attention_freq" in sparse_cfg:  # step3p7/cfg:280-285 (dead:
            self.layer_types = ["minimax_m3_sparse" if f else "full_attention"  # layer_types is set above)
                                for f in sparse_cfg["sparse_attention_freq"]]
        if self.layer_types is None:
            self.layer_types = ["full_attention"] * self.num_hidden_layers
        if self.mlp_layer_types is None and moe_layer_freq is not None:  # step3p7/cfg:288-291
            self.mlp_layer_types = ["sparse" if f else "dense" for f in moe_layer_freq]
        if self.mlp_layer_types is None:
            self.mlp_layer_types = ["sparse"] * self.num_hidden_layers
        # step3p7/cfg:295-310: one rope dict per layer type; a per-type dict from config.json is kept,
        # otherwise each type takes rope_theta[i] / partial_rotary_factors[i] of its FIRST layer, and
        # rope_scaling is merged into "full_attention" only (dict.update: a legacy "type" key does not
        # replace the "rope_type": "default" already there).
        layer_type_set = sorted(set(self.layer_types))  # iteration order is immaterial here
        rp = self.rope_parameters or {}
        if all(isinstance(rp.get(layer_type), dict) for layer_type in layer_type_set):
            self.rope_parameters = {layer_type: rp[layer_type] for layer_type in layer_type_set}
        else:
            if not isinstance(rope_theta, list):
                rope_theta = [rope_theta] * len(self.layer_types)
            self.rope_parameters = {}
            for layer_type in layer_type_set:
                i = self.layer_types.index(layer_type)
                params = {"rope_type": "default", "rope_theta": rope_theta[i]}
                if partial_rotary_factors:
                    params["partial_rotary_factor"] = partial_rotary_factors[i]
                self.rope_parameters[layer_type] = params
            if rope_scaling and "full_attention" in self.rope_parameters:
                self.rope_parameters["full_attention"].update(rope_scaling)


@register
class MiMoV2FlashConfig(PreTrainedConfig):
    model_type = "mimo_v2_flash"
    FIELDS = _FIELDS["MiMoV2FlashConfig"]
    attribute_map = {"num_local_experts": "n_routed_experts"}  # mimo_v2_flash/cfg:75

    def __post_init__(self, **kwargs):  # mimo_v2_flash/cfg:111-131
        if self.layer_types is None:  # mimo_v2_flash/cfg:113-117: full at layer 0 and every 6th layer
            self.layer_types = ["full_attention" if (i == 0 or not ((i + 1) % 6)) else "sliding_attention"
                                for i in range(self.num_hidden_layers)]
        if self.mlp_layer_types is None:
            self.mlp_layer_types = ["dense"] + ["sparse"] * (self.num_hidden_layers - 1)
        if self.rope_parameters is None:  # mimo_v2_flash/cfg:122-126: per-type defaults, a third of the head
            self.rope_parameters = {
                "full_attention": {"rope_type": "default", "rope_theta": 5_000_000.0, "partial_rotary_factor": 0.334},
                "sliding_attention": {"rope_type": "default", "rope_theta": 10_000.0, "partial_rotary_factor": 0.334},
            }
        if self.routed_scaling_factor is None:
            self.routed_scaling_factor = 1.0
        super().__post_init__(**kwargs)

    def convert_rope_params_to_dict(self, **kwargs):  # mimo_v2_flash/cfg:133-134: NO conversion -- the
        # hub's top-level rope_theta / swa_rope_theta / partial_rotary_factor stay plain attributes and do
        # not reach rope_parameters (a "rope_scaling" key still replaces rope_parameters wholesale through
        # the CU:550-552 setter when CU:338-345 sets it)
        return kwargs


# --- multimodal wrappers: the language model is config.text_config ------------------------------
class _Wrapper(PreTrainedConfig):
    TEXT_CLASS = None

    def _build_text(self):
        if self.text_config is None:
            self.text_config = self.TEXT_CLASS()
        elif isinstance(self.text_config, dict):
            self.text_config = self.TEXT_CLASS(**self.text_config)


@register
class Gemma3Config(_Wrapper):
    model_type = "gemma3"
    FIELDS = _FIELDS["Gemma3Config"]
    attribute_map = {"image_token_id": "image_token_index", "boi_token_id": "boi_token_index",
                     "eoi_token_id": "eoi_token_index"}
    TEXT_CLASS = Gemma3TextConfig

    def __post_init__(self, **kwargs):  # gemma3/cfg:218-231
        self._build_text()
        super().__post_init__(**kwargs)


@register
class Gemma3nConfig(_Wrapper):
    model_type = "gemma3n"
    FIELDS = _FIELDS["Gemma3nConfig"]
    TEXT_CLASS = Gemma3nTextConfig

    def __post_init__(self, **kwargs):  # gemma3n/cfg:465-470
        self._build_text()
        super().__post_init__(**kwargs)


@register
class Gemma4Config(_Wrapper):
    model_type = "gemma4"
    FIELDS = _FIELDS["Gemma4Config"]
    TEXT_CLASS = Gemma4TextConfig

    def __post_init__(self, **kwargs):  # gemma4/cfg:361-366
        self._build_text()
        super().__post_init__(**kwargs)


@register
class Llama4Config(_Wrapper):
    model_type = "llama4"
    FIELDS = _FIELDS["Llama4Config"]
    attribute_map = {"image_token_id": "image_token_index", "boi_token_id": "boi_token_index",
                     "eoi_token_id": "eoi_token_index"}
    TEXT_CLASS = Llama4TextConfig

    def __post_init__(self, **kwargs):  # llama4/cfg:246-258
        self._build_text()
        super().__post_init__(**kwargs)


@register
class Mistral3Config(_Wrapper):
    model_type = "mistral3"
    FIELDS = _FIELDS["Mistral3Config"]
    attribute_map = {"image_token_id": "image_token_index"}

    def __post_init__(self, **kwargs):  # mistral3/cfg:65-105
        if isinstance(self.text_config, dict):  # mistral3/cfg:82-84: model_type defaults to "mistral"
            self.text_config["model_type"] = self.text_config.get("model_type", "mistral")
            self.text_config = config_class_for(self.text_config["model_type"])(**self.text_config)
        elif self.text_config is None:  # mistral3/cfg:85-102
            self.text_config = MistralConfig(
                attention_dropout=0.0, head_dim=128, hidden_act="silu", hidden_size=5120, initializer_range=0.02,
                intermediate_size=32768, max_position_embeddings=131072, model_type="mistral",
                num_attention_heads=32, num_hidden_layers=40, num_key_value_heads=8, rms_norm_eps=1e-05,
                rope_theta=1000000000.0, sliding_window=None, use_cache=True, vocab_size=131072)
        super().__post_init__(**kwargs)


class _QwenFlatWrapper(_Wrapper):
    def __post_init__(self, **kwargs):  # qwen2_vl/cfg:165-183 == qwen2_5_vl/cfg:188-206
        # Hub configs may be flat: text kwargs are the text class's dataclass fields (its __init__
        # signature) + rope_parameters / rope_scaling / rope_theta, popped from the top level.
        text_params = [f[0] for f in self.TEXT_CLASS.FIELDS] + list(self.BASE_FIELD_NAMES)
        text_params = text_params + ["rope_parameters", "rope_scaling", "rope_theta"]
        text_kwargs = {key: kwargs.pop(key) for key in text_params if key in kwargs}
        if isinstance(self.text_config, dict):  # a text_config dict wins; top-level text keys are dropped
            self.text_config = self.TEXT_CLASS(**self.text_config)
        elif self.text_config is None:
            text_kwargs["dtype"] = kwargs.get("torch_dtype", kwargs.get("dtype"))
            self.text_config = self.TEXT_CLASS(**text_kwargs)
        super().__post_init__(**kwargs)


@register
class Qwen2VLConfig(_QwenFlatWrapper):
    model_type = "qwen2_vl"
    FIELDS = _FIELDS["Qwen2VLConfig"]
    TEXT_CLASS = Qwen2VLTextConfig


@register
class Qwen2_5_VLConfig(_QwenFlatWrapper):
    model_type = "qwen2_5_vl"
    FIELDS = _FIELDS["Qwen2_5_VLConfig"]
    TEXT_CLASS = Qwen2_5_VLTextConfig


@register
class Qwen3VLConfig(_Wrapper):
    model_type = "qwen3_vl"
    FIELDS = _FIELDS["Qwen3VLConfig"]
    TEXT_CLASS = Qwen3VLTextConfig

    def __post_init__(self, **kwargs):  # qwen3_vl/cfg:136-150
        self._build_text()
        super().__post_init__(**kwargs)


@register
class Qwen3VLMoeConfig(_Wrapper):
    model_type = "qwen3_vl_moe"
    FIELDS = _FIELDS["Qwen3VLMoeConfig"]
    TEXT_CLASS = Qwen3VLMoeTextConfig

    def __post_init__(self, **kwargs):  # qwen3_vl_moe/cfg:180-194
        self._build_text()
        super().__post_init__(**kwargs)


@register
class Qwen3_5Config(_Wrapper):
    model_type = "qwen3_5"
    FIELDS = _FIELDS["Qwen3_5Config"]
    TEXT_CLASS = Qwen3_5TextConfig

    def __post_init__(self, **kwargs):  # qwen3_5/cfg:183-197
        self._build_text()
        super().__post_init__(**kwargs)

@register
class Kimi_K25Config(_Wrapper):
    model_type = "kimi_k25"
    FIELDS = _FIELDS["Kimi_K25Config"]

    def __post_init__(self, **kwargs):  # kimi_k25/cfg:80-98
        # kimi_k25/cfg:82-88: the language model is text_config["model_type"] (default "deepseek_v3"), with
        # the hub's remote-code name "kimi_k2" mapped to "deepseek_v3"; built through CONFIG_MAPPING, and
        # run as AutoModel.from_config(config.text_config) (kimi_k25/mdl:591) on the caller's position_ids
        # (kimi_k25/mdl:708-710).  vision_config -> Kimi_K25VisionConfig (cfg:94-97) is not built here.
        if isinstance(self.text_config, dict):
            model_type = self.text_config.get("model_type", "deepseek_v3")
            if model_type == "kimi_k2":
                model_type = "deepseek_v3"
            self.text_config = config_class_for(model_type)(**self.text_config)
        elif self.text_config is None:
            self.text_config = DeepseekV3Config()
        super().__post_init__(**kwargs)


@register
class Step3p7Config(_Wrapper):
    model_type = "step3p7"
    FIELDS = _FIELDS["Step3p7Config"]

    def __post_init__(self, **kwargs):  # step3p7/cfg:324-337 (vision_config -> Step3p7VisionConfig not built)
        # NB: no flat-config fallback (unlike Qwen2-VL's text_params): without a text_config the top-level
        # text keys (num_hidden_layers, layer_types, sliding_window, rope_theta, ...) stay plain attributes
        # of the wrapper, and the language model (step3p7/mdl:959) is built from Step3p7TextConfig()
        # defaults.  A text_config dict loses its model_type key (cfg:335).
        if self.text_config is None:
            self.text_config = Step3p7TextConfig()
        elif isinstance(self.text_config, dict):
            self.text_config = Step3p7TextConfig(**{k: v for k, v in self.text_config.items() if k != "model_type"})
        super().__post_init__(**kwargs)


# CONFIG_MAPPING (models/auto/auto_mappings.py) restricted to the families the twin covers.
CONFIG_MAPPING = {c.model_type: c for c in (
    LlamaConfig, MistralConfig, MinistralConfig, Ministral3Config, Mistral3Config, Qwen3Config, SmolLM3Config,
    Exaone4Config, Olmo3Config, Cohere2Config, GptOssConfig, DeepseekV2Config, DeepseekV3Config, GlmConfig,
    Glm4Config, Glm4MoeConfig, Phi3Config, GPTNeoXConfig, Gemma3TextConfig, Gemma3Config, Gemma3nTextConfig,
    Gemma3nConfig, Gemma4TextConfig, Gemma4Config, ModernBertConfig, Llama4TextConfig, Llama4Config,
    Qwen2VLTextConfig, Qwen2VLConfig, Qwen2_5_VLTextConfig, Qwen2_5_VLConfig, Qwen3VLTextConfig, Qwen3VLConfig,
    Qwen3VLMoeTextConfig, Qwen3VLMoeConfig, Qwen3NextConfig, Qwen3_5TextConfig, Qwen3_5Config, BertConfig,
    GPT2Config, Qwen3MoeConfig, MixtralConfig, DeepseekV32Config, DeepseekV4Config, Kimi_K25Config,
    GlmMoeDsaConfig, MiniMaxM2Config, NemotronHConfig, Step3p7Config, MiMoV2FlashConfig)}
# (Step3p7TextConfig's model_type is "step3p5" (step3p7/cfg:110), which CONFIG_MAPPING gives to a different
# class; it is reached only through Step3p7Config.)


# Every model type transformers knows at this commit: CONFIG_MAPPING_NAMES keys
# (models/auto/auto_mappings.py:24-720).  A type outside it is refused by AutoConfig (AUTO:418-431)
# unless config.json's auto_map points at the checkpoint's own code and trust_remote_code=True
# (AUTO:389-409) -- that code is not transformers' and is out of scope here.
TRANSFORMERS_MODEL_TYPES = frozenset("""
afmoe aimv2 aimv2_text_model aimv2_vision_model albert align align_text_model align_vision_model altclip
altclip_text_model altclip_vision_model apertus arcee aria aria_text audio-spectrogram-transformer
audioflamingo3 audioflamingo3_encoder autoformer axk1 axk2 aya_vision bamba bark bart beit bert bert-
generation big_bird bigbird_pegasus biogpt bit bitnet blenderbot blenderbot-small blip blip-2 blip_2_qformer
blip_2_vision_model blip_text_model blip_vision_model bloom blt blt_global_transformer blt_local_decoder
blt_local_encoder blt_patcher bridgetower bridgetower_text_model bridgetower_vision_model bros camembert
canine chameleon chameleon_vqgan chinese_clip chinese_clip_text_model chinese_clip_vision_model chmv2 clap
clap_audio_model clap_text_model clip clip_text_model clip_vision_model clipseg clipseg_text_model
clipseg_vision_model clvp clvp_decoder clvp_encoder codegen cohere cohere2 cohere2_moe cohere2_vision
cohere_asr cohere_compass cohere_compass_text cohere_compass_vision colmodernvbert colpali colqwen2
conditional_detr convbert convnext convnextv2 cosmos3_edge cosmos3_edge_text cosmos3_edge_vision cosmos3_omni
cpmant csm csm_depth_decoder_model ctrl cvt cwm d_fine dab-detr dac data2vec-audio data2vec-text data2vec-
vision dbrx deberta deberta-v2 decision_transformer deepseek_ocr2 deepseek_ocr2_encoder
deepseek_ocr2_sam_vision_model deepseek_ocr2_text deepseek_ocr2_vision deepseek_v2 deepseek_v3 deepseek_v32
deepseek_v4 deepseek_vl deepseek_vl_hybrid deformable_detr deimv2 deit depth_anything depth_pro detr dia
dia_decoder dia_encoder diffllama diffusion_gemma diffusion_gemma_text dinat dinov2 dinov2_with_registers
dinov3_convnext dinov3_vit distilbert doge donut-swin dots1 dpr dpt edgetam edgetam_video edgetam_vision_model
efficientloftr efficientnet electra emu3 emu3_text_model emu3_vqgan encodec encoder-decoder eomt eomt_dinov3
ernie ernie4_5 ernie4_5_moe ernie4_5_vl_moe ernie4_5_vl_moe_text ernie4_5_vl_moe_vision esm eurobert evolla
exaone4 exaone4_5 exaone4_5_vision exaone_moe falcon falcon_h1 falcon_mamba fast_vlm fastspeech2_conformer
fastspeech2_conformer_hifigan fastspeech2_conformer_with_hifigan flaubert flava flava_image_model
flava_multimodal_model flava_text_model flex_olmo florence2 florence_vision fnet focalnet fsmt funnel fuyu
gemma gemma2 gemma3 gemma3_text gemma3n gemma3n_audio gemma3n_text gemma3n_vision gemma4 gemma4_assistant
gemma4_audio gemma4_text gemma4_unified gemma4_unified_assistant gemma4_unified_audio gemma4_unified_text
gemma4_unified_vision gemma4_vision git git_vision_model glm glm4 glm46v glm4_moe glm4_moe_lite glm4v
glm4v_moe glm4v_moe_text glm4v_moe_vision glm4v_text glm4v_vision glm_image glm_image_text glm_image_vision
glm_image_vqmodel glm_moe_dsa glm_ocr glm_ocr_text glm_ocr_vision glmasr glmasr_encoder glmga glpn got_ocr2
gpt2 gpt_bigcode gpt_neo gpt_neox gpt_neox_japanese gpt_oss gptj granite granite4_vision granite4_vision_text
granite_speech granite_speech_encoder granite_speech_plus granite_speech_plus_encoder granite_swa granitemoe
granitemoe_swa granitemoehybrid granitemoeshared grounding-dino groupvit groupvit_text_model
groupvit_vision_model helium hgnet_v2 hiera higgs_audio_v2 higgs_audio_v2_tokenizer hrm_text hubert
hunyuan_v1_dense hunyuan_v1_moe hunyuan_vl hunyuan_vl_text hunyuan_vl_vision hy_v3 hyperclovax ibert idefics
idefics2 idefics2_perceiver idefics2_vision idefics3 idefics3_vision idefics_perciever idefics_vision ijepa
imagegpt informer inkling_audio inkling_mm_model inkling_text inkling_vision instructblip instructblip_qformer
instructblip_vision_model instructblipvideo instructblipvideo_qformer instructblipvideo_vision_model internvl
internvl_vision jais2 jamba janus janus_vision_model janus_vqgan jetmoe jina_embeddings_v3 kimi_k25
kimi_k25_vision kosmos-2 kosmos-2.5 kosmos_2_5_text_model kosmos_2_5_vision_model kosmos_2_text_model
kosmos_2_vision_model kyutai_speech_to_text laguna lasr_ctc lasr_encoder layoutlm layoutlmv2 layoutlmv3
layoutxlm led levit lfm2 lfm2_moe lfm2_vl lightglue lighton_ocr lilt llama llama4 llama4_text
llama4_vision_model llava llava_next llava_next_video llava_onevision longcat_flash longformer longt5 luke
lw_detr lw_detr_vit lxmert m2m_100 mamba mamba2 marian markuplm mask2former maskformer maskformer-swin mbart
megatron-bert mellum metaclip_2 metaclip_2_text_model metaclip_2_vision_model mgp-str mimi mimo_v2_flash
minicpm3 minicpmv4_6 minicpmv4_6_vision minimax minimax_m2 minimax_m3_vl minimax_m3_vl_text
minimax_m3_vl_vision ministral ministral3 mistral mistral3 mistral4 mixtral mlcd_vision_model mllama
mllama_text_model mllama_vision_model mm-grounding-dino mobilebert mobilenet_v1 mobilenet_v2 mobilevit
mobilevitv2 modernbert modernbert-decoder modernvbert moonshine moonshine_streaming
moonshine_streaming_encoder moshi moshi_depth mpnet mpt mra mt5 muse_glimmer muse_glimmer_assistant
muse_glimmer_text muse_glimmer_vision musicflamingo musicgen musicgen_decoder musicgen_melody
musicgen_melody_decoder mvp nanochat nemotron nemotron3_5_asr nemotron_asr_streaming
nemotron_asr_streaming_encoder nemotron_h nllb-moe nomic_bert nougat nystromformer olmo olmo2 olmo3
olmo_hybrid olmoe omdet-turbo oneformer openai-gpt openai_privacy_filter opt ovis2 owlv2 owlv2_text_model
owlv2_vision_model owlvit owlvit_text_model owlvit_vision_model paddleocr_vl paddleocr_vl_text
paddleocr_vl_vision paligemma parakeet_ctc parakeet_encoder parakeet_rnnt patchtsmixer patchtst pe_audio
pe_audio_encoder pe_audio_video pe_audio_video_encoder pe_video pe_video_encoder pegasus pegasus_x perceiver
perception_lm persimmon phi phi3 phi4_multimodal phi4_multimodal_audio phi4_multimodal_vision phimoe pi0
pix2struct pix2struct_text_model pix2struct_vision_model pixio pixtral plbart poolformer pop2piano
pp_chart2table pp_doclayout_v2 pp_doclayout_v3 pp_formulanet pp_lcnet pp_lcnet_v3 pp_lcnet_v4
pp_ocrv5_mobile_det pp_ocrv5_mobile_rec pp_ocrv5_server_det pp_ocrv5_server_rec pp_ocrv6_medium_det
pp_ocrv6_small_det pp_ocrv6_small_rec pp_ocrv6_tiny_rec prompt_depth_anything prophetnet pvt pvt_v2
qianfan_ocr qianfan_ocr_vision qwen2 qwen2_5_omni qwen2_5_omni_audio_encoder qwen2_5_omni_bigvgan
qwen2_5_omni_dit qwen2_5_omni_talker qwen2_5_omni_text qwen2_5_omni_thinker qwen2_5_omni_token2wav
qwen2_5_omni_vision_encoder qwen2_5_vl qwen2_5_vl_text qwen2_5_vl_vision qwen2_audio qwen2_audio_encoder
qwen2_moe qwen2_vl qwen2_vl_text qwen2_vl_vision qwen3 qwen3_5 qwen3_5_moe qwen3_5_moe_text qwen3_5_moe_vision
qwen3_5_text qwen3_5_vision qwen3_asr qwen3_asr_encoder qwen3_moe qwen3_next qwen3_omni_moe
qwen3_omni_moe_audio_encoder qwen3_omni_moe_talker_code_predictor qwen3_omni_moe_talker_text
qwen3_omni_moe_text qwen3_omni_moe_thinker qwen3_omni_moe_vision_encoder qwen3_vl qwen3_vl_moe
qwen3_vl_moe_text qwen3_vl_moe_vision qwen3_vl_text qwen3_vl_vision radio rag recurrent_gemma reformer regnet
rembert resnet rf_detr rf_detr_dinov2 roberta roberta-prelayernorm roc_bert roformer rt_detr rt_detr_resnet
rt_detr_v2 rwkv sam sam2 sam2_hiera_det_model sam2_video sam2_vision_model sam3 sam3_detr_decoder
sam3_detr_encoder sam3_geometry_encoder sam3_lite_text sam3_lite_text_detr_decoder sam3_lite_text_detr_encoder
sam3_lite_text_geometry_encoder sam3_lite_text_mask_decoder sam3_lite_text_text_model sam3_mask_decoder
sam3_tracker sam3_tracker_video sam3_video sam3_vision_model sam3_vit_model sam_hq sam_hq_vision_model
sam_vision_model sapiens2 sapiens2_head seamless_m4t seamless_m4t_v2 seed_oss segformer seggpt sew sew-d
shieldgemma2 siglip siglip2 siglip2_text_model siglip2_vision_model siglip_text_model siglip_vision_model
slanet slanext smollm3 smolvlm smolvlm_vision solar_open speech-encoder-decoder speech_to_text speecht5
speecht5_hifigan splinter squeezebert stablelm starcoder2 step3p5 step3p5_vision step3p7 superglue superpoint
swiftformer swin swin2sr swinv2 switch_transformers t5 t5_gemma_module t5gemma t5gemma2 t5gemma2_decoder
t5gemma2_encoder t5gemma2_text table-transformer tapas textnet time_series_transformer timesfm timesfm2_5
timesformer timm_backbone timm_wrapper tipsv2 tipsv2_dpt tipsv2_text_model tipsv2_vision_model trocr tvp udop
umt5 unispeech unispeech-sat univnet upernet uvdoc uvdoc_backbone vaultgemma vibevoice_acoustic_tokenizer
vibevoice_asr video_llama_3 video_llama_3_vision video_llava videomae videomt videoprism videoprism_text_model
videoprism_vision_model vilt vipllava vision-encoder-decoder vision-text-dual-encoder visual_bert vit vit_mae
vit_msn vitdet vitmatte vitpose vitpose_backbone vits vivit vjepa2 voxtral voxtral_encoder voxtral_realtime
voxtral_realtime_encoder voxtral_realtime_text wav2vec2 wav2vec2-bert wav2vec2-conformer wavlm whisper xclip
xclip_text_model xclip_vision_model xcodec xcodec2 xglm xlm xlm-roberta xlm-roberta-xl xlnet xlstm xmod yolos
yoso youtu zamba zamba2 zaya zoedepth
""".split())


def config_class_for(model_type):
    if model_type not in TRANSFORMERS_MODEL_TYPES:
        raise Refused("model_type %r is not in transformers' CONFIG_MAPPING (AUTO:418-431; auto_mappings.py:24-720)"
                      "; an auto_map would need trust_remote_code=True and the checkpoint's own code" % (model_type,))
    if model_type not in CONFIG_MAPPING:
        raise Unsupported("model_type %r is a transformers model type this twin does not cover" % (model_type,))
    return CONFIG_MAPPING[model_type]


class Unsupported(Exception):
    pass


def load_config(config_dict):
    """AutoConfig.from_pretrained on a local config.json (AUTO:410-431) -> from_dict (CU:861-902)."""
    if "model_type" not in config_dict:  # AUTO:433-436
        raise Refused("Unrecognized model: config.json has no `model_type` (AUTO:433-436)")
    # AUTO:412-416: a "mistral" config that has layer_types is loaded as "ministral"
    if config_dict["model_type"] == "mistral" and "layer_types" in config_dict:
        config_dict["model_type"] = "ministral"
    cls = config_class_for(config_dict["model_type"])
    return cls(**config_dict)  # CU:902


# ------------------------------------------------------------------------------------------------
# Model build + first forward, per family.
# ------------------------------------------------------------------------------------------------
class Result:
    def __init__(self):
        self.layer_types = []
        self.sets = {}
        self.softmax_scale = 1.0
        self.mrope_section = None
        self.mrope_interleaved = None
        self.rotation = None
        self.attn_temperature = None
        self.query_scaling = None


def _hd(config):  # the common `getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)`
    return getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)


def _hd_or(config):  # `getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads`
    return getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads


def _need_int_head(head_dim, where):
    if not isinstance(head_dim, int) or isinstance(head_dim, bool):
        # nn.Linear(hidden, heads * None) raises TypeError at model init
        raise Refused("model init: attention head_dim is %r (%s)" % (head_dim, where))
    return head_dim


def _check_full(span, head_dim, where):
    """cos/sin (width `span`) multiply the whole head (width head_dim): widths must agree."""
    if span != head_dim:
        raise Refused("forward: cos/sin width %d cannot broadcast against head_dim %d -- %s applies RoPE to the "
                      "whole head, without partial-rotary slicing" % (span, head_dim, where))


def _check_slice(span, head_dim, where):
    """apply_rotary_pos_emb rotates q[..., :rotary_dim] with rotary_dim = cos.shape[-1]."""
    if span > head_dim:
        raise Refused("forward: rotary_dim %d exceeds head_dim %d (%s)" % (span, head_dim, where))


def _fill(res, names, rope_layers, one_set=None, per_type=None):
    """layer_types with 'none' where no RoPE is applied; sets keyed by the names of RoPE layers."""
    res.layer_types = [n if r else "none" for n, r in zip(names, rope_layers)]
    for n, r in zip(names, rope_layers):
        if r:
            res.sets[n] = one_set if per_type is None else per_type[n]


def _uniform_names(config, sliding_switch):
    n = config.num_hidden_layers
    if sliding_switch and config.sliding_window is not None:
        return ["sliding_attention"] * n
    return ["full_attention"] * n


def run_llama_like(config, seq_len, res, *, names, rope_layers=None, default_fn=default_full_head,
                   head_dim=None, apply="full", rotation="half", where="", decorated=True):
    s = single_rotary(config, default_fn, seq_len, decorated=decorated)
    if rope_layers is None:
        rope_layers = [True] * len(names)
    if any(rope_layers) and head_dim is not None:
        (_check_full if apply == "full" else _check_slice)(s.span, head_dim, where)
    res.rotation = rotation
    _fill(res, names, rope_layers, one_set=s)
    return s


def model_llama(config, seq_len, res):
    # llama/mdl:73-127 rotary; llama/mdl:130-160 rotate_half on the whole head; every layer the same
    # causal mask (llama/mdl:391), no layer_types.
    hd = _need_int_head(_hd(config), "llama/mdl:224")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), head_dim=hd, where="llama/mdl:138-160")


def model_mistral(config, seq_len, res):
    # mistral/mdl:364: create_sliding_window_causal_mask for every layer when sliding_window is set
    hd = _need_int_head(_hd_or(config), "mistral/mdl:129")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, True), head_dim=hd, where="mistral apply_rotary_pos_emb")


def model_ministral(config, seq_len, res):
    # ministral/mdl:142-155: per-layer sliding window from config.layer_types
    hd = _need_int_head(_hd(config), "ministral/mdl:145 (MinistralConfig leaves head_dim None)")
    run_llama_like(config, seq_len, res, names=list(config.layer_types), head_dim=hd, where="ministral/mdl:74-96")


def model_ministral3(config, seq_len, res):
    hd = _need_int_head(_hd_or(config), "ministral3/mdl:118")
    # ministral3/mdl:375: one mask for all layers, sliding iff config.sliding_window is set
    run_llama_like(config, seq_len, res, names=_uniform_names(config, True), head_dim=hd, where="ministral3/mdl:43-65")
    # ministral3/mdl:105-107, 146-150: after RoPE, on every layer,
    #   q *= 1 + beta * log(1 + floor(pos / original_max_position_embeddings))
    # with beta = rope_parameters["llama_4_scaling_beta"] (read with .get -> None if absent).
    beta = config.rope_parameters.get("llama_4_scaling_beta")
    omax = config.rope_parameters.get("original_max_position_embeddings")
    if beta is None or omax is None:  # `None * tensor` / `tensor / None` raise TypeError at forward
        raise Refused("forward: get_llama_4_attn_scale(beta=%r, original_max_position_embeddings=%r) raises "
                      "TypeError (ministral3/mdl:105-107, 146-150)" % (beta, omax))
    res.query_scaling = {"beta": float(beta), "original_max_position_embeddings": omax}


def model_qwen3(config, seq_len, res):
    hd = _need_int_head(_hd(config), "qwen3/mdl:219")
    run_llama_like(config, seq_len, res, names=list(config.layer_types), head_dim=hd, where="qwen3/mdl:148-170")


def model_smollm3(config, seq_len, res):
    # smollm3/mdl:200, 222-224: RoPE only where no_rope_layers[layer_idx] is truthy
    hd = _need_int_head(_hd(config), "smollm3/mdl:181")
    n = config.num_hidden_layers
    use_rope = [bool(config.no_rope_layers[i]) for i in range(n)]  # IndexError if the list is short
    run_llama_like(config, seq_len, res, names=list(config.layer_types), rope_layers=use_rope, head_dim=hd,
                   where="smollm3/mdl:111-133")


def model_exaone4(config, seq_len, res):
    # exaone4/mdl:207-210, 240-242: "global NoPE for hybrid attention model": with a sliding window,
    # only sliding layers rotate; without one, all layers do.
    hd = _need_int_head(_hd(config), "exaone4/mdl:202")
    use_rope = [config.sliding_window is None or lt == "sliding_attention" for lt in config.layer_types]
    run_llama_like(config, seq_len, res, names=list(config.layer_types), rope_layers=use_rope, head_dim=hd,
                   where="exaone4/mdl:132-154")


def model_cohere2(config, seq_len, res):
    # cohere2/mdl:198, 229-230: RoPE only on sliding layers, and only if config.sliding_window is set
    hd = _need_int_head(_hd(config), "cohere2/mdl:193")
    use_rope = [lt == "sliding_attention" and config.sliding_window is not None for lt in config.layer_types]
    # cohere2/mdl:89 repeat_interleave + cohere2/mdl:150-155 rotate_half on x[..., ::2], x[..., 1::2]
    run_llama_like(config, seq_len, res, names=list(config.layer_types), rope_layers=use_rope, head_dim=hd,
                   rotation="interleaved", where="cohere2/mdl:158-180")


def model_gpt_oss(config, seq_len, res):
    # gpt_oss/mdl:196 emb = freqs (no cat); gpt_oss/mdl:215-232 chunk(x, 2): first/second half pairs
    hd = _need_int_head(_hd(config), "gpt_oss/mdl:275")
    run_llama_like(config, seq_len, res, names=list(config.layer_types), head_dim=hd, where="gpt_oss/mdl:215-232")


def _deepseek(config, seq_len, res, rotation, where):
    # RoPE acts on the qk_rope_head_dim slice of q and on the shared k_rot (config.head_dim ==
    # qk_rope_head_dim, deepseek_v2/cfg:125, deepseek_v3/cfg:124); all layers, one causal mask.
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), head_dim=config.qk_rope_head_dim,
                   rotation=rotation, where=where)
    # deepseek_v3/mdl:273-286 (== deepseek_v2/mdl:283-296), used at deepseek_v3/mdl:407:
    #   if rope_type != "default" and mscale_all_dim: scaling *= mscale(factor, mscale_all_dim)**2,
    #   mscale(s, m) = 1 if s <= 1 else 0.1*m*ln(s) + 1.
    rp = config.rope_parameters
    scale = 1.0
    if rp.get("rope_type", "default") != "default":
        mscale_all_dim = rp.get("mscale_all_dim", 0)
        if "factor" not in rp:
            raise Refused("model init: yarn_apply_mscale reads rope_parameters['factor'] (deepseek_v3/mdl:282)")
        scaling_factor = rp["factor"]
        if mscale_all_dim:
            if scaling_factor is None:
                raise Refused("model init: yarn_get_mscale(None, ...) raises TypeError (deepseek_v3/mdl:274)")
            m = _yarn_get_mscale(scaling_factor, mscale_all_dim)
            scale = scale * m * m
    res.softmax_scale = scale


def model_deepseek_v2(config, seq_len, res):
    # deepseek_v2/mdl:215-227 freqs_cis = polar(1, freqs); deepseek_v2/mdl:267-280 view_as_complex on
    # (x0, x1), (x2, x3), ... pairs
    _deepseek(config, seq_len, res, "interleaved", "deepseek_v2/mdl:267-280")


def model_deepseek_v3(config, seq_len, res):
    # deepseek_v3/mdl:454-457: rope_interleave (default True) -> apply_rotary_pos_emb_interleave
    # (deepseek_v3/mdl:322-353: pairs (2i, 2i+1)), else rotate_half (deepseek_v3/mdl:289-319)
    rotation = "interleaved" if config.rope_interleave else "half"
    _deepseek(config, seq_len, res, rotation, "deepseek_v3/mdl:297-353")


def model_glm(config, seq_len, res, m="glm"):
    # glm/mdl:162-200 (== glm4/mdl:150-188): cos[..., :d/2].repeat_interleave(2) and rotate_half on
    # even/odd slices, applied to q[..., :rotary_dim] only (rotary_dim = cos.shape[-1])
    hd = _need_int_head(_hd(config), "%s attention head_dim" % m)
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), default_fn=default_partial,
                   head_dim=hd, apply="slice", rotation="interleaved", where="%s apply_rotary_pos_emb" % m)


def model_glm4(config, seq_len, res):
    model_glm(config, seq_len, res, "glm4")


def model_glm4_moe(config, seq_len, res):
    # glm4_moe/mdl:142-180: plain rotate_half on q[..., :rotary_dim] (no repeat_interleave, unlike GLM/GLM-4)
    hd = _need_int_head(_hd(config), "glm4_moe/mdl:192")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), default_fn=default_partial,
                   head_dim=hd, apply="slice", where="glm4_moe/mdl:149-180")


def model_phi3(config, seq_len, res):
    # phi3/mdl:170-200 rotate_half on q[..., :rotary_dim]; phi3/mdl:395 sliding mask for all layers
    # when config.sliding_window is set
    hd = _need_int_head(_hd(config), "phi3/mdl:207")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, True), default_fn=default_partial,
                   head_dim=hd, apply="slice", where="phi3/mdl:170-200")


def model_gpt_neox(config, seq_len, res):
    # gpt_neox/mdl:111-150: rotate_half on q[..., :rotary_dim]; head_size = hidden/heads (gpt_neox/mdl:184)
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), default_fn=default_partial,
                   head_dim=config.hidden_size // config.num_attention_heads, apply="slice",
                   where="gpt_neox/mdl:118-150")


def _hybrid_layers(config):
    # qwen3_next/mdl:807-811, 836-852 (== qwen3_5/mdl:745-749): linear_attention -> Gated DeltaNet (no
    # RoPE), full_attention -> softmax attention with RoPE; any other type builds no token mixer.
    return [lt == "full_attention" for lt in config.layer_types]


def model_qwen3_next(config, seq_len, res):
    hd = _need_int_head(_hd(config), "qwen3_next/mdl:243")
    run_llama_like(config, seq_len, res, names=list(config.layer_types), rope_layers=_hybrid_layers(config),
                   default_fn=default_partial, head_dim=hd, apply="slice", where="qwen3_next/mdl:161-196")


def model_qwen3_5(config, seq_len, res):
    hd = _need_int_head(_hd(config), "qwen3_5/mdl:637")
    run_llama_like(config, seq_len, res, names=list(config.layer_types), rope_layers=_hybrid_layers(config),
                   default_fn=default_partial, head_dim=hd, apply="slice", where="qwen3_5/mdl:555-590")
    # qwen3_5/mdl:101 default section [11, 11, 10]; qwen3_5/mdl:149-163 interleaved T/H/W layout --
    # always, whatever rope_parameters["mrope_interleaved"] says
    res.mrope_section = list(config.rope_parameters.get("mrope_section", [11, 11, 10]))
    res.mrope_interleaved = True


def _qwen2vl(config, seq_len, res, m, mrope_line, head_line):
    # The rotary forward is NOT decorated with @dynamic_rope_update (qwen2_vl/mdl:155-170,
    # qwen2_5_vl/mdl:524-538): dynamic / longrope never update.  Attention head_dim = hidden/heads.
    hd = config.hidden_size // config.num_attention_heads  # head_line
    s = run_llama_like(config, seq_len, res, names=list(config.layer_types), head_dim=hd, decorated=False,
                       where="%s apply_multimodal_rotary_pos_emb" % m)
    rp = config.rope_parameters
    if "mrope_section" not in rp:  # KeyError at forward (qwen2_vl/mdl:530-532)
        raise Refused("forward: rope_parameters['mrope_section'] is missing (%s)" % mrope_line)
    sec = list(rp["mrope_section"])
    # qwen2_vl/mdl:212-218: cos.split(mrope_section * 2) must tile the cos width exactly; chunk i takes
    # the temporal / height / width position stream i % 3 -> contiguous T|H|W blocks per half.
    if 2 * sum(sec) != s.span:
        raise Refused("forward: split(mrope_section*2) sizes sum to %d, cos width is %d (%s)"
                      % (2 * sum(sec), s.span, mrope_line))
    res.mrope_section = sec
    res.mrope_interleaved = False


def model_qwen2_vl(config, seq_len, res):
    _qwen2vl(config, seq_len, res, "qwen2_vl", "qwen2_vl/mdl:180-222, 530-532", "qwen2_vl/mdl:488")


def model_qwen2_5_vl(config, seq_len, res):
    _qwen2vl(config, seq_len, res, "qwen2_5_vl", "qwen2_5_vl/mdl:557-600, 663-665", "qwen2_5_vl/mdl:621")


def model_qwen3_vl(config, seq_len, res, where="qwen3_vl/mdl:326, 365, 372-387"):
    hd = _need_int_head(_hd(config), "qwen3_vl attention head_dim")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), head_dim=hd,
                   where="qwen3_vl apply_rotary_pos_emb")
    # qwen3_vl/mdl:326 (qwen3_vl_moe/mdl:757): section default [24, 20, 20]; the forward always calls
    # apply_interleaved_mrope (qwen3_vl/mdl:365, 372-387): "mrope_interleaved" in the config is ignored
    res.mrope_section = list(config.rope_parameters.get("mrope_section", [24, 20, 20]))
    res.mrope_interleaved = True


def model_qwen3_vl_moe(config, seq_len, res):
    model_qwen3_vl(config, seq_len, res, where="qwen3_vl_moe/mdl:757, 796, 803-818")


def model_llama4(config, seq_len, res):
    # llama4/mdl:178-230: freqs_cis = polar(1, freqs) * attention_scaling; llama4/mdl:233-242
    # view_as_complex on (x0, x1) pairs -> interleaved.  llama4/mdl:326, 357-360: RoPE only where
    # config.no_rope_layers[layer_idx] is truthy (layer_types only picks the mask).
    hd = _need_int_head(_hd(config), "llama4/mdl:316")
    use_rope = [bool(config.no_rope_layers[i]) for i in range(config.num_hidden_layers)]
    run_llama_like(config, seq_len, res, names=list(config.layer_types), rope_layers=use_rope, head_dim=hd,
                   rotation="interleaved", where="llama4/mdl:233-242")
    # llama4/mdl:366-374: on NoPE layers (use_rope falsy) when attn_temperature_tuning:
    #   q *= log1p(floor((pos + 1) / floor_scale)) * attn_scale + 1
    res.attn_temperature = {"enabled": bool(config.attn_temperature_tuning),
                            "floor_scale": config.floor_scale, "attn_scale": config.attn_scale}


def _per_type_model(config, seq_len, res, head_dim_for, where, layer_config_for=None, default_fn=default_full_head):
    sets = per_type_rotary(config, default_fn, seq_len, layer_config_for=layer_config_for)
    for lt, s in sets.items():
        _check_full(s.span, head_dim_for(lt), where)
    res.rotation = "half"
    _fill(res, list(config.layer_types), [True] * len(config.layer_types), per_type=sets)


def model_gemma3(config, seq_len, res):
    # gemma3/mdl:156-225 one inv_freq per layer type; gemma3/mdl:559-567 each layer gets its type's
    hd = _need_int_head(_hd(config), "gemma3/mdl:316")
    _per_type_model(config, seq_len, res, lambda lt: hd, "gemma3/mdl:236-260")


def model_gemma3n(config, seq_len, res):
    hd = _need_int_head(_hd(config), "gemma3n/mdl:1172")
    _per_type_model(config, seq_len, res, lambda lt: hd, "gemma3n/mdl:1141-1160")


def model_olmo3(config, seq_len, res):
    hd = _need_int_head(_hd(config), "olmo3/mdl:144")
    _per_type_model(config, seq_len, res, lambda lt: hd, "olmo3/mdl:103-127")


def model_modernbert(config, seq_len, res):
    hd = config.hidden_size // config.num_attention_heads  # modernbert/mdl:245
    _per_type_model(config, seq_len, res, lambda lt: hd, "modernbert/mdl:196-220")


def model_gemma4(config, seq_len, res):
    # gemma4/mdl:1111: each type's inv_freq is built from config.per_layer_config[layer_type] -- full
    # layers carry head_dim = global_head_dim (gemma4/cfg:210-223); the attention uses the same
    # per-layer head_dim (gemma4/mdl:1177-1178).
    def layer_cfg(lt):
        try:
            return config.per_layer_config[lt]
        except ValueError as e:
            raise Refused("model init: per_layer_config[%r]: %s (gemma4/mdl:1111)" % (lt, e))

    sets = per_type_rotary(config, default_full_head, seq_len, layer_config_for=layer_cfg)
    for lt, s in sets.items():
        hd = _need_int_head(layer_cfg(lt).head_dim, "gemma4/mdl:1178")
        _check_full(s.span, hd, "gemma4/mdl:784-805")
        if s.rope_type == "proportional":  # rotating pairs only: MRU:246 rope_angles
            lc = layer_cfg(lt)
            rp = config.rope_parameters[lt]
            head_dim = getattr(lc, "head_dim", None) or lc.hidden_size // lc.num_attention_heads
            s.rotary_dim = 2 * int(rp.get("partial_rotary_factor", 1.0) * head_dim // 2)
    res.rotation = "half"
    _fill(res, list(config.layer_types), [True] * len(config.layer_types), per_type=sets)


def model_absolute(config, seq_len, res):
    # bert/mdl, gpt2/mdl: learned absolute position embeddings, no rotary module at all
    res.layer_types = ["none"] * config.num_hidden_layers

# --- families added: Qwen3-MoE, Mixtral, DeepSeek-V3.2, DeepSeek-V4, GLM-MoE-DSA, MiniMax-M2, Nemotron-H,
# --- Step-3.7, MiMo-V2-Flash (Kimi-K2.5 runs its text_config's runner, i.e. DeepSeek-V3)
def model_qwen3_moe(config, seq_len, res):
    # qwen3_moe/mdl:381-436 one rotary; its default (mdl:401-417) spans the whole head_dim; mdl:51-81
    # rotate_half on the whole head.  mdl:483: ONE mask for every layer -- sliding iff config.sliding_window
    # (i.e. use_sliding_window, qwen3_moe/cfg:115); the attention passes the same window (mdl:149, 184).
    hd = _need_int_head(_hd(config), "qwen3_moe/mdl:129")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, True), head_dim=hd, where="qwen3_moe/mdl:59-81")


def model_mixtral(config, seq_len, res):
    # mixtral/mdl:154-208 rotary (default mdl:174-190: whole head_dim); mdl:211-241 rotate_half on the whole
    # head; mdl:454 sliding mask for every layer iff config.sliding_window (the attention too, mdl:332)
    hd = _need_int_head(_hd_or(config), "mixtral/mdl:289")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, True), head_dim=hd, where="mixtral/mdl:219-241")


def _dsa_mscale(config, where):
    # deepseek_v32/mdl:296-309 (== glm_moe_dsa/mdl:295-308) yarn_apply_mscale, used for the attention
    # scaling at deepseek_v32/mdl:400 (glm_moe_dsa/mdl:364): for any non-default rope_type,
    # scaling *= mscale(factor, mscale_all_dim)**2 when mscale_all_dim is truthy.
    rp = config.rope_parameters
    scale = 1.0
    if rp.get("rope_type", "default") != "default":
        mscale_all_dim = rp.get("mscale_all_dim", 0)
        if "factor" not in rp:
            raise Refused("model init: yarn_apply_mscale reads rope_parameters['factor'] (%s)" % where)
        scaling_factor = rp["factor"]
        if mscale_all_dim:
            if scaling_factor is None:
                raise Refused("model init: yarn_get_mscale(None, ...) raises TypeError (%s)" % where)
            m = _yarn_get_mscale(scaling_factor, mscale_all_dim)
            scale = scale * m * m
    return scale


def _dsa(config, seq_len, res, *, runs_indexer, mscale_where, rope_where, mask_where, split_where):
    """DeepSeek-V3.2 / GLM-MoE-DSA: DeepSeek-V3 MLA (RoPE on the qk_rope_head_dim slice, config.head_dim ==
    qk_rope_head_dim, interleaved pairs) plus a DSA Lightning Indexer that applies the same cos/sin to the
    first qk_rope_head_dim dims of its own index_head_dim-wide q / k."""
    n = config.num_hidden_layers
    softmax_scale = _dsa_mscale(config, mscale_where)  # attention __init__, before the rotary module
    names = list(config.layer_types)
    run_llama_like(config, seq_len, res, names=names, head_dim=config.qk_rope_head_dim, rotation="interleaved",
                   where=rope_where)
    # forward: causal_mask_mapping holds only "deepseek_sparse_attention" (deepseek_v32/mdl:749,
    # glm_moe_dsa/mdl:727) and each layer looks its type up (deepseek_v32/mdl:757, glm_moe_dsa/mdl:736)
    for lt in sorted(set(names)):
        if lt != "deepseek_sparse_attention":
            raise Refused("forward: causal_mask_mapping has only 'deepseek_sparse_attention'; layer type %r -> "
                          "KeyError (%s)" % (lt, mask_where))
    # indexer: torch.split(q, [qk_rope_head_dim, index_head_dim - qk_rope_head_dim]) needs a non-negative rest
    if any(runs_indexer) and config.qk_rope_head_dim > config.index_head_dim:
        raise Refused("forward: indexer torch.split(q, [%d, %d]) fails: qk_rope_head_dim exceeds index_head_dim (%s)"
                      % (config.qk_rope_head_dim, config.index_head_dim - config.qk_rope_head_dim, split_where))
    res.softmax_scale = softmax_scale
    return n


def model_deepseek_v32(config, seq_len, res):
    # deepseek_v32/mdl:68-124 one Llama-style rotary (default: whole config.head_dim == qk_rope_head_dim);
    # mdl:436-444 the MLA q_rot / shared k_rot go through apply_rotary_pos_emb_interleave (mdl:312-348:
    # pairs (2i, 2i+1)) -- always: no rope_interleave switch here (a config.json rope_interleave is a
    # plain attribute).  Every layer has an indexer (mdl:401).
    # NOT EXPRESSIBLE in the output: the indexer (mdl:226-233) rotates the FIRST qk_rope_head_dim dims of
    # its index_head_dim-wide q / k with the half-split rotate_half layout (mdl:127-157), unlike the
    # interleaved MLA rotation reported under "rotation"; it only steers the top-k token selection.
    _dsa(config, seq_len, res, runs_indexer=[True] * config.num_hidden_layers,
         mscale_where="deepseek_v32/mdl:302-309, 400", rope_where="deepseek_v32/mdl:312-348, 444",
         mask_where="deepseek_v32/mdl:749, 757", split_where="deepseek_v32/mdl:227, 230")


def model_glm_moe_dsa(config, seq_len, res):
    # glm_moe_dsa/mdl:68-122 rotary (default: whole config.head_dim == qk_rope_head_dim); mdl:412 MLA and
    # mdl:232 indexer both use apply_rotary_pos_emb_interleave (mdl:125-161) -- the hub's rope_interleave /
    # indexer_rope_interleave keys are plain attributes nobody reads.
    # glm_moe_dsa/mdl:366-367: config.indexer_types[layer_idx] (IndexError if the list is short) -- "shared"
    # layers build no indexer and reuse the previous layer's top-k (mdl:422-436).
    n = config.num_hidden_layers
    types = config.indexer_types
    if len(types) < n:
        raise Refused("model init: config.indexer_types[%d] -> IndexError (glm_moe_dsa/mdl:366)" % len(types))
    runs_indexer = [types[i] != "shared" for i in range(n)]
    _dsa(config, seq_len, res, runs_indexer=runs_indexer,
         mscale_where="glm_moe_dsa/mdl:301-308, 364", rope_where="glm_moe_dsa/mdl:125-161, 412",
         mask_where="glm_moe_dsa/mdl:727, 736", split_where="glm_moe_dsa/mdl:226, 229")
    if n and not runs_indexer[0]:  # glm_moe_dsa/mdl:433-435: a shared layer with no earlier full layer
        raise Refused("forward: layer 0 is a 'shared' DSA layer with no previous top-k -> ValueError "
                      "(glm_moe_dsa/mdl:434-435)")


def model_deepseek_v4(config, seq_len, res):
    # deepseek_v4/mdl:75-159 DeepseekV4RotaryEmbedding: one inv_freq per rope LABEL -- every dict-valued key
    # of config.rope_parameters (mdl:100), i.e. "main" and "compress" -- default = per-label partial rotary
    # (mdl:115-141), others via ROPE_INIT_FUNCTIONS with layer_type=label; the forward returns cos/sin of
    # the bare freqs (no cat), one per pair (mdl:143-159).  The model (mdl:1311-1314) and every compressor /
    # indexer (mdl:383, 495, 611) build the same tables from the same config.
    n = config.num_hidden_layers
    names = list(config.layer_types)
    hd = _need_int_head(config.head_dim, "deepseek_v4/mdl:771")
    # model init, layers first (mdl:1263): CSA / HCA attention builds a compressor that reads its rate
    # (mdl:377 HCA, mdl:605 + 486 CSA with its indexer, mdl:612)
    for lt in sorted(set(names)):
        if lt != "sliding_attention" and lt not in config.compress_rates:
            raise Refused("model init: config.compress_rates[%r] -> KeyError (deepseek_v4/mdl:377, 605)" % lt)
    labels = [k for k, v in config.rope_parameters.items() if isinstance(v, dict)]  # mdl:100
    sets = {}
    for label in labels:  # mdl:102-111, in dict order (a standardize call inside one may touch the next)
        rope_type = config.rope_parameters[label]["rope_type"]
        fn = _init_fn(rope_type, default_partial_per_type)
        inv_freq, attention_scaling = fn(config, layer_type=label)
        inv_freq = _forward_update(config, rope_type, fn, inv_freq, seq_len, label)  # MRU:95-118 per label
        sets[label] = RopeSet(inv_freq, attention_scaling, rope_type, config.rope_parameters[label]["rope_theta"])
    for label in ("main", "compress"):  # forward: mdl:1311-1314 getattr(self, f"{label}_inv_freq")
        if label not in sets:
            raise Refused("forward: rotary has no %r table -> AttributeError (deepseek_v4/mdl:150, 1312-1313)" % label)
    # mdl:768: sliding-only layers use "main", CSA / HCA layers "compress".  mdl:333-350: cos/sin are
    # repeat_interleave(2)'d and rotate the TRAILING 2*len(inv_freq) channels of the head with rotate_half on
    # even/odd pairs (mdl:326-330) -> "interleaved"; a span of 0 or wider than the head cannot broadcast.
    per_type = {}
    for lt in sorted(set(names)):
        s = sets["main" if lt == "sliding_attention" else "compress"]
        widths = [(hd, "head_dim", "deepseek_v4/mdl:810-813")]
        if lt == "compressed_sparse_attention":  # the CSA indexer rotates its index_head_dim-wide q / keys
            widths.append((config.index_head_dim, "index_head_dim", "deepseek_v4/mdl:546, 556"))
        for width, what, where in widths:
            if s.span == 0 or s.span > width:
                raise Refused("forward: rotary span %d cannot broadcast against the trailing slice of %s %d (%s)"
                              % (s.span, what, width, where))
        per_type[lt] = s
    res.rotation = "interleaved"
    _fill(res, names, [True] * n, per_type=per_type)
    # mdl:775: scaling = head_dim**-0.5 (no mscale); cfg:319-320 forces the compress YaRN attention_factor
    # to 1.0 unless rope_scaling sets one.
    # NOT EXPRESSIBLE in the output: (1) the rotated slice is the LAST rotary_dim channels of the head
    # (mdl:347-348), not the first; (2) the attention output's rope slice is rotated back with -sin at the
    # query position (mdl:853-859); (3) CSA / HCA compressed KV entries are rotated at the position of their
    # window start, i*compress_rate (+ cache offset) (mdl:410-413, 542-546, 667-671), and the CSA indexer
    # rotates its queries at the token positions (mdl:554-556).


def model_minimax_m2(config, seq_len, res):
    # minimax_m2/mdl:148-204 rotary; its default honours rope_parameters["partial_rotary_factor"]
    # (mdl:168-187); mdl:244-284 rotate_half on q[..., :rotary_dim] only; mdl:466-473 a plain causal mask
    # for every layer ("No sliding window opposed to mixtral").  The hub's `rotary_dim` key is NOT read:
    # without partial_rotary_factor the whole head rotates.
    hd = _need_int_head(_hd(config), "minimax_m2/mdl:294")
    run_llama_like(config, seq_len, res, names=_uniform_names(config, False), default_fn=default_partial,
                   head_dim=hd, apply="slice", where="minimax_m2/mdl:262-277")


def model_nemotron_h(config, seq_len, res):
    # nemotron_h/mdl:1029-1037: NemotronHModel builds no rotary module; every entry of layers_block_type is a
    # decoder layer of its own (mdl:911-912, MIXER_TYPES mdl:881-886: Mamba-2 / attention / MoE / MLP) and
    # NemotronHAttention.forward (mdl:844-878) never calls apply_rotary_pos_emb (defined at mdl:764, unused):
    # the attention layers are NoPE, so no layer applies RoPE.
    res.layer_types = ["none"] * config.num_hidden_layers


def model_step3p7(config, seq_len, res):
    # step3p7/mdl:435-506 one inv_freq per layer type (set(config.layer_types), mdl:442), default = per-type
    # partial rotary (mdl:460-486); a None entry is skipped at init (mdl:446-447) but the forward then reads
    # its table (mdl:490, 905-906).
    sets = per_type_rotary(config, default_partial_per_type, seq_len,
                           none_where="step3p7/mdl:446-447, 490")
    names = list(config.layer_types)
    # mdl:898-900: masks exist for "full_attention" and "sliding_attention" only (mdl:911 looks them up)
    for lt in sorted(set(names)):
        if lt not in ("full_attention", "sliding_attention"):
            raise Refused("forward: causal_mask_mapping has no %r entry -> KeyError (step3p7/mdl:898-900, 911)" % lt)
    # mdl:763: each attention is built from config.per_layer_config[layer_idx] (sliding layers may carry their
    # own num_attention_heads); mdl:686 head_dim; mdl:638-673 rotate_half on q[..., :rotary_dim] only
    for i, lt in enumerate(names):
        lc = config.per_layer_config[i]
        hd = _need_int_head(_hd(lc), "step3p7/mdl:686")
        _check_slice(sets[lt].span, hd, "step3p7/mdl:662-664")
    res.rotation = "half"
    _fill(res, names, [True] * len(names), per_type=sets)
    # mdl:688: scaling = query_pre_attn_scalar**-0.5, query_pre_attn_scalar defaulting to head_dim
    # (step3p7/cfg:251-252) -- the model's own plain choice, as for Gemma: softmax_scale stays 1.0.


def model_mimo_v2_flash(config, seq_len, res):
    # mimo_v2_flash/mdl:67-137 one inv_freq per layer type (mdl:74-88; a None entry is skipped, mdl:78-79,
    # and the forward then reads its table, mdl:121); default = per-type partial rotary with a 0.334 fallback
    # (mdl:92-117)
    sets = per_type_rotary(config, default_partial_per_type_mimo, seq_len,
                           none_where="mimo_v2_flash/mdl:78-79, 121")
    names = list(config.layer_types)
    # mdl:561-567: masks are built only for "full_attention" / "sliding_attention" (KeyError otherwise)
    for lt in sorted(set(names)):
        if lt not in ("full_attention", "sliding_attention"):
            raise Refused("forward: no mask function for layer type %r -> KeyError (mimo_v2_flash/mdl:561-567)" % lt)
    # mdl:357 head_dim (q/k; v uses v_head_dim); mdl:263-296 rotate_half on q[..., :rotary_dim] only
    hd = _need_int_head(_hd(config), "mimo_v2_flash/mdl:357")
    for lt, s in sets.items():
        _check_slice(s.span, hd, "mimo_v2_flash/mdl:285-287")
    res.rotation = "half"
    _fill(res, names, [True] * len(names), per_type=sets)
    # mdl:359: scaling = head_dim**-0.5.  Not RoPE but worth knowing: values are multiplied by
    # attention_value_scale (mdl:372, 390) and sliding layers double num_key_value_heads and add sinks
    # (mdl:351-352, 371).
    # Order caveat: the rotary walks list(set(config.layer_types)) (mdl:74) -- hash order.  Only a
    # non-default type calls standardize_rope_params (e.g. MRU:409), which then writes a top-level
    # partial_rotary_factor attribute (a plain config.json key here, cfg:133-134) into EVERY type's dict
    # (MRU:801-814): whether a default type computed before or after sees it depends on that order (and
    # the post_init _init_weights recomputation, mimo_v2_flash/mdl:499-505, then either agrees or fails
    # on a buffer-size mismatch).  The twin walks the types sorted.


MODEL_RUNNERS = {
    LlamaConfig: model_llama, MistralConfig: model_mistral, MinistralConfig: model_ministral,
    Ministral3Config: model_ministral3, Qwen3Config: model_qwen3, SmolLM3Config: model_smollm3,
    Exaone4Config: model_exaone4, Olmo3Config: model_olmo3, Cohere2Config: model_cohere2, GptOssConfig: model_gpt_oss,
    DeepseekV2Config: model_deepseek_v2, DeepseekV3Config: model_deepseek_v3, GlmConfig: model_glm,
    Glm4Config: model_glm4, Glm4MoeConfig: model_glm4_moe, Phi3Config: model_phi3, GPTNeoXConfig: model_gpt_neox,
    Gemma3TextConfig: model_gemma3, Gemma3nTextConfig: model_gemma3n, Gemma4TextConfig: model_gemma4,
    ModernBertConfig: model_modernbert, Llama4TextConfig: model_llama4, Qwen2VLTextConfig: model_qwen2_vl,
    Qwen2_5_VLTextConfig: model_qwen2_5_vl, Qwen3VLTextConfig: model_qwen3_vl,
    Qwen3VLMoeTextConfig: model_qwen3_vl_moe, Qwen3NextConfig: model_qwen3_next, Qwen3_5TextConfig: model_qwen3_5,
    BertConfig: model_absolute, GPT2Config: model_absolute,
    Qwen3MoeConfig: model_qwen3_moe, MixtralConfig: model_mixtral, DeepseekV32Config: model_deepseek_v32,
    DeepseekV4Config: model_deepseek_v4, GlmMoeDsaConfig: model_glm_moe_dsa, MiniMaxM2Config: model_minimax_m2,
    NemotronHConfig: model_nemotron_h, Step3p7TextConfig: model_step3p7, MiMoV2FlashConfig: model_mimo_v2_flash,
}


def _f(x):
    return None if x is None else float(x)


def analyse(config_dict, seq_len=None):
    top = load_config(config_dict)
    # the language model of a multimodal wrapper is built from config.text_config
    text = top.text_config if isinstance(top, _Wrapper) else top
    runner = MODEL_RUNNERS.get(type(text))
    if runner is None:
        raise Unsupported("no model runner for %s" % type(text).__name__)
    res = Result()
    runner(text, seq_len, res)
    has_rope = any(lt != "none" for lt in res.layer_types)
    sets = {}
    for name, s in res.sets.items():
        sets[name] = {"inv_freq": [float(v) for v in s.inv_freq], "attention_factor": _f(s.attention_factor),
                      "rotary_dim": int(s.rotary_dim), "rope_type": s.rope_type, "theta": _f(s.theta)}
    return {
        "model_type": type(top).model_type,
        "has_rope": has_rope,
        "layer_types": res.layer_types,
        "sets": sets,
        "softmax_scale": float(res.softmax_scale),
        "mrope_section": res.mrope_section if has_rope else None,
        "mrope_interleaved": res.mrope_interleaved if has_rope else None,
        "rotation": res.rotation if has_rope else None,
        "attn_temperature": res.attn_temperature,
        "query_scaling": res.query_scaling if has_rope else None,
    }


def analyse_file(path, seq_len=None, debug=False):
    try:
        with open(path, encoding="utf-8") as fh:
            config_dict = json.load(fh)
        return analyse(config_dict, seq_len)
    except Refused as e:
        return {"error": str(e)}
    except Unsupported as e:
        return {"error": "unsupported: %s" % e}
    except (KeyError, TypeError, ValueError, ZeroDivisionError, IndexError, AttributeError) as e:
        # Raised by the ported transformers expressions themselves (e.g. `None * 0.5`, a missing
        # dict key): transformers raises the same way at that point.
        if debug:
            raise
        return {"error": "%s: %s" % (type(e).__name__, e)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?", help="a config.json")
    ap.add_argument("--all", metavar="DIR", help="every *.json in DIR, as {file name: result}")
    ap.add_argument("--seq-len", type=int, default=None,
                    help="state after a first forward over positions 0..N-1 (dynamic / longrope)")
    ap.add_argument("--debug", action="store_true", help="re-raise Python errors instead of reporting them")
    a = ap.parse_args(argv)
    if a.all:
        out = {}
        for name in sorted(os.listdir(a.all)):
            if name.endswith(".json"):
                out[name] = analyse_file(os.path.join(a.all, name), a.seq_len, a.debug)
    elif a.file:
        out = analyse_file(a.file, a.seq_len, a.debug)
    else:
        ap.error("give FILE.json or --all DIR")
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
