#include "app/lecture/run/memory_use.h"

namespace heatlab {

namespace {

MemoryUse::Display displayOf(const PictureSettings& picture) {
    return picture.path == DisplayPath::Interop ? MemoryUse::Display::Interop
                                                : MemoryUse::Display::ViaHost;
}

// shot --stats draws into a view this large at most (shot_picture.cpp).
constexpr int kStatsViewSide = 1024;
// The side of the tiles a picture of the field is drawn in at most
// (kPictureTileSide, app/render/field_picture.h).
constexpr int kPictureTileSide = 4096;

}  // namespace

MemoryUse lectureMemoryUse(const LectureSettings& settings, int viewWidth, int viewHeight) {
    MemoryUse use;
    use.display = displayOf(settings.picture);
    use.viewWidth = viewWidth;
    use.viewHeight = viewHeight;
    use.panes = settings.comparison.split ? 2 : 1;
    use.copyBack = true;
    return use;
}

MemoryUse shotMemoryUse(const ShotOptions& o) {
    if (o.ui) {
        const GridSize size = o.uiSize.value_or(GridSize{1280, 800});
        return lectureMemoryUse(o.settings, size.nx, size.ny);
    }
    MemoryUse use;
    use.display = displayOf(o.settings.picture);
    use.panes = o.settings.comparison.split ? 2 : 1;
    use.copyBack = o.settings.copyEvery > 0;
    if (o.slide) {
        use.viewWidth = o.slide->nx;
        use.viewHeight = o.slide->ny;
    } else if (!o.stats.empty()) {
        use.viewWidth = kStatsViewSide;
        use.viewHeight = kStatsViewSide;
    } else {
        use.fieldPicture = true;
        use.pictureTileSide = kPictureTileSide;
    }
    use.fieldFile = !o.field.empty();
    return use;
}

}  // namespace heatlab
