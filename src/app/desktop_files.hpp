// Files on the desktop: what the browser does for the web build — opening a learner's table (a dropped
// file, a path on the command line, or the in-app dialog where a path is typed or pasted) and saving
// exports (.npy/.csv) into a folder. Desktop platform only; no GLFW here (desktop_main.cpp wires it).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/message.hpp"

namespace posenc::app {

// The most a file may hold to be read (the web's api.js caps at the same size).
inline constexpr std::size_t kMaxOpenBytes = std::size_t{64} << 20;

struct DesktopFiles {
  std::string export_dir = ".";   // where downloads are written (--export-dir)
  bool dialog_requested = false;  // the app asked for the open-file dialog (hook open_file_dialog)
  std::string dialog_title = "Open a file\xE2\x80\xA6";  // what the lesson opens, as its button says
  std::string path;                                      // what the learner typed in the dialog
  core::Message dialog_error;        // why the last path typed could not be opened (shown in the dialog)
  std::vector<std::string> dropped;  // paths dropped onto the window, handled at the next frame
};

// Reads at most `limit` bytes of `path` into `bytes`. Returns nothing on success, else what to tell the
// learner (missing file, a folder, unreadable, over the limit).
core::Message read_file(const std::string& path, std::vector<unsigned char>& bytes,
                        std::size_t limit = kMaxOpenBytes);

// Reads `path` and hands it to app::receive_file under its file name, as the web does with a dropped or
// picked file. Returns nothing when the file reached the app (whose notice says what it made of it), or
// the reason it could not be read (also shown as a notice).
core::Message open_path(AppState& s, const std::string& path);

// Writes `bytes` to `dir`/`file` and returns the written path; on failure returns "" and sets `error`.
std::string save_export(const std::string& dir, const std::string& file, const std::string& bytes,
                        std::string& error);

// Installs the hooks open_file_dialog and download (with a notice naming the written path or the error).
void install_file_hooks(AppState& s, DesktopFiles& files);

// Exports the current step's chosen matrix as `format` ("npy" or "csv"), or the lesson's notebook
// ("ipynb"), through the download hook, as the export bar's buttons do. Returns false when the step has
// nothing to export.
bool export_current(AppState& s, const std::string& format);

// Opens the files dropped since the last call; call once per frame, outside ImGui's frame or inside.
void open_dropped(AppState& s, DesktopFiles& files);

// Draws the open-file dialog (a modal) when it has been asked for; call between NewFrame and Render,
// after app::draw.
void draw_open_dialog(AppState& s, DesktopFiles& files);

}  // namespace posenc::app
