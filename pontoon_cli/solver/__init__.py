"""The exact strategy calculations of `pontoon strategy`: the best play and the edge it implies."""
