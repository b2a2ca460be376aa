#include "app/ui/panel/roofline_labels.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

namespace {

ImVec4 grown(const ImVec4& b, float by) { return ImVec4(b.x - by, b.y - by, b.z + by, b.w + by); }

bool overlap(const ImVec4& a, const ImVec4& b) {
    return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w;
}

ImVec4 boxAt(ImVec2 at, ImVec2 size) { return ImVec4(at.x, at.y, at.x + size.x, at.y + size.y); }

}  // namespace

float distanceTo(const ImVec4& box, ImVec2 point) {
    const float dx = std::max({box.x - point.x, 0.0f, point.x - box.z});
    const float dy = std::max({box.y - point.y, 0.0f, point.y - box.w});
    return std::sqrt(dx * dx + dy * dy);
}

bool crosses(const ImVec4& box, ImVec2 a, ImVec2 b) {
    // Liang-Barsky: what is left of the segment after clipping it to the box.
    float t0 = 0.0f;
    float t1 = 1.0f;
    const float dx = b.x - a.x;
    const float dy = b.y - a.y;
    const float p[4] = {-dx, dx, -dy, dy};
    const float q[4] = {a.x - box.x, box.z - a.x, a.y - box.y, box.w - a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0f) {
            if (q[i] < 0.0f) {
                return false;  // parallel to this edge and outside it
            }
            continue;
        }
        const float t = q[i] / p[i];
        if (p[i] < 0.0f) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
        if (t0 > t1) {
            return false;
        }
    }
    return true;
}

void RooflineLabels::addDot(ImVec2 centre, float radius) {
    centres_.push_back(centre);
    dots_.push_back(
        ImVec4(centre.x - radius, centre.y - radius, centre.x + radius, centre.y + radius));
}

bool RooflineLabels::onePlace(std::size_t a, std::size_t b) const {
    return overlap(dots_.at(a), dots_.at(b));
}

bool RooflineLabels::inside(const ImVec4& box) const {
    return box.x >= plot_.x && box.y >= plot_.y && box.z <= plot_.z && box.w <= plot_.w;
}

bool RooflineLabels::clearOfText(const ImVec4& box) const {
    const ImVec4 around = grown(box, gap_);
    for (const std::vector<ImVec4>* all : {&boxes_, &dots_}) {
        for (const ImVec4& b : *all) {
            if (overlap(around, b)) {
                return false;
            }
        }
    }
    return true;
}

bool RooflineLabels::clearOfLines(const ImVec4& box) const {
    const ImVec4 around = grown(box, 1.0f);
    for (const Segment& s : lines_) {
        if (crosses(around, s.a, s.b)) {
            return false;
        }
    }
    return true;
}

std::optional<ImVec2> RooflineLabels::besidePoint(std::size_t dot, ImVec2 size, bool overLines) {
    const ImVec2 c = centres_.at(dot);
    const float radius = (dots_[dot].z - dots_[dot].x) / 2.0f;
    const float w = size.x;
    const float h = size.y;
    // Every place within reach on a fine lattice around the dot (an
    // eighth of the label across, a quarter of it down), tried nearest
    // first: beside a dot just under a roof, or among dots stacked at one
    // intensity, the few places that keep every rule are narrow.
    std::vector<ImVec2> places;
    const float reach = kLabelReach * h;
    const float stepX = std::max(1.0f, w / 8.0f);
    const float stepY = std::max(1.0f, h / 4.0f);
    for (float y0 = c.y - reach - h; y0 <= c.y + reach; y0 += stepY) {
        for (float x0 = c.x - reach - w; x0 <= c.x + reach; x0 += stepX) {
            if (distanceTo(boxAt(ImVec2(x0, y0), size), c) >= radius + gap_) {
                places.push_back(ImVec2(x0, y0));
            }
        }
    }
    // Level with the dot, right then left, first among equals.
    places.insert(places.begin(), {ImVec2(c.x + radius + gap_, c.y - h / 2.0f),
                                   ImVec2(c.x - radius - gap_ - w, c.y - h / 2.0f)});
    std::stable_sort(places.begin(), places.end(), [&](ImVec2 a, ImVec2 b) {
        return distanceTo(boxAt(a, size), c) < distanceTo(boxAt(b, size), c);
    });
    for (const ImVec2 at : places) {
        const ImVec4 box = boxAt(at, size);
        const float own = distanceTo(box, c);
        if (own > kLabelReach * h || !inside(box) || !clearOfText(box) ||
            (!overLines && !clearOfLines(box))) {
            continue;
        }
        // Nearer its own dot than any other: a dot over its own (one
        // place: the label names both) is no other.
        bool nearest = true;
        for (std::size_t i = 0; i < centres_.size() && nearest; ++i) {
            nearest = i == dot || onePlace(dot, i) || own + 1.0f < distanceTo(box, centres_[i]);
        }
        if (nearest) {
            take(box);
            return at;
        }
    }
    return std::nullopt;
}

std::optional<ImVec2> RooflineLabels::besideLine(ImVec2 a, ImVec2 b, ImVec2 size) {
    if (b.x < a.x) {
        std::swap(a, b);
    }
    if (std::hypot(b.x - a.x, b.y - a.y) < 1.0f) {
        return std::nullopt;
    }
    const bool flat = std::abs(b.y - a.y) < 1.0f;
    for (const float t : {0.5f, 0.4f, 0.6f, 0.3f, 0.7f, 0.2f, 0.8f, 0.1f, 0.9f, 0.0f, 1.0f}) {
        const ImVec2 p(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        // Flat: above or below, centred. Rising to the right: above and
        // left of the point, or below and right of it, where the line
        // runs away from the label's corner.
        const ImVec2 above = flat ? ImVec2(p.x - size.x / 2.0f, p.y - gap_ - size.y)
                                  : ImVec2(p.x - gap_ - size.x, p.y - gap_ - size.y);
        const ImVec2 below =
            flat ? ImVec2(p.x - size.x / 2.0f, p.y + gap_) : ImVec2(p.x + gap_, p.y + gap_);
        for (const ImVec2 at : {above, below}) {
            const ImVec4 box = boxAt(at, size);
            if (inside(box) && clearOfText(box) && clearOfLines(box)) {
                take(box);
                return at;
            }
        }
    }
    return std::nullopt;
}

ImVec2 RooflineLabels::anywhereNear(ImVec2 at, ImVec2 size) {
    at.x = std::max(plot_.x, std::min(at.x, plot_.z - size.x));
    at.y = std::max(plot_.y, std::min(at.y, plot_.w - size.y));
    ImVec2 best = at;
    float bestDistance = -1.0f;
    const float stepX = std::max(2.0f, size.x / 4.0f);
    const float stepY = std::max(2.0f, size.y / 2.0f);
    for (float y = plot_.y; y + size.y <= plot_.w; y += stepY) {
        for (float x = plot_.x; x + size.x <= plot_.z; x += stepX) {
            const ImVec4 box = boxAt(ImVec2(x, y), size);
            const float d = std::hypot(x - at.x, y - at.y);
            if ((bestDistance < 0.0f || d < bestDistance) && clearOfText(box)) {
                best = ImVec2(x, y);
                bestDistance = d;
            }
        }
    }
    take(boxAt(best, size));
    return best;
}

}  // namespace heatlab
