#pragma once
// How the field is drawn, as plain data with one name per concept from the
// command line's flag to the shader's uniform: the display path, the colour
// map, its scale and its range, the sampling rule, and which part of the
// grid is shown.
// No GL here, so the lecture's settings and the scene reader use it too.

#include <optional>
#include <vector>

#include "app/picture/colour_map.h"
#include "app/picture/colour_scale.h"
#include "app/picture/surface_camera.h"

namespace heatlab {

// How the field reaches the picture: written on the device into the GL
// buffer (interop), or copied to host memory and uploaded, as a first
// version would (via host).
enum class DisplayPath { Interop, ViaHost };

// "interop", "via-host": --display-path and the scene's "display_path".
const char* name(DisplayPath path);
std::vector<DisplayPath> allDisplayPaths();

// Which buffer the interop path writes (app/render/gl_field.h's fallback
// chain): two buffers shared with CUDA, or one mapped each frame.
enum class InteropBuffer { Shared, Mapped };
const char* name(InteropBuffer buffer);  // "shared memory", "mapped buffer"

// What a pixel that covers more than one cell shows (--sampling, the
// scene's "sampling"; the view's image is made by it, ViewSampling::nearest
// in kernels/numerics/view_image.h): the max of its cells where
// (px + py) is even and their min where it is odd, so cells that disagree
// (the checkerboard of an unstable step) stay visible as a pixel
// checkerboard (extremes); or the cell under its centre (nearest).
enum class Sampling { Extremes, Nearest };

// "extremes", "nearest".
const char* name(Sampling sampling);
std::vector<Sampling> allSamplings();

// The colour range: automatic (the field's own min and max, reduced where
// the field lives) or locked to given ends, in field units under either
// colour scale.
struct ColourRange {
    bool automatic = true;
    float lo = 0.0f;
    float hi = 1.0f;
};

struct PictureSettings {
    DisplayPath path = DisplayPath::Interop;
    ColourMap map = ColourMap::Heat;
    // --scale, the scene's "scale", the shader's uScale; scaleReference is
    // the signed-log scale's u0 (--scale-reference, uScaleReference).
    // `scale` is what is drawn; `autoScale` whether the lecture may turn it
    // signed-log past the bound (ScaleChoice::Auto), set by chooseScale().
    ColourScale scale = ColourScale::Linear;
    bool autoScale = true;
    float scaleReference = kDefaultScaleReference;
    ColourRange range;
    Sampling sampling = Sampling::Extremes;
    // The field as a lit height field seen by an orbit camera instead of the
    // flat picture (key V, --surface, the scene's and cue's "surface"):
    // app/render/surface_renderer.h.
    bool surface = false;
    // What the surface view's orbit camera looks from (its default: fitted).
    OrbitCamera camera;
    // Interop through the buffer mapped each frame even where the shared
    // buffers can be had (--interop-mapped): to compare the two.
    bool mapPerFrame = false;

    ScaleChoice scaleChoice() const {
        return autoScale
                   ? ScaleChoice::Auto
                   : (scale == ColourScale::Linear ? ScaleChoice::Linear : ScaleChoice::SignedLog);
    }
    // Auto starts linear; a scale chosen stays as it is.
    void chooseScale(ScaleChoice choice) {
        autoScale = choice == ScaleChoice::Auto;
        scale = choice == ScaleChoice::SignedLog ? ColourScale::SignedLog : ColourScale::Linear;
    }
};

}  // namespace heatlab
