// The doctest main of the codegen tests (the test sources are several files,
// so only this one implements doctest).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
