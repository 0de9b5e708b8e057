// libFuzzer target of the parse phase: any bytes as a .mo file. The parser
// must report syntax errors as diagnostics (never crash, never overflow the
// stack), return a tree if and only if it reported no error, and the AST
// printer's text of that tree must parse again to a tree that prints the
// same (ASTPrinter.h promises this round trip).
#include "compiler/ast/ASTPrinter.h"
#include "compiler/parse/Parser.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace mocc;

namespace {

/// Inputs longer than this are rejected (run with -max_len below it).
constexpr size_t kMaxInput = 64 * 1024;

/// Prints the violated property with the input's printed text and aborts,
/// so that libFuzzer saves the input as a crash.
[[noreturn]] void fail(const char *what, const std::string &detail) {
  std::fprintf(stderr, "parse fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInput)
    return -1;
  SourceManager sources;
  std::ostringstream messages;
  Diagnostics diags(sources, messages);
  FileId file = sources.addBuffer("fuzz.mo", std::string(reinterpret_cast<const char *>(data), size));
  auto stored = parseFile(sources, file, diags);
  if (!stored) {
    if (!diags.hasErrors())
      fail("no tree and no error", "");
    return 0;
  }
  if (diags.hasErrors())
    fail("a tree despite errors", messages.str());
  std::string printed = ast::toString(*stored);
  FileId again = sources.addBuffer("printed.mo", printed);
  auto reparsed = parseFile(sources, again, diags);
  if (!reparsed)
    fail("the printed tree does not parse", messages.str() + printed);
  std::string reprinted = ast::toString(*reparsed);
  if (reprinted != printed)
    fail("the printed tree prints differently when parsed again",
         "first:\n" + printed + "\nsecond:\n" + reprinted);
  return 0;
}
