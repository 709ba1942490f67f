# The WebAssembly site: build/web/dist/{index.html, style.css, loader.js, favicon.svg, sw.js, posenc.js,
# posenc.wasm, cjk.ttf}. Fonts are subset at build time from Debian's fonts-dejavu-core and compiled
# into posenc.wasm (the Chinese font is fetched only when Chinese is shown).
set(POSENC_DIST "${CMAKE_BINARY_DIR}/dist")
find_program(PYFTSUBSET pyftsubset PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(POSENC_FONT_SRC /usr/share/fonts/truetype/dejavu)
set(POSENC_FONT_OUT "${CMAKE_BINARY_DIR}/assets/fonts")
# Regular: Latin-1 and Greek whole (a learner may type them into a text field), everything else only
# where the lessons, the interface or the shown code use it: about half the size of whole Unicode blocks.
set(POSENC_UNICODES "U+0020-007E,U+00A0-00FF,U+0370-03FF")
set(POSENC_TEXT_GLOBS "${CMAKE_SOURCE_DIR}/content/*/*.md|${CMAKE_SOURCE_DIR}/content/code/*.py|${CMAKE_SOURCE_DIR}/src/*/*.cpp|${CMAKE_SOURCE_DIR}/src/*/*.hpp")
file(GLOB POSENC_TEXT_FILES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/content/*/*.md" "${CMAKE_SOURCE_DIR}/content/code/*.py"
     "${CMAKE_SOURCE_DIR}/src/*/*.cpp" "${CMAKE_SOURCE_DIR}/src/*/*.hpp")
set(POSENC_TEXT_CHARS "${CMAKE_BINARY_DIR}/assets/text_chars.txt")
add_custom_command(
  OUTPUT "${POSENC_TEXT_CHARS}"
  COMMAND ${CMAKE_COMMAND} "-DOUT=${POSENC_TEXT_CHARS}" "-DGLOBS=${POSENC_TEXT_GLOBS}" -P "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
  DEPENDS ${POSENC_TEXT_FILES} "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
  COMMENT "Collecting the characters the interface can show" VERBATIM)
# The bold face draws only the interface's own text (headings, emphasis, titles), never what a learner
# types: Basic Latin and the used characters are enough, about half the glyphs to rasterise at start.
set(POSENC_UNICODES_DejaVuSans "${POSENC_UNICODES}")
set(POSENC_UNICODES_DejaVuSans-Bold "U+0020-007E")
set(POSENC_FONTS "")
foreach(face DejaVuSans DejaVuSans-Bold)
  add_custom_command(
    OUTPUT "${POSENC_FONT_OUT}/${face}.ttf"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${POSENC_FONT_OUT}"
    COMMAND ${PYFTSUBSET} "${POSENC_FONT_SRC}/${face}.ttf" "--unicodes=${POSENC_UNICODES_${face}}" "--text-file=${POSENC_TEXT_CHARS}"
            --no-hinting --layout-features= --desubroutinize "--output-file=${POSENC_FONT_OUT}/${face}.ttf"
    DEPENDS "${POSENC_FONT_SRC}/${face}.ttf" "${POSENC_TEXT_CHARS}"
    COMMENT "Subsetting ${face}")
  list(APPEND POSENC_FONTS "${POSENC_FONT_OUT}/${face}.ttf")
endforeach()

# Chinese: WenQuanYi Micro Hei subset to the characters of content/zh and the interface strings, served
# as dist/cjk.ttf and fetched only when Chinese is shown.
include("${CMAKE_SOURCE_DIR}/cmake/CjkFont.cmake")
posenc_cjk_font("${POSENC_DIST}/cjk.ttf" "${CMAKE_BINARY_DIR}/assets/cjk_chars.txt")
add_custom_target(posenc_cjk_font ALL DEPENDS "${POSENC_DIST}/cjk.ttf")

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
add_custom_command(
  OUTPUT "${POSENC_FONTS_CPP}"
  COMMAND ${CMAKE_COMMAND} "-DREGULAR=${POSENC_FONT_OUT}/DejaVuSans.ttf" "-DBOLD=${POSENC_FONT_OUT}/DejaVuSans-Bold.ttf"
          "-DOUT=${POSENC_FONTS_CPP}" -P "${CMAKE_SOURCE_DIR}/cmake/EmbedFonts.cmake"
  DEPENDS ${POSENC_FONTS} "${CMAKE_SOURCE_DIR}/cmake/EmbedFonts.cmake"
  COMMENT "Embedding the subset fonts" VERBATIM)

add_executable(posenc src/app/web_main.cpp src/app/web_input.cpp src/app/gl_renderer.cpp src/app/gl_textures.cpp
               "${POSENC_FONTS_CPP}")
target_compile_options(posenc PRIVATE ${POSENC_WARNINGS})
posenc_optimize(posenc size)
target_link_libraries(posenc PRIVATE posenc_app imgui_backends)
set_target_properties(posenc PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${POSENC_DIST}")
target_link_options(posenc PRIVATE
  ${POSENC_WEB_LINK_FLAGS}
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=ccall
  "SHELL:--post-js ${CMAKE_SOURCE_DIR}/web/api.js")
set_property(TARGET posenc APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/web/api.js")

set(POSENC_STATIC index.html style.css loader.js favicon.svg sw.js)
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
