#include "app/kernel_files/named_kernel_file.h"

#include <algorithm>
#include <filesystem>

#include "app/i18n/translation.h"
#include "app/kernel_files/shipped_kernels.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

namespace fs = std::filesystem;

// Whether `path` is inside `folder` once every link is followed (a link in
// the folder to a file outside it is not).
bool inside(const fs::path& path, const fs::path& folder) {
    std::error_code error;
    const fs::path real = fs::canonical(path, error);
    if (error) {
        return false;
    }
    const fs::path realFolder = fs::canonical(folder, error);
    if (error) {
        return false;
    }
    const auto [mismatch, end] =
        std::mismatch(realFolder.begin(), realFolder.end(), real.begin(), real.end());
    (void)end;
    return mismatch == realFolder.end();
}

}  // namespace

NamedKernelFile namedKernelFile(const std::string& given,
                                const std::optional<std::string>& folder) {
    if (const ShippedKernel* shipped = shippedKernel(given)) {
        NamedKernelFile file;
        file.name = shipped->name;
        file.path = shipped->file;
        file.language =
            fs::path(file.path).extension() == ".cu" ? KernelLanguage::Cuda : KernelLanguage::Cxx;
        file.shipped = true;
        return file;
    }
    const std::string rule =
        trf("(a kernel file is a shipped example's name, %s, or a file in the file's own folder)",
            shippedKernelNames().c_str());
    if (!folder) {
        throw UsageError(
            trf("kernel file \"%s\" is not a shipped example, the only kind a shipped "
                "or dropped file names %s",
                given.c_str(), rule.c_str()));
    }
    const fs::path named(given);
    if (given.empty() || named.is_absolute()) {
        throw UsageError(
            trf("kernel file \"%s\" is an absolute path or empty %s", given.c_str(), rule.c_str()));
    }
    for (const fs::path& part : named) {
        if (part == "..") {
            throw UsageError(trf("kernel file \"%s\" leads out of the file's folder (..) %s",
                                 given.c_str(), rule.c_str()));
        }
    }
    const fs::path path = fs::path(*folder) / named;
    std::error_code error;
    if (!fs::exists(fs::symlink_status(path, error))) {
        throw UsageError(trf("kernel file \"%s\": there is no file %s %s", given.c_str(),
                             path.string().c_str(), rule.c_str()));
    }
    if (!inside(path, *folder)) {
        throw UsageError(trf("kernel file \"%s\" leads out of the file's folder (through a link)",
                             given.c_str()));
    }
    NamedKernelFile file;
    file.path = path.string();
    file.name = kernelNameOf(file.path, &file.language);
    return file;
}

}  // namespace heatlab
