within Modelica.Blocks;
package Icons "Empty base classes for blocks (mocc's own implementation of the MSL interface)"
  partial block Block "Marks an input/output block"
  end Block;

  partial block BooleanBlock "Marks a Boolean block"
  end BooleanBlock;

  partial block DiscreteBlock "Marks a discrete block"
  end DiscreteBlock;

  partial block IntegerBlock "Marks an Integer block"
  end IntegerBlock;

  partial block PartialBooleanBlock "Marks a logical block"
  end PartialBooleanBlock;
end Icons;
