within Lib.Sub;
encapsulated partial model A "a model" extends B(x(start = 1, fixed = true) = 2, redeclare model C = D);
  import SI = Modelica.Units.SI;
  import Modelica.Math.*;
  import Modelica.Math.{sin, cos};
  replaceable package M = N constrainedby P "medium" annotation(choicesAllMatching = true);
  parameter Real[2, :] p(each min = 0) = {{1, 2}, {3, 4}} if b "p";
  inner outer flow discrete Real x;
  stream Real h;
  final constant Integer n = 3;
  Boolean b[n] = fill(true, n);
protected
  input Real u annotation(Dialog(group = "g"));
public
  type T = enumeration(a "first", b, c);
  type U = enumeration(:);
  connector Ext = input Real[3](each unit = "m");
  operator record R
    Real re;
    encapsulated operator '+'
      function add input R a; input R b; output R c; algorithm c := R(a.re + b.re); end add;
    end '+';
  end R;
  expandable connector Bus end Bus;
  function f extends Modelica.Icons.Function;
    input Real x; input Integer k = 2; output Real y; output Real z;
  protected Real t;
  algorithm
    t := x; y := 0;
    for i in 1:k loop y := y + t^i; if y > 10 then break; end if; end for;
    while t > 1 loop t := t/2; end while;
    (y, z) := g(x); (, z) := g(t); assert(x >= 0, "negative", AssertionLevel.warning);
    return;
  annotation(derivative(noDerivative = k) = f_der, Inline = true);
  end f;
  pure function g input Real x; output Real y = x; output Real z = -x; external "C" y = cg(x, size(x, 1)) annotation(Library = "m", Include = "#include <m.h>"); end g;
initial equation
  x = 0;
equation
  der(x) = -x + u * (if b[1] then 1 else 2) + sum(i for i in 1:n);
  connect(a.p, b.n) annotation(Line(points = {{0, 0}, {1, 1}}));
  for i in 1:n, j in {1, 2} loop h = i * j; end for;
  if n > 2 then u = 1; elseif n > 1 then u = 2; else u = 3; end if;
  when {sample(0, 0.1), initial()} then reinit(x, pre(x) + 1); elsewhen x > 2 then terminate("done"); end when;
  Connections.branch(a.R, b.R);
  x = .Modelica.Constants.pi .* 2 ./ 3 .^ 2 .+ 1 .- 0 - (-1e-3) + 1.5E+2 + 'quoted name';
algorithm
  x := x[end] + x[1:2:end, :] * [1, 2; 3, 4];
  annotation(experiment(StopTime = 1, Tolerance = 1e-6), Documentation(info = "<html>\t</html>"));
end A;
