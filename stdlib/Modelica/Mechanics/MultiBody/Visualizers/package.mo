within Modelica.Mechanics.MultiBody;
package Visualizers "Visualizers as inert shells: mocc does not animate, the parameters are accepted and ignored (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;

  model FixedShape "Shape fixed to frame_a (not animated by mocc)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true to animate (ignored)";
    parameter Types.ShapeType shapeType = "box" "Shape";
    input SI.Position r_shape[3] = {0, 0, 0} "Origin of the shape relative to frame_a, resolved in frame_a";
    input Types.Axis lengthDirection = {1, 0, 0} "Length direction, resolved in frame_a";
    input Types.Axis widthDirection = {0, 1, 0} "Width direction, resolved in frame_a";
    input SI.Distance length(start = 1) "Length";
    input SI.Distance width(start = 0.1) "Width";
    input SI.Distance height(start = 0.1) "Height";
    input Modelica.Mechanics.MultiBody.Types.Color color = {0, 128, 255} "Color";
    input Types.ShapeExtra extra = 0.0 "Extra datum of the shape";
    input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light";
  equation
    frame_a.f = zeros(3);
    frame_a.t = zeros(3);
  end FixedShape;

  model FixedFrame "Axes of frame_a (not animated by mocc)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true to animate (ignored)";
    parameter Boolean showLabels = true "= true to show axis labels";
    input SI.Distance length = 0.5 "Length of the axis arrows";
    input SI.Distance diameter = length / world.defaultFrameDiameterFraction "Diameter of the axis arrows";
    input Types.Color color_x = Modelica.Mechanics.MultiBody.Types.Defaults.FrameColor "Color of the x axis";
    input Types.Color color_y = color_x "Color of the y axis";
    input Types.Color color_z = color_x "Color of the z axis";
    input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light";
  equation
    frame_a.f = zeros(3);
    frame_a.t = zeros(3);
  end FixedFrame;

  model FixedArrow "Arrow fixed to frame_a (not animated by mocc)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true to animate (ignored)";
    input SI.Position r_tail[3] = {0, 0, 0} "Tail of the arrow relative to frame_a, resolved in frame_a";
    input Types.Axis n = {1, 0, 0} "Direction of the arrow, resolved in frame_a";
    input SI.Length length = 0.1 "Length of the arrow";
    input Types.Color color = {0, 0, 255} "Color";
    input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light";
    parameter Types.VectorQuantity quantity = Types.VectorQuantity.RelativePosition "Quantity the arrow shows";
    input Boolean headAtOrigin = false "= true if the arrow points to its origin";
  equation
    frame_a.f = zeros(3);
    frame_a.t = zeros(3);
  end FixedArrow;

  model SignalArrow "Arrow given by a signal (not animated by mocc)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true to animate (ignored)";
    input SI.Position r_tail[3] = {0, 0, 0} "Tail of the arrow relative to frame_a, resolved in frame_a";
    input Types.Color color = {0, 0, 255} "Color";
    input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light";
    parameter Types.VectorQuantity quantity = Types.VectorQuantity.RelativePosition "Quantity the arrow shows";
    input Boolean headAtOrigin = false "= true if the arrow points to its origin";
    Modelica.Blocks.Interfaces.RealInput r_head[3] "Head of the arrow relative to its tail, resolved in frame_a";
  equation
    frame_a.f = zeros(3);
    frame_a.t = zeros(3);
  end SignalArrow;

  package Advanced "Visual objects without frame connectors (not animated by mocc)"
    extends Modelica.Icons.Package;

    model Shape "Elementary shape (not animated by mocc)"
      parameter Types.ShapeType shapeType = "box" "Shape";
      input Frames.Orientation R = Frames.nullRotation() "Orientation of the object frame relative to the world frame";
      input SI.Position r[3] = {0, 0, 0} "Origin of the object frame, resolved in the world frame";
      input SI.Position r_shape[3] = {0, 0, 0} "Origin of the shape relative to the object frame";
      input Real lengthDirection[3](each final unit = "1") = {1, 0, 0} "Length direction, resolved in the object frame";
      input Real widthDirection[3](each final unit = "1") = {0, 1, 0} "Width direction, resolved in the object frame";
      input SI.Length length = 0 "Length";
      input SI.Length width = 0 "Width";
      input SI.Length height = 0 "Height";
      input Types.ShapeExtra extra = 0.0 "Extra datum of the shape";
      input Real color[3] = {255, 0, 0} "Color";
      input Types.SpecularCoefficient specularCoefficient = 0.7 "Reflection of ambient light";
    end Shape;

    model Vector "Vector quantity as an arrow (not animated by mocc)"
      input Frames.Orientation R = Frames.nullRotation() "Orientation of the vector frame relative to the world frame";
      input SI.Position r[3] = {0, 0, 0} "Origin of the vector frame, resolved in the world frame";
      input Real coordinates[3] = {0, 0, 0} "Coordinates of the vector, resolved in the vector frame";
      input Types.Color color = Types.Defaults.ArrowColor "Color";
      input Types.SpecularCoefficient specularCoefficient = 0.7 "Reflection of ambient light";
      parameter Types.VectorQuantity quantity = Types.VectorQuantity.Force "Quantity of the coordinates";
      input Boolean headAtOrigin = false "= true if the arrow points to the origin";
      input Boolean twoHeadedArrow = false "= true for an arrow with two heads";
    end Vector;

    model Arrow "Arrow (not animated by mocc)"
      input Frames.Orientation R = Frames.nullRotation() "Orientation of the object frame relative to the world frame";
      input SI.Position r[3] = {0, 0, 0} "Origin of the object frame, resolved in the world frame";
      input SI.Position r_tail[3] = {0, 0, 0} "Tail of the arrow, resolved in the object frame";
      input Real r_head[3] = {0, 0, 0} "Head of the arrow relative to the tail, resolved in the object frame";
      input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.ArrowColor "Color";
      input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light";
      parameter Types.VectorQuantity quantity = Types.VectorQuantity.RelativePosition "Quantity the arrow shows";
      input Boolean headAtOrigin = false "= true if the arrow points to its origin";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end Arrow;

    model DoubleArrow "Arrow with two heads (not animated by mocc)"
      input Frames.Orientation R = Frames.nullRotation() "Orientation of the object frame relative to the world frame";
      input SI.Position r[3] = {0, 0, 0} "Origin of the object frame, resolved in the world frame";
      input SI.Position r_tail[3] = {0, 0, 0} "Tail of the arrow, resolved in the object frame";
      input Real r_head[3] = {0, 0, 0} "Head of the arrow relative to the tail, resolved in the object frame";
      input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.ArrowColor "Color";
      input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light";
      parameter Types.VectorQuantity quantity = Types.VectorQuantity.Torque "Quantity the arrow shows";
      input Boolean headAtOrigin = true "= true if the arrow points to its origin";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end DoubleArrow;
  end Advanced;
end Visualizers;
