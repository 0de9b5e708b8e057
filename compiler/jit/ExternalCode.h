// The C code of external functions in the JIT: the libraries their Library
// annotations name and the text of their Include annotations, compiled by
// mocc itself (compiler/ccode) or loaded prebuilt, and the check that every
// C function they call resolves.
//
// A Library name is found, in this order:
// 1. as lib<Name>.so or lib<Name>.a in the folders of the search path
//    (--library-path, MOCC_LIBRARY_PATH): prebuilt by the user;
// 2. as the C sources of the library (ccode::findLibrarySources: its build
//    description, else its SourceDirectory), compiled; the units of all
//    such libraries of a call are linked once into a shared object kept in
//    the cache and loaded with dlopen on later runs (ccode/SharedLibrary.h),
//    and those that cannot go there (a symbol found nowhere), or all of
//    them when the loader refuses it or an Include defines what it defines,
//    are added as a static library per library (each object linked only if
//    needed);
// 3. as lib<Name>.so or lib<Name>.a in the function's LibraryDirectory and
//    its `linux64` folder: prebuilt and shipped with the library;
// 4. as a library of the system (lib<Name>.so, else lib<Name>.so.<N>, in
//    LD_LIBRARY_PATH and the system's library folders; also the name in
//    lower case): Library = "lapack" loads liblapack.so.3.
// Functions with an Include annotation call the C function through a thunk
// written in C and compiled with the Include text (codegen::usesCThunk),
// one translation unit per distinct Include text, with the IncludeDirectory
// folders on the include path.
#pragma once

#include "compiler/ccode/CCompiler.h"
#include "compiler/flat/Function.h"
#include "compiler/jit/Jit.h"

#include <set>
#include <span>
#include <string>
#include <vector>

namespace mocc::jit {

/// Where prebuilt libraries are and where compiled C objects are kept.
struct ExternalOptions {
  std::vector<std::string> searchPath; ///< --library-path, MOCC_LIBRARY_PATH
  std::string cacheDirectory;          ///< empty: no cache
};

/// Something wrong with the C code of an external function.
struct ExternalProblem {
  uint32_t function = 0; ///< index in the table
  /// ExternalFunctionNotFound, ExternalFunctionNotLinked,
  /// LibrarySourceDoesNotCompile or IncludeDoesNotCompile.
  diag::Message message;
  /// The C compiler's messages when the C code does not compile.
  std::vector<ccode::CDiagnostic> diagnostics;
};

/// What linking the external functions did.
struct ExternalReport {
  std::vector<ExternalProblem> problems;
  size_t compiledUnits = 0; ///< C translation units compiled
  size_t cachedUnits = 0;   ///< read from the cache instead
  /// Of all units, those loaded as one shared library (see
  /// ccode/SharedLibrary.h), made now or found in the cache.
  size_t sharedUnits = 0;
  double seconds = 0;       ///< the time of finding, compiling and loading
};

/// What linkExternalFunctions added to a JIT already, when it is called
/// again for more functions of the same table (the calls made while
/// translating): libraries are loaded once; each call's Include texts go to
/// a library of their own, where they may define what earlier ones did.
struct ExternalState {
  std::set<std::string> builds; ///< libraries compiled from their sources
};

/// Makes the C code of the external functions of `functions` (those that
/// `only` marks, if given) available in `jit` (see the file comment), runs
/// its constructors, and checks that the C function of each resolves.
/// Problems (C code that does not compile, a C function found nowhere) go
/// to `report`; false with `error` (LLVM's failure) only if the JIT fails.
bool linkExternalFunctions(Jit &jit, std::span<const flat::Function> functions,
                           const ExternalOptions &options, ExternalReport &report,
                           diag::Message &error, ExternalState *state = nullptr,
                           const std::vector<bool> *only = nullptr);

} // namespace mocc::jit
