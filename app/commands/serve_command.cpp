#include "app/commands/serve_command.h"

#include <memory>
#include <utility>

#include "app/commands/option_values.h"
#include "app/commands/window_command.h"
#include "app/i18n/translation.h"
#include "app/serve/access.h"
#include "app/serve/server_address.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// The window's options that write a file on the server at quit: a served
// lecture does not quit that way.
constexpr const char* kWindowOnly[] = {"--screenshot", "--screenshot-window"};

}  // namespace

CLI::App* addServeCommand(CLI::App& app, ServeStart& o) {
    CLI::App* serve = app.add_subcommand(
        "serve",
        tr("Run the lecture window with no display and show it in browsers: prints the "
           "lecturer's URL (controls) and the class's (watches), tokens included; Ctrl+C stops"));
    addWindowOptions(*serve, o.lecture);
    for (const char* flag : kWindowOnly) {
        serve->remove_option(serve->get_option(flag));
    }
    addCountOption(*serve, "--port", o.server.port, 0, 65535,
                   tr("TCP port to listen on (0: any free one, printed)"));
    addParsedOption(*serve, "--bind",
                    tr("Address to listen on; anything but loopback lets other machines in (give "
                       "--public-name too)"),
                    "ADDRESS", "127.0.0.1", [&o](const std::vector<std::string>& values) {
                        o.server.bind = parseBindAddress(values.back());
                    });
    addParsedOption(*serve, "--token-file",
                    tr("The controller's token on the first line, the viewers' on an optional "
                       "second (22 to 256 of A-Z a-z 0-9 - . _ ~) [default: new random ones]"),
                    "FILE", "", [&o](const std::vector<std::string>& values) {
                        o.tokenFile = nonEmptyName(values.back(), tr("a token file"));
                    });
    addCountOption(*serve, "--viewers", o.server.viewers, 0, 10000,
                   tr("Viewers (view-only pages) at most at once"));
    serve
        ->add_option_function<std::vector<std::string>>(
            "--public-name",
            [&o](const std::vector<std::string>& names) {
                for (const std::string& name : names) {
                    try {
                        o.server.publicNames.push_back(parsePublicName(name));
                    } catch (const UsageError& e) {
                        throw CLI::ValidationError("--public-name", e.what());
                    }
                }
            },
            tr("A host name or IP address (no scheme or port) browsers reach this server by, "
               "when bound to other than loopback; may be given more than once"))
        ->type_name("NAME")
        ->allow_extra_args(false);
    addParsedOption(*serve, "--tls-cert", tr("Serve HTTPS and WSS with this PEM certificate"),
                    "FILE", "", [&o](const std::vector<std::string>& values) {
                        o.tlsCertFile = nonEmptyName(values.back(), tr("a certificate file"));
                    });
    addParsedOption(*serve, "--tls-key", tr("The private key of --tls-cert (PEM)"), "FILE", "",
                    [&o](const std::vector<std::string>& values) {
                        o.tlsKeyFile = nonEmptyName(values.back(), tr("a key file"));
                    });
    addParsedOption(
        *serve, "--jpeg",
        tr("Which JPEG encoder makes the frames: auto (nvJPEG on the GPU where the "
           "OpenGL is NVIDIA's and the CUDA toolkit's libnvjpeg is found, else "
           "TurboJPEG), turbojpeg, or nvjpeg (refused where it cannot be had)"),
        "{auto,turbojpeg,nvjpeg}", "auto", [&o](const std::vector<std::string>& values) {
            const std::string& v = values.back();
            if (v == "auto") {
                o.jpeg = JpegEncoderChoice::Auto;
            } else if (v == "turbojpeg") {
                o.jpeg = JpegEncoderChoice::TurboJpeg;
            } else if (v == "nvjpeg") {
                o.jpeg = JpegEncoderChoice::NvJpeg;
            } else {
                throw UsageError(trf("'%s' is not auto, turbojpeg or nvjpeg", v.c_str()));
            }
        });
    addFlag(*serve, "--jpeg-only", o.jpegOnly,
            tr("Send every page JPEG frames, never H.264 (which pages in a secure context, such "
               "as localhost or an ssh tunnel, decode with WebCodecs)"));
    addFlag(*serve, "--allow-writes", o.allowWrites,
            tr("Pictures and videos taken from the browser are written on the server (into the "
               "panel's folder) instead of sent to the browser"));
    addFlag(*serve, "--allow-files", o.allowFiles,
            tr("The panel may name files of the server (save and load scenes)"));
    // --allow-kernels, or --allow-kernels=cpu (a flag with a value of its
    // own: the space form would take the next word for it).
    const auto given = std::make_shared<int>(0);
    const std::string kernelsHelp =
        tr("The lecturer's page may send CUDA kernels to compile and run (its editor, "
           "its scenes and cue lists); =cpu: C++ kernels too. WHOEVER HOLDS THE "
           "LECTURER'S LINK CAN THEN RUN CODE ON THIS MACHINE AS THE USER WHO STARTED "
           "heatlab serve. Off by default; refused on a --bind other than loopback "
           "without --tls-cert");
    serve->add_flag("--allow-kernels{cuda}", kernelsHelp)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->each([&o, given](const std::string& value) {
            if (++*given > 1) {
                throw CLI::ArgumentMismatch(
                    trf("%s given twice (give it once)", "--allow-kernels"));
            }
            if (value == "cuda") {
                o.server.kernels = PageKernels::Cuda;
            } else if (value == "cpu") {
                o.server.kernels = PageKernels::CudaAndCpu;
            } else {
                throw CLI::ValidationError(
                    trf("'%s' is not cuda or cpu (--allow-kernels or --allow-kernels=cpu)",
                        value.c_str()));
            }
        });
    return serve;
}

void refuseServeOptionClashes(const ServeStart& o) {
    if (o.tlsCertFile.empty() != o.tlsKeyFile.empty()) {
        throw UsageError(tr("--tls-cert and --tls-key come together (a certificate and its key)"));
    }
    if (!o.server.publicNames.empty() && isLoopbackAddress(o.server.bind)) {
        throw UsageError(
            trf("--public-name names the server beside a --bind that is not "
                "loopback; on %s only this machine reaches it",
                o.server.bind.c_str()));
    }
    // A page that may compile runs code on this machine: its link (and the
    // code) never cross a network in the clear.
    if (o.server.kernels != PageKernels::None && !isLoopbackAddress(o.server.bind) &&
        o.tlsCertFile.empty()) {
        throw UsageError(
            trf("--allow-kernels lets whoever holds the lecturer's link run code on this "
                "machine: on --bind %s it needs --tls-cert and --tls-key (or bind to loopback "
                "and use an ssh tunnel)",
                o.server.bind.c_str()));
    }
}

}  // namespace heatlab
