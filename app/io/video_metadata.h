#pragma once
// What a video's container says of how it was made: the parameters of a
// picture's text chunks (describePicture's heatlab.* keys, for the clip's
// last frame) under their short names, with the frame rate, the steps a
// frame and heatlab's version.

#include "app/io/png_file.h"
#include "app/io/video_file.h"

namespace heatlab {

// What a clip's frames are where no count of steps sets them
// (`stepsPerFrame` 0): one a displayed frame (`shot --ui`), or one every
// 1/fps s of the lecture's clock (the window's recording).
enum class UnpacedFrames { AsDisplayed, OnTheLecturesClock };

VideoMetadata videoMetadataOf(const PngText& pictureText, int fps, int stepsPerFrame,
                              UnpacedFrames unpaced = UnpacedFrames::AsDisplayed);

}  // namespace heatlab
