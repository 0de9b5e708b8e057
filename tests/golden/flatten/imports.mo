// RUN: mocc flatten %s -m Imports.Test
package Imports "import forms, lookup in enclosing packages, encapsulated classes"
  package Lib
    constant Real c = 2;
    function twice
      input Real x;
      output Real y = 2 * x;
    end twice;
    package Inner
      constant Real d = 3;
    end Inner;
  end Lib;
  encapsulated model Test
    import Imports.Lib;
    import L = Imports.Lib.Inner;
    import Imports.Lib.{c, twice};
    import Imports.Lib.Inner.*;
    Real a = Lib.c + L.d;
    Real b = twice(c) + d;
  end Test;
end Imports;

// CHECK:STDOUT: function Imports.Lib.twice "mocc_f0_Imports_Lib_twice"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := 2 * x;
// CHECK:STDOUT: end Imports.Lib.twice;
// CHECK:STDOUT:
// CHECK:STDOUT: class Imports.Test
// CHECK:STDOUT:   Real a;
// CHECK:STDOUT:   Real b;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a = 5;
// CHECK:STDOUT:   b = Imports.Lib.twice(2) + 3;
// CHECK:STDOUT: end Imports.Test;
