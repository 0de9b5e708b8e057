// C translation units to object files with Clang's libraries, in process;
// see CCompiler.h. Each unit goes through:
//
// 1. the key of its cache entry: the compiler's version, the host CPU and
//    its features, the flags, the name and the text of the main file;
// 2. Clang's driver (clang::createInvocation) for the command line
//    `clang -c -x c -O2 -march=native -fPIC -w ...`, which finds the system
//    headers as the clang program would, with Clang's resource directory
//    given explicitly (it is not next to our executable);
// 3. Clang's front end to LLVM IR (EmitLLVMOnlyAction) with the optimizer
//    turned off (-disable-llvm-passes: the IR is made for -O2, without the
//    `optnone` of -O0), collecting the files it read;
// 4. constructors and destructors (llvm.global_ctors/dtors) turned into one
//    exported function each, which the JIT calls (it does not run the
//    .init_array of the objects it links);
// 5. LLVM's -O2 pipeline and code generation for the host; for a unit of
//    more than 50,000 instructions of IR, a light pipeline (SROA, EarlyCSE,
//    InstCombine, SimplifyCFG) and fast code generation instead, as for
//    mocc's own large kernels (jit/Jit.h). Measured in user time on the
//    2-core machine: the MSL's ModelicaMatIO.c (174,000 instructions) took
//    15.8 s at -O2, 8.9 s at -O1 and 1.6 s light; every other C file of the
//    MSL (ModelicaStandardTables.c the largest, 34,000) 2.5 s at -O2 in all.
//    Such large files (matrix file formats) run while a model starts, not
//    while it is integrated.
//
// The ModelicaUtilities.h of the runtime (runtime/include) lives in an
// in-memory file system under /mocc/include, searched after the unit's own
// include folders.
#include "compiler/ccode/CCompiler.h"
#include "compiler/ccode/Files.h"

#include "compiler/ccode/ObjectCache.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Basic/Version.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Driver/Driver.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendOptions.h>
#include <clang/Frontend/Utils.h>

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Target/TargetMachine.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <link.h>
#include <mutex>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace mocc::ccode {

namespace {

/// The runtime's ModelicaUtilities.h (generated from runtime/include).
const char *const modelicaUtilitiesHeader =
#include "ModelicaUtilitiesHeader.inc"
    ;

/// Where the in-memory files live: the runtime's headers, and the text of
/// Include annotations.
const char *const virtualIncludeDirectory = "/mocc/include";
const char *const virtualSourceDirectory = "/mocc/sources";

/// Bumped when what goes into an object changes in ways the key does not
/// see (the optimization policy, the treatment of constructors, the
/// format of the entries: 2 has stamps and hashes objects).
const char *const policyVersion = "mocc-ccode-2 O2, light above 50000 instructions";

/// Units above this many IR instructions get the light pipeline (see the
/// file comment).
constexpr size_t largeUnitInstructions = 50000;

/// What a unit's object depends on besides the texts of its files: the
/// policy, the compiler, the host CPU, the name of the main file and the
/// command line.
std::string identity(const Source &source, const std::vector<std::string> &args);

/// Registers the host target with LLVM, once per process.
void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser(); // inline assembly in C code
  });
}

/// The host as the JIT sees it: the builder of target machines, and the
/// text that names it in cache keys.
struct Host {
  std::optional<llvm::orc::JITTargetMachineBuilder> builder;
  std::string description;
  std::string error;
};

const Host &host() {
  static Host h = [] {
    initializeTargets();
    Host result;
    auto detected = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!detected) {
      result.error = llvm::toString(detected.takeError());
      return result;
    }
    detected->setRelocationModel(llvm::Reloc::PIC_);
    detected->setCodeModel(llvm::CodeModel::Small);
    result.description = detected->getTargetTriple().str() + " " + detected->getCPU() + " " +
                         detected->getFeatures().getString();
    result.builder = std::move(*detected);
    return result;
  }();
  return h;
}

/// The path of the loaded library whose file name contains `part`, or
/// empty.
std::string loadedLibrary(const char *part) {
  struct Search {
    const char *part;
    std::string found;
  } search{part, ""};
  dl_iterate_phdr(
      [](struct dl_phdr_info *info, size_t, void *data) {
        auto *s = static_cast<Search *>(data);
        if (info->dlpi_name && std::strstr(info->dlpi_name, s->part)) {
          s->found = info->dlpi_name;
          return 1;
        }
        return 0;
      },
      &search);
  return search.found;
}

/// Registers the in-memory headers with the cache's checks, once.
void addVirtualFiles() {
  static std::once_flag once;
  std::call_once(once, [] {
    addVirtualFile(std::string(virtualIncludeDirectory) + "/ModelicaUtilities.h",
                   hashText(modelicaUtilitiesHeader));
  });
}

std::string identity(const Source &source, const std::vector<std::string> &args) {
  std::string text = std::string(policyVersion) + "\n" + compilerVersion() + "\n" +
                     host().description + "\n" + source.path + "\n";
  for (const std::string &arg : args)
    text += arg + "\n";
  return text;
}

/// Collects the C compiler's diagnostics as CDiagnostic.
class Collector : public clang::DiagnosticConsumer {
public:
  explicit Collector(std::vector<CDiagnostic> &out) : out_(out) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    CDiagnostic d;
    switch (level) {
    case clang::DiagnosticsEngine::Ignored:
    case clang::DiagnosticsEngine::Remark: return;
    case clang::DiagnosticsEngine::Note: d.severity = SeverityKind::Note; break;
    case clang::DiagnosticsEngine::Warning: d.severity = SeverityKind::Warning; break;
    default: d.severity = SeverityKind::Error; break;
    }
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    d.message = text.str().str();
    d.option = clang::DiagnosticIDs::getWarningOptionForDiag(info.getID()).str();
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::SourceLocation loc = sm.getExpansionLoc(info.getLocation());
      clang::PresumedLoc presumed = sm.getPresumedLoc(loc);
      if (presumed.isValid()) {
        d.file = presumed.getFilename();
        d.line = presumed.getLine();
        d.column = presumed.getColumn();
      }
      bool invalid = false;
      llvm::StringRef buffer = sm.getBufferData(sm.getFileID(loc), &invalid);
      if (!invalid) {
        size_t offset = std::min<size_t>(sm.getFileOffset(loc), buffer.size());
        size_t begin = buffer.rfind('\n', offset == 0 ? 0 : offset - 1);
        begin = begin == llvm::StringRef::npos || offset == 0 ? 0 : begin + 1;
        size_t end = buffer.find('\n', offset);
        d.sourceLine = buffer.slice(begin, end == llvm::StringRef::npos ? buffer.size() : end).str();
        if (!d.sourceLine.empty() && d.sourceLine.back() == '\r')
          d.sourceLine.pop_back();
      }
    }
    out_.push_back(std::move(d));
  }

private:
  std::vector<CDiagnostic> &out_;
};

/// The files a unit read: every header, system headers too, since a cached
/// object must be compiled again when any of them changes.
class Dependencies : public clang::DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef file, bool fromModule, bool isSystem, bool isModuleFile,
                     bool isMissing) override {
    return !isMissing && !isModuleFile && file != "<built-in>" && file != "<command line>";
  }
};

/// The flags that follow `clang` on the command line of a unit (also its
/// part of the cache key).
std::vector<std::string> commandLine(const Source &source, const std::string &resourceDir,
                                     const std::string &mainPath) {
  std::vector<std::string> args = {"-c", "-x", "c", "-O2", "-Xclang", "-disable-llvm-passes",
                                   "-march=native", "-fPIC", "-w", "-resource-dir", resourceDir};
  for (const std::string &flag : source.flags)
    if (isMeaningfulFlag(flag))
      args.push_back(flag);
  for (const std::string &define : source.defines)
    args.push_back("-D" + define);
  for (const std::string &undefine : source.undefines)
    args.push_back("-U" + undefine);
  for (const std::string &dir : source.includeDirectories)
    args.push_back("-I" + dir);
  args.push_back(std::string("-I") + virtualIncludeDirectory);
  args.push_back(mainPath);
  return args;
}

/// Turns llvm.global_ctors (or dtors) into one exported function named
/// `name` that calls them in priority order; empty if there were none.
std::string exportStructors(llvm::Module &module, const char *global, const std::string &name) {
  llvm::GlobalVariable *list = module.getNamedGlobal(global);
  if (!list)
    return "";
  std::vector<std::pair<uint64_t, llvm::Constant *>> calls;
  if (auto *array = llvm::dyn_cast_or_null<llvm::ConstantArray>(
          list->hasInitializer() ? list->getInitializer() : nullptr)) {
    for (llvm::Use &use : array->operands()) {
      auto *entry = llvm::dyn_cast<llvm::ConstantStruct>(use.get());
      if (!entry || entry->getNumOperands() < 2)
        continue;
      auto *priority = llvm::dyn_cast<llvm::ConstantInt>(entry->getOperand(0));
      llvm::Constant *function = entry->getOperand(1);
      if (!priority || function->isNullValue())
        continue;
      calls.push_back({priority->getZExtValue(), function});
    }
  }
  list->eraseFromParent();
  if (calls.empty())
    return "";
  std::stable_sort(calls.begin(), calls.end(),
                   [](const auto &a, const auto &b) { return a.first < b.first; });
  llvm::LLVMContext &context = module.getContext();
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), false);
  auto *function = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
  for (auto &[priority, callee] : calls)
    b.CreateCall(type, callee);
  b.CreateRetVoid();
  return name;
}

/// One thread's target machines, by optimization level (they are not safe
/// to share between threads).
struct Machines {
  std::unique_ptr<llvm::TargetMachine> normal, large;
  llvm::TargetMachine *get(bool isLarge, diag::Message &error) {
    auto &slot = isLarge ? large : normal;
    if (!slot) {
      llvm::orc::JITTargetMachineBuilder builder = *host().builder;
      builder.setCodeGenOptLevel(isLarge ? llvm::CodeGenOptLevel::None
                                         : llvm::CodeGenOptLevel::Default);
      auto created = builder.createTargetMachine();
      if (!created) {
        error = {diag::LlvmFailure, {llvm::toString(created.takeError())}};
        return nullptr;
      }
      slot = std::move(*created);
    }
    return slot.get();
  }
};

/// Optimizes a module (see the file comment) and compiles it to an object.
bool emitObject(llvm::Module &module, Machines &machines, std::string &object,
                diag::Message &error) {
  bool isLarge = module.getInstructionCount() > largeUnitInstructions;
  llvm::TargetMachine *machine = machines.get(isLarge, error);
  if (!machine)
    return false;
  module.setDataLayout(machine->createDataLayout());
  module.setTargetTriple(machine->getTargetTriple().str());
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder passes(machine);
  passes.registerModuleAnalyses(modules);
  passes.registerCGSCCAnalyses(sccs);
  passes.registerFunctionAnalyses(functions);
  passes.registerLoopAnalyses(loops);
  passes.crossRegisterProxies(loops, functions, sccs, modules);
  if (!isLarge) {
    passes.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2).run(module, modules);
  } else {
    llvm::FunctionPassManager light;
    light.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
    light.addPass(llvm::EarlyCSEPass(true));
    light.addPass(llvm::InstCombinePass());
    light.addPass(llvm::SimplifyCFGPass());
    llvm::ModulePassManager pipeline;
    pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(light)));
    pipeline.run(module, modules);
  }
  llvm::orc::SimpleCompiler compile(*machine);
  auto compiled = compile(module);
  if (!compiled) {
    error = {diag::LlvmFailure, {llvm::toString(compiled.takeError())}};
    return false;
  }
  object.assign((*compiled)->getBufferStart(), (*compiled)->getBufferSize());
  return true;
}

/// A message of the compiler that is not about the C code.
CDiagnostic failure(const std::string &message) {
  CDiagnostic d;
  d.message = message;
  return d;
}

/// Compiles one unit (see the file comment).
CompiledObject compileOne(const Source &source, const ObjectCache *cache, Machines &machines) {
  CompiledObject result;
  std::string why;
  std::string resourceDir = resourceDirectory(why);
  if (resourceDir.empty()) {
    result.diagnostics.push_back(failure(why));
    return result;
  }
  if (!host().builder) {
    result.diagnostics.push_back(failure(diag::format(diag::HostCpuUnknown, {host().error})));
    return result;
  }
  // 1. The text and the key.
  std::string text;
  std::string mainPath = source.path;
  if (source.isText) {
    text = source.text;
    mainPath = std::string(virtualSourceDirectory) + "/" + hashText(text) + ".c";
  } else {
    Dependency main{source.path, "", {}};
    auto read = readStamped(source.path, main.stamp);
    if (!read) {
      result.diagnostics.push_back(failure(diag::format(diag::CannotReadCSource, {source.path})));
      return result;
    }
    text = std::move(*read);
    main.hash = hashText(text);
    result.files.push_back(std::move(main));
  }
  std::vector<std::string> args = commandLine(source, resourceDir, mainPath);
  std::string key = hashText(identity(source, args) + text);
  if (cache) {
    bool refreshed = false;
    auto entry = cache->lookup(key, &refreshed);
    if (entry) {
      if (refreshed) // the same texts with new stamps: checked faster next time
        cache->store(key, *entry);
      result.object = std::move(entry->object);
      result.constructors = std::move(entry->constructors);
      result.destructors = std::move(entry->destructors);
      for (Dependency &d : entry->dependencies)
        result.files.push_back(std::move(d));
      result.fromCache = true;
      return result;
    }
  }
  // 2. The driver, with the in-memory files.
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(std::string(virtualIncludeDirectory) + "/ModelicaUtilities.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(modelicaUtilitiesHeader));
  if (source.isText)
    memory->addFile(mainPath, 0, llvm::MemoryBuffer::getMemBufferCopy(text));
  auto files = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  files->pushOverlay(memory);
  auto diagnosticOptions = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  Collector collector(result.diagnostics);
  auto diagnostics = clang::CompilerInstance::createDiagnostics(diagnosticOptions.get(), &collector,
                                                                false);
  std::vector<const char *> argv = {"clang"};
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  clang::CreateInvocationOptions invocationOptions;
  invocationOptions.Diags = diagnostics;
  invocationOptions.VFS = files;
  std::shared_ptr<clang::CompilerInvocation> invocation =
      clang::createInvocation(argv, invocationOptions);
  if (!invocation) {
    if (result.diagnostics.empty())
      result.diagnostics.push_back(failure(diag::format(diag::ClangRejectedCommandLine, {})));
    return result;
  }
  invocation->getFrontendOpts().DisableFree = false; // the driver sets it for a process of its own
  invocation->getDiagnosticOpts().ShowCarets = false; // also: no "1 error generated." on stderr
  // 3. The front end.
  clang::CompilerInstance compiler;
  compiler.setInvocation(std::move(invocation));
  compiler.createDiagnostics(&collector, false);
  compiler.createFileManager(files);
  auto dependencies = std::make_shared<Dependencies>();
  compiler.addDependencyCollector(dependencies);
  llvm::LLVMContext context;
  clang::EmitLLVMOnlyAction action(&context);
  bool ok = compiler.ExecuteAction(action);
  std::unique_ptr<llvm::Module> module = ok ? action.takeModule() : nullptr;
  if (!module || collector.getNumErrors() > 0) {
    if (result.diagnostics.empty())
      result.diagnostics.push_back(failure(diag::format(diag::ClangFailedSilently, {})));
    return result;
  }
  // 4. Constructors and destructors.
  std::string prefix = "mocc_c_" + key.substr(0, 16);
  result.constructors = exportStructors(*module, "llvm.global_ctors", prefix + "_constructors");
  result.destructors = exportStructors(*module, "llvm.global_dtors", prefix + "_destructors");
  // 5. Optimization and code generation.
  diag::Message error;
  if (!emitObject(*module, machines, result.object, error)) {
    result.diagnostics.push_back(failure(diag::format(diag::CodeGenerationFailed, {error.text()})));
    result.object.clear();
    return result;
  }
  std::vector<Dependency> headers;
  for (const std::string &file : dependencies->getDependencies()) {
    if (file == mainPath)
      continue; // its text is part of the key
    std::error_code ec;
    std::string path = file.rfind("/mocc/", 0) == 0 ? file : fs::absolute(file, ec).string();
    headers.push_back(fileState(path));
  }
  if (cache)
    cache->store(key, {result.object, result.constructors, result.destructors, headers});
  for (Dependency &d : headers)
    result.files.push_back(std::move(d));
  return result;
}

} // namespace

bool isMeaningfulFlag(const std::string &flag) {
  static const char *const kept[] = {"-fno-delete-null-pointer-checks", "-fno-strict-aliasing",
                                     "-fwrapv", "-fsigned-char", "-funsigned-char",
                                     "-fno-common", "-fcommon"};
  if (flag.rfind("-std=", 0) == 0)
    return true;
  return std::find(std::begin(kept), std::end(kept), flag) != std::end(kept);
}

std::string compilerVersion() {
  static const std::string version = clang::getClangFullVersion();
  return version;
}

std::string resourceDirectory(std::string &why) {
  static const std::pair<std::string, std::string> found = [] {
    // Where Clang's driver would look for a program installed next to the
    // library (the library as loaded, and the file it links to), then
    // Debian's folders, then where the build found Clang.
    std::vector<std::string> candidates;
    std::string library = loadedLibrary("libclang-cpp");
    if (!library.empty()) {
      candidates.push_back(clang::driver::Driver::GetResourcesPath(library));
      llvm::SmallString<256> real;
      if (!llvm::sys::fs::real_path(library, real))
        candidates.push_back(clang::driver::Driver::GetResourcesPath(real));
    }
    std::string major = std::to_string(CLANG_VERSION_MAJOR);
    candidates.push_back("/usr/lib/llvm-" + major + "/lib/clang/" + major);
    candidates.push_back("/usr/lib/clang/" + major);
    candidates.push_back(MOCC_CLANG_RESOURCE_DIR);
    for (const std::string &dir : candidates) {
      std::error_code ec;
      if (fs::is_regular_file(dir + "/include/stddef.h", ec))
        return std::pair<std::string, std::string>{dir, ""};
    }
    std::string reason = "Clang's resource directory (its headers such as stddef.h) was not found in";
    for (const std::string &dir : candidates)
      reason += " " + dir;
    reason += "; install libclang-common-" + major + "-dev";
    return std::pair<std::string, std::string>{"", reason};
  }();
  why = found.second;
  return found.first;
}

std::string unitIdentity(const Source &source) {
  std::string why;
  std::string resourceDir = resourceDirectory(why);
  if (resourceDir.empty() || !host().builder)
    return "";
  std::string mainPath = source.isText
                             ? std::string(virtualSourceDirectory) + "/" + hashText(source.text) + ".c"
                             : source.path;
  return identity(source, commandLine(source, resourceDir, mainPath));
}

std::string structorObject(const std::vector<std::string> &constructors,
                           const std::vector<std::string> &destructors, std::string &error) {
  if (!host().builder) {
    error = host().error;
    return "";
  }
  llvm::LLVMContext context;
  llvm::Module module("mocc_structors", context);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), false);
  // One function that calls them all, in order (destructors in reverse).
  auto caller = [&](const char *name, const std::vector<std::string> &callees, bool reversed) {
    auto *function = llvm::Function::Create(type, llvm::Function::InternalLinkage, name, module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", function));
    for (size_t i = 0; i < callees.size(); ++i) {
      const std::string &callee = callees[reversed ? callees.size() - 1 - i : i];
      b.CreateCall(module.getOrInsertFunction(callee, type));
    }
    b.CreateRetVoid();
    return function;
  };
  if (!constructors.empty())
    llvm::appendToGlobalCtors(module, caller("mocc_run_constructors", constructors, false), 65535);
  if (!destructors.empty())
    llvm::appendToGlobalDtors(module, caller("mocc_run_destructors", destructors, true), 65535);
  Machines machines;
  diag::Message failed;
  std::string object;
  if (!emitObject(module, machines, object, failed)) {
    error = failed.text();
    return "";
  }
  return object;
}

std::vector<CompiledObject> compile(std::span<const Source> sources, const CompileOptions &options) {
  addVirtualFiles();
  std::vector<CompiledObject> results(sources.size());
  std::optional<ObjectCache> cache;
  if (!options.cacheDirectory.empty())
    cache.emplace(options.cacheDirectory + "/c");
  unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
  threads = std::clamp<unsigned>(threads, 1, std::max<size_t>(sources.size(), 1));
  // Larger units first, so that the last one to finish is a small one.
  std::vector<size_t> order(sources.size());
  std::vector<uintmax_t> sizes(sources.size());
  for (size_t i = 0; i < sources.size(); ++i) {
    order[i] = i;
    std::error_code ec;
    sizes[i] = sources[i].isText ? sources[i].text.size() : fs::file_size(sources[i].path, ec);
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sizes[a] > sizes[b]; });
  std::atomic<size_t> next{0};
  auto work = [&] {
    Machines machines;
    for (size_t k; (k = next.fetch_add(1)) < order.size();)
      results[order[k]] = compileOne(sources[order[k]], cache ? &*cache : nullptr, machines);
  };
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back(work);
  work();
  for (std::thread &worker : workers)
    worker.join();
  return results;
}

} // namespace mocc::ccode
