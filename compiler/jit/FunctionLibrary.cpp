// Compiling function tables into a JIT and calling the native code; see
// FunctionLibrary.h. Run-time errors reach the caller through the hooks of
// runtime/RuntimeErrors.h: a nonzero status from the native function means
// one was reported on this thread.
#include "compiler/jit/FunctionLibrary.h"

#include "runtime/RuntimeErrors.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>


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

bool addFunctions(Jit &jit, std::span<const flat::Function> functions, diag::Message &error) {
  if (functions.empty())
    return true;
  // A function of more than kLargeFunctionStatements statements goes to a
  // module of its own kind, compiled without IR passes (Jit.h); the others
  // at the level their number suggests.
  std::vector<bool> large(functions.size(), false);
  uint64_t statements = 0;
  bool anyLarge = false;
  for (size_t i = 0; i < functions.size(); ++i) {
    uint64_t n = countStatements(functions[i].body);
    large[i] = n > kLargeFunctionStatements;
    anyLarge = anyLarge || large[i];
    statements += large[i] ? 0 : n;
  }
  std::vector<bool> small(large.size());
  for (size_t i = 0; i < large.size(); ++i)
    small[i] = !large[i];
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1 && !anyLarge)
      break;
    auto context = std::make_unique<llvm::LLVMContext>();
    auto module = codegen::generateFunctions(*context, functions, &error,
                                             anyLarge ? (pass == 0 ? &small : &large) : nullptr);
    if (!module)
      return false;
    OptLevel level = pass == 0 ? suggestFunctionOptLevel(statements) : OptLevel::None;
    if (!jit.addModule(std::move(module), std::move(context), level, error))
      return false;
  }
  return true;
}

codegen::NativeFunctionFn lookupFunction(Jit &jit, const flat::Function &function,
                                         diag::Message &error) {
  return reinterpret_cast<codegen::NativeFunctionFn>(
      jit.lookup(codegen::functionSymbol(function), error));
}

std::unique_ptr<FunctionLibrary> FunctionLibrary::compile(std::span<const flat::Function> functions,
                                                          diag::Message &error,
                                                          const ExternalOptions &external,
                                                          ExternalReport *report) {
  std::unique_ptr<FunctionLibrary> library(new FunctionLibrary());
  library->jit_ = Jit::create(error);
  if (!library->jit_)
    return nullptr;
  ExternalReport linked;
  if (!linkExternalFunctions(*library->jit_, functions, external, linked, error))
    return nullptr;
  bool problems = !linked.problems.empty();
  if (problems)
    error = linked.problems.front().message;
  if (report)
    *report = std::move(linked);
  if (problems)
    return nullptr;
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
                                                         diag::Message &error) {
  if (index >= entries_.size()) {
    error = {diag::NoFunctionInTable, {index}};
    return std::nullopt;
  }
  const Entry &entry = entries_[index];
  if (args.size() != entry.numInputs) {
    error = {diag::FunctionInputCount, {entry.name, entry.numInputs, args.size()}};
    return std::nullopt;
  }
  std::vector<double> outputs(entry.numOutputs);
  rt::takeRuntimeFailure(0.0); // a stale error would hide this call's
  rt::limitGeneratedCodeStack();
  if (entry.native(args.data(), outputs.data()) == 0)
    return outputs;
  auto failure = rt::takeRuntimeFailure(0.0);
  error = failure ? diag::Message(diag::RunTimeFailure, {failure->message})
                  : diag::Message(diag::FunctionCallFailed, {entry.name});
  return std::nullopt;
}

std::vector<std::string> FunctionLibrary::takeWarnings() { return rt::takeRuntimeWarnings(); }

} // namespace mocc::jit
