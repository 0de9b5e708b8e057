within Mocc;
package MultiBody "Multibody components of mocc that the Modelica Standard Library does not have"
  extends Modelica.Icons.Package;
  annotation(Documentation(info = "<html>
<p>Components that work with the frames of <code>Modelica.Mechanics.MultiBody</code>
(declare an <code>inner Modelica.Mechanics.MultiBody.World world</code>) and
follow its conventions: <code>frame.f</code> and <code>frame.t</code> are the cut
force and cut torque resolved in that frame, so a force element's
<code>frame_b.f</code> is minus the force it applies to what is connected at
<code>frame_b</code>.</p>
</html>"));
end MultiBody;
