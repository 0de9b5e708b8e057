within Modelica;
package Math "Elementary mathematical functions (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;

  // The wrappers call the built-in functions through the global scope (the
  // leading dot), since an unqualified `sin` here would find Math.sin itself.

  function isEqual "Whether two Real numbers differ by at most eps"
    extends Modelica.Icons.Function;
    input Real s1 "First number";
    input Real s2 "Second number";
    input Real eps(min = 0) = 0 "Largest difference still counted as equal";
    output Boolean result "= true if abs(s1 - s2) <= eps";
  algorithm
    result := abs(s1 - s2) <= eps;
    annotation(Inline = true);
  end isEqual;

  function sin "Sine"
    extends Modelica.Icons.Function;
    input Modelica.Units.SI.Angle u "Argument";
    output Real y "sin(u)";
  algorithm
    y := .sin(u);
    annotation(Inline = true);
  end sin;

  function cos "Cosine"
    extends Modelica.Icons.Function;
    input Modelica.Units.SI.Angle u "Argument";
    output Real y "cos(u)";
  algorithm
    y := .cos(u);
    annotation(Inline = true);
  end cos;

  function tan "Tangent (u shall not be -pi/2, pi/2, 3*pi/2, ...)"
    extends Modelica.Icons.Function;
    input Modelica.Units.SI.Angle u "Argument";
    output Real y "tan(u)";
  algorithm
    y := .tan(u);
    annotation(Inline = true);
  end tan;

  function asin "Inverse sine (-1 <= u <= 1)"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Modelica.Units.SI.Angle y "asin(u), in [-pi/2, pi/2]";
  algorithm
    y := .asin(u);
    annotation(Inline = true);
  end asin;

  function acos "Inverse cosine (-1 <= u <= 1)"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Modelica.Units.SI.Angle y "acos(u), in [0, pi]";
  algorithm
    y := .acos(u);
    annotation(Inline = true);
  end acos;

  function atan "Inverse tangent"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Modelica.Units.SI.Angle y "atan(u), in ]-pi/2, pi/2[";
  algorithm
    y := .atan(u);
    annotation(Inline = true);
  end atan;

  function atan2 "Four-quadrant inverse tangent"
    extends Modelica.Icons.Function;
    input Real u1 "Sine-like argument";
    input Real u2 "Cosine-like argument";
    output Modelica.Units.SI.Angle y "The angle of the point (u2, u1), in ]-pi, pi]";
  algorithm
    y := .atan2(u1, u2);
    annotation(Inline = true);
  end atan2;

  function atan3 "Four-quadrant inverse tangent with the branch nearest to y0"
    extends Modelica.Icons.Function;
    input Real u1 "Sine-like argument";
    input Real u2 "Cosine-like argument";
    input Modelica.Units.SI.Angle y0 = 0 "Reference angle: the result satisfies -pi < y - y0 <= pi";
    output Modelica.Units.SI.Angle y "An angle of the point (u2, u1)";
  protected
    constant Real twoPi = 2 * Modelica.Constants.pi;
    Modelica.Units.SI.Angle principal "The angle in ]-pi, pi]";
  algorithm
    principal := .atan2(u1, u2);
    if y0 == 0 then
      y := principal;
    else
      // Add the whole number of turns that moves the angle into ]y0 - pi, y0 + pi].
      y := principal + twoPi * floor((y0 - principal + Modelica.Constants.pi) / twoPi);
    end if;
  end atan3;

  function sinh "Hyperbolic sine"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "sinh(u)";
  algorithm
    y := .sinh(u);
    annotation(Inline = true);
  end sinh;

  function cosh "Hyperbolic cosine"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "cosh(u)";
  algorithm
    y := .cosh(u);
    annotation(Inline = true);
  end cosh;

  function tanh "Hyperbolic tangent"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "tanh(u)";
  algorithm
    y := .tanh(u);
    annotation(Inline = true);
  end tanh;

  function asinh "Inverse hyperbolic sine"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "asinh(u)";
  protected
    Real a = abs(u);
  algorithm
    // Evaluated for |u| and mirrored, which avoids cancellation for large negative u.
    y := .log(a + .sqrt(a * a + 1));
    if u < 0 then
      y := -y;
    end if;
    annotation(derivative = Modelica.Math.Internal.asinh_der);
  end asinh;

  function acosh "Inverse hyperbolic cosine (u >= 1)"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "acosh(u) >= 0";
  algorithm
    assert(u >= 1.0, "acosh requires an argument >= 1, but got " + String(u));
    y := .log(u + .sqrt(u * u - 1));
  end acosh;

  function exp "Exponential function"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "exp(u)";
  algorithm
    y := .exp(u);
    annotation(Inline = true);
  end exp;

  function log "Natural logarithm (u > 0)"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "log(u)";
  algorithm
    y := .log(u);
    annotation(Inline = true);
  end log;

  function log10 "Base 10 logarithm (u > 0)"
    extends Modelica.Icons.Function;
    input Real u "Argument";
    output Real y "log10(u)";
  algorithm
    y := .log10(u);
    annotation(Inline = true);
  end log10;

  function wrapAngle "Reduce an angle to ]-pi, pi] or to [0, 2*pi["
    extends Modelica.Icons.Function;
    input Modelica.Units.SI.Angle u "Any angle";
    input Boolean positiveRange = false "= true for [0, 2*pi[, otherwise ]-pi, pi]";
    output Modelica.Units.SI.Angle y "The same direction within the chosen range";
  algorithm
    y := mod(u, 2 * Modelica.Constants.pi);
    if not positiveRange and y > Modelica.Constants.pi then
      y := y - 2 * Modelica.Constants.pi;
    end if;
  end wrapAngle;

  package Internal "Helpers of Modelica.Math"
    extends Modelica.Icons.InternalPackage;

    function asinh_der "Time derivative of asinh"
      extends Modelica.Icons.Function;
      input Real u "Argument of asinh";
      input Real der_u "Derivative of the argument";
      output Real der_y "Derivative of asinh(u)";
    algorithm
      der_y := der_u / .sqrt(u * u + 1);
      annotation(Inline = true);
    end asinh_der;
  end Internal;
end Math;
