// The C code of an external function's Include annotation (MLS 12.9.4),
// compiled with the system's C compiler into a shared library that the JIT
// loads.
#pragma once

#include <string>
#include <vector>

namespace mocc::jit {

/// Compiles `code` (the Include texts of one external function, in order)
/// with the C compiler named by $CC, else `cc`, with the folders
/// `includeDirectories` and a ModelicaUtilities.h of mocc's own on the
/// include path, into a shared library in a fresh temporary folder. Returns
/// the library's path (the caller loads it, then calls removeIncludeLibrary),
/// or an empty string with `problem` set: no C compiler, or its first error
/// lines.
std::string compileIncludeCode(const std::vector<std::string> &code,
                               const std::vector<std::string> &includeDirectories,
                               std::string &problem);

/// Removes the library compileIncludeCode made and its folder (a loaded
/// library stays mapped).
void removeIncludeLibrary(const std::string &path);

} // namespace mocc::jit
