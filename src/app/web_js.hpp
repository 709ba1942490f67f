// The web platform's JavaScript glue, one function each (their bodies are in web_js.cpp): C functions
// that web_main.cpp and web_exports.cpp call. Strings are UTF-8; a returned char* is malloc'd and the caller
// frees it.
#pragma once

extern "C" {
void js_write_hash(const char* hash);
void js_save_progress(const char* text);
char* js_initial(int which);
void js_mark(const char* name);
void js_signal_ready();
void js_set_canvas_size(int w, int h);
void js_open_file_dialog();
void js_load_chinese();
// A file of the site (code.txt, cjk-all.ttf) handed to the exported `fn` (bytes, size; size −1 when it
// cannot be had).
void js_fetch_file(const char* url, const char* fn);
// code.txt fetched synchronously and handed to posenc_code_text (a notebook asked for needs it now): 1
// when it arrived, 0 when it could not be had.
int js_load_code_now();
// The page's address without its hash (malloc'd).
char* js_page_url();
// The hidden text field an input method, a phone keyboard and pastes type into (see web_js.cpp).
void js_ime_install();
int js_ime(int active, double x, double y);
void js_copy_text(const char* text);
void js_download(const char* name, const unsigned char* bytes, int size, const char* mime);
void js_save_language(const char* lang);
void js_page_language(const char* lang, const char* title, const char* label);
void js_mirror_text(const char* title, const char* step, const char* body);
void js_announce(const char* text);
void js_fail(const char* what);
void js_log_error(const char* text);
void js_watch_events();
void js_set_asleep(int asleep);
int js_coarse_pointer();
int js_take_events();
// The card (embed.hpp): the page's address without its hash, the full view opened in a new tab, the
// state posted to the host page, and whether Tab (Shift-Tab) now leaves the frame (loader.js reads it).
char* js_page_address();
void js_open_full_view(const char* hash);
void js_post_state(const char* state, const char* origin);
void js_tab_out(int next, int prev);
}
