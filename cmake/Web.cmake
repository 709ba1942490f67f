# The WebAssembly site: build/web/dist/{index.html, style.css, loader.js, sw.js, posenc.js,
# posenc.wasm, posenc.deferred.wasm, train_worker.js, train_worker.wasm, cjk.ttf, cjk-all.ttf, zh.txt and
# code.txt (written with the embedded content, see CMakeLists.txt)}. Fonts are subset at build time (cmake/Fonts.cmake) and compiled into
# posenc.wasm (the Chinese font is fetched only when Chinese is shown).
set(POSENC_DIST "${CMAKE_BINARY_DIR}/dist")
include(cmake/Fonts.cmake)
if(NOT PYFTSUBSET)
  message(FATAL_ERROR "pyftsubset not found (Debian package fonttools): the web build subsets its fonts")
endif()
# The Chinese subset is served as dist/cjk.ttf and fetched only when Chinese is shown.
add_custom_command(
  OUTPUT "${POSENC_DIST}/cjk.ttf"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${POSENC_DIST}"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${POSENC_CJK_FONT}" "${POSENC_DIST}/cjk.ttf"
  DEPENDS "${POSENC_CJK_FONT}")
add_custom_command(
  OUTPUT "${POSENC_DIST}/cjk-all.ttf"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${POSENC_DIST}"
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${POSENC_CJK_ALL_FONT}" "${POSENC_DIST}/cjk-all.ttf"
  DEPENDS "${POSENC_CJK_ALL_FONT}")
# …and the whole font as dist/cjk-all.ttf, fetched only when a learner's text has a character beyond it.
add_custom_target(posenc_cjk_font ALL DEPENDS "${POSENC_DIST}/cjk.ttf" "${POSENC_DIST}/cjk-all.ttf")

# Link flags shared by the site and the first-frame baseline. WebGL extensions are not all enabled at
# start-up (each getExtension is a synchronous round trip to the GPU process: ~60 ms before the first
# frame in headless Chromium); posenc uses none beyond WebGL2's core.
set(POSENC_WEB_LINK_FLAGS
  -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0 -sGL_SUPPORT_SIMPLE_ENABLE_EXTENSIONS=0
  -sENVIRONMENT=web -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sMAXIMUM_MEMORY=1073741824
  --closure 1)

add_library(imgui_backends STATIC ${IMGUI_DIR}/backends/imgui_impl_glfw.cpp ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui_backends SYSTEM PUBLIC ${IMGUI_DIR}/backends)
target_compile_definitions(imgui_backends PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_link_libraries(imgui_backends PUBLIC imgui)
posenc_optimize(imgui_backends size)

set(POSENC_FONTS_CPP "${CMAKE_BINARY_DIR}/generated/embedded_fonts.cpp")
posenc_embed_fonts("${POSENC_FONTS_CPP}")

add_executable(posenc src/app/web_main.cpp src/app/web_exports.cpp src/app/web_js.cpp src/app/web_input.cpp src/app/web_train_pool.cpp
               src/app/gl_renderer.cpp src/app/gl_textures.cpp src/app/gl_figure.cpp "${POSENC_FONTS_CPP}")
target_compile_options(posenc PRIVATE ${POSENC_WARNINGS})
posenc_optimize(posenc size)
target_link_libraries(posenc PRIVATE posenc_app imgui_backends)
set_target_properties(posenc PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${POSENC_DIST}")
target_link_options(posenc PRIVATE
  ${POSENC_WEB_LINK_FLAGS}
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=ccall,addRunDependency,removeRunDependency
  "SHELL:--post-js ${CMAKE_SOURCE_DIR}/web/api.js"
  -sSPLIT_MODULE=1 --profiling-funcs)
set_property(TARGET posenc APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/web/api.js")
# The module in two (tools/split_wasm.py): posenc.wasm holds what the first view runs (lesson 1, the
# interface), posenc.deferred.wasm the other lessons, compute(), Save figure's SVG and PNG writers
# and the notebook's writer (what only posenc.figure, posenc.notebook and web_main.cpp's save_figure,
# capture_figure and save_notebook reach: kept code must not call them directly) and lesson train's pools (their methods are
# in the table through their vtables, which would keep them and the training code they reach); web/loader.js fetches the second
# when the learner first interacts, or at once when a link opens another lesson. Emscripten leaves the
# linked module, with its names, in posenc.wasm.orig (and an instrumented build in posenc.wasm, replaced
# here); neither ships.
find_program(POSENC_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
add_custom_command(TARGET posenc POST_BUILD
  COMMAND ${POSENC_PYTHON3} ${CMAKE_SOURCE_DIR}/tools/split_wasm.py "${POSENC_DIST}/posenc.wasm.orig"
          --primary "${POSENC_DIST}/posenc.wasm" --deferred "${POSENC_DIST}/posenc.deferred.wasm"
          --keep-lesson ${POSENC_FIRST_LESSON_CLASS} --keep-create ${POSENC_FIRST_LESSON_FACTORY} --split-name posenc_compute
          --split-name posenc_figure "--split-regex=^\\(anonymous namespace\\)::(capture|save)_figure\\("
          --split-name posenc_notebook "--split-regex=^\\(anonymous namespace\\)::save_notebook\\("
          "--split-regex=^posenc::app::(detail|\\(anonymous namespace\\))::[a-z0-9_]+\\(std::__2::map<[^()]*posenc::app::ArgValue"
          "--split-regex=(WebTrainPool|InFramePool)::|^posenc::(app|core)::make_[a-z_]*pool\\("
          --report "${CMAKE_BINARY_DIR}/split_report.txt"
  COMMAND ${CMAKE_COMMAND} -E remove "${POSENC_DIST}/posenc.wasm.orig"
  VERBATIM)

# Lesson train's Web Worker (src/app/web_train_worker.cpp): the core alone, a module of its own (not
# split: the worker runs all of it), dist/train_worker.js + train_worker.wasm, loaded by the page only
# when Train is first pressed (src/app/web_train_pool.cpp). Built for size like the site; the core's
# training code keeps its own -O2 -msimd128 (CMakeLists.txt).
add_executable(posenc_train_worker src/app/web_train_worker.cpp)
target_compile_options(posenc_train_worker PRIVATE ${POSENC_WARNINGS})
posenc_optimize(posenc_train_worker size)
target_link_libraries(posenc_train_worker PRIVATE posenc_core)
set_target_properties(posenc_train_worker PROPERTIES OUTPUT_NAME train_worker SUFFIX ".js"
                      RUNTIME_OUTPUT_DIRECTORY "${POSENC_DIST}")
target_link_options(posenc_train_worker PRIVATE
  -sENVIRONMENT=worker -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sMAXIMUM_MEMORY=1073741824
  --no-entry -sEXPORTED_FUNCTIONS=_posenc_train_worker_run -sEXPORTED_RUNTIME_METHODS=ccall
  "SHELL:--pre-js ${CMAKE_SOURCE_DIR}/web/train_worker_pre.js" --closure 1)
set_property(TARGET posenc_train_worker APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/web/train_worker_pre.js")

set(POSENC_STATIC index.html style.css loader.js sw.js)
set(POSENC_STATIC_OUT "")
foreach(f ${POSENC_STATIC})
  add_custom_command(OUTPUT "${POSENC_DIST}/${f}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/web/${f}" "${POSENC_DIST}/${f}"
    DEPENDS "${CMAKE_SOURCE_DIR}/web/${f}")
  list(APPEND POSENC_STATIC_OUT "${POSENC_DIST}/${f}")
endforeach()
add_custom_target(posenc_static ALL DEPENDS ${POSENC_STATIC_OUT})

# The first-frame baseline for `make bench`: a bare ImGui hello window with the site's link flags, in
# build/web/hello (not part of the site; built by `make bench` only).
add_executable(posenc_hello EXCLUDE_FROM_ALL tools/hello/hello_web.cpp)
target_link_libraries(posenc_hello PRIVATE imgui_backends)
posenc_optimize(posenc_hello size)
set_target_properties(posenc_hello PROPERTIES OUTPUT_NAME hello SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/hello")
target_link_options(posenc_hello PRIVATE
  ${POSENC_WEB_LINK_FLAGS})
add_custom_command(TARGET posenc_hello POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/tools/hello/hello.html" "${CMAKE_BINARY_DIR}/hello/index.html")
