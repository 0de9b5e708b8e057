// Implementation of diagnostic printing: location prefix, message, source
// line and caret.
#include "compiler/support/Diagnostics.h"

namespace mocc {

static const char *severityName(SeverityKind severity) {
  switch (severity) {
  case SeverityKind::Error:
    return "error";
  case SeverityKind::Warning:
    return "warning";
  case SeverityKind::Note:
    return "note";
  }
  return "error";
}

bool Diagnostics::count(SeverityKind &severity) {
  if (severity == SeverityKind::Error && errorsAsWarnings_)
    severity = SeverityKind::Warning;
  if (severity == SeverityKind::Error) {
    ++errors_;
    suppressNotes_ = errorLimit_ != 0 && errors_ > errorLimit_;
    if (errorLimit_ != 0 && errors_ == errorLimit_ + 1) {
      out_ << "mocc: error: too many errors emitted, stopping now\n";
      return false;
    }
  } else if (severity == SeverityKind::Warning) {
    ++warnings_;
    suppressNotes_ = false;
  }
  return !suppressNotes_;
}

void Diagnostics::reportAt(SeverityKind severity, const std::string &file, unsigned line,
                           unsigned column, const std::string &sourceLine,
                           const std::string &message) {
  if (!count(severity))
    return;
  if (file.empty())
    out_ << "mocc: ";
  else
    out_ << file << ':' << line << ':' << column << ": ";
  out_ << severityName(severity) << ": " << message << '\n';
  if (!file.empty() && line > 0) {
    out_ << sourceLine << '\n';
    std::string caret;
    for (size_t i = 0; i + 1 < column && i < sourceLine.size(); ++i)
      caret += sourceLine[i] == '\t' ? '\t' : ' ';
    out_ << caret << "^\n";
  }
  out_.flush();
}

void Diagnostics::report(SeverityKind severity, SourceRange range,
                         const std::string &message) {
  if (!count(severity))
    return;
  if (range.valid()) {
    LineColumn lc = sources_.lineColumn(range.start());
    out_ << sources_.path(range.file) << ':' << lc.line << ':' << lc.column << ": ";
  } else {
    out_ << "mocc: ";
  }
  out_ << severityName(severity) << ": " << message << '\n';
  if (range.valid())
    printCaret(range);
  out_.flush();
}

void Diagnostics::printCaret(SourceRange range) {
  LineColumn begin = sources_.lineColumn(range.start());
  std::string_view line = sources_.lineText(range.file, begin.line);
  out_ << line << '\n';
  // Reproduce tabs so that the caret lines up with the source line.
  std::string caret;
  uint32_t column = 1;
  size_t i = 0;
  for (; i < line.size() && column < begin.column; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80)
      continue;
    caret += c == '\t' ? '\t' : ' ';
    ++column;
  }
  caret += '^';
  // Underline the rest of the range that lies on the same line.
  LineColumn end = sources_.lineColumn({range.file, range.end});
  uint32_t last = end.line == begin.line ? end.column : 0;
  if (end.line != begin.line) {
    uint32_t count = 0;
    for (size_t j = i; j < line.size(); ++j)
      if ((static_cast<unsigned char>(line[j]) & 0xC0) != 0x80)
        ++count;
    last = begin.column + count;
  }
  for (uint32_t c = begin.column + 1; c < last; ++c)
    caret += '~';
  out_ << caret << '\n';
}

} // namespace mocc
