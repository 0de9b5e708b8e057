// RUN: mocc flatten %s
// An assert in a branch of an if-statement of an algorithm holds only where
// the branch runs: `assert(false, ...)` there is checked at run time, never
// an error while translating (MLS 11.2.6).
model AlgorithmAssertGuard
  Integer i = 4;
  Real x;
algorithm
  x := 2.0;
  if i == 3 then
    x := 3.0;
    assert(false, "the first branch was selected");
  end if;
end AlgorithmAssertGuard;

// CHECK:STDOUT: class AlgorithmAssertGuard
// CHECK:STDOUT:   Integer i;
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   i = 4;
// CHECK:STDOUT:   x = if i == 3 then 3 else 2;
// CHECK:STDOUT:   assert(not i == 3, "the first branch was selected");
// CHECK:STDOUT: end AlgorithmAssertGuard;
