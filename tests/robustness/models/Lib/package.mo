// A library package directory for `--lib` and MODELICAPATH.
package Lib
  model M
    Real x(start = 1, fixed = true);
  equation
    der(x) = -2 * x;
  end M;
end Lib;
