#pragma once
// What a command will take of memory for a grid, said before it is taken:
// the backend's buffers, the display's, and the command's own copies of the
// field in host memory, each part named with its bytes and where it lives.
// The refusal of a grid that does not fit (grid_memory.h), the panel's Grid
// section and the bench's lines all say the figures of one plan.
//
// Each command says once, at its start, what it holds besides the backend
// (setMemoryUse(): the window, serve, shot and the bench differ), so every
// way into a simulation (the command line, a scene, a cue list, a file
// dropped on a served page, a reset on a new grid) is checked against the
// same plan without being handed it.

#include <cstddef>
#include <string>
#include <vector>

#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Where a part of a plan lives: on the backend's device (which is host
// memory for a backend whose field lives there, the CPU's), or in host
// memory whatever the backend.
enum class MemoryPlace { Device, Host };

struct MemoryPart {
    std::string purpose;  // English, what the bytes are for
    MemoryPlace place = MemoryPlace::Host;
    std::size_t bytes = 0;
};

struct MemoryPlan {
    GridSize grid{0, 0};
    // The backend's field lives in host memory: its Device parts are host
    // memory too (the CPU backend).
    bool deviceIsHost = true;
    std::vector<MemoryPart> parts;

    // Adds a part; one of 0 bytes is left out.
    void add(const std::string& purpose, MemoryPlace place, std::size_t bytes);
    // The parts on the device, on the host, by where they are named.
    std::size_t deviceParts() const;
    std::size_t hostParts() const;
    // What each memory must hold: where the device is the host, all of it
    // is host memory and the device needs nothing of its own.
    std::size_t onDevice() const { return deviceIsHost ? 0 : deviceParts(); }
    std::size_t onHost() const { return deviceIsHost ? deviceParts() + hostParts() : hostParts(); }
};

// What a command holds for its grid besides the backend's buffers. The
// default is a bare simulation (the tests', a tool's): the buffers alone.
struct MemoryUse {
    // How the field reaches the display: none (the bench, a bare
    // simulation); on interop, display buffers on the device and no host
    // copy of the field; via host, a display buffer and what the view
    // needs of the field (its cells or its image: display_layout.h) copied
    // into host memory every frame.
    enum class Display { None, Interop, ViaHost };
    Display display = Display::None;
    // The view the display is made for, in pixels (the window, a slide, the
    // view shot --stats measures): its buffers' size, whatever the grid.
    // A picture of the field (fieldPicture) is drawn a tile at a time, and
    // its tile is the view.
    int viewWidth = 0;
    int viewHeight = 0;
    // A/B: each pane its own simulation and display.
    int panes = 1;
    // The copy-back policy's buffer: a command whose lecture can turn
    // copying on at any time (C, a cue) counts it from the start.
    bool copyBack = false;
    // shot: a picture of the field at one pixel a cell: its pixels (RGB),
    // the GL target it is drawn in a tile at a time, at most
    // pictureTileSide a side, and the tile read back (RGBA).
    bool fieldPicture = false;
    int pictureTileSide = 0;
    // shot --field: the field copied to the host and the file's bytes.
    bool fieldFile = false;
};

// The running command's use, read by every refusal; set once by the
// command before its first check. Any thread may read it.
void setMemoryUse(const MemoryUse& use);
MemoryUse memoryUse();

// The display buffers the display keeps, each of its view's layout
// (display_layout.h): on interop the GL buffer and the pair of buffers
// CUDA shares with GL (app/render/gl_field.h), via host the GL buffer
// alone, and in host memory what is uploaded into it.
constexpr int kInteropDisplayBuffers = 3;
constexpr int kViaHostDisplayBuffers = 1;

// The plan of `use` for `grid` on `backend`: the backend's buffers
// (Backend::bytesNeeded), then the use's parts. The field's initial values
// are made where the field lives (Backend::uploadInitial), so they take
// nothing more.
MemoryPlan memoryPlan(const Backend& backend, const GridSize& grid, const MemoryUse& use);
// With the running command's use.
MemoryPlan memoryPlan(const Backend& backend, const GridSize& grid);

// Bytes as the refusals and the panel say them: in GiB with one decimal
// from 1 GiB ("32.0 GiB"), in MiB with one decimal from 1 MiB, else in KiB.
std::string memoryText(std::size_t bytes);

}  // namespace heatlab
