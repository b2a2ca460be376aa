#include "tests/support/served_picture.h"

#include <signal.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "app/io/png_file.h"
#include "app/serve/jpeg_codec.h"
#include "tests/support/run_command.h"
#include "tests/support/serve_client.h"

ServedAgainstShot servedAgainstShot(const std::string& options, const std::string& folder,
                                    bool h264, const ServedPicture& picture,
                                    const std::string& serveOptions) {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder + "/record");
    const std::string cues = folder + "/hold.json";
    std::ofstream(cues) << R"({"heatlab_cues": 2, "cues": [
        {"caption": "held at the start", "reset": true, "running": false}]})";
    const CommandResult shot =
        runHeatlab("shot --ui " + options + " --cues " + cues + " --record " + folder + "/record");
    if (shot.status != 0) {
        throw std::runtime_error("shot --ui failed: " + shot.err);
    }
    const heatlab::RgbImage expected = heatlab::readPng(folder + "/record/cue_01.png").image;

    ServeProcess serve(options + " " + serveOptions + " --cues " + cues);
    ServeClients clients;
    ConnectOptions controller;
    controller.port = serve.port();
    controller.token = serve.controllerToken();
    controller.h264 = h264;
    const int c = clients.connect(controller);
    // As long as shot's cue runs (4 s of lecture time), so the caption
    // has faded as far.
    std::this_thread::sleep_for(std::chrono::seconds(4));
    if (!clients.waitFor(c, [](const ConnectionState& s) { return s.frames.size() >= 5; })) {
        throw std::runtime_error("no frames served");
    }
    const ConnectionState state = clients.state(c);
    heatlab::RgbImage served;
    if (picture) {
        served = picture(state);
    } else {
        heatlab::JpegCodec codec;
        served = codec.decode(state.lastJpeg.data(), state.lastJpeg.size());
    }
    ServedAgainstShot result;
    result.header = state.frames.back();
    result.servedWidth = served.width;
    result.servedHeight = served.height;
    result.shotWidth = expected.width;
    result.shotHeight = expected.height;
    if (served.pixels.size() == expected.pixels.size()) {
        double sum = 0.0;
        for (std::size_t i = 0; i < served.pixels.size(); ++i) {
            sum +=
                std::abs(static_cast<int>(served.pixels[i]) - static_cast<int>(expected.pixels[i]));
        }
        result.meanDifference = sum / static_cast<double>(served.pixels.size());
    }
    result.serveStatus = serve.stop(SIGTERM, &result.serveErr);
    return result;
}
