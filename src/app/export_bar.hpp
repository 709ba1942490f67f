// Above the visual: "</> Code" (the core's C++ behind the visual and the lesson's NumPy version),
// "↓ .ipynb" (the lesson as a Jupyter notebook at the current settings), "Save figure" (the visual as SVG
// and PNG, figure.hpp), then "↓ .npy  ↓ .csv  Copy CSV" for the matrices behind the current step — part of
// the walkthrough's screen (shell.cpp), in a file of its own.
#pragma once

#include "app.hpp"

namespace posenc::app {

// The bar at the cursor, and the code panel under it when open.
void export_bar(AppState& s);

// "↓ .ipynb": the current lesson's notebook (notebook.hpp) handed to the download hook as <id>.ipynb (the
// site's code fetched first when it has not arrived). False, with a notice, when it cannot be written.
bool save_notebook(AppState& s);

}  // namespace posenc::app
