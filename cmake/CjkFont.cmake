# The Chinese font: WenQuanYi Micro Hei subset to the characters of content/zh and the interface
# strings (src/ui/strings.cpp, src/lessons/labels.cpp). One rule for the web build (dist/cjk.ttf) and
# the native tests (which check that the subset covers every character the app shows in Chinese).
#   posenc_cjk_font(<output .ttf> <file listing the characters>)
find_program(PYFTSUBSET pyftsubset PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(POSENC_CJK_SOURCE_FONT /usr/share/fonts/truetype/wqy/wqy-microhei.ttc)

function(posenc_cjk_font out chars)
  file(GLOB zh_content CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/content/zh/*.md")
  get_filename_component(out_dir "${out}" DIRECTORY)
  add_custom_command(
    OUTPUT "${chars}"
    COMMAND ${CMAKE_COMMAND} "-DOUT=${chars}"
            "-DGLOBS=${CMAKE_SOURCE_DIR}/content/zh/*.md|${CMAKE_SOURCE_DIR}/src/ui/strings.cpp|${CMAKE_SOURCE_DIR}/src/lessons/labels.cpp" -P "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
    DEPENDS ${zh_content} "${CMAKE_SOURCE_DIR}/src/ui/strings.cpp" "${CMAKE_SOURCE_DIR}/src/lessons/labels.cpp"
            "${CMAKE_SOURCE_DIR}/cmake/Concat.cmake"
    COMMENT "Collecting the characters of the Chinese text" VERBATIM)
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
    COMMAND ${PYFTSUBSET} "${POSENC_CJK_SOURCE_FONT}" --font-number=0
            "--text-file=${chars}" --no-hinting --layout-features= "--output-file=${out}"
    DEPENDS "${chars}" "${POSENC_CJK_SOURCE_FONT}"
    COMMENT "Subsetting the Chinese font")
endfunction()
