// Compiling Include code with the system's C compiler; see IncludeCode.h.
#include "compiler/jit/IncludeCode.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace mocc::jit {

namespace {

/// The C declarations of ModelicaUtilities.h (MLS 12.9.6), whose
/// definitions the mocc executable exports.
const char *kModelicaUtilities = R"(#ifndef MOCC_MODELICA_UTILITIES_H
#define MOCC_MODELICA_UTILITIES_H
#include <stdarg.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
void ModelicaMessage(const char *string);
void ModelicaFormatMessage(const char *format, ...);
void ModelicaVFormatMessage(const char *format, va_list args);
void ModelicaWarning(const char *string);
void ModelicaFormatWarning(const char *format, ...);
void ModelicaVFormatWarning(const char *format, va_list args);
void ModelicaError(const char *string) __attribute__((noreturn));
void ModelicaFormatError(const char *format, ...) __attribute__((noreturn));
void ModelicaVFormatError(const char *format, va_list args) __attribute__((noreturn));
char *ModelicaAllocateString(size_t len);
char *ModelicaAllocateStringWithErrorReturn(size_t len);
char *ModelicaDuplicateString(const char *str);
char *ModelicaDuplicateStringWithErrorReturn(const char *str);
#ifdef __cplusplus
}
#endif
#endif
)";

/// Runs `argv` with its output and errors going to `log`; its exit status,
/// or -1 if it could not be started.
int run(const std::vector<std::string> &argv, const std::string &log) {
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  int started = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0)
    return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace

std::string compileIncludeCode(const std::vector<std::string> &code,
                               const std::vector<std::string> &includeDirectories,
                               std::string &problem) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path base = fs::temp_directory_path(ec);
  if (ec)
    base = "/tmp";
  std::string pattern = (base / "mocc-include-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    problem = "no temporary folder for compiling its Include code";
    return "";
  }
  fs::path dir = pattern;
  {
    std::ofstream header(dir / "ModelicaUtilities.h");
    header << kModelicaUtilities;
    // Include code is written for a generated C file that has the
    // standard headers already (as other tools generate it).
    std::ofstream source(dir / "include.c");
    source << "#include <math.h>\n#include <stddef.h>\n#include <stdio.h>\n"
              "#include <stdlib.h>\n#include <string.h>\n#line 1 \"Include\"\n";
    for (const std::string &text : code)
      source << text << "\n";
  }
  const char *cc = std::getenv("CC");
  std::vector<std::string> argv{cc && *cc ? cc : "cc", "-shared", "-fPIC", "-O1", "-w",
                                "-I" + dir.string()};
  for (const std::string &folder : includeDirectories)
    argv.push_back("-I" + folder);
  std::string library = (dir / "libinclude.so").string();
  argv.push_back("-o");
  argv.push_back(library);
  argv.push_back((dir / "include.c").string());
  argv.push_back("-lm");
  std::string log = (dir / "cc.log").string();
  int status = run(argv, log);
  if (status == 0)
    return library;
  if (status < 0) {
    problem = "its Include code was not compiled: no C compiler `" + argv[0] +
              "` (set CC to one)";
  } else {
    std::ifstream in(log);
    std::string line, first;
    while (std::getline(in, line) && first.empty())
      if (line.find("error") != std::string::npos)
        first = line;
    problem = "its Include code does not compile" + (first.empty() ? "" : ": " + first);
  }
  fs::remove_all(dir, ec);
  return "";
}

void removeIncludeLibrary(const std::string &path) {
  std::error_code ec;
  std::filesystem::remove_all(std::filesystem::path(path).parent_path(), ec);
}

} // namespace mocc::jit
