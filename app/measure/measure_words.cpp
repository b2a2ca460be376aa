#include "app/measure/measure_words.h"

#include "app/i18n/phrases.h"
#include "kernels/base/words.h"

namespace heatlab {

std::string measureNameInWords(const std::string& english) { return phrasesInWords(english); }

Roofline rooflineInWords(const Roofline& roofline) {
    Roofline shown = roofline;
    shown.title = measureNameInWords(roofline.title);
    for (Roof& roof : shown.roofs) {
        roof.name = measureNameInWords(roof.name);
    }
    for (RooflinePoint& point : shown.points) {
        point.label = measureNameInWords(point.label);
    }
    return shown;
}

const std::vector<const char*>& measurePhrases() {
    // As bench_measure.cpp and roofline.cpp compose them; a kernel's name,
    // a device's and "memcpy" (the C library's function) stay as they are.
    static const std::vector<const char*> phrases = {
        // Table 1's rows.
        trNoop("copy (floor)"),
        trNoop("%d steps a pass"),
        trNoop("a slice per thread (ceiling)"),
        trNoop("cudaMemcpy device to device (ceiling)"),
        trNoop("CUDA graph of %d steps"),
        trNoop("grid held on chip"),
        trNoop("one launch"),
        trNoop("pageable"),
        trNoop("pinned"),
        trNoop("copy (floor) on %d"),
        trNoop("copy (floor) on %d x %d"),
        trNoop("in the L%d"),
        trNoop("its roof"),
        trNoop("the stencil's arithmetic"),
        trNoop("no memory (compute roof)"),
        // The roofline's roofs, points and title.
        trNoop("copy floor on %d"),
        trNoop("copy floor on %d x %d"),
        trNoop("to host"),
        trNoop("timed while busy"),
        trNoop("datasheet: memory clock x bus width"),
        trNoop("datasheet: SMs x clock x FP32 lanes x 2"),
        trNoop("now"),
        trNoop("on chip"),
        trNoop("copy back every step"),
        trNoop("copy back every %d"),
        trNoop("grid %d"),
        trNoop("grid %d x %d"),
    };
    return phrases;
}

}  // namespace heatlab
