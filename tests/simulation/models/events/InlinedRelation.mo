// A relation in the body of a function generates no events (MLS 8.5), also
// where the function is inlined: y follows max(sin(10 t), 0) without an
// event at the zero crossings of the sine.
model InlinedRelation
  function clip "max(u, 0)"
    input Real u;
    output Real y;
  algorithm
    y := if u > 0 then u else 0;
    annotation(Inline = true);
  end clip;
  Real x(start = 0, fixed = true);
  Real y;
equation
  y = clip(sin(10 * time));
  der(x) = y;
end InlinedRelation;
