// Compiling function tables into a JIT and calling the native code; see
// FunctionLibrary.h. Run-time errors reach the caller through the hooks of
// runtime/RuntimeErrors.h: a nonzero status from the native function means
// one was reported on this thread.
#include "compiler/jit/FunctionLibrary.h"

#include "runtime/RuntimeErrors.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <filesystem>

namespace mocc::jit {

namespace {

/// Statements of a body, those in loops and branches included (once).
uint64_t countStatements(const std::vector<flat::Statement> &body) {
  uint64_t n = body.size();
  for (const flat::Statement &s : body)
    n += countStatements(s.body) + countStatements(s.elseBody);
  return n;
}

} // namespace

bool addFunctions(Jit &jit, std::span<const flat::Function> functions, std::string &error) {
  if (functions.empty())
    return true;
  auto context = std::make_unique<llvm::LLVMContext>();
  auto module = codegen::generateFunctions(*context, functions, &error);
  if (!module)
    return false;
  uint64_t statements = 0;
  for (const flat::Function &f : functions)
    statements += countStatements(f.body);
  return jit.addModule(std::move(module), std::move(context), suggestFunctionOptLevel(statements), error);
}

bool linkExternalFunctions(Jit &jit, std::span<const flat::Function> functions,
                           const std::vector<std::string> &searchPath,
                           std::vector<MissingExternal> &missing, std::string &error) {
  namespace fs = std::filesystem;
  for (uint32_t i = 0; i < functions.size(); ++i) {
    const flat::ExternalCall *call = functions[i].external.get();
    if (!call)
      continue;
    std::vector<std::string> folders;
    for (const std::string &folder : searchPath)
      folders.push_back(folder);
    for (const std::string &folder : call->libraryDirectories) {
      folders.push_back(folder);
      folders.push_back(folder + "/linux64");
    }
    std::vector<std::string> notFound;
    for (const std::string &library : call->libraries) {
      std::string found;
      for (const std::string &folder : folders) {
        for (const char *suffix : {".so", ".a"}) {
          std::string path = folder + "/lib" + library + suffix;
          std::error_code ec;
          if (found.empty() && fs::is_regular_file(path, ec))
            found = path;
        }
      }
      if (found.empty())
        notFound.push_back(library);
      else if (!jit.addLibrary(found, error))
        return false;
    }
    if (jit.hasSymbol(call->function))
      continue;
    std::string message = "the C function `" + call->function + "` of the external function `" +
                          functions[i].name + "` was not found in the process";
    if (!call->libraries.empty()) {
      message += " or in the libraries";
      for (const std::string &library : call->libraries)
        message += " `" + library + "`";
    }
    if (!notFound.empty()) {
      message += " (not found:";
      for (const std::string &library : notFound)
        message += " lib" + library + ".so/.a";
      message += " in";
      for (const std::string &folder : folders)
        message += " " + folder;
      message += ")";
    }
    missing.push_back({i, message});
  }
  return true;
}

codegen::NativeFunctionFn lookupFunction(Jit &jit, const flat::Function &function,
                                         std::string &error) {
  return reinterpret_cast<codegen::NativeFunctionFn>(
      jit.lookup(codegen::functionSymbol(function), error));
}

std::unique_ptr<FunctionLibrary> FunctionLibrary::compile(std::span<const flat::Function> functions,
                                                          std::string &error,
                                                          const std::vector<std::string> &searchPath,
                                                          std::vector<MissingExternal> *missing) {
  std::unique_ptr<FunctionLibrary> library(new FunctionLibrary());
  library->jit_ = Jit::create(error);
  if (!library->jit_)
    return nullptr;
  std::vector<MissingExternal> notFound;
  if (!linkExternalFunctions(*library->jit_, functions, searchPath, notFound, error))
    return nullptr;
  if (!notFound.empty()) {
    error = notFound.front().message;
    if (missing)
      *missing = std::move(notFound);
    return nullptr;
  }
  if (!addFunctions(*library->jit_, functions, error))
    return nullptr;
  for (const flat::Function &f : functions) {
    codegen::NativeFunctionFn native = lookupFunction(*library->jit_, f, error);
    if (!native)
      return nullptr;
    library->entries_.push_back({f.name, f.inputSlots.size(), f.outputSlots.size(), native});
  }
  return library;
}

FunctionLibrary::~FunctionLibrary() = default;

std::optional<std::vector<double>> FunctionLibrary::call(uint32_t index,
                                                         std::span<const double> args,
                                                         std::string &error) {
  if (index >= entries_.size()) {
    error = "no function " + std::to_string(index) + " in the table";
    return std::nullopt;
  }
  const Entry &entry = entries_[index];
  if (args.size() != entry.numInputs) {
    error = "function `" + entry.name + "` takes " + std::to_string(entry.numInputs) +
            " input(s), not " + std::to_string(args.size());
    return std::nullopt;
  }
  std::vector<double> outputs(entry.numOutputs);
  rt::takeRuntimeFailure(0.0); // a stale error would hide this call's
  rt::limitGeneratedCodeStack();
  if (entry.native(args.data(), outputs.data()) == 0)
    return outputs;
  auto failure = rt::takeRuntimeFailure(0.0);
  error = failure ? failure->message : "function `" + entry.name + "` failed";
  return std::nullopt;
}

std::vector<std::string> FunctionLibrary::takeWarnings() { return rt::takeRuntimeWarnings(); }

} // namespace mocc::jit
