// The web platform's one page, shared by its two halves: web_main.cpp (the frame loop, the canvas, fonts,
// the figure's and notebook's saving) and web_exports.cpp (the C entry points behind window.posenc).
// Only the web build includes it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/app.hpp"
#include "app/compute.hpp"
#include "app/frame_digest.hpp"
#include "app/frame_stats.hpp"
#include "app/gl_renderer.hpp"
#include "app/gl_textures.hpp"
#include "app/glyphs.hpp"
#include "app/web_input.hpp"

struct GLFWwindow;

namespace posenc::web {

struct Page {
  GLFWwindow* window = nullptr;
  std::unique_ptr<app::GlRenderer> renderer;
  app::GlTextureHost textures;  // declared before the app: outlives the lessons' heatmaps
  app::AppState app;
  app::FrameStats stats;         // CPU time of the app's frame: input, layout, draw lists
  app::FrameStats render_stats;  // time handing the draw lists to WebGL (includes driver back-pressure)
  float dpr = 0;
  bool ready = false;
  app::WebInput input;
  app::CjkFonts fonts;  // kept alive: the font atlas reads them
  bool fonts_dirty = false;
  app::Args args;
  app::ComputeResult result;
  std::string answer;  // keeps the last string returned to JavaScript alive
  // Render on demand: a frame runs when something may change on screen (input, an API call, an
  // animation, a dragged control, a pending notice); a frame that looks different from the last one is
  // handed to WebGL and followed by one more (ImGui may settle layout or hover a frame later); a frame
  // that looks the same is not handed to WebGL — the canvas keeps its pixels — and ends the run.
  // Otherwise the animation-frame callback returns at once. A frame handed to WebGL is drawn only where
  // it differs from the one on the canvas (FrameDamage; the canvas keeps its pixels between frames,
  // loader.js): a progress bar moving costs its own pixels, not the window's — in a browser without a GPU
  // every pixel drawn is the CPU's work, beside lesson train's workers.
  int settle_frames = 0;
  app::FrameDamage damage;
  double drawn_share = 0;             // the share of the canvas drawn, summed over the frames drawn
  std::uint64_t font_generation = 0;  // bumped when the font atlas is rebuilt (same texture id, new pixels)
  // With nothing to run the main loop sleeps: no animation frames are requested (an idle page costs the
  // browser nothing) until an event, an API call or a download wakes it.
  bool asleep = false;
  bool wake_pending = false;  // a timer will wake the loop for work going on elsewhere
  double css_w = 0, css_h = 0;
  int tab_out = 0;  // the card's Tab (1) / Shift-Tab (2) leaves the frame, as loader.js was last told
};

extern Page* g;  // made in main()

// Asks for frames again: the loop sleeps while nothing can change on screen.
void wake();

// Keeps `s` alive until the next answer and returns its characters: what the entry points return to
// JavaScript.
const char* answer(std::string s);

}  // namespace posenc::web
