within;
package Modelica "mocc's subset of the Modelica Standard Library 4.1.0 (its own implementation of part of the MSL's interface; set MODELICAPATH to a copy of the MSL for the rest)"
  // A pre-release of 4.1.0 in the sense of semantic versioning (MLS 18.8.2;
  // semver.org, item 9: "might not satisfy the intended compatibility
  // requirements as denoted by its associated normal version"): a model with
  // uses(Modelica(version = "4.1.0")) may need classes this subset lacks.
  annotation(version = "4.1.0-mocc.subset");
end Modelica;
