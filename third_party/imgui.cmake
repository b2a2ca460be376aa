# heatlab::imgui: Dear ImGui from libimgui-dev (1.86 on Debian 12), with its
# OpenGL3 renderer backend compiled here from the source the package ships
# as documentation (plain or gzipped, copied into the build tree). No
# platform backend: the program's surfaces feed ImGui's input themselves
# (app/ui/imgui/imgui_input.cpp), the window and the headless surface alike.
#
# Why compile the backends: the copy inside libimgui.a loads GL through its own
# embedded gl3w (dlopen libGL.so.1, GLX only). Built here with
# IMGUI_IMPL_OPENGL_LOADER_CUSTOM, the backend uses heatlab::glad's function
# pointers: one loader for the whole program. The app must therefore load GL
# through glad before ImGui_ImplOpenGL3_Init().
#
# No duplicate symbols: our backend objects come first on the link line, so the
# linker never pulls libimgui.a's imgui_impl_*.o members (an archive member is
# only taken to resolve a symbol still undefined).
#
# Consumers: #include <imgui.h>, <backends/imgui_impl_opengl3.h>.

find_path(HEATLAB_IMGUI_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui)
find_library(HEATLAB_IMGUI_LIBRARY imgui)
# Debian's +ds build takes stb_truetype/stb_rect_pack from libstb, not inline.
find_library(HEATLAB_STB_LIBRARY stb)
if(NOT HEATLAB_IMGUI_INCLUDE_DIR OR NOT HEATLAB_IMGUI_LIBRARY OR NOT HEATLAB_STB_LIBRARY)
  message(FATAL_ERROR "heatlab: Dear ImGui not found; install the Debian packages "
                      "libimgui-dev libstb-dev")
endif()

set(imgui_backend_dirs /usr/share/doc/libimgui-dev/examples/backends
                       "${HEATLAB_IMGUI_INCLUDE_DIR}/backends")
set(imgui_out "${CMAKE_BINARY_DIR}/imgui_backends")
set(imgui_backend_sources "")
foreach(name imgui_impl_opengl3)
  find_file(HEATLAB_${name}_SOURCE NAMES ${name}.cpp ${name}.cpp.gz
            PATHS ${imgui_backend_dirs} NO_DEFAULT_PATH)
  set(src "${HEATLAB_${name}_SOURCE}")
  if(NOT src)
    break()
  endif()
  set(dst "${imgui_out}/${name}.cpp")
  if(src MATCHES "\\.gz$")
    # Decompressed beside, then copied: configure_file only rewrites dst when
    # its content changes, so a re-configure does not trigger a recompile.
    file(MAKE_DIRECTORY "${imgui_out}")
    execute_process(COMMAND gzip -dc "${src}" OUTPUT_FILE "${dst}.tmp" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "heatlab: could not decompress ${src} (is gzip installed?)")
    endif()
    configure_file("${dst}.tmp" "${dst}" COPYONLY)
  else()
    configure_file("${src}" "${dst}" COPYONLY)
  endif()
  list(APPEND imgui_backend_sources "${dst}")
endforeach()

# Without the backend source we would have to use the copy inside
# libimgui.a, whose embedded gl3w is the second GL loader this file exists
# to avoid: stop instead, naming the package that ships it.
if(NOT imgui_backend_sources MATCHES "imgui_impl_opengl3")
  message(FATAL_ERROR "heatlab: the Dear ImGui OpenGL3 backend source was not found "
                      "in ${imgui_backend_dirs}; install (or reinstall, if /usr/share/doc was "
                      "stripped) the Debian package libimgui-dev")
endif()
# heatlab::imgui: Dear ImGui and its OpenGL3 renderer.
add_library(heatlab_imgui STATIC ${imgui_backend_sources})
target_include_directories(heatlab_imgui PRIVATE "${HEATLAB_IMGUI_INCLUDE_DIR}/backends")
target_compile_definitions(heatlab_imgui PRIVATE IMGUI_IMPL_OPENGL_LOADER_CUSTOM)
# LOADER_CUSTOM means "the GL declarations are already there": put glad first.
set_source_files_properties("${imgui_out}/imgui_impl_opengl3.cpp" PROPERTIES
                            COMPILE_OPTIONS "-include;glad/gl.h")
target_link_libraries(heatlab_imgui PRIVATE heatlab::glad)
target_include_directories(heatlab_imgui SYSTEM PUBLIC "${HEATLAB_IMGUI_INCLUDE_DIR}")
# Order matters with --as-needed: the archive before the libraries it uses.
target_link_libraries(heatlab_imgui PUBLIC "${HEATLAB_IMGUI_LIBRARY}" "${HEATLAB_STB_LIBRARY}"
                      ${CMAKE_DL_LIBS} m)
add_library(heatlab::imgui ALIAS heatlab_imgui)
