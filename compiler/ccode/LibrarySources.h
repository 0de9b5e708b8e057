// Which C sources make up a library that an external function names
// (annotation Library = "Name", MLS 12.9.4). The MLS leaves open how the
// sources in a SourceDirectory are built; libraries say it in their own
// build description, as the MSL does in Resources/BuildProjects (a gcc
// Makefile and an autotools Makefile.am list the files of each of its
// libraries, with the macros each needs). So the sources of a library are:
//
// 1. those that a build description lists for `libName.a`/`libName.so`
//    (gcc Makefile) or `libName_la_SOURCES` (Makefile.am), with the -D, -U
//    and -I flags it gives them and the libraries it adds to them; the
//    descriptions are looked for in Resources/BuildProjects/{gcc,autotools}
//    of the library's resource folders, then in its source folders;
// 2. else every *.c file of the first SourceDirectory that has any (default
//    modelica://TopPackage/Resources/Source), with the IncludeDirectory and
//    the source folder on the include path.
//
// The Makefile reader understands what such build descriptions use:
// variables (=, :=, +=, ?=, with $(VAR), ${VAR} and $(VAR:.c=.o)),
// explicit and pattern rules (%.o: dir/%.c), the automatic variables $@, $<
// and $^, and make's built-in rule for %.o from %.c; conditionals are read
// as if true, and functions such as $(wildcard ...) expand to nothing.
#pragma once

#include "compiler/ccode/CCompiler.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::ccode {

/// The sources of one library, and where the list came from.
struct LibrarySources {
  std::string origin; ///< the build description, or the source folder
  std::vector<Source> units;
};

/// Where a library's sources may be.
struct SourceSearch {
  std::vector<std::string> resourceDirectories; ///< folders that may hold BuildProjects/
  std::vector<std::string> sourceDirectories;   ///< SourceDirectory annotations (resolved)
  std::vector<std::string> includeDirectories;  ///< IncludeDirectory annotations (resolved)
};

/// The sources of `library` (see the file comment), or nothing if no build
/// description names it and no source folder has C files.
std::optional<LibrarySources> findLibrarySources(const std::string &library,
                                                 const SourceSearch &search);

/// The units that the Makefile at `path` (gcc form) builds into the library
/// `library` (`lib<library>.a` or `.so`), or nothing if it builds no such
/// library. Exposed for the unit tests.
std::optional<std::vector<Source>> readMakefile(const std::string &path, const std::string &library);

/// The same for an automake Makefile.am (`lib<library>_la_SOURCES`).
std::optional<std::vector<Source>> readMakefileAm(const std::string &path,
                                                  const std::string &library);

} // namespace mocc::ccode
