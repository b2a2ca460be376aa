#pragma once
// The seam through which a graphics API's buffer becomes the CUDA backend's
// display buffer. cuda_gl_buffer.cpp registers the GL buffer with CUDA (the
// one call that needs both APIs' headers) and hands the resource over; the
// map, the unmap and their events are here, ordered against the stream the
// backend passes to acquire() and release(), so the backend knows only a
// DeviceDisplayBuffer (kernels/backend.h). A CUDA source of heatlab_render,
// built only with the CUDA backend.

#include <cstddef>
#include <memory>

#include "kernels/backend.h"

// CUDA's own opaque type (cudaGraphicsResource_t points to one), declared so
// that this header needs no CUDA header.
struct cudaGraphicsResource;

namespace heatlab {

// A DeviceDisplayBuffer over `resource`, a registered buffer of `bytes`
// bytes: mapped only around the step that writes it, on a stream of its own
// that the backend's stream waits for by event, so the frame's other steps
// never wait for the map, and unmapped in the backend's stream order, after
// which the graphics API reads it (the driver orders its reads after the
// unmap). Takes ownership: the resource is unregistered with the buffer,
// which must go while the graphics context is current.
std::unique_ptr<DeviceDisplayBuffer> graphicsDisplayBuffer(cudaGraphicsResource* resource,
                                                           std::size_t bytes);

}  // namespace heatlab
