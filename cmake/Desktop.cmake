# The desktop app (native preset): GLFW + OpenGL 3, when libglfw3-dev is installed. It draws with
# src/app/gl_renderer.cpp (as the web build does), so of ImGui's backends only the GLFW one is compiled.
# Its fonts, the Chinese subset included, are compiled in (cmake/Fonts.cmake): nothing is read from
# /usr/share when it runs; the whole CJK font (for characters a learner brings) is read from beside it.
find_package(glfw3 3.3 CONFIG QUIET)
find_package(OpenGL QUIET)
if(NOT glfw3_FOUND OR NOT OpenGL_FOUND)
  message(STATUS "posenc: GLFW or OpenGL not found; the desktop app is not built (install libglfw3-dev)")
  return()
endif()
if(NOT PYFTSUBSET)
  message(STATUS "posenc: pyftsubset not found; the desktop app is not built (install fonttools)")
  return()
endif()
add_library(imgui_desktop_backends STATIC ${IMGUI_DIR}/backends/imgui_impl_glfw.cpp)
target_include_directories(imgui_desktop_backends SYSTEM PUBLIC ${IMGUI_DIR}/backends)
target_link_libraries(imgui_desktop_backends PUBLIC imgui glfw)
set(POSENC_DESKTOP_FONTS_CPP "${CMAKE_BINARY_DIR}/generated/embedded_fonts_desktop.cpp")
posenc_embed_fonts("${POSENC_DESKTOP_FONTS_CPP}" CJK)
add_executable(posenc_desktop src/app/desktop_main.cpp src/app/desktop_files.cpp src/app/gl_renderer.cpp
               src/app/gl_textures.cpp src/app/gl_figure.cpp "${POSENC_DESKTOP_FONTS_CPP}")
target_compile_options(posenc_desktop PRIVATE ${POSENC_WARNINGS})
target_link_libraries(posenc_desktop PRIVATE posenc_app posenc_thread_pool imgui_desktop_backends OpenGL::GL)
# The whole CJK font beside the program: read when a learner's text has a character beyond the subset.
add_custom_command(TARGET posenc_desktop POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different "${POSENC_CJK_ALL_FONT}" "$<TARGET_FILE_DIR:posenc_desktop>/cjk-all.ttf")
add_dependencies(posenc_desktop posenc_cjk_subset)
if(POSENC_TESTS)
  add_test(NAME desktop_smoke COMMAND bash ${CMAKE_SOURCE_DIR}/tools/desktop_smoke.sh $<TARGET_FILE:posenc_desktop>)
  set_tests_properties(desktop_smoke PROPERTIES SKIP_RETURN_CODE 77)
endif()
