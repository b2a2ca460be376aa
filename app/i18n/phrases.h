#pragma once
// A label composed in English of phrases (a bench row's name, a roof's, a
// point's, a title: "temporal, 8 steps a pass, CUDA graph of 4 steps"), in
// the words' language. The measures compose such labels in English and
// keep them so, for their JSON and files a program reads; what shows them
// to a person translates them here, phrase by phrase, through the same
// catalogue as every other word.

#include <string>
#include <string_view>

namespace heatlab {

// `label`'s phrases, split at ", ", each in the words' language: the
// phrase as the catalogue has it; else with its whole numbers as "%d" ("8
// steps a pass" is "%d steps a pass", its numbers put back in order); else
// "name: rest" or "rest (note)" with each part so. A phrase the catalogue
// lacks in every form (a kernel's name, a file's, a device's) is shown as
// it is. English in, English out while the words are English.
std::string phrasesInWords(std::string_view label);

}  // namespace heatlab
