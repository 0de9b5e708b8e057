// The JIT: optimizes LLVM modules, compiles them to machine code for the host
// CPU and looks up the addresses of their functions, through ORC's LLJIT.
// Only forward declarations of LLVM types appear here.
#pragma once

#include "compiler/support/DiagnosticKinds.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mocc::jit {

/// How hard to optimize a module. None: no IR passes, then fast code
/// generation (FastISel, fast register allocation). Less: a light IR pipeline
/// (EarlyCSE, InstCombine, SimplifyCFG: it merges the calls that JVPs
/// recompute), then fast code generation. Default: the O2 pipeline and code
/// generation at -O2, an order of magnitude slower (see Jit.cpp).
enum class OptLevel { None, Less, Default };

/// The level worth its compile time for `numSteps` kernel steps in all (a
/// kernel with a JVP counts its steps twice): Default for small models,
/// Less for medium ones, None for huge ones. The thresholds come from
/// measurements (Jit.cpp).
OptLevel suggestOptLevel(uint64_t numSteps);

/// The level worth its compile time for lowered functions of `numStatements`
/// statements in all (loops included once): Default up to a threshold
/// higher than kernels', since their loops gain more from O2 (Jit.cpp).
OptLevel suggestFunctionOptLevel(uint64_t numStatements);

/// Functions of more statements than this are compiled without IR passes,
/// in a module of their own (addFunctions): InstCombine grows faster than
/// their size. The spline functions of Modelica.Media.R134a (2,400 to
/// 16,000 statements each, their derivatives included) took 4 to 6.5 s of
/// JIT at Less (29 s at Default) against 0.5 to 1.0 s without passes;
/// Modelica.Media.Examples.R134a.R134a1 integrates as fast (0.30 and 0.31 s)
/// and gives the same result file.
constexpr uint64_t kLargeFunctionStatements = 1000;

/// Functions are compiled in modules of at least this many statements
/// (startFunctions), on the JIT's threads in parallel: a function table of
/// Modelica.Media (ModelicaTest.Media...ReferenceMoistAir: 3 s of JIT on
/// one thread) takes both cores.
constexpr uint64_t kFunctionChunkStatements = 2000;

/// An in-process JIT. Modules added to it stay until it is destroyed, and
/// with them the functions looked up.
class Jit {
public:
  /// Creates a JIT for the host CPU (with its features), or null with the
  /// reason in `error`. Generated code in it can call the run-time error
  /// hooks of runtime/RuntimeErrors.h.
  static std::unique_ptr<Jit> create(diag::Message &error);

  /// Verifies, optimizes (new pass manager, chosen level) and compiles a
  /// module, then adds it; false with error text on failure. The module and
  /// its context are freed before returning.
  bool addModule(std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::LLVMContext> context,
                 OptLevel level, diag::Message &error);

  /// A module with the context it lives in.
  struct Unit {
    std::unique_ptr<llvm::Module> module;
    std::unique_ptr<llvm::LLVMContext> context;
  };

  /// Starts compiling a module on a worker thread, like addModule, while the
  /// caller goes on (generating the next one); modules started may refer to
  /// each other's functions. Each must have its own context.
  ///
  /// The modules started and not yet taken by a thread are at most
  /// maxPendingModules() when it returns: past that it compiles the oldest
  /// one itself, so that the IR of a huge model is never all in memory.
  void startModule(Unit unit, OptLevel level);

  /// Modules started that no thread has taken yet.
  size_t pendingModules();
  /// The most pendingModules() can be when startModule returns.
  size_t maxPendingModules() const;

  /// Compiles the modules that no worker has taken yet on the calling thread
  /// too, waits for the others, then adds them all in the order they were
  /// started; false with the first error. Each module (and its context) is
  /// freed as soon as it is compiled.
  bool finishModules(diag::Message &error);

  /// Address of a function of an added module, or null with error text.
  void *lookup(const std::string &name, diag::Message &error);

  /// Makes the symbols of a library available to code added later: a
  /// shared library (`.so`, loaded with dlopen) or a static archive (`.a`,
  /// whose members are linked into the JIT as they are needed). Loading the
  /// same path again does nothing. False with error text on failure.
  bool addLibrary(const std::string &path, diag::Message &error);

  /// Makes the symbols of a shared object (made by mocc:
  /// ccode/SharedLibrary.h) available to code added later, before the
  /// process's. It is loaded at once, its constructors run (once per
  /// process while some JIT holds it), and closed after this JIT; false
  /// with the loader's reason (a symbol the process lacks) if it cannot be
  /// loaded, and then nothing of it ran.
  bool addSharedLibrary(const std::string &path, diag::Message &error);

  /// Whether a symbol resolves as generated code would see it: in the
  /// added modules and libraries, or in the process. Looking it up links
  /// the code that defines it. If not, `why` says why, as LLVM words it:
  /// the symbols found nowhere (`Symbols not found: [ name ]`), which are
  /// those the code that defines it needs when linking that code failed.
  bool hasSymbol(const std::string &name, std::string *why = nullptr);

  /// Adds a relocatable object file (as compiled by ccode::compile): all
  /// its symbols are defined at once, and it is linked when one of them is
  /// first needed. False with error text if it cannot be read or defines a
  /// symbol that is already defined. With `ownLibrary`, it goes to a
  /// library of its own, searched after everything added before, where
  /// its symbols may repeat those of earlier objects.
  bool addObject(const std::string &name, const std::string &object, diag::Message &error,
                 bool ownLibrary = false);

  /// Adds object files as a static library: each is linked only when a
  /// symbol it defines is needed and not defined already, as a linker does
  /// with an archive (`name` is for messages).
  bool addArchive(const std::string &name,
                  const std::vector<std::pair<std::string, std::string>> &objects,
                  diag::Message &error);

  /// Runs `void symbol(void)` of the added code now (the constructors of C
  /// code); false with error text if it is not found.
  bool runFunction(const std::string &symbol, diag::Message &error);

  /// Runs `void symbol(void)` when the JIT is destroyed, in the reverse
  /// order of registration (the destructors of C code); false with error
  /// text if it is not found.
  bool runAtDestruction(const std::string &symbol, diag::Message &error);

  /// What the JIT holds, for the cache of compiled models
  /// (driver/ModelCache.h): the object files compiled from modules (from
  /// keepObjects() on), the shared objects added (addSharedLibrary), the
  /// names of the functions looked up by address, the archives and objects
  /// added (addArchive, addObject: as archives, in the order added, each
  /// object a member of its own), and whether that is all of it: false once
  /// anything else was added (a library that mocc did not make) or run (a C
  /// constructor), which a shared object made of them would lack.
  struct Contents {
    std::vector<std::string> objects;
    std::vector<std::string> sharedLibraries;
    std::vector<std::vector<std::pair<std::string, std::string>>> archives;
    std::map<const void *, std::string> lookedUp;
    bool complete = true;
  };
  /// Keeps a copy of each object compiled from now on (Contents::objects).
  void keepObjects();
  const Contents &contents() const;

  ~Jit();

private:
  struct Impl;
  explicit Jit(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

} // namespace mocc::jit
