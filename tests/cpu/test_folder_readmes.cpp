// Every code folder's README.md opens with a map of its code that a newcomer
// can read in a sitting, and that map stays true as files move.
//
// The rules, as this test applies them:
// - The code folders are app/, kernels/, shaders/ and tests/, with every
//   folder below them (node_modules and hidden folders left out). The
//   top-level README.md is the project's, not a folder's: only its Layout
//   section is held here.
// - A README's map is its lines before its first dated heading: a line that
//   starts with one to six '#' and a space (outside a ``` fence) and holds a
//   date written YYYY-MM-DD. A README with no dated heading is all map, so
//   measurements go below a dated heading or into a notebook file beside it
//   (NOTEBOOK.md, NOTES.md), which this test does not read.
// - The map is at most 60 lines.
// - Every file the map names exists. The map names a file with a markdown
//   link whose target is no URL and no anchor alone (an anchor is dropped),
//   or with an inline code span (on one line, outside a fence) of path
//   characters only that is either
//     a path with a '/' whose first part is a top-level folder of the
//     sources (app, kernels, shaders, tests, third_party) or a folder beside
//     the README, or whose name ends in an extension of the repository's
//     files (.cpp .h .cu .js .md .json .png ...), or
//     a bare name with a source extension (.cpp .h .cu .cuh .glsl .js .py
//     .sh .md ...; not .json or .png: a bare `results.json` is what the
//     program writes).
//   Spans starting with '/' or '-', or holding "..", name no repository
//   file. A path with a '/' exists when it does from the README's folder or
//   from the repository's root; a bare name, when a file of that name is in
//   the README's folder or a folder below it (`cpu_backend.h` in a list of
//   cpu/).

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace heatlab {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMapLines = 60;

const fs::path& sourceDir() {
    static const fs::path dir(HEATLAB_SOURCE_DIR);
    return dir;
}

std::vector<std::string> fileLines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

bool isHeading(const std::string& line) {
    static const std::regex heading("^#{1,6} .*");
    return std::regex_match(line, heading);
}

bool isDatedHeading(const std::string& line) {
    static const std::regex date("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    return isHeading(line) && std::regex_search(line, date);
}

// The lines before the first dated heading (see the rules above).
std::vector<std::string> mapOf(const std::vector<std::string>& lines) {
    std::vector<std::string> map;
    bool inFence = false;
    for (const std::string& line : lines) {
        if (line.rfind("```", 0) == 0) {
            inFence = !inFence;
        }
        if (!inFence && isDatedHeading(line)) {
            break;
        }
        map.push_back(line);
    }
    return map;
}

// A file the map names, and the line (from 1) that names it.
struct NamedPath {
    std::string path;
    std::size_t line = 0;
};

std::string extensionOf(const std::string& path) {
    const std::string last = path.substr(path.find_last_of('/') + 1);
    const std::size_t dot = last.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? "" : last.substr(dot + 1);
}

bool isSourceExtension(const std::string& ext) {
    static const std::set<std::string> source = {"cpp",  "h",  "hpp", "cu", "cuh",   "glsl", "vert",
                                                 "frag", "js", "py",  "sh", "cmake", "po",   "md"};
    return source.count(ext) > 0;
}

bool isRepositoryExtension(const std::string& ext) {
    return isSourceExtension(ext) || ext == "json" || ext == "png" || ext == "html" || ext == "txt";
}

// Whether an inline code span's text is a path to check (the rules above),
// for a README in `folder`.
bool namesRepositoryFile(const std::string& text, const fs::path& folder) {
    static const std::regex pathChars("[A-Za-z0-9_./+-]+");
    if (text.empty() || !std::regex_match(text, pathChars) ||
        text.find("..") != std::string::npos || text[0] == '/' || text[0] == '-') {
        return false;
    }
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos) {
        return isSourceExtension(extensionOf(text));
    }
    static const std::set<std::string> topFolders = {"app", "kernels", "shaders", "tests",
                                                     "third_party"};
    const std::string first = text.substr(0, slash);
    return isRepositoryExtension(extensionOf(text)) || topFolders.count(first) > 0 ||
           fs::is_directory(folder / first);
}

// The paths `map` names (the rules above); code spans may not span lines,
// which the maps' spans never do.
std::vector<NamedPath> namedPaths(const std::vector<std::string>& map, const fs::path& folder) {
    static const std::regex link("\\]\\(([^)\\s]+)[^)]*\\)");
    static const std::regex span("`([^`]+)`");
    std::vector<NamedPath> named;
    bool inFence = false;
    for (std::size_t i = 0; i < map.size(); ++i) {
        const std::string& line = map[i];
        if (line.rfind("```", 0) == 0) {
            inFence = !inFence;
        }
        if (inFence) {
            continue;
        }
        for (auto m = std::sregex_iterator(line.begin(), line.end(), link);
             m != std::sregex_iterator(); ++m) {
            std::string target = (*m)[1];
            if (target.rfind("http:", 0) == 0 || target.rfind("https:", 0) == 0 ||
                target.rfind("mailto:", 0) == 0 || target[0] == '#') {
                continue;
            }
            named.push_back({target.substr(0, target.find('#')), i + 1});
        }
        for (auto m = std::sregex_iterator(line.begin(), line.end(), span);
             m != std::sregex_iterator(); ++m) {
            const std::string text = (*m)[1];
            if (namesRepositoryFile(text, folder)) {
                named.push_back({text, i + 1});
            }
        }
    }
    return named;
}

// The files in `folder` and every folder below it, by name (walked once a
// folder).
const std::set<std::string>& fileNamesBelow(const fs::path& folder) {
    static std::map<fs::path, std::set<std::string>> walked;
    const auto known = walked.find(folder);
    if (known != walked.end()) {
        return known->second;
    }
    std::set<std::string>& names = walked[folder];
    for (auto it = fs::recursive_directory_iterator(folder);
         it != fs::recursive_directory_iterator(); ++it) {
        const std::string name = it->path().filename().string();
        if (it->is_directory() && (name == "node_modules" || name[0] == '.')) {
            it.disable_recursion_pending();
        } else if (it->is_regular_file()) {
            names.insert(name);
        }
    }
    return names;
}

bool exists(const std::string& path, const fs::path& folder) {
    if (path.find('/') == std::string::npos) {
        return fileNamesBelow(folder).count(path) > 0;
    }
    return fs::exists(folder / path) || fs::exists(sourceDir() / path);
}

// Every README.md in the code folders (the rules above).
std::vector<fs::path> folderReadmes() {
    std::vector<fs::path> readmes;
    for (const char* top : {"app", "kernels", "shaders", "tests"}) {
        const fs::path root = sourceDir() / top;
        if (!fs::is_directory(root)) {
            continue;
        }
        for (auto it = fs::recursive_directory_iterator(root);
             it != fs::recursive_directory_iterator(); ++it) {
            const std::string name = it->path().filename().string();
            if (it->is_directory() && (name == "node_modules" || name[0] == '.')) {
                it.disable_recursion_pending();
            } else if (it->is_regular_file() && name == "README.md") {
                readmes.push_back(it->path());
            }
        }
    }
    std::sort(readmes.begin(), readmes.end());
    return readmes;
}

std::string fromRoot(const fs::path& path) { return fs::relative(path, sourceDir()).string(); }

TEST(FolderReadmeRules, TheMapEndsAtTheFirstHeadingWithADate) {
    const std::vector<std::string> lines = {
        "# kernels",    "",
        "## The parts", "Held 2026-12-01 in prose: no heading.",
        "```",          "## 2026-12-02 inside a fence is no heading",
        "```",          "## CUDA, H200, 2026-11-29",
        "after"};
    EXPECT_EQ(mapOf(lines).size(), 7u);
    EXPECT_EQ(mapOf({"# a", "b"}).size(), 2u);  // no dated heading: all map
    EXPECT_FALSE(isDatedHeading("#2026-12-01 no space"));
    EXPECT_TRUE(isDatedHeading("### Again (2026-12-04)"));
}

TEST(FolderReadmeRules, LinksAndPathLikeCodeSpansNameFiles) {
    const fs::path folder = sourceDir() / "kernels";
    const std::vector<std::string> map = {
        "[the notebook](NOTEBOOK.md#cuda) and [a site](https://example.org), [up](#top)",
        "`kernels/backend.h`, `cpu/cpu_backend.h`, `backend.h`, `build/heatlab`, `results.json`",
        "`heatlab bench --grid 2048`, `/dev/stdout`, `$TMPDIR/x.cpp`, `../../etc/passwd`",
        "`--kernel`, `0.24`, `app/no_such_file.cpp`, `no_such.cu`, `tests/pictures/x.png`"};
    std::vector<std::string> paths;
    for (const NamedPath& p : namedPaths(map, folder)) {
        paths.push_back(std::to_string(p.line) + ":" + p.path);
    }
    EXPECT_EQ(paths,
              (std::vector<std::string>{
                  "1:NOTEBOOK.md", "2:kernels/backend.h", "2:cpu/cpu_backend.h", "2:backend.h",
                  "4:app/no_such_file.cpp", "4:no_such.cu", "4:tests/pictures/x.png"}));
    EXPECT_TRUE(exists("cpu/cpu_backend.h", folder));  // from the README's folder
    EXPECT_TRUE(exists("app/main.cpp", folder));       // from the root
    EXPECT_TRUE(exists("cuda_backend.cu", folder));    // a bare name below it
    EXPECT_FALSE(exists("main.cpp", folder));          // not below kernels/
    EXPECT_FALSE(exists("no_such.cu", folder));
}

TEST(FolderReadmes, EachOpensWithAMapOfAtMostSixtyLines) {
    const std::vector<fs::path> readmes = folderReadmes();
    // The walk found the folders' READMEs (a wrong source dir finds none).
    ASSERT_TRUE(std::find(readmes.begin(), readmes.end(), sourceDir() / "kernels/README.md") !=
                readmes.end());
    for (const fs::path& readme : readmes) {
        const std::size_t lines = mapOf(fileLines(readme)).size();
        EXPECT_LE(lines, kMapLines) << fromRoot(readme) << ": " << lines
                                    << " lines before its first dated heading (at most "
                                    << kMapLines << "); move measurements below one, or into "
                                    << "a notebook file beside it";
    }
}

TEST(FolderReadmes, TheirMapsNameOnlyFilesThatExist) {
    for (const fs::path& readme : folderReadmes()) {
        const fs::path folder = readme.parent_path();
        for (const NamedPath& named : namedPaths(mapOf(fileLines(readme)), folder)) {
            EXPECT_TRUE(exists(named.path, folder))
                << fromRoot(readme) << ":" << named.line << " names " << named.path
                << ", which is not there (a path from " << fromRoot(folder)
                << "/ or the root; a bare name in " << fromRoot(folder) << "/ or below)";
        }
    }
}

// The top-level README's Layout section: early (among the first lines a
// developer reads), and true: every path its indented block names exists,
// and every folder of app/ is named there.
TEST(RootReadme, LayoutComesEarlyAndNamesEveryAppFolder) {
    const std::vector<std::string> lines = fileLines(sourceDir() / "README.md");
    const auto layout = std::find(lines.begin(), lines.end(), "## Layout");
    ASSERT_NE(layout, lines.end()) << "README.md has no \"## Layout\" section";
    const std::size_t at = static_cast<std::size_t>(layout - lines.begin()) + 1;
    EXPECT_LE(at, 60u) << "README.md's Layout starts at line " << at;

    std::set<std::string> named;
    for (auto it = layout + 1; it != lines.end() && !isHeading(*it); ++it) {
        if (it->rfind("    ", 0) != 0) {
            continue;
        }
        std::istringstream words(*it);
        std::string path;
        words >> path;
        named.insert(path);
        EXPECT_TRUE(fs::exists(sourceDir() / path))
            << "README.md's Layout names " << path << ", which is not there";
    }
    for (const auto& entry : fs::directory_iterator(sourceDir() / "app")) {
        if (entry.is_directory()) {
            const std::string folder = "app/" + entry.path().filename().string() + "/";
            EXPECT_EQ(named.count(folder), 1u) << "README.md's Layout does not name " << folder;
        }
    }
}

}  // namespace
}  // namespace heatlab
