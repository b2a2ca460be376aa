// What a class kernel's source is refused for before any compiler reads
// it (app/kernel_files/source_screen.h), how a kernel file is named
// (kernel_file.h), and which compiler lines are kept (cxx_compiler.h): no
// process runs here.

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "app/kernel_files/cxx_compiler.h"
#include "app/kernel_files/kernel_file.h"
#include "app/kernel_files/source_screen.h"
#include "kernels/base/errors.h"

using namespace heatlab;

namespace {

bool passes(const std::string& source) { return screenKernelSource(source).empty(); }

// The line the screen names, or 0 where it passes.
int refusedLine(const std::string& source) {
    const std::string why = screenKernelSource(source);
    return why.empty() ? 0 : std::stoi(why.substr(why.find(' ') + 1));
}

}  // namespace

TEST(KernelSourceScreen, TheContractsOwnIncludeAndCommentsPass) {
    EXPECT_TRUE(passes("#include \"heatlab_kernel.h\"\nHEATLAB_SPLIT_ROWS;\n"));
    EXPECT_TRUE(passes("  #  include   \"heatlab_kernel.h\"   // the contract\n"));
    EXPECT_TRUE(passes("%:include \"heatlab_kernel.h\"\n"));
    EXPECT_TRUE(passes("// include whatever you like in a comment\n/* #include <cmath> */\n"));
    EXPECT_TRUE(passes("const char* s = \"include\"; int x = 1'000'000;\n"));
    EXPECT_TRUE(passes("#pragma omp parallel for\n#define N 16\n"));
}

TEST(KernelSourceScreen, EveryOtherIncludeIsRefusedWithItsLine) {
    EXPECT_EQ(refusedLine("#include <cmath>\n"), 1);
    EXPECT_EQ(refusedLine("int a;\n#include \"/etc/passwd\"\n"), 2);
    EXPECT_EQ(refusedLine("#define F \"/dev/zero\"\n#include F\n"), 2);
    EXPECT_EQ(refusedLine("#include_next <x>\n"), 1);
    EXPECT_EQ(refusedLine("#import \"x\"\n"), 1);
    EXPECT_EQ(refusedLine("\n\n#embed \"/dev/zero\"\n"), 3);
    EXPECT_EQ(refusedLine("#if __has_include(\"/dev/zero\")\n#endif\n"), 1);
    EXPECT_EQ(refusedLine("#include \"heatlab_kernel.h\" \"x\"\n"), 1);
    EXPECT_NE(screenKernelSource("#include <cmath>\n").find("heatlab_kernel.h"), std::string::npos);
}

TEST(KernelSourceScreen, TheOtherWaysToReadAFileAreRefused) {
    EXPECT_EQ(refusedLine("_Pragma(\"GCC dependency \\\"/etc/passwd\\\"\")\n"), 1);
    EXPECT_EQ(refusedLine("#pragma GCC dependency \"/etc/passwd\"\n"), 1);
    EXPECT_EQ(refusedLine("void f() { asm(\".incbin \\\"/dev/zero\\\"\"); }\n"), 1);
    EXPECT_EQ(refusedLine("void f() { __asm__(\"nop\"); }\n"), 1);
    EXPECT_EQ(refusedLine("#define P(a, b) a##b\n"), 1);
    EXPECT_EQ(refusedLine("#define P(a, b) a%:%:b\n"), 1);
    EXPECT_EQ(refusedLine("const char* s = R\"(x)\";\n"), 1);
    EXPECT_EQ(refusedLine("/* never closed\n#include \"x\"\n"), 1);
}

// The tricks of lexing that could hide a line from a screen that reads
// the source differently from the compiler.
TEST(KernelSourceScreen, ItReadsTheSourceAsTheCompilerDoes) {
    // Spliced lines: the directive's word across a backslash-newline, and
    // a backslash with spaces before its newline (GCC splices that too).
    EXPECT_EQ(refusedLine("#inc\\\nlude \"/etc/passwd\"\n"), 1);
    EXPECT_EQ(refusedLine("int a;\n#inc\\  \nlude \"/etc/passwd\"\n"), 2);
    // A comment's end spliced: the include after it is code.
    EXPECT_EQ(refusedLine("/* a *\\\n/\n#include \"/etc/passwd\"\n"), 3);
    // A digit separator is no character literal: the /* after it opens a
    // comment for neither, and the include is seen.
    EXPECT_EQ(refusedLine("int a = 1'0 + 'x/*';\n#include \"/etc/passwd\"\nint b = '*/';\n"), 2);
    // Line numbers are the file's, splices counted.
    EXPECT_EQ(refusedLine("int a = \\\n 1;\nint b;\n#include <x>\n"), 4);
}

TEST(KernelFileName, TheStemInLowerCaseNamesTheKernel) {
    KernelLanguage language = KernelLanguage::Cuda;
    EXPECT_EQ(kernelNameOf("dir/Halo_Bug.cpp", &language), "halo_bug");
    EXPECT_EQ(language, KernelLanguage::Cxx);
    EXPECT_EQ(kernelNameOf("x/step-2.cu", &language), "step-2");
    EXPECT_EQ(language, KernelLanguage::Cuda);
    for (const char* refused : {"a b.cpp", "x.txt", "global.cpp", "Optimised.cc", "noextension"}) {
        EXPECT_THROW(kernelNameOf(refused, &language), UsageError) << refused;
    }
    try {
        kernelNameOf("k/Global.cpp", &language);
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("heatlab's own"), std::string::npos) << e.what();
    }
}

TEST(CompilerLines, OnlyTheKernelsOwnLinesAreKeptUnderItsName) {
    const std::string output =
        "In file included from <command-line>:\n"
        "/tmp/f/heatlab_kernel.h:90:6: note: previous declaration\n"
        "   90 | void step(\n"
        "/tmp/f/k.cpp: In function 'void step()':\n"
        "/tmp/f/k.cpp:3:11: error: expected primary-expression\n"
        "    3 |   int x = ;\n"
        "      |           ^\n"
        "root:x:0:0:root:/root:/bin/bash\n";
    EXPECT_EQ(keptCompilerLines(output, "/tmp/f/k.cpp", "mine/k.cpp"),
              "mine/k.cpp: In function 'void step()':\n"
              "mine/k.cpp:3:11: error: expected primary-expression\n"
              "    3 |   int x = ;\n"
              "      |           ^\n");
    std::string many;
    for (int i = 0; i < 500; ++i) {
        many += "/tmp/f/k.cpp:1:1: error: x\n";
    }
    const std::string kept = keptCompilerLines(many, "/tmp/f/k.cpp", "k.cpp");
    EXPECT_EQ(static_cast<int>(std::count(kept.begin(), kept.end(), '\n')), kCompilerLinesKept);
}
