// Unit tests of the source manager and the diagnostics format.
#include "compiler/support/Diagnostics.h"

#include <doctest/doctest.h>
#include <sstream>

using namespace mocc;

TEST_CASE("offsets map to lines and code-point columns") {
  SourceManager sources;
  FileId f = sources.addBuffer("a.mo", "model M\n  // \xC3\xA9t\xC3\xA9\n  Real x;\nend M;");
  CHECK(sources.lineColumn({f, 0}).line == 1);
  auto lc = sources.lineColumn({f, 21}); // the `R` of Real
  CHECK(lc.line == 3);
  CHECK(lc.column == 3);
  auto afterAccents = sources.lineColumn({f, 18}); // the newline after "été"
  CHECK(afterAccents.line == 2);
  CHECK(afterAccents.column == 9); // "  // été" is 8 code points in 10 bytes
  CHECK(sources.lineText(f, 4) == "end M;");
  CHECK(sources.lineText(f, 5).empty());
}

TEST_CASE("an error prints location, source line and caret") {
  SourceManager sources;
  FileId f = sources.addBuffer("m.mo", "model M\n  Real x = yy + 1;\nend M;\n");
  std::ostringstream out;
  Diagnostics diags(sources, out);
  diags.error(SourceRange{f, 19, 21}, "use of undeclared identifier `yy`");
  diags.note(SourceRange{f, 6, 7}, "in model `M`");
  CHECK(out.str() == "m.mo:2:12: error: use of undeclared identifier `yy`\n"
                     "  Real x = yy + 1;\n"
                     "           ^~\n"
                     "m.mo:1:7: note: in model `M`\n"
                     "model M\n"
                     "      ^\n");
  CHECK(diags.errorCount() == 1);
}

TEST_CASE("a range over several lines is underlined to the end of its first line") {
  SourceManager sources;
  FileId f = sources.addBuffer("m.mo", "  x = a +\n    b;\n");
  std::ostringstream out;
  Diagnostics diags(sources, out);
  diags.warning(SourceRange{f, 2, 15}, "long");
  CHECK(out.str() == "m.mo:1:3: warning: long\n  x = a +\n  ^~~~~~~\n");
  CHECK(diags.warningCount() == 1);
  CHECK_FALSE(diags.hasErrors());
}

TEST_CASE("errors without a location, and the error limit") {
  SourceManager sources;
  std::ostringstream out;
  Diagnostics diags(sources, out);
  diags.setErrorLimit(2);
  diags.error("first");
  diags.error("second");
  diags.error("third");
  diags.note({}, "a note of the third");
  CHECK(out.str() == "mocc: error: first\nmocc: error: second\n"
                     "mocc: error: too many errors emitted, stopping now\n");
  CHECK(diags.errorCount() == 3);
}

TEST_CASE("a message given back is reported, or its text used, by the caller") {
  SourceManager sources;
  FileId f = sources.addBuffer("m.mo", "model M\n  Real x = f(1);\nend M;\n");
  std::ostringstream out;
  Diagnostics diags(sources, out);
  diag::Message none;
  CHECK_FALSE(none);
  CHECK(none.text().empty());
  diags.report(none); // nothing to report
  CHECK(out.str().empty());
  diag::Message why(diag::CalleeHasNoDerivative, {"f", 3});
  REQUIRE(why);
  CHECK(why.kind() == diag::CalleeHasNoDerivative);
  CHECK(why.text() == "function `f` calls function 3, which has no derivative");
  // Worded into the caller's message, or reported as it is.
  diags.report(diag::CodeGenerationFailed, {}, {why.text()});
  diags.report(why, SourceRange{f, 19, 23});
  CHECK(out.str() == "mocc: error: code generation failed: function `f` calls function 3, which "
                     "has no derivative\n"
                     "m.mo:2:12: error: function `f` calls function 3, which has no derivative\n"
                     "  Real x = f(1);\n"
                     "           ^~~~\n");
  CHECK(diags.errorCount() == 2);
}
