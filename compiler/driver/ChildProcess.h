// Child processes for `mocc test-library`: each model is simulated by a
// `mocc simulate` of its own, so that a crash, a hang or an abort in one
// model cannot take the run down. A child runs in a process group of its
// own (killing the group ends whatever it started too), with its standard
// output and error in a log file, and is killed when its time is up.
#pragma once

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace mocc::driver {

/// How a child process ended.
struct ChildExit {
  int exitCode = -1;     ///< the exit code, or -1 if a signal ended it
  int signal = 0;        ///< the signal that ended it (0 if it exited)
  bool timedOut = false; ///< killed because its time was up
  double seconds = 0;    ///< wall-clock time from start to end
};

/// One running child.
class ChildProcess {
public:
  /// Starts `argv` (argv[0] is the program's path) in a new process group,
  /// standard input from /dev/null, standard output and error appended to
  /// `logPath`. False (with `error`) if it cannot be started.
  bool start(const std::vector<std::string> &argv, const std::string &logPath,
             double timeoutSeconds, std::string &error);
  /// Whether it has ended (reaping it then); kills it if its time is up.
  bool poll(ChildExit &exit);
  /// Kills the child's process group and waits for the child.
  void kill();
  pid_t pid() const { return pid_; }

private:
  using Clock = std::chrono::steady_clock;
  pid_t pid_ = -1;
  Clock::time_point started_;
  double timeout_ = 0;
  bool killed_ = false;
};

/// The path that starts the running executable again (/proc/self/exe), for
/// running `mocc` as a child.
std::string currentExecutable();

} // namespace mocc::driver
