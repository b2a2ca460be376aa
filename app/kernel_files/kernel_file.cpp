#include "app/kernel_files/kernel_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "app/i18n/translation.h"
#include "app/io/input_file.h"
#include "app/kernel_files/class_kernels.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/kernel_catalogue.h"

namespace heatlab {

namespace {

namespace fs = std::filesystem;

bool kernelExtension(const std::string& extension, KernelLanguage* language) {
    if (extension == ".cpp" || extension == ".cc" || extension == ".cxx") {
        *language = KernelLanguage::Cxx;
        return true;
    }
    if (extension == ".cu") {
        *language = KernelLanguage::Cuda;
        return true;
    }
    return false;
}

// Text a compiler reads: no NUL and no control character but the
// whitespace ones (UTF-8 in comments is welcome: the template's are in
// Japanese too).
void refuseBinary(const std::string& path, const std::string& source) {
    for (std::size_t i = 0; i < source.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(source[i]);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') {
            throw UsageError(
                trf("kernel file %s is not text (byte %zu is %u): give a C++ or "
                    "CUDA source file",
                    path.c_str(), i, static_cast<unsigned>(c)));
        }
    }
}

std::string readSource(const std::string& path) {
    std::string source;
    try {
        source = readRegularFile(path, kKernelFileMaxBytes);
    } catch (const RuntimeError& e) {
        // The file was named on the command line: a usage error (exit 2).
        throw UsageError(trf("kernel file %s", e.what()));
    }
    refuseBinary(path, source);
    return source;
}

KernelFile readOne(const std::string& path) {
    KernelFile file;
    file.path = path;
    file.name = kernelNameOf(path, &file.language);
    file.source = readSource(path);
    return file;
}

// The kernel files directly in `folder`, in name order.
std::vector<std::string> folderFiles(const std::string& folder) {
    std::vector<std::string> files;
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
        KernelLanguage language = KernelLanguage::Cxx;
        if (kernelExtension(entry.path().extension().string(), &language)) {
            files.push_back(entry.path().string());
        }
    }
    if (error) {
        throw UsageError(trf("--kernel-file %s: the folder cannot be read (%s)", folder.c_str(),
                             error.message().c_str()));
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        throw UsageError(
            trf("--kernel-file %s: the folder holds no kernel file (.cpp, .cc, .cxx "
                "or .cu)",
                folder.c_str()));
    }
    return files;
}

}  // namespace

std::string kernelNameOf(const std::string& path, KernelLanguage* language) {
    const fs::path file(path);
    if (!kernelExtension(file.extension().string(), language)) {
        throw UsageError(
            trf("kernel file %s: give a C++ (.cpp, .cc, .cxx) or CUDA (.cu) file", path.c_str()));
    }
    std::string name = file.stem().string();
    for (char& c : name) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    const bool wellFormed = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    });
    if (!wellFormed) {
        throw UsageError(
            trf("kernel file %s: its name is the kernel's, so it may hold only "
                "letters, digits, '-', '_' and '.'",
                path.c_str()));
    }
    for (const Kernel kernel : allKernels()) {
        // A class kernel's name is its file's: the same file again (a
        // scene opened twice) is told apart from another by its path.
        if (name == heatlab::name(kernel) && !isClassKernel(kernel)) {
            throw UsageError(
                trf("kernel file %s: '%s' is a kernel of heatlab's own already; "
                    "rename the file",
                    path.c_str(), name.c_str()));
        }
    }
    return name;
}

namespace {

[[noreturn]] void refuseOneName(const KernelFile& a, const KernelFile& b) {
    throw UsageError(trf("kernel files %s and %s both name a kernel '%s'; rename one",
                         a.path.c_str(), b.path.c_str(), b.name.c_str()));
}

// The name of the folder `path` is in, in lower case, as a kernel's name
// may hold it; empty where it may not.
std::string folderWord(const std::string& path) {
    std::string word = fs::absolute(fs::path(path)).parent_path().filename().string();
    for (char& c : word) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    const bool wellFormed = std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    });
    return wellFormed ? word : std::string();
}

// Files of one name, each qualified by its folder's (the kernel's name
// "folder.name", its label "folder/file"); refused where that does not
// tell every two files apart.
void qualifySharedNames(std::vector<KernelFile>& files) {
    std::vector<bool> shared(files.size(), false);
    for (std::size_t i = 0; i < files.size(); ++i) {
        for (std::size_t j = i + 1; j < files.size(); ++j) {
            if (files[i].name == files[j].name) {
                if (files[i].path == files[j].path) {
                    refuseOneName(files[i], files[j]);  // the same file given twice
                }
                shared[i] = shared[j] = true;
            }
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!shared[i]) {
            continue;
        }
        const std::string folder = folderWord(files[i].path);
        if (folder.empty()) {
            for (std::size_t j = 0; j < files.size(); ++j) {
                if (j != i && files[j].name == files[i].name) {
                    refuseOneName(files[std::min(i, j)], files[std::max(i, j)]);
                }
            }
        }
        const fs::path path = fs::absolute(fs::path(files[i].path));
        files[i].label = path.parent_path().filename().string() + "/" + path.filename().string();
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (shared[i]) {
            files[i].name = folderWord(files[i].path) + "." + files[i].name;
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        for (std::size_t j = i + 1; j < files.size(); ++j) {
            if (files[i].name == files[j].name) {
                refuseOneName(files[i], files[j]);
            }
        }
    }
}

}  // namespace

std::vector<KernelFile> readKernelFiles(const std::vector<std::string>& given) {
    std::vector<KernelFile> files;
    for (const std::string& path : given) {
        std::error_code error;
        KernelLanguage language = KernelLanguage::Cxx;
        const bool folder = fs::is_directory(path, error) &&
                            !kernelExtension(fs::path(path).extension().string(), &language);
        for (const std::string& each :
             folder ? folderFiles(path) : std::vector<std::string>{path}) {
            files.push_back(readOne(each));
        }
    }
    qualifySharedNames(files);
    return files;
}

std::string readKernelSource(const std::string& path) { return readSource(path); }

}  // namespace heatlab
