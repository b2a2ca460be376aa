#pragma once
// The checking process's last words: a kernel that faults (SIGSEGV on a
// guard page or anywhere, SIGBUS, SIGFPE, SIGILL) ends the process, but
// first the signal's handler sends the lecture one line on what it did and
// where: which guard of which field (guarded_fields.h), and whether the
// faulting instruction was in the kernel's own code. Everything the
// handler says is made before any kernel runs; it formats only numbers,
// with async-signal-safe calls. Where the instruction was the kernel's, a
// second line "@OFFSET" (hex, from the object's load address) lets the
// lecture name the source line (fault_line.h).

#include <cstdint>

namespace heatlab {

class GuardedFields;

// Installs the handlers (on an alternate stack, so a kernel that overflows
// its stack still gets its line) that report over `socket`.
void installFaultReports(int socket);

// An alternate stack for the calling thread's faults too (each thread has
// its own): a thread other than the first that runs a kernel calls it.
void useFaultStackOnThisThread();

// The fields a fault is placed against now (nullptr: none).
void setFaultFields(const GuardedFields* fields);

// The kernel's code: the address range its shared object was loaded at.
void setFaultKernelCode(std::uintptr_t begin, std::uintptr_t end);

}  // namespace heatlab
