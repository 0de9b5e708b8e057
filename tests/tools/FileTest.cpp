// The golden-file test runner (after LLVM lit/FileCheck and Carbon's
// file_test). A test is a .mo file whose `// RUN:` lines give mocc commands
// (`%s` stands for the file) and whose trailing `// CHECK:STDOUT:`,
// `// CHECK:STDERR:` and `// CHECK:EXIT:` lines give the expected output and
// exit code. With --autoupdate the expectations are rewritten from the
// actual output, so an intended change is one command away.
//
// A file whose name starts with `fail_` must exit with a non-zero code, any
// other file with zero.
//
// usage: mocc_filetest --mocc PATH [--autoupdate] FILE...
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

const std::string kRun = "// RUN: ";
const std::string kStdout = "// CHECK:STDOUT:";
const std::string kStderr = "// CHECK:STDERR:";
const std::string kExit = "// CHECK:EXIT: ";

struct Expectations {
  std::vector<std::string> source; ///< the file without CHECK lines
  /// Where the CHECK lines stand (as a line index into `source`); at the end
  /// unless a test puts them before its code (an unterminated string or
  /// comment would swallow them there).
  size_t checkPosition = SIZE_MAX;
  std::vector<std::string> runs;
  std::vector<std::string> out, err;
  int exitCode = 0;
};

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

/// The text after a CHECK prefix, without the one separating space.
std::string checkText(const std::string &line, const std::string &prefix) {
  std::string rest = line.substr(prefix.size());
  return !rest.empty() && rest[0] == ' ' ? rest.substr(1) : rest;
}

Expectations read(const fs::path &file) {
  Expectations e;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    bool isCheck = startsWith(line, kStdout) || startsWith(line, kStderr) || startsWith(line, kExit);
    if (isCheck && e.checkPosition == SIZE_MAX)
      e.checkPosition = e.source.size();
    if (startsWith(line, kStdout))
      e.out.push_back(checkText(line, kStdout));
    else if (startsWith(line, kStderr))
      e.err.push_back(checkText(line, kStderr));
    else if (startsWith(line, kExit))
      e.exitCode = std::atoi(line.c_str() + kExit.size());
    else {
      if (startsWith(line, kRun))
        e.runs.push_back(line.substr(kRun.size()));
      e.source.push_back(line);
    }
  }
  while (!e.source.empty() && e.source.back().empty())
    e.source.pop_back();
  if (e.checkPosition >= e.source.size())
    e.checkPosition = SIZE_MAX;
  return e;
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line))
    out.push_back(line);
  return out;
}

std::string slurp(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string replaceAll(std::string s, const std::string &from, const std::string &to) {
  for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
    s.replace(pos, from.size(), to);
  return s;
}

struct Result {
  std::vector<std::string> out, err;
  int exitCode = 0;
};

/// Runs the RUN lines in the file's directory and collects their output.
Result run(const fs::path &file, const Expectations &e, const std::string &mocc) {
  Result r;
  fs::path tmp = fs::temp_directory_path() / ("mocc_filetest_" + std::to_string(getpid()));
  // A cache of its own, empty: what a run says must not depend on what the
  // user's cache holds (a model served from the cache of compiled models
  // cannot name the equation of a non-finite value).
  fs::path cache = tmp.string() + ".cache";
  fs::remove_all(cache);
  for (const std::string &command : e.runs) {
    std::string cmd = replaceAll(command, "%s", file.filename().string());
    if (startsWith(cmd, "mocc "))
      cmd = "'" + mocc + "'" + cmd.substr(4);
    std::string shell = "cd '" + file.parent_path().string() + "' && env -u MODELICAPATH " +
                        "XDG_CACHE_HOME='" + cache.string() + "' " + cmd +
                        " > '" + tmp.string() + ".out' 2> '" + tmp.string() + ".err'";
    int status = std::system(shell.c_str());
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    for (auto &l : lines(slurp(tmp.string() + ".out")))
      r.out.push_back(l);
    for (auto &l : lines(slurp(tmp.string() + ".err")))
      r.err.push_back(l);
    if (code != 0 || r.exitCode == 0)
      r.exitCode = code;
  }
  fs::remove(tmp.string() + ".out");
  fs::remove(tmp.string() + ".err");
  fs::remove_all(cache);
  return r;
}

void rewrite(const fs::path &file, const Expectations &e, const Result &r) {
  std::ofstream out(file);
  auto checks = [&] {
    if (r.exitCode != 0)
      out << kExit << r.exitCode << '\n';
    for (const auto &l : r.out)
      out << kStdout << (l.empty() ? "" : " " + l) << '\n';
    for (const auto &l : r.err)
      out << kStderr << (l.empty() ? "" : " " + l) << '\n';
  };
  for (size_t i = 0; i < e.source.size(); ++i) {
    if (i == e.checkPosition)
      checks();
    out << e.source[i] << '\n';
  }
  if (e.checkPosition == SIZE_MAX) {
    out << '\n';
    checks();
  }
}

bool compare(const char *what, const std::vector<std::string> &expected,
             const std::vector<std::string> &actual) {
  if (expected == actual)
    return true;
  std::cerr << what << " differs:\n";
  size_t n = std::max(expected.size(), actual.size());
  for (size_t i = 0; i < n; ++i) {
    const std::string *a = i < expected.size() ? &expected[i] : nullptr;
    const std::string *b = i < actual.size() ? &actual[i] : nullptr;
    if (a && b && *a == *b)
      continue;
    if (a)
      std::cerr << "  line " << i + 1 << " expected: " << *a << '\n';
    if (b)
      std::cerr << "  line " << i + 1 << " actual:   " << *b << '\n';
  }
  return false;
}

} // namespace

int main(int argc, char **argv) {
  std::string mocc;
  bool autoupdate = false;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--mocc" && i + 1 < argc)
      mocc = fs::absolute(argv[++i]).string();
    else if (arg == "--autoupdate")
      autoupdate = true;
    else
      files.push_back(fs::absolute(arg));
  }
  if (mocc.empty() || files.empty()) {
    std::cerr << "usage: mocc_filetest --mocc PATH [--autoupdate] FILE...\n";
    return 2;
  }
  int failures = 0;
  for (const fs::path &file : files) {
    Expectations e = read(file);
    if (e.runs.empty()) {
      std::cerr << file << ": no `// RUN:` line\n";
      ++failures;
      continue;
    }
    Result r = run(file, e, mocc);
    bool mustFail = startsWith(file.filename().string(), "fail_");
    bool ok = true;
    if (mustFail != (r.exitCode != 0)) {
      std::cerr << file << ": exit code " << r.exitCode << ", but a "
                << (mustFail ? "fail_ test must fail" : "test without fail_ must succeed") << '\n';
      ok = false;
    }
    if (autoupdate) {
      rewrite(file, e, r);
    } else {
      ok &= compare("stdout", e.out, r.out);
      ok &= compare("stderr", e.err, r.err);
      if (e.exitCode != r.exitCode) {
        std::cerr << "exit code: expected " << e.exitCode << ", actual " << r.exitCode << '\n';
        ok = false;
      }
    }
    if (!ok) {
      std::cerr << "FAIL: " << file.string() << '\n';
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
