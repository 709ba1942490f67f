// posenc-check, the program a port's test suite runs: caches built with NumPy the way transformers builds
// them (float32 inv_freq and angles, cos/sin in float32, times the attention factor, then cast — bfloat16
// by rounding the float32 bits), for presets' configs: correct ones exit 0 whatever their storage, scaling
// or offset; each classic bug exits 1; unreadable input exits 2 with a message.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "numpy.hpp"
#include "paths.hpp"

namespace {

// Builds the caches in a fresh folder; returns its path.
std::string build_caches() {
  char dir[] = "/tmp/posenc_check_XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string code = std::string(R"(
import json, math, numpy as np, os, sys
out = ')") + dir + R"('
def bf16(x):
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = ((u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    return u.view(np.float32)
def inv_freq(d, base):
    exponent = np.arange(0, d, 2).astype(np.float32) / np.float32(d)
    return (np.float32(1.0) / (np.float32(base) ** exponent)).astype(np.float32)
def llama3(inv, factor, low, high, old):
    wavelen = 2 * math.pi / inv.astype(np.float64)
    out = np.where(wavelen > old / low, inv / factor, inv)
    smooth = (old / wavelen - low) / (high - low)
    mid = (1 - smooth) * out / factor + smooth * out
    medium = ~(wavelen < old / high) & ~(wavelen > old / low)
    return np.where(medium, mid, out).astype(np.float32)
def yarn(d, base, factor, old, beta_fast=32, beta_slow=1):
    dim_for = lambda r: d * math.log(old / (r * 2 * math.pi)) / (2 * math.log(base))
    low, high = max(math.floor(dim_for(beta_fast)), 0), min(math.ceil(dim_for(beta_slow)), d - 1)
    if low == high: high += 0.001
    ramp = np.clip((np.arange(d // 2, dtype=np.float32) - low) / (high - low), 0, 1)
    pos = np.float32(base) ** (np.arange(0, d, 2).astype(np.float32) / np.float32(d))
    extra = 1 - ramp
    inv = (1 / (factor * pos)) * (1 - extra) + (1 / pos) * extra
    return inv.astype(np.float32), 0.1 * math.log(factor) + 1
def cache(inv, start, rows, af=1.0, store='float32', interleaved=False, angle_type=np.float32):
    pos = np.arange(start, start + rows).astype(angle_type)
    freqs = np.outer(pos, inv.astype(angle_type)).astype(angle_type).astype(np.float32)
    emb = np.repeat(freqs, 2, axis=1) if interleaved else np.concatenate([freqs, freqs], axis=1)
    c = (np.cos(emb) * np.float32(af)).astype(np.float32)
    s = (np.sin(emb) * np.float32(af)).astype(np.float32)
    if store == 'bfloat16': c, s = bf16(c), bf16(s)
    if store == 'float16': c, s = c.astype(np.float16), s.astype(np.float16)
    return np.stack([c, s])
def save(name, a): np.save(os.path.join(out, name + '.npy'), a)
l31 = llama3(inv_freq(128, 500000.0), 8.0, 1.0, 4.0, 8192)
save('llama31_f32', cache(l31, 0, 256))
save('llama31_bf16_slice', cache(l31, 120000, 64, store='bfloat16'))
save('llama31_f16', cache(l31, 0, 512, store='float16'))
yi, ya = yarn(128, 1e6, 4.0, 32768)
save('qwen3_yarn_bf16', cache(yi, 0, 256, ya, 'bfloat16'))
save('qwen3_yarn_no_factor', cache(yi, 0, 256, 1.0, 'bfloat16'))
save('gemma3_sliding', cache(inv_freq(128, 10000.0), 0, 128, store='bfloat16'))
save('llama31_unscaled', cache(inv_freq(128, 500000.0), 0, 256))
save('llama31_interleaved', cache(l31, 0, 256, interleaved=True))
save('llama31_from_one', cache(l31, 1, 256))
def bf16_angles(inv, start, rows):  # position, θ and their product rounded to bfloat16 (autocast left on)
    freqs = bf16(np.outer(bf16(np.arange(start, start + rows).astype(np.float32)), bf16(inv)))
    emb = np.concatenate([freqs, freqs], axis=1)
    return np.stack([np.cos(emb), np.sin(emb)]).astype(np.float32)
save('llama31_bf16_angles', bf16_angles(l31, 0, 256))
# Without a config (the learner's inputs and the classic bugs): a plain cache with the NTK-aware base of
# lesson extrapolation (10000 · 4^(64/62)) or a grown dynamic-NTK base, noise, YaRN without its attention
# factor, YaRN with its ramp ends not rounded (truncate ignored), a transposed cache, cos/sin before the
# concatenation, float16 position_ids.
def inv64(base): return inv_freq(64, base)
save('ntk_aware', cache(inv64(10000 * 4.0 ** (64 / 62)), 0, 256))
save('dynamic', cache(inv64(10000 * ((2.0 * 3000 / 2048) - 1) ** (64 / 62)), 0, 256))
rng = np.random.default_rng(0)
noisy = cache(inv64(10000), 0, 256)
save('noise', (noisy + rng.normal(0, 1e-3, noisy.shape)).astype(np.float32))
save('yarn_no_factor_f32', cache(yi, 0, 256, 1.0))
def yarn_untruncated(d, base, factor, old):
    dim_for = lambda r: d * math.log(old / (r * 2 * math.pi)) / (2 * math.log(base))
    low, high = max(dim_for(32), 0), min(dim_for(1), d - 1)
    ramp = np.clip((np.arange(d // 2, dtype=np.float32) - low) / (high - low), 0, 1)
    pos = np.float32(base) ** (np.arange(0, d, 2).astype(np.float32) / np.float32(d))
    return ((1 / (factor * pos)) * ramp + (1 / pos) * (1 - ramp)).astype(np.float32)
save('yarn_untruncated', cache(yarn_untruncated(128, 1e6, 4.0, 32768), 0, 256, ya))
plain = cache(inv64(10000), 0, 64)
save('transposed', np.stack([plain[0].T, plain[1].T]))
f = np.outer(np.arange(256, dtype=np.float32), inv64(10000))
save('no_concat', np.stack([np.cos(f), np.sin(f)]).astype(np.float32))
save('fp16_positions', cache(inv64(10000), 0, 4096, angle_type=np.float16))
# A cache as long as the presets' longest context (131 072 rows), narrow so the test stays quick: correct,
# then with its rows from 100 000 on built without the Llama 3 scaling (a cache extended the wrong way);
# and one row too many.
l16 = llama3(inv_freq(16, 500000.0), 8.0, 1.0, 4.0, 8192)
long = cache(l16, 0, 131072)
save('long', long)
long[:, 100000:] = cache(inv_freq(16, 500000.0), 100000, 31072)
save('long_bad_tail', long)
save('too_long', cache(inv_freq(2, 10000.0), 0, 131073))
def safetensors(name, a):  # cos and sin by name, float32, as safetensors.numpy.save_file writes them
    import struct
    c, s = a[0].astype('<f4'), a[1].astype('<f4')
    spans = [[0, c.nbytes], [c.nbytes, c.nbytes + s.nbytes]]
    header = json.dumps({'cos': {'dtype': 'F32', 'shape': list(c.shape), 'data_offsets': spans[0]},
                         'sin': {'dtype': 'F32', 'shape': list(s.shape), 'data_offsets': spans[1]}}).encode()
    body = struct.pack('<Q', len(header)) + header + c.tobytes() + s.tobytes()
    open(os.path.join(out, name + '.safetensors'), 'wb').write(body)
safetensors('llama31_f32', cache(l31, 0, 128))
open(os.path.join(out, 'garbage.npy'), 'wb').write(b'not a table at all')
open(os.path.join(out, 'torch.pt'), 'wb').write(b'PK\x03\x04' + b'\0' * 60)
print('ok')
)";
  const std::string script = posenc::test::temp_file(code, "posenc_check_build");
  const std::string said = posenc::test::run_command("/usr/bin/python3 " + script);
  std::remove(script.c_str());
  CHECK(said.find("ok") != std::string::npos);
  return dir;
}

struct Run {
  int status = -1;
  std::string out;
};

Run check(const std::string& args) {
  Run r;
  std::FILE* p = popen((std::string(posenc::test::kCheckProgram) + " " + args + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) r.out += buf;
  const int w = pclose(p);
  r.status = WIFEXITED(w) ? WEXITSTATUS(w) : -1;
  return r;
}

}  // namespace

TEST_CASE("posenc-check: NumPy-built caches of presets — correct ones exit 0, bugs 1, unreadable input 2") {
  const std::string dir = build_caches();
  const auto file = [&](const char* name) { return dir + "/" + name + ".npy"; };
  struct Case {
    const char* file;
    const char* model;
    int status;
    const char* says;
  };
  const Case cases[] = {
      {"llama31_f32", "llama3.1-8b", 0, "A cache this model builds"},
      {"llama31_bf16_slice", "llama3.1-8b", 0, "rows from position 120000"},
      {"llama31_f16", "llama3.1-8b", 0, "values stored in float16"},
      {"qwen3_yarn_bf16", "qwen3-8b-yarn4", 0, "values stored in bfloat16"},
      {"gemma3_sliding", "gemma3-27b", 0, "its sliding_attention layers"},
      {"qwen3_yarn_no_factor", "qwen3-8b-yarn4", 1, "Not a cache this model builds"},
      {"llama31_unscaled", "llama3.1-8b", 1, "Not a cache this model builds"},
      {"llama31_interleaved", "llama3.1-8b", 1, "Not a cache this model builds"},
      {"llama31_from_one", "llama3.1-8b", 1, "position_ids starting at 0"},
      {"llama31_bf16_angles", "llama3.1-8b", 1, "Not a cache this model builds"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.file);
    const Run r = check(file(k.file) + " --model " + k.model);
    INFO(r.out);
    CHECK(r.status == k.status);
    CHECK(r.out.find(k.says) != std::string::npos);
  }
  // A .safetensors cache (cos and sin by name).
  const Run st = check(dir + "/llama31_f32.safetensors --model llama3.1-8b");
  INFO(st.out);
  CHECK(st.status == 0);
  // --json is compute('check_rope')'s answer; --lang zh says it in Chinese.
  const Run json = check(file("llama31_f32") + " --model llama3.1-8b --json");
  CHECK(json.status == 0);
  CHECK(json.out.find("\"verdict\":\"matches\"") != std::string::npos);
  CHECK(json.out.find("\"set\":\"full_attention\"") != std::string::npos);
  const Run zh = check(file("llama31_from_one") + " --model llama3.1-8b --lang zh");
  CHECK(zh.status == 1);
  CHECK(zh.out.find("修正：新序列的 position_ids 要从 0 开始") != std::string::npos);
  // A config file instead of a preset.
  const std::string config = posenc::test::temp_file(
      R"({"head_dim": 128, "max_position_embeddings": 131072, "rope_theta": 1e6,
          "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}})",
      "posenc_check_config");
  CHECK(check(file("qwen3_yarn_bf16") + " --config " + config).status == 0);
  std::remove(config.c_str());
  // Unreadable input: exit 2 and why.
  const Run garbage = check(dir + "/garbage.npy");
  CHECK(garbage.status == 2);
  CHECK(garbage.out.find("garbage.npy: ") != std::string::npos);
  const Run torch = check(dir + "/torch.pt");
  CHECK(torch.status == 2);
  CHECK(torch.out.find("np.save('rope.npy'") != std::string::npos);
  CHECK(check(dir + "/missing.npy").status == 2);
  CHECK(check(file("llama31_f32") + " --model nope").out.find("model must be one of") != std::string::npos);
  CHECK(check(file("llama31_f32") + " --model nope").status == 2);
  CHECK(check("").status == 2);
  CHECK(check(file("llama31_f32") + " --frobnicate").status == 2);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("posenc-check without a config: no false alarm on correct caches, each bug named, doubt said") {
  const std::string dir = build_caches();
  const auto file = [&](const char* name) { return dir + "/" + name + ".npy"; };
  struct Case {
    const char* file;
    int status;
    const char* verdict;
    const char* says;
  };
  const Case cases[] = {
      // correct caches: exit 0 (a slice: its rows start later, exit 1 "offset" without a config)
      {"ntk_aware", 0, "matches", "The base is 41829.4,"},
      {"dynamic", 0, "matches", "dynamic-NTK cache looks exactly like this"},
      {"qwen3_yarn_bf16", 0, "matches", "YaRN scaling, factor 4:"},
      {"llama31_f16", 0, "matches", "Llama 3 scaling, factor 8:"},
      {"gemma3_sliding", 0, "matches", "Values stored in bfloat16"},
      {"llama31_bf16_slice", 1, "offset", "Rows start at position 120000"},
      // bugs, and what cannot be decided
      {"noise", 1, "mismatch", "more than its float32 storage explains"},
      {"yarn_no_factor_f32", 3, "undecided", "a missing attention factor looks exactly like this"},
      {"transposed", 1, "transposed", "Rows and columns are swapped"},
      {"no_concat", 1, "half_width", "torch.cat((freqs, freqs), dim=-1)"},
      {"fp16_positions", 1, "low_precision", "keep position_ids and inv_freq in float32"},
      {"yarn_untruncated", 0, "matches", "truncate: false"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.file);
    const Run r = check(file(k.file));
    INFO(r.out);
    CHECK(r.status == k.status);
    CHECK(r.out.find(std::string("verdict: ") + k.verdict + "\n") == 0);
    CHECK(r.out.find(k.says) != std::string::npos);
  }
  // Interleaved pairs: the fix says both ways out.
  const Run inter = check(file("llama31_interleaved"));
  INFO(inter.out);
  CHECK(inter.out.find("either permute the q/k weights") != std::string::npos);
  // 131 072 rows: every row compared; a tail built another way is found; one row more is refused.
  const Run longer = check(file("long"));
  INFO(longer.out);
  CHECK(longer.status == 0);
  CHECK(longer.out.find("all 131072 rows were compared") != std::string::npos);
  CHECK(longer.out.find("Llama 3 scaling, factor 8:") != std::string::npos);
  const Run tail = check(file("long_bad_tail") + " --json");
  INFO(tail.out);
  CHECK(tail.status == 1);
  CHECK(tail.out.find("\"verdict\":\"mismatch\"") != std::string::npos);
  const Run too_long = check(file("too_long"));
  CHECK(too_long.status == 2);
  CHECK(too_long.out.find("too many rows (131073; at most 131072)") != std::string::npos);
  // With its config, YaRN with the ramp's ends not rounded is the bug "truncate ignored".
  const Run t = check(file("yarn_untruncated") + " --model qwen3-8b-yarn4");
  INFO(t.out);
  CHECK(t.status == 1);
  CHECK(t.out.find("truncate was ignored") != std::string::npos);
  CHECK(t.out.find("fix: round the YaRN ramp's ends") != std::string::npos);
  // The doubt and the fix in Chinese.
  const Run zh = check(file("yarn_no_factor_f32") + " --lang zh");
  CHECK(zh.status == 3);
  CHECK(zh.out.find("漏乘注意力因子看起来正是这样") != std::string::npos);
  CHECK(zh.out.find("修正：目前还无法指出问题") != std::string::npos);
  // --json carries undecided, the storage, its hidden differences and the cause.
  const Run json = check(file("transposed") + " --json");
  CHECK(json.out.find("\"verdict\":\"transposed\"") != std::string::npos);
  CHECK(json.out.find("\"cause\":\"transposed\"") != std::string::npos);
  CHECK(json.out.find("\"undecided\":false") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}
