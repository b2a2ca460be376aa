# cmake -DINPUT=<file> -DOUTPUT=<header> -DSYMBOL=<name> -DNAMESPACE=<ns>
#       -DDELIMITER=<word> -DSOURCE=<path> -P embed_text.cmake
# Writes a header holding a text file (a shader, a scene) as one raw string
# literal <ns>::<name>, delimited by <word>; SOURCE is the file as the
# header's first line names it. Run by heatlab_embed_text (CMakeLists.txt).
foreach(variable INPUT OUTPUT SYMBOL NAMESPACE DELIMITER SOURCE)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "embed_text.cmake: -D${variable}=... is required")
  endif()
endforeach()

file(READ "${INPUT}" source)
# The literal's delimiter must not occur in the text, or it would end early.
string(FIND "${source}" ")${DELIMITER}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains )${DELIMITER}\" which would end the embedded raw string")
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
