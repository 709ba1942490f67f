// A step as a card for an iframe (#…&embed=1): the URL's embed, steps and host keys, the steps the card's
// Prev/Next and arrows keep to, the messages a host page sends it, and the <iframe> snippet that "Copy
// embed code" gives. The card's screen is card.cpp; the platform passes messages and posts state.
#pragma once

#include <string>
#include <string_view>

#include "app.hpp"
#include "url_state.hpp"

namespace posenc::app {

// Reads embed=, steps= and host= (the last of each) into s.embed for a card of lesson `lesson` showing
// `step` (the link's step=, or where the walkthrough is when `step_given` is false); without embed=1 (or
// with embed=0) the view is the full one and steps=, host= are ignored. A bad value is read as the
// nearest good one, and the notices say so. `steps=a..b` names steps by number (from 0, as step= does) or
// id; `a..` runs to the lesson's end, `..b` from its start, `a` alone is one step; without steps= the card
// shows `step` alone. `step` moves into the card's steps when the link gave none (else go() says it moved).
core::Messages read_embed(AppState& s, const HashPairs& pairs, int lesson, int& step, bool step_given);

// A card shows its own lesson's steps first … last only: moves (lesson, step) there, saying so.
core::Messages keep_in_card(const AppState& s, int& lesson, int& step);

// Appends the card's keys (embed=1, steps=a..b when given, host=…) to a hash being built.
void write_embed(const AppState& s, HashPairs& pairs);

// Whether `origin` is an origin as a browser writes event.origin: http:// or https://, a lower-case host
// name, IPv4 or [IPv6] address, an optional :port, nothing after it ("https://example.org:8443").
bool is_origin(std::string_view origin);

// The <iframe> snippet of the current step as a card (640 × 400, titled "posenc: <lesson> — <step>" in
// the current language, lazily loaded, borderless), its src the page's `address` with the current hash
// and embed=1. Attribute values are HTML-escaped.
std::string embed_code(AppState& s, std::string_view address);

// A message from the page around the card ({posenc: 'go', step} / {posenc: 'set', name, value}), from
// `origin`. Taken only by a card whose host= is exactly that origin: then as posenc.go / posenc.set
// (kept within the card's steps) — the new state's JSON, or {error} — and the state is posted back after
// the frame. Otherwise nothing changes: {"ignored": why} (in English, for the console).
std::string message_go(AppState& s, std::string_view origin, std::string_view step);
std::string message_set(AppState& s, std::string_view origin, std::string_view name, std::string_view value);

}  // namespace posenc::app
