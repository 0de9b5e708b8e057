within Modelica;
package Icons "Empty base classes that mark the kind of a class (mocc's own implementation of the MSL interface)"
  partial class Information "Marks an information class"
  end Information;

  partial class Contact "Marks a contact information class"
  end Contact;

  partial class ReleaseNotes "Marks release notes"
  end ReleaseNotes;

  partial class References "Marks a list of references"
  end References;

  partial package ExamplesPackage "Marks a package of examples"
  end ExamplesPackage;

  partial model Example "Marks a runnable example"
  end Example;

  partial package Package "Marks an ordinary package"
  end Package;

  partial package BasesPackage "Marks a package of base classes"
  end BasesPackage;

  partial package VariantsPackage "Marks a package of variants"
  end VariantsPackage;

  partial package InterfacesPackage "Marks a package of interfaces"
  end InterfacesPackage;

  partial package SourcesPackage "Marks a package of sources"
  end SourcesPackage;

  partial package SensorsPackage "Marks a package of sensors"
  end SensorsPackage;

  partial package UtilitiesPackage "Marks a package of utilities"
  end UtilitiesPackage;

  partial package TypesPackage "Marks a package of type definitions"
  end TypesPackage;

  partial package FunctionsPackage "Marks a package of functions"
  end FunctionsPackage;

  partial package IconsPackage "Marks a package of icons"
  end IconsPackage;

  partial package InternalPackage "Marks a package of internal definitions"
  end InternalPackage;

  partial package MaterialPropertiesPackage "Marks a package of material properties"
  end MaterialPropertiesPackage;

  partial package RecordsPackage "Marks a package of records"
  end RecordsPackage;

  partial class MaterialProperty "Marks a material property class"
  end MaterialProperty;

  partial class RoundSensor "Marks a round measurement device"
  end RoundSensor;

  partial class RectangularSensor "Marks a rectangular measurement device"
  end RectangularSensor;

  partial function Function "Marks a function"
  end Function;

  partial record Record "Marks a record"
  end Record;

  type TypeReal = Real "Marks a Real type";

  type TypeInteger = Integer "Marks an Integer type";

  type TypeBoolean = Boolean "Marks a Boolean type";

  type TypeString = String "Marks a String type";

  partial class UnderConstruction "Marks a class that is not finished"
  end UnderConstruction;

  partial class ObsoleteModel "Marks an obsolete class"
  end ObsoleteModel;
end Icons;
