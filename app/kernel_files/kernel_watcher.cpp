// The watcher of class_kernels.h: one thread of the lecture's, at a lower
// priority, that looks at every class kernel's file (file_watch.h) and,
// when one is saved, reads it, compiles and checks it in a new process
// (started ahead of the save and kept waiting, so the save does not wait
// for heatlab to start), and swaps that process in for the version before
// once it passes. The frame's thread only ever takes the kernel's mutex for
// a step; the swap takes it for a moment. A save during a compile gives
// that compile up (its process killed) and compiles the newer text; a
// version that fails leaves the one before in the field.

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/i18n/translation.h"
#include "app/kernel_files/class_kernel_registry.h"
#include "app/kernel_files/file_watch.h"
#include "app/kernel_files/shipped_kernels.h"

namespace heatlab {

namespace {

// Without an event, the files' signatures are compared this often (what
// finds a change inotify did not report).
constexpr double kLookSeconds = 0.25;
// The watcher's own thread is below the frames too (it reads files and
// starts processes; the compile and the check are its processes').
constexpr int kWatcherNice = 10;

std::mutex hookMutex;
std::function<void(const std::string&)> reloadHook;

std::function<void(const std::string&)> currentHook() {
    std::lock_guard<std::mutex> lock(hookMutex);
    return reloadHook;
}

// Whether the status says a version runs (or may: checked, not yet asked
// for), the newest failing or compiling beside it.
bool versionRuns(const ClassKernelStatus& status) {
    switch (status.state) {
    case KernelFileState::Checked:
    case KernelFileState::Running: return true;
    case KernelFileState::Compiling:
    case KernelFileState::Failed: return status.olderRunning;
    default: return false;
    }
}

class Watcher {
public:
    Watcher() : thread_([this] { run(); }) {}
    ~Watcher() {
        stopping_ = true;
        watch_.wake();
        thread_.join();
    }
    Watcher(const Watcher&) = delete;
    Watcher& operator=(const Watcher&) = delete;

    void wake() { watch_.wake(); }

private:
    // The watcher's view of one kernel (its thread's alone).
    struct Watched {
        std::shared_ptr<ClassKernel> kernel;
        std::size_t index = 0;        // in watch_
        FileSignature seen;           // the file's as it was last read
        std::uint64_t triedHash = 0;  // the text compiled last: a save of the same compiles nothing
        std::unique_ptr<KernelProcess> spare;  // started ahead of the next save
        bool spareFailed = false;              // not started again until a save
    };

    void run() {
        ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), kWatcherNice);
        while (!stopping_) {
            watchNewKernels();
            for (Watched& w : watched_) {
                if (stopping_) {
                    break;
                }
                const bool forced = w.kernel->reloadAsked.exchange(false);
                // A file saved; a shipped example added since the start (a
                // cue's): its first version.
                const bool due =
                    w.kernel->shipped ? w.triedHash == 0 : watch_.settled(w.index, w.seen);
                if (forced || due) {
                    reload(w, forced);
                }
            }
            for (Watched& w : watched_) {
                keepSpare(w);
            }
            watch_.wait(kLookSeconds);
        }
    }

    void watchNewKernels() {
        for (const std::shared_ptr<ClassKernel>& k : classKernelsNow()) {
            bool known = false;
            for (const Watched& w : watched_) {
                known = known || w.kernel == k;
            }
            if (known) {
                continue;
            }
            Watched w;
            w.kernel = k;
            // A shipped example has no file of its own: its Reload compiles
            // heatlab's text again.
            if (!k->shipped) {
                w.index = watch_.add(k->file.path);
            }
            // Seen as absent: the first look reads the file, and compiles
            // it only where it is no longer the text loaded at the start.
            {
                std::lock_guard<std::mutex> lock(k->statusMutex);
                w.triedHash = k->status.sourceHash;
            }
            watched_.push_back(std::move(w));
        }
    }

    std::unique_ptr<KernelProcess> newProcess(const ClassKernel& k) {
        // A name of its own for its files: the version running keeps its
        // object (and a fault's line is looked up in it).
        const std::string files = k.file.name + "." + std::to_string(nextVersion_++);
        return std::make_unique<KernelProcess>(
            KernelProcessStart{kernelFolder(), files, k.file.path,
                               k.file.language == KernelLanguage::Cuda, kernelSeconds()});
    }

    void keepSpare(Watched& w) {
        if (stopping_ || w.spareFailed || (w.spare && w.spare->running())) {
            return;
        }
        try {
            w.spare = newProcess(*w.kernel);
        } catch (const std::exception&) {
            w.spare.reset();
            w.spareFailed = true;  // said when a save needs one
        }
    }

    // The process a save is compiled in: the spare, else a new one.
    std::unique_ptr<KernelProcess> takeProcess(Watched& w) {
        w.spareFailed = false;
        if (w.spare && w.spare->running()) {
            return std::move(w.spare);
        }
        w.spare.reset();
        return newProcess(*w.kernel);
    }

    void failed(ClassKernel& k, const std::string& why, const std::string& lines, bool unavailable,
                const std::string& facts = "", std::uint64_t hash = 0) {
        const KernelFacts parsed = parseKernelFacts(facts);
        editStatus(k, [&](ClassKernelStatus& status) {
            status.triedHash = hash;
            const bool runs = versionRuns(status);
            status.state =
                unavailable && !runs ? KernelFileState::Unavailable : KernelFileState::Failed;
            status.reason = why;
            status.compilerLines = lines;
            status.olderRunning = runs;
            status.wrong = parsed.wrong;
        });
    }

    // Reads `w`'s file and, where its text is new (or `forced`), compiles,
    // checks and swaps it in; again while saves come during the compile.
    void reload(Watched& w, bool forced) {
        ClassKernel& k = *w.kernel;
        const std::string& path = k.file.path;
        while (!stopping_) {
            std::string source;
            try {
                source = readVersion(w);
            } catch (const std::exception& e) {
                // Gone for a moment (an editor saving it) or not a kernel
                // file now: the version before runs on; the file back is
                // compiled whatever it holds.
                w.triedHash = 0;
                failed(k, e.what(), "", false);
                return;
            }
            const std::uint64_t hash = sourceHash(source);
            if (!forced && hash == w.triedHash) {
                return;  // saved unchanged, or touched
            }
            forced = false;
            w.triedHash = hash;
            editStatus(k, [](ClassKernelStatus& status) {
                status.olderRunning = versionRuns(status);
                status.state = KernelFileState::Compiling;
                status.reason.clear();
            });
            if (const std::function<void(const std::string&)> hook = currentHook()) {
                hook(path);
            }
            std::unique_ptr<KernelProcess> process;
            try {
                process = takeProcess(w);
            } catch (const std::exception& e) {
                failed(k, e.what(), "", false, "", hash);
                return;
            }
            const KernelProcess::Loaded loaded =
                process->loadInBackground(source, checkGrid(k), 0, [&] {
                    watch_.look();
                    return stopping_ || (!k.shipped && watch_.stirred(w.index, w.seen));
                });
            if (stopping_ || loaded.abandoned) {
                // A newer save, or the file only stirred (touched, its
                // attributes changed, saved with the same text): read it,
                // and compile it even where its text is the one abandoned.
                w.triedHash = 0;
                continue;
            }
            // A save inotify did not report: the text read again decides.
            std::string now;
            try {
                now = readVersion(w);
            } catch (const std::exception&) {
                now.clear();
            }
            if (now != source) {
                continue;
            }
            if (!loaded.problem.empty()) {
                failed(k, loaded.problem, loaded.lines, loaded.unavailable, loaded.facts, hash);
                return;
            }
            swapIn(k, std::move(process), source, loaded);
            return;
        }
    }

    // The text of the version to compile: the file's now (its events so far
    // taken as read), or a shipped example's own.
    std::string readVersion(Watched& w) {
        const ClassKernel& k = *w.kernel;
        if (k.shipped) {
            const ShippedKernel* shipped = shippedKernel(k.file.name);
            return shipped != nullptr ? shipped->text : k.file.source;
        }
        watch_.clear(w.index);
        w.seen = signatureOf(k.file.path);
        return readKernelSource(k.file.path);
    }

    // The grid a new version is checked on besides the fixed ones: the one
    // the kernel stepped last, else the command's.
    static std::optional<GridSize> checkGrid(ClassKernel& k) {
        {
            std::lock_guard<std::mutex> lock(k.statusMutex);
            if (k.lastGrid) {
                return k.lastGrid;
            }
        }
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        return r.commandGrid;
    }

    static void swapIn(ClassKernel& k, std::unique_ptr<KernelProcess> process,
                       const std::string& source, const KernelProcess::Loaded& loaded) {
        const std::string& done = loaded.done;
        std::unique_ptr<KernelProcess> before;
        {
            std::lock_guard<std::mutex> lock(k.mutex);
            before = std::move(k.process);
            k.process = std::move(process);
            k.loaded = true;
            k.stopped.clear();
            k.unavailable = false;
            k.file.source = source;
            k.compilerLines.clear();
            k.loadedText = done;
            editStatus(k, [&](ClassKernelStatus& status) {
                status.state = KernelFileState::Checked;
                status.reason.clear();
                status.compilerLines.clear();
                status.built = done;
                status.build = parseKernelFacts(loaded.facts).build;
                status.wrong.reset();
                status.olderRunning = false;
                status.versions += 1;
                status.sourceHash = sourceHash(source);
                status.triedHash = status.sourceHash;
            });
        }
        before.reset();  // killed and waited for outside the kernel's mutex
    }

    FileWatch watch_;
    std::vector<Watched> watched_;
    std::atomic<bool> stopping_{false};
    int nextVersion_ = 2;
    std::thread thread_;  // last: started once the rest is made
};

std::mutex watcherMutex;
std::unique_ptr<Watcher> watcher;
// Asked for by the lecture: the thread starts with the first kernel (a
// lecture with none has no thread).
std::atomic<bool> watching{false};

}  // namespace

void watchClassKernels() {
    watching = true;
    wakeWatcher();
}

void stopWatcher() {
    std::unique_ptr<Watcher> stopped;
    {
        std::lock_guard<std::mutex> lock(watcherMutex);
        stopped = std::move(watcher);
        watching = false;
    }
    stopped.reset();  // joined outside the lock
}

bool classKernelsWatched() { return watching; }

void wakeWatcher() {
    if (!watching) {
        return;
    }
    const bool any = !classKernelsNow().empty();
    std::lock_guard<std::mutex> lock(watcherMutex);
    if (watcher) {
        watcher->wake();
    } else if (any) {
        watcher = std::make_unique<Watcher>();
    }
}

void setClassKernelReloadHook(std::function<void(const std::string& path)> hook) {
    std::lock_guard<std::mutex> lock(hookMutex);
    reloadHook = std::move(hook);
}

}  // namespace heatlab
