"""Magic (RB p.11-18): the witch-master's spells, their lasting effects and areas, zombies."""
