within;
package BrokenCLib "a library whose C code does not compile (tests/errors/fail_c_source.mo)"
  function f
    input Real x;
    output Real y;
  external "C" y = broken_f(x) annotation(Library = "BrokenCLib");
  end f;
end BrokenCLib;
