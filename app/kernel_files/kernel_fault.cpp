#include "app/kernel_files/kernel_fault.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <memory>
#include <string>

#include <sys/socket.h>
#include <ucontext.h>
#include <unistd.h>

#include "app/i18n/translation.h"
#include "app/kernel_files/kernel_wire.h"
#include "kernels/class/guarded_fields.h"

namespace heatlab {

namespace {

// The exit status of a process that reported a fault.
constexpr int kFaultStatus = 70;

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

enum Access { Read, Write };

// Every sentence the handler may say, translated before any kernel runs.
struct Words {
    std::string crashed[4];   // by kSignals' order: "the kernel crashed (SIGSEGV): "
    std::string place[5][2];  // by StrayPlace and Access
    std::string divide;       // SIGFPE
    std::string illegal;      // SIGILL
    std::string inCode;       // followed by the offset in hex
    std::string outsideCode;
};

int reportSocket = -1;
const Words* words = nullptr;
std::atomic<const GuardedFields*> faultFields{nullptr};
std::atomic<std::uintptr_t> codeBegin{0};
std::atomic<std::uintptr_t> codeEnd{0};

const Words* makeWords() {
    auto* w = new Words;  // kept for the process's life: the handler reads it
    const char* names[] = {"SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL"};
    for (int i = 0; i < 4; ++i) {
        w->crashed[i] = trf("the kernel crashed (%s): ", names[i]);
    }
    const int beforeIn = static_cast<int>(StrayPlace::BeforeIn);
    const int afterIn = static_cast<int>(StrayPlace::AfterIn);
    const int beforeOut = static_cast<int>(StrayPlace::BeforeOut);
    const int afterOut = static_cast<int>(StrayPlace::AfterOut);
    const int elsewhere = static_cast<int>(StrayPlace::Elsewhere);
    w->place[beforeIn][Read] = tr("it read before the start of `in`");
    w->place[beforeIn][Write] = tr("it wrote before the start of `in`");
    // Past `in` lies the slack before `out`: a write there is one before
    // `out` (`in` is const), a read one past `in`.
    w->place[afterIn][Read] = tr("it read past the end of `in`");
    w->place[afterIn][Write] = tr("it wrote before the start of `out`");
    w->place[beforeOut][Read] = w->place[afterIn][Read];
    w->place[beforeOut][Write] = w->place[afterIn][Write];
    w->place[afterOut][Read] = tr("it read past the end of `out`");
    w->place[afterOut][Write] = tr("it wrote past the end of `out`");
    w->place[elsewhere][Read] = tr("it read memory that is no field's, at address 0x");
    w->place[elsewhere][Write] = tr("it wrote memory that is no field's, at address 0x");
    w->divide = tr("an integer division by zero?");
    w->illegal = tr("an illegal instruction (a trap, or code the CPU lacks)");
    w->inCode = tr(", in the kernel's code at offset 0x");
    w->outsideCode = tr(", outside the kernel's own code");
    return w;
}

// The text being made in the handler: no allocation, no locale.
struct Line {
    char text[1024];
    std::size_t size = 0;

    void add(const char* s) {
        for (; *s != '\0' && size < sizeof text; ++s) {
            text[size++] = *s;
        }
    }
    void add(const std::string& s) { add(s.c_str()); }
    void addHex(std::uintptr_t value) {
        char digits[2 * sizeof value];
        int count = 0;
        do {
            digits[count++] = "0123456789abcdef"[value & 0xF];
            value >>= 4;
        } while (value != 0);
        while (count > 0 && size < sizeof text) {
            text[size++] = digits[--count];
        }
    }
};

std::uintptr_t faultingInstruction(const void* context) {
#if defined(__x86_64__)
    return static_cast<std::uintptr_t>(
        static_cast<const ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#else
    (void)context;
    return 0;
#endif
}

Access accessOf(const void* context) {
#if defined(__x86_64__)
    // The page fault's error code: bit 1 set for a write.
    return (static_cast<const ucontext_t*>(context)->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? Write
                                                                                          : Read;
#else
    (void)context;
    return Read;
#endif
}

void onFault(int signal, siginfo_t* info, void* context) {
    Line line;
    int which = 0;
    while (which < 3 && kSignals[which] != signal) {
        ++which;
    }
    line.add(words->crashed[which]);
    if (signal == SIGSEGV || signal == SIGBUS) {
        const GuardedFields* fields = faultFields.load();
        const StrayPlace place =
            fields != nullptr ? fields->placeOf(info->si_addr) : StrayPlace::Elsewhere;
        line.add(words->place[static_cast<int>(place)][accessOf(context)]);
        if (place == StrayPlace::Elsewhere) {
            line.addHex(reinterpret_cast<std::uintptr_t>(info->si_addr));
        }
    } else {
        line.add(signal == SIGFPE ? words->divide : words->illegal);
    }
    const std::uintptr_t pc = faultingInstruction(context);
    const std::uintptr_t begin = codeBegin.load();
    if (pc >= begin && pc < codeEnd.load() && begin != 0) {
        line.add(words->inCode);
        line.addHex(pc - begin);
        // For the lecture, which names the line (fault_line.h).
        line.add("\n@");
        line.addHex(pc - begin);
    } else {
        line.add(words->outsideCode);
    }
    KernelReply reply;
    reply.answer = static_cast<std::int32_t>(KernelAnswer::Fault);
    reply.textBytes = static_cast<std::uint32_t>(line.size);
    ::send(reportSocket, &reply, sizeof reply, MSG_NOSIGNAL);
    ::send(reportSocket, line.text, line.size, MSG_NOSIGNAL);
    ::_exit(kFaultStatus);
}

// A thread's alternate stack for the fault report, its own for its life
// (a pointer a thread, not 64 KiB of every thread's storage), let go of as
// the thread ends: a thread's end that finds a stack installed takes it
// for one it mapped itself (AddressSanitizer unmaps it, and dies on memory
// that came from new[]).
class FaultStack {
public:
    static constexpr std::size_t kBytes = 64 * 1024;

    ~FaultStack() {
        if (bytes_) {
            stack_t off{};
            off.ss_flags = SS_DISABLE;
            ::sigaltstack(&off, nullptr);
        }
    }

    void install() {
        if (!bytes_) {
            bytes_ = std::make_unique<char[]>(kBytes);
        }
        stack_t stack{};
        stack.ss_sp = bytes_.get();
        stack.ss_size = kBytes;
        ::sigaltstack(&stack, nullptr);
    }

private:
    std::unique_ptr<char[]> bytes_;
};

}  // namespace

void useFaultStackOnThisThread() {
    static thread_local FaultStack stack;
    stack.install();
}

void installFaultReports(int socket) {
    reportSocket = socket;
    words = makeWords();
    useFaultStackOnThisThread();
    struct sigaction action {};
    action.sa_sigaction = onFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    for (const int signal : kSignals) {
        ::sigaction(signal, &action, nullptr);
    }
}

void setFaultFields(const GuardedFields* fields) { faultFields.store(fields); }

void setFaultKernelCode(std::uintptr_t begin, std::uintptr_t end) {
    codeBegin.store(begin);
    codeEnd.store(end);
}

}  // namespace heatlab
