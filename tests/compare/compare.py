#!/usr/bin/env python3
"""The same problem written the ways a user might, side by side with heatlab.

One call on a machine with an NVIDIA GPU: for each grid (2048 and 8192 by
default) the 2D heat equation (five-point stencil, r = 0.24, Dirichlet ring,
heatlab's hot-square start) is stepped by

  - heatlab (its bench's table 1: the optimised and temporal kernels, a
    launch a step (a pass), and many steps a submission: CUDA graphs, or
    the grid held on chip; its fields after the check steps from `heatlab
    shot`, which steps the fastest way, and the bench checks every way
    against single steps bit for bit),
  - PyTorch: a slicing update, and conv2d with the 3 x 3 stencil,
  - CuPy: a raw CUDA kernel a user would write,
  - JAX: a jitted step called from Python, and a jitted lax.fori_loop,
  - the lesson's original heat.cu (`--reference heat.cu`, its grid constant
    set to each grid, built with nvcc -O3 -arch=sm_90; not part of this
    repository),

and one table is printed: ms per step, cell updates per second, and the
largest difference from heatlab's field after the same steps (relative to
the field's largest value). A package that is not installed is said so and
skipped. Not part of the C++ build; the product does not depend on Python.

    python3 tests/compare/compare.py --heatlab build/heatlab [--reference heat.cu]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

R = 0.24


def hot_square(n):
    """heatlab's hot-square initial field: cold, left wall hot, a hot square of
    odd side 2 (n/8) + 1 in the middle (kernels/numerics/initial_conditions.cpp)."""
    u = np.zeros((n, n), dtype=np.float32)
    u[:, 0] = 1.0
    half = n // 8
    lo = n // 2 - half
    u[lo:lo + 2 * half + 1, lo:lo + 2 * half + 1] = 1.0
    return u


def timed(step_many, sync, steps):
    """Milliseconds per step of step_many(steps), after a warm-up (compilation)."""
    step_many(2)
    sync()
    start = time.perf_counter()
    step_many(steps)
    sync()
    return 1e3 * (time.perf_counter() - start) / steps


def torch_rows(n, check_steps, time_steps):
    try:
        import torch
    except ImportError:
        return [("PyTorch", None, None, "torch is not installed")]
    if not torch.cuda.is_available():
        return [("PyTorch", None, None, "torch sees no CUDA device")]
    dev = torch.device("cuda")
    rows = []

    def run_slicing(steps, u):
        v = u.clone()
        for _ in range(steps):
            c = u[1:-1, 1:-1]
            v[1:-1, 1:-1] = c + R * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * c)
            u, v = v, u
        return u

    weights = torch.tensor([[0, R, 0], [R, 1 - 4 * R, R], [0, R, 0]], dtype=torch.float32,
                           device=dev).reshape(1, 1, 3, 3)

    def run_conv(steps, u):
        u = u.clone()
        for _ in range(steps):
            # The whole new interior is computed before it is stored.
            u[1:-1, 1:-1] = torch.nn.functional.conv2d(u[None, None], weights)[0, 0]
        return u

    for label, run in (("PyTorch slicing", run_slicing), ("PyTorch conv2d", run_conv)):
        u0 = torch.from_numpy(hot_square(n)).to(dev)
        field = run(check_steps, u0).cpu().numpy()
        state = {"u": u0}

        def many(steps, state=state, run=run):
            state["u"] = run(steps, state["u"])

        ms = timed(many, torch.cuda.synchronize, time_steps)
        rows.append((label, ms, field, torch.__version__))
    return rows


CUPY_KERNEL = r"""
extern "C" __global__ void step(const float* u, float* v, int n, float r) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < 1 || col < 1 || row >= n - 1 || col >= n - 1) return;
    int i = row * n + col;
    float c = u[i];
    v[i] = c + r * (u[i - n] + u[i + n] + u[i - 1] + u[i + 1] - 4.0f * c);
}
"""


def cupy_rows(n, check_steps, time_steps):
    try:
        import cupy as cp
    except ImportError:
        return [("CuPy raw kernel", None, None, "cupy is not installed")]
    kernel = cp.RawKernel(CUPY_KERNEL, "step")
    block = (32, 8)
    grid = ((n + 31) // 32, (n + 7) // 8)
    state = {"u": cp.asarray(hot_square(n))}
    state["v"] = state["u"].copy()

    def many(steps):
        for _ in range(steps):
            kernel(grid, block, (state["u"], state["v"], np.int32(n), np.float32(R)))
            state["u"], state["v"] = state["v"], state["u"]

    many(check_steps)
    field = cp.asnumpy(state["u"])
    ms = timed(many, cp.cuda.Device().synchronize, time_steps)
    return [("CuPy raw kernel", ms, field, cp.__version__)]


def jax_rows(n, check_steps, time_steps):
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        return [("JAX", None, None, "jax is not installed")]
    if not any(d.platform == "gpu" for d in jax.devices()):
        return [("JAX", None, None, "jax sees no GPU")]

    def one(u):
        c = u[1:-1, 1:-1]
        return u.at[1:-1, 1:-1].set(
            c + R * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * c))

    step = jax.jit(one)
    loop = jax.jit(lambda u, k: jax.lax.fori_loop(0, k, lambda i, v: one(v), u),
                   static_argnums=1)
    rows = []
    state = {"u": jnp.asarray(hot_square(n))}

    def many_steps(steps):
        u = state["u"]
        for _ in range(steps):
            u = step(u)
        state["u"] = u

    u = jnp.asarray(hot_square(n))
    for _ in range(check_steps):
        u = step(u)
    field = np.asarray(u)
    ms = timed(many_steps, lambda: state["u"].block_until_ready(), time_steps)
    rows.append(("JAX jit, a step a call", ms, field, jax.__version__))

    field = np.asarray(loop(jnp.asarray(hot_square(n)), check_steps))

    def many_loop(steps):
        state["u"] = loop(state["u"], steps)

    ms = timed(many_loop, lambda: state["u"].block_until_ready(), time_steps)
    rows.append(("JAX jit lax.fori_loop", ms, field, jax.__version__))
    return rows


def heatlab_field(binary, n, check_steps, folder, kernel):
    field_path = os.path.join(folder, f"heatlab_{kernel}_{n}.f32")
    subprocess.run([binary, "shot", "--backend", "cuda", "--grid", str(n), "--r", str(R),
                    "--kernel", kernel, "--steps", str(check_steps),
                    "--out", os.path.join(folder, "p.png"), "--field", field_path],
                   check=True, capture_output=True)
    return np.fromfile(field_path, dtype=np.float32).reshape(n, n)


def heatlab_rows(binary, n, check_steps, folder):
    field = heatlab_field(binary, n, check_steps, folder, "optimised")
    temporal = heatlab_field(binary, n, check_steps, folder, "temporal")
    report = os.path.join(folder, f"bench_{n}.json")
    subprocess.run([binary, "bench", "--backend", "cuda", "--grid", str(n), "--r", str(R),
                    "--stability-steps", "4", "--steps", "100", "--json", report],
                   check=True, capture_output=True)
    with open(report) as f:
        bench = json.load(f)
    rows = []
    for kernel in bench["kernels"]:
        name = kernel["name"]
        if name.startswith("optimised"):
            rows.append(("heatlab " + name, kernel["ms_per_step"], None,
                         "its field is what the others are checked against"))
        elif name.startswith("temporal"):
            rows.append(("heatlab " + name, kernel["ms_per_step"], temporal,
                         "several steps a pass over memory"))
        elif name.startswith("copy (floor)"):
            rows.append(("heatlab " + name, kernel["ms_per_step"], None,
                         "moves the field unchanged: the memory floor"))
    return rows, field


def reference_rows(source, n, folder):
    if source is None:
        return [("heat.cu (the lesson's program)", None, None, "not given (--reference)")]
    if shutil.which("nvcc") is None:
        return [("heat.cu (the lesson's program)", None, None, "nvcc is not on PATH")]
    # Its grid is a constant in the source: set to this grid, as a user would.
    with open(source) as f:
        text, count = re.subn(r"constexpr int kN = \d+;", f"constexpr int kN = {n};", f.read())
    if count != 1:
        return [("heat.cu (the lesson's program)", None, None, "no kN constant to set")]
    copy = os.path.join(folder, f"heat_{n}.cu")
    with open(copy, "w") as f:
        f.write(text)
    exe = os.path.join(folder, f"heat_{n}")
    subprocess.run(["nvcc", "-O3", "-arch=sm_90", "-o", exe, copy], check=True)
    out = subprocess.run([exe], check=True, capture_output=True, text=True, cwd=folder).stdout
    rows = []
    for label in ("heatStepGlobal", "heatStepTiled"):
        m = re.search(rf"^{label}\s+([0-9.]+)", out, re.M)
        if m:
            rows.append((f"heat.cu {label}", float(m.group(1)), None,
                         "nvcc -O3 -arch=sm_90; its own timing, 3 decimals"))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heatlab", required=True, help="the heatlab binary")
    parser.add_argument("--reference", help="the lesson's heat.cu, to build and run")
    parser.add_argument("--grids", type=int, nargs="+", default=[2048, 8192])
    parser.add_argument("--check-steps", type=int, default=50)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="heatlab-compare-")
    print(f"{'grid':>5}  {'program':<44} {'ms/step':>9} {'G cell updates/s':>17} "
          f"{'max diff vs heatlab':>20}  note")
    for n in args.grids:
        time_steps = 2000 if n <= 2048 else 100
        rows, reference = heatlab_rows(args.heatlab, n, args.check_steps, folder)
        for make in (torch_rows, cupy_rows, jax_rows):
            rows += make(n, args.check_steps, time_steps)
        rows += reference_rows(args.reference, n, folder)
        scale = float(np.max(np.abs(reference)))
        interior = (n - 2) ** 2
        for label, ms, field, note in rows:
            if ms is None:
                print(f"{n:>5}  {label:<44} {'-':>9} {'-':>17} {'-':>20}  {note}")
                continue
            updates = interior / (ms * 1e-3) / 1e9
            diff = "-" if field is None else f"{np.max(np.abs(field - reference)) / scale:.2e}"
            print(f"{n:>5}  {label:<44} {ms:>9.4f} {updates:>17.1f} {diff:>20}  {note}")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
