// The diagnostics engine: every phase reports errors, warnings and notes
// through one Diagnostics object passed in explicitly. Messages print as
// `file:line:col: error: message`, then the source line and a `^~~~` caret
// under the range (Clang's format).
#pragma once

#include "compiler/support/SourceManager.h"

#include <ostream>
#include <string>

namespace mocc {

/// How serious a diagnostic is.
enum class SeverityKind { Error, Warning, Note };

/// Prints diagnostics as they are reported and counts them.
class Diagnostics {
public:
  Diagnostics(const SourceManager &sources, std::ostream &out)
      : sources_(sources), out_(out) {}

  /// Reports an error at a source range (an invalid range prints no location).
  void error(SourceRange range, const std::string &message) {
    report(SeverityKind::Error, range, message);
  }
  void warning(SourceRange range, const std::string &message) {
    report(SeverityKind::Warning, range, message);
  }
  /// A note belongs to the error or warning reported just before it.
  void note(SourceRange range, const std::string &message) {
    report(SeverityKind::Note, range, message);
  }
  /// An error with no source location, printed as `mocc: error: message`.
  void error(const std::string &message) { report(SeverityKind::Error, {}, message); }

  void report(SeverityKind severity, SourceRange range, const std::string &message);

  /// Reports a diagnostic at a place outside the managed sources (a line of
  /// C code that mocc compiled): `file:line:col: error: message`, then
  /// `sourceLine` with a caret under `column` (1-based, in bytes); without a
  /// file, `mocc: error: message`.
  void reportAt(SeverityKind severity, const std::string &file, unsigned line, unsigned column,
                const std::string &sourceLine, const std::string &message);

  unsigned errorCount() const { return errors_; }
  unsigned warningCount() const { return warnings_; }
  bool hasErrors() const { return errors_ != 0; }

  /// While set, errors are reported (and counted) as warnings.
  void setErrorsAsWarnings(bool on) { errorsAsWarnings_ = on; }

  /// Stops printing (but keeps counting) after this many errors; 0: no limit.
  void setErrorLimit(unsigned limit) { errorLimit_ = limit; }

  const SourceManager &sources() const { return sources_; }

private:
  void printCaret(SourceRange range);
  /// Counts a diagnostic; false if it is not to be printed.
  bool count(SeverityKind &severity);

  const SourceManager &sources_;
  std::ostream &out_;
  unsigned errors_ = 0;
  unsigned warnings_ = 0;
  unsigned errorLimit_ = 50;
  bool suppressNotes_ = false;
  bool errorsAsWarnings_ = false;
};

} // namespace mocc
