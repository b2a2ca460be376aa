# cmake -DINPUT=<shader> -DOUTPUT=<header> -DSYMBOL=<name> -P embed_shader.cmake
# Writes a header holding the shader's text as one raw string literal.
foreach(variable INPUT OUTPUT SYMBOL)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "embed_shader.cmake: -D${variable}=... is required")
  endif()
endforeach()

file(READ "${INPUT}" source)
# The literal's delimiter must not occur in the text, or it would end early.
string(FIND "${source}" ")glsl\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains )glsl\" which would end the embedded raw string")
endif()

get_filename_component(file_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
  "// Generated from shaders/${file_name} at build time: edit that file, not this one.\n"
  "#pragma once\n"
  "\n"
  "namespace heatlab::shaders {\n"
  "\n"
  "inline constexpr char ${SYMBOL}[] = R\"glsl(${source})glsl\";\n"
  "\n"
  "}  // namespace heatlab::shaders\n")
