#pragma once
// Every eigenvalue of a small dense real matrix, symmetric or not, for the
// tests that hold heatlab's closed forms against the operator itself: the
// matrix reduced to Hessenberg form by Householder reflections, then shifted
// QR steps (Givens rotations, Wilkinson's shift) with deflation. It assumes
// nothing about the spectrum: a pair of complex eigenvalues shows as an
// isolated 2 x 2 block with no real eigenvalues, and is reported as such.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace heatlab::test {

using DenseMatrix = std::vector<std::vector<double>>;  // [row][col], square

struct Spectrum {
    std::vector<double> eigenvalues;  // the real ones, ascending
    std::string failure;              // empty, or why the spectrum is not all real
};

namespace detail {

inline void reduceToHessenberg(DenseMatrix& h) {
    const int n = static_cast<int>(h.size());
    for (int k = 0; k + 2 < n; ++k) {
        double alpha = 0.0;
        for (int i = k + 1; i < n; ++i) {
            alpha += h[i][k] * h[i][k];
        }
        alpha = std::sqrt(alpha);
        if (alpha == 0.0) {
            continue;
        }
        if (h[k + 1][k] > 0.0) {
            alpha = -alpha;
        }
        std::vector<double> v(n, 0.0);
        v[k + 1] = h[k + 1][k] - alpha;
        for (int i = k + 2; i < n; ++i) {
            v[i] = h[i][k];
        }
        double vv = 0.0;
        for (int i = k + 1; i < n; ++i) {
            vv += v[i] * v[i];
        }
        // H <- P H P with P = I - 2 v v^T / (v^T v): similar, so the same
        // eigenvalues, and zero below the subdiagonal of column k.
        for (int col = 0; col < n; ++col) {
            double dot = 0.0;
            for (int i = k + 1; i < n; ++i) {
                dot += v[i] * h[i][col];
            }
            for (int i = k + 1; i < n; ++i) {
                h[i][col] -= 2.0 * dot / vv * v[i];
            }
        }
        for (int row = 0; row < n; ++row) {
            double dot = 0.0;
            for (int i = k + 1; i < n; ++i) {
                dot += h[row][i] * v[i];
            }
            for (int i = k + 1; i < n; ++i) {
                h[row][i] -= 2.0 * dot / vv * v[i];
            }
        }
    }
}

// One shifted QR step, H - mu I = Q R, H <- R Q + mu I, on rows and
// columns lo .. hi only: the rest is already deflated.
inline void shiftedQrStep(DenseMatrix& h, int lo, int hi, double mu) {
    for (int i = lo; i <= hi; ++i) {
        h[i][i] -= mu;
    }
    std::vector<double> c(hi - lo), s(hi - lo);
    for (int k = lo; k < hi; ++k) {
        const double a = h[k][k];
        const double b = h[k + 1][k];
        const double radius = std::hypot(a, b);
        c[k - lo] = radius == 0.0 ? 1.0 : a / radius;
        s[k - lo] = radius == 0.0 ? 0.0 : b / radius;
        for (int col = k; col <= hi; ++col) {
            const double top = h[k][col];
            const double bottom = h[k + 1][col];
            h[k][col] = c[k - lo] * top + s[k - lo] * bottom;
            h[k + 1][col] = -s[k - lo] * top + c[k - lo] * bottom;
        }
    }
    for (int k = lo; k < hi; ++k) {
        for (int row = lo; row <= std::min(k + 2, hi); ++row) {
            const double left = h[row][k];
            const double right = h[row][k + 1];
            h[row][k] = c[k - lo] * left + s[k - lo] * right;
            h[row][k + 1] = -s[k - lo] * left + c[k - lo] * right;
        }
    }
    for (int i = lo; i <= hi; ++i) {
        h[i][i] += mu;
    }
}

}  // namespace detail

inline Spectrum eigenvaluesOf(DenseMatrix h) {
    const int n = static_cast<int>(h.size());
    detail::reduceToHessenberg(h);
    Spectrum result;
    // A subdiagonal entry this small against the whole matrix counts as
    // zero: the eigenvalues it splits are then exact to about as much.
    double norm = 0.0;
    for (const auto& row : h) {
        for (double x : row) {
            norm += x * x;
        }
    }
    const double negligible = 1e-14 * std::sqrt(norm);
    int hi = n - 1;
    int stalled = 0;
    while (hi >= 0) {
        int lo = hi;
        while (lo > 0 && std::fabs(h[lo][lo - 1]) > negligible) {
            --lo;
        }
        if (lo == hi) {
            result.eigenvalues.push_back(h[hi][hi]);
            --hi;
            stalled = 0;
            continue;
        }
        // The trailing 2 x 2 block's eigenvalues: the shift, or, once the
        // block stands alone, two of the matrix's.
        const double a = h[hi - 1][hi - 1], b = h[hi - 1][hi], c = h[hi][hi - 1], d = h[hi][hi];
        const double mean = 0.5 * (a + d);
        const double discriminant = 0.25 * (a - d) * (a - d) + b * c;
        if (lo == hi - 1) {
            if (discriminant < 0.0) {
                result.failure = "a complex pair " + std::to_string(mean) + " +/- " +
                                 std::to_string(std::sqrt(-discriminant)) + "i";
                return result;
            }
            result.eigenvalues.push_back(mean - std::sqrt(discriminant));
            result.eigenvalues.push_back(mean + std::sqrt(discriminant));
            hi -= 2;
            stalled = 0;
            continue;
        }
        if (++stalled > 1000) {
            result.failure = "QR did not converge";
            return result;
        }
        double mu = mean;
        if (discriminant >= 0.0) {
            const double root = std::sqrt(discriminant);
            mu =
                std::fabs(mean + root - d) < std::fabs(mean - root - d) ? mean + root : mean - root;
        }
        if (stalled % 11 == 10) {
            mu += std::fabs(h[hi][hi - 1]);  // an exceptional shift breaks a cycle
        }
        detail::shiftedQrStep(h, lo, hi, mu);
    }
    std::sort(result.eigenvalues.begin(), result.eigenvalues.end());
    return result;
}

}  // namespace heatlab::test
