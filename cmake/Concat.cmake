# Writes OUT: the text of every file matching GLOBS ("|"-separated glob patterns), in a stable order —
# the characters a font subset must keep.
# Run as: cmake -DOUT=… "-DGLOBS=dir/*.md|other/*.cpp" -P Concat.cmake
string(REPLACE "|" ";" patterns "${GLOBS}")
set(inputs "")
foreach(p IN LISTS patterns)
  file(GLOB matched "${p}")
  list(SORT matched)
  list(APPEND inputs ${matched})
endforeach()
set(text "")
foreach(f IN LISTS inputs)
  file(READ "${f}" part)
  string(APPEND text "${part}\n")
endforeach()
file(WRITE "${OUT}" "${text}")
