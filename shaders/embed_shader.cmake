# cmake -DINPUT=<shader> -DOUTPUT=<header> -DSYMBOL=<name> -P embed_shader.cmake
# Writes a header holding the shader's text as one raw string literal.
#
# Any other text file is embedded the same way with the optional
#   -DNAMESPACE=<ns>    (default heatlab::shaders)
#   -DDELIMITER=<word>  the raw string's delimiter (default glsl)
#   -DSOURCE=<path>     the source named in the header's first line
#                       (default shaders/<file name>)
foreach(variable INPUT OUTPUT SYMBOL)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "embed_shader.cmake: -D${variable}=... is required")
  endif()
endforeach()
if(NOT DEFINED NAMESPACE)
  set(NAMESPACE heatlab::shaders)
endif()
if(NOT DEFINED DELIMITER)
  set(DELIMITER glsl)
endif()

file(READ "${INPUT}" source)
# The literal's delimiter must not occur in the text, or it would end early.
string(FIND "${source}" ")${DELIMITER}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains )${DELIMITER}\" which would end the embedded raw string")
endif()

get_filename_component(file_name "${INPUT}" NAME)
if(NOT DEFINED SOURCE)
  set(SOURCE shaders/${file_name})
endif()
file(WRITE "${OUTPUT}"
  "// Generated from ${SOURCE} at build time: edit that file, not this one.\n"
  "#pragma once\n"
  "\n"
  "namespace ${NAMESPACE} {\n"
  "\n"
  "inline constexpr char ${SYMBOL}[] = R\"${DELIMITER}(${source})${DELIMITER}\";\n"
  "\n"
  "}  // namespace ${NAMESPACE}\n")
