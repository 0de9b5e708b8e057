// RUN: mocc flatten %s
// A function's protected constant that sizes its inputs (`v[m]`, the MSL's
// SpacePhasors.Functions.activePower) is a value while the call's arguments
// are bound: it is not declared as a variable of the model, which here has
// an `m` of its own (two variables named `m` broke the flat model's
// contract).
model FunctionConstantSize
  function power
    input Real v[m];
    input Real i[m];
    output Real p;
  protected
    constant Integer m = 3;
  algorithm
    p := v * i / m;
  end power;
  constant Integer m = 3;
  Real v[m] = {1, 2, 3} * time;
  Real p = power(v, {1, 1, 1});
end FunctionConstantSize;

// CHECK:STDOUT: function FunctionConstantSize.power "mocc_f0_FunctionConstantSize_power"
// CHECK:STDOUT:   input Real v[3];
// CHECK:STDOUT:   input Real i[3];
// CHECK:STDOUT:   output Real p;
// CHECK:STDOUT:   protected Integer m;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   m := 3;
// CHECK:STDOUT:   p := (v[1] * i[1] + v[2] * i[2] + v[3] * i[3]) / 3;
// CHECK:STDOUT: end FunctionConstantSize.power;
// CHECK:STDOUT:
// CHECK:STDOUT: class FunctionConstantSize
// CHECK:STDOUT:   constant Integer m = 3;
// CHECK:STDOUT:   Real v[1];
// CHECK:STDOUT:   Real v[2];
// CHECK:STDOUT:   Real v[3];
// CHECK:STDOUT:   Real p;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   v[1] = time;
// CHECK:STDOUT:   v[2] = 2 * time;
// CHECK:STDOUT:   v[3] = 3 * time;
// CHECK:STDOUT:   p = FunctionConstantSize.power(v[1:3], 1, 1, 1);
// CHECK:STDOUT: end FunctionConstantSize;
