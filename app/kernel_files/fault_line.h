#pragma once
// The source line of a class kernel's fault: the object is compiled with
// line tables (-g1), so binutils' addr2line turns the faulting
// instruction's offset into FILE:LINE. Run by the lecture after the
// checking process has ended (the object stays in the private folder until
// the run ends), with a deadline; where addr2line is missing or says
// nothing, there is no line and the fault's report goes without one.

#include <cstdint>
#include <string>

namespace heatlab {

// The line of `sourcePath` the instruction at `offset` of `object` comes
// from, as "DISPLAY:LINE" (`displayPath` for `sourcePath`); empty when
// none is known.
std::string kernelLineAt(const std::string& object, std::uintptr_t offset,
                         const std::string& sourcePath, const std::string& displayPath);

}  // namespace heatlab
