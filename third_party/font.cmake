# heatlab::font: DejaVu Sans from Debian's fonts-dejavu-core, embedded at
# build time (third_party/embed_binary.cmake) for the text of pictures (the
# colour bar's values, a slide's caption), drawn with Dear ImGui's font atlas.
# Consumers: #include "fonts/dejavu_sans.h" -> heatlab::embedded::kDejaVuSans.
find_file(HEATLAB_FONT_FILE DejaVuSans.ttf
          PATHS /usr/share/fonts/truetype/dejavu NO_DEFAULT_PATH)
if(NOT HEATLAB_FONT_FILE)
  message(FATAL_ERROR "heatlab: DejaVuSans.ttf not found; install the Debian package "
                      "fonts-dejavu-core")
endif()
set(heatlab_font_header ${CMAKE_BINARY_DIR}/generated/fonts/dejavu_sans.h)
add_custom_command(
  OUTPUT ${heatlab_font_header}
  COMMAND ${CMAKE_COMMAND} -DINPUT=${HEATLAB_FONT_FILE} -DOUTPUT=${heatlab_font_header}
          -DSYMBOL=kDejaVuSans -P ${CMAKE_CURRENT_LIST_DIR}/embed_binary.cmake
  DEPENDS ${HEATLAB_FONT_FILE} ${CMAKE_CURRENT_LIST_DIR}/embed_binary.cmake
  COMMENT "Embedding DejaVuSans.ttf"
  VERBATIM)
add_custom_target(heatlab_font_embedded DEPENDS ${heatlab_font_header})
add_library(heatlab_font INTERFACE)
target_include_directories(heatlab_font INTERFACE ${CMAKE_BINARY_DIR}/generated)
add_dependencies(heatlab_font heatlab_font_embedded)
add_library(heatlab::font ALIAS heatlab_font)
