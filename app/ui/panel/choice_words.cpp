#include "app/ui/panel/choice_words.h"

#include <cstring>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

// The names of the values the panel offers (kernels/numerics/params.h,
// app/picture/, app/ui/panel/panel.h), marked for the catalogue.
constexpr const char* kChoiceNames[] = {
    trNoop("auto"),          trNoop("on"),        trNoop("off"),
    trNoop("hot-square"),    trNoop("sine"),      trNoop("blank"),
    trNoop("dirichlet"),     trNoop("insulated"), trNoop("periodic"),
    trNoop("extrapolate"),   trNoop("linear"),    trNoop("signed-log"),
    trNoop("interop"),       trNoop("via-host"),  trNoop("heat"),
    trNoop("diverging"),     trNoop("grey"),      trNoop("field"),
    trNoop("window"),        trNoop("slide"),     trNoop("shared memory"),
    trNoop("mapped buffer"), trNoop("pageable"),  trNoop("pinned"),
};

}  // namespace

const char* choiceInWords(const char* name) {
    for (const char* known : kChoiceNames) {
        if (std::strcmp(known, name) == 0) {
            return tr(known);
        }
    }
    return name;
}

}  // namespace heatlab
