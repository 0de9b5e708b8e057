model Circuit
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  partial model TwoPin
    Pin p, n;
    Real v = p.v - n.v;
    Real i = p.i;
  equation
    0 = p.i + n.i;
  end TwoPin;
  model R extends TwoPin; parameter Real r = 1; equation v = r*i; end R;
  model C extends TwoPin; parameter Real c = 1e-3; equation c*der(v) = i; end C;
  model V extends TwoPin; parameter Real f = 50; equation v = sin(2*3.14159*f*time); end V;
  model G Pin p; equation p.v = 0; end G;
  parameter Integer n = 3;
  R r[n](r = {1, 2, 3});
  C c[n];
  V src;
  G g;
equation
  connect(src.p, r[1].p);
  for k in 1:n loop
    connect(r[k].n, c[k].p);
    connect(c[k].n, g.p);
  end for;
  for k in 2:n loop
    connect(r[k - 1].n, r[k].p);
  end for;
  connect(src.n, g.p);
end Circuit;
