// RUN: mocc flatten %s
model Modifier
  model Part
    parameter Real k = 1;
  end Part;
  Part p(kk = 2);
  Real x(startt = 1);
end Modifier;
