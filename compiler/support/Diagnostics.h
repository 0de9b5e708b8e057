// The diagnostics engine: every phase reports errors, warnings and notes
// through one Diagnostics object passed in explicitly. Messages print as
// `file:line:col: error: message`, then the source line and a `^~~~` caret
// under the range (Clang's format).
#pragma once

#include "compiler/support/DiagnosticKinds.h"
#include "compiler/support/SourceManager.h"

#include <ostream>
#include <string>
#include <unordered_set>

namespace mocc {

/// Prints diagnostics as they are reported and counts them.
class Diagnostics {
public:
  Diagnostics(const SourceManager &sources, std::ostream &out)
      : sources_(sources), out_(out) {}
  /// A Diagnostics that prints into `out`, with the settings of `other`
  /// and what it printed so far (for an attempt whose diagnostics are
  /// kept only if it is not made again: see replay).
  Diagnostics(const Diagnostics &other, std::ostream &out)
      : sources_(other.sources_), out_(out), errorLimit_(other.errorLimit_),
        suppressNotes_(other.suppressNotes_), errorsAsWarnings_(other.errorsAsWarnings_),
        printed_(other.printed_) {}

  /// Prints `text`, what `attempt` (made with the constructor above from
  /// this one) printed, and counts its diagnostics here.
  void replay(const Diagnostics &attempt, const std::string &text) {
    out_ << text;
    errors_ += attempt.errors_;
    warnings_ += attempt.warnings_;
    suppressNotes_ = attempt.suppressNotes_;
    printed_ = attempt.printed_;
  }

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

  /// Reports a diagnostic of the catalogue (DiagnosticKinds.def) at a range
  /// (an empty range: no location) with the arguments of its message:
  /// `diags.report(diag::UnknownClass, range, {name})`. The severity is the
  /// kind's. New diagnostics are declared there; the free-text calls above
  /// remain for the call sites not yet migrated.
  void report(diag::Kind kind, SourceRange range, std::initializer_list<diag::Arg> args = {}) {
    report(diag::info(kind).severity, range, diag::format(kind, args));
  }
  /// Reports a diagnostic that a phase gave back (diag::Message), with its
  /// kind's severity; nothing if it holds none.
  void report(const diag::Message &message, SourceRange range = {}) {
    if (message)
      report(diag::info(message.kind()).severity, range, message.text());
  }

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
  /// The errors and warnings printed so far (place and text): the same one
  /// reported again (a library class's equation in each of its instances)
  /// is printed once.
  std::unordered_set<std::string> printed_;
};

} // namespace mocc
