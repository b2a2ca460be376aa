# cmake -DINPUT=<file> -DOUTPUT=<header> -DSYMBOL=<name> -P embed_binary.cmake
# Writes a header holding the file's bytes as an array, so the program
# carries data from a Debian package (a font) and reads no file at run time.
foreach(variable INPUT OUTPUT SYMBOL)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "embed_binary.cmake: -D${variable}=... is required")
  endif()
endforeach()
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR bytes "${digits} / 2")
# Sixteen bytes a line keeps the generated file readable and the regex fast.
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," array "${hex}")
string(REGEX REPLACE "((0x..,){16})" "\\1\n" array "${array}")
get_filename_component(file_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
  "// Generated at build time from ${file_name}: the bytes of that file.\n"
  "#pragma once\n\n"
  "#include <cstddef>\n\n"
  "namespace heatlab::embedded {\n\n"
  "inline constexpr std::size_t ${SYMBOL}Size = ${bytes};\n"
  "inline constexpr unsigned char ${SYMBOL}[] = {\n${array}\n};\n\n"
  "}  // namespace heatlab::embedded\n")
