#include "app/serve/served_kernels.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <utility>
#include <vector>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_file.h"
#include "kernels/base/errors.h"

namespace heatlab {

std::optional<PageKernel> CompileQueue::offer(PageKernel version) {
    std::optional<PageKernel> replaced = std::move(waiting_);
    waiting_ = std::move(version);
    return replaced;
}

std::optional<PageKernel> CompileQueue::next(bool compiling) {
    if (compiling || !waiting_) {
        return std::nullopt;
    }
    std::optional<PageKernel> taken = std::move(waiting_);
    waiting_.reset();
    return taken;
}

namespace {

std::optional<ClassKernelStatus> statusOf(const std::string& kernel) {
    for (ClassKernelStatus& status : classKernelStatuses()) {
        if (status.name == kernel) {
            return std::move(status);
        }
    }
    return std::nullopt;
}

// `text` with the private folder's path taken out of it: the page names
// its file as the lecturer wrote it, and learns no path of the server's.
std::string withoutFolder(std::string text) {
    // By the folder's own name, so that any spelling of a path to it goes
    // (a TMPDIR ending in "/" makes a "//"): the whole path up to it too.
    const std::string name = std::filesystem::path(classKernelFolder()).filename().string() + "/";
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at)) {
        std::size_t start = at;
        while (start > 0 && std::string(" \t\n'\"`(").find(text[start - 1]) == std::string::npos) {
            --start;
        }
        text.erase(start, at + name.size() - start);
        at = start;
    }
    return text;
}

// What the page shows of a version compiled to its end.
std::string reportOf(const ClassKernelStatus& status) {
    switch (status.state) {
    case KernelFileState::Checked:
    case KernelFileState::Running:
        return trf("kernel %s compiled and checked: choose it in the panel's kernel list",
                   status.name.c_str()) +
               (status.built.empty() ? "" : "\n" + status.built);
    default: break;
    }
    std::string text = status.reason;
    if (!status.compilerLines.empty()) {
        text += "\n" + status.compilerLines;
    }
    if (status.olderRunning) {
        text += "\n" + std::string(tr("the version before runs on"));
    }
    return text;
}

}  // namespace

std::string ServedKernels::pathOf(const std::string& fileName) {
    return classKernelFolder() + "/" + fileName;
}

void ServedKernels::offer(const ClientMessage& message) {
    PageKernel version{message.inputSequence, message.fileName, message.fileText};
    if (!compiling_) {
        start(version);
        return;
    }
    const std::uint32_t sequence = version.sequence;
    if (const std::optional<PageKernel> replaced = queue_.offer(std::move(version))) {
        tell_(kernelReportMessage(replaced->sequence, "replaced",
                                  tr("a newer version came while this one waited")));
    }
    tell_(kernelReportMessage(sequence, "waiting",
                              tr("waiting: one kernel compiles at a time, and one is compiling")));
}

void ServedKernels::start(const PageKernel& version) {
    std::string kernel;
    try {
        KernelLanguage language = KernelLanguage::Cxx;
        kernel = kernelNameOf(version.fileName, &language);
        const std::string path = pathOf(version.fileName);
        const std::optional<ClassKernelStatus> known = statusOf(kernel);
        if (known && known->path != path) {
            throw UsageError(trf("kernel %s is the file %s's: give yours another name",
                                 kernel.c_str(), known->path.c_str()));
        }
        if (version.source.size() > kKernelFileMaxBytes) {
            throw UsageError(tr("the kernel is over 256 KiB"));
        }
        // Whole or not at all: the watcher never reads half a version.
        writeOutputFile(path, version.source);
        if (!known) {
            try {
                addClassKernels({path});
            } catch (...) {
                ::unlink(path.c_str());
                throw;
            }
        }
    } catch (const std::exception& e) {
        tell_(kernelReportMessage(version.sequence, "refused", withoutFolder(e.what())));
        return;
    }
    compiling_ = Compiling{version.sequence, kernel, sourceHash(version.source)};
    tell_(kernelReportMessage(version.sequence, "compiling",
                              trf("compiling and checking %s", version.fileName.c_str())));
}

void ServedKernels::poll() {
    if (compiling_) {
        const std::optional<ClassKernelStatus> status = statusOf(compiling_->kernel);
        if (!status) {
            compiling_.reset();  // the run is ending
        } else if (status->triedHash == compiling_->hash &&
                   status->state != KernelFileState::Compiling) {
            tell_(kernelReportMessage(compiling_->sequence, name(status->state),
                                      withoutFolder(reportOf(*status))));
            compiling_.reset();
        }
    }
    if (std::optional<PageKernel> next = queue_.next(compiling_.has_value())) {
        start(*next);
    }
}

}  // namespace heatlab
