# write_if_changed(PATH CONTENT): writes only when the content differs, so an unchanged input tree
# leaves the generated file's timestamp alone and triggers no recompile.
function(write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()
