// RUN: mocc check %s
model Undeclared
  Real v(start = 1, fixed = true);
equation
  der(v) = -vv;
end Undeclared;
