// Every file a source comment names by a path is there: a comment that says
// where something lives stays true as files move between folders.
//
// The rules, as this test applies them:
// - The sources are the .h, .cpp, .cu and .cuh files of app/, kernels/ and
//   tests/ (node_modules and hidden folders left out).
// - A comment is a // line or a /* */ block outside string, character and
//   raw string literals. A path broken after a '/' at a comment line's end
//   goes on at the next line's start (past its spaces and a block's '*').
// - A comment names a file with a word of path characters that ends in .h,
//   .cpp, .cu or .cuh and holds a '/' whose first part is a top-level
//   folder of the sources (app, kernels, shaders, tests, third_party) or a
//   folder beside the commenting file, outside double quotes (a quoted
//   message or example, "kernels/cuda/x.cu:12: ...", names no file). That
//   file exists from the commenting file's folder or from the root.
// - Other names are not checked: a bare name may be a library's header as
//   well as ours (`imgui.h`, `driver_types.h`), and so may a path whose
//   first part is no folder of ours (`glad/gl.h`, `libavcodec/avcodec.h`).
//   The sources write a name of ours from the root ("app/lecture/run/
//   pane_run.h") unless it is beside the commenting file.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace heatlab {
namespace {

namespace fs = std::filesystem;

const fs::path& sourceDir() {
    static const fs::path dir(HEATLAB_SOURCE_DIR);
    return dir;
}

std::string fileText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool isPathChar(char c) {
    return isIdentifierChar(c) || c == '.' || c == '/' || c == '+' || c == '-';
}

// A source's comments as one text, each character with the line (from 1) it
// stands on: a '\n' ends every line of a comment, and a second one parts
// comments that are not on neighbouring lines.
struct Comments {
    std::string text;
    std::vector<std::size_t> lines;

    void add(char c, std::size_t line) {
        text += c;
        lines.push_back(line);
    }
};

Comments commentsOf(const std::string& source) {
    std::vector<std::size_t> lineAt(source.size() + 1, 1);
    for (std::size_t i = 0; i < source.size(); ++i) {
        lineAt[i + 1] = lineAt[i] + (source[i] == '\n' ? 1 : 0);
    }
    enum class In { Code, Line, Block, String, Char, Raw };
    In in = In::Code;
    Comments comments;
    std::size_t lastLine = 0;  // where the last comment ended
    std::string rawEnd;        // )delimiter" of the raw string we are in
    for (std::size_t i = 0; i < source.size(); ++i) {
        const char c = source[i];
        const char next = i + 1 < source.size() ? source[i + 1] : '\0';
        const char before = i > 0 ? source[i - 1] : '\0';
        const std::size_t line = lineAt[i];
        switch (in) {
        case In::Code:
            if (c == '/' && (next == '/' || next == '*')) {
                if (lastLine != 0 && line > lastLine + 1) {
                    comments.add('\n', line);  // not the last comment's next line
                }
                in = next == '/' ? In::Line : In::Block;
                ++i;
            } else if (c == 'R' && next == '"' &&
                       (!isIdentifierChar(before) || before == '8' || before == 'u' ||
                        before == 'U' || before == 'L')) {
                const std::size_t open = source.find('(', i + 2);
                if (open == std::string::npos) {
                    return comments;
                }
                rawEnd = ")" + source.substr(i + 2, open - (i + 2)) + "\"";
                in = In::Raw;
                i = open;
            } else if (c == '"') {
                in = In::String;
            } else if (c == '\'' && !isIdentifierChar(before)) {  // not 1'000
                in = In::Char;
            }
            break;
        case In::Line:
            if (c == '\n') {
                comments.add('\n', line);
                lastLine = line;
                in = In::Code;
            } else {
                comments.add(c, line);
            }
            break;
        case In::Block:
            if (c == '*' && next == '/') {
                comments.add('\n', line);
                lastLine = line;
                in = In::Code;
                ++i;
            } else {
                comments.add(c, line);
            }
            break;
        case In::String:
        case In::Char:
            if (c == '\\') {
                ++i;
            } else if (c == (in == In::String ? '"' : '\'') || c == '\n') {
                in = In::Code;
            }
            break;
        case In::Raw:
            if (source.compare(i, rawEnd.size(), rawEnd) == 0) {
                i += rawEnd.size() - 1;
                in = In::Code;
            }
            break;
        }
    }
    return comments;
}

// A path a comment names, and the line it starts on.
struct NamedPath {
    std::string path;
    std::size_t line = 0;
};

// Every word of `comments` that ends in a source extension and stands
// outside double quotes, a path broken after a '/' at a line's end joined
// again.
std::vector<NamedPath> sourceNames(const Comments& comments) {
    const std::string& text = comments.text;
    std::string joined;
    std::vector<std::size_t> lines;
    for (std::size_t i = 0; i < text.size(); ++i) {
        joined += text[i];
        lines.push_back(comments.lines[i]);
        if (text[i] == '/' && i > 0 && isPathChar(text[i - 1]) && i + 1 < text.size() &&
            text[i + 1] == '\n') {
            std::size_t on = i + 2;
            while (on < text.size() && (text[on] == ' ' || text[on] == '\t' || text[on] == '*')) {
                ++on;
            }
            if (on < text.size() && isIdentifierChar(text[on])) {
                i = on - 1;
            }
        }
    }
    static const std::regex name(
        "(^|[^A-Za-z0-9_./+-])([A-Za-z0-9_][A-Za-z0-9_./+-]*\\.(h|cpp|cu|cuh))(?![A-Za-z0-9_])");
    // Quoted: between two '"' of one line.
    std::vector<bool> quoted(joined.size(), false);
    bool inQuotes = false;
    for (std::size_t i = 0; i < joined.size(); ++i) {
        inQuotes = joined[i] == '\n' ? false : joined[i] == '"' ? !inQuotes : inQuotes;
        quoted[i] = inQuotes;
    }
    std::vector<NamedPath> named;
    for (auto m = std::sregex_iterator(joined.begin(), joined.end(), name);
         m != std::sregex_iterator(); ++m) {
        const std::size_t at = static_cast<std::size_t>(m->position(2));
        if (!quoted[at]) {
            named.push_back({(*m)[2], lines[at]});
        }
    }
    return named;
}

// Whether `path`, named in a comment of a file in `folder`, is one the
// rules check: a path with a '/' from the root or from a folder beside.
bool namesOurFile(const std::string& path, const fs::path& folder) {
    const std::size_t slash = path.find('/');
    if (slash == std::string::npos) {
        return false;
    }
    static const std::set<std::string> topFolders = {"app", "kernels", "shaders", "tests",
                                                     "third_party"};
    const std::string first = path.substr(0, slash);
    return topFolders.count(first) > 0 || fs::is_directory(folder / first);
}

bool exists(const std::string& path, const fs::path& folder) {
    return fs::is_regular_file(folder / path) || fs::is_regular_file(sourceDir() / path);
}

std::vector<fs::path> sources() {
    static const std::set<std::string> extensions = {".h", ".cpp", ".cu", ".cuh"};
    std::vector<fs::path> found;
    for (const char* top : {"app", "kernels", "tests"}) {
        for (auto it = fs::recursive_directory_iterator(sourceDir() / top);
             it != fs::recursive_directory_iterator(); ++it) {
            const std::string name = it->path().filename().string();
            if (it->is_directory() && (name == "node_modules" || name[0] == '.')) {
                it.disable_recursion_pending();
            } else if (it->is_regular_file() && extensions.count(it->path().extension()) > 0) {
                found.push_back(it->path());
            }
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::vector<std::string> pathsOf(const std::string& source) {
    std::vector<std::string> paths;
    for (const NamedPath& p : sourceNames(commentsOf(source))) {
        paths.push_back(std::to_string(p.line) + ":" + p.path);
    }
    return paths;
}

TEST(CommentPathRules, OnlyCommentsNameFiles) {
    const std::string source =
        "#include \"app/lecture/run/pane_run.h\"  // app/a.h\n"
        "const char* s = \"// app/in_a_string.h\";  /* kernels/b.cuh */\n"
        "const char* raw = R\"json({\"file\": \"// app/raw.h\"})json\";\n"
        "char quote = '\"';  int n = 1'000;  // tests/c.cpp, imgui.h\n"
        "/* a block\n"
        " * naming app/d.cu */\n"
        "// \"kernels/cuda/x.cu:12: <what>\" quoted, app/e.h not\n";
    EXPECT_EQ(pathsOf(source),
              (std::vector<std::string>{"1:app/a.h", "2:kernels/b.cuh", "4:tests/c.cpp",
                                        "4:imgui.h", "6:app/d.cu", "7:app/e.h"}));
}

TEST(CommentPathRules, APathBrokenAfterASlashGoesOnAtTheNextLine) {
    EXPECT_EQ(pathsOf("// where it lives (app/lecture/\n"
                      "// run/pane_run.h): the pane\n"),
              (std::vector<std::string>{"1:app/lecture/run/pane_run.h"}));
    EXPECT_EQ(pathsOf("/* the notice (app/ui/\n"
                      " * pictures/field_overlay.h) */\n"),
              (std::vector<std::string>{"1:app/ui/pictures/field_overlay.h"}));
    // Comments lines apart are not one.
    EXPECT_EQ(pathsOf("// in app/\nint x;\n// pane.h\n"), (std::vector<std::string>{"3:pane.h"}));
    // A '/' alone at a line's end is no path's.
    EXPECT_EQ(pathsOf("// A /\n// pane.h\n"), (std::vector<std::string>{"2:pane.h"}));
}

TEST(CommentPathRules, OurPathsAreCheckedLibrariesAndBareNamesAreNot) {
    const fs::path folder = sourceDir() / "kernels";
    EXPECT_TRUE(namesOurFile("app/no_such.h", folder));
    EXPECT_TRUE(namesOurFile("cpu/cpu_backend.h", folder));  // a folder beside
    EXPECT_FALSE(namesOurFile("glad/gl.h", folder));
    EXPECT_FALSE(namesOurFile("backend.h", folder));
    EXPECT_TRUE(exists("cpu/cpu_backend.h", folder));
    EXPECT_TRUE(exists("app/main.cpp", folder));
    EXPECT_FALSE(exists("app/no_such.h", folder));
    EXPECT_FALSE(exists("app", folder));  // a folder is no file
}

TEST(CommentPaths, EveryPathACommentNamesIsThere) {
    const std::vector<fs::path> files = sources();
    // The walk found the sources (a wrong source dir finds none).
    ASSERT_GT(files.size(), 100u);
    std::size_t checked = 0;
    for (const fs::path& file : files) {
        const fs::path folder = file.parent_path();
        for (const NamedPath& named : sourceNames(commentsOf(fileText(file)))) {
            if (!namesOurFile(named.path, folder)) {
                continue;
            }
            ++checked;
            EXPECT_TRUE(exists(named.path, folder))
                << fs::relative(file, sourceDir()).string() << ":" << named.line << " names "
                << named.path << ", which is not there (write it from the root)";
        }
    }
    EXPECT_GT(checked, 100u) << "the comments' paths were found";
}

}  // namespace
}  // namespace heatlab
