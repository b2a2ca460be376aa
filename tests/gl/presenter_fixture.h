#pragma once
// The lecture as a projector shows it: presenter mode on a 1280 x 800
// screen, drawn offscreen on the CPU backend in simulated time (a 60th of a
// second a frame), for the tests that walk the shipped lecture cue by cue.

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/i18n/translation.h"
#include "kernels/cpu/cpu_backend.h"
#include "tests/gl/lecture_fixture.h"

namespace heatlab {

class PresenterFixture : public LectureFixture {
protected:
    static constexpr int kWidth = 1280;
    static constexpr int kHeight = 800;

    PresenterFixture() {
        options.presenter = true;
        options.params.grid = GridSize{64, 64};
    }
    ~PresenterFixture() override { setLanguage(Language::English); }

    // `count` frames of the screen, a 60th of a second apart.
    void frames(LectureUi& ui, int count) {
        const auto bound = screen.bind();
        for (int i = 0; i < count; ++i) {
            now_ += 1.0 / 60.0;
            ui.frame(SurfaceSize{{kWidth, kHeight}, {kWidth, kHeight}});
        }
    }

    std::unique_ptr<LectureUi> lecture() {
        auto ui = std::make_unique<LectureUi>(options, std::make_unique<CpuBackend>(), imgui,
                                              context.description());
        clockedBy(*ui);
        ui->setFrameTiming(FrameTiming::EveryFrame);  // the frame bar from the first frame
        ui->pictures().panel().folder = ::testing::TempDir();
        return ui;
    }

    OffscreenTarget screen{kWidth, kHeight};
};

}  // namespace heatlab
