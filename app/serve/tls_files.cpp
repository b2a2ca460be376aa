#include "app/serve/tls_files.h"

#include <vector>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/input_file.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

std::string readPem(const char* option, const std::string& file) {
    try {
        // Opened without waiting and refused unless regular: a FIFO or a
        // device is named, not read.
        return readRegularFile(file, kMostTlsFileBytes);
    } catch (const RuntimeError& e) {
        throw UsageError(std::string(option) + " " + e.what());
    }
}

// The labels of the text's PEM blocks, in order: "CERTIFICATE" for
// "-----BEGIN CERTIFICATE-----".
std::vector<std::string> pemLabels(const std::string& text) {
    static const std::string begin = "-----BEGIN ";
    static const std::string end = "-----";
    std::vector<std::string> labels;
    for (std::size_t at = text.find(begin); at != std::string::npos;
         at = text.find(begin, at + 1)) {
        if (at != 0 && text[at - 1] != '\n') {
            continue;  // a line's start only
        }
        const std::size_t from = at + begin.size();
        const std::size_t to = text.find(end, from);
        const std::size_t lineEnd = text.find('\n', from);
        if (to != std::string::npos && (lineEnd == std::string::npos || to < lineEnd)) {
            labels.push_back(text.substr(from, to - from));
        }
    }
    return labels;
}

bool endsWith(const std::string& text, const std::string& end) {
    return text.size() >= end.size() &&
           text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// What the first block is, for a refusal that says what the file holds.
[[noreturn]] void refuse(const char* option, const std::string& file,
                         const std::vector<std::string>& labels, const char* expected) {
    if (labels.empty()) {
        throw UsageError(trf("%s %s: no PEM text in it (a \"-----BEGIN\" line): expected %s",
                             option, file.c_str(), expected));
    }
    throw UsageError(trf("%s %s: holds a PEM %s, not %s", option, file.c_str(),
                         excerpt(labels.front()).c_str(), expected));
}

void checkCertificate(const std::string& file, const std::string& text) {
    const std::vector<std::string> labels = pemLabels(text);
    for (const std::string& label : labels) {
        // CERTIFICATE, or OpenSSL's TRUSTED CERTIFICATE; not a request.
        if (endsWith(label, "CERTIFICATE")) {
            return;
        }
    }
    refuse("--tls-cert", file, labels, tr("a certificate"));
}

void checkKey(const std::string& file, const std::string& text) {
    const std::vector<std::string> labels = pemLabels(text);
    for (const std::string& label : labels) {
        if (!endsWith(label, "PRIVATE KEY")) {
            continue;
        }
        // PKCS#8's encrypted form, or the older one's header line.
        if (label == "ENCRYPTED PRIVATE KEY" ||
            text.find("Proc-Type: 4,ENCRYPTED") != std::string::npos) {
            throw UsageError(
                trf("--tls-key %s: the key has a passphrase, which a server cannot be asked "
                    "for; give it without one (openssl pkey -in %s -out FILE)",
                    file.c_str(), file.c_str()));
        }
        return;
    }
    refuse("--tls-key", file, labels, tr("a private key"));
}

}  // namespace

TlsFiles readTlsFiles(const std::string& certificateFile, const std::string& keyFile) {
    TlsFiles files;
    files.certificateFile = certificateFile;
    files.keyFile = keyFile;
    files.certificate = readPem("--tls-cert", certificateFile);
    checkCertificate(certificateFile, files.certificate);
    files.key = readPem("--tls-key", keyFile);
    checkKey(keyFile, files.key);
    return files;
}

}  // namespace heatlab
