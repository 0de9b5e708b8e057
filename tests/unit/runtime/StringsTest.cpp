// The run-time Strings of external functions and generated code
// (runtime/ModelicaUtilities.h): the arena that owns them, released at the
// runtime's points unless a StringScope is open, and the operations that
// generated code calls, formatted as Modelica's String() formats.
#include "runtime/ModelicaUtilities.h"

#include <cstring>
#include <doctest/doctest.h>
#include <string>

using namespace mocc;

TEST_CASE("run-time Strings live until released, and a scope keeps them") {
  rt::releaseStrings();
  REQUIRE(rt::heldStrings() == 0);
  char *a = ModelicaAllocateString(3);
  std::strcpy(a, "abc");
  CHECK(ModelicaDuplicateString("xyz") != nullptr);
  CHECK(rt::heldStrings() == 2);
  rt::releaseStrings();
  CHECK(rt::heldStrings() == 0);
  {
    rt::StringScope outer;
    const char *s = mocc_string_concat("ab", "cd");
    {
      rt::StringScope inner; // nested: leaving it frees nothing
      CHECK(mocc_string_concat(s, "!") != nullptr);
    }
    rt::releaseStrings(); // a scope is open: nothing is freed
    CHECK(rt::heldStrings() == 2);
    CHECK(std::string(s) == "abcd");
  }
  CHECK(rt::heldStrings() == 0); // the outermost scope frees them
}

TEST_CASE("the operations on run-time Strings") {
  rt::StringScope scope;
  CHECK(std::string(mocc_string_real(1.0 / 3.0, 6, 0, 1)) == "0.333333");
  CHECK(std::string(mocc_string_real(2.5, 3, 6, 1)) == "2.5   ");
  CHECK(std::string(mocc_string_real(2.5, 3, 6, 0)) == "   2.5");
  CHECK(std::string(mocc_string_integer(-42, 0, 1)) == "-42");
  CHECK(std::string(mocc_string_boolean(1, 0, 1)) == "true");
  CHECK(std::string(mocc_string_format(3.14159, ".2f")) == "3.14");
  CHECK(mocc_string_compare("a", "b") == -1);
  CHECK(mocc_string_compare("b", "b") == 0);
  CHECK(mocc_string_compare("c", "b") == 1);
  const char *literal = "text";
  CHECK(mocc_string_literal(literal) == literal);
}
