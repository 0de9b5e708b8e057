// Native calls while translating; see NativeCalls.h.
#include "compiler/jit/NativeCalls.h"

#include "compiler/jit/FunctionLibrary.h"
#include "runtime/ModelicaUtilities.h"
#include "runtime/RuntimeErrors.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <cstring>

namespace mocc::jit {

NativeCalls::NativeCalls(ExternalOptions options)
    : options_(std::move(options)), strings_(std::make_unique<rt::StringScope>()) {}

NativeCalls::~NativeCalls() {
  jit_.reset(); // C destructors run while the strings still exist
  strings_.reset();
}

bool NativeCalls::add(const std::vector<flat::Function> &functions, uint32_t index,
                      diag::Message &failure) {
  if (!jit_) {
    jit_ = Jit::create(failure);
    if (!jit_)
      return false;
  }
  added_.resize(functions.size(), false);
  // The function and those it calls (Call nodes of its pool), the
  // destructors of its protected external objects, transitively.
  std::vector<bool> needed(functions.size(), false);
  std::vector<uint32_t> stack{index};
  needed[index] = true;
  bool any = false;
  while (!stack.empty()) {
    const flat::Function &f = functions[stack.back()];
    stack.pop_back();
    auto visit = [&](uint32_t callee) {
      if (callee < functions.size() && !needed[callee]) {
        needed[callee] = true;
        stack.push_back(callee);
      }
    };
    for (uint32_t id = 0; id < f.pool.size(); ++id)
      if (f.pool.op(sym::ExprId{id}) == sym::OpKind::Call)
        visit(f.pool.node(sym::ExprId{id}).payload.index);
    for (const flat::Function::Cleanup &c : f.cleanups)
      visit(c.destructor);
  }
  for (size_t i = 0; i < needed.size(); ++i) {
    needed[i] = needed[i] && !added_[i];
    any = any || needed[i];
  }
  if (!any)
    return true;
  ExternalReport report;
  if (!linkExternalFunctions(*jit_, functions, options_, report, failure, &linked_, &needed))
    return false;
  if (!report.problems.empty()) {
    failure = report.problems.front().message;
    return false;
  }
  auto context = std::make_unique<llvm::LLVMContext>();
  auto module = codegen::generateFunctions(*context, functions, &failure, &needed);
  if (!module || !jit_->addModule(std::move(module), std::move(context), OptLevel::Less, failure))
    return false;
  for (size_t i = 0; i < needed.size(); ++i)
    added_[i] = added_[i] || needed[i];
  return true;
}

std::optional<std::vector<double>> NativeCalls::call(const std::vector<flat::Function> &functions,
                                                     uint32_t index, std::span<const double> args,
                                                     diag::Message &failure) {
  if (index >= functions.size() || args.size() != functions[index].inputSlots.size()) {
    failure = {diag::NoSuchFunction, {}};
    return std::nullopt;
  }
  if (!add(functions, index, failure))
    return std::nullopt;
  codegen::NativeFunctionFn native = lookupFunction(*jit_, functions[index], failure);
  if (!native)
    return std::nullopt;
  std::vector<double> outputs(functions[index].outputSlots.size());
  rt::takeRuntimeFailure(0.0); // a stale error would hide this call's
  if (native(args.data(), outputs.data()) == 0)
    return outputs;
  auto problem = rt::takeRuntimeFailure(0.0);
  failure = problem ? diag::Message(diag::RunTimeFailure, {problem->message})
                    : diag::Message(diag::CallFailed, {});
  return std::nullopt;
}

std::string NativeCalls::text(double bits) {
  const char *text = nullptr;
  std::memcpy(&text, &bits, sizeof text);
  return text ? text : "";
}

} // namespace mocc::jit
