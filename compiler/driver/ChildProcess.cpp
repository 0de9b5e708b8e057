// Starting, watching and killing child processes; see ChildProcess.h.
#include "compiler/driver/ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace mocc::driver {

bool ChildProcess::start(const std::vector<std::string> &argv, const std::string &logPath,
                         double timeoutSeconds, std::string &error) {
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0666);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // A process group of its own (0: the child's pid), and the signals the
  // parent catches back at their defaults.
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
    sigaddset(&defaults, sig);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  int status = posix_spawn(&pid_, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (status != 0) {
    error = "cannot start `" + argv[0] + "`: " + std::strerror(status);
    pid_ = -1;
    return false;
  }
  started_ = Clock::now();
  timeout_ = timeoutSeconds;
  killed_ = false;
  return true;
}

bool ChildProcess::poll(ChildExit &exit) {
  if (pid_ < 0)
    return true;
  int status = 0;
  pid_t done = waitpid(pid_, &status, WNOHANG);
  if (done == 0) {
    double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
    if (timeout_ > 0 && elapsed > timeout_ && !killed_) {
      ::kill(-pid_, SIGKILL);
      killed_ = true;
    }
    return false;
  }
  exit = ChildExit{};
  exit.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  exit.timedOut = killed_;
  if (done < 0) {
    exit.exitCode = -1;
  } else if (WIFEXITED(status)) {
    exit.exitCode = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    exit.signal = WTERMSIG(status);
  }
  // Whatever the child left running in its group ends with it.
  ::kill(-pid_, SIGKILL);
  pid_ = -1;
  return true;
}

void ChildProcess::kill() {
  if (pid_ < 0)
    return;
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

std::string currentExecutable() {
  // The link itself, not its target: the child then runs this very binary
  // even if a rebuild has replaced the file since it started.
  return "/proc/self/exe";
}

} // namespace mocc::driver
