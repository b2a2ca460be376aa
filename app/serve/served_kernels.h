#pragma once
// The lecturer's editor's kernels (`heatlab serve --allow-kernels`: the
// page's kernel message, wire.h) into the lecture's class kernels. Each
// version is written into the class kernels' private folder (kernelFolder(),
// 0700, removed at the end) under a temporary name and renamed over the
// kernel's file there, which the class kernels' watcher then reads,
// compiles, checks and puts in the field exactly as a save in the
// lecturer's own editor (app/kernel_files/kernel_watcher.cpp: no second
// compiler path). One compile at a time: a version that comes while one
// compiles waits, and a newer one replaces the one waiting. What becomes
// of each is told to the controller's page (kernelReportMessage()), which
// shows it under its editor as text. The server (frame_server.cpp) let
// through only what --allow-kernels allows; the frame's thread calls
// these.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "app/serve/wire.h"

namespace heatlab {

// One version of the lecturer's kernel: its message's sequence number, its
// file's name ("mine.cu") and its source.
struct PageKernel {
    std::uint32_t sequence = 0;
    std::string fileName;
    std::string source;
};

// One waiting at most: the newest.
class CompileQueue {
public:
    // `version` waits; the one it replaced, if one waited.
    std::optional<PageKernel> offer(PageKernel version);
    // The version to compile now: the waiting one, unless one compiles.
    std::optional<PageKernel> next(bool compiling);
    bool waiting() const { return waiting_.has_value(); }

private:
    std::optional<PageKernel> waiting_;
};

class ServedKernels {
public:
    // `tell`: a text message to the controller's page.
    explicit ServedKernels(std::function<void(std::string)> tell) : tell_(std::move(tell)) {}

    // A kernel message (ClientMessage::Kind::Kernel) from the controller.
    void offer(const ClientMessage& message);
    // Each frame: the version compiling told once it is checked or failed,
    // then the one waiting written for the watcher.
    void poll();

    // The private folder's file a kernel of `fileName` is written to.
    static std::string pathOf(const std::string& fileName);

private:
    struct Compiling {
        std::uint32_t sequence = 0;
        std::string kernel;  // its name (the file's stem)
        std::uint64_t hash = 0;
    };
    void start(const PageKernel& version);

    std::function<void(std::string)> tell_;
    CompileQueue queue_;
    std::optional<Compiling> compiling_;
};

}  // namespace heatlab
