// A temporary folder for the C-code tests: files written into it, removed
// with it at the end.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace mocc::test {

struct Folder {
  std::filesystem::path path;
  /// `prefix` names the test binary, `name` the case: unique per process.
  Folder(const std::string &prefix, const std::string &name)
      : path(std::filesystem::temp_directory_path() /
             (prefix + "_" + name + "_" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~Folder() { std::filesystem::remove_all(path); }
  Folder(const Folder &) = delete;
  Folder &operator=(const Folder &) = delete;
  void write(const std::string &file, const std::string &text) const {
    std::filesystem::create_directories((path / file).parent_path());
    std::ofstream(path / file, std::ios::binary | std::ios::trunc) << text;
  }
  std::string read(const std::string &file) const {
    std::ifstream in(path / file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string cache() const { return (path / "cache").string(); }
};

} // namespace mocc::test
