// The table of the diagnostics catalogue and the formatting of messages.
#include "compiler/support/DiagnosticKinds.h"

namespace mocc::diag {

namespace {
constexpr SeverityKind Error = SeverityKind::Error;
constexpr SeverityKind Warning = SeverityKind::Warning;
constexpr SeverityKind Note = SeverityKind::Note;

constexpr KindInfo kKinds[] = {
#define DIAG(NAME, SEVERITY, FORMAT) {#NAME, SEVERITY, FORMAT},
#include "compiler/support/DiagnosticKinds.def"
};
static_assert(sizeof(kKinds) / sizeof(kKinds[0]) == kKindCount);
} // namespace

const KindInfo &info(Kind kind) { return kKinds[static_cast<size_t>(kind)]; }

std::string format(Kind kind, std::initializer_list<Arg> args) {
  return format(kind, std::span<const Arg>(args.begin(), args.size()));
}

std::string format(Kind kind, std::span<const Arg> args) {
  std::string_view text = info(kind).format;
  std::string out;
  out.reserve(text.size() + 16 * args.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9' &&
        text[i + 2] == '}') {
      size_t index = static_cast<size_t>(text[i + 1] - '0');
      if (index < args.size()) {
        out += args[index].text();
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

} // namespace mocc::diag
