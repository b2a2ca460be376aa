# heatlab::glad: GL 3.3 core + EGL 1.5 loader, generated at configure time by
# Debian's glad 2 generator (python3-glad) into the build tree.
#  --reproducible  uses the Khronos XML shipped in the package: no download.
#  c --loader      adds gladLoaderLoadGL()/gladLoaderLoadEGL(), which dlopen
#                  libGL/libEGL themselves; gladLoadGL(glfwGetProcAddress) works too.
# All extensions are kept (no --extensions): costs ~0.2 s per including TU.
#
# Generated only when missing or when the command changes, so a re-configure
# leaves the sources' timestamps alone and a second build recompiles nothing.

# /usr/bin/glad runs on the system python (#!/usr/bin/python3); a pyenv or
# venv python3 on PATH would not see the python3-glad module.
find_program(HEATLAB_GLAD_GENERATOR glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT HEATLAB_GLAD_GENERATOR)
  message(FATAL_ERROR "heatlab: the glad generator (/usr/bin/glad) was not found; "
                      "install the Debian package python3-glad")
endif()

set(glad_dir "${CMAKE_BINARY_DIR}/glad")
set(glad_command "${HEATLAB_GLAD_GENERATOR}" --quiet --api "gl:core=3.3,egl=1.5"
                 --reproducible --out-path "${glad_dir}" c --loader)
set(glad_stamp "${glad_dir}/command.txt")
set(glad_outputs "${glad_dir}/src/gl.c" "${glad_dir}/src/egl.c"
                 "${glad_dir}/include/glad/gl.h" "${glad_dir}/include/glad/egl.h")

set(glad_previous "")
if(EXISTS "${glad_stamp}")
  file(READ "${glad_stamp}" glad_previous)
endif()
set(glad_up_to_date TRUE)
foreach(f IN LISTS glad_outputs)
  if(NOT EXISTS "${f}")
    set(glad_up_to_date FALSE)
  endif()
endforeach()

if(NOT glad_up_to_date OR NOT glad_previous STREQUAL "${glad_command}")
  message(STATUS "heatlab: generating the glad loader into ${glad_dir}")
  file(REMOVE_RECURSE "${glad_dir}")
  execute_process(COMMAND ${glad_command}
                  RESULT_VARIABLE glad_result ERROR_VARIABLE glad_error OUTPUT_QUIET)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "heatlab: glad failed (${glad_result}):\n${glad_error}")
  endif()
  # Written last: a failed or interrupted run is retried at the next configure.
  file(WRITE "${glad_stamp}" "${glad_command}")
endif()

add_library(heatlab_glad STATIC "${glad_dir}/src/gl.c" "${glad_dir}/src/egl.c")
# The project enables CXX only (enabling C here would have to be at top level);
# glad 2's output is valid C++ and compiles cleanly as such.
set_source_files_properties("${glad_dir}/src/gl.c" "${glad_dir}/src/egl.c"
                            PROPERTIES LANGUAGE CXX)
target_include_directories(heatlab_glad SYSTEM PUBLIC "${glad_dir}/include")
target_link_libraries(heatlab_glad PRIVATE ${CMAKE_DL_LIBS})
add_library(heatlab::glad ALIAS heatlab_glad)
