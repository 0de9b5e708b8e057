// The C compiler inside mocc: C translation units (the sources of a
// library's external functions, the text of Include annotations) compiled
// in process with Clang's libraries to object files for the JIT, with a
// cache on disk. No Clang or LLVM header appears here: Clang's headers are
// slow to compile, and only CCompiler.cpp includes them.
#pragma once

#include "compiler/ccode/ObjectCache.h"
#include "compiler/support/Diagnostics.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mocc::ccode {

/// One C translation unit: a file, or text with a name.
struct Source {
  std::string path;  ///< the file; for text, the name diagnostics use
  std::string text;  ///< the source text, when `isText`
  bool isText = false;
  std::vector<std::string> includeDirectories; ///< -I, in order
  std::vector<std::string> defines;            ///< -D: "NAME" or "NAME=VALUE"
  std::vector<std::string> undefines;          ///< -U
  /// Other flags of the build description that change the meaning of the
  /// code (-std=..., -fno-delete-null-pointer-checks, ...; see
  /// isMeaningfulFlag).
  std::vector<std::string> flags;
};

/// Whether a compiler flag of a build description changes what C code
/// means, and so is kept: -std=, and the -f flags that change semantics
/// (null pointer checks, strict aliasing, wrapping, char signedness).
/// Optimization, warning and code generation flags are mocc's choice.
bool isMeaningfulFlag(const std::string &flag);

/// One message of the C compiler, at a location of the C code (a `#line`
/// directive moves it, as for Include annotations).
struct CDiagnostic {
  SeverityKind severity = SeverityKind::Error;
  std::string file;       ///< empty for a message without location
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
  std::string sourceLine; ///< the text of the line, for the caret
  std::string option;     ///< the warning flag that controls it, if any
};

/// The result of compiling one Source.
struct CompiledObject {
  std::string object; ///< the ELF object file; empty if compiling failed
  /// Exported functions (none if empty) that run the unit's constructors
  /// and destructors (`__attribute__((constructor))`), in priority order.
  std::string constructors;
  std::string destructors;
  std::vector<CDiagnostic> diagnostics;
  bool fromCache = false;
  /// The files it was made from, with the hashes of their texts: the main
  /// file (not for text), then every header it included.
  std::vector<Dependency> files;
};

/// How to compile.
struct CompileOptions {
  std::string cacheDirectory; ///< where objects are kept; empty: no cache
  unsigned threads = 0;       ///< compiling threads; 0: one per core
};

/// Compiles each source to a position-independent object file for the host
/// CPU, in parallel, each optimized by its size (see CCompiler.cpp); the
/// results are in the order of `sources`. With a cache directory, an
/// object compiled before from the same text, headers, flags and compiler
/// is read from it instead, and new objects are written to it (under a
/// temporary name, then renamed, so that runs sharing it never see half a
/// file).
std::vector<CompiledObject> compile(std::span<const Source> sources, const CompileOptions &options);

/// What a unit's object depends on besides the texts of its files (the
/// compiler, the host CPU, the flags, the main file's name): two units with
/// the same identity and the same texts give the same object. Empty if the
/// C compiler cannot run (no resource directory, an unknown host).
std::string unitIdentity(const Source &source);

/// An object file whose ELF constructor calls the functions `constructors`
/// in order and whose destructor calls `destructors` in the reverse order
/// (the exported functions of CompiledObject, for a shared library made of
/// compiled objects); empty with the reason in `error` if it cannot be made.
std::string structorObject(const std::vector<std::string> &constructors,
                           const std::vector<std::string> &destructors, std::string &error);


/// Clang's resource directory (its own headers: stddef.h, stdarg.h, ...),
/// found next to the Clang library the process loaded; empty with the
/// reason in `why` if it is not there.
std::string resourceDirectory(std::string &why);

/// The version of the C compiler, as `clang --version` names it.
std::string compilerVersion();

} // namespace mocc::ccode
