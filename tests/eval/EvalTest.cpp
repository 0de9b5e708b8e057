// Tests of `mocc eval` on the functions of Modelica.Mechanics.MultiBody.Frames
// (all of TransformationMatrices, and Quaternions and Frames as far as
// models use them): values computed independently (a separate
// implementation of the documented formulas, checked against rotation
// identities), and identities that must hold whatever the implementation:
// round trips, orthogonality. Each runs with the bundled library and, when
// MOCC_MSL points at the Modelica Standard Library 4.1.0, with it too.
#include "compiler/driver/Driver.h"

#include <cmath>
#include <cstdlib>
#include <doctest/doctest.h>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace mocc;

namespace {

struct Case {
  const char *expression;
  std::vector<double> expected;
  bool tail = false; ///< compare only the last values (a record's last field)
};

const Case kCases[] = {
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1, Modelica.Constants.pi/2)",
     {1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -1.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(2, Modelica.Constants.pi/2)",
     {0.0, 0.0, -1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/6)",
     {0.8660254037844387, 0.49999999999999994, 0.0, -0.49999999999999994, 0.8660254037844387, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.planarRotation({1,1,1}/sqrt(3), 2*Modelica.Constants.pi/3)",
     {0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.planarRotation({0,0,1}, Modelica.Constants.pi/6)",
     {0.8660254037844387, 0.49999999999999994, 0.0, -0.49999999999999994, 0.8660254037844387, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.planarRotationAngle({0,0,1}, {1,0,0}, {0,-1,0})",
     {1.5707963267948966}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.planarRotationAngle({1,1,1}/sqrt(3), {1,0,0}, Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.planarRotation({1,1,1}/sqrt(3), 2.5)*{1,0,0})",
     {2.5}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3}, {0.1,0.2,0.3})",
     {0.9362933635841992, 0.31299182578546797, -0.1593450793079779, -0.28962947762551555, 0.9447024859948943, 0.1537919979889642, 0.19866933079506122, -0.09784339500725571, 0.975170327201816}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({3,1,3}, {0.5,-1.0,2.0})",
     {-0.6007428149312486, 0.2316409391555996, -0.7651474012342926, -0.6901870844055743, -0.6332605434272319, 0.35017548837401463, -0.4034226801113349, 0.7384602626041288, 0.5403023058681398}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3}, {Modelica.Constants.pi/2,Modelica.Constants.pi/2,0})",
     {0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}), {1,2,3}, 0)",
     {0.09999999999999999, 0.19999999999999998, 0.30000000000000004}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}), {1,2,3}, -3)",
     {-3.041592653589793, 2.9415926535897934, -2.8415926535897933}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({3,1,3},{0.5,-1.0,2.0}), {3,1,3}, 0)",
     {0.5, -1.0, 2.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({3,2,1},{-2.5,0.7,1.2}), {3,2,1}, 0)",
     {0.6415926535897933, 2.4415926535897934, -1.9415926535897934}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.3,Modelica.Constants.pi/2,0.2}), {1,2,3}, 0)",
     {0.0, 1.5707963267948966, 0.5}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.3,Modelica.Constants.pi/2,0.2}), {1,2,3}, 0.3)",
     {0.3, 1.5707963267948966, 0.19999999999999996}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotationsAngles(identity(3), {1,2,3}, 0)",
     {0.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.smallRotation(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.01,0.02,0.03}))",
     {0.010595173764249458, 0.0196887184903865, 0.030193893788071507}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.smallRotation(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.01,0.02,0.03}), true)",
     {0.010595173764249458, 0.0196887184903865, 0.030193893788071507, -0.000649869594184227, -0.0005059419363527828, -0.0002499829171735968}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({1,0,0}, {0,1,0})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({0,2,0}, {-1,0,0})",
     {0.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({1,0,0}, {1,1,0})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({1,1,0}, {0,1,1})",
     {0.7071067811865475, 0.7071067811865475, 0.0, -0.40824829046386296, 0.40824829046386296, 0.8164965809277259, 0.5773502691896257, -0.5773502691896257, 0.5773502691896257}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({1,0,0}, {2,0,0})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({0,0,1}, {0,0,1})",
     {0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxy({0,0,0}, {0,0,0})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxz({1,0,0}, {0,0,1})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxz({0,1,0}, {0,0,1})",
     {0.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxz({1,0,0}, {1,0,1})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxz({0,0,1}, {0,0,1})",
     {0.0, 0.0, 1.0, 0.0, -1.0, 0.0, 1.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_nxz({3,0,0}, {-1,0,0})",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.orientationConstraint([1,1,0; 0,1,0; 0,0,2])",
     {0.0, 1.0, 3.0, 1.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.orientationConstraint(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}))",
     {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.angularVelocity2(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}), {{-1.2484805548339215, 3.180399268233384, -1.088863773624542}, {-2.6914584873649448, -1.1505968759713505, 1.9991027971682016}, {1.9601331556824833, -0.9355026510493962, -0.49319701831542345}})",
     {1.5273337769068787, 1.6210435006256965, 3.1986693307950613}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.angularVelocity1(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}), {{-1.2484805548339215, 3.180399268233384, -1.088863773624542}, {-2.6914584873649448, -1.1505968759713505, 1.9991027971682016}, {1.9601331556824833, -0.9355026510493962, -0.49319701831542345}})",
     {1.5960079923851835, 1.6964781455342843, 3.1251778148991036}, false},
    {"Modelica.Mechanics.MultiBody.Frames.axesRotations({1,2,3}, {0.1,0.2,0.3}, {1,2,3})",
     {1.5273337769068784, 1.6210435006256965, 3.1986693307950613}, true},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.resolve2(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), {1,2,3})",
     {2.0, -0.9999999999999999, 3.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.resolve1(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), {1,2,3})",
     {-2.0, 1.0000000000000002, 3.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.multipleResolve2(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), [1,0; 2,1; 3,0])",
     {2.0, 1.0, -0.9999999999999999, 0.0, 3.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.multipleResolve1(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), [1,0; 2,1; 3,0])",
     {-2.0, -1.0, 1.0000000000000002, 0.0, 3.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.resolveDyade2(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), [1,2,3; 2,4,5; 3,5,6])",
     {4.0, -1.9999999999999998, 5.0, -1.9999999999999998, 0.9999999999999998, -2.9999999999999996, 5.0, -2.9999999999999996, 6.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.resolveDyade1(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), [1,2,3; 2,4,5; 3,5,6])",
     {4.0, -2.0000000000000004, -5.0, -2.0000000000000004, 1.0000000000000004, 3.0000000000000004, -5.0, 3.0000000000000004, 6.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.relativeRotation(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.4), Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}))",
     {0.9842680540947022, -0.07632524738880853, -0.1593450793079779, 0.10111806151669911, 0.9829156418481027, 0.1537919979889642, 0.14488455861041105, -0.16748521612778156, 0.975170327201816}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.absoluteRotation(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.4), Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1,0.5))",
     {0.9210609940028851, 0.3894183423086505, 0.0, -0.34174674649032766, 0.8083070667743452, 0.479425538604203, 0.18669709850368066, -0.4415801631371558, 0.8775825618903728}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.inverseRotation(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.4))",
     {0.9210609940028851, -0.3894183423086505, 0.0, 0.3894183423086505, 0.9210609940028851, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.nullRotation()",
     {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.Orientation.equalityConstraint(identity(3), Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.1))",
     {0.0, 0.0, 0.09983341664682815}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.Orientation.equalityConstraint(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1,0.2), Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.2,0.05,0}))",
     {0.0, 0.04997916927067833, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_vector([1,2,3; 4,5,6; 7,8,9])",
     {1.0, 4.0, 7.0, 2.0, 5.0, 8.0, 3.0, 6.0, 9.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_exy([1,2,3; 4,5,6; 7,8,9])",
     {1.0, 4.0, 2.0, 5.0, 3.0, 6.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_Q(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2))",
     {0.0, 0.0, 0.7071067811865475, 0.7071067811865475}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_Q(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3, Modelica.Constants.pi/2), {0,0,-1,0})",
     {0.0, 0.0, -0.7071067811865475, -0.7071067811865475}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_Q(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1, Modelica.Constants.pi))",
     {1.0, 0.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_Q(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1, Modelica.Constants.pi), {-1,0,0,0})",
     {-1.0, 0.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_Q(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(2, Modelica.Constants.pi))",
     {0.0, 1.0, 0.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.to_Q(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}))",
     {0.06407134770607115, 0.09115754934299071, 0.15343930202422257, 0.981856172866081}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_Q({0.1,0.2,0.3, sqrt(1-0.14)})",
     {0.74, 0.5964171097297423, -0.3109447398198282, -0.5164171097297422, 0.8, 0.3054723699099141, 0.43094473981982817, -0.06547236990991409, 0.8999999999999999}, false},
    {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.from_T_inv(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.4))",
     {0.9210609940028851, -0.3894183423086505, 0.0, 0.3894183423086505, 0.9210609940028851, 0.0, 0.0, 0.0, 1.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({0,0,1}, Modelica.Constants.pi/2)",
     {0.0, 0.0, 0.7071067811865475, 0.7071067811865476}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.relativeRotation(Modelica.Mechanics.MultiBody.Frames.Quaternions.from_T(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.4)), Modelica.Mechanics.MultiBody.Frames.Quaternions.from_T(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3})))",
     {0.08090439580885518, 0.07661145565707621, -0.04468397715907574, 0.9927681027239722}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.absoluteRotation(Modelica.Mechanics.MultiBody.Frames.Quaternions.from_T(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(3,0.4)), Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({1,0,0}, 0.5))",
     {0.2424723516909543, 0.04915157902114467, 0.19249318242027597, 0.9495986813738216}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.resolve2(Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({0,0,1}, Modelica.Constants.pi/2), {1,2,3})",
     {2.0, -0.9999999999999996, 3.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.resolve1(Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({0,0,1}, Modelica.Constants.pi/2), {1,2,3})",
     {-1.9999999999999998, 1.0000000000000004, 3.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.Orientation.equalityConstraint({0,0,0,1}, {0,0,0,-1})",
     {3.141592653589793, 3.141592653589793, 3.141592653589793}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.Orientation.equalityConstraint({0,0,0,1}, Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({0,0,1},0.2))",
     {0.0, 0.0, 0.09999999999999999}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.smallRotation(Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({0,0,1}, 0.02))",
     {0.0, 0.0, 0.01999966666833333}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.angularVelocity2(Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({0,0,1},0.3), {0,0,cos(0.15),-sin(0.15)})",
     {0.0, 0.0, 1.9999999999999998}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.angularVelocity2(Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({1,2,3}/sqrt(14), 0.6), cat(1, cos(0.3)*{1,2,3}/sqrt(14), {-sin(0.3)}))",
     {0.5345224838248488, 1.0690449676496976, 1.6035674514745462}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.to_T(Modelica.Mechanics.MultiBody.Frames.Quaternions.planarRotation({1,2,3}/sqrt(14), 0.6))",
     {0.8378116424161297, 0.47767320104108363, -0.2643860148327657, -0.42776909101527744, 0.8752397249354844, 0.22576321371476948, 0.339242179871475, -0.07605088363735087, 0.9376198624677422}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Quaternions.orientationConstraint({0.1,0.2,0.3,0.4})",
     {-0.7}, false},
    {"Modelica.Mechanics.MultiBody.Frames.planarRotation({0,0,1}, 0.4, 0.5)",
     {0.9210609940028851, 0.3894183423086505, 0.0, -0.3894183423086505, 0.9210609940028851, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.5}, false},
    {"Modelica.Mechanics.MultiBody.Frames.relativeRotation(Modelica.Mechanics.MultiBody.Frames.planarRotation({0,0,1},0.4,0.5), Modelica.Mechanics.MultiBody.Frames.axesRotations({1,2,3},{0.1,0.2,0.3},{1,2,3}))",
     {0.9842680540947022, -0.07632524738880853, -0.1593450793079779, 0.10111806151669911, 0.9829156418481027, 0.1537919979889642, 0.14488455861041105, -0.16748521612778156, 0.975170327201816, 1.6070063165608675, 1.5441475016312143, 2.7110841671941532}, false},
    {"Modelica.Mechanics.MultiBody.Frames.absoluteRotation(Modelica.Mechanics.MultiBody.Frames.planarRotation({0,0,1},0.4,0.5), Modelica.Mechanics.MultiBody.Frames.axesRotations({1,2,3},{0.1,0.2,0.3},{1,2,3}))",
     {0.7404985381876323, 0.6528943717342904, -0.1593450793079779, -0.6346508906252866, 0.7573415797268053, 0.1537919979889642, 0.2210885839895631, -0.012754253196218188, 0.975170327201816, 1.4476612372528894, 1.6979394996201786, 3.6862544943959694}, false},
    {"Modelica.Mechanics.MultiBody.Frames.inverseRotation(Modelica.Mechanics.MultiBody.Frames.axesRotations({1,2,3},{0.1,0.2,0.3},{1,2,3}))",
     {0.9362933635841992, -0.28962947762551555, 0.19866933079506122, 0.31299182578546797, 0.9447024859948943, -0.09784339500725571, -0.1593450793079779, 0.1537919979889642, 0.975170327201816, -1.596007992385184, -1.6964781455342846, -3.1251778148991045}, false},
    {"Modelica.Mechanics.MultiBody.Frames.angularVelocity1(Modelica.Mechanics.MultiBody.Frames.axesRotations({1,2,3},{0.1,0.2,0.3},{1,2,3}))",
     {1.596007992385184, 1.6964781455342846, 3.1251778148991045}, false},
    {"Modelica.Mechanics.MultiBody.Frames.axisRotation(2, 0.3, 4)",
     {0.955336489125606, 0.0, -0.29552020666133955, 0.0, 1.0, 0.0, 0.29552020666133955, 0.0, 0.955336489125606, 0.0, 4.0, 0.0}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Orientation.equalityConstraint(Modelica.Mechanics.MultiBody.Frames.nullRotation(), Modelica.Mechanics.MultiBody.Frames.axisRotation(1, Modelica.Constants.pi, 0))",
     {0.0, -3.141592653589793, 3.141592653589793}, false},
    {"Modelica.Mechanics.MultiBody.Frames.Orientation.equalityConstraint(Modelica.Mechanics.MultiBody.Frames.nullRotation(), Modelica.Mechanics.MultiBody.Frames.planarRotation({0,0,1},0.1,0))",
     {0.0, 0.0, 0.09950371575924852}, false},
    {"Modelica.Mechanics.MultiBody.Frames.from_T2(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3}), {{-1.2484805548339215, 3.180399268233384, -1.088863773624542}, {-2.6914584873649448, -1.1505968759713505, 1.9991027971682016}, {1.9601331556824833, -0.9355026510493962, -0.49319701831542345}})",
     {1.5273337769068787, 1.6210435006256965, 3.1986693307950613}, true},
    {"Modelica.Mechanics.MultiBody.Frames.from_T_inv(transpose(Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axesRotations({1,2,3},{0.1,0.2,0.3})), {0.5,-1,2})",
     {0.16353530260932414, 0.7819332288297237, -2.147518714808418}, true},
    {"Modelica.Math.atan3(1, -1, 6)",
     {8.63937979737193}, false},
    {"Modelica.Math.wrapAngle(7)",
     {0.7168146928204138}, false},
    {"Modelica.Math.wrapAngle(-1, true)",
     {5.283185307179586}, false},
    {"Modelica.Math.asinh(-1000)",
     {-7.600902709541988}, false},};

/// The numbers `mocc eval` prints for an expression; fails the test on an
/// error.
std::vector<double> evaluate(const std::string &expression, const std::string &library) {
  driver::CompileOptions options;
  if (!library.empty())
    options.libraries.push_back(library);
  std::ostringstream out, err;
  int code = driver::runEval(expression, options, out, err);
  INFO(expression);
  INFO(err.str());
  REQUIRE(code == 0);
  std::vector<double> numbers;
  static const std::regex kNumber(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
  std::string text = out.str();
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kNumber); it != std::sregex_iterator(); ++it)
    numbers.push_back(std::stod(it->str()));
  return numbers;
}

void checkClose(const std::vector<double> &actual, const std::vector<double> &expected,
                bool tail, const char *what) {
  INFO(what);
  REQUIRE(actual.size() >= expected.size());
  size_t offset = tail ? actual.size() - expected.size() : 0;
  if (!tail)
    REQUIRE(actual.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(std::fabs(actual[offset + i] - expected[i]) <= 1e-12 * std::max(1.0, std::fabs(expected[i])));
  }
}

std::vector<std::string> libraries() {
  std::vector<std::string> libs{""}; // the bundled stdlib
  if (const char *msl = std::getenv("MOCC_MSL"))
    libs.push_back(msl); // the folder that holds Modelica and ModelicaServices
  else
    MESSAGE("MOCC_MSL is not set: skipping the runs against the Modelica Standard Library");
  return libs;
}

const std::string kTM = "Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.";

} // namespace

TEST_CASE("Frames functions evaluate to independently computed values") {
  for (const std::string &library : libraries()) {
    CAPTURE(library);
    for (const Case &c : kCases) {
      // The MSL's Frames.from_T_inv returns -w where its documentation says
      // -T*w; the bundled library follows the documentation.
      if (!library.empty() && std::string(c.expression).find("Frames.from_T_inv(transpose") != std::string::npos)
        continue;
      // The MSL's asinh loses about 1e-10 to cancellation at -1000.
      if (!library.empty() && std::string(c.expression).find("asinh") != std::string::npos)
        continue;
      checkClose(evaluate(c.expression, library), c.expected, c.tail, c.expression);
    }
  }
}

TEST_CASE("TransformationMatrices round trips and identities") {
  const std::string T = kTM + "axesRotations({3,1,2}, {0.3,-0.7,1.1})";
  for (const std::string &library : libraries()) {
    CAPTURE(library);
    auto t = evaluate(T, library);
    // from_T, to_T: the identity on transformation matrices; to_T_inv and
    // from_T_inv: the transpose.
    checkClose(evaluate(kTM + "from_T(" + T + ")", library), t, false, "from_T");
    checkClose(evaluate(kTM + "to_T(" + T + ")", library), t, false, "to_T");
    std::vector<double> transpose{t[0], t[3], t[6], t[1], t[4], t[7], t[2], t[5], t[8]};
    checkClose(evaluate(kTM + "to_T_inv(" + T + ")", library), transpose, false, "to_T_inv");
    checkClose(evaluate(kTM + "from_T_inv(transpose(" + T + "))", library), t, false, "from_T_inv");
    checkClose(evaluate(kTM + "from_Q(" + kTM + "to_Q(" + T + "))", library), t, false, "from_Q(to_Q(T))");
    // T * transpose(T) = identity
    checkClose(evaluate(T + " * transpose(" + T + ")", library), {1, 0, 0, 0, 1, 0, 0, 0, 1},
               false, "orthogonality");
    // every rotation sequence: angles -> matrix -> angles
    for (const char *sequence : {"{1,2,3}", "{1,3,2}", "{2,1,3}", "{2,3,1}", "{3,1,2}", "{3,2,1}",
                                 "{1,2,1}", "{1,3,1}", "{2,1,2}", "{2,3,2}", "{3,1,3}", "{3,2,3}"}) {
      std::string seq = sequence;
      bool symmetric = seq[1] == seq[5];
      std::string angles = symmetric ? "{0.4, 0.9, -0.6}" : "{0.4, -0.5, 0.6}";
      auto back = evaluate(kTM + "axesRotationsAngles(" + kTM + "axesRotations(" + seq + ", " +
                               angles + "), " + seq + ")",
                           library);
      checkClose(back, symmetric ? std::vector<double>{0.4, 0.9, -0.6} : std::vector<double>{0.4, -0.5, 0.6},
                 false, sequence);
    }
  }
}

TEST_CASE("a failing assert in a function ends eval with exit code 3") {
  driver::CompileOptions options;
  std::ostringstream out, err;
  int code = driver::runEval("Modelica.Math.Vectors.normalizeWithAssert({0, 0, 0})", options, out, err);
  CHECK(code == 3);
  CHECK(err.str().find("assertion failed") != std::string::npos);
  // It names where the assert is and in which function.
  CHECK(err.str().find("Vectors.mo:") != std::string::npos);
  CHECK(err.str().find("in `Modelica.Math.Vectors.normalizeWithAssert`") != std::string::npos);
  CHECK(out.str().empty());
}

TEST_CASE("eval reports wrong calls as model errors") {
  driver::CompileOptions options;
  for (const char *wrong : {"Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1)",
                            "Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(1, 2, 3)",
                            "Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.axisRotation(axis = 1, angel = 2)",
                            "Modelica.Mechanics.MultiBody.Frames.TransformationMatrices.resolve1(\"T\", {1, 2, 3})",
                            "Modelica.Math.Vectors.lenght({1, 2})"}) {
    std::ostringstream out, err;
    CAPTURE(wrong);
    CHECK(driver::runEval(wrong, options, out, err) == 1);
    CHECK(err.str().find("error") != std::string::npos);
  }
}

TEST_CASE("a function named and not called is an error, not a value") {
  // Found by the eval fuzzer: a function reference has no scalars, and
  // printing it read past the end of the values.
  driver::CompileOptions options;
  for (const char *named : {"Modelica.Math.wrapAngle", "Modelica.Math.wrapAngle//(7)"}) {
    std::ostringstream out, err;
    CAPTURE(named);
    CHECK(driver::runEval(named, options, out, err) == 1);
    CHECK(err.str().find("`Modelica.Math.wrapAngle` is a class, not a value") != std::string::npos);
    CHECK(out.str().empty());
  }
}
