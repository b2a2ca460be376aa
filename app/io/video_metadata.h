#pragma once
// What a video's container says of how it was made: the parameters of a
// picture's text chunks (describePicture's heatlab.* keys, for the clip's
// last frame) under their short names, with the frame rate, the steps a
// frame and heatlab's version.

#include "app/io/png_file.h"
#include "app/io/video_file.h"

namespace heatlab {

// `stepsPerFrame` 0: one frame per displayed frame (`shot --ui`'s frames;
// the window's recording says it is on the lecture's clock instead).
VideoMetadata videoMetadataOf(const PngText& pictureText, int fps, int stepsPerFrame);

}  // namespace heatlab
