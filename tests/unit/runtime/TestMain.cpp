// doctest's main() for the runtime tests (compiled with
// DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN, see CMakeLists.txt).
#include <doctest/doctest.h>
