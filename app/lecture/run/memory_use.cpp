#include "app/lecture/run/memory_use.h"

namespace heatlab {

namespace {

MemoryUse::Display displayOf(const PictureSettings& picture) {
    return picture.path == DisplayPath::Interop ? MemoryUse::Display::Interop
                                                : MemoryUse::Display::ViaHost;
}

std::size_t pixelsOf(const GridSize& size) {
    return static_cast<std::size_t>(size.nx) * static_cast<std::size_t>(size.ny);
}

// shot --stats draws into a view this large at most (shot_picture.cpp).
constexpr std::size_t kStatsViewPixels = std::size_t{1024} * 1024;
// The side of the tiles a picture of the field is drawn in at most
// (kPictureTileSide, app/render/field_picture.h).
constexpr int kPictureTileSide = 4096;

}  // namespace

MemoryUse lectureMemoryUse(const LectureSettings& settings, std::size_t viewPixels) {
    MemoryUse use;
    use.display = displayOf(settings.picture);
    use.imagePixels = viewPixels;
    use.panes = settings.comparison.split ? 2 : 1;
    use.copyBack = true;
    return use;
}

MemoryUse shotMemoryUse(const ShotOptions& o) {
    if (o.ui) {
        const GridSize size = o.uiSize.value_or(GridSize{1280, 800});
        return lectureMemoryUse(o.settings, pixelsOf(size));
    }
    MemoryUse use;
    use.display = displayOf(o.settings.picture);
    use.panes = o.settings.comparison.split ? 2 : 1;
    use.copyBack = o.settings.copyEvery > 0;
    if (o.slide) {
        use.imagePixels = pixelsOf(*o.slide);
    } else if (!o.stats.empty()) {
        use.imagePixels = kStatsViewPixels;
    } else {
        use.fieldPicture = true;
        use.pictureTileSide = kPictureTileSide;
    }
    use.fieldFile = !o.field.empty();
    return use;
}

}  // namespace heatlab
