within Modelica;
package Constants "Mathematical constants, machine constants and constants of nature (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
  import Modelica.Units.NonSI;

  // Mathematics
  final constant Real e(final unit = "1") = exp(1.0) "Euler's number";
  final constant Real pi = 2 * asin(1.0) "Ratio of a circle's circumference to its diameter";
  final constant Real D2R(final unit = "rad/deg") = pi / 180 "Factor from degree to radian";
  final constant Real R2D(final unit = "deg/rad") = 180 / pi "Factor from radian to degree";
  final constant Real gamma(final unit = "1") = 0.57721566490153286061 "Euler-Mascheroni constant";

  // IEEE 754 double precision
  final constant Real eps = 2.2204460492503131e-16 "Spacing of doubles just above 1";
  final constant Real small = 2.2250738585072014e-308 "Smallest positive normalized double";
  final constant Real inf = 1.7976931348623157e+308 "Largest finite double";
  final constant Integer Integer_inf = 2147483647 "Largest Integer";

  // Nature (SI 2019 exact values and CODATA 2018)
  final constant SI.Velocity c = 299792458 "Speed of light in vacuum";
  final constant SI.Acceleration g_n = 9.80665 "Standard acceleration of gravity on earth";
  final constant Real G(final unit = "m3/(kg.s2)") = 6.67430e-11 "Newtonian constant of gravitation";
  final constant SI.ElectricCharge q = 1.602176634e-19 "Elementary charge";
  final constant Real h(final unit = "J.s") = 6.62607015e-34 "Planck constant";
  final constant Real k(final unit = "J/K") = 1.380649e-23 "Boltzmann constant";
  final constant Real N_A(final unit = "1/mol") = 6.02214076e23 "Avogadro constant";
  final constant SI.FaradayConstant F = q * N_A "Faraday constant";
  final constant Real R(final unit = "J/(mol.K)") = k * N_A "Molar gas constant";
  final constant Real sigma(final unit = "W/(m2.K4)") = 2 * pi^5 * k^4 / (15 * h^3 * c^2) "Stefan-Boltzmann constant";
  final constant SI.Permeability mu_0 = 1.25663706212e-6 "Magnetic constant";
  final constant Real epsilon_0(final unit = "F/m") = 1 / (mu_0 * c * c) "Electric constant";
  final constant NonSI.Temperature_degC T_zero = -273.15 "Absolute zero in degree Celsius";
end Constants;
