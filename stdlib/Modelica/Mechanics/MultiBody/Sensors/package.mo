within Modelica.Mechanics.MultiBody;
package Sensors "Sensors of kinematic quantities of frames (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SensorsPackage;

  // Vectors can be resolved in the world frame, a measured frame, or the
  // optional frame_resolve. Each sensor has an always-present protected
  // connector resolveFrame that is connected to frame_resolve when that one is
  // enabled, and otherwise to a ZeroPosition (the world frame); equations can
  // therefore use resolveFrame.R in every case. Outputs that are optional are
  // produced by small conditional blocks of the Internal package.
end Sensors;
