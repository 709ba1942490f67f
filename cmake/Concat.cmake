# Writes OUT: every DIR/*.md file followed by the file EXTRA (the characters a font subset must keep).
# Run as: cmake -DOUT=… -DDIR=… -DEXTRA=… -P Concat.cmake
file(GLOB inputs "${DIR}/*.md")
list(SORT inputs)
list(APPEND inputs "${EXTRA}")
set(text "")
foreach(f IN LISTS inputs)
  if(EXISTS "${f}")
    file(READ "${f}" part)
    string(APPEND text "${part}\n")
  endif()
endforeach()
file(WRITE "${OUT}" "${text}")
