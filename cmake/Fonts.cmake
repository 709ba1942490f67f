# Font subsets made at build time from Debian's fonts (fonts-dejavu-core, fonts-wqy-microhei) with
# pyftsubset (fonttools), shared by the web and the desktop builds: ${POSENC_FONT_OUT}/DejaVuSans.ttf,
# DejaVuSans-Bold.ttf and cjk.ttf. Neither program reads a font from /usr/share when it runs.
# posenc_embed_fonts(OUT [CJK]) writes a C++ source defining them as byte arrays (src/app/embedded_fonts.hpp).
# PYFTSUBSET is empty when fonttools is missing: the including file decides what that means.
find_program(PYFTSUBSET pyftsubset PATHS /usr/bin NO_DEFAULT_PATH)
set(POSENC_FONT_SRC /usr/share/fonts/truetype/dejavu)
set(POSENC_FONT_OUT "${CMAKE_BINARY_DIR}/assets/fonts")
# Regular: Latin-1 and Greek whole (a learner may type them into a text field), everything else only
# where the lessons, the interface or the shown code use it: about half the size of whole Unicode blocks.
# The superscripts whole too: numbers are written with them at run time (1.30×10⁻¹⁴, content::
# readable_exponents, ui::short_number) whatever digits the texts happen to hold.
set(POSENC_UNICODES "U+0020-007E,U+00A0-00FF,U+0370-03FF,U+2070-209F")
# (src/*/*/…: the lessons' folders.)
set(POSENC_TEXT_GLOBS "${CMAKE_SOURCE_DIR}/content/*/*.md" "${CMAKE_SOURCE_DIR}/content/code/*.py"
    "${CMAKE_SOURCE_DIR}/src/*/zh.tsv" "${CMAKE_SOURCE_DIR}/src/lessons/*/zh.tsv"
    "${CMAKE_SOURCE_DIR}/src/*/*.cpp" "${CMAKE_SOURCE_DIR}/src/*/*.hpp"
    "${CMAKE_SOURCE_DIR}/src/*/*/*.cpp" "${CMAKE_SOURCE_DIR}/src/*/*/*.hpp")
file(GLOB POSENC_TEXT_FILES CONFIGURE_DEPENDS ${POSENC_TEXT_GLOBS})
string(REPLACE ";" "|" POSENC_TEXT_GLOBS "${POSENC_TEXT_GLOBS}")
set(POSENC_TEXT_CHARS "${CMAKE_BINARY_DIR}/assets/text_chars.txt")
add_custom_command(
  OUTPUT "${POSENC_TEXT_CHARS}"
  COMMAND ${CMAKE_COMMAND} "-DOUT=${POSENC_TEXT_CHARS}" "-DGLOBS=${POSENC_TEXT_GLOBS}" -P "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
  DEPENDS ${POSENC_TEXT_FILES} "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
  COMMENT "Collecting the characters the interface can show" VERBATIM)
# The bold face draws only the interface's own text (headings, emphasis, titles), never what a learner
# types: Basic Latin and the used characters are enough, about half the glyphs to rasterise at start.
set(POSENC_UNICODES_DejaVuSans "${POSENC_UNICODES}")
set(POSENC_UNICODES_DejaVuSans-Bold "U+0020-007E,U+00B2-00B3,U+00B9,U+00D7,U+2070-209F")
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

# Chinese: WenQuanYi Micro Hei subset to the characters of content/zh and the interface strings (the web
# serves it as cjk.ttf, fetched when Chinese is shown; the desktop compiles it in).
file(GLOB POSENC_ZH_CONTENT CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/content/zh/*.md" "${CMAKE_SOURCE_DIR}/src/*/zh.tsv"
     "${CMAKE_SOURCE_DIR}/src/lessons/*/zh.tsv")
set(POSENC_CJK_CHARS "${CMAKE_BINARY_DIR}/assets/cjk_chars.txt")
add_custom_command(
  OUTPUT "${POSENC_CJK_CHARS}"
  COMMAND ${CMAKE_COMMAND} "-DOUT=${POSENC_CJK_CHARS}"
          "-DGLOBS=${CMAKE_SOURCE_DIR}/content/zh/*.md|${CMAKE_SOURCE_DIR}/src/*/zh.tsv|${CMAKE_SOURCE_DIR}/src/lessons/*/zh.tsv"
          -P "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
  DEPENDS ${POSENC_ZH_CONTENT} "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
  COMMENT "Collecting the characters of the Chinese text" VERBATIM)
# posenc_cjk_subset(OUT WHICH [DEPENDS …]): WenQuanYi Micro Hei cut down to the characters WHICH names
# (pyftsubset's --text-file=… or --text=…).
function(posenc_cjk_subset out which)
  cmake_parse_arguments(SUB "" "" "DEPENDS" ${ARGN})
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${POSENC_FONT_OUT}"
    COMMAND ${PYFTSUBSET} /usr/share/fonts/truetype/wqy/wqy-microhei.ttc --font-number=0
            "${which}" --no-hinting --layout-features= "--output-file=${out}"
    DEPENDS ${SUB_DEPENDS} /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
    COMMENT "Subsetting ${out}" VERBATIM)
endfunction()
set(POSENC_CJK_FONT "${POSENC_FONT_OUT}/cjk.ttf")
posenc_cjk_subset("${POSENC_CJK_FONT}" "--text-file=${POSENC_CJK_CHARS}" DEPENDS "${POSENC_CJK_CHARS}")

# Every character WenQuanYi Micro Hei has (~3.5 MB), for what a learner types, pastes or links beyond the
# lessons' own characters: fetched (web) or read (desktop) only when such a character appears.
set(POSENC_CJK_ALL_FONT "${POSENC_FONT_OUT}/cjk-all.ttf")
posenc_cjk_subset("${POSENC_CJK_ALL_FONT}" "--unicodes=*")

# The language switch's own label, "中文", and the loading message "正在载入中文…", drawn from the first
# frame on: those glyphs alone (~3 KB), compiled into both programs, so the switch never reads "ZH" and
# the page says in Chinese that Chinese is on its way.
set(POSENC_ZH_LABEL_FONT "${POSENC_FONT_OUT}/zh_label.ttf")
posenc_cjk_subset("${POSENC_ZH_LABEL_FONT}" "--text=中文正在载入")  # ui::kZhLabelText, kZhLoadingText

function(posenc_embed_fonts out)
  cmake_parse_arguments(EMBED "CJK" "" "" ${ARGN})
  set(args "-DREGULAR=${POSENC_FONT_OUT}/DejaVuSans.ttf" "-DBOLD=${POSENC_FONT_OUT}/DejaVuSans-Bold.ttf"
           "-DZH_LABEL=${POSENC_ZH_LABEL_FONT}")
  set(deps ${POSENC_FONTS} "${POSENC_ZH_LABEL_FONT}")
  if(EMBED_CJK)
    list(APPEND args "-DCJK=${POSENC_CJK_FONT}")
    list(APPEND deps "${POSENC_CJK_FONT}")
  endif()
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} ${args} "-DOUT=${out}" -P "${CMAKE_SOURCE_DIR}/cmake/EmbedFonts.cmake"
    DEPENDS ${deps} "${CMAKE_SOURCE_DIR}/cmake/EmbedFonts.cmake"
    COMMENT "Embedding the subset fonts" VERBATIM)
endfunction()
