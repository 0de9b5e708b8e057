grammar Modelica;
stored_definition : EOF ;
