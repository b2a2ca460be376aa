// The resident kernel: many single steps in one launch, the whole field held
// in registers across them. Where a grid is small enough to fit on chip
// (2048 x 2048 does, on an H200), a step's work is a few microseconds, less
// than launching a kernel costs; this kernel launches once for all the steps
// and never touches device memory in between, except for the cells on the
// edges of its tiles.
//
// Shape. The field, ring included, is cut into tiles of kTileCols x kTileRows
// cells, one per block; every block is resident at once (a cooperative
// launch guarantees it or refuses). Warp w of a block holds kRowsPerWarp
// consecutive rows of the tile, lane l columns 4l .. 4l + 3 of them, in
// registers for the whole launch. A step:
//   1. every warp puts its first and last row in shared memory, and every
//      block publishes the cells on its tile's four edges to its slot of the
//      edge exchange (device memory, so the L2), each cell stored in one
//      64-bit word together with the number of the step it belongs to;
//   2. after a barrier (the shared rows), the threads that need a
//      neighbouring tile's cells read them until the step numbers match: the
//      rows above and below the tile, the columns left and right of it. A
//      word is written and read whole, so its value is that step's: no
//      flag, no fence, one trip through the L2 per step;
//   3. every thread updates its cells in place, row by row: north and south
//      from its own rows, the warp above or below (shared memory) or the
//      neighbouring tile; west and east from its own columns, the next lane
//      (shuffle) or the neighbouring tile;
//   4. Dirichlet ring cells are put back as they were loaded (they are data);
//      insulated and extrapolated ones are derived from the new interior like
//      the ring fill (columns first, then rows, so a corner is the row ghost
//      of two column ghosts).
// The shared rows and the exchange slots alternate with the step's parity:
// a block writes a slot again two steps later, after it has read its
// neighbours' next step, which they publish only after reading this one.
//
// Numerics. Every interior cell is heatUpdate() of the same operands in the
// same order as the single-step kernels, and the ring is derived by the same
// operations, so after N steps the field is theirs bit for bit.
//
// Limits, checked by residentFits() before a launch: nx a multiple of 4
// (whole float4 columns, and the east ring column is the last of a lane, so
// the two cells it derives from are in the same thread); not periodic (its
// ring comes from the opposite tile, which is not a neighbour); every tile
// resident at once.

#include "kernels/cuda/cuda_resident.cuh"

#include <cstddef>
#include <string>

#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.cuh"
#include "kernels/numerics/stencil.h"
#include "kernels/resident_tiles.h"

namespace heatlab::cuda {
namespace {

// The tiles' shape is kernels/resident_tiles.h's.
constexpr int kColsPerLane = kResidentColsPerLane;
constexpr int kRowsPerWarp = kResidentRowsPerWarp;
constexpr int kResidentThreads = kWarpSize * kResidentWarps;
constexpr int kTileCols = kResidentTileCols;
constexpr int kTileRows = kResidentTileRows;
static_assert(kTileCols == kWarpSize * kColsPerLane, "a tile is a warp of lanes wide");
// Clock cycles a thread waits for a neighbouring tile's cell before it gives
// up: seconds on any device. A cooperative launch keeps every block
// resident, so the wait always ends; this only turns a broken promise into
// an error, not a hang.
constexpr long long kWaitLimitCycles = 20'000'000'000LL;

// An exchanged cell: its value's bits in the low half, in the high half the
// number of steps done when it was published, plus 1 (0 is "none yet": the
// exchange is zeroed before every launch).
using TaggedCell = unsigned long long;

// One block's published edges for one step: its tile's first and last rows
// and first and last columns, as the neighbouring tiles read them.
struct TileEdges {
    TaggedCell top[kTileCols];
    TaggedCell bottom[kTileCols];
    TaggedCell west[kTileRows];
    TaggedCell east[kTileRows];
};

struct Cells {
    float v[kColsPerLane];
};

__device__ __forceinline__ float4 asFloat4(const Cells& c) {
    return make_float4(c.v[0], c.v[1], c.v[2], c.v[3]);
}

__device__ __forceinline__ Cells asCells(const float4& q) { return Cells{{q.x, q.y, q.z, q.w}}; }

// Where this thread's cells are, and which neighbours and ring its tile has.
struct ResidentTile {
    int lane, warp;
    int col0;  // the first column of this lane
    int row0;  // the first row of this warp
    int block;
    int north, south, west, east;  // neighbouring blocks, -1 at the field's edge
};

__device__ __forceinline__ ResidentTile locate(int rowOrigin) {
    ResidentTile t;
    t.lane = static_cast<int>(threadIdx.x) % kWarpSize;
    t.warp = static_cast<int>(threadIdx.x) / kWarpSize;
    const int tx = static_cast<int>(blockIdx.x);
    const int ty = static_cast<int>(blockIdx.y);
    const int tilesX = static_cast<int>(gridDim.x);
    const int tilesY = static_cast<int>(gridDim.y);
    t.col0 = tx * kTileCols + t.lane * kColsPerLane;
    t.row0 = rowOrigin + ty * kTileRows + t.warp * kRowsPerWarp;
    t.block = ty * tilesX + tx;
    t.north = ty > 0 ? t.block - tilesX : -1;
    t.south = ty + 1 < tilesY ? t.block + tilesX : -1;
    t.west = tx > 0 ? t.block - 1 : -1;
    t.east = tx + 1 < tilesX ? t.block + 1 : -1;
    return t;
}

__device__ __forceinline__ TaggedCell tagged(float value, unsigned tag) {
    return (static_cast<TaggedCell>(tag) << 32) | __float_as_uint(value);
}

// Two cells in one 16-byte store; each 64-bit half is written whole.
__device__ __forceinline__ void publishPair(TaggedCell* to, float a, float b, unsigned tag) {
    asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %2};" ::"l"(to), "l"(tagged(a, tag)),
                 "l"(tagged(b, tag))
                 : "memory");
}

__device__ __forceinline__ bool carries(TaggedCell x, unsigned tag) {
    return static_cast<unsigned>(x >> 32) == tag;
}

__device__ __forceinline__ float valueOf(TaggedCell x) {
    return __uint_as_float(static_cast<unsigned>(x));
}

// Reads a cell from a neighbouring tile's slot until it carries `tag`.
__device__ __forceinline__ float waitForOne(const TaggedCell* from, unsigned tag) {
    const long long start = clock64();
    TaggedCell x = 0;
    for (;;) {
        asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(x) : "l"(from) : "memory");
        if (carries(x, tag)) {
            return valueOf(x);
        }
        if (clock64() - start > kWaitLimitCycles) {
            __trap();
        }
    }
}

__device__ __forceinline__ void publishRow(TaggedCell* row, int lane, const Cells& c,
                                           unsigned tag) {
    publishPair(row + kColsPerLane * lane, c.v[0], c.v[1], tag);
    publishPair(row + kColsPerLane * lane + 2, c.v[2], c.v[3], tag);
}

// A lane's four cells of a neighbouring tile's row, read until all carry
// `tag`; both halves are asked for at once, so a wait is one trip to the L2.
__device__ __forceinline__ Cells waitForRow(const TaggedCell* row, int lane, unsigned tag) {
    const TaggedCell* from = row + kColsPerLane * lane;
    const long long start = clock64();
    TaggedCell x[kColsPerLane];
    for (;;) {
        asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];"
                     : "=l"(x[0]), "=l"(x[1])
                     : "l"(from)
                     : "memory");
        asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];"
                     : "=l"(x[2]), "=l"(x[3])
                     : "l"(from + 2)
                     : "memory");
        if (carries(x[0], tag) && carries(x[1], tag) && carries(x[2], tag) && carries(x[3], tag)) {
            return Cells{{valueOf(x[0]), valueOf(x[1]), valueOf(x[2]), valueOf(x[3])}};
        }
        if (clock64() - start > kWaitLimitCycles) {
            __trap();
        }
    }
}

// Where the ring is among this thread's cells. `rowOrigin` places row 0 in
// the first tile so that each ring row and the two rows inside it are rows
// of one thread; nx % 4 == 0 does the same for the ring columns.
struct RingPlace {
    bool west, east;      // the lane's first / last column is a ring column
    int topAt, bottomAt;  // the warp's row that is row 0 / ny - 1, else -1
};

__device__ __forceinline__ RingPlace placeRing(const ResidentTile& t, int nx, int ny) {
    RingPlace p;
    const bool inside = t.col0 < nx;  // lanes past the last column hold no ring
    p.west = inside && t.col0 == 0;
    p.east = inside && t.col0 + kColsPerLane == nx;
    const int top = -t.row0;
    const int bottom = ny - 1 - t.row0;
    p.topAt = inside && top >= 0 && top < kRowsPerWarp ? top : -1;
    p.bottomAt = inside && bottom >= 0 && bottom < kRowsPerWarp ? bottom : -1;
    return p;
}

// The Dirichlet ring cells a block holds, as loaded: they are data, so after
// every step they are put back. [warp][0: west, 1: east][row] and [0: row 0,
// 1: row ny - 1][lane].
struct KeptRing {
    float columns[kResidentWarps][2][kRowsPerWarp];
    float4 rows[2][kWarpSize];
};

__device__ __forceinline__ void keepRing(KeptRing& kept, const Cells (&c)[kRowsPerWarp],
                                         const RingPlace& ring, const ResidentTile& t) {
#pragma unroll
    for (int i = 0; i < kRowsPerWarp; ++i) {
        if (ring.west) {
            kept.columns[t.warp][0][i] = c[i].v[0];
        }
        if (ring.east) {
            kept.columns[t.warp][1][i] = c[i].v[kColsPerLane - 1];
        }
        if (i == ring.topAt) {
            kept.rows[0][t.lane] = asFloat4(c[i]);
        }
        if (i == ring.bottomAt) {
            kept.rows[1][t.lane] = asFloat4(c[i]);
        }
    }
}

// Puts the kept Dirichlet ring back after a step. Each branch is taken only
// by the few warps holding that part of the ring.
__device__ __forceinline__ void restoreRing(Cells (&c)[kRowsPerWarp], const KeptRing& kept,
                                            const RingPlace& ring, const ResidentTile& t) {
    if (ring.west) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            c[i].v[0] = kept.columns[t.warp][0][i];
        }
    }
    if (ring.east) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            c[i].v[kColsPerLane - 1] = kept.columns[t.warp][1][i];
        }
    }
    if (ring.topAt >= 0 || ring.bottomAt >= 0) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            if (i == ring.topAt) {
                c[i] = asCells(kept.rows[0][t.lane]);
            }
            if (i == ring.bottomAt) {
                c[i] = asCells(kept.rows[1][t.lane]);
            }
        }
    }
}

// Derives the insulated or extrapolated ring cells this thread holds from
// the new interior, as the ring fill does: columns first, then rows. Each
// branch is taken only by the few warps holding that part of the ring.
__device__ __forceinline__ void deriveRing(Cells (&c)[kRowsPerWarp], const RingPlace& ring, int nx,
                                           int ny, bool extrapolate) {
    if (ring.west) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            c[i].v[0] = ghostAlongAxis(c[i].v[1], c[i].v[2], nx - 2, extrapolate);
        }
    }
    if (ring.east) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            c[i].v[3] = ghostAlongAxis(c[i].v[2], c[i].v[1], nx - 2, extrapolate);
        }
    }
    if (ring.topAt >= 0 || ring.bottomAt >= 0) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            if (i + 2 < kRowsPerWarp && i == ring.topAt) {
#pragma unroll
                for (int j = 0; j < kColsPerLane; ++j) {
                    c[i].v[j] = ghostAlongAxis(c[i + 1].v[j], c[i + 2].v[j], ny - 2, extrapolate);
                }
            }
            if (i >= 2 && i == ring.bottomAt) {
#pragma unroll
                for (int j = 0; j < kColsPerLane; ++j) {
                    c[i].v[j] = ghostAlongAxis(c[i - 1].v[j], c[i - 2].v[j], ny - 2, extrapolate);
                }
            }
        }
    }
}

// `steps` steps from `in` to `out`. Launch assumption: cooperative, blockDim.x
// == kResidentThreads, gridDim covers the field in tiles from row rowOrigin
// (0 or -2, see residentRowOrigin), `edges` holds 2 TileEdges a block, all
// 0. Every branch around a shuffle or a barrier is uniform across its warp
// or block.
__global__ void __launch_bounds__(kResidentThreads, 1)
    heatResidentKernel(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                       float r, Boundary boundary, int steps, int rowOrigin,
                       TileEdges* __restrict__ edges) {
    // [parity][warp][0: first row, 1: last row][lane]
    __shared__ float4 warpRows[2][kResidentWarps][2][kWarpSize];
    // [warp][row]: the column left of the tile (rows 0 .. 15) and right of
    // it (16 .. 31), for lanes 0 and 31; one step's worth, read by its warp.
    __shared__ float sideColumns[kResidentWarps][2 * kRowsPerWarp];
    __shared__ KeptRing kept;  // Dirichlet only

    const ResidentTile t = locate(rowOrigin);
    const RingPlace ring = placeRing(t, nx, ny);
    const bool dirichlet = boundary == Boundary::Dirichlet;
    const bool colInside = t.col0 < nx;  // nx % 4 == 0: then all four are
    Cells c[kRowsPerWarp];
#pragma unroll
    for (int i = 0; i < kRowsPerWarp; ++i) {
        const int row = t.row0 + i;
        c[i] = Cells{{0.0f, 0.0f, 0.0f, 0.0f}};
        if (colInside && row >= 0 && row < ny) {
            c[i] = asCells(__ldg(reinterpret_cast<const float4*>(
                in + static_cast<std::size_t>(row) * static_cast<std::size_t>(nx) + t.col0)));
        }
    }

    if (dirichlet) {
        keepRing(kept, c, ring, t);  // read only by the thread that wrote it
    }

    for (int s = 0; s < steps; ++s) {
        const int parity = s & 1;
        // 1. Publish.
        warpRows[parity][t.warp][0][t.lane] = asFloat4(c[0]);
        warpRows[parity][t.warp][1][t.lane] = asFloat4(c[kRowsPerWarp - 1]);
        const unsigned tag = static_cast<unsigned>(s) + 1u;
        TileEdges& mine = edges[2 * t.block + parity];
        if (t.warp == 0 && t.north >= 0) {
            publishRow(mine.top, t.lane, c[0], tag);
        }
        if (t.warp == kResidentWarps - 1 && t.south >= 0) {
            publishRow(mine.bottom, t.lane, c[kRowsPerWarp - 1], tag);
        }
        if ((t.lane == 0 && t.west >= 0) || (t.lane == kWarpSize - 1 && t.east >= 0)) {
            // The lane's outer column: a select, not an index, keeps c in registers.
            const bool west = t.lane == 0;
            TaggedCell* column = (west ? mine.west : mine.east) + t.warp * kRowsPerWarp;
#pragma unroll
            for (int i = 0; i < kRowsPerWarp; i += 2) {
                publishPair(column + i, west ? c[i].v[0] : c[i].v[kColsPerLane - 1],
                            west ? c[i + 1].v[0] : c[i + 1].v[kColsPerLane - 1], tag);
            }
        }
        __syncthreads();
        // 2. Rows above and below this warp's, columns left and right of the
        // tile (0 at the field's edge: they only reach ring cells, which are
        // kept or derived again, or cells outside the field).
        Cells above{{0.0f, 0.0f, 0.0f, 0.0f}};
        Cells below{{0.0f, 0.0f, 0.0f, 0.0f}};
        if (t.warp > 0) {
            above = asCells(warpRows[parity][t.warp - 1][1][t.lane]);
        } else if (t.north >= 0) {
            above = waitForRow(edges[2 * t.north + parity].bottom, t.lane, tag);
        }
        if (t.warp < kResidentWarps - 1) {
            below = asCells(warpRows[parity][t.warp + 1][0][t.lane]);
        } else if (t.south >= 0) {
            below = waitForRow(edges[2 * t.south + parity].top, t.lane, tag);
        }
        {
            const bool westSide = t.lane < kRowsPerWarp;
            const int from = westSide ? t.west : t.east;
            float side = 0.0f;
            if (from >= 0) {
                const TileEdges& theirs = edges[2 * from + parity];
                const TaggedCell* column = westSide ? theirs.east : theirs.west;
                side = waitForOne(column + t.warp * kRowsPerWarp + t.lane % kRowsPerWarp, tag);
            }
            sideColumns[t.warp][t.lane] = side;
            __syncwarp();
        }
        // 3. Update in place, top row first; `north` keeps the old row above.
        // Lane 0 reads the column left of the tile, the others the one right
        // of it (used by lane 31 only).
        const float* sideColumn = &sideColumns[t.warp][t.lane == 0 ? 0 : kRowsPerWarp];
        Cells north = above;
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            const Cells& south = (i + 1 < kRowsPerWarp) ? c[i + 1] : below;
            float west = __shfl_up_sync(kFullWarp, c[i].v[kColsPerLane - 1], 1);
            float east = __shfl_down_sync(kFullWarp, c[i].v[0], 1);
            const float side = sideColumn[i];
            if (t.lane == 0) {
                west = side;
            }
            if (t.lane == kWarpSize - 1) {
                east = side;
            }
            Cells next;
#pragma unroll
            for (int j = 0; j < kColsPerLane; ++j) {
                const float w = (j == 0) ? west : c[i].v[j - 1];
                const float e = (j == kColsPerLane - 1) ? east : c[i].v[j + 1];
                next.v[j] = heatUpdate(c[i].v[j], w, e, north.v[j], south.v[j], r);
            }
            north = c[i];
            c[i] = next;
        }
        // 4. The ring.
        if (dirichlet) {
            restoreRing(c, kept, ring, t);
        } else {
            deriveRing(c, ring, nx, ny, boundary == Boundary::Extrapolate);
        }
    }

    if (colInside) {
#pragma unroll
        for (int i = 0; i < kRowsPerWarp; ++i) {
            const int row = t.row0 + i;
            if (row >= 0 && row < ny) {
                *reinterpret_cast<float4*>(
                    out + static_cast<std::size_t>(row) * static_cast<std::size_t>(nx) + t.col0) =
                    asFloat4(c[i]);
            }
        }
    }
}

dim3 residentTiles(int nx, int ny) {
    const ResidentTileCount tiles = residentTileCount(nx, ny);
    return dim3(static_cast<unsigned>(tiles.across), static_cast<unsigned>(tiles.down));
}

// Blocks of the resident kernel the device holds at once; 0 where it cannot
// launch cooperatively. One device per process, so asked once.
int residentBlocksAtOnce() {
    static int blocks = -1;
    if (blocks < 0) {
        int device = 0;
        int cooperative = 0;
        int multiprocessors = 0;
        int perMultiprocessor = 0;
        CUDA_CHECK(cudaGetDevice(&device));
        CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
        CUDA_CHECK(
            cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &perMultiprocessor, heatResidentKernel, kResidentThreads, 0));
        blocks = cooperative != 0 ? multiprocessors * perMultiprocessor : 0;
    }
    return blocks;
}

}  // namespace

bool residentFits(int nx, int ny, Boundary boundary) {
    if (nx % kColsPerLane != 0 || boundary == Boundary::Periodic || nx < kMinGridSide ||
        ny < kMinGridSide) {
        return false;
    }
    const dim3 tiles = residentTiles(nx, ny);
    return static_cast<long long>(tiles.x) * tiles.y <= residentBlocksAtOnce();
}

std::size_t residentExchangeBytes(int nx, int ny) {
    const dim3 tiles = residentTiles(nx, ny);
    return static_cast<std::size_t>(tiles.x) * tiles.y * 2 * sizeof(TileEdges);
}

void launchHeatResident(const float* in, float* out, int nx, int ny, float r, Boundary boundary,
                        int steps, void* exchange, cudaStream_t stream) {
    if (!residentFits(nx, ny, boundary)) {
        throw RuntimeError("heatResidentKernel: a " + std::to_string(nx) + " x " +
                           std::to_string(ny) + " field does not fit the resident kernel");
    }
    if (!isAligned16(in) || !isAligned16(out) || !isAligned16(exchange)) {
        throw RuntimeError("heatResidentKernel: buffers must be 16-byte aligned");
    }
    const dim3 tiles = residentTiles(nx, ny);
    const std::size_t blocks = static_cast<std::size_t>(tiles.x) * tiles.y;
    auto* edges = static_cast<TileEdges*>(exchange);
    // Step tags count the steps of this launch, so no cell of an earlier one
    // may look like one of them.
    CUDA_CHECK(cudaMemsetAsync(exchange, 0, blocks * 2 * sizeof(TileEdges), stream));
    int rowOrigin = residentRowOrigin(ny);
    void* args[] = {&in, &out, &nx, &ny, &r, &boundary, &steps, &rowOrigin, &edges};
    CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(heatResidentKernel), tiles,
                                           dim3(kResidentThreads), args, 0, stream));
    CUDA_CHECK_LAUNCH("heatResidentKernel");
}

}  // namespace heatlab::cuda
