// The robustness test runner (see README.md beside it for the case format).
// A case is a `.case` file: it sets up a scratch directory (files, links,
// FIFOs, permissions), runs mocc there once (optionally as an unprivileged
// user, and sending signals when a file appears or when mocc has installed
// its handlers), then checks the exit status (as a shell shows it: 128 + the
// signal for a process that a signal ended), substrings of stdout and
// stderr, and the file system: inputs unchanged byte for byte, exactly the
// expected files left in the directory, devices still devices.
//
// usage: mocc_robustness --mocc PATH CASE...
// (exit code 0 if every case passed)
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <grp.h>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

/// The unprivileged user `user nobody` runs as when the runner is root.
constexpr uid_t nobodyUid = 65534;
constexpr gid_t nobodyGid = 65534;

/// When to send a signal: once a file matching `whenFile` exists in the
/// scratch directory, once mocc catches `signal` (its handlers are
/// installed) or once it wrote to stdout; then `after` seconds later.
struct SignalStep {
  int signal = 0;
  std::string whenFile;
  bool whenHandled = false;
  bool whenStdout = false;
  double after = 0;
};

struct Case {
  fs::path file;
  std::vector<std::vector<std::string>> setup; ///< setup directives in order
  std::vector<std::string> args;               ///< after `run mocc`
  std::vector<std::pair<std::string, std::string>> env;
  bool asNobody = false;
  std::vector<int> ignoredSignals; ///< ignored when mocc starts (as under nohup)
  std::vector<SignalStep> signals;
  double timeout = 120;
  // Expectations.
  std::optional<int> exitCode;
  std::vector<std::string> stdoutHas, stdoutLacks, stderrHas, stderrLacks;
  std::vector<std::string> unchanged, charDevices, links;
  std::optional<std::vector<std::string>> files;
};

/// Splits a line into words; single quotes group words ('1 + time').
std::vector<std::string> words(const std::string &line) {
  std::vector<std::string> out;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      inWord = true;
    } else if (c == ' ' && !quoted) {
      if (inWord)
        out.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord)
    out.push_back(word);
  return out;
}

int signalNumber(const std::string &name) {
  static const std::map<std::string, int> names = {
      {"INT", SIGINT},   {"TERM", SIGTERM}, {"HUP", SIGHUP},   {"SEGV", SIGSEGV},
      {"BUS", SIGBUS},   {"FPE", SIGFPE},   {"ILL", SIGILL},   {"ABRT", SIGABRT},
      {"KILL", SIGKILL}, {"PIPE", SIGPIPE}, {"QUIT", SIGQUIT}, {"USR1", SIGUSR1}};
  auto it = names.find(name);
  return it == names.end() ? 0 : it->second;
}

/// `signal SIG when FILE-GLOB [after S]`, `signal SIG when handled [after
/// S]`, `signal SIG when stdout [after S]` or `signal SIG after S`.
bool parseSignal(const std::vector<std::string> &w, SignalStep &step, std::string &error) {
  step.signal = w.size() >= 2 ? signalNumber(w[1]) : 0;
  if (!step.signal) {
    error = "`signal` needs a signal name (INT, TERM, HUP, SEGV, ...)";
    return false;
  }
  for (size_t i = 2; i + 1 < w.size(); i += 2) {
    if (w[i] == "when" && w[i + 1] == "handled")
      step.whenHandled = true;
    else if (w[i] == "when" && w[i + 1] == "stdout")
      step.whenStdout = true;
    else if (w[i] == "when")
      step.whenFile = w[i + 1];
    else if (w[i] == "after")
      step.after = std::atof(w[i + 1].c_str());
    else {
      error = "`signal`: unknown word `" + w[i] + "`";
      return false;
    }
  }
  return true;
}

/// The text after the directive word (for stdout/stderr substrings).
std::string rest(const std::string &line, const std::string &directive) {
  return line.size() > directive.size() + 1 ? line.substr(directive.size() + 1) : "";
}

std::optional<Case> readCase(const fs::path &file, std::string &error) {
  Case c;
  c.file = file;
  std::ifstream in(file);
  if (!in) {
    error = "cannot read the case file";
    return std::nullopt;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#')
      continue;
    std::vector<std::string> w = words(line);
    const std::string &d = w[0];
    std::string where = file.filename().string() + ":" + std::to_string(number) + ": ";
    if (d == "copy" || d == "text" || d == "mkdir" || d == "mkfifo" || d == "symlink" ||
        d == "hardlink" || d == "chmod" || d == "csv") {
      if (d == "text") // text NAME CONTENT: the rest of the line, verbatim
        w = {"text", w.size() > 1 ? w[1] : "",
             line.size() > 6 + w[1].size() ? line.substr(6 + w[1].size()) : ""};
      c.setup.push_back(w);
    } else if (d == "env" && w.size() == 2 && w[1].find('=') != std::string::npos) {
      size_t eq = w[1].find('=');
      c.env.push_back({w[1].substr(0, eq), w[1].substr(eq + 1)});
    } else if (d == "ignore" && w.size() == 2 && signalNumber(w[1])) {
      c.ignoredSignals.push_back(signalNumber(w[1]));
    } else if (d == "user" && w.size() == 2 && w[1] == "nobody") {
      c.asNobody = true;
    } else if (d == "run" && w.size() >= 2 && w[1] == "mocc") {
      c.args.assign(w.begin() + 2, w.end());
    } else if (d == "signal") {
      SignalStep step;
      if (!parseSignal(w, step, error)) {
        error = where + error;
        return std::nullopt;
      }
      c.signals.push_back(step);
    } else if (d == "timeout" && w.size() == 2) {
      c.timeout = std::atof(w[1].c_str());
    } else if (d == "exit" && w.size() == 2) {
      c.exitCode = std::atoi(w[1].c_str());
    } else if (d == "stdout") {
      c.stdoutHas.push_back(rest(line, d));
    } else if (d == "not-stdout") {
      c.stdoutLacks.push_back(rest(line, d));
    } else if (d == "stderr") {
      c.stderrHas.push_back(rest(line, d));
    } else if (d == "not-stderr") {
      c.stderrLacks.push_back(rest(line, d));
    } else if (d == "unchanged" && w.size() == 2) {
      c.unchanged.push_back(w[1]);
    } else if (d == "chardev" && w.size() == 2) {
      c.charDevices.push_back(w[1]);
    } else if (d == "link" && w.size() == 2) {
      c.links.push_back(w[1]);
    } else if (d == "files") {
      c.files = std::vector<std::string>(w.begin() + 1, w.end());
      std::sort(c.files->begin(), c.files->end());
    } else {
      error = where + "unknown or malformed directive `" + line + "`";
      return std::nullopt;
    }
  }
  if (c.args.empty()) {
    error = "no `run mocc ...` line";
    return std::nullopt;
  }
  return c;
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

/// The directories a case sees: its scratch directory (mocc's working
/// directory) and the suite's source directory.
struct Places {
  fs::path work, source;
  std::string expand(const std::string &text) const {
    return replaceAll(replaceAll(text, "%dir", work.string()), "%source", source.string());
  }
};

/// A result CSV of `columns` signals and `rows` rows (for `compare`).
void writeCsv(const fs::path &path, long columns, long rows) {
  std::ofstream out(path);
  out << "\"time\"";
  for (long i = 1; i <= columns; ++i)
    out << ",\"x[" << i << "]\"";
  out << "\n";
  for (long r = 0; r < rows; ++r) {
    out << static_cast<double>(r) / static_cast<double>(std::max(rows - 1, 1L));
    for (long i = 1; i <= columns; ++i)
      out << "," << (i % 7) * 0.5 + static_cast<double>(r);
    out << "\n";
  }
}

bool setUp(const Case &c, const Places &places, std::string &error) {
  std::error_code ec;
  for (const std::vector<std::string> &w : c.setup) {
    const std::string &d = w[0];
    fs::path target = places.work / (w.size() > 1 ? w[1] : "");
    if (w.size() > 1)
      fs::create_directories(target.parent_path(), ec);
    bool ok = true;
    if (d == "copy" && w.size() == 3)
      ok = fs::copy_file(places.source / w[2], target, fs::copy_options::overwrite_existing, ec);
    else if (d == "text" && w.size() == 3)
      ok = static_cast<bool>(std::ofstream(target) << replaceAll(w[2], "\\n", "\n"));
    else if (d == "mkdir" && w.size() == 2)
      ok = fs::create_directories(target, ec) || fs::is_directory(target);
    else if (d == "mkfifo" && w.size() == 2)
      ok = ::mkfifo(target.c_str(), 0666) == 0;
    else if (d == "symlink" && w.size() == 3)
      ok = ::symlink(places.expand(w[2]).c_str(), target.c_str()) == 0;
    else if (d == "hardlink" && w.size() == 3)
      ok = ::link((places.work / w[2]).c_str(), target.c_str()) == 0;
    else if (d == "chmod" && w.size() == 3)
      ok = ::chmod((places.work / w[2]).c_str(), std::stoi(w[1], nullptr, 8)) == 0;
    else if (d == "csv" && w.size() == 4)
      writeCsv(target, std::atol(w[2].c_str()), std::atol(w[3].c_str()));
    else
      ok = false;
    if (!ok) {
      error = "setup `" + d + (w.size() > 1 ? " " + w[1] : "") + "` failed: " +
              (ec ? ec.message() : std::string(std::strerror(errno)));
      return false;
    }
  }
  return true;
}

/// Whether a file matching `glob` exists in `dir`.
bool fileExists(const fs::path &dir, const std::string &glob) {
  std::error_code ec;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec))
    if (::fnmatch(glob.c_str(), entry.path().filename().c_str(), 0) == 0)
      return true;
  return false;
}

/// Whether a file is empty or not there yet.
bool isEmpty(const fs::path &file) {
  std::error_code ec;
  auto size = fs::file_size(file, ec);
  return ec || size == 0;
}

/// Whether process `pid` catches `signal` (its handler is installed), from
/// the SigCgt mask of /proc/PID/status.
bool catches(pid_t pid, int signal) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("SigCgt:", 0) == 0)
      return (std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1;
  return false;
}

/// The child: the case's environment, default signal dispositions (but
/// those the case ignores), no core files, the unprivileged user if asked;
/// then mocc.
[[noreturn]] void execMocc(const Case &c, const Places &places, const std::string &mocc,
                           const fs::path &out, const fs::path &err) {
  for (int signal = 1; signal < NSIG; ++signal)
    std::signal(signal, SIG_DFL);
  for (int signal : c.ignoredSignals)
    std::signal(signal, SIG_IGN);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  int in = ::open("/dev/null", O_RDONLY);
  int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (in < 0 || o < 0 || e < 0 || ::dup2(in, 0) < 0 || ::dup2(o, 1) < 0 || ::dup2(e, 2) < 0)
    _exit(125);
  if (::chdir(places.work.c_str()) != 0)
    _exit(125);
  ::unsetenv("MODELICAPATH");
  for (const auto &[name, value] : c.env)
    ::setenv(name.c_str(), places.expand(value).c_str(), 1);
  if (c.asNobody && ::geteuid() == 0 &&
      (::setgroups(0, nullptr) != 0 || ::setgid(nobodyGid) != 0 || ::setuid(nobodyUid) != 0))
    _exit(125);
  std::vector<std::string> args{mocc};
  for (const std::string &arg : c.args)
    args.push_back(places.expand(arg));
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  ::execv(mocc.c_str(), argv.data());
  _exit(127);
}

struct Outcome {
  int status = -1; ///< as a shell shows it
  bool timedOut = false;
  std::string problem; ///< a signal could not be sent as the case asks
};

/// Runs mocc for the case, sending its signals; waits at most c.timeout.
Outcome runCase(const Case &c, const Places &places, const std::string &mocc,
                const fs::path &out, const fs::path &err) {
  Outcome outcome;
  pid_t pid = ::fork();
  if (pid == 0)
    execMocc(c, places, mocc, out, err);
  auto deadline = Clock::now() + std::chrono::duration<double>(c.timeout);
  int status = 0;
  bool ended = false;
  auto poll = [&] {
    if (!ended && ::waitpid(pid, &status, WNOHANG) == pid)
      ended = true;
    return ended || Clock::now() > deadline;
  };
  for (const SignalStep &step : c.signals) {
    while (!poll() && ((!step.whenFile.empty() && !fileExists(places.work, step.whenFile)) ||
                       (step.whenHandled && !catches(pid, step.signal)) ||
                       (step.whenStdout && isEmpty(out))))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    auto sendAt = Clock::now() + std::chrono::duration<double>(step.after);
    while (!poll() && Clock::now() < sendAt)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (ended) {
      outcome.problem = "mocc ended before signal " + std::to_string(step.signal) +
                        " was sent (the case must make it run longer)";
      break;
    }
    if (Clock::now() > deadline)
      break;
    ::kill(pid, step.signal);
  }
  while (!poll())
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (!ended) {
    outcome.timedOut = true;
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

/// Checks the expectations; returns the failures.
std::vector<std::string> check(const Case &c, const Places &places, const Outcome &outcome,
                               const std::string &out, const std::string &err,
                               const std::map<std::string, std::string> &before) {
  std::vector<std::string> failures;
  if (!outcome.problem.empty())
    failures.push_back(outcome.problem);
  if (outcome.timedOut)
    failures.push_back("timed out after " + std::to_string(c.timeout) + " s (killed)");
  if (c.exitCode && *c.exitCode != outcome.status)
    failures.push_back("exit status " + std::to_string(outcome.status) + ", expected " +
                       std::to_string(*c.exitCode));
  for (const std::string &text : c.stdoutHas)
    if (out.find(places.expand(text)) == std::string::npos)
      failures.push_back("stdout lacks `" + places.expand(text) + "`");
  for (const std::string &text : c.stdoutLacks)
    if (out.find(places.expand(text)) != std::string::npos)
      failures.push_back("stdout holds `" + places.expand(text) + "`");
  for (const std::string &text : c.stderrHas)
    if (err.find(places.expand(text)) == std::string::npos)
      failures.push_back("stderr lacks `" + places.expand(text) + "`");
  for (const std::string &text : c.stderrLacks)
    if (err.find(places.expand(text)) != std::string::npos)
      failures.push_back("stderr holds `" + places.expand(text) + "`");
  for (const auto &[name, content] : before) {
    std::error_code ec;
    fs::path path = places.work / name;
    if (!fs::is_regular_file(fs::symlink_status(path, ec)) || slurp(path) != content)
      failures.push_back("`" + name + "` changed");
  }
  for (const std::string &device : c.charDevices) {
    struct stat s;
    if (::stat(device.c_str(), &s) != 0 || !S_ISCHR(s.st_mode))
      failures.push_back("`" + device + "` is no longer a character device");
  }
  for (const std::string &link : c.links) {
    std::error_code ec;
    if (!fs::is_symlink(places.work / link, ec))
      failures.push_back("`" + link + "` is no longer a symbolic link");
  }
  if (c.files) {
    std::vector<std::string> left;
    std::error_code ec;
    for (const fs::directory_entry &entry : fs::directory_iterator(places.work, ec))
      left.push_back(entry.path().filename().string());
    std::sort(left.begin(), left.end());
    if (left != *c.files) {
      std::string list;
      for (const std::string &name : left)
        list += " " + name;
      failures.push_back("the directory holds" + (list.empty() ? " nothing" : list));
    }
  }
  return failures;
}

/// Runs one case file; whether it passed.
bool runCaseFile(const fs::path &file, const std::string &mocc) {
  std::string error;
  auto c = readCase(file, error);
  if (!c) {
    std::cerr << file.string() << ": " << error << "\n";
    return false;
  }
  std::string pattern = (fs::temp_directory_path() / "mocc_robustness_XXXXXX").string();
  if (!::mkdtemp(pattern.data())) {
    std::cerr << "cannot create a scratch directory: " << std::strerror(errno) << "\n";
    return false;
  }
  fs::path root = pattern;
  Places places{root / "work", file.parent_path().parent_path()};
  fs::create_directory(places.work);
  // Readable by the unprivileged user of `user nobody`.
  ::chmod(root.c_str(), 0755);
  ::chmod(places.work.c_str(), c->asNobody ? 0777 : 0755);
  bool passed = false;
  if (!setUp(*c, places, error)) {
    std::cerr << file.string() << ": " << error << "\n";
  } else {
    std::map<std::string, std::string> before;
    for (const std::string &name : c->unchanged)
      before[name] = slurp(places.work / name);
    Outcome outcome = runCase(*c, places, mocc, root / "stdout", root / "stderr");
    std::string out = slurp(root / "stdout"), err = slurp(root / "stderr");
    std::vector<std::string> failures = check(*c, places, outcome, out, err, before);
    for (const std::string &failure : failures)
      std::cerr << file.string() << ": " << failure << "\n";
    if (!failures.empty())
      std::cerr << "--- stderr of mocc:\n" << err << "--- end of stderr\n";
    passed = failures.empty();
  }
  std::error_code ec;
  fs::permissions(root, fs::perms::owner_all, fs::perm_options::add, ec);
  for (const fs::directory_entry &entry : fs::recursive_directory_iterator(root, ec))
    if (!entry.is_symlink(ec))
      fs::permissions(entry.path(), fs::perms::owner_all, fs::perm_options::add, ec);
  fs::remove_all(root, ec);
  return passed;
}

} // namespace

int main(int argc, char **argv) {
  std::string mocc;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--mocc" && i + 1 < argc)
      mocc = fs::absolute(argv[++i]).string();
    else
      files.push_back(fs::absolute(arg));
  }
  if (mocc.empty() || files.empty()) {
    std::cerr << "usage: mocc_robustness --mocc PATH CASE...\n";
    return 2;
  }
  int failed = 0;
  for (const fs::path &file : files) {
    bool passed = runCaseFile(file, mocc);
    failed += !passed;
    std::cerr << (passed ? "PASS: " : "FAIL: ") << file.string() << "\n";
  }
  return failed == 0 ? 0 : 1;
}
