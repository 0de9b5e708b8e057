// RUN: mocc check %s
// A model that contains a component of itself: its instance tree never ends.
model ContainsItself
  ContainsItself a;
end ContainsItself;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_component_contains_itself.mo:4:18: error: components are nested too deeply (does a class contain itself?)
// CHECK:STDERR:   ContainsItself a;
// CHECK:STDERR:                  ^
