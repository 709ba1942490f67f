#include "app/desktop_files.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "app/export_bar.hpp"
#include "core/table_file.hpp"
#include "ui/i18n.hpp"
#include "ui/rich_text.hpp"
#include "ui/theme.hpp"

namespace posenc::app {
namespace {

namespace fs = std::filesystem;

core::Message say(const char* format, const std::string& a, const std::string& b = {}) {
  return {format, {a, b}};
}

// A path as typed or pasted: surrounding blanks and quotes dropped, a file:// URI (as file managers
// copy them, spaces as %20) turned into its path, and a leading ~/ into the home folder.
std::string clean_path(std::string p) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!p.empty() && blank(p.back())) p.pop_back();
  size_t start = 0;
  while (start < p.size() && blank(p[start])) ++start;
  p.erase(0, start);
  if (p.size() >= 2 && (p.front() == '\'' || p.front() == '"') && p.back() == p.front())
    p = p.substr(1, p.size() - 2);
  if (p.rfind("file://", 0) == 0) {
    std::string decoded;
    for (size_t i = 7; i < p.size(); ++i) {
      if (p[i] == '%' && i + 2 < p.size() && std::isxdigit(static_cast<unsigned char>(p[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(p[i + 2]))) {
        decoded += static_cast<char>(std::strtol(p.substr(i + 1, 2).c_str(), nullptr, 16));
        i += 2;
      } else {
        decoded += p[i];
      }
    }
    p = decoded;
  }
  if (p.rfind("~/", 0) == 0)
    if (const char* home = std::getenv("HOME")) p = std::string(home) + p.substr(1);
  return p;
}

}  // namespace

core::Message read_file(const std::string& path, std::vector<unsigned char>& bytes, std::size_t limit) {
  bytes.clear();
  const auto too_big = [&] { return say("{0} is over {1} MB, not read", path, std::to_string(limit >> 20)); };
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (path.empty() || st.type() == fs::file_type::not_found) return say("no such file: {0}", path);
  if (ec) return say("cannot read {0}: {1}", path, ec.message());
  if (fs::is_directory(st)) return say("cannot read {0}: {1}", path, std::strerror(EISDIR));
  if (fs::is_regular_file(st) && fs::file_size(path, ec) > limit && !ec) return too_big();
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return say("cannot read {0}: {1}", path, std::strerror(errno));
  // Reads up to one byte past the limit, so that a file that grew (or a pipe, whose size is not known
  // in advance) is still caught.
  std::size_t got = 0;
  bytes.resize(std::size_t{1} << 16);
  for (;;) {
    got += std::fread(bytes.data() + got, 1, bytes.size() - got, f);
    if (got < bytes.size() || got > limit) break;  // end of file (or an error), or past the limit
    bytes.resize(std::min(bytes.size() * 2, limit + 1));
  }
  const int read_error = std::ferror(f) ? errno : 0;
  std::fclose(f);
  bytes.resize(got);
  if (read_error) {
    bytes.clear();
    return say("cannot read {0}: {1}", path, std::strerror(read_error));
  }
  if (got > limit) {
    bytes.clear();
    return too_big();
  }
  return {};
}

core::Message open_path(AppState& s, const std::string& typed) {
  const std::string path = clean_path(typed);
  std::vector<unsigned char> bytes;
  const core::Message error = read_file(path, bytes);
  if (!error.empty()) {
    notify(s, {error});
    return error;
  }
  receive_file(s, fs::path(path).filename().string(), bytes.data(), bytes.size());
  return {};
}

std::string save_export(const std::string& dir, const std::string& file, const std::string& bytes,
                        std::string& error) {
  std::error_code ec;
  const fs::path folder = fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir), ec).lexically_normal();
  if (ec || !fs::is_directory(folder, ec)) {
    error = dir + ": " + std::strerror(fs::exists(folder, ec) ? ENOTDIR : ENOENT);
    return {};
  }
  const fs::path out = folder / fs::path(file).filename();  // the name never leaves the folder
  std::ofstream f(out, std::ios::binary | std::ios::trunc);
  if (f) f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (f) f.close();
  if (!f) {
    error = std::strerror(errno ? errno : EIO);
    return {};
  }
  return out.string();
}

void install_file_hooks(AppState& s, DesktopFiles& files) {
  s.hooks.open_file_dialog = [&files](const char* what) {
    files.dialog_requested = true;
    files.dialog_title = what;
  };
  s.hooks.download = [&s, &files](const std::string& file, const std::string& bytes, const char*) {
    std::string error;
    const std::string written = save_export(files.export_dir, file, bytes, error);
    if (written.empty()) {
      const core::Message message = say("could not save {0}: {1}", file, error);
      std::fprintf(stderr, "posenc: %s\n", message.english().c_str());
      notify(s, {message}, 10);
    } else {
      std::printf("posenc: saved %s\n", written.c_str());
      std::fflush(stdout);
      notify(s, {say("saved {0}", written)}, 8);
    }
  };
}

bool export_current(AppState& s, const std::string& format) {
  if (format == "ipynb") return save_notebook(s);
  const std::vector<lessons::Export> list = current_lesson(s).exports(step_id(s, s.lesson, s.step));
  if (list.empty() || !s.hooks.download) return false;
  const lessons::Export& e = list[std::clamp(s.export_choice, 0, static_cast<int>(list.size()) - 1)];
  if (e.is_file())  // a file of its own format (a runs table, a script): written as it is
    s.hooks.download(e.name + e.extension, e.text(), e.mime.c_str());
  else if (format == "csv")
    s.hooks.download(e.name + ".csv", core::write_csv(e.data()), "text/csv");
  else
    s.hooks.download(e.name + ".npy", core::write_npy(e.data()), "application/octet-stream");
  return true;
}

void open_dropped(AppState& s, DesktopFiles& files) {
  if (files.dropped.empty()) return;
  // Each in the order dropped: the cos and sin halves of a RoPE cache dropped together pair up.
  const std::vector<std::string> paths = std::move(files.dropped);
  files.dropped.clear();
  bool all_read = true;
  for (const std::string& path : paths) all_read &= open_path(s, path).empty();
  if (all_read) files.dialog_requested = false;
}

void draw_open_dialog(AppState& s, DesktopFiles& files) {
  static char buffer[4096];
  const int lang = lang_index(s);
  const char* title = ui::tr(lang, files.dialog_title.c_str());
  char id[256];
  std::snprintf(id, sizeof id, "%s###posenc-open", title);
  if (files.dialog_requested && !ImGui::IsPopupOpen(id)) {
    std::snprintf(buffer, sizeof buffer, "%s", files.path.c_str());
    ImGui::OpenPopup(id);
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(vp->Size.x * 0.9f, ui::em(34)), 0), ImGuiCond_Appearing);
  bool open = true;
  if (!ImGui::BeginPopupModal(id, &open, ImGuiWindowFlags_NoSavedSettings)) {
    files.dialog_requested = false;
    return;
  }
  ui::wrapped(ui::tr(lang, "Type or paste the file's path, or drop the file onto the window:"), s.theme);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool submit = ImGui::InputTextWithHint("##path", "/home/me/pe.npy", buffer, sizeof buffer,
                                         ImGuiInputTextFlags_EnterReturnsTrue);
  if (!files.dialog_error.empty()) {
    ui::wrapped(ui::tr_message(lang, files.dialog_error), s.theme, s.theme.warn);
  }
  ImGui::Spacing();
  submit |= ImGui::Button(ui::tr(lang, "Open"));
  ImGui::SameLine();
  const bool cancel = ImGui::Button(ui::tr(lang, "Cancel")) ||
                      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) || !open;
  files.path = buffer;
  bool close = cancel || !files.dialog_requested;  // a dropped file closes it too
  if (submit && !cancel) {
    files.dialog_error = open_path(s, files.path);
    close = files.dialog_error.empty();
  }
  if (close) {
    files.dialog_requested = false;
    files.dialog_error = {};
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace posenc::app
