#pragma once
// `serve --tls-cert FILE --tls-key FILE`: both read whole and checked before
// anything starts, so a refusal is one line with nothing before it, and
// what libwebsockets loads later is those bytes (app/io/sealed_file.h),
// never the files again: one swapped for a FIFO since cannot hold the
// server's start. Each must be a regular file of at most 1 MiB holding PEM
// text: the certificate (its chain may follow) and an unencrypted private
// key (a passphrase would be asked for on a terminal no one may watch).

#include <cstddef>
#include <string>

namespace heatlab {

constexpr std::size_t kMostTlsFileBytes = 1u << 20;

struct TlsFiles {
    std::string certificateFile;  // the names given, for messages
    std::string keyFile;
    std::string certificate;  // their PEM text, as read
    std::string key;
};

// Throws UsageError, one line naming the option and the file: it cannot be
// read, is no regular file (saying what it is), is over kMostTlsFileBytes,
// holds no PEM certificate (or private key), or the key is encrypted.
TlsFiles readTlsFiles(const std::string& certificateFile, const std::string& keyFile);

}  // namespace heatlab
