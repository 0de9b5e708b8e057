// RUN: mocc simulate %s -o - --override n=4
// RUN: mocc simulate %s -o - --override useDamper=false
// RUN: mocc simulate %s -o - --override order=1
// RUN: mocc simulate %s -o - --override gain=2
// RUN: mocc simulate %s -o - --override x=1
// RUN: mocc simulate %s -o - --override g=1
// RUN: mocc simulate %s -o - --override k.start=1
// RUN: mocc simulate %s -o - --override k=fast
// RUN: mocc simulate %s -o - --override flag=1
// RUN: mocc simulate %s -o - --override steps=2.5
// RUN: mocc simulate %s -o - --override k
// RUN: mocc simulate %s -o - --override v.nominal=2
// RUN: mocc simulate %s -o - --override free=2
// RUN: mocc simulate %s -o - --override d=2
// RUN: mocc simulate %s -o - --override w.start=2
// RUN: mocc simulate %s -o - --override stopTime=2 --stop-time 3
// RUN: mocc simulate %s -o - --override tolerance=0
// RUN: mocc simulate %s -o - --override solver=dassl
// RUN: mocc simulate %s -o - --override-file missing_overrides.txt
// RUN: mocc simulate %s -o - --override fixedGain=2
// RUN: mocc simulate %s -o - --override d.c=2,e.c=3
model Override
  parameter Integer n = 2;
  parameter Boolean useDamper = true;
  parameter Integer order = 2;
  parameter Real gain = 1;
  parameter Boolean flag = true;
  parameter Integer steps = 3;
  constant Real g = 9.81;
  parameter Real k = 3;
  parameter Real free(fixed = false, start = 1);
  Real x[n](each start = 1, each fixed = true);
  Real v(start = 0, fixed = true);
  Real w(start = 0);
  Real y;
  Damper d(c = 0.1) if useDamper;
  Damper e(final c = 0.2);
  final parameter Real fixedGain = 1;
  model Damper
    parameter Real c;
  end Damper;
initial equation
  free = 2 * k;
equation
  assert(gain > 0, "gain must be positive");
  for i in 1:n loop
    der(x[i]) = -k * x[i];
  end for;
  if order == 2 then
    der(v) = -k * v - free;
  else
    der(v) = 0;
  end if;
  w = v;
  y = if flag then steps * v else 0;
end Override;

// CHECK:EXIT: 2
// CHECK:STDERR: mocc: error: `n` cannot be overridden: the translation used its value (an array size, a condition of an if-equation or a conditional component, a for range, an assert it checked, ...), so it is part of the model's structure; change it in the model instead
// CHECK:STDERR: mocc: error: `useDamper` cannot be overridden: the translation used its value (an array size, a condition of an if-equation or a conditional component, a for range, an assert it checked, ...), so it is part of the model's structure; change it in the model instead
// CHECK:STDERR: mocc: error: `order` cannot be overridden: the translation used its value (an array size, a condition of an if-equation or a conditional component, a for range, an assert it checked, ...), so it is part of the model's structure; change it in the model instead
// CHECK:STDERR: mocc: error: `gain` cannot be overridden: the translation used its value (an array size, a condition of an if-equation or a conditional component, a for range, an assert it checked, ...), so it is part of the model's structure; change it in the model instead
// CHECK:STDERR: mocc: error: `x` is an array: override its elements, `x[1]=...`
// CHECK:STDERR: mocc: error: `g` is a constant: it cannot be overridden
// CHECK:STDERR: mocc: error: `k.start`: the parameter `k` takes the value of its binding, not its start value; override `k` itself
// CHECK:STDERR: mocc: error: the value of `k` must be a number (a Real), not `fast`
// CHECK:STDERR: mocc: error: `flag` cannot be overridden: the translation used its value (an array size, a condition of an if-equation or a conditional component, a for range, an assert it checked, ...), so it is part of the model's structure; change it in the model instead
// CHECK:STDERR: mocc: error: the value of `steps` must be an Integer, not `2.5`
// CHECK:STDERR: mocc: error: --override: `k` is not `name=value`
// CHECK:STDERR: mocc: error: `v.nominal`: only values of parameters and start values (`v.start`) can be overridden
// CHECK:STDERR: mocc: error: `free` is found by initialization (fixed = false): override its start value, `free.start`
// CHECK:STDERR: mocc: error: `d` is a component, not a variable: override its variables (`d.c=...`)
// CHECK:STDERR: mocc: error: the start value of `w` cannot be overridden: alias elimination replaced `w` by `v`, whose start value is used; override `v.start`
// CHECK:STDERR: mocc: error: `stopTime` = 2 contradicts `--stop-time`
// CHECK:STDERR: mocc: error: the value of `tolerance` must be a positive number, not `0`
// CHECK:STDERR: mocc: error: `solver` is a setting of OpenModelica that mocc does not have; mocc's are startTime, stopTime, tolerance, interval (or stepSize) and numberOfIntervals
// CHECK:STDERR: mocc: error: `--override-file`: `missing_overrides.txt` does not exist
// CHECK:STDERR: mocc: error: `fixedGain` is final in the model (declared `final` or given a `final` modification): it cannot be overridden
// CHECK:STDERR: mocc: error: `e.c` is final in the model (declared `final` or given a `final` modification): it cannot be overridden
