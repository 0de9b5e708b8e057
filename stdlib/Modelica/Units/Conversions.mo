within Modelica.Units;
package Conversions "Conversions between SI and other units (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
  import Modelica.Units.NonSI;

  function to_unit1 "Return its argument with unit \"1\""
    extends Modelica.Icons.Function;
    input Real r "Any Real number";
    output Real result(unit = "1") "The same number with unit \"1\"";
  algorithm
    result := r;
    annotation(Inline = true);
  end to_unit1;

  function to_degC "Convert from kelvin to degree Celsius"
    extends Modelica.Icons.Function;
    input SI.Temperature Kelvin;
    output NonSI.Temperature_degC Celsius;
  algorithm
    Celsius := Kelvin + Modelica.Constants.T_zero;
    annotation(Inline = true);
  end to_degC;

  function from_degC "Convert from degree Celsius to kelvin"
    extends Modelica.Icons.Function;
    input NonSI.Temperature_degC Celsius;
    output SI.Temperature Kelvin;
  algorithm
    Kelvin := Celsius - Modelica.Constants.T_zero;
    annotation(Inline = true);
  end from_degC;

  function to_degF "Convert from kelvin to degree Fahrenheit"
    extends Modelica.Icons.Function;
    input SI.Temperature Kelvin;
    output NonSI.Temperature_degF Fahrenheit;
  algorithm
    Fahrenheit := (Kelvin + Modelica.Constants.T_zero) * 1.8 + 32;
    annotation(Inline = true);
  end to_degF;

  function from_degF "Convert from degree Fahrenheit to kelvin"
    extends Modelica.Icons.Function;
    input NonSI.Temperature_degF Fahrenheit;
    output SI.Temperature Kelvin;
  algorithm
    Kelvin := (Fahrenheit - 32) / 1.8 - Modelica.Constants.T_zero;
    annotation(Inline = true);
  end from_degF;

  function to_degRk "Convert from kelvin to degree Rankine"
    extends Modelica.Icons.Function;
    input SI.Temperature Kelvin;
    output NonSI.Temperature_degRk Rankine;
  algorithm
    Rankine := 1.8 * Kelvin;
    annotation(Inline = true);
  end to_degRk;

  function from_degRk "Convert from degree Rankine to kelvin"
    extends Modelica.Icons.Function;
    input NonSI.Temperature_degRk Rankine;
    output SI.Temperature Kelvin;
  algorithm
    Kelvin := Rankine / 1.8;
    annotation(Inline = true);
  end from_degRk;

  function to_deg "Convert from radian to degree"
    extends Modelica.Icons.Function;
    input SI.Angle radian;
    output NonSI.Angle_deg degree;
  algorithm
    degree := radian * (180 / Modelica.Constants.pi);
    annotation(Inline = true);
  end to_deg;

  function from_deg "Convert from degree to radian"
    extends Modelica.Icons.Function;
    input NonSI.Angle_deg degree;
    output SI.Angle radian;
  algorithm
    radian := degree * (Modelica.Constants.pi / 180);
    annotation(Inline = true);
  end from_deg;

  function to_rpm "Convert from radian per second to revolutions per minute"
    extends Modelica.Icons.Function;
    input SI.AngularVelocity rs;
    output NonSI.AngularVelocity_rpm rpm;
  algorithm
    rpm := rs * (30 / Modelica.Constants.pi);
    annotation(Inline = true);
  end to_rpm;

  function from_rpm "Convert from revolutions per minute to radian per second"
    extends Modelica.Icons.Function;
    input NonSI.AngularVelocity_rpm rpm;
    output SI.AngularVelocity rs;
  algorithm
    rs := rpm * (Modelica.Constants.pi / 30);
    annotation(Inline = true);
  end from_rpm;

  function to_kmh "Convert from metre per second to kilometre per hour"
    extends Modelica.Icons.Function;
    input SI.Velocity ms;
    output NonSI.Velocity_kmh kmh;
  algorithm
    kmh := 3.6 * ms;
    annotation(Inline = true);
  end to_kmh;

  function from_kmh "Convert from kilometre per hour to metre per second"
    extends Modelica.Icons.Function;
    input NonSI.Velocity_kmh kmh;
    output SI.Velocity ms;
  algorithm
    ms := kmh / 3.6;
    annotation(Inline = true);
  end from_kmh;

  function to_day "Convert from second to day"
    extends Modelica.Icons.Function;
    input SI.Time s;
    output NonSI.Time_day day;
  algorithm
    day := s / 86400;
    annotation(Inline = true);
  end to_day;

  function from_day "Convert from day to second"
    extends Modelica.Icons.Function;
    input NonSI.Time_day day;
    output SI.Time s;
  algorithm
    s := 86400 * day;
    annotation(Inline = true);
  end from_day;

  function to_hour "Convert from second to hour"
    extends Modelica.Icons.Function;
    input SI.Time s;
    output NonSI.Time_hour hour;
  algorithm
    hour := s / 3600;
    annotation(Inline = true);
  end to_hour;

  function from_hour "Convert from hour to second"
    extends Modelica.Icons.Function;
    input NonSI.Time_hour hour;
    output SI.Time s;
  algorithm
    s := 3600 * hour;
    annotation(Inline = true);
  end from_hour;

  function to_minute "Convert from second to minute"
    extends Modelica.Icons.Function;
    input SI.Time s;
    output NonSI.Time_minute minute;
  algorithm
    minute := s / 60;
    annotation(Inline = true);
  end to_minute;

  function from_minute "Convert from minute to second"
    extends Modelica.Icons.Function;
    input NonSI.Time_minute minute;
    output SI.Time s;
  algorithm
    s := 60 * minute;
    annotation(Inline = true);
  end from_minute;

  function to_litre "Convert from cubic metre to litre"
    extends Modelica.Icons.Function;
    input SI.Volume m3;
    output NonSI.Volume_litre litre;
  algorithm
    litre := 1000 * m3;
    annotation(Inline = true);
  end to_litre;

  function from_litre "Convert from litre to cubic metre"
    extends Modelica.Icons.Function;
    input NonSI.Volume_litre litre;
    output SI.Volume m3;
  algorithm
    m3 := litre / 1000;
    annotation(Inline = true);
  end from_litre;

  function to_Ah "Convert from coulomb to ampere hour"
    extends Modelica.Icons.Function;
    input SI.ElectricCharge Coulomb;
    output NonSI.ElectricCharge_Ah AmpereHour;
  algorithm
    AmpereHour := Coulomb / 3600;
    annotation(Inline = true);
  end to_Ah;

  function from_Ah "Convert from ampere hour to coulomb"
    extends Modelica.Icons.Function;
    input NonSI.ElectricCharge_Ah AmpereHour;
    output SI.ElectricCharge Coulomb;
  algorithm
    Coulomb := 3600 * AmpereHour;
    annotation(Inline = true);
  end from_Ah;

  function to_Wh "Convert from joule to watt hour"
    extends Modelica.Icons.Function;
    input SI.Energy Joule;
    output NonSI.Energy_Wh WattHour;
  algorithm
    WattHour := Joule / 3600;
    annotation(Inline = true);
  end to_Wh;

  function from_Wh "Convert from watt hour to joule"
    extends Modelica.Icons.Function;
    input NonSI.Energy_Wh WattHour;
    output SI.Energy Joule;
  algorithm
    Joule := 3600 * WattHour;
    annotation(Inline = true);
  end from_Wh;

  function to_kWh "Convert from joule to kilowatt hour"
    extends Modelica.Icons.Function;
    input SI.Energy J;
    output NonSI.Energy_kWh kWh;
  algorithm
    kWh := J / 3.6e6;
    annotation(Inline = true);
  end to_kWh;

  function from_kWh "Convert from kilowatt hour to joule"
    extends Modelica.Icons.Function;
    input NonSI.Energy_kWh kWh;
    output SI.Energy J;
  algorithm
    J := 3.6e6 * kWh;
    annotation(Inline = true);
  end from_kWh;

  function to_bar "Convert from pascal to bar"
    extends Modelica.Icons.Function;
    input SI.Pressure Pa;
    output NonSI.Pressure_bar bar;
  algorithm
    bar := Pa / 1e5;
    annotation(Inline = true);
  end to_bar;

  function from_bar "Convert from bar to pascal"
    extends Modelica.Icons.Function;
    input NonSI.Pressure_bar bar;
    output SI.Pressure Pa;
  algorithm
    Pa := 1e5 * bar;
    annotation(Inline = true);
  end from_bar;

  function to_gps "Convert from kilogram per second to gram per second"
    extends Modelica.Icons.Function;
    input SI.MassFlowRate kgps;
    output NonSI.MassFlowRate_gps gps;
  algorithm
    gps := 1000 * kgps;
    annotation(Inline = true);
  end to_gps;

  function from_gps "Convert from gram per second to kilogram per second"
    extends Modelica.Icons.Function;
    input NonSI.MassFlowRate_gps gps;
    output SI.MassFlowRate kgps;
  algorithm
    kgps := gps / 1000;
    annotation(Inline = true);
  end from_gps;

  function to_Hz "Convert from angular velocity to frequency"
    extends Modelica.Icons.Function;
    input SI.AngularVelocity w;
    output SI.Frequency f;
  algorithm
    f := w / (2 * Modelica.Constants.pi);
    annotation(Inline = true);
  end to_Hz;

  function from_Hz "Convert from frequency to angular velocity"
    extends Modelica.Icons.Function;
    input SI.Frequency f;
    output SI.AngularVelocity w;
  algorithm
    w := 2 * Modelica.Constants.pi * f;
    annotation(Inline = true);
  end from_Hz;

  function to_cm2 "Convert from square metre to square centimetre"
    extends Modelica.Icons.Function;
    input SI.Area m2;
    output NonSI.Area_cm cm2;
  algorithm
    cm2 := 10000 * m2;
    annotation(Inline = true);
  end to_cm2;

  function from_cm2 "Convert from square centimetre to square metre"
    extends Modelica.Icons.Function;
    input NonSI.Area_cm cm2;
    output SI.Area m2;
  algorithm
    m2 := cm2 / 10000;
    annotation(Inline = true);
  end from_cm2;

end Conversions;
