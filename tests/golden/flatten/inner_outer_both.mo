// RUN: mocc flatten %s -m InnerOuterBoth.Top
// A component declared `inner outer` is two (MLS 5.4): the inner one, which
// the outer declarations inside the composite find (c.leaf sees c.root,
// with the composite's modification), and the outer one, which the
// composite's own references name (c.outerS is the top's root.suspend),
// as the MSL's StateGraph composite steps use it; so does a qualified name
// (ModelicaCompliance.Scoping.InnerOuter.SimultaneousDeclarations).
package InnerOuterBoth
  model Root
    Boolean suspend = false;
    Real k = 1;
  end Root;
  model Leaf
    outer Root root;
    Boolean s = root.suspend;
    Real kk = root.k;
  end Leaf;
  model Composite
    input Boolean trig;
    inner outer Root root(suspend = trig, k = 2 * root.k);
    Leaf leaf;
    Boolean outerS = root.suspend;
  end Composite;
  model Top
    inner Root root;
    Composite c(trig = time > 0.5);
    Leaf leaf;
    Boolean qualified = c.root.suspend "a qualified name of it is the outer one too";
  end Top;
end InnerOuterBoth;

// CHECK:STDOUT: class InnerOuterBoth.Top
// CHECK:STDOUT:   Boolean root.suspend;
// CHECK:STDOUT:   Real root.k;
// CHECK:STDOUT:   input Boolean c.trig;
// CHECK:STDOUT:   Boolean c.root.suspend;
// CHECK:STDOUT:   Real c.root.k;
// CHECK:STDOUT:   Boolean c.leaf.s;
// CHECK:STDOUT:   Real c.leaf.kk;
// CHECK:STDOUT:   Boolean c.outerS;
// CHECK:STDOUT:   Boolean leaf.s;
// CHECK:STDOUT:   Real leaf.kk;
// CHECK:STDOUT:   Boolean qualified "a qualified name of it is the outer one too";
// CHECK:STDOUT: equation
// CHECK:STDOUT:   root.suspend = 0;
// CHECK:STDOUT:   root.k = 1;
// CHECK:STDOUT:   c.trig = time > 0.5;
// CHECK:STDOUT:   c.root.suspend = c.trig;
// CHECK:STDOUT:   c.root.k = 2 * root.k;
// CHECK:STDOUT:   c.leaf.s = c.root.suspend;
// CHECK:STDOUT:   c.leaf.kk = c.root.k;
// CHECK:STDOUT:   c.outerS = root.suspend;
// CHECK:STDOUT:   leaf.s = root.suspend;
// CHECK:STDOUT:   leaf.kk = root.k;
// CHECK:STDOUT:   qualified = root.suspend;
// CHECK:STDOUT: end InnerOuterBoth.Top;
