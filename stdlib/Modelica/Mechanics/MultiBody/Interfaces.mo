within Modelica.Mechanics.MultiBody;
package Interfaces "Frame connectors and partial models of the MultiBody library (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.InterfacesPackage;

  connector Frame "Coordinate system fixed to a component, with cut force and cut torque"
    SI.Position r_0[3] "Position of the frame origin, resolved in the world frame";
    Frames.Orientation R "Orientation of the frame relative to the world frame";
    flow SI.Force f[3] "Cut force, resolved in this frame";
    flow SI.Torque t[3] "Cut torque, resolved in this frame";
  end Frame;

  connector Frame_a "Frame connector (filled icon)"
    extends Frame;
  end Frame_a;

  connector Frame_b "Frame connector (hollow icon)"
    extends Frame;
  end Frame_b;

  connector Frame_resolve "Frame connector in which vectors are resolved (hollow icon)"
    extends Frame;
  end Frame_resolve;

  connector FlangeWithBearing "Rotational flange together with the frame of its bearing"
    parameter Boolean includeBearingConnector = false "= true if bearingFrame is present";
    Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "Rotational flange";
    Modelica.Mechanics.MultiBody.Interfaces.Frame bearingFrame if includeBearingConnector "Frame in which the shaft is mounted";
  end FlangeWithBearing;

  model FlangeWithBearingAdaptor "Gives access to the parts of a FlangeWithBearing connector"
    parameter Boolean includeBearingConnector = false "= true if the bearing frame is present";
    Modelica.Mechanics.MultiBody.Interfaces.FlangeWithBearing flangeAndFrame(includeBearingConnector = includeBearingConnector) "Combined connector";
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "Rotational flange";
    Frame_a frame if includeBearingConnector "Bearing frame";
  equation
    connect(flange, flangeAndFrame.flange);
    connect(frame, flangeAndFrame.bearingFrame);
  end FlangeWithBearingAdaptor;

  partial model PartialTwoFrames "Component with frame_a and frame_b"
    Interfaces.Frame_a frame_a "First frame of the component";
    Interfaces.Frame_b frame_b "Second frame of the component";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialTwoFrames;

  partial model PartialTwoFramesDoubleSize "Component with frame_a and frame_b (larger icon)"
    Interfaces.Frame_a frame_a "First frame of the component";
    Interfaces.Frame_b frame_b "Second frame of the component";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialTwoFramesDoubleSize;

  partial model PartialOneFrame_a "Component with frame_a"
    Interfaces.Frame_a frame_a "Frame of the component";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialOneFrame_a;

  partial model PartialOneFrame_b "Component with frame_b"
    Interfaces.Frame_b frame_b "Frame of the component";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialOneFrame_b;

  partial model PartialElementaryJoint "Joint between frame_a and frame_b that carries the orientation across"
    Interfaces.Frame_a frame_a "First frame of the joint";
    Interfaces.Frame_b frame_b "Second frame of the joint";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  equation
    Connections.branch(frame_a.R, frame_b.R);
  end PartialElementaryJoint;

  partial model PartialForce "Force element; an extending model gives frame_b.f and frame_b.t"
    extends PartialTwoFrames;
    SI.Position r_rel_b[3] "Position of frame_b relative to frame_a, resolved in frame_b";
  equation
    r_rel_b = Frames.resolve2(frame_b.R, frame_b.r_0 - frame_a.r_0);
    // The element is massless: its cut forces balance, and so do the
    // moments about the origin of frame_a.
    zeros(3) = frame_a.f + Frames.resolveRelative(frame_b.f, frame_b.R, frame_a.R);
    zeros(3) = frame_a.t + Frames.resolveRelative(frame_b.t + cross(r_rel_b, frame_b.f), frame_b.R, frame_a.R);
  end PartialForce;

  partial model LineForceBase "Element acting along the line between the origins of frame_a and frame_b"
    extends PartialTwoFrames;
    parameter SI.Distance s_small = 1e-10 "Lower bound of the distance used in divisions";
    parameter Boolean fixedRotationAtFrame_a = false "= true to fix frame_a.R to the world orientation (to connect line forces directly)" annotation(Evaluate = true);
    parameter Boolean fixedRotationAtFrame_b = false "= true to fix frame_b.R to the world orientation (to connect line forces directly)" annotation(Evaluate = true);
    SI.Distance length "Distance between the origins of frame_a and frame_b";
    SI.Position s "Distance between the origins, bounded below by s_small";
    SI.Position r_rel_0[3] "Position of frame_b relative to frame_a, resolved in the world frame";
    Real e_rel_0[3](each final unit = "1") "Unit vector from frame_a to frame_b, resolved in the world frame";
  equation
    assert(noEvent(length > s_small), "the distance between frame_a and frame_b of a line force element fell below s_small");
    r_rel_0 = frame_b.r_0 - frame_a.r_0;
    length = sqrt(r_rel_0 * r_rel_0);
    s = Frames.Internal.maxWithoutEvent(length, s_small);
    e_rel_0 = r_rel_0 / s;
    // A line force transmits no torque; with a fixed rotation the frame is a
    // root of the orientation graph instead.
    if fixedRotationAtFrame_a then
      Connections.root(frame_a.R);
      frame_a.R = Frames.nullRotation();
    else
      frame_a.t = zeros(3);
    end if;
    if fixedRotationAtFrame_b then
      Connections.root(frame_b.R);
      frame_b.R = Frames.nullRotation();
    else
      frame_b.t = zeros(3);
    end if;
  end LineForceBase;

  partial model PartialLineForce "Massless element with a force f along the line between the frame origins"
    extends LineForceBase;
    SI.Position r_rel_a[3] "Position of frame_b relative to frame_a, resolved in frame_a";
    Real e_a[3](each final unit = "1") "Unit vector from frame_a to frame_b, resolved in frame_a";
    SI.Force f "Force along the line; positive when it pushes frame_b away from frame_a";
  equation
    r_rel_a = Frames.resolve2(frame_a.R, r_rel_0);
    e_a = r_rel_a / s;
    frame_a.f = -f * e_a;
    frame_b.f = -Frames.resolveRelative(frame_a.f, frame_a.R, frame_b.R);
  end PartialLineForce;

  partial model PartialAbsoluteSensor "Sensor of absolute quantities of frame_a, as a signal vector"
    extends Modelica.Icons.RoundSensor;
    parameter Integer n_out = 1 "Number of outputs";
    Interfaces.Frame_a frame_a "Frame that is measured";
    Modelica.Blocks.Interfaces.RealOutput y[n_out] "Measured values";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialAbsoluteSensor;

  partial model PartialRelativeSensor "Sensor of relative quantities between frame_a and frame_b, as a signal vector"
    extends Modelica.Icons.RoundSensor;
    parameter Integer n_out = 1 "Number of outputs";
    Interfaces.Frame_a frame_a "First frame";
    Interfaces.Frame_b frame_b "Second frame";
    Modelica.Blocks.Interfaces.RealOutput y[n_out] "Measured values";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialRelativeSensor;

  partial model PartialVisualizer "Visualizer attached to frame_a"
    Interfaces.Frame_a frame_a "Frame the visualized data is resolved in";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PartialVisualizer;

  model ZeroPosition "Puts frame_resolve at the world origin with the world orientation"
    extends Modelica.Blocks.Icons.Block;
    Interfaces.Frame_resolve frame_resolve "Frame set to the world frame";
  equation
    Connections.root(frame_resolve.R);
    frame_resolve.R = Frames.nullRotation();
    frame_resolve.r_0 = zeros(3);
  end ZeroPosition;

  partial function partialGravityAcceleration "Gravity field: acceleration at a position"
    extends Modelica.Icons.Function;
    input SI.Position r[3] "Position, resolved in the world frame";
    output SI.Acceleration gravity[3] "Gravity acceleration at r, resolved in the world frame";
  end partialGravityAcceleration;

  partial function partialSurfaceCharacteristic "Points (and optionally colors) of a surface"
    extends Modelica.Icons.Function;
    input Integer nu "Number of points along u";
    input Integer nv "Number of points along v";
    input Boolean multiColoredSurface = false "= true if a color is given for every point";
    output SI.Position X[nu, nv] "x coordinates of the points, in the surface frame";
    output SI.Position Y[nu, nv] "y coordinates of the points, in the surface frame";
    output SI.Position Z[nu, nv] "z coordinates of the points, in the surface frame";
    output Real C[if multiColoredSurface then nu else 0, if multiColoredSurface then nv else 0, 3] "Colors of the points";
  end partialSurfaceCharacteristic;

  partial function partialColorMap "Color map"
    extends Modelica.Icons.Function;
    input Integer n_colors = 64 "Number of colors";
    output Real colorMap[n_colors, 3] "RGB colors";
  end partialColorMap;
end Interfaces;
