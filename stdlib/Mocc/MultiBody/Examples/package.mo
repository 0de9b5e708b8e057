within Mocc.MultiBody;
package Examples "Examples of the distance constraint"
  extends Modelica.Icons.ExamplesPackage;
end Examples;
