#include "app/kernel_files/page_kernels.h"

#include "app/i18n/translation.h"
#include "app/kernel_files/class_kernels.h"

namespace heatlab {

const char* name(PageKernels allowed) {
    switch (allowed) {
    case PageKernels::Any: return "any";
    case PageKernels::None: return "none";
    case PageKernels::Cuda: return "cuda";
    case PageKernels::CudaAndCpu: return "cpu";
    }
    return "none";
}

std::string pageKernelRefusal(PageKernels allowed, KernelLanguage language) {
    switch (allowed) {
    case PageKernels::Any:
    case PageKernels::CudaAndCpu: return "";
    case PageKernels::None:
        return tr(
            "this server compiles no kernel a page sends or names: it was started without "
            "--allow-kernels");
    case PageKernels::Cuda:
        return language == KernelLanguage::Cuda
                   ? ""
                   : tr("a C++ kernel from a page needs heatlab serve --allow-kernels=cpu (it "
                        "runs as any program on the server)");
    }
    return "";
}

std::string pageKernelFileRefusal(PageKernels allowed, const NamedKernelFile& file) {
    if (allowed == PageKernels::Any || classKernelFileAdded(file)) {
        return "";
    }
    // heatlab's own text: no page wrote it.
    if (file.shipped && allowed != PageKernels::None) {
        return "";
    }
    const std::string why = pageKernelRefusal(allowed, file.language);
    return why.empty() ? ""
                       : trf("it names kernel file %s, and %s", file.path.c_str(), why.c_str());
}

}  // namespace heatlab
