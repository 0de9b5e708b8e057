within;
package CallStatements "call statements run for their effects: the assert of `check` fires"
  function check "compiled and called"
    input Real x;
  protected
    Real twice = 2 * x;
  algorithm
    assert(twice < 1, "x is too large: " + String(x));
  end check;

  function fail "only asserts: expanded where it is called"
    input String message;
  algorithm
    assert(false, message);
  end fail;

  function checked "calls check for its assert, then returns x"
    input Real x;
    output Real y;
  algorithm
    check(x);
    y := x;
  end checked;

  function inlined "an inlined function cannot hold the assert: it is compiled"
    input Real x;
    output Real y;
  algorithm
    assert(x < 0.5, "x is too large for inlined: " + String(x));
    y := 2 * x;
    annotation(Inline = true);
  end inlined;

  model InAlgorithm "checked at the output points"
    Real x = time;
  algorithm
    check(x);
  end InAlgorithm;

  model InEquation "a call equation, checked at the output points"
    Real x = time;
  equation
    check(x);
  end InEquation;

  model InWhenEquation "runs when the clause fires, at t = 0.3"
    Real x = time;
  equation
    when x > 0.3 then
      check(2 * x);
    end when;
  end InWhenEquation;

  model InWhenStatement "runs when the statement fires, at t = 0.3"
    Real x = time;
    discrete Real y;
  algorithm
    when x > 0.3 then
      y := 2 * x;
      check(y);
    end when;
  end InWhenStatement;

  model InFunction "runs where the function is called"
    Real y = checked(time);
  end InFunction;

  model InInlinedFunction
    Real y = inlined(time);
  end InInlinedFunction;

  model InitialAlgorithm "runs once, at initialization"
    parameter Real p = 0.7;
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
  initial algorithm
    check(p);
  end InitialAlgorithm;

  model MessageBuiltAtRunTime "fail's String input built from a value at run time"
    Real x = time;
  algorithm
    when x > 0.25 then
      fail("x = " + String(x) + " passed 0.25");
    end when;
  end MessageBuiltAtRunTime;

  function failAbove "calls fail with a message built at run time"
    input Real x;
    output Real y;
  algorithm
    if x > 0.5 then
      fail("x = " + String(x) + " passed 0.5");
    end if;
    y := x;
  end failAbove;

  model MessageInFunction
    Real y = failAbove(time);
  end MessageInFunction;

  model Guarded "the call inside an if-statement runs only where its condition holds"
    Real x = time;
  algorithm
    if x < 0.4 then
      check(x);
    end if;
  end Guarded;
end CallStatements;
