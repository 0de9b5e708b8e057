// The catalogue of diagnostics: every diagnostic that the compiler reports is
// declared once in DiagnosticKinds.def with its kind (an identifier that
// does not change when the text does), its severity and its message format,
// and reported as `diags.report(diag::UnknownClass, range, {name})` (in the
// manner of Clang's Diagnostic*Kinds.td and Carbon's CARBON_DIAGNOSTIC).
#pragma once

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mocc {

/// How serious a diagnostic is.
enum class SeverityKind { Error, Warning, Note };

namespace diag {

/// One entry of DiagnosticKinds.def.
enum class Kind : uint16_t {
#define DIAG(NAME, SEVERITY, FORMAT) NAME,
#include "compiler/support/DiagnosticKinds.def"
};

// `diag::UnknownClass` names the kind.
#define DIAG(NAME, SEVERITY, FORMAT) inline constexpr Kind NAME = Kind::NAME;
#include "compiler/support/DiagnosticKinds.def"

/// The number of kinds declared.
inline constexpr size_t kKindCount = 0
#define DIAG(NAME, SEVERITY, FORMAT) +1
#include "compiler/support/DiagnosticKinds.def"
    ;

/// What DiagnosticKinds.def says of a kind.
struct KindInfo {
  const char *name;      // the identifier, `UnknownClass`
  SeverityKind severity; // Error, Warning or Note
  const char *format;    // the message, `{0}`, `{1}`, ... standing for the arguments
};

const KindInfo &info(Kind kind);

/// An argument of a diagnostic's message: text, or an integer printed in
/// decimal.
class Arg {
public:
  Arg(std::string text) : text_(std::move(text)) {}
  Arg(std::string_view text) : text_(text) {}
  Arg(const char *text) : text_(text ? text : "") {}
  template <std::integral T>
    requires(!std::same_as<T, bool> && !std::same_as<T, char>)
  Arg(T number) : text_(std::to_string(number)) {}

  const std::string &text() const { return text_; }

private:
  std::string text_;
};

/// The message of `kind` with `{i}` replaced by the i-th argument (a
/// placeholder without an argument is kept as written, so that the mistake
/// shows in the tests).
std::string format(Kind kind, std::initializer_list<Arg> args);
std::string format(Kind kind, std::span<const Arg> args);

/// A diagnostic not reported yet: a kind of the catalogue and the arguments
/// of its message. The phases whose failures their callers put in context
/// (code generation, the JIT, functions/: `code generation failed: ...`,
/// `cannot differentiate ...: <why>`, the reason of a note) give one back
/// in place of an error string; the caller reports it through Diagnostics
/// (`diags.report(message, range)`) or words its text into a message of
/// its own (`message.text()`). A default-made one holds no message.
class Message {
public:
  Message() = default;
  Message(Kind kind, std::initializer_list<Arg> args) : kind_(kind), args_(args) {}

  /// Whether it holds a message.
  explicit operator bool() const { return kind_.has_value(); }
  bool empty() const { return !kind_; }
  Kind kind() const { return *kind_; }
  std::span<const Arg> args() const { return args_; }
  /// The message: the kind's format with the arguments in place ("" if it
  /// holds none).
  std::string text() const { return kind_ ? format(*kind_, args_) : std::string(); }

private:
  std::optional<Kind> kind_;
  std::vector<Arg> args_;
};

} // namespace diag
} // namespace mocc
