// How mocc ends when a signal asks it to, or when it crashes, without
// leaving a temporary result file behind (issue 19, README "Signals").
//
// - SIGINT, SIGTERM and SIGHUP during a simulation (while a StopPolling
//   object lives): the handler only notes the signal; the solver loop and
//   the residual functions of IDA and KINSOL poll stopRequest(), the run
//   unwinds normally (external objects are destructed, the temporary file
//   removed) and the command line ends by the same signal (exit status 128
//   + the signal's number as shells show it: 130, 143, 129). A second
//   signal, or the first one that is not noticed within
//   stopGraceSeconds (generated code in an endless loop), ends the process
//   at once.
// - The same signals outside a simulation (parsing, compiling): the
//   process ends at once, after a message.
// - SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT: the handler (on an
//   alternate stack, so that a stack overflow reaches it) removes the
//   temporary files and raises the signal again with its default action,
//   so the exit status stays the crash's.
//
// "At once" means: the registered temporary files are unlinked (their names
// are kept in static buffers; unlink() and write() are async-signal-safe),
// then the default action of the signal ends the process. SIGKILL cannot be
// caught: after it a temporary file stays.
#pragma once

#include <string>

namespace mocc::rt {

/// Installs the handlers; the command-line program calls it first thing.
void installSignalHandlers();

/// Guards against the process ending before the command is done: code of
/// the model (an external C function, a Fortran STOP in LAPACK's error
/// handler) that calls exit() would otherwise end mocc with the status it
/// chose, 0 included, and leave a temporary result file behind. Until
/// commandFinished(), an exit removes the temporary files, says so on
/// stderr and ends with status 3 (during a simulation) or 1 (while
/// translating). The command-line program calls it after
/// installSignalHandlers.
void guardUnexpectedExit();

/// The command is done: exiting is expected from now on.
void commandFinished();

/// Gives the calling thread an alternate stack for the crash handler
/// (installSignalHandlers does it for its own thread); a thread that runs
/// the compiler or a simulation calls it first. When the thread ends, the
/// stack in place before the call (a sanitizer's) is put back and the
/// thread's own freed.
void installAlternateStack();

/// The signal (SIGINT, SIGTERM, SIGHUP) that asked the running simulation
/// to stop, 0 if none. Cheap: polled at every residual evaluation.
int stopRequest();

/// Seconds a stop request may wait for the simulation to notice it.
constexpr unsigned stopGraceSeconds = 5;

/// While one lives, a stop signal is noted for stopRequest() instead of
/// ending the process (see above).
class StopPolling {
public:
  StopPolling();
  ~StopPolling();
  StopPolling(const StopPolling &) = delete;
  StopPolling &operator=(const StopPolling &) = delete;
};

/// The line the handler prints when a signal ends the process outside a
/// simulation (a static string: the handler writes it as it is), e.g.
/// "mocc: interrupted while compiling; no result written\n". The default
/// is "mocc: interrupted\n".
void setInterruptMessage(const char *message);

/// Registers a temporary file to be removed if a signal ends the process;
/// returns its slot (-1 if the name is too long or every slot is taken:
/// then it is not removed).
int registerTemporaryFile(const std::string &path);
/// Forgets a slot of registerTemporaryFile (no-op for -1).
void unregisterTemporaryFile(int slot);

/// "SIGINT", "SIGTERM", ...
const char *signalName(int signal);

/// Ends the process by `signal` with its default action (after a run that
/// a stop request ended cleanly), flushing stdout and stderr first.
[[noreturn]] void endBySignal(int signal);

} // namespace mocc::rt
