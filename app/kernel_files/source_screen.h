#pragma once
// What a class kernel's source is refused for before any compiler reads
// it: every way it could make the compiler read another file. Both g++
// and NVRTC read an `#include "/etc/passwd"` and print its lines in their
// errors, NVRTC blocks forever on a FIFO, g++ takes gigabytes on
// /dev/zero; the assembler's .incbin and .include read files too. So the
// one include allowed is the contract's own line, `#include
// "heatlab_kernel.h"`, and these are refused wherever they stand outside
// a comment: the words include, include_next, import, embed, incbin,
// dependency, _Pragma, __pragma, __has_include, __has_include_next,
// __has_embed, asm, __asm, __asm__; token pasting (## or %:%:), which could
// build one of them; and raw string literals, whose lines the screen could
// not tell from code.
//
// The screen reads the source as the compiler's first phases do (lines
// spliced at a backslash, comments, string and character literals, numbers
// with digit separators), so a word hidden by a trick of lexing is seen
// where the compiler would see it.

#include <string>

namespace heatlab {

// Empty when `source` may be compiled; else one line, "line N: ...".
std::string screenKernelSource(const std::string& source);

}  // namespace heatlab
