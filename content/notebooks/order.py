# Lesson order's notebook recipe: after the lesson's NumPy code (content/code/order.py, whose attention()
# it uses), one cell per step ("# %% step <id>") drawing the step's matrices again at `params` and printing
# the numbers the page shows. _("…") is a label the page draws, in the notebook's language.

# %% setup
import re

text, d, seed, pe_on, order = params["text"], params["dim"], params["seed"], params["pe"], params["order"]


def tokenize(sentence, most=12):
    """The page's tokens (src/lessons/order/tokenize.cpp): words split at white space; , . ; : ! ? and each
    CJK character or full-width sign a token of its own; the first 12."""
    cjk = "\u3000-\u9fff\uff00-\uffef"
    return re.findall(rf"[,.;:!?]|[{cjk}]|[^ \t\n\r,.;:!?{cjk}]+", sentence)[:most]


def join(words):
    """Tokens as the page writes a sentence: a space between words, none before , . ; : ! ? nor between
    CJK characters or around a full-width sign."""
    out, before = "", ""
    for w in words:
        cjk = w[0] if "\u3000" <= w[0] <= "\u9fff" or "\uff00" <= w[0] <= "\uffef" else ""
        sign = lambda c: "\u3000" <= c <= "\u303f" or "\uff00" <= c <= "\uffef"
        tight = not out or w in ",.;:!?" or (cjk and before) or (cjk and sign(cjk)) or (before and sign(before))
        out += ("" if tight else " ") + w
        before = cjk
    return out


tokens = tokenize(text)
n = len(tokens)
reordered = [tokens[i] for i in order]
# The page's seeded numbers: each word's vector from a seed of its own (the same word, the same vector),
# then W_Q, W_K, W_V (scaled by 1/√d).
x = np.vstack([PosencRandom(mix_seed(seed, hash_string(t))).gaussian_matrix(1, d) for t in tokens])
rng = PosencRandom(mix_seed(seed, 0x5EED))
wq, wk, wv = (rng.gaussian_matrix(d, d, 1 / np.sqrt(d)) for _w in range(3))
P = np.eye(n)[order]                                                # row i: a 1 in the column of token order[i]
pe_table = sinusoidal_rows(np.arange(n), d)                        # lesson 3's sinusoidal code, base 10000


def experiment(with_pe):
    """Attn(X) and Attn(P X), the sentence and its reordering, with or without PE added to each row."""
    pe = pe_table if with_pe else np.zeros((n, d))
    out = attention(x + pe, wq, wk, wv)                             # the lesson's attention()
    out_p = attention(P @ x + pe, wq, wk, wv)
    return {"out": out, "out_p": out_p, "p_out": P @ out, "residual": np.max(np.abs(out_p - P @ out)),
            "pooled": np.max(np.abs(out_p.mean(axis=0) - out.mean(axis=0)))}


shown, nope, with_pe = experiment(pe_on), experiment(False), experiment(True)
dims = [str(i) for i in range(d)]


def three(e):
    """Attn(P X), P · Attn(X) and their difference on one colour scale (blank where the identity holds)."""
    limit = max(np.abs(e["out_p"]).max(), np.abs(e["p_out"]).max())
    for ax, m, title in zip(panels(3, size=(13, 3.6)), (e["out_p"], e["p_out"], e["out_p"] - e["p_out"]),
                            ("Attn(P X)", "P · Attn(X)", _("difference"))):
        heatmap(m, title, _("dim"), _("position"), limit=limit, rows=reordered, ax=ax)
    plt.show()


# %% step tokens
print(_("Tokens"), tokens)
heatmap(x, _("X: one embedding row per token"), _("dim"), "token", values=True, rows=tokens, size=(9, 0.5 * n + 2))
plt.show()
show_numbers(export0=x, tokens=n)

# %% step head
rows_in = x + (pe_table if pe_on else 0)                           # what attention sees (pe=1: with positions)
q, k, v = rows_in @ wq, rows_in @ wk, rows_in @ wv
for ax, m, title in zip(panels(3, size=(13, 3.2)), (q, k, v), ("Q = X W_Q", "K = X W_K", "V = X W_V")):
    heatmap(m, title, _("dim"), "token", rows=tokens, colorbar=False, ax=ax)
weights = softmax_rows(q @ k.T / np.sqrt(d))                        # the lesson's softmax_rows()
heatmap(weights, _("Attention weights softmax(Q Kᵀ / √d)"), _("key"), _("query"), values=True, non_negative=True,
        rows=tokens, cols=tokens, size=(6.5, 5.5))
heatmap(shown["out"], _("Output Attn(X) = weights · V"), _("dim"), "token", rows=tokens, size=(9, 0.4 * n + 2))
plt.show()
print(_("Each row sums to 1: how much each token (row) draws from every token (column)."))
focus = int(np.argmax(weights[0]))
print(f'"{tokens[0]}" → "{tokens[focus]}"')
show_numbers(export0=weights, export1=shown["out"], first_weight=weights[0, focus])

# %% step reorder
print(_("Reordered sentence (click two tokens to swap them)"), reordered)
heatmap(P, _("P (row i has a 1 in the column of the token now at i)"), _("original token"), _("position"), limit=1,
        non_negative=True, rows=reordered, cols=tokens, colorbar=False, size=(6, 5))
plt.show()
three(shown)
print("max |Attn(P X) − P·Attn(X)| =", shown["residual"])
show_numbers(export0=shown["out_p"], export1=shown["p_out"], export2=P, residual=shown["residual"])

# %% step pooled
limit = max(np.abs(shown["out"].mean(axis=0)).max(), np.abs(shown["out_p"].mean(axis=0)).max())
top, bottom = panels(1, size=(9, 1.4)) + panels(1, size=(9, 1.4))
heatmap(shown["out"].mean(axis=0)[None], _("mean of Attn(X) rows: \"%s\"") % join(tokens), _("dim"), limit=limit,
        colorbar=False, ax=top)
heatmap(shown["out_p"].mean(axis=0)[None], _("mean of Attn(P X) rows: \"%s\"") % join(reordered), _("dim"),
        limit=limit, colorbar=False, ax=bottom)
plt.show()
print(_("max |difference of the pooled vectors| ="), shown["pooled"])
show_numbers(export0=shown["out_p"], export1=shown["p_out"], export2=P, pooled_nope=nope["pooled"], pooled=shown["pooled"])

# %% step with-pe
print("|", _("without PE"), "|", _("with PE"))
print("max |Attn(PX) − P·Attn(X)| |", nope["residual"], "|", with_pe["residual"])
print(_("max |pooled difference|"), "|", nope["pooled"], "|", with_pe["pooled"])
if pe_on:
    heatmap(pe_table, _("PE: the same rows for both sentences (one per position)"), _("dim"), _("position"), limit=1,
            rows=[f"pos {i}" for i in range(n)], size=(9, 0.4 * n + 2))
    plt.show()
three(shown)
show_numbers(export0=shown["out_p"], export1=shown["p_out"], export2=P, residual_nope=nope["residual"],
             residual_pe=with_pe["residual"], pooled_pe=with_pe["pooled"])
