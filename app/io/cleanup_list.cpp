#include "app/io/cleanup_list.h"

#include <atomic>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// The slots, in blocks made as the list grows and kept for the life of
// the program (the handler may be reading one): room for four million
// names, a record of a picture a step over a long run included.
constexpr int kSlotsPerBlock = 1024;
constexpr int kMostBlocks = 4096;

struct Slot {
    std::atomic<bool> used{false};
    std::atomic<int> kind{0};
    // Set last, so that a handler that sees a name sees its kind.
    std::atomic<char*> path{nullptr};
};

struct Block {
    Slot slots[kSlotsPerBlock];
};

static_assert(std::atomic<char*>::is_always_lock_free && std::atomic<int>::is_always_lock_free &&
                  std::atomic<bool>::is_always_lock_free,
              "the signal handler reads the list: its atomics must not take a lock");

std::atomic<Block*> blocks[kMostBlocks] = {};
// Below it no slot is free, as far as the last claim knew: a record's
// hundred thousand pictures are listed in constant time each.
std::atomic<int> firstFree{0};
std::atomic<int> listedCount{0};
// Handlers reading the names now: a name taken off meanwhile is not freed
// (the handler may hold it; the program is about to die anyway).
std::atomic<int> removers{0};

Slot& slotAt(int index) {
    return blocks[index / kSlotsPerBlock].load()->slots[index % kSlotsPerBlock];
}

Block* blockAt(int block) {
    Block* there = blocks[block].load();
    if (there != nullptr) {
        return there;
    }
    auto* made = new Block;
    if (blocks[block].compare_exchange_strong(there, made)) {
        return made;
    }
    delete made;  // another thread made it first
    return there;
}

int claimSlot() {
    for (int index = firstFree.load(); index < kSlotsPerBlock * kMostBlocks; ++index) {
        Slot& slot = blockAt(index / kSlotsPerBlock)->slots[index % kSlotsPerBlock];
        bool free = false;
        if (!slot.used.load() && slot.used.compare_exchange_strong(free, true)) {
            firstFree.store(index + 1);
            return index;
        }
    }
    throw RuntimeError(tr("too many files made at once to remove them on a signal"));
}

void freeSlot(int index) {
    Slot& slot = slotAt(index);
    char* path = slot.path.exchange(nullptr);
    slot.used.store(false);
    for (int first = firstFree.load(); index < first;) {
        if (firstFree.compare_exchange_weak(first, index)) {
            break;
        }
    }
    listedCount.fetch_sub(1);
    if (removers.load() == 0) {
        delete[] path;
    }
}

// The kernel's directory entry, as getdents64 returns it (no header
// declares it; readdir() is not async-signal-safe).
struct DirectoryEntry {
    ino64_t inode;
    off64_t next;
    unsigned short length;
    unsigned char type;
    char name[1];
};

// Unlinks everything directly in `folder`; returns how many went.
int emptyFolder(const char* folder) noexcept {
    const int fd = ::open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    int removed = 0;
    alignas(8) char buffer[4096];
    for (;;) {
        const long bytes = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (bytes <= 0) {
            break;
        }
        for (long at = 0; at < bytes;) {
            const auto* entry = reinterpret_cast<const DirectoryEntry*>(buffer + at);
            const char* name = entry->name;
            const bool dots =
                name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
            if (!dots && ::unlinkat(fd, name, 0) == 0) {
                ++removed;
            }
            at += entry->length;
        }
    }
    ::close(fd);
    return removed;
}

// Calls `each(path, kind)` for every name listed now.
template <typename Each>
void forEachListed(Each each) noexcept {
    for (int block = 0; block < kMostBlocks; ++block) {
        Block* there = blocks[block].load();
        if (there == nullptr) {
            continue;
        }
        for (Slot& slot : there->slots) {
            if (const char* path = slot.path.load()) {
                each(path, static_cast<Leftover>(slot.kind.load()));
            }
        }
    }
}

}  // namespace

CleanupEntry::CleanupEntry(const std::string& path, Leftover kind) {
    char* copy = new char[path.size() + 1];
    std::memcpy(copy, path.c_str(), path.size() + 1);
    int index = -1;
    try {
        index = claimSlot();
    } catch (...) {
        delete[] copy;
        throw;
    }
    Slot& slot = slotAt(index);
    slot.kind.store(static_cast<int>(kind));
    slot.path.store(copy);
    listedCount.fetch_add(1);
    slot_ = index;
}

CleanupEntry::~CleanupEntry() { release(); }

CleanupEntry::CleanupEntry(CleanupEntry&& other) noexcept : slot_(other.slot_) { other.slot_ = -1; }

CleanupEntry& CleanupEntry::operator=(CleanupEntry&& other) noexcept {
    if (this != &other) {
        release();
        slot_ = other.slot_;
        other.slot_ = -1;
    }
    return *this;
}

void CleanupEntry::release() noexcept {
    if (slot_ >= 0) {
        freeSlot(slot_);
        slot_ = -1;
    }
}

int listedLeftovers() { return listedCount.load(); }

void removeListedLeftovers() noexcept {
    removers.fetch_add(1);
    forEachListed([](const char* path, Leftover kind) {
        if (kind == Leftover::File) {
            ::unlink(path);
        }
    });
    // Twice: a folder listed inside another is empty only once the inner
    // one is gone, whichever was listed first.
    for (int pass = 0; pass < 2; ++pass) {
        forEachListed([](const char* path, Leftover kind) {
            if (kind == Leftover::PrivateFolder) {
                // Entries removed while the folder is read may hide others
                // on some file systems: again until none goes.
                for (int round = 0; round < 4 && emptyFolder(path) > 0; ++round) {
                }
            }
            if (kind != Leftover::File) {
                ::rmdir(path);
            }
        });
    }
    removers.fetch_sub(1);
}

}  // namespace heatlab
