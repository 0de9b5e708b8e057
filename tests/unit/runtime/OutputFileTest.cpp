// Tests of the output file's checks and its safe writing: which names may
// take a result (inputs compared by device and inode, library files,
// devices, directories), the temporary file and its rename, the replaced
// file's permissions, and a link that stays a link.
#include "runtime/OutputFile.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace mocc::rt;
using namespace mocc::rt::test;
namespace fs = std::filesystem;

namespace {

void writeText(const std::string &path, const std::string &text) { std::ofstream(path) << text; }

bool refusedWith(const std::string &path, const RunInputs &inputs, const std::string &text) {
  std::string problem = checkOutputPath(path, inputs);
  INFO(problem);
  return problem.find(text) != std::string::npos;
}

} // namespace

TEST_CASE("a new name or a regular file that the run does not read may take the result") {
  std::string existing = scratchPath("existing.csv");
  writeText(existing, "old");
  CHECK(checkOutputPath(scratchPath("new.csv"), {}) == "");
  CHECK(checkOutputPath(existing, {}) == "");
  CHECK(checkOutputPath("-", {}) == "");
}

TEST_CASE("an input of the run is refused however it is named") {
  std::string model = scratchPath("model.mo");
  writeText(model, "model M end M;");
  RunInputs inputs{{model}, {}};
  CHECK(refusedWith(model, inputs, "it is the input file"));
  std::string dir = fs::path(model).parent_path().string();
  CHECK(refusedWith(dir + "/./" + fs::path(model).filename().string(), inputs,
                    "it is the input file"));
  std::string hard = scratchPath("hard.csv");
  REQUIRE(::link(model.c_str(), hard.c_str()) == 0);
  CHECK(refusedWith(hard, inputs, "it is the input file"));
  std::string soft = scratchPath("soft.csv");
  REQUIRE(::symlink(model.c_str(), soft.c_str()) == 0);
  CHECK(refusedWith(soft, inputs, "it is the input file"));
}

TEST_CASE("a .mo file of a library folder is refused, other files there are not") {
  fs::path library = scratchPath("Library");
  fs::create_directories(library / "Sub");
  writeText((library / "package.mo").string(), "package Library end Library;");
  writeText((library / "Sub" / "package.mo").string(), "package Sub end Sub;");
  writeText((library / "notes.csv").string(), "x");
  RunInputs inputs{{}, {library.string()}};
  CHECK(refusedWith((library / "Sub" / "package.mo").string(), inputs, "a file of the library"));
  CHECK(checkOutputPath((library / "notes.csv").string(), inputs) == "");
  std::string elsewhere = scratchPath("elsewhere.csv");
  REQUIRE(::link((library / "Sub" / "package.mo").c_str(), elsewhere.c_str()) == 0);
  CHECK(refusedWith(elsewhere, inputs, "a file of the library"));
}

TEST_CASE("directories, devices, FIFOs and missing directories are refused") {
  fs::path dir = scratchPath("a-directory");
  fs::create_directories(dir);
  CHECK(refusedWith(dir.string(), {}, "it is a directory"));
  CHECK(refusedWith("/dev/null", {}, "it is a character device"));
  std::string fifo = scratchPath("fifo.csv");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(refusedWith(fifo, {}, "it is a FIFO"));
  CHECK(refusedWith(scratchPath("missing/out.csv"), {}, "does not exist"));
}

TEST_CASE("the result replaces a file through a link, keeping the link and the permissions") {
  std::string target = scratchPath("target.csv");
  writeText(target, "old");
  REQUIRE(::chmod(target.c_str(), 0640) == 0);
  std::string link = scratchPath("link.csv");
  REQUIRE(::symlink(target.c_str(), link.c_str()) == 0);
  OutputFile file;
  REQUIRE(file.open(link));
  CHECK(fs::path(file.temporaryPath()).parent_path() == fs::path(target).parent_path());
  REQUIRE(file.write("new\n", 4));
  REQUIRE(file.commit());
  CHECK(fs::is_symlink(link));
  CHECK(readText(target) == "new\n");
  struct stat s;
  REQUIRE(::stat(target.c_str(), &s) == 0);
  CHECK((s.st_mode & 0777) == 0640);
  CHECK(scratchFiles("target.csv") == std::vector<std::string>{"target.csv"});
}

TEST_CASE("an abandoned file leaves nothing behind") {
  std::string path = scratchPath("abandoned.csv");
  {
    OutputFile file;
    REQUIRE(file.open(path));
    file.write("x", 1);
  }
  CHECK(scratchFiles("abandoned.csv").empty());
}
