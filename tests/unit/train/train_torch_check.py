"""The PyTorch script's parts against the core's, for test_train_script.cpp. Run as
    python3 train_torch_check.py SCRIPT CASES.json
with the script the core generated and the cases the test wrote (setups as setup_json text; tensors as the
core keeps them: by name, column-major). Prints one JSON object:
  models     per model, on the core's weights in float64: the loss and gradients (by the core's names,
             column-major) on the core's sequences (at the core's positions, for pe "random"), the
             sequences make_batch builds from their inputs, max_positions and position_range
  schedule   learning_rate at the given steps
  tokens     how many tokens the first training batches hold
  steps      from the core's initial weights, train_step on the core's batches (float32): losses, weights
  scores     per case, scores() of the core's trained weights on the core's test inputs (and positions)
  constants  the script's constants the core also defines"""
import importlib.machinery
import importlib.util
import json
import sys

import torch

# The script's file has no .py suffix (a temporary file): name its loader.
spec = importlib.util.spec_from_loader("train_torch", importlib.machinery.SourceFileLoader("train_torch", sys.argv[1]))
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)
with open(sys.argv[2], encoding="utf-8") as f:
    cases = json.load(f)


def script_name(core):
    """The script's parameter for a core tensor: layer0.attn.wq → layers.0.wq, layer0.ln1.gain →
    layers.0.ln1_gain, final_ln.gain → final_gain, out.w → out_w."""
    if core.startswith("layer"):
        layer, group, what = core[len("layer"):].split(".")
        return f"layers.{layer}." + (what if group in ("attn", "mlp") else f"{group}_{what}")
    return {"final_ln.gain": "final_gain", "final_ln.bias": "final_bias", "out.w": "out_w",
            "out.b": "out_b"}.get(core, core)


def model_with(s, tensors, dtype):
    """The script's model for setup s holding the core's weights."""
    model = script.Transformer(s, script.max_positions(s), s["seed"]).to(dtype)
    params = dict(model.named_parameters())
    assert len(params) == len(tensors), (sorted(params), [t["name"] for t in tensors])
    with torch.no_grad():
        for t in tensors:
            p = params[script_name(t["name"])]
            p.copy_(torch.tensor(t["values"], dtype=torch.float64).view(t["cols"], t["rows"]).T.reshape(p.shape))
    return model, params


def column_major(p, t):
    return p.reshape(t["rows"], t["cols"]).T.flatten().tolist()


def batch(examples):
    """Tokens, targets, lengths and positions (None unless the examples carry them) of the core's sequences."""
    positions = [torch.tensor([e["positions"]]) for e in examples if "positions" in e]
    return script.pad([(torch.tensor([e["tokens"]]), torch.tensor([e["targets"]])) for e in examples], "cpu",
                      positions if positions else None)


out = {"models": []}
for case in cases["models"]:
    s = json.loads(case["setup"])
    model, params = model_with(s, case["tensors"], torch.float64)
    tokens, targets, lengths, positions = batch(case["examples"])
    mask = targets >= 0
    loss = torch.nn.functional.cross_entropy(model(tokens, lengths, mask, positions), targets[mask])
    loss.backward()
    built = []
    for x in case["inputs"]:
        tok, tgt = script.make_batch(s, torch.tensor([x]))
        built.append({"tokens": tok[0].tolist(), "targets": tgt[0].tolist()})
    out["models"].append({
        "loss": loss.item(), "built": built, "max_positions": script.max_positions(s),
        "position_range": script.position_range(script.max_positions(s)),
        "grads": [column_major(params[script_name(t["name"])].grad, t) for t in case["tensors"]]})

s = json.loads(cases["schedule"]["setup"])
out["schedule"] = [script.learning_rate(s, step, s["max_steps"]) for step in cases["schedule"]["steps"]]

s = json.loads(cases["batches"]["setup"])
gen = script.generator(s["seed"], 2)
out["tokens"] = sum(script.training_batch(s, step, gen, "cpu")[2].sum().item()
                    for step in range(cases["batches"]["steps"]))

case = cases["steps"]
s = json.loads(case["setup"])
model, params = model_with(s, case["tensors"], torch.float32)
moments = [(torch.zeros_like(p), torch.zeros_like(p)) for p in model.parameters()]
losses = [script.train_step(model, moments, s, step, s["max_steps"], *batch(examples))
          for step, examples in enumerate(case["batches"])]
out["steps"] = {"losses": losses,
                "tensors": [column_major(params[script_name(t["name"])].detach(), t) for t in case["tensors"]]}

out["scores"] = []
for case in cases["scores"]:
    s = json.loads(case["setup"])
    model, _ = model_with(s, case["tensors"], torch.float32)
    at = torch.tensor(case["positions"]) if case.get("positions") else None
    out["scores"].append(list(script.scores(model, s, torch.tensor(case["inputs"]), "cpu", positions=at)))

out["constants"] = {name: getattr(script, name) for name in (
    "EVAL_EVERY", "FLAT_MIN", "FLAT_ACCURACY", "FLAT_LOSS", "HELD_OUT", "T5_BUCKETS", "T5_MAX_DISTANCE",
    "ROPE_BASE", "SINUSOIDAL_BASE")}
print(json.dumps(out))
