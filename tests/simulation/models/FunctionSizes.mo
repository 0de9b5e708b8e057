// Functions whose sizes come from their arguments and from variables bound
// to them (MLS 12.4.5): see SimulationTest.cpp, "function sizes ...".
package FunctionSizes
  // The output's binding uses protected variables declared after it: their
  // bindings run first (MLS 12.4.4).
  function padded
    input Real A[:, :];
    input Real b[size(A, 1)];
    output Real x[max(size(A, 1), size(A, 2))] = cat(1, b, zeros(max(nrow, ncol) - nrow));
  protected
    Integer nrow = size(A, 1);
    Integer ncol = size(A, 2);
  end padded;

  // An input sized by another input: the argument gives the size, checked
  // when the function runs.
  function weighted
    input Integer n;
    input Real a[n];
    output Real r;
  algorithm
    r := 0;
    for i in 1:n loop
      r := r + a[i] * i;
    end for;
  end weighted;

  // A protected Integer bound to a size sizes fill(), zeros() and a
  // protected array built by a loop over a run-time range.
  function cumulative
    input Real u[:];
    input Real scale;
    output Real s[size(u, 1)];
    output Real total;
  protected
    Integer n = size(u, 1);
    Real ones[n] = fill(1.0, n);
    Real acc[n] = zeros(n);
    Integer k;
  algorithm
    k := 1;
    while k <= n loop
      acc[k] := (if k > 1 then acc[k - 1] else 0) + scale * u[k] * ones[k];
      k := k + 1;
    end while;
    s := acc;
    total := sum(acc);
  end cumulative;

  record Coefficients
    parameter Integer nc = 5;
    parameter Real a[nc];
  end Coefficients;
  record Three
    extends Coefficients(nc = 3, a = {1, 2, 3});
  end Three;

  // A record field sized by a parameter field that the record's extends
  // modifies.
  function polynomial
    input Real x;
    output Real y;
  protected
    Three c;
  algorithm
    y := 0;
    for i in c.nc:-1:1 loop
      y := y * x + c.a[i];
    end for;
  end polynomial;

  model Test
    Real x[3] = padded({{1, 2, 3}, {4, 5, 6}}, {7, 8});
    parameter Integer n = 3;
    Real w = weighted(n, {1, 2, 3} * time);
    Real s[4];
    Real total;
    Real p = polynomial(time);
  equation
    (s, total) = cumulative({1, 2, 3, 4}, time);
  end Test;

  // The declared size of an input disagrees with its argument when the
  // function runs: a run-time error.
  function callsWeighted
    input Real t;
    output Real r;
  protected
    Integer m = if t > 0.5 then 2 else 3;
  algorithm
    r := weighted(m, {1, 2, 3});
  end callsWeighted;
  model WrongInputSize
    Real r = callsWeighted(time);
  end WrongInputSize;

  // The same inlined where the size is known, compiled where it is not.
  function weightedInline
    input Integer n;
    input Real a[n];
    output Real r;
  algorithm
    r := 0;
    for i in 1:size(a, 1) loop
      r := r + a[i] * i;
    end for;
    annotation(Inline = true);
  end weightedInline;
  model WrongInputSizeInlined
    Integer k = if time > 0.5 then 2 else 3;
    Real w = weightedInline(k, {1, 2, 3} * time);
    Real v = weightedInline(3, {1, 2, 3} * time);
  end WrongInputSizeInlined;

  // An index computed at run time past the end of an array sized from an
  // argument: a run-time error naming the array.
  function element
    input Real u[:];
    input Real t;
    output Real y;
  protected
    Integer i = integer(t * 10) + 1;
  algorithm
    y := u[i];
  end element;
  model OutOfBounds
    Real y = element({1, 2, 3}, time);
  end OutOfBounds;
  // A range subscript with parameter ends beside an index computed at run
  // time (`mem[i, 1:n]`): its length is known while translating.
  model ParameterRange
    parameter Integer n = 2;
    Real mem[3, n];
    Integer i;
  algorithm
    i := integer(time * 2.5) + 1;
    mem := zeros(3, n);
    mem[i, 1:n] := {1, 2} * (i * 10);
  end ParameterRange;
  // An output and a protected array declared with `:` take the sizes of
  // their first assignment as a whole (MLS 12.4.5), as the MSL's
  // ReferenceMoistAir.massFractionSaturation and Xsaturation do.
  function fractions
    input Real p;
    output Real[:] X;
    output Integer m "after X: the outputs keep their order";
  algorithm
    X := {p / (1 + p), 1 / (1 + p)};
    m := 10;
  end fractions;

  function firstOfFractions
    input Real p;
    output Real x;
    output Integer n;
  protected
    Real[:] X;
    Real[:, :] M;
    Integer m;
  algorithm
    (X, m) := fractions(p);
    M := [X, 2 * X];
    x := X[1] + M[2, 2];
    n := size(X, 1) + size(M, 2) + m;
  end firstOfFractions;

  model SizedByAssignment
    Real x;
    Integer n;
  equation
    (x, n) = firstOfFractions(time);
  end SizedByAssignment;
end FunctionSizes;
