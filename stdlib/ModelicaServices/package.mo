within;
package ModelicaServices "mocc's implementation of the tool-specific package that the Modelica Standard Library uses (MLS chapter 18)"
  constant String target = "mocc" "The tool that implements this package";

  package Animation "3-dimensional animation: mocc draws nothing, the models only satisfy the interfaces"
    model Shape "A visual shape (not drawn)"
      extends Modelica.Utilities.Internal.PartialModelicaServices.Animation.PartialShape;
    end Shape;

    model Surface "A visual surface (not drawn)"
      extends Modelica.Utilities.Internal.PartialModelicaServices.Animation.PartialSurface;
    end Surface;

    model Vector "A visual vector (not drawn)"
      extends Modelica.Utilities.Internal.PartialModelicaServices.Animation.PartialVector;
    end Vector;
  end Animation;

  package ExternalReferences "Access to external resources"
    function loadResource "The absolute path name of a URI (modelica://Package/path, file://path) or of a local file name"
      extends Modelica.Utilities.Internal.PartialModelicaServices.ExternalReferences.PartialLoadResource;
    external "builtin" fileReference = loadResource(uri);
    annotation(Documentation(info = "<html><p>mocc resolves the URI while translating:
<code>modelica://Package.Sub/path</code> (or <code>modelica:/Package.Sub/path</code>) names
<code>path</code> below the folder of <code>Package.Sub</code> in the library that defines it,
<code>file://path</code> and other names are file names, relative ones taken from the current
directory.</p></html>"));
    end loadResource;
  end ExternalReferences;

  package Machine "The constants of the machine's floating-point and integer numbers (IEEE 754 double, 32-bit int)"
    final constant Real eps = 2.2204460492503131e-16 "The difference between 1 and the least number greater than 1";
    final constant Real small = 2.2250738585072014e-308 "The least normalized positive number";
    final constant Real inf = 1.7976931348623157e308 "The greatest finite number";
    final constant Integer Integer_inf = 2147483647 "The greatest Integer whose negation is an Integer too";
  end Machine;

  package System "Functions of the system"
    impure function exit "Ends mocc with the given status"
      extends Modelica.Utilities.Internal.PartialModelicaServices.System.exitBase;
    external "C" exit(status) annotation(Include = "#include <stdlib.h>");
    end exit;
  end System;

  package Types "Types with choices that depend on the tool"
    type SolverMethod = String "The integration method of a clocked partition";
  end Types;

  annotation(version = "4.1.0", Documentation(info = "<html><p>The package that each Modelica tool
implements for the Modelica Standard Library (MLS chapter 18). mocc looks it up here before the
folders of MODELICAPATH, whose copy of the MSL's default does not resolve
<code>modelica://</code> URIs.</p></html>"));
end ModelicaServices;
