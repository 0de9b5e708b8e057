within Modelica.Mechanics.MultiBody.Sensors;
package Internal "Helpers of the Sensors package (mocc's own implementation)"
  extends Modelica.Icons.InternalPackage;

  partial model PartialAbsoluteSensor "Sensor of absolute quantities of frame_a"
    extends Modelica.Icons.RoundSensor;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "Frame that is measured";
  end PartialAbsoluteSensor;

  partial model PartialRelativeSensor "Sensor of quantities of frame_b relative to frame_a"
    extends Modelica.Icons.RoundSensor;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "Reference frame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b "Measured frame";
  end PartialRelativeSensor;

  block ResolvedVector "y = u resolved in the frame R (u given in the world frame)"
    input Modelica.Mechanics.MultiBody.Frames.Orientation R "Orientation of the output frame relative to the world frame";
    input Real u[3] "Vector resolved in the world frame";
    Modelica.Blocks.Interfaces.RealOutput y[3] "u resolved in the output frame";
  equation
    y = Modelica.Mechanics.MultiBody.Frames.resolve2(R, u);
  end ResolvedVector;

  block ResolvedDerivative "y = der(u) resolved in the frame R (u given in the world frame)"
    input Modelica.Mechanics.MultiBody.Frames.Orientation R "Orientation of the output frame relative to the world frame";
    input Real u[3] "Vector resolved in the world frame";
    Modelica.Blocks.Interfaces.RealOutput y[3] "der(u) resolved in the output frame";
  equation
    y = Modelica.Mechanics.MultiBody.Frames.resolve2(R, der(u));
  end ResolvedDerivative;

  block ResolvedSecondDerivative "y = der(der(u)) resolved in the frame R (u given in the world frame)"
    input Modelica.Mechanics.MultiBody.Frames.Orientation R "Orientation of the output frame relative to the world frame";
    input Real u[3] "Vector resolved in the world frame";
    Modelica.Blocks.Interfaces.RealOutput y[3] "der(der(u)) resolved in the output frame";
  protected
    Real u_d[3] "der(u)";
  equation
    u_d = der(u);
    y = Modelica.Mechanics.MultiBody.Frames.resolve2(R, der(u_d));
  end ResolvedSecondDerivative;

  block TransformedDerivative "y = der(u) transformed from the frame R_in, in which u is resolved, to the frame R_out"
    input Modelica.Mechanics.MultiBody.Frames.Orientation R_in "Orientation of the frame of u relative to the world frame";
    input Modelica.Mechanics.MultiBody.Frames.Orientation R_out "Orientation of the output frame relative to the world frame";
    input Real u[3] "Vector resolved in the frame R_in";
    parameter Boolean sameFrame = false "= true if R_in and R_out are the same frame (no transformation)" annotation(Evaluate = true);
    Modelica.Blocks.Interfaces.RealOutput y[3] "der(u) resolved in the frame R_out";
  equation
    if sameFrame then
      y = der(u);
    else
      y = Modelica.Mechanics.MultiBody.Frames.resolveRelative(der(u), R_in, R_out);
    end if;
  end TransformedDerivative;

  block TransformedSecondDerivative "y = der(der(u)) transformed from the frame R_in, in which u is resolved, to the frame R_out"
    input Modelica.Mechanics.MultiBody.Frames.Orientation R_in "Orientation of the frame of u relative to the world frame";
    input Modelica.Mechanics.MultiBody.Frames.Orientation R_out "Orientation of the output frame relative to the world frame";
    input Real u[3] "Vector resolved in the frame R_in";
    parameter Boolean sameFrame = false "= true if R_in and R_out are the same frame (no transformation)" annotation(Evaluate = true);
    Modelica.Blocks.Interfaces.RealOutput y[3] "der(der(u)) resolved in the frame R_out";
  protected
    Real u_d[3] "der(u)";
  equation
    u_d = der(u);
    if sameFrame then
      y = der(u_d);
    else
      y = Modelica.Mechanics.MultiBody.Frames.resolveRelative(der(u_d), R_in, R_out);
    end if;
  end TransformedSecondDerivative;

  block VectorSignal "y = u"
    input Real u[3] "Vector";
    Modelica.Blocks.Interfaces.RealOutput y[3] "The same vector";
  equation
    y = u;
  end VectorSignal;

  block AnglesSignal "y = angles of three axis rotations that turn frame 1 into frame 2"
    input Modelica.Mechanics.MultiBody.Frames.Orientation R "Orientation of frame 2 relative to frame 1";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence = {1, 2, 3} "Axes of the rotations";
    parameter SI.Angle guessAngle1 = 0 "Of the two solutions, the one with y[1] nearest to this";
    Modelica.Blocks.Interfaces.RealOutput y[3](each final quantity = "Angle", each final unit = "rad", each displayUnit = "deg") "Angles";
  equation
    y = Modelica.Mechanics.MultiBody.Frames.axesRotationsAngles(R, sequence, guessAngle1);
  end AnglesSignal;
end Internal;
