// The layer types of a model, as transformers derives them per family (model_families.cpp), and which
// layers apply no RoPE.
#include <algorithm>
#include <string>
#include <vector>

#include "model_reader.hpp"

namespace posenc::core::model_reader {

bool read_layers(Reader& in, const Shared& sh, int layers, std::vector<std::string>& types,
                 std::vector<bool>& no_rope) {
  const ModelFamily& f = *sh.family;
  const JsonValue* model = sh.model;
  types.clear();
  if (const JsonValue* lt = Reader::find(model, "layer_types")) {
    if (!lt->is_array())
      return in.fail("'{0}' must be a list of strings, got {1}", {"layer_types", describe(*lt)}), false;
    if (lt->items.size() > static_cast<std::size_t>(kMaxLayers))
      return in.fail("'{0}' has {1} entries; at most {2} are read",
                     {"layer_types", std::to_string(lt->items.size()), std::to_string(kMaxLayers)}),
             false;
    if (layers > 0 && lt->items.size() != static_cast<std::size_t>(layers))
      return in.fail("'layer_types' has {0} entries but num_hidden_layers is {1}",
                     {std::to_string(lt->items.size()), std::to_string(layers)}),
             false;
    for (const JsonValue& e : lt->items) {
      if (!e.is_string() || e.string.empty() || e.string.size() > kMaxNameBytes)
        return in.fail("'{0}' must hold names of attention types, got {1}", {"layer_types", describe(e)}),
               false;
      std::string name = e.string;
      if (f.legacy_layer_names) {  // configuration_utils.py:91–100, remap_legacy_layer_types
        if (name == "attention") name = "full_attention";
        if (name == "mamba" || name == "conv") name = "linear_attention";
      }
      types.push_back(name);
    }
  }
  // no_rope_layers (Llama 4, SmolLM3): 1 where the layer uses RoPE.
  std::vector<int> rope_on;
  if (f.no_rope == NoRope::NoRopeLayers) {
    const JsonValue* nr = Reader::find(model, "no_rope_layers");
    const int count = layers > 0 ? layers : static_cast<int>(types.size());
    if (nr && !(nr->is_array() && nr->items.empty() && f.no_rope_empty_default)) {
      if (!nr->is_array())
        return in.fail("'{0}' must be a list of numbers, got {1}", {"no_rope_layers", describe(*nr)}), false;
      if (count > 0 && nr->items.size() != static_cast<std::size_t>(count))
        return in.fail("'no_rope_layers' has {0} entries but the model has {1} layers",
                       {std::to_string(nr->items.size()), std::to_string(count)}),
               false;
      if (nr->items.size() > static_cast<std::size_t>(kMaxLayers))
        return in.fail("'{0}' has {1} entries; at most {2} are read",
                       {"no_rope_layers", std::to_string(nr->items.size()), std::to_string(kMaxLayers)}),
               false;
      for (const JsonValue& e : nr->items) {
        if (!(e.is_number() && (e.number == 0 || e.number == 1)) && !e.is_bool())
          return in.fail("'{0}' must hold 0 or 1 per layer, got {1}", {"no_rope_layers", describe(e)}), false;
        rope_on.push_back(e.is_bool() ? e.boolean : e.number != 0);
      }
    } else {
      const int every = whole(in, model, "no_rope_layer_interval", f.no_rope_interval, kMaxLayers);
      if (!in.ok()) return false;
      for (int i = 0; i < count; ++i) rope_on.push_back((i + 1) % every != 0);
    }
  }
  if (types.empty() && layers > 0 && f.layers == LayerRule::Compression) {
    // deepseek_v4 cfg:268–276: compress_ratios (one entry per layer, the hub's with one more for the MTP
    // layer, cut to the layer count), else two heavily compressed layers, then the two kinds in turn.
    if (const JsonValue* cr = Reader::find(model, "compress_ratios")) {
      if (!cr->is_array() || cr->items.size() > static_cast<std::size_t>(kMaxLayers))
        return in.fail("'{0}' must be a list of numbers, got {1}", {"compress_ratios", describe(*cr)}), false;
      for (const JsonValue& e : cr->items) {
        const double r = e.is_number() ? e.number : -1;
        if (r != 0 && r != 4 && r != 128)
          return in.fail("'compress_ratios' holds {0}: DeepSeek-V4 knows 0, 4 and 128", {describe(e)}), false;
        types.push_back(r == 0   ? "sliding_attention"
                        : r == 4 ? "compressed_sparse_attention"
                                 : "heavily_compressed_attention");
      }
    } else {
      for (int i = 0; i < layers; ++i)
        types.push_back(i < 2 || (i - 2) % 2 == 0 ? "heavily_compressed_attention"
                                                  : "compressed_sparse_attention");
    }
    if (types.size() > static_cast<std::size_t>(layers)) types.resize(static_cast<std::size_t>(layers));
  }
  if (types.empty() && layers > 0 && f.no_rope == NoRope::ExaoneFull && !has(model, "sliding_window"))
    return in.fail(
               "EXAONE 4 without sliding_window needs layer_types: transformers v5 derives them with the "
               "pattern set to 0 and fails on the division",
               {}),
           false;
  if (types.empty() && layers > 0) {
    int p = f.pattern;
    if (f.pattern_key && has(model, f.pattern_key)) p = whole(in, model, f.pattern_key, p, kMaxLayers);
    if (!in.ok()) return false;
    for (int i = 0; i < layers; ++i) {
      switch (f.layers) {
        case LayerRule::AllFull:
          types.push_back(f.all_name);
          break;
        case LayerRule::FirstAndEach:
          types.push_back(i == 0 || (i + 1) % p == 0 ? "full_attention" : "sliding_attention");
          break;
        case LayerRule::Compression:  // filled below, from compress_ratios
          break;
        case LayerRule::SlidingButEach:
          types.push_back((i + 1) % p != 0 ? "sliding_attention" : "full_attention");
          break;
        case LayerRule::FullEach:
          types.push_back(i % p != 0 ? "sliding_attention" : "full_attention");
          break;
        case LayerRule::LinearButEach:
          types.push_back((i + 1) % p != 0 ? "linear_attention" : "full_attention");
          break;
        case LayerRule::SlidingIfWindow:
          types.push_back(has(model, "sliding_window") ? "sliding_attention" : "full_attention");
          break;
        case LayerRule::QwenWindow: {
          const JsonValue* use = Reader::find(model, "use_sliding_window");
          const bool on = use && use->is_bool() && use->boolean && has(model, "sliding_window");
          types.push_back(on && i >= p ? "sliding_attention" : "full_attention");
          break;
        }
        case LayerRule::NoRopeLayers:
          // Llama 4: RoPE layers attend in chunks; SmolLM3: full attention, sliding only when asked.
          if (f.temperature)
            types.push_back(rope_on[i] ? "chunked_attention" : "full_attention");
          else
            types.push_back(Reader::find(model, "use_sliding_window") &&
                                    Reader::find(model, "use_sliding_window")->is_bool() &&
                                    Reader::find(model, "use_sliding_window")->boolean &&
                                    has(model, "sliding_window") && !rope_on[i]
                                ? "sliding_attention"
                                : "full_attention");
          break;
      }
    }
    if (f.last_full && !types.empty()) types.back() = "full_attention";
  } else if (f.last_full && !types.empty() && types.back() != "full_attention") {
    in.notice("the last layer is '{0}': Gemma 4 forces it to full attention", {clip(types.back())});
    types.back() = "full_attention";
  }
  no_rope.assign(types.size(), false);
  const bool exaone_nope = f.no_rope == NoRope::ExaoneFull && has(model, "sliding_window");
  const bool cohere = f.no_rope == NoRope::SlidingOnly, window = has(model, "sliding_window");
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (types[i] == "linear_attention") no_rope[i] = true;  // no attention scores to turn (Qwen3-Next)
    if (i < rope_on.size() && !rope_on[i]) no_rope[i] = true;
    if (exaone_nope && types[i] == "full_attention") no_rope[i] = true;
    if (cohere && (!window || types[i] != "sliding_attention")) no_rope[i] = true;
  }
  std::vector<std::string> distinct;
  for (const std::string& t : types)
    if (std::find(distinct.begin(), distinct.end(), t) == distinct.end()) distinct.push_back(t);
  if (distinct.size() > kMaxLayerTypes)
    return in.fail("'layer_types' names {0} different attention types; at most {1} are read",
                   {std::to_string(distinct.size()), std::to_string(kMaxLayerTypes)}),
           false;
  return true;
}

}  // namespace posenc::core::model_reader
