within Modelica.Math;
package Vectors "Functions on Real vectors (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;

  function isEqual "Whether two vectors have the same size and elements that differ by at most eps"
    extends Modelica.Icons.Function;
    input Real v1[:] "First vector";
    input Real v2[:] "Second vector (its size may differ)";
    input Real eps(min = 0) = 0 "Largest difference of two elements still counted as equal";
    output Boolean result "= true if the sizes agree and every element pair agrees within eps";
  algorithm
    result := size(v1, 1) == size(v2, 1);
    for i in 1:size(v1, 1) loop
      if result then
        result := abs(v1[i] - v2[i]) <= eps;
      end if;
    end for;
  end isEqual;

  function norm "p-norm of a vector (p = 2: Euclidean length)"
    extends Modelica.Icons.Function;
    input Real v[:] "Vector";
    input Real p(min = 1) = 2 "Order of the norm: 1, 2, Modelica.Constants.inf or any p >= 1";
    output Real result = 0.0 "The p-norm of v (0 for an empty vector)";
  protected
    constant Real tol = 10 * Modelica.Constants.eps;
  algorithm
    if size(v, 1) > 0 then
      if abs(p - 2) <= tol then
        result := .sqrt(v * v);
      elseif p >= Modelica.Constants.inf then
        result := max(abs(v));
      elseif abs(p - 1) <= tol then
        result := sum(abs(v));
      else
        assert(p >= 1, "the order p of a vector norm must be >= 1, but is " + String(p));
        result := sum(abs(v[i])^p for i in 1:size(v, 1))^(1 / p);
      end if;
    end if;
  end norm;

  function length "Euclidean length of a vector"
    extends Modelica.Icons.Function;
    input Real v[:] "Vector";
    output Real result "sqrt(v*v)";
  algorithm
    result := .sqrt(v * v);
    annotation(Inline = true);
  end length;

  function normalize "Unit vector in the direction of v; v/eps when v is shorter than eps"
    extends Modelica.Icons.Function;
    input Real v[:] "Vector";
    input Real eps(min = 0.0) = 100 * Modelica.Constants.eps "Length below which v is divided by eps instead";
    output Real result[size(v, 1)](each final unit = "1") "v scaled to length 1";
  algorithm
    result := smooth(0, if .sqrt(v * v) >= eps then v / .sqrt(v * v) else v / eps);
    annotation(Inline = true);
  end normalize;

  function normalizeWithAssert "Unit vector in the direction of v (v must not be the zero vector)"
    extends Modelica.Icons.Function;
    input Real v[:] "Vector";
    output Real result[size(v, 1)] "v scaled to length 1";
  algorithm
    assert(.sqrt(v * v) > 0.0, "a zero vector cannot be normalized: give a vector of nonzero length");
    result := v / .sqrt(v * v);
    annotation(Inline = true);
  end normalizeWithAssert;

  function reverse "The elements of v in reverse order"
    extends Modelica.Icons.Function;
    input Real v[:] "Vector";
    output Real result[size(v, 1)] "result[i] = v[n + 1 - i]";
  algorithm
    result := {v[size(v, 1) + 1 - i] for i in 1:size(v, 1)};
    annotation(Inline = true);
  end reverse;

  function find "Index of the first element of v equal to e within eps (0 if none)"
    extends Modelica.Icons.Function;
    input Real e "Value searched for";
    input Real v[:] "Vector searched";
    input Real eps(min = 0) = 0 "Largest difference still counted as equal";
    output Integer result "Index of the first match, or 0";
  algorithm
    result := 0;
    for i in size(v, 1):-1:1 loop
      if abs(v[i] - e) <= eps then
        result := i;
      end if;
    end for;
  end find;
end Vectors;
